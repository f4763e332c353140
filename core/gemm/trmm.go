package gemm

import (
	"gonum.org/v1/gonum/blas"
)

// trmmBlock is the column-block size of the blocked Dtrmm: each block of
// op(A)'s columns is one Gemm.
const trmmBlock = 64

// Dtrmm computes B = alpha op(A) B in place for a triangular m×m matrix A
// (side Left) by column blocks of matrix multiplies, so that the packed
// kernel does the work at about half the flops of a full product; side
// Right goes to gonum's implementation. A's other triangle is not read.
//
// B is first copied to T and cleared; then for each block P of the
// columns of U = op(A), B[R] += alpha U[R,P] T[P] over the rows R where
// that block can be nonzero: the rows up to P's last (U upper) or from
// P's first (U lower). The panel U[R,P] is copied with its part across
// the diagonal zeroed.
func (b BLAS) Dtrmm(s blas.Side, ul blas.Uplo, tA blas.Transpose, d blas.Diag, m, n int, alpha float64, a []float64, lda int, bm []float64, ldb int) {
	ta := tA == blas.Trans || tA == blas.ConjTrans
	switch {
	case s != blas.Left || m <= trmmBlock || m*m*n < gemmSmall:
		b.Implementation.Dtrmm(s, ul, tA, d, m, n, alpha, a, lda, bm, ldb)
		return
	case ul != blas.Upper && ul != blas.Lower:
		panic("gemm: bad uplo")
	case !ta && tA != blas.NoTrans:
		panic("gemm: bad transpose")
	case d != blas.Unit && d != blas.NonUnit:
		panic("gemm: bad diag")
	case n < 0:
		panic("gemm: negative dimension")
	case lda < max(1, m), ldb < max(1, n):
		panic("gemm: bad leading dimension")
	case len(a) < (m-1)*lda+m, n > 0 && len(bm) < (m-1)*ldb+n:
		panic("gemm: short slice")
	}
	if n == 0 {
		return
	}
	bufs := gemmPool.Get().(*gemmBuffers)
	defer gemmPool.Put(bufs)
	t := grow(&bufs.copyB, m*n)
	for i := 0; i < m; i++ {
		row := bm[i*ldb : i*ldb+n]
		copy(t[i*n:(i+1)*n], row)
		clear(row)
	}
	if alpha == 0 {
		return
	}
	// U = op(A) is upper triangular when A is upper and not transposed,
	// or lower and transposed.
	upper := (ul == blas.Upper) != ta
	for p0 := 0; p0 < m; p0 += trmmBlock {
		p1 := min(p0+trmmBlock, m)
		w := p1 - p0
		r0, r1 := 0, p1
		if !upper {
			r0, r1 = p0, m
		}
		h := r1 - r0
		panel := grow(&bufs.panel, h*w)
		for i := 0; i < h; i++ {
			gi := r0 + i
			row := panel[i*w : (i+1)*w]
			for j := range row {
				gj := p0 + j
				switch {
				case gi == gj && d == blas.Unit:
					row[j] = 1
				case upper && gi > gj, !upper && gi < gj:
					row[j] = 0
				case ta:
					row[j] = a[gj*lda+gi]
				default:
					row[j] = a[gi*lda+gj]
				}
			}
		}
		Gemm(false, false, h, n, w, alpha, panel, w, t[p0*n:], n, 1, bm[r0*ldb:], ldb)
	}
}
