package gemm

import (
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// BLAS is gonum's pure-Go BLAS with the matrix multiply Dgemm replaced by
// Gemm, a packed, register-blocked kernel. gonum's own Dgemm calls
// assembly on amd64 and is faster there; without assembly (WebAssembly,
// or the noasm tag) Gemm is 3-5 times faster, and the blocked parts of
// gonum's LAPACK (Dsytrd, Dormqr, ...) inherit the speed. Use installs it.
type BLAS struct{ gonum.Implementation }

// Dgemm computes C = alpha op(A) op(B) + beta C with Gemm, after the
// argument checks of the reference BLAS.
func (BLAS) Dgemm(tA, tB blas.Transpose, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	ta := tA == blas.Trans || tA == blas.ConjTrans
	tb := tB == blas.Trans || tB == blas.ConjTrans
	switch {
	case tA != blas.NoTrans && !ta:
		panic("gemm: bad transpose")
	case tB != blas.NoTrans && !tb:
		panic("gemm: bad transpose")
	case m < 0 || n < 0 || k < 0:
		panic("gemm: negative dimension")
	}
	ar, ac := m, k
	if ta {
		ar, ac = k, m
	}
	br, bc := k, n
	if tb {
		br, bc = n, k
	}
	switch {
	case lda < max(1, ac), ldb < max(1, bc), ldc < max(1, n):
		panic("gemm: bad leading dimension")
	case ar > 0 && len(a) < (ar-1)*lda+ac,
		br > 0 && len(b) < (br-1)*ldb+bc,
		m > 0 && len(c) < (m-1)*ldc+n:
		panic("gemm: short slice")
	}
	if m*n*k < gemmSmall {
		// Packing does not pay for tiny products, the common case in
		// the unblocked parts of LAPACK.
		BLAS{}.Implementation.Dgemm(tA, tB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
		return
	}
	Gemm(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// gemmSmall is the size m·n·k below which BLAS.Dgemm keeps gonum's kernel.
const gemmSmall = 8 * 8 * 8

// Blocking of Gemm: a kc×nc panel of op(B) and an mc×kc block of op(A)
// are packed into contiguous micro-panels of gemmR rows (columns), so that
// the 4×4 micro-kernel streams through memory with unit stride. The
// sizes keep the A block (mc·kc·8 = 128 KiB) near L2 and one B
// micro-panel (kc·4·8 = 8 KiB) in L1.
const (
	gemmR  = 4
	gemmKC = 256
	gemmMC = 64
	gemmNC = 2048
)

// Gemm computes C = alpha op(A) op(B) + beta C for row-major matrices,
// op(X) = Xᵀ when the matching flag is set: C is m×n, op(A) is m×k and
// op(B) is k×n, with leading dimensions (row strides) lda, ldb and ldc.
// It is the pure-Go kernel behind BLAS.Dgemm and does not check its
// arguments. As in the reference BLAS, beta = 0 overwrites C (NaNs in C
// do not propagate) and alpha = 0 does not read A or B.
func Gemm(tA, tB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	if m == 0 || n == 0 {
		return
	}
	if beta != 1 {
		for i := 0; i < m; i++ {
			row := c[i*ldc : i*ldc+n]
			if beta == 0 {
				clear(row)
				continue
			}
			for j := range row {
				row[j] *= beta
			}
		}
	}
	if alpha == 0 || k == 0 {
		return
	}
	bufs := gemmPool.Get().(*gemmBuffers)
	defer gemmPool.Put(bufs)
	bufA := grow(&bufs.a, roundUp(min(m, gemmMC), gemmR)*min(k, gemmKC))
	bufB := grow(&bufs.b, roundUp(min(n, gemmNC), gemmR)*min(k, gemmKC))
	for jc := 0; jc < n; jc += gemmNC {
		nc := min(gemmNC, n-jc)
		for pc := 0; pc < k; pc += gemmKC {
			kc := min(gemmKC, k-pc)
			packB(bufB, tB, b, ldb, pc, kc, jc, nc)
			for ic := 0; ic < m; ic += gemmMC {
				mc := min(gemmMC, m-ic)
				packA(bufA, tA, a, lda, ic, mc, pc, kc, alpha)
				macroKernel(bufA, bufB, mc, nc, kc, c[ic*ldc+jc:], ldc)
			}
		}
	}
}

// gemmBuffers are the packing buffers of one Gemm call, pooled so that
// the many small products inside LAPACK do not allocate.
type gemmBuffers struct{ a, b []float64 }

var gemmPool = sync.Pool{New: func() any { return new(gemmBuffers) }}

func grow(s *[]float64, n int) []float64 {
	if cap(*s) < n {
		*s = make([]float64, n)
	}
	return (*s)[:n]
}

func roundUp(x, r int) int { return (x + r - 1) / r * r }

// packA copies alpha·op(A)[ic:ic+mc, pc:pc+kc] into buf as consecutive
// micro-panels of gemmR rows, each stored column by column (kc groups of
// gemmR values), padding the last panel with zeros.
func packA(buf []float64, tA bool, a []float64, lda, ic, mc, pc, kc int, alpha float64) {
	o := 0
	for i := 0; i < mc; i += gemmR {
		r := min(gemmR, mc-i)
		p := buf[o : o+kc*gemmR]
		if r < gemmR {
			clear(p)
		}
		for ii := 0; ii < r; ii++ {
			row := ic + i + ii
			if tA {
				// op(A)[row, pc+q] = A[pc+q, row]
				for q := 0; q < kc; q++ {
					p[q*gemmR+ii] = alpha * a[(pc+q)*lda+row]
				}
			} else {
				src := a[row*lda+pc : row*lda+pc+kc]
				for q, v := range src {
					p[q*gemmR+ii] = alpha * v
				}
			}
		}
		o += kc * gemmR
	}
}

// packB copies op(B)[pc:pc+kc, jc:jc+nc] into buf as consecutive
// micro-panels of gemmR columns, each stored row by row, padding with
// zeros.
func packB(buf []float64, tB bool, b []float64, ldb, pc, kc, jc, nc int) {
	o := 0
	for j := 0; j < nc; j += gemmR {
		w := min(gemmR, nc-j)
		p := buf[o : o+kc*gemmR]
		if w < gemmR {
			clear(p)
		}
		for jj := 0; jj < w; jj++ {
			col := jc + j + jj
			if tB {
				// op(B)[pc+q, col] = B[col, pc+q]
				src := b[col*ldb+pc : col*ldb+pc+kc]
				for q, v := range src {
					p[q*gemmR+jj] = v
				}
			} else {
				for q := 0; q < kc; q++ {
					p[q*gemmR+jj] = b[(pc+q)*ldb+col]
				}
			}
		}
		o += kc * gemmR
	}
}

// macroKernel adds the product of the packed mc×kc block and kc×nc panel
// to c (row stride ldc).
func macroKernel(pa, pb []float64, mc, nc, kc int, c []float64, ldc int) {
	var tmp [gemmR * gemmR]float64
	for j := 0; j < nc; j += gemmR {
		w := min(gemmR, nc-j)
		bp := pb[(j/gemmR)*kc*gemmR : (j/gemmR+1)*kc*gemmR]
		for i := 0; i < mc; i += gemmR {
			r := min(gemmR, mc-i)
			ap := pa[(i/gemmR)*kc*gemmR : (i/gemmR+1)*kc*gemmR]
			if r == gemmR && w == gemmR {
				kernel4x4(ap, bp, kc, c[i*ldc+j:], ldc)
				continue
			}
			tmp = [gemmR * gemmR]float64{}
			kernel4x4(ap, bp, kc, tmp[:], gemmR)
			for ii := 0; ii < r; ii++ {
				for jj := 0; jj < w; jj++ {
					c[(i+ii)*ldc+j+jj] += tmp[ii*gemmR+jj]
				}
			}
		}
	}
}

// kernel4x4 adds the product of a 4×kc micro-panel of A and a kc×4
// micro-panel of B to the 4×4 block of c at row stride ldc, keeping the
// 16 sums in registers.
func kernel4x4(a, b []float64, kc int, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 float64
	var c20, c21, c22, c23, c30, c31, c32, c33 float64
	a = a[:kc*4]
	b = b[:kc*4]
	for q := 0; q < len(a); q += 4 {
		aq := a[q : q+4 : q+4]
		bq := b[q : q+4 : q+4]
		a0, a1, a2, a3 := aq[0], aq[1], aq[2], aq[3]
		b0, b1, b2, b3 := bq[0], bq[1], bq[2], bq[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		c20 += a2 * b0
		c21 += a2 * b1
		c22 += a2 * b2
		c23 += a2 * b3
		c30 += a3 * b0
		c31 += a3 * b1
		c32 += a3 * b2
		c33 += a3 * b3
	}
	r0 := c[0:4:4]
	r0[0] += c00
	r0[1] += c01
	r0[2] += c02
	r0[3] += c03
	r1 := c[ldc : ldc+4 : ldc+4]
	r1[0] += c10
	r1[1] += c11
	r1[2] += c12
	r1[3] += c13
	r2 := c[2*ldc : 2*ldc+4 : 2*ldc+4]
	r2[0] += c20
	r2[1] += c21
	r2[2] += c22
	r2[3] += c23
	r3 := c[3*ldc : 3*ldc+4 : 3*ldc+4]
	r3[0] += c30
	r3[1] += c31
	r3[2] += c32
	r3[3] += c33
}
