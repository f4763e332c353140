package eigen

import (
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"

	"nnlrs/core/gemm"
)

// ormBlock is the number of reflectors applied at once by ormqr (LAPACK's
// ilaenv gives 32 for dormqr).
const ormBlock = 32

// ormqr overwrites the m×nc matrix c (row-major, stride ldc) with Q c,
// Q = H(0) H(1) ⋯ H(k−1), for reflectors H(j) = I − τ_j v_j v_jᵀ stored
// as LAPACK's dgeqrf leaves them (v_j in column j of a below the
// diagonal, unit diagonal implied): LAPACK's dormqr with side = 'L',
// trans = 'N'. Blocks of ormBlock reflectors, last first, are
// aggregated as H = I − V T Vᵀ (dlarft) and applied as in dlarfb by
// three matrix multiplies in the packed kernel (gemm.Gemm):
//
//	W = Vᵀ C,  W ← T W,  C ← C − V W.
//
// V is copied to a dense buffer with its unit diagonal and zero upper
// part, so that all three are plain products.
func (s *Sym) ormqr(m, nc, k int, a []float64, lda int, tau []float64, c []float64, ldc int) {
	impl := gonum.Implementation{}
	nb := ormBlock
	t := s.grow(&s.ormT, nb*nb)
	v := s.grow(&s.ormV, m*nb)
	w := s.grow(&s.ormW, 2*nb*nc)
	w1, w2 := w[:nb*nc], w[nb*nc:]
	for i := ((k - 1) / nb) * nb; i >= 0; i -= nb {
		ib := min(nb, k-i)
		rows := m - i
		clear(t[:ib*ib])
		impl.Dlarft(lapack.Forward, lapack.ColumnWise, rows, ib, a[i*lda+i:], lda, tau[i:], t, ib)
		// T is upper triangular; Dlarft leaves the strict lower part.
		for r := 1; r < ib; r++ {
			clear(t[r*ib : r*ib+r])
		}
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
		cc := c[i*ldc:]
		gemm.Gemm(true, false, ib, nc, rows, 1, v, ib, cc, ldc, 0, w1, nc)
		gemm.Gemm(false, false, ib, nc, ib, 1, t, ib, w1, nc, 0, w2, nc)
		gemm.Gemm(false, false, rows, nc, ib, -1, v, ib, w2, nc, 1, cc, ldc)
	}
}
