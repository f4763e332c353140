package eigen

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"

	"nnlrs/core/gemm"
)

// ormBlock is the number of reflectors applied at once by ormqr (LAPACK's
// ilaenv gives 32 for dormqr); ormBlockWide from ormWide rows of C on.
// Each block reads and writes C once, so that with 32 reflectors the
// products, of inner dimension 32, are bound by the memory from the
// orders of a few thousand; the page's problems and the paper's trials
// (at most 800 samples) keep the blocks, and the bits, of 32.
const (
	ormBlock     = 32
	ormBlockWide = 128
	ormWide      = 1023
)

// ormqr overwrites the m×nc matrix c (row-major, stride ldc) with Q c,
// Q = H(0) H(1) ⋯ H(k−1), for reflectors H(j) = I − τ_j v_j v_jᵀ stored
// as LAPACK's dgeqrf leaves them (v_j in column j of a below the
// diagonal, unit diagonal implied): LAPACK's dormqr with side = 'L',
// trans = 'N'. Blocks of ormBlock reflectors (ormBlockWide from ormWide
// rows), last first, are aggregated as H = I − V T Vᵀ and applied as in
// dlarfb by three matrix multiplies in the packed kernel (gemm.Gemm):
//
//	W = Vᵀ C,  W ← T W,  C ← C − V W.
//
// V is copied to a dense buffer with its unit diagonal and zero upper
// part, so that all three are plain products. T is dlarft's: below
// ormWide by dlarft itself, from it (blocks of ormBlockWide) by the
// same recurrence on the Gram matrix of V (blockT).
func (s *Sym) ormqr(m, nc, k int, a []float64, lda int, tau []float64, c []float64, ldc int) {
	impl := gonum.Implementation{}
	nb := ormBlock
	if m >= ormWide {
		nb = ormBlockWide
	}
	t := s.grow(&s.ormT, nb*nb)
	v := s.grow(&s.ormV, m*nb)
	w := s.grow(&s.ormW, 2*nb*nc)
	w1, w2 := w[:nb*nc], w[nb*nc:]
	for i := ((k - 1) / nb) * nb; i >= 0; i -= nb {
		ib := min(nb, k-i)
		rows := m - i
		for r := 0; r < rows; r++ {
			vr := v[r*ib : (r+1)*ib]
			src := a[(i+r)*lda+i:]
			for j := range vr {
				switch {
				case r > j:
					vr[j] = src[j]
				case r == j:
					vr[j] = 1
				default:
					vr[j] = 0
				}
			}
		}
		clear(t[:ib*ib])
		if nb == ormBlock {
			impl.Dlarft(lapack.Forward, lapack.ColumnWise, rows, ib, a[i*lda+i:], lda, tau[i:], t, ib)
			// T is upper triangular; Dlarft leaves the strict lower part.
			for r := 1; r < ib; r++ {
				clear(t[r*ib : r*ib+r])
			}
		} else {
			blockT(rows, ib, v, tau[i:], t) // the lower part stays cleared
		}
		cc := c[i*ldc:]
		gemm.Gemm(true, false, ib, nc, rows, 1, v, ib, cc, ldc, 0, w1, nc)
		gemm.Gemm(false, false, ib, nc, ib, 1, t, ib, w1, nc, 0, w2, nc)
		gemm.Gemm(false, false, rows, nc, ib, -1, v, ib, w2, nc, 1, cc, ldc)
	}
}

// blockT sets the upper triangle of t (k×k, stride k) to the triangular
// factor T of the block reflector H(0)⋯H(k−1) = I − V T Vᵀ of the
// reflectors I − τ_j v_j v_jᵀ in the columns of v (rows×k, stride k, unit
// diagonal and zero upper part written): dlarft's forward, columnwise
// recurrence
//
//	T(j, j) = τ_j,  T(0:j, j) = −τ_j T(0:j, 0:j) Vᵀ(0:j, :) v_j,
//
// with the inner products Vᵀ V of every pair formed at once by a
// symmetric product in the packed kernel (dlarft forms them column by
// column, a matrix-vector product each). The strict lower triangle of t
// is left as it was.
func blockT(rows, k int, v, tau, t []float64) {
	gemm.BLAS{}.Dsyrk(blas.Upper, blas.Trans, k, rows, 1, v, k, 0, t, k)
	for j := 0; j < k; j++ {
		// Column j holds S(0:j, j) = Vᵀ(0:j, :) v_j; in ascending r,
		// T(r, 0:j) S(0:j, j) reads S(c, j) for c ≥ r only, so that it
		// can overwrite S(r, j).
		tj := tau[j]
		for r := 0; r < j; r++ {
			var sum float64
			for c := r; c < j; c++ {
				sum += t[r*k+c] * t[c*k+j]
			}
			t[r*k+j] = -tj * sum
		}
		t[j*k+j] = tj
	}
}
