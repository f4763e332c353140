package eigen

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"
	"gonum.org/v1/gonum/mat"
)

// TestSterfTinyBlock checks the eigenvalues of tridiagonal matrices with a
// split block far below the scale of the rest (or of the whole matrix
// tiny or huge), on which gonum's Dsterf alone panics, against the QL/QR
// iteration with vectors (Dsteqr, whose scaling is right).
func TestSterfTinyBlock(t *testing.T) {
	for _, c := range []struct {
		name string
		d, e []float64
	}{
		{"tiny block", []float64{1, 2, 1e-130, 2e-130}, []float64{0.5, 0, 1e-130}},
		{"tiny matrix", []float64{3e-200, 1e-200, 2e-200}, []float64{1e-200, 1e-200}},
		{"huge matrix", []float64{3e200, 1e200, 2e200}, []float64{1e200, 1e200}},
		{"tiny block below rounding", []float64{1, 2, 1e-300, 2e-300, 4}, []float64{0.5, 0, 1e-300, 0}},
		{"zero", []float64{0, 0}, []float64{0}},
	} {
		n := len(c.d)
		d, e := slices.Clone(c.d), slices.Clone(c.e)
		if !sterf(n, d, e) {
			t.Errorf("%s: sterf failed", c.name)
			continue
		}
		want, we := slices.Clone(c.d), slices.Clone(c.e)
		z := make([]float64, n*n)
		for i := 0; i < n; i++ {
			z[i*n+i] = 1
		}
		if !(gonum.Implementation{}).Dsteqr(lapack.EVTridiag, n, want, we, z, n, make([]float64, max(1, 2*n-2))) {
			t.Fatalf("%s: Dsteqr failed", c.name)
		}
		slices.Sort(want)
		var scale float64
		for _, v := range want {
			scale = math.Max(scale, math.Abs(v))
		}
		for i := range want {
			// To 1e-14 relative, or within Weyl's bound for the
			// entries set to zero (at most 3 per row, each below
			// ssfmin‖T‖ ≈ 1.2e-122‖T‖).
			tol := math.Max(1e-14*math.Abs(want[i]), 4e-122*scale)
			if math.Abs(d[i]-want[i]) > tol {
				t.Errorf("%s: eigenvalue %d is %g, want %g", c.name, i, d[i], want[i])
			}
		}
	}
}

// TestSymTinyBlock factorizes diag(A, 1e-130·B), whose reduction splits
// into a block of the scale of A and one far below it, without and with
// vectors (the divide and conquer), and compares their eigenvalues.
func TestSymTinyBlock(t *testing.T) {
	a := mat.NewSymDense(5, []float64{
		2, 1, 0, 0, 0,
		1, 3, 0, 0, 0,
		0, 0, 1e-130, 2e-130, 0,
		0, 0, 2e-130, 1e-130, 1e-130,
		0, 0, 0, 1e-130, 3e-130,
	})
	var values, vectors Sym
	if !values.Factorize(a, false) || !vectors.Factorize(a, true) {
		t.Fatal("factorization failed")
	}
	got, want := values.Values(nil), vectors.Values(nil)
	for i := range want {
		// Within Weyl's bound for the entries sterf sets to zero.
		if math.Abs(got[i]-want[i]) > math.Max(1e-14*math.Abs(want[i]), 4e-122*4) {
			t.Errorf("eigenvalue %d: values only %g, with vectors %g", i, got[i], want[i])
		}
	}
	// The block of A: (5 ± √5)/2.
	if math.Abs(got[4]-(5+math.Sqrt(5))/2) > 1e-14 || math.Abs(got[3]-(5-math.Sqrt(5))/2) > 1e-14 {
		t.Errorf("eigenvalues of A's block %g, %g; want %g, %g", got[3], got[4], (5-math.Sqrt(5))/2, (5+math.Sqrt(5))/2)
	}
}
