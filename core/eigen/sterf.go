package eigen

import (
	"math"

	"gonum.org/v1/gonum/lapack/gonum"
)

// sterf computes the eigenvalues of the symmetric tridiagonal matrix with
// diagonal d and off-diagonal e (len n−1) into d, in ascending order, by
// gonum's root-free QR iteration Dsterf. It reports whether the iteration
// converged; e is destroyed.
//
// gonum's Dsterf rescales a split block whose largest entry lies outside
// [ssfmin, ssfmax] by Dlascl with the leading dimension n for a vector
// (LAPACK's dsterf passes 1), which panics whenever a block of fewer than
// n rows needs it. sterf therefore first scales the whole matrix to a
// largest entry of 1, where ssfmax cannot be reached, and sets to zero
// the entries below ssfmin (about 1e-123): each moves an eigenvalue by
// less than its size, far below the rounding error ε‖T‖ of the result,
// and leaves every nonzero block's largest entry in range. The
// eigenvalues are scaled back on return.
func sterf(n int, d, e []float64) bool {
	if n == 0 {
		return true
	}
	e = e[:n-1]
	var amax float64
	for _, v := range d {
		amax = math.Max(amax, math.Abs(v))
	}
	for _, v := range e {
		amax = math.Max(amax, math.Abs(v))
	}
	if amax == 0 {
		return true
	}
	if math.IsNaN(amax) || math.IsInf(amax, 0) {
		return false
	}
	// ssfmin as Dsterf computes it.
	eps := 0x1p-53
	ssfmin := math.Sqrt(0x1p-1022) / (eps * eps)
	for _, x := range [][]float64{d, e} {
		for i, v := range x {
			v /= amax
			if math.Abs(v) < ssfmin {
				v = 0
			}
			x[i] = v
		}
	}
	if !(gonum.Implementation{}).Dsterf(n, d, e) {
		return false
	}
	for i := range d {
		d[i] *= amax
	}
	return true
}
