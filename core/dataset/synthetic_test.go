package dataset

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// singularValues returns the singular values of m, largest first.
func singularValues(t *testing.T, m mat.Matrix) []float64 {
	t.Helper()
	var svd mat.SVD
	if !svd.Factorize(m, mat.SVDNone) {
		t.Fatal("SVD failed")
	}
	return svd.Values(nil)
}

// rankTol is the relative size below which a singular value counts as zero:
// the data are sums of a few products of order-one numbers, exact to a few
// ulps, so zero singular values come out around 1e-16 of the largest.
const rankTol = 1e-10

func TestSyntheticDefault(t *testing.T) {
	p := DefaultSynthetic()
	s, err := Synthetic(p, newRand())
	if err != nil {
		t.Fatal(err)
	}
	n := p.Classes * p.PerClass
	if d, m := s.X.Dims(); d != p.Ambient || m != n || n != 100 {
		t.Fatalf("X is %dx%d, want %dx100", d, m, p.Ambient)
	}
	for j, l := range s.Labels {
		if want := 1 + j/p.PerClass; l != want {
			t.Fatalf("label %d is %d, want %d", j, l, want)
		}
	}
	if got := s.Classes(); !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Errorf("classes %v", got)
	}
	if got := countTrue(s.Corrupted); got != 10 {
		t.Errorf("%d corrupted samples, want 10", got)
	}
	if s.Name != "synthetic" || s.ImageW != 0 {
		t.Errorf("name %q, image width %d", s.Name, s.ImageW)
	}
	// The same seed gives the same data, another seed other data.
	again, _ := Synthetic(p, newRand())
	if !mat.Equal(s.X, again.X) || !slices.Equal(s.Corrupted, again.Corrupted) {
		t.Error("same seed, different data")
	}
	other, _ := Synthetic(p, rand.New(rand.NewPCG(2, 2)))
	if mat.EqualApprox(s.X, other.X, 0.1) {
		t.Error("different seeds, same data")
	}
}

func countTrue(b []bool) int {
	k := 0
	for _, v := range b {
		if v {
			k++
		}
	}
	return k
}

// TestSyntheticSubspaces checks the model without noise: each class spans
// exactly Dim dimensions, and the classes together Classes·Dim (they are
// independent), including the tight case Classes·Dim = Ambient.
func TestSyntheticSubspaces(t *testing.T) {
	for _, p := range []SyntheticParams{
		{Classes: 3, PerClass: 12, Dim: 4, Ambient: 20},
		{Classes: 4, PerClass: 6, Dim: 5, Ambient: 20},
		{Classes: 2, PerClass: 3, Dim: 1, Ambient: 2},
		{Classes: 1, PerClass: 10, Dim: 7, Ambient: 30},
	} {
		s, err := Synthetic(p, newRand())
		if err != nil {
			t.Fatal(err)
		}
		checkUnit(t, s)
		if countTrue(s.Corrupted) != 0 || len(s.Corrupted) != p.Classes*p.PerClass {
			t.Errorf("%+v: corruption flags %v", p, s.Corrupted)
		}
		for k := 0; k < p.Classes; k++ {
			block := s.X.Slice(0, p.Ambient, k*p.PerClass, (k+1)*p.PerClass)
			sv := singularValues(t, block)
			if r := rank(sv); r != min(p.Dim, p.PerClass) {
				t.Errorf("%+v: class %d has rank %d, want %d; singular values %v", p, k+1, r, min(p.Dim, p.PerClass), sv)
			}
		}
		if r, want := rank(singularValues(t, s.X)), p.Classes*min(p.Dim, p.PerClass); r != want {
			t.Errorf("%+v: X has rank %d, want %d", p, r, want)
		}
	}
}

// rank counts the singular values above rankTol times the largest.
func rank(sv []float64) int {
	r := 0
	for _, v := range sv {
		if v > rankTol*sv[0] {
			r++
		}
	}
	return r
}

// TestSyntheticNoiseAndCorruption checks the size of the noise and that
// exactly the flagged samples leave their subspace.
func TestSyntheticNoiseAndCorruption(t *testing.T) {
	clean := SyntheticParams{Classes: 3, PerClass: 40, Dim: 3, Ambient: 60}
	x0, err := Synthetic(clean, newRand())
	if err != nil {
		t.Fatal(err)
	}

	// The noise is drawn after the clean samples, so the same seed gives
	// the same clean part and the difference is the noise itself.
	noisy := clean
	noisy.Noise = 0.1
	x1, err := Synthetic(noisy, newRand())
	if err != nil {
		t.Fatal(err)
	}
	var diff mat.Dense
	diff.Sub(x1.X, x0.X)
	// ||noise||² of the 120 samples is 0.01 · (a χ² with 7200 degrees of
	// freedom)/60: mean 1.2, relative standard deviation 1.7%; allow 10%.
	if ss := math.Pow(mat.Norm(&diff, 2), 2); math.Abs(ss-1.2) > 0.12 {
		t.Errorf("squared noise norm %v, want about 1.2", ss)
	}

	corrupt := clean
	corrupt.Corrupt = 0.25
	s, err := Synthetic(corrupt, newRand())
	if err != nil {
		t.Fatal(err)
	}
	if got := countTrue(s.Corrupted); got != 30 {
		t.Fatalf("%d corrupted samples, want 30", got)
	}
	for k := 0; k < clean.Classes; k++ {
		// The subspace of class k, from its clean samples.
		var cols []int
		for j := k * clean.PerClass; j < (k+1)*clean.PerClass; j++ {
			if !s.Corrupted[j] {
				cols = append(cols, j)
			}
		}
		c := mat.NewDense(clean.Ambient, len(cols), nil)
		for i, j := range cols {
			c.ColView(i).(*mat.VecDense).CopyVec(s.X.ColView(j))
		}
		var svd mat.SVD
		if !svd.Factorize(c, mat.SVDThinU) {
			t.Fatal("SVD failed")
		}
		var u mat.Dense
		svd.UTo(&u)
		u2 := u.Slice(0, clean.Ambient, 0, clean.Dim)
		for j := k * clean.PerClass; j < (k+1)*clean.PerClass; j++ {
			// The distance of sample j from the subspace.
			x := s.X.ColView(j)
			var proj, res mat.VecDense
			proj.MulVec(u2.T(), x)
			res.MulVec(u2, &proj)
			res.SubVec(x, &res)
			dist := mat.Norm(&res, 2)
			// A corruption of norm about 1 in R^60 lies mostly
			// (57 of 60 dimensions) outside the subspace.
			if s.Corrupted[j] && dist < 0.5 || !s.Corrupted[j] && dist > 1e-12 {
				t.Errorf("sample %d (corrupted %t) at distance %v from its subspace", j, s.Corrupted[j], dist)
			}
		}
	}
}

func TestSyntheticErrors(t *testing.T) {
	ok := SyntheticParams{Classes: 2, PerClass: 3, Dim: 2, Ambient: 4}
	for _, test := range []struct {
		name string
		edit func(*SyntheticParams)
		want string
	}{
		{"classes", func(p *SyntheticParams) { p.Classes = 0 }, "dataset: synthetic Classes must be at least 1, have 0"},
		{"per class", func(p *SyntheticParams) { p.PerClass = -1 }, "dataset: synthetic PerClass must be at least 1, have -1"},
		{"dim", func(p *SyntheticParams) { p.Dim = 0 }, "dataset: synthetic Dim must be at least 1, have 0"},
		{"ambient", func(p *SyntheticParams) { p.Ambient = 0 }, "dataset: synthetic Ambient must be at least 1, have 0"},
		{"dependent", func(p *SyntheticParams) { p.Ambient = 3 }, "dataset: 2 subspaces of dimension 2 cannot be independent in R^3: need Classes·Dim <= Ambient"},
		{"huge dim", func(p *SyntheticParams) { p.Dim = math.MaxInt }, "dataset: 2 subspaces of dimension 9223372036854775807 cannot be independent in R^4: need Classes·Dim <= Ambient"},
		{"too big", func(p *SyntheticParams) { p.PerClass = 1 << 40 }, "dataset: synthetic data of 2199023255552 samples of dimension 4 exceed the limit of 134217728 values"},
		{"too big 2", func(p *SyntheticParams) { p.PerClass, p.Ambient = 1<<13, 1<<14 }, "dataset: synthetic data of 16384 samples of dimension 16384 exceed the limit of 134217728 values"},
		{"noise", func(p *SyntheticParams) { p.Noise = -0.1 }, "dataset: synthetic Noise must be a finite number >= 0, have -0.1"},
		{"noise NaN", func(p *SyntheticParams) { p.Noise = math.NaN() }, "dataset: synthetic Noise must be a finite number >= 0, have NaN"},
		{"noise Inf", func(p *SyntheticParams) { p.Noise = math.Inf(1) }, "dataset: synthetic Noise must be a finite number >= 0, have +Inf"},
		{"corrupt", func(p *SyntheticParams) { p.Corrupt = 1 }, "dataset: synthetic Corrupt must be in [0, 1), have 1"},
		{"corrupt negative", func(p *SyntheticParams) { p.Corrupt = -0.5 }, "dataset: synthetic Corrupt must be in [0, 1), have -0.5"},
		{"corrupt NaN", func(p *SyntheticParams) { p.Corrupt = math.NaN() }, "dataset: synthetic Corrupt must be in [0, 1), have NaN"},
	} {
		p := ok
		test.edit(&p)
		_, err := Synthetic(p, newRand())
		if err == nil || err.Error() != test.want {
			t.Errorf("%s: got error\n\t%v, want\n\t%s", test.name, err, test.want)
		}
	}
}
