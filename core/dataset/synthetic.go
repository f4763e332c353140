package dataset

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// maxValues bounds the size of synthetic data, n·Ambient values: 1 GiB.
const maxValues = 1 << 27

// SyntheticParams describe a union of independent linear subspaces, the
// data model of the paper (Zhuang et al., Section III-A), with noise and
// grossly corrupted samples (problem (4)).
type SyntheticParams struct {
	// Classes subspaces of dimension Dim in R^Ambient, with PerClass
	// samples each: n = Classes·PerClass samples of dimension Ambient.
	// Classes·Dim ≤ Ambient, so that the subspaces are independent.
	Classes, PerClass, Dim, Ambient int
	// Noise is the size of the dense Gaussian noise added to every
	// sample, relative to the unit-norm samples: each entry gets
	// N(0, Noise²/Ambient), so that the noise has norm about Noise.
	// Zero means no noise.
	Noise float64
	// Corrupt is the fraction, in [0, 1), of samples that are grossly
	// corrupted: round(Corrupt·n) samples, chosen at random, get an
	// added Gaussian vector as large as the sample itself (entries
	// N(0, 1/Ambient)), a sample-specific error of the kind the
	// l2,1-norm term ||E||_2,1 of problem (4) models.
	Corrupt float64
}

// DefaultSynthetic returns the built-in data of the demo: 4 subspaces of
// dimension 4 in R^50 with 25 samples each (n = 100, so that every graph of
// the paper builds in seconds in a browser), light noise (0.05) and 10% of
// the samples grossly corrupted, so that the robust error term matters.
func DefaultSynthetic() SyntheticParams {
	return SyntheticParams{Classes: 4, PerClass: 25, Dim: 4, Ambient: 50, Noise: 0.05, Corrupt: 0.1}
}

// Synthetic draws a data set from the union of independent subspaces that p
// describes, the model of the paper (Zhuang et al., Section III-A; the
// subspaces S_1, ..., S_k are independent when their sum is direct). For
// each class k = 1, ..., Classes it draws an orthonormal basis U_k of a
// random Dim-dimensional subspace (the span of an Ambient×Dim Gaussian
// matrix, orthonormalized by a thin SVD) and PerClass samples
//
//	x = U_k c / ||c||_2,   c ~ N(0, I_Dim),
//
// uniform on the unit sphere of the subspace. It then adds the noise and
// the gross corruptions described by SyntheticParams; Corrupted flags the
// corrupted samples. The samples come class by class, labelled 1 to
// Classes. The same rng state gives the same data.
//
// Synthetic returns an error if a size is below 1, Classes·Dim > Ambient,
// n·Ambient exceeds 2^27 values, Noise is negative or not finite, or
// Corrupt is outside [0, 1). It panics if rng is nil.
func Synthetic(p SyntheticParams, rng *rand.Rand) (*Set, error) {
	if rng == nil {
		panic("dataset: nil rng")
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	n := p.Classes * p.PerClass
	s := &Set{
		Name:      "synthetic",
		X:         mat.NewDense(p.Ambient, n, nil),
		Labels:    make([]int, n),
		Corrupted: make([]bool, n),
	}
	gauss := func(r, c int, scale float64) *mat.Dense {
		g := mat.NewDense(r, c, nil)
		raw := g.RawMatrix().Data
		for i := range raw {
			raw[i] = scale * rng.NormFloat64()
		}
		return g
	}
	var svd mat.SVD
	var u mat.Dense
	for k := 0; k < p.Classes; k++ {
		if !svd.Factorize(gauss(p.Ambient, p.Dim, 1), mat.SVDThinU) {
			return nil, errorf("SVD of a random basis failed to converge")
		}
		svd.UTo(&u)
		block := s.X.Slice(0, p.Ambient, k*p.PerClass, (k+1)*p.PerClass).(*mat.Dense)
		block.Mul(&u, gauss(p.Dim, p.PerClass, 1))
		for j := 0; j < p.PerClass; j++ {
			s.Labels[k*p.PerClass+j] = k + 1
		}
	}
	s.NormalizeUnit()
	if p.Noise > 0 {
		s.X.Add(s.X, gauss(p.Ambient, n, p.Noise/math.Sqrt(float64(p.Ambient))))
	}
	m := int(math.Round(p.Corrupt * float64(n)))
	for _, j := range rng.Perm(n)[:m] {
		col := s.X.ColView(j).(*mat.VecDense)
		col.AddVec(col, gauss(p.Ambient, 1, 1/math.Sqrt(float64(p.Ambient))).ColView(0))
		s.Corrupted[j] = true
	}
	return s, nil
}

// validate checks p, returning an error that names the bad field.
func (p SyntheticParams) validate() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"Classes", p.Classes}, {"PerClass", p.PerClass}, {"Dim", p.Dim}, {"Ambient", p.Ambient}} {
		if f.v < 1 {
			return errorf("synthetic %s must be at least 1, have %d", f.name, f.v)
		}
	}
	if p.Dim > p.Ambient/p.Classes {
		return errorf("%d subspaces of dimension %d cannot be independent in R^%d: need Classes·Dim <= Ambient",
			p.Classes, p.Dim, p.Ambient)
	}
	if p.PerClass > maxValues/p.Classes || p.Ambient > maxValues/(p.Classes*p.PerClass) {
		return errorf("synthetic data of %d samples of dimension %d exceed the limit of %d values",
			p.Classes*p.PerClass, p.Ambient, maxValues)
	}
	if !(p.Noise >= 0) || math.IsInf(p.Noise, 0) {
		return errorf("synthetic Noise must be a finite number >= 0, have %v", p.Noise)
	}
	if !(p.Corrupt >= 0 && p.Corrupt < 1) {
		return errorf("synthetic Corrupt must be in [0, 1), have %v", p.Corrupt)
	}
	return nil
}
