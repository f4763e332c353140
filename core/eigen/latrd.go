package eigen

import "gonum.org/v1/gonum/lapack/gonum"

// latrd reduces the first nb columns of the symmetric n×n matrix whose
// lower triangle is in a (row-major, stride lda) to tridiagonal form, as
// LAPACK's dlatrd with uplo = 'L', and returns in w (n×nb, stride ldw)
// the matrix W such that the trailing matrix is updated by
//
//	A₂₂ ← A₂₂ − V Wᵀ − W Vᵀ
//
// (sytrd does it with Dsyr2k). For column i, with v the reflector
// H(i) = I − τ v vᵀ that annihilates A(i+2:n, i),
//
//	w = τ (A₂₂ v − V₁ (W₁ᵀ v) − W₁ (V₁ᵀ v)),   w ← w − ½ τ (wᵀv) v,
//
// where V₁, W₁ are the columns 0..i−1 already reduced. The product A₂₂ v,
// half of the flops of the tridiagonalization, is symvLower on copies of
// v and w made contiguous (in a and w they are columns, one cache line
// per element), and the four matrix-vector products with V₁ and W₁ are
// fused in two passes over their rows. On return e and tau hold the
// off-diagonal of the reduced columns and the reflectors' scalars, and
// the reflectors are stored below the subdiagonal of a, as in LAPACK.
// work needs 2n + 2nb + symvWork(n − 1) entries.
func latrd(n, nb int, a []float64, lda int, e, tau, w []float64, ldw int, work []float64) {
	impl := gonum.Implementation{}
	v, y := work[:n], work[n:2*n]
	tW, tA := work[2*n:2*n+nb], work[2*n+nb:2*n+2*nb]
	sw := work[2*n+2*nb:]
	for i := 0; i < nb; i++ {
		// Update A(i:n, i) by the reflectors so far:
		// A(i:n, i) −= V₁ W₁(i, :)ᵀ + W₁ V₁(i, :)ᵀ.
		wi := w[i*ldw : i*ldw+i]
		ai := a[i*lda : i*lda+i]
		for r := i; r < n; r++ {
			a[r*lda+i] -= dot2(a[r*lda:r*lda+i], wi, w[r*ldw:r*ldw+i], ai)
		}
		if i == n-1 {
			break
		}
		// The reflector H(i) annihilating A(i+2:n, i).
		e[i], tau[i] = impl.Dlarfg(n-i-1, a[(i+1)*lda+i], a[min(i+2, n-1)*lda+i:], lda)
		a[(i+1)*lda+i] = 1
		m := n - i - 1
		v, y := v[:m], y[:m]
		for k := range v {
			v[k] = a[(i+1+k)*lda+i]
		}
		symvLower(m, a[(i+1)*lda+i+1:], lda, v, y, sw)
		// tW = W₁ᵀ v and tA = V₁ᵀ v over rows i+1..n−1, then
		// y −= V₁ tW + W₁ tA.
		tW, tA := tW[:i], tA[:i]
		clear(tW)
		clear(tA)
		k := 0
		for ; k+1 < m; k += 2 {
			r := i + 1 + k
			axpy2(v[k], v[k+1], w[r*ldw:r*ldw+i], w[(r+1)*ldw:(r+1)*ldw+i], tW)
			axpy2(v[k], v[k+1], a[r*lda:r*lda+i], a[(r+1)*lda:(r+1)*lda+i], tA)
		}
		if k < m {
			r := i + 1 + k
			axpy2(v[k], 0, w[r*ldw:r*ldw+i], w[r*ldw:r*ldw+i], tW)
			axpy2(v[k], 0, a[r*lda:r*lda+i], a[r*lda:r*lda+i], tA)
		}
		for k := range y {
			r := i + 1 + k
			y[k] -= dot2(a[r*lda:r*lda+i], tW, w[r*ldw:r*ldw+i], tA)
		}
		t := tau[i]
		var s float64
		for k := range y {
			y[k] *= t
			s += y[k] * v[k]
		}
		alpha := -0.5 * t * s
		for k := range y {
			w[(i+1+k)*ldw+i] = y[k] + alpha*v[k]
		}
	}
}

// dot2 returns x₁ᵀy₁ + x₂ᵀy₂ for vectors of one length, len(x₁), in
// four running sums (one sum is bound by the latency of the adds).
func dot2(x1, y1, x2, y2 []float64) float64 {
	n := len(x1)
	y1, x2, y2 = y1[:n], x2[:n], y2[:n]
	var s0, s1, s2, s3 float64
	j := 1
	for ; j < n; j += 2 {
		s0 += x1[j-1] * y1[j-1]
		s1 += x2[j-1] * y2[j-1]
		s2 += x1[j] * y1[j]
		s3 += x2[j] * y2[j]
	}
	if n%2 == 1 {
		s0 += x1[n-1] * y1[n-1]
		s1 += x2[n-1] * y2[n-1]
	}
	return (s0 + s2) + (s1 + s3)
}

// axpy2 adds α₁x₁ + α₂x₂ to y, len(x₁) = len(x₂) ≤ len(y): two rows of
// a transposed matrix-vector product per pass over y.
func axpy2(alpha1, alpha2 float64, x1, x2, y []float64) {
	n := len(x1)
	x2, y = x2[:n], y[:n]
	for j, xj := range x1 {
		y[j] += alpha1*xj + alpha2*x2[j]
	}
}
