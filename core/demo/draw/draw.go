// Package draw draws the samples of the demo's runs (demo.Data): the
// synthetic subspaces, class-by-class draws of the built-in data sets and
// of uploads, prepared as the paper prepares its data. The solver worker
// draws with it, and so does the command line's preset search, so that
// both see the same samples.
package draw

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
)

func inputf(format string, args ...any) error {
	return &demo.Error{Reason: fmt.Sprintf(format, args...)}
}

func limit(err error) error { return &demo.Error{Reason: err.Error(), Limit: true} }

// Samples returns the samples d describes: the synthetic subspaces, a class-
// by-class draw from a built-in set (its file from fetch), or the upload f
// (drawn down the same way when it has labels and d asks for classes).
// Real samples are then scaled to unit l2 norm, as the paper's Algorithm 2
// (step 1) does, and only then get the noise and corruption d asks for
// (none by default). Data over the browser's limits are refused. Errors
// are *demo.Error.
func Samples(d demo.Data, f demo.File, fetch func(name string) ([]byte, error)) (*dataset.Set, error) {
	var set *dataset.Set
	var err error
	switch d.Dataset {
	case demo.Synthetic:
		set, err = synthetic(d)
	case demo.Upload:
		set, err = upload(f)
		if err == nil {
			set, err = drawUpload(set, f.Name, d)
		}
	default:
		var full *dataset.Set
		full, err = builtin(d, fetch)
		if err == nil {
			return From(full, d)
		}
	}
	if err != nil {
		return nil, err
	}
	return prepare(set, d)
}

// From returns the samples d draws from full, the site's subset of the
// built-in data set d.Dataset (Site): the draw of Samples, with the file
// at hand.
func From(full *dataset.Set, d demo.Data) (*dataset.Set, error) {
	set, err := drawClasses(full, d, "the "+d.Dataset+" data")
	if err != nil {
		return nil, err
	}
	return prepare(set, d)
}

// prepare scales real samples to unit norm and adds the noise and
// corruption d asks for, then checks the browser's limits.
func prepare(set *dataset.Set, d demo.Data) (*dataset.Set, error) {
	if d.Dataset != demo.Synthetic {
		set.NormalizeUnit()
		if err := perturb(set, d); err != nil {
			return nil, err
		}
	}
	dim, n := set.X.Dims()
	if err := demo.CheckSize(dim, n); err != nil {
		return nil, limit(err)
	}
	return set, nil
}

func synthetic(d demo.Data) (*dataset.Set, error) {
	// Refuse sizes over the cap before drawing anything.
	if err := tooMany(d); err != nil {
		return nil, err
	}
	set, err := dataset.Synthetic(dataset.SyntheticParams{
		Classes: d.Classes, PerClass: d.PerClass, Dim: demo.SyntheticDim, Ambient: demo.SyntheticD,
		Noise: d.Noise, Corrupt: d.Corrupt / 100,
	}, rand.New(rand.NewPCG(d.Seed, demo.DataStream)))
	if err != nil {
		return nil, inputf("%s", reason(err))
	}
	return set, nil
}

// tooMany refuses Classes × PerClass samples over demo.MaxSamples, before
// anything is drawn.
func tooMany(d demo.Data) error {
	if d.Classes > 0 && d.PerClass > demo.MaxSamples/d.Classes {
		return limit(demo.CheckSize(1, d.Classes*d.PerClass))
	}
	return nil
}

// builtin reads the site's subset of a built-in set.
func builtin(d demo.Data, fetch func(name string) ([]byte, error)) (*dataset.Set, error) {
	if fetch == nil || strings.ContainsAny(d.Dataset, "/\\.") || d.Dataset == "" {
		return nil, inputf("no built-in data set %q", d.Dataset)
	}
	if err := tooMany(d); err != nil {
		return nil, err
	}
	b, err := fetch(d.Dataset)
	if err != nil {
		return nil, inputf("the %s data could not be loaded: %v", d.Dataset, err)
	}
	full, err := dataset.LoadMAT(bytes.NewReader(b))
	if err != nil {
		return nil, inputf("%s", reason(err))
	}
	full.Name = d.Dataset
	return full, nil
}

// drawClasses returns PerClass samples drawn at random from each of the
// first Classes classes of the labeled set full, class by class, as the
// paper's protocol draws its subsets (Section V)
// (dataset.Set.Subset), from the seed's data stream; what names full in
// errors.
func drawClasses(full *dataset.Set, d demo.Data, what string) (*dataset.Set, error) {
	classes := full.Classes()
	if d.Classes < 1 || d.Classes > len(classes) {
		return nil, inputf("%s have %d classes; asked for %d", what, len(classes), d.Classes)
	}
	set, err := full.Subset(classes[:d.Classes], d.PerClass, rand.New(rand.NewPCG(d.Seed, demo.DataStream)))
	if err != nil {
		return nil, inputf("%s", reason(err))
	}
	return set, nil
}

// drawUpload draws an upload down as builtin draws a built-in set when the
// file has labels and d asks for Classes > 0 classes of PerClass > 0
// samples; otherwise every sample is kept, and a file over the size limit
// is refused in words that say whether it could be drawn down.
func drawUpload(set *dataset.Set, name string, d demo.Data) (*dataset.Set, error) {
	_, n := set.X.Dims()
	if set.Labels != nil && d.Classes > 0 && d.PerClass > 0 {
		if err := tooMany(d); err != nil {
			return nil, err
		}
		sub, err := drawClasses(set, d, describe(name))
		if err != nil {
			return nil, err
		}
		sub.Name = set.Name
		return sub, nil
	}
	if n <= demo.MaxSamples {
		return set, nil
	}
	if set.Labels == nil {
		return nil, &demo.Error{Limit: true, Reason: fmt.Sprintf("%s holds %d samples, more than the browser demo handles (at most %d); it has no labels, and only a labeled file (a MAT-file with gnd, or a CSV with a label column) can be drawn down to fewer samples: cut the file, or use the command line (go run ./tools/nnlrs graph)",
			describe(name), n, demo.MaxSamples)}
	}
	return nil, &demo.Error{Limit: true, Reason: fmt.Sprintf("%s holds %d samples in %d classes, more than the browser demo handles (at most %d): choose how many classes and samples per class to draw from it, or use the command line (go run ./tools/nnlrs graph)",
		describe(name), n, len(set.Classes()), demo.MaxSamples)}
}

// upload reads a user's file: a MAT-file (fea, gnd) when it starts as one,
// CSV (one sample per row, labels in a column named by an optional header:
// dataset.LoadCSV) otherwise. Labeled samples are put in class order, so
// that the weight matrices show their blocks. The size limit is drawUpload's
// to check.
func upload(f demo.File) (*dataset.Set, error) {
	name, file := f.Name, f.Bytes
	if len(file) == 0 {
		return nil, inputf("%s is empty", describe(name))
	}
	var set *dataset.Set
	var err error
	if bytes.HasPrefix(file, []byte("MATLAB")) {
		set, err = dataset.LoadMAT(bytes.NewReader(file))
	} else {
		if bytes.IndexByte(file[:min(len(file), 4096)], 0) >= 0 {
			return nil, inputf("%s is neither a MAT-file nor CSV text", describe(name))
		}
		set, err = dataset.LoadCSV(bytes.NewReader(file))
	}
	if err != nil {
		return nil, inputf("%s: %s", describe(name), reason(err))
	}
	set.Name = name
	d, n := set.X.Dims()
	if n < demo.MinSamples {
		return nil, inputf("%s holds %s; the graphs need at least %d", describe(name), plural(n, "sample"), demo.MinSamples)
	}
	for j := 0; j < n; j++ {
		if mat.Norm(set.X.ColView(j), math.Inf(1)) == 0 {
			return nil, inputf("%s: sample %d is all zeros, which no graph can represent: remove it", describe(name), j+1)
		}
	}
	if set.Labels != nil {
		for i, l := range set.Labels {
			if l < 0 {
				return nil, inputf("%s: label %d of sample %d is negative; labels must be 0 or more", describe(name), l, i+1)
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

// reason returns the sentence of a dataset error without the package's
// name, or err's text.
func reason(err error) string {
	var de *dataset.Error
	if errors.As(err, &de) {
		return de.Reason
	}
	return err.Error()
}

func describe(name string) string {
	if name == "" {
		return "the file"
	}
	return name
}

// plural says n things: "1 sample", "3 samples".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// perturb adds to real data (scaled to unit norm) the noise and the gross
// corruption of the synthetic model (dataset.SyntheticParams), scaled to
// each sample's norm: dense noise of norm about Noise·||x_j||, and for
// round(Corrupt% · n) samples a Gaussian vector as large as the sample.
func perturb(set *dataset.Set, d demo.Data) error {
	if !(d.Noise >= 0) || math.IsInf(d.Noise, 0) {
		return inputf("noise must be a finite number >= 0, have %v", d.Noise)
	}
	if !(d.Corrupt >= 0 && d.Corrupt < 100) {
		return inputf("the corrupted percentage must be in [0, 100), have %v", d.Corrupt)
	}
	dim, n := set.X.Dims()
	m := int(math.Round(d.Corrupt / 100 * float64(n)))
	if d.Noise == 0 && m == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(d.Seed, demo.PerturbStream))
	scale := 1 / math.Sqrt(float64(dim))
	for j := 0; j < n; j++ {
		col := set.X.ColView(j).(*mat.VecDense)
		norm := mat.Norm(col, 2)
		for i := 0; i < dim; i++ {
			col.SetVec(i, col.AtVec(i)+d.Noise*norm*scale*rng.NormFloat64())
		}
	}
	set.Corrupted = make([]bool, n)
	for _, j := range rng.Perm(n)[:m] {
		col := set.X.ColView(j).(*mat.VecDense)
		norm := mat.Norm(col, 2)
		for i := 0; i < dim; i++ {
			col.SetVec(i, col.AtVec(i)+norm*scale*rng.NormFloat64())
		}
		set.Corrupted[j] = true
	}
	return nil
}

// Site reads b.File from dir and draws the samples of b the site carries:
// a fixed draw, so that every build of the site carries the same samples.
func Site(b demo.Builtin, dir string) (*dataset.Set, error) {
	full, err := dataset.Load(filepath.Join(dir, b.File))
	if err != nil {
		return nil, err
	}
	set, err := full.Subset(b.Labels, b.PerClass, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", b.File, err)
	}
	set.Name = b.Name
	return set, nil
}
