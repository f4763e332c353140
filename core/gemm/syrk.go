package gemm

import (
	"gonum.org/v1/gonum/blas"

	"nnlrs/core/parallel"
)

// syrkBlock is the row-block size of the blocked Dsyrk and Dsyr2k.
const syrkBlock = 64

// Dsyrk computes the ul triangle of C = alpha op(A) op(A)ᵀ + beta C,
// op(A) = A (n×k) or Aᵀ (A k×n), by row blocks of matrix multiplies, so
// that the packed kernel does the work (syrkTerms). The other triangle is
// not touched.
func (b BLAS) Dsyrk(ul blas.Uplo, tA blas.Transpose, n, k int, alpha float64, a []float64, lda int, beta float64, c []float64, ldc int) {
	ta := syrkArgs(ul, tA)
	if n*n*k < gemmSmall {
		b.Implementation.Dsyrk(ul, tA, n, k, alpha, a, lda, beta, c, ldc)
		return
	}
	syrkTerms(ul, ta, n, k, alpha, []syrkTerm{{a, lda, a, lda}}, beta, c, ldc, n*n*k/2 >= gemmParallel)
}

// Dsyr2k computes the ul triangle of
// C = alpha (op(A) op(B)ᵀ + op(B) op(A)ᵀ) + beta C by row blocks of matrix
// multiplies (syrkTerms). The other triangle is not touched.
func (b BLAS) Dsyr2k(ul blas.Uplo, tA blas.Transpose, n, k int, alpha float64, a []float64, lda int, bb []float64, ldb int, beta float64, c []float64, ldc int) {
	ta := syrkArgs(ul, tA)
	if n*n*k < gemmSmall {
		b.Implementation.Dsyr2k(ul, tA, n, k, alpha, a, lda, bb, ldb, beta, c, ldc)
		return
	}
	syrkTerms(ul, ta, n, k, alpha, []syrkTerm{{a, lda, bb, ldb}, {bb, ldb, a, lda}}, beta, c, ldc, n*n*k >= gemmParallel)
}

// syrkArgs checks uplo and the transpose and reports whether op is the
// transpose.
func syrkArgs(ul blas.Uplo, tA blas.Transpose) bool {
	if ul != blas.Upper && ul != blas.Lower {
		panic("gemm: bad uplo")
	}
	ta := tA == blas.Trans || tA == blas.ConjTrans
	if !ta && tA != blas.NoTrans {
		panic("gemm: bad transpose")
	}
	return ta
}

// syrkTerm is one product op(X) op(Y)ᵀ of a rank-k update, op(X) and
// op(Y) n×k (X, Y k×n when transposed), with row strides ldx and ldy.
type syrkTerm struct {
	x   []float64
	ldx int
	y   []float64
	ldy int
}

// syrkTerms computes the ul triangle of C = alpha Σ_t op(X_t) op(Y_t)ᵀ +
// beta C by block rows of syrkBlock, every entry with the bits of its
// definition: for each block row, one Gemm per term over its part of the
// triangle beside the diagonal block (beta on the first term, 1 after),
// and the same Gemms into a zeroed diagonal block d, whose triangle is
// then written back as beta·c + d (d for beta = 0). Gemm would pack each
// k-panel of op(Y_t) again for every block row; here it is packed once,
// for all n columns, and every block row then multiplies by it, in
// Gemm's order of terms and panels (every term's one panel at once when
// k ≤ gemmKC, so that a block row of C is read once). With shared, the
// block rows run on every core (package parallel); each entry is the
// same sum either way.
func syrkTerms(ul blas.Uplo, ta bool, n, k int, alpha float64, terms []syrkTerm, beta float64, c []float64, ldc int, shared bool) {
	rows := (n + syrkBlock - 1) / syrkBlock
	each := func(body func(r, i0, i1 int)) {
		f := func(lo, hi int) {
			for t := lo; t < hi; t++ {
				// The longest block rows first, so that the cores
				// finish together.
				r := t
				if ul == blas.Lower {
					r = rows - 1 - t
				}
				i0 := r * syrkBlock
				body(r, i0, min(n, i0+syrkBlock))
			}
		}
		if shared {
			parallel.For(rows, 1, f)
		} else {
			f(0, rows)
		}
	}
	// cols returns the first column and the width of row block i0..i1's
	// part of the triangle, left or right of its diagonal block.
	cols := func(i0, i1 int) (int, int) {
		if ul == blas.Upper {
			return i1, n - i1
		}
		return 0, i0
	}
	bufs := gemmPool.Get().(*gemmBuffers)
	defer gemmPool.Put(bufs)
	diag := grow(&bufs.diag, rows*syrkBlock*syrkBlock)
	// block returns row block r's scratch diagonal block, nb×nb.
	block := func(r, nb int) []float64 {
		return diag[r*syrkBlock*syrkBlock : r*syrkBlock*syrkBlock+nb*nb]
	}
	each(func(r, i0, i1 int) {
		clear(block(r, i1-i0))
		if beta == 1 {
			return
		}
		j0, w := cols(i0, i1)
		for i := i0; i < i1; i++ {
			row := c[i*ldc+j0 : i*ldc+j0+w]
			if beta == 0 {
				clear(row)
				continue
			}
			for j := range row {
				row[j] *= beta
			}
		}
	})
	if alpha != 0 && k > 0 {
		// The products in Gemm's order: each term's k-panels in turn.
		// With one panel per term, every term's panel is packed at once
		// and each block row takes them all while its C is in cache.
		type step struct{ t, pc int }
		var steps []step
		for t := range terms {
			for pc := 0; pc < k; pc += gemmKC {
				steps = append(steps, step{t, pc})
			}
		}
		group := 1
		if k <= gemmKC {
			group = len(terms)
		}
		kc0 := min(k, gemmKC)
		size := roundUp(n, gemmNR) * kc0
		bufB := grow(&bufs.b, group*size)
		panels := (n + gemmNR - 1) / gemmNR
		for g := 0; g < len(steps); g += group {
			now := steps[g:min(g+group, len(steps))]
			// op(Y)ᵀ[pc:pc+kc, 0:n] of each step, Gemm's B operand for
			// every block.
			pack := func(lo, hi int) {
				for s, st := range now {
					t := terms[st.t]
					packB(bufB[s*size:], !ta, t.y, t.ldy, st.pc, min(gemmKC, k-st.pc), 0, lo*gemmNR, min(hi*gemmNR, n))
				}
			}
			if shared {
				parallel.For(panels, max(1, panels/(2*parallel.Workers())), pack)
			} else {
				pack(0, panels)
			}
			each(func(r, i0, i1 int) {
				own := gemmPool.Get().(*gemmBuffers)
				defer gemmPool.Put(own)
				nb := i1 - i0
				bufA := grow(&own.a, roundUp(min(nb, gemmMC), gemmMR)*kc0)
				d := block(r, nb)
				j0, w := cols(i0, i1)
				for s, st := range now {
					t, kc, pb := terms[st.t], min(gemmKC, k-st.pc), bufB[s*size:]
					// Gemm's blocks of gemmMC rows, and its panels of
					// gemmNC columns start at j0 too and split no
					// micro-panel: the same tiles.
					for ic := 0; ic < nb; ic += gemmMC {
						mc := min(gemmMC, nb-ic)
						packA(bufA, ta, t.x, t.ldx, i0+ic, mc, st.pc, kc, alpha)
						if w > 0 {
							macroKernel(bufA, pb[j0/gemmNR*kc*gemmNR:], mc, w, kc, c[(i0+ic)*ldc+j0:], ldc)
						}
						macroKernel(bufA, pb[i0/gemmNR*kc*gemmNR:], mc, nb, kc, d[ic*nb:], nb)
					}
				}
			})
		}
	}
	each(func(r, i0, i1 int) {
		nb := i1 - i0
		writeDiag(ul, beta, block(r, nb), nb, c[i0*ldc+i0:], ldc)
	})
}

// writeDiag writes the ul triangle of the nb×nb block d into the
// diagonal block c (stride ldc) as beta·c + d, or d for beta = 0.
func writeDiag(ul blas.Uplo, beta float64, d []float64, nb int, c []float64, ldc int) {
	for i := 0; i < nb; i++ {
		j0, j1 := i, nb
		if ul == blas.Lower {
			j0, j1 = 0, i+1
		}
		row := c[i*ldc:]
		for j := j0; j < j1; j++ {
			if beta == 0 {
				row[j] = d[i*nb+j]
			} else {
				row[j] = beta*row[j] + d[i*nb+j]
			}
		}
	}
}
