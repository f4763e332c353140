package gemm

import (
	"gonum.org/v1/gonum/blas"

	"nnlrs/core/parallel"
)

// gemvShared is the size m·n from which Dgemv shares its entries of y
// out over every core: below, the goroutines cost more than they save.
const gemvShared = 1 << 18

// gemvRows is the number of entries of y in one part of a shared Dgemv:
// a multiple of 4, as gonum's kernels take the rows of A (y = A x) four
// at a time before their last two and one.
const gemvRows = 256

// Dgemv computes y = alpha op(A) x + beta y as gonum's Dgemv does, with
// the same bits: each entry of y is gonum's sum over its own row (y = A x)
// or its own column (y = Aᵀ x; the rows of A added to it in ascending
// order), so the entries are shared out over every core (package
// parallel) in parts of gemvRows, which split none of gonum's groups of
// four rows. LAPACK's Householder bidiagonalization (gonum's Dlabrd, of
// the SVD) spends its time here.
func (b BLAS) Dgemv(tA blas.Transpose, m, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
	impl := b.Implementation
	if gemvT != nil && (tA == blas.Trans || tA == blas.ConjTrans) && incX > 0 && incY > 0 &&
		m*n >= gemvKernel && lda >= max(1, n) && alpha != 0 && (m*n < gemvShared || parallel.Workers() == 1) {
		// gonum's checks, then the host's kernel.
		impl.Dgemv(tA, m, n, 0, a, lda, x, incX, 1, y, incY)
		gemvT(m, n, alpha, a, lda, x, incX, beta, y, incY)
		return
	}
	if m*n < gemvShared || incX <= 0 || incY <= 0 || parallel.Workers() == 1 ||
		(tA != blas.NoTrans && tA != blas.Trans && tA != blas.ConjTrans) || lda < max(1, n) {
		// gonum checks the arguments, and takes negative increments.
		impl.Dgemv(tA, m, n, alpha, a, lda, x, incX, beta, y, incY)
		return
	}
	lenY := n
	if tA == blas.NoTrans {
		lenY = m
	}
	// gonum's checks, once for the whole product.
	impl.Dgemv(tA, m, n, 0, a, lda, x, incX, 1, y, incY)
	parts := (lenY + gemvRows - 1) / gemvRows
	parallel.For(parts, 1, func(lo, hi int) {
		i0, i1 := lo*gemvRows, min(lenY, hi*gemvRows)
		if tA == blas.NoTrans {
			impl.Dgemv(tA, i1-i0, n, alpha, a[i0*lda:], lda, x, incX, beta, y[i0*incY:], incY)
		} else {
			impl.Dgemv(tA, m, i1-i0, alpha, a[i0:], lda, x, incX, beta, y[i0*incY:], incY)
		}
	})
}

// GemvT computes y = alpha Aᵀ x + beta y for the m×n row-major A (row
// stride lda ≥ n), x of m entries at stride incX > 0 and y of n at stride
// incY > 0, alpha ≠ 0, with the bits of gonum's Dgemv: y first scaled by
// beta (set to 0 when beta = 0), then for the rows i in ascending order
// y_j += (alpha x_i) a_ij, a multiply, rounded, then an add.
type GemvT func(m, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int)

// gemvT, when set (UseGemvT), computes Dgemv's transposed products of at
// least gemvKernel entries.
var gemvT GemvT

// gemvKernel is the size m·n from which Dgemv hands a transposed product
// to gemvT: below, a host's call costs more than the loop (wasm/kernels'
// go through JavaScript).
const gemvKernel = 256

// UseGemvT makes Dgemv hand its transposed products (y = alpha Aᵀ x +
// beta y) of at least gemvKernel entries to g, unless it shares them out
// over several cores; nil restores gonum's. g must give gonum's bits:
// wasm/kernels installs its SIMD128 kernel so. Call it before any matrix
// work, never while a product runs.
func UseGemvT(g GemvT) { gemvT = g }
