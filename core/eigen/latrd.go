package eigen

import (
	"gonum.org/v1/gonum/lapack/gonum"

	"nnlrs/core/parallel"
)

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
// fused in two passes over their rows; in slabs (sw), those passes run
// beside the product (symvBeside), on a core of their own while the
// others read A₂₂. The passes read V₁ from vp
// (n×nb, stride nb), a copy of the reflectors made as each is formed (in
// a, a row of V₁ is i entries of a row of the matrix, one cache line or
// more apart from the next): on return vp[r*nb+c] = A(r, c) for r > c,
// with A(c+1, c) = 1. On return e and tau hold the off-diagonal of the
// reduced columns and the reflectors' scalars, and the reflectors are
// stored below the subdiagonal of a, as in LAPACK. work needs 2n + 2nb
// entries; sw, latrdWork(n, nb) entries, holds symvLower's work and the
// passes' (nil: one pass).
func latrd(n, nb int, a []float64, lda int, e, tau, w []float64, ldw int, vp, work, sw []float64) {
	impl := gonum.Implementation{}
	v, y := work[:n], work[n:2*n]
	tW, tA := work[2*n:2*n+nb], work[2*n+nb:2*n+2*nb]
	for i := 0; i < nb; i++ {
		// Update A(i:n, i) by the reflectors so far:
		// A(i:n, i) −= V₁ W₁(i, :)ᵀ + W₁ V₁(i, :)ᵀ.
		wi := w[i*ldw : i*ldw+i]
		ai := vp[i*nb : i*nb+i]
		rows(sw != nil, i, n, func(r0, r1 int) {
			subDot2Rows(r1-r0, i, vp[r0*nb:], nb, wi, w[r0*ldw:], ldw, ai, a[r0*lda+i:], lda)
		})
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
			vp[(i+1+k)*nb+i] = v[k]
		}
		// tW = W₁ᵀ v and tA = V₁ᵀ v over rows i+1..n−1, then
		// y −= V₁ tW + W₁ tA.
		tW, tA := tW[:i], tA[:i]
		if sw == nil {
			symvLower(m, a[(i+1)*lda+i+1:], lda, v, y, nil)
			transposed(v, vp[(i+1)*nb:], nb, w[(i+1)*ldw:], ldw, i, 0, m, tW, tA)
			subDot2Rows(m, i, vp[(i+1)*nb:], nb, tW, w[(i+1)*ldw:], ldw, tA, y, 1)
		} else {
			// Beside the product (symvBeside): tW and tA in
			// latrdParts fixed row ranges, each into a pair of its own,
			// added in ascending order; then each row's correction
			// corr_k = (V₁ tW + W₁ tA)_k, subtracted once y is formed.
			corr := sw[symvWork(n) : symvWork(n)+m]
			pairs := sw[symvWork(n)+n:]
			beside := func() {
				for p := 0; p < latrdParts; p++ {
					k0, k1 := m*p/latrdParts/2*2, m*(p+1)/latrdParts/2*2
					if p == latrdParts-1 {
						k1 = m
					}
					pw, pa := pairs[2*p*i:(2*p+1)*i], pairs[(2*p+1)*i:(2*p+2)*i]
					transposed(v, vp[(i+1)*nb:], nb, w[(i+1)*ldw:], ldw, i, k0, k1, pw, pa)
					if p == 0 {
						copy(tW, pw)
						copy(tA, pa)
						continue
					}
					for c := range tW {
						tW[c] += pw[c]
						tA[c] += pa[c]
					}
				}
				for k := range corr {
					r := i + 1 + k
					corr[k] = dot2(vp[r*nb:r*nb+i], tW, w[r*ldw:r*ldw+i], tA)
				}
			}
			symvBeside(m, a[(i+1)*lda+i+1:], lda, v, y, sw, beside)
			for k := range y {
				y[k] -= corr[k]
			}
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

// transposed sets tW = W₁ᵀv and tA = V₁ᵀv over the rows k0..k1−1 of v,
// the rows of W₁ and V₁ (their first i columns) at w and a: two rows per
// pass over tW and tA, k0 even (the installed Kernels.Transposed, or
// transposedGo).
func transposed(v, a []float64, lda int, w []float64, ldw, i, k0, k1 int, tW, tA []float64) {
	if kern.Transposed != nil {
		kern.Transposed(v, a, lda, w, ldw, i, k0, k1, tW, tA)
		return
	}
	transposedGo(v, a, lda, w, ldw, i, k0, k1, tW, tA)
}

// transposedGo is Kernels.Transposed in Go.
func transposedGo(v, a []float64, lda int, w []float64, ldw, i, k0, k1 int, tW, tA []float64) {
	clear(tW)
	clear(tA)
	k := k0
	for ; k+1 < k1; k += 2 {
		axpy2(v[k], v[k+1], w[k*ldw:k*ldw+i], w[(k+1)*ldw:(k+1)*ldw+i], tW)
		axpy2(v[k], v[k+1], a[k*lda:k*lda+i], a[(k+1)*lda:(k+1)*lda+i], tA)
	}
	if k < k1 {
		axpy2(v[k], 0, w[k*ldw:k*ldw+i], w[k*ldw:k*ldw+i], tW)
		axpy2(v[k], 0, a[k*lda:k*lda+i], a[k*lda:k*lda+i], tA)
	}
}

// rows runs body over the rows [r0, r1), whose results are each computed
// alone: on every core (package parallel) when shared and the rows are
// many, in one call otherwise; the same bits either way.
func rows(shared bool, r0, r1 int, body func(lo, hi int)) {
	if !shared || r1-r0 < symvShared {
		body(r0, r1)
		return
	}
	parallel.For(r1-r0, latrdGrain, func(lo, hi int) { body(r0+lo, r0+hi) })
}

// latrdWork returns the length of latrd's sw for order n and panel
// width nb: symvLower's work, the rows' corrections and the latrdParts
// pairs of partial W₁ᵀv and V₁ᵀv.
func latrdWork(n, nb int) int { return symvWork(n) + n + 2*latrdParts*nb }

// latrdParts is the number of row ranges of W₁ᵀv and V₁ᵀv in a reduction
// in slabs, latrdGrain the rows of a range of rows.
const (
	latrdParts = 8
	latrdGrain = 256
)

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

// subDot2Rows is Kernels.SubDot2Rows, the installed kernel or Go's.
func subDot2Rows(rows, m int, x1 []float64, ld1 int, y1, x2 []float64, ld2 int, y2, out []float64, ldo int) {
	if kern.SubDot2Rows != nil {
		kern.SubDot2Rows(rows, m, x1, ld1, y1, x2, ld2, y2, out, ldo)
		return
	}
	subDot2RowsGo(rows, m, x1, ld1, y1, x2, ld2, y2, out, ldo)
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
