package gemm

import (
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"nnlrs/core/parallel"
)

// BLAS is gonum's pure-Go BLAS with the matrix multiply Dgemm, and Dsyrk
// and Dsyr2k built on it, replaced by Gemm, a packed, register-blocked
// kernel: 5-6 times gonum's Dgemm natively (AVX2 and FMA) and 3-5 times in
// WebAssembly; its Dgemv is gonum's, shared out over every core. Use
// installs it.
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
// are packed into contiguous micro-panels of gemmNR columns (gemmMR
// rows), so that the gemmMR×gemmNR micro-kernel (kernel_*.go) streams
// through memory with unit stride. The sizes keep the A block
// (mc·kc·8 ≤ 128 KiB) near L2 and one B micro-panel in L1; mc is a
// multiple of gemmMR, so that only the matrix's last panel is padded.
const (
	gemmKC = 256
	gemmMC = 64 / gemmMR * gemmMR
	gemmNC = 2048
)

// Gemm computes C = alpha op(A) op(B) + beta C for row-major matrices,
// op(X) = Xᵀ when the matching flag is set: C is m×n, op(A) is m×k and
// op(B) is k×n, with leading dimensions (row strides) lda, ldb and ldc.
// It is the pure-Go kernel behind BLAS.Dgemm and does not check its
// arguments. As in the reference BLAS, beta = 0 overwrites C (NaNs in C
// do not propagate) and alpha = 0 does not read A or B.
//
// A product of at least gemmParallel multiply-adds runs on every core
// (package parallel): the blocks of C are shared out, each computed by
// one goroutine over the same sequence of k-panels, so that every entry
// of C is the same sum in the same order, and the result the same bits,
// whatever the number of threads.
func Gemm(tA, tB bool, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	shared := m*n*k >= gemmParallel
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
	bufB := grow(&bufs.b, roundUp(min(n, gemmNC), gemmNR)*min(k, gemmKC))
	if !shared || parallel.Workers() == 1 {
		bufA := grow(&bufs.a, roundUp(min(m, gemmMC), gemmMR)*min(k, gemmKC))
		for jc := 0; jc < n; jc += gemmNC {
			nc := min(gemmNC, n-jc)
			for pc := 0; pc < k; pc += gemmKC {
				kc := min(gemmKC, k-pc)
				packB(bufB, tB, b, ldb, pc, kc, jc, 0, nc)
				for ic := 0; ic < m; ic += gemmMC {
					mc := min(gemmMC, m-ic)
					packA(bufA, tA, a, lda, ic, mc, pc, kc, alpha)
					macroKernel(bufA, bufB, mc, nc, kc, c[ic*ldc+jc:], ldc)
				}
			}
		}
		return
	}
	// The tasks of a panel: the blocks of gemmMC rows of C, each across
	// the panel's columns or, when the blocks are too few to keep every
	// core busy, across a part of them (each part packs its block of A
	// again, a small cost beside its products).
	blocks := (m + gemmMC - 1) / gemmMC
	for jc := 0; jc < n; jc += gemmNC {
		nc := min(gemmNC, n-jc)
		parts := 1
		if want := 4 * parallel.Workers(); blocks < want {
			parts = min((want+blocks-1)/blocks, (nc+4*gemmNR-1)/(4*gemmNR))
		}
		width := roundUp((nc+parts-1)/parts, gemmNR)
		parts = (nc + width - 1) / width
		for pc := 0; pc < k; pc += gemmKC {
			kc := min(gemmKC, k-pc)
			panels := (nc + gemmNR - 1) / gemmNR
			parallel.For(panels, max(1, panels/(2*parallel.Workers())), func(lo, hi int) {
				packB(bufB, tB, b, ldb, pc, kc, jc, lo*gemmNR, min(hi*gemmNR, nc))
			})
			parallel.For(blocks*parts, 1, func(lo, hi int) {
				bufs := gemmPool.Get().(*gemmBuffers)
				defer gemmPool.Put(bufs)
				bufA := grow(&bufs.a, roundUp(min(m, gemmMC), gemmMR)*min(k, gemmKC))
				for t := lo; t < hi; t++ {
					ic, j0 := t/parts*gemmMC, t%parts*width
					mc, w := min(gemmMC, m-ic), min(width, nc-j0)
					packA(bufA, tA, a, lda, ic, mc, pc, kc, alpha)
					macroKernel(bufA, bufB[j0/gemmNR*kc*gemmNR:], mc, w, kc, c[ic*ldc+jc+j0:], ldc)
				}
			})
		}
	}
}

// gemmParallel is the size m·n·k from which Gemm shares out its blocks:
// below, the goroutines cost more than they save.
const gemmParallel = 96 * 96 * 96

// gemmBuffers are the packing buffers of one Gemm call (or of one of its
// tasks), pooled so that the many small products inside LAPACK do not
// allocate; Dtrmm keeps its copy of B and the panel of op(A) it
// multiplies in copyB and panel, syrkTerms its diagonal blocks in diag.
type gemmBuffers struct{ a, b, copyB, panel, diag []float64 }

var gemmPool = sync.Pool{New: func() any { return new(gemmBuffers) }}

func grow(s *[]float64, n int) []float64 {
	if cap(*s) < n {
		*s = make([]float64, n)
	}
	return (*s)[:n]
}

func roundUp(x, r int) int { return (x + r - 1) / r * r }

// packA copies alpha·op(A)[ic:ic+mc, pc:pc+kc] into buf as consecutive
// micro-panels of gemmMR rows, each stored column by column (kc groups of
// gemmMR values), padding the last panel with zeros. The full panels go
// through packers.A when it is set (UsePackers).
func packA(buf []float64, tA bool, a []float64, lda, ic, mc, pc, kc int, alpha float64) {
	full := mc / gemmMR
	if full > 0 {
		var src []float64
		if tA {
			src = a[pc*lda+ic:]
		} else {
			src = a[ic*lda+pc:]
		}
		if packers.A != nil {
			packers.A(buf, tA, src, lda, kc, full, alpha)
		} else {
			packAFull(buf, tA, src, lda, kc, full, alpha)
		}
	}
	if i := full * gemmMR; i < mc {
		r := mc - i
		p := buf[full*kc*gemmMR : (full+1)*kc*gemmMR]
		clear(p)
		for ii := 0; ii < r; ii++ {
			row := ic + i + ii
			if tA {
				// op(A)[row, pc+q] = A[pc+q, row]
				for q := 0; q < kc; q++ {
					p[q*gemmMR+ii] = alpha * a[(pc+q)*lda+row]
				}
			} else {
				src := a[row*lda+pc : row*lda+pc+kc]
				for q, v := range src {
					p[q*gemmMR+ii] = alpha * v
				}
			}
		}
	}
}

// packAFull is Packers.A in Go.
func packAFull(buf []float64, tA bool, a []float64, lda, kc, panels int, alpha float64) {
	for i := 0; i < panels; i++ {
		p := buf[i*kc*gemmMR : (i+1)*kc*gemmMR]
		if tA {
			// Rows q of A hold the micro-panel's columns side by side.
			for q := 0; q < kc; q++ {
				off := q*lda + i*gemmMR
				src := a[off : off+gemmMR]
				dst := p[q*gemmMR : (q+1)*gemmMR]
				for t := range dst {
					dst[t] = alpha * src[t]
				}
			}
			continue
		}
		for ii := 0; ii < gemmMR; ii++ {
			row := i*gemmMR + ii
			src := a[row*lda : row*lda+kc]
			for q, v := range src {
				p[q*gemmMR+ii] = alpha * v
			}
		}
	}
}

// packB copies op(B)[pc:pc+kc, jc+j0:jc+j1] into buf as consecutive
// micro-panels of gemmNR columns, each stored row by row, padding with
// zeros: the micro-panel of columns jc+j.. is at buf[j/gemmNR·kc·gemmNR],
// so that the columns of a panel are packed in parts (j0 a multiple of
// gemmNR) as they are in one. The full panels go through packers.B when
// it is set (UsePackers).
func packB(buf []float64, tB bool, b []float64, ldb, pc, kc, jc, j0, j1 int) {
	o := j0 / gemmNR * kc * gemmNR
	full := (j1 - j0) / gemmNR
	if full > 0 {
		var src []float64
		if tB {
			src = b[(jc+j0)*ldb+pc:]
		} else {
			src = b[pc*ldb+jc+j0:]
		}
		if packers.B != nil {
			packers.B(buf[o:], tB, src, ldb, kc, full)
		} else {
			packBFull(buf[o:], tB, src, ldb, kc, full)
		}
	}
	if j := j0 + full*gemmNR; j < j1 {
		w := j1 - j
		o += full * kc * gemmNR
		p := buf[o : o+kc*gemmNR]
		clear(p)
		for jj := 0; jj < w; jj++ {
			col := jc + j + jj
			if tB {
				// op(B)[pc+q, col] = B[col, pc+q]
				src := b[col*ldb+pc : col*ldb+pc+kc]
				for q, v := range src {
					p[q*gemmNR+jj] = v
				}
			} else {
				for q := 0; q < kc; q++ {
					p[q*gemmNR+jj] = b[(pc+q)*ldb+col]
				}
			}
		}
	}
}

// packBFull is Packers.B in Go.
func packBFull(buf []float64, tB bool, b []float64, ldb, kc, panels int) {
	for j := 0; j < panels; j++ {
		p := buf[j*kc*gemmNR : (j+1)*kc*gemmNR]
		if !tB {
			// Rows q of B hold the micro-panel's rows.
			for q := 0; q < kc; q++ {
				off := q*ldb + j*gemmNR
				src := b[off : off+gemmNR]
				dst := p[q*gemmNR : (q+1)*gemmNR]
				for t := range dst {
					dst[t] = src[t]
				}
			}
			continue
		}
		for jj := 0; jj < gemmNR; jj++ {
			// op(B)[q, col] = B[col, q]
			src := b[(j*gemmNR+jj)*ldb : (j*gemmNR+jj)*ldb+kc]
			for q, v := range src {
				p[q*gemmNR+jj] = v
			}
		}
	}
}

// Packers copy the full micro-panels of Gemm's blocks into its packing
// buffers (UsePackers), each with the bits of its Go loop (GoPackers):
//
//	A: for the panels i < panels of gemmMR rows of op(A) at a (row stride
//	   lda; op(A) = Aᵀ when trans), buf[(i·kc + q)·gemmMR + r] =
//	   alpha · op(A)[i·gemmMR + r, q], q < kc (a multiply, rounded, also
//	   when alpha = 1);
//	B: for the panels j < panels of gemmNR columns of op(B) at b,
//	   buf[(j·kc + q)·gemmNR + c] = op(B)[q, j·gemmNR + c], q < kc.
type Packers struct {
	A func(buf []float64, trans bool, a []float64, lda, kc, panels int, alpha float64)
	B func(buf []float64, trans bool, b []float64, ldb, kc, panels int)
}

// packers holds the packers installed by UsePackers.
var packers Packers

// UsePackers makes Gemm pack its full micro-panels with the non-nil
// packers of p, the partial last panel staying in Go; Packers{} restores
// the Go loops. Call it before any matrix work, never while a product
// runs: wasm/kernels installs its SIMD128 packers so.
func UsePackers(p Packers) { packers = p }

// GoPackers returns the Go loops of the full micro-panels, every field
// set: what a host's packers must reproduce bit for bit.
func GoPackers() Packers { return Packers{A: packAFull, B: packBFull} }

// Tiles adds, for every tile (i, j) with i < mt and j < nt, the product
// of the i-th gemmMR×kc micro-panel of a (packed column by column, at
// a[i·gemmMR·kc:]) and the j-th kc×gemmNR micro-panel of b (packed row by
// row, at b[j·gemmNR·kc:]) to the gemmMR×gemmNR block of c at row
// gemmMR·i, column gemmNR·j (row stride ldc): the full tiles of a block,
// with the bits of microKernel on each.
type Tiles func(a, b []float64, mt, nt, kc int, c []float64, ldc int)

// tiles, when set (UseTiles), computes the full tiles of every block.
var tiles Tiles

// UseTiles makes Gemm hand the full tiles of each packed block to t, the
// edge tiles staying with the Go micro-kernel; nil restores the Go
// micro-kernel for all. t must add what microKernel adds, bit for bit:
// wasm/kernels installs its SIMD128 kernel so. Call it before any matrix
// work, never while a product runs.
func UseTiles(t Tiles) { tiles = t }

// macroKernel adds the product of the packed mc×kc block and kc×nc panel
// to c (row stride ldc), one gemmMR×gemmNR tile at a time, or two
// stacked where the target has a kernel for them (hasPair), or the full
// tiles at once through tiles when it is set; edge tiles go through a
// scratch tile.
func macroKernel(pa, pb []float64, mc, nc, kc int, c []float64, ldc int) {
	if tiles != nil {
		mt, nt := mc/gemmMR, nc/gemmNR
		if mt > 0 && nt > 0 {
			tiles(pa, pb, mt, nt, kc, c, ldc)
		}
		for j := 0; j < nc; j += gemmNR {
			for i := 0; i < mc; i += gemmMR {
				if i < mt*gemmMR && j < nt*gemmNR {
					continue
				}
				edgeTile(pa, pb, i, j, mc, nc, kc, c, ldc)
			}
		}
		return
	}
	for j := 0; j < nc; j += gemmNR {
		w := min(gemmNR, nc-j)
		bp := pb[(j/gemmNR)*kc*gemmNR : (j/gemmNR+1)*kc*gemmNR]
		for i := 0; i < mc; i += gemmMR {
			r := min(gemmMR, mc-i)
			ap := pa[(i/gemmMR)*kc*gemmMR : (i/gemmMR+1)*kc*gemmMR]
			if r == gemmMR && w == gemmNR {
				if hasPair && i+2*gemmMR <= mc {
					// Two micro-panels of A at once: rows i..i+2·gemmMR.
					microKernelPair(pa[(i/gemmMR)*kc*gemmMR:(i/gemmMR+2)*kc*gemmMR], bp, kc, c[i*ldc+j:], ldc)
					i += gemmMR
					continue
				}
				microKernel(ap, bp, kc, c[i*ldc+j:], ldc)
				continue
			}
			edgeTile(pa, pb, i, j, mc, nc, kc, c, ldc)
		}
	}
}

// edgeTile adds the tile at row i, column j of the packed block's product
// to c through a scratch tile: the part of it inside the mc×nc block.
func edgeTile(pa, pb []float64, i, j, mc, nc, kc int, c []float64, ldc int) {
	var tmp [gemmMR * gemmNR]float64
	r, w := min(gemmMR, mc-i), min(gemmNR, nc-j)
	ap := pa[(i/gemmMR)*kc*gemmMR : (i/gemmMR+1)*kc*gemmMR]
	bp := pb[(j/gemmNR)*kc*gemmNR : (j/gemmNR+1)*kc*gemmNR]
	microKernel(ap, bp, kc, tmp[:], gemmNR)
	for ii := 0; ii < r; ii++ {
		for jj := 0; jj < w; jj++ {
			c[(i+ii)*ldc+j+jj] += tmp[ii*gemmNR+jj]
		}
	}
}
