package eigen

import (
	"gonum.org/v1/gonum/blas"

	"nnlrs/core/gemm"
)

// sytrdBlock is the panel width of the blocked reduction (LAPACK's
// ilaenv gives 32 for dsytrd), and sytrdCross the order below which the
// rest is reduced unblocked.
const (
	sytrdBlock = 32
	sytrdCross = 64
)

// sytrd reduces the symmetric n×n matrix whose lower triangle is in a
// (row-major, stride lda) to tridiagonal form T = Qᵀ A Q, as LAPACK's
// dsytrd with uplo = 'L': panels of sytrdBlock columns are reduced by
// latrd (LAPACK's dlatrd), which also returns W such that the trailing
// matrix is updated by the symmetric rank-2k update
//
//	A₂₂ ← A₂₂ − V Wᵀ − W Vᵀ,
//
// done here by gemm.BLAS's Dsyr2k (matrix multiplies in the packed
// kernel) whatever BLAS the process installed: gonum's own Dsyr2k is a
// loop of vector updates. The last sytrdCross or fewer columns are
// reduced by sytd2 (LAPACK's dsytd2). On return d and e hold the
// diagonal and off-diagonal of T, and the reflectors H(i) = I − τ_i v vᵀ
// are stored below the subdiagonal of a, as in LAPACK. work needs
// sytrdWork(n) entries.
func sytrd(n int, a []float64, lda int, d, e, tau, work []float64) {
	nb := sytrdBlock
	// From order symvBlocked, every symvLower of the reduction, down to
	// the last columns, runs in slabs (sw); below, one pass.
	var sw []float64
	if n >= symvBlocked {
		sw = work[2*n*nb+2*n+2*nb : 2*n*nb+2*n+2*nb+latrdWork(n, nb)]
	}
	// W and V, the copy of a panel's reflectors that latrd makes and the
	// trailing update reads instead of a.
	vp := work[n*nb : 2*n*nb]
	i := 0
	if n > sytrdCross {
		for ; i < n-sytrdCross; i += nb {
			// Reduce columns i:i+nb and form W (n−i)×nb in work and V
			// (n−i)×nb in vp.
			latrd(n-i, nb, a[i*lda+i:], lda, e[i:], tau[i:], work, nb, vp, work[2*n*nb:], sw)
			gemm.BLAS{}.Dsyr2k(blas.Lower, blas.NoTrans, n-i-nb, nb, -1, vp[nb*nb:], nb,
				work[nb*nb:], nb, 1, a[(i+nb)*lda+i+nb:], lda)
			// Put the subdiagonal back into a and the diagonal into d.
			for j := i; j < i+nb; j++ {
				a[(j+1)*lda+j] = e[j]
				d[j] = a[j*lda+j]
			}
		}
	}
	sytd2(n-i, a[i*lda+i:], lda, d[i:], e[i:], tau[i:], work, sw)
}

// sytrdWork returns the length of sytrd's work for order n: W and V,
// n×sytrdBlock each, latrd's vectors (sytd2 needs fewer) and, in slabs,
// latrd's sw.
func sytrdWork(n int) int {
	w := 2*n*sytrdBlock + 2*n + 2*sytrdBlock
	if n >= symvBlocked {
		w += latrdWork(n, sytrdBlock)
	}
	return w
}
