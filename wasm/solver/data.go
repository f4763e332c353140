package main

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/propagate"
	"nnlrs/wasm/protocol"
)

// Synthetic data: subspaces of dimension 4 in R^50, as
// dataset.DefaultSynthetic.
const syntheticDim, syntheticAmbient = 4, 50

// minSamples is the fewest samples of an upload: the kNN graph needs more
// than its 5 neighbours, and a handful more make a graph worth seeing.
const minSamples = 10

// inputError marks errors about the data, which the page shows as such.
type inputError struct{ error }

// limitError marks a problem refused as too large.
type limitError struct{ error }

func (e inputError) Unwrap() error { return e.error }
func (e limitError) Unwrap() error { return e.error }

// fetcher returns the bytes of a built-in data set's file.
type fetcher func(name string) ([]byte, error)

// problem is the data of a job: the samples, their labels and the labels
// given to the propagation.
type problem struct {
	set   *dataset.Set
	given []int // nil when set has no labels
}

// prepare draws the data a spec describes: the synthetic subspaces, a
// class-by-class draw from a built-in set, or an upload (drawn down the same
// way when it has labels and the spec asks for classes). Real samples are
// then scaled to unit l2 norm, as the command line and the paper's
// Algorithm 2 (step 1) do, and only then get the noise and corruption the
// spec asks for explicitly (none by default). Then come the size check and
// the labels.
func prepare(s protocol.Spec, fileName string, file []byte, fetch fetcher) (*problem, error) {
	if !(s.Labeled > 0 && s.Labeled < 1) {
		return nil, inputError{fmt.Errorf("the labeled fraction must be in (0, 1), have %v", s.Labeled)}
	}
	var set *dataset.Set
	var err error
	switch s.Dataset {
	case protocol.Synthetic:
		set, err = synthetic(s)
	case protocol.Upload:
		set, err = upload(fileName, file)
		if err == nil {
			set, err = drawUpload(set, fileName, s)
		}
	default:
		set, err = builtin(s, fetch)
	}
	if err == nil && s.Dataset != protocol.Synthetic {
		set.NormalizeUnit()
		err = perturb(set, s)
	}
	if err != nil {
		return nil, err
	}
	d, n := set.X.Dims()
	if err := protocol.CheckSize(d, n); err != nil {
		return nil, limitError{err}
	}
	p := &problem{set: set}
	if set.Labels != nil {
		p.given = propagate.DrawLabeled(set.Labels, s.Labeled, rand.New(rand.NewPCG(s.LabelsSeed(), protocol.LabelStream)))
	}
	return p, nil
}

func synthetic(s protocol.Spec) (*dataset.Set, error) {
	// Refuse sizes over the cap before drawing anything.
	if err := tooMany(s); err != nil {
		return nil, err
	}
	set, err := dataset.Synthetic(dataset.SyntheticParams{
		Classes: s.Classes, PerClass: s.PerClass, Dim: syntheticDim, Ambient: syntheticAmbient,
		Noise: s.Noise, Corrupt: s.Corrupt,
	}, rand.New(rand.NewPCG(s.Seed, protocol.DataStream)))
	if err != nil {
		return nil, inputError{err}
	}
	return set, nil
}

// tooMany refuses a spec whose Classes × PerClass samples exceed
// protocol.MaxSamples, before anything is drawn.
func tooMany(s protocol.Spec) error {
	if s.Classes > 0 && s.PerClass > protocol.MaxSamples/s.Classes {
		return limitError{protocol.CheckSize(1, s.Classes*s.PerClass)}
	}
	return nil
}

// builtin draws PerClass samples of each of the first Classes classes of a
// built-in set, as the paper's protocol draws its subsets (Section V).
func builtin(s protocol.Spec, fetch fetcher) (*dataset.Set, error) {
	if fetch == nil || strings.ContainsAny(s.Dataset, "/\\.") || s.Dataset == "" {
		return nil, inputError{fmt.Errorf("no built-in data set %q", s.Dataset)}
	}
	if err := tooMany(s); err != nil {
		return nil, err
	}
	b, err := fetch(s.Dataset)
	if err != nil {
		return nil, inputError{fmt.Errorf("the %s data could not be loaded: %v", s.Dataset, err)}
	}
	full, err := dataset.LoadMAT(bytes.NewReader(b))
	if err != nil {
		return nil, inputError{err}
	}
	full.Name = s.Dataset
	return draw(full, s, "the "+s.Dataset+" data")
}

// draw returns PerClass samples drawn at random from each of the first
// Classes classes of the labeled set full, class by class (Subset), from
// the seed's data stream; what names full in errors.
func draw(full *dataset.Set, s protocol.Spec, what string) (*dataset.Set, error) {
	classes := full.Classes()
	if s.Classes < 1 || s.Classes > len(classes) {
		return nil, inputError{fmt.Errorf("%s have %d classes; asked for %d", what, len(classes), s.Classes)}
	}
	set, err := full.Subset(classes[:s.Classes], s.PerClass, rand.New(rand.NewPCG(s.Seed, protocol.DataStream)))
	if err != nil {
		return nil, inputError{err}
	}
	return set, nil
}

// drawUpload draws an upload down as builtin draws a built-in set when the
// file has labels and the spec asks for Classes > 0 classes of PerClass > 0
// samples; otherwise every sample is kept, and a file over the size limit
// is refused in words that say whether it could be drawn down.
func drawUpload(set *dataset.Set, name string, s protocol.Spec) (*dataset.Set, error) {
	_, n := set.X.Dims()
	if set.Labels != nil && s.Classes > 0 && s.PerClass > 0 {
		if err := tooMany(s); err != nil {
			return nil, err
		}
		sub, err := draw(set, s, describe(name))
		if err != nil {
			return nil, err
		}
		sub.Name = set.Name
		return sub, nil
	}
	if n <= protocol.MaxSamples {
		return set, nil
	}
	if set.Labels == nil {
		return nil, limitError{fmt.Errorf("%s holds %d samples, more than the browser demo handles (at most %d); it has no labels, and only a labeled file (a MAT-file with gnd, or a CSV with a label column) can be drawn down to fewer samples: cut the file, or use the command line (go run ./tools/nnlrs graph)",
			describe(name), n, protocol.MaxSamples)}
	}
	return nil, limitError{fmt.Errorf("%s holds %d samples in %d classes, more than the browser demo handles (at most %d): choose how many classes and samples per class to draw from it, or use the command line (go run ./tools/nnlrs graph)",
		describe(name), n, len(set.Classes()), protocol.MaxSamples)}
}

// upload reads a user's file: a MAT-file (fea, gnd) when it starts as one,
// CSV (one sample per row, labels in a column named by an optional header:
// dataset.LoadCSV) otherwise. Labeled samples are put in class order, so
// that the weight matrices show their blocks. The size limit is drawUpload's
// to check.
func upload(name string, file []byte) (*dataset.Set, error) {
	if len(file) == 0 {
		return nil, inputError{fmt.Errorf("%s is empty", describe(name))}
	}
	var set *dataset.Set
	var err error
	if bytes.HasPrefix(file, []byte("MATLAB")) {
		set, err = dataset.LoadMAT(bytes.NewReader(file))
	} else {
		if bytes.IndexByte(file[:min(len(file), 4096)], 0) >= 0 {
			return nil, inputError{fmt.Errorf("%s is neither a MAT-file nor CSV text", describe(name))}
		}
		set, err = dataset.LoadCSV(bytes.NewReader(file))
	}
	if err != nil {
		return nil, inputError{fmt.Errorf("%s: %s", describe(name), message(err))}
	}
	set.Name = name
	d, n := set.X.Dims()
	if n < minSamples {
		return nil, inputError{fmt.Errorf("%s holds %d samples; the graphs need at least %d", describe(name), n, minSamples)}
	}
	if set.Labels != nil {
		for i, l := range set.Labels {
			if l < 0 {
				return nil, inputError{fmt.Errorf("%s: label %d of sample %d is negative; labels must be 0 or more", describe(name), l, i+1)}
			}
		}
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return set.Labels[a] - set.Labels[b] })
		x := mat.NewDense(d, n, nil)
		labels := make([]int, n)
		for k, j := range idx {
			x.Slice(0, d, k, k+1).(*mat.Dense).Copy(set.X.Slice(0, d, j, j+1))
			labels[k] = set.Labels[j]
		}
		set.X, set.Labels = x, labels
	}
	return set, nil
}

func describe(name string) string {
	if name == "" {
		return "the file"
	}
	return name
}

// perturb adds to real data (scaled to unit norm) the noise and the gross
// corruption of the synthetic model (dataset.SyntheticParams), scaled to each sample's norm:
// dense noise of norm about Noise·||x_j||, and for round(Corrupt·n)
// samples a Gaussian vector as large as the sample.
func perturb(set *dataset.Set, s protocol.Spec) error {
	if !(s.Noise >= 0) || math.IsInf(s.Noise, 0) {
		return inputError{fmt.Errorf("noise must be a finite number >= 0, have %v", s.Noise)}
	}
	if !(s.Corrupt >= 0 && s.Corrupt < 1) {
		return inputError{fmt.Errorf("the corrupted fraction must be in [0, 1), have %v", s.Corrupt)}
	}
	d, n := set.X.Dims()
	m := int(math.Round(s.Corrupt * float64(n)))
	if s.Noise == 0 && m == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(s.Seed, protocol.PerturbStream))
	scale := 1 / math.Sqrt(float64(d))
	for j := 0; j < n; j++ {
		col := set.X.ColView(j).(*mat.VecDense)
		norm := mat.Norm(col, 2)
		for i := 0; i < d; i++ {
			col.SetVec(i, col.AtVec(i)+s.Noise*norm*scale*rng.NormFloat64())
		}
	}
	set.Corrupted = make([]bool, n)
	for _, j := range rng.Perm(n)[:m] {
		col := set.X.ColView(j).(*mat.VecDense)
		norm := mat.Norm(col, 2)
		for i := 0; i < d; i++ {
			col.SetVec(i, col.AtVec(i)+norm*scale*rng.NormFloat64())
		}
		set.Corrupted[j] = true
	}
	return nil
}

// code classifies an error for the page.
func code(err error) protocol.ErrorCode {
	var in inputError
	var lim limitError
	switch {
	case errors.As(err, &lim):
		return protocol.ErrLimit
	case errors.As(err, &in):
		return protocol.ErrInput
	}
	return protocol.ErrSolver
}
