package eigen

import "gonum.org/v1/gonum/lapack/gonum"

// sytd2 reduces the symmetric n×n matrix whose lower triangle is in a
// (row-major, stride lda) to tridiagonal form one column at a time, as
// LAPACK's dsytd2 with uplo = 'L': for each column i the reflector
// H(i) = I − τ v vᵀ annihilating A(i+2:n, i) is applied from both sides
// to the trailing matrix A₂₂ by the rank-2 update
//
//	x = τ A₂₂ v,   w = x − ½ τ (xᵀv) v,   A₂₂ ← A₂₂ − v wᵀ − w vᵀ.
//
// sytrd reduces its last columns with it. A₂₂ v is symvLower on a
// contiguous copy of v (gonum's Dsytd2 reads v at a stride, a column of
// a); the rank-2 update is a loop over the rows of the lower triangle.
// d, e and tau receive the diagonal, the off-diagonal and the
// reflectors' scalars; the reflectors are stored below the subdiagonal
// of a. work needs 2n entries; sw is symvLower's (nil: one pass).
func sytd2(n int, a []float64, lda int, d, e, tau, work, sw []float64) {
	if n == 0 {
		return
	}
	impl := gonum.Implementation{}
	for i := 0; i < n-1; i++ {
		var taui float64
		e[i], taui = impl.Dlarfg(n-i-1, a[(i+1)*lda+i], a[min(i+2, n-1)*lda+i:], lda)
		if taui != 0 {
			a[(i+1)*lda+i] = 1
			m := n - i - 1
			v, w := work[:m], work[n:n+m]
			for k := range v {
				v[k] = a[(i+1+k)*lda+i]
			}
			symvLower(m, a[(i+1)*lda+i+1:], lda, v, w, sw)
			var s float64
			for k := range w {
				w[k] *= taui
				s += w[k] * v[k]
			}
			alpha := -0.5 * taui * s
			for k := range w {
				w[k] += alpha * v[k]
			}
			// A₂₂ ← A₂₂ − v wᵀ − w vᵀ on the lower triangle.
			for r := range m {
				row := a[(i+1+r)*lda+i+1 : (i+1+r)*lda+i+2+r]
				vr, wr := v[r], w[r]
				axpy2(-vr, -wr, w[:r+1], v[:r+1], row)
			}
			a[(i+1)*lda+i] = e[i]
		}
		d[i] = a[i*lda+i]
		tau[i] = taui
	}
	d[n-1] = a[(n-1)*lda+n-1]
}
