package gemm

import (
	"gonum.org/v1/gonum/blas"

	"nnlrs/core/parallel"
)

// syrkBlock is the row-block size of the blocked Dsyrk and Dsyr2k.
const syrkBlock = 64

// Dsyrk computes the ul triangle of C = alpha op(A) op(A)ᵀ + beta C,
// op(A) = A (n×k) or Aᵀ (A k×n), by row blocks of matrix multiplies, so
// that the packed kernel does the work. The other triangle is not
// touched.
func (b BLAS) Dsyrk(ul blas.Uplo, tA blas.Transpose, n, k int, alpha float64, a []float64, lda int, beta float64, c []float64, ldc int) {
	if ul != blas.Upper && ul != blas.Lower {
		panic("gemm: bad uplo")
	}
	ta := tA == blas.Trans || tA == blas.ConjTrans
	if !ta && tA != blas.NoTrans {
		panic("gemm: bad transpose")
	}
	if n*n*k < gemmSmall {
		b.Implementation.Dsyrk(ul, tA, n, k, alpha, a, lda, beta, c, ldc)
		return
	}
	// op(A) rows i0..i1 as a Gemm operand: for NoTrans they start at
	// a[i0*lda]; for Trans they are columns of A starting at a[i0].
	rows := func(i0 int) []float64 {
		if ta {
			return a[i0:]
		}
		return a[i0*lda:]
	}
	syrkBlocks(ul, n, n*n*k/2 >= gemmParallel, func(i0, i1, j0, j1 int, cc []float64, ld int, bt float64) {
		// C[i0:i1, j0:j1] = alpha op(A)[i0:i1] op(A)[j0:j1]ᵀ + bt C.
		gemm(ta, !ta, i1-i0, j1-j0, k, alpha, rows(i0), lda, rows(j0), lda, bt, cc, ld, false)
	}, beta, c, ldc)
}

// Dsyr2k computes the ul triangle of
// C = alpha (op(A) op(B)ᵀ + op(B) op(A)ᵀ) + beta C by row blocks of matrix
// multiplies. The other triangle is not touched.
func (b BLAS) Dsyr2k(ul blas.Uplo, tA blas.Transpose, n, k int, alpha float64, a []float64, lda int, bb []float64, ldb int, beta float64, c []float64, ldc int) {
	if ul != blas.Upper && ul != blas.Lower {
		panic("gemm: bad uplo")
	}
	ta := tA == blas.Trans || tA == blas.ConjTrans
	if !ta && tA != blas.NoTrans {
		panic("gemm: bad transpose")
	}
	if n*n*k < gemmSmall {
		b.Implementation.Dsyr2k(ul, tA, n, k, alpha, a, lda, bb, ldb, beta, c, ldc)
		return
	}
	rows := func(m []float64, ld, i0 int) []float64 {
		if ta {
			return m[i0:]
		}
		return m[i0*ld:]
	}
	syrkBlocks(ul, n, n*n*k >= gemmParallel, func(i0, i1, j0, j1 int, cc []float64, ld int, bt float64) {
		gemm(ta, !ta, i1-i0, j1-j0, k, alpha, rows(a, lda, i0), lda, rows(bb, ldb, j0), ldb, bt, cc, ld, false)
		gemm(ta, !ta, i1-i0, j1-j0, k, alpha, rows(bb, ldb, i0), ldb, rows(a, lda, j0), lda, 1, cc, ld, false)
	}, beta, c, ldc)
}

// syrkBlocks walks the ul triangle of the n×n matrix c by row blocks:
// the off-diagonal part of each block row is updated in place by mul
// (which computes C[i0:i1, j0:j1] = product + bt·C); the diagonal block
// goes through a scratch block, of which only the triangle is copied back.
// With shared, the block rows are shared out over every core (package
// parallel); each is computed alike either way.
func syrkBlocks(ul blas.Uplo, n int, shared bool, mul func(i0, i1, j0, j1 int, c []float64, ld int, bt float64), beta float64, c []float64, ldc int) {
	rows := (n + syrkBlock - 1) / syrkBlock
	if !shared {
		for r := 0; r < rows; r++ {
			syrkRow(ul, n, r*syrkBlock, mul, beta, c, ldc)
		}
		return
	}
	parallel.For(rows, 1, func(lo, hi int) {
		for r := lo; r < hi; r++ {
			syrkRow(ul, n, r*syrkBlock, mul, beta, c, ldc)
		}
	})
}

// syrkRow is the block row of syrkBlocks from row i0.
func syrkRow(ul blas.Uplo, n, i0 int, mul func(i0, i1, j0, j1 int, c []float64, ld int, bt float64), beta float64, c []float64, ldc int) {
	bufs := gemmPool.Get().(*gemmBuffers)
	defer gemmPool.Put(bufs)
	diag := grow(&bufs.diag, syrkBlock*syrkBlock)
	i1 := min(n, i0+syrkBlock)
	nb := i1 - i0
	if ul == blas.Upper && i1 < n {
		mul(i0, i1, i1, n, c[i0*ldc+i1:], ldc, beta)
	}
	if ul == blas.Lower && i0 > 0 {
		mul(i0, i1, 0, i0, c[i0*ldc:], ldc, beta)
	}
	d := diag[:nb*nb]
	mul(i0, i1, i0, i1, d, nb, 0)
	for i := 0; i < nb; i++ {
		j0, j1 := i, nb
		if ul == blas.Lower {
			j0, j1 = 0, i+1
		}
		row := c[(i0+i)*ldc+i0:]
		for j := j0; j < j1; j++ {
			if beta == 0 {
				row[j] = d[i*nb+j]
			} else {
				row[j] = beta*row[j] + d[i*nb+j]
			}
		}
	}
}
