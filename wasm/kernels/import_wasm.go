//go:build wasm

package kernels

import (
	"runtime"
	"unsafe"
)

// The kernels as the Go program imports them: byte addresses in its
// memory and counts (see the kernel writers).

//go:wasmimport nnlrs_kernels gemm_tiles
func gemmTilesImport(a, b unsafe.Pointer, mt, nt, kc int32, c unsafe.Pointer, ldc int32)

// tiles is gemm.Tiles on the SIMD128 kernel: the full 3×4 tiles of a
// packed block, after checking that every tile lies inside the slices.
func tiles(a, b []float64, mt, nt, kc int, c []float64, ldc int) {
	if mt <= 0 || nt <= 0 || kc <= 0 {
		return
	}
	if len(a) < mt*gemmMR*kc || len(b) < nt*gemmNR*kc || ldc < nt*gemmNR || len(c) < (mt*gemmMR-1)*ldc+nt*gemmNR {
		panic("kernels: tiles outside the slices")
	}
	gemmTilesImport(unsafe.Pointer(&a[0]), unsafe.Pointer(&b[0]), int32(mt), int32(nt), int32(kc), unsafe.Pointer(&c[0]), int32(ldc))
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	runtime.KeepAlive(c)
}

//go:wasmimport nnlrs_kernels symv_rows
func symvRowsImport(n int32, a unsafe.Pointer, lda int32, x, y unsafe.Pointer)

// symvRowsSIMD is eigen.Kernels.SymvRows on the SIMD128 kernel, after
// checking that the lower triangle and the vectors lie inside the slices.
func symvRowsSIMD(n int, a []float64, lda int, x, y []float64) {
	if n <= 0 {
		return
	}
	if lda < n || len(a) < (n-1)*lda+n || len(x) < n || len(y) < n {
		panic("kernels: symv outside the slices")
	}
	symvRowsImport(int32(n), unsafe.Pointer(&a[0]), int32(lda), unsafe.Pointer(&x[0]), unsafe.Pointer(&y[0]))
	runtime.KeepAlive(a)
	runtime.KeepAlive(x)
	runtime.KeepAlive(y)
}

//go:wasmimport nnlrs_kernels sub_dot2_rows
func subDot2RowsImport(rows, m int32, x1 unsafe.Pointer, ld1 int32, y1, x2 unsafe.Pointer, ld2 int32, y2, out unsafe.Pointer, ldo int32)

// subDot2RowsSIMD is eigen.Kernels.SubDot2Rows on the SIMD128 kernel,
// after checking that every row and vector lies inside the slices.
func subDot2RowsSIMD(rows, m int, x1 []float64, ld1 int, y1, x2 []float64, ld2 int, y2, out []float64, ldo int) {
	if rows <= 0 {
		return
	}
	if m < 0 || ld1 < 0 || ld2 < 0 || ldo < 0 || len(y1) < m || len(y2) < m ||
		len(x1) < (rows-1)*ld1+m || len(x2) < (rows-1)*ld2+m || len(out) < (rows-1)*ldo+1 {
		panic("kernels: dot2 rows outside the slices")
	}
	// With m = 0 the kernel reads no entry of x1, y1, x2, y2: any
	// address serves.
	p := func(s []float64) unsafe.Pointer {
		if len(s) == 0 {
			return unsafe.Pointer(&out[0])
		}
		return unsafe.Pointer(&s[0])
	}
	subDot2RowsImport(int32(rows), int32(m), p(x1), int32(ld1), p(y1), p(x2), int32(ld2), p(y2), unsafe.Pointer(&out[0]), int32(ldo))
	runtime.KeepAlive(x1)
	runtime.KeepAlive(y1)
	runtime.KeepAlive(x2)
	runtime.KeepAlive(y2)
	runtime.KeepAlive(out)
}

//go:wasmimport nnlrs_kernels pack_a
func packAImport(buf unsafe.Pointer, trans int32, a unsafe.Pointer, lda, kc, panels int32, alpha float64)

//go:wasmimport nnlrs_kernels pack_b
func packBImport(buf unsafe.Pointer, trans int32, b unsafe.Pointer, ldb, kc, panels int32)

func b2i(t bool) int32 {
	if t {
		return 1
	}
	return 0
}

// packASIMD is gemm.Packers.A on the SIMD128 kernel (3-row panels), after
// checking that the panels lie inside the slices.
func packASIMD(buf []float64, trans bool, a []float64, lda, kc, panels int, alpha float64) {
	if kc <= 0 || panels <= 0 {
		return
	}
	need := (gemmMR*panels-1)*lda + kc // rows of A
	if trans {
		need = (kc-1)*lda + gemmMR*panels
	}
	if len(buf) < panels*kc*gemmMR || len(a) < need {
		panic("kernels: pack A outside the slices")
	}
	packAImport(unsafe.Pointer(&buf[0]), b2i(trans), unsafe.Pointer(&a[0]), int32(lda), int32(kc), int32(panels), alpha)
	runtime.KeepAlive(buf)
	runtime.KeepAlive(a)
}

// packBSIMD is gemm.Packers.B on the SIMD128 kernel (4-column panels),
// after checking that the panels lie inside the slices.
func packBSIMD(buf []float64, trans bool, b []float64, ldb, kc, panels int) {
	if kc <= 0 || panels <= 0 {
		return
	}
	need := (kc-1)*ldb + gemmNR*panels
	if trans { // columns of op(B) are rows of B
		need = (gemmNR*panels-1)*ldb + kc
	}
	if len(buf) < panels*kc*gemmNR || len(b) < need {
		panic("kernels: pack B outside the slices")
	}
	packBImport(unsafe.Pointer(&buf[0]), b2i(trans), unsafe.Pointer(&b[0]), int32(ldb), int32(kc), int32(panels))
	runtime.KeepAlive(buf)
	runtime.KeepAlive(b)
}

//go:wasmimport nnlrs_kernels transposed
func transposedImport(v, a unsafe.Pointer, lda int32, w unsafe.Pointer, ldw, m, rows int32, tW, tA unsafe.Pointer)

// transposedSIMD is eigen.Kernels.Transposed on the SIMD128 kernel: tW
// and tA cleared here, then the rows added by the kernel, after checking
// that they lie inside the slices.
func transposedSIMD(v, a []float64, lda int, w []float64, ldw, i, k0, k1 int, tW, tA []float64) {
	clear(tW)
	clear(tA)
	if i <= 0 || k1 <= k0 {
		return
	}
	if k0 < 0 || len(tW) < i || len(tA) < i || len(v) < k1 || lda < i || ldw < i || len(a) < (k1-1)*lda+i || len(w) < (k1-1)*ldw+i {
		panic("kernels: transposed outside the slices")
	}
	transposedImport(unsafe.Pointer(&v[k0]), unsafe.Pointer(&a[k0*lda]), int32(lda), unsafe.Pointer(&w[k0*ldw]), int32(ldw),
		int32(i), int32(k1-k0), unsafe.Pointer(&tW[0]), unsafe.Pointer(&tA[0]))
	runtime.KeepAlive(v)
	runtime.KeepAlive(a)
	runtime.KeepAlive(w)
	runtime.KeepAlive(tW)
	runtime.KeepAlive(tA)
}

//go:wasmimport nnlrs_kernels gemv_t
func gemvTImport(m, n int32, alpha float64, a unsafe.Pointer, lda int32, x unsafe.Pointer, incX, zero int32, beta float64, y unsafe.Pointer, incY int32)

// gemvTSIMD is gemm.GemvT on the SIMD128 kernel, after checking that A, x
// and y lie inside the slices. With beta = 0 and incY = 1 it clears all
// of y first, as gonum's Dgemv does.
func gemvTSIMD(m, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
	if m <= 0 || n <= 0 {
		return
	}
	if incX <= 0 || incY <= 0 || lda < n || len(a) < (m-1)*lda+n || len(x) < (m-1)*incX+1 || len(y) < (n-1)*incY+1 {
		panic("kernels: gemv outside the slices")
	}
	var zero int32
	if beta == 0 {
		zero = 1
		if incY == 1 {
			clear(y)
		}
	}
	gemvTImport(int32(m), int32(n), alpha, unsafe.Pointer(&a[0]), int32(lda), unsafe.Pointer(&x[0]), int32(incX), zero, beta, unsafe.Pointer(&y[0]), int32(incY))
	runtime.KeepAlive(a)
	runtime.KeepAlive(x)
	runtime.KeepAlive(y)
}

//go:wasmimport nnlrs_kernels mix4
func mix4Import(n int32, dst, src, d0, d1, d2, d3 unsafe.Pointer, g0, g1, g2, g3 float64)

//go:wasmimport nnlrs_kernels mix4_first
func mix4FirstImport(n int32, dst, src, d0, d1, d2, d3, ng, nf unsafe.Pointer, g0, g1, g2, g3 float64)

// mix4SIMD is lowrank.Kernels.Mix4 on the SIMD128 kernels, after checking
// that every vector holds len(dst) entries.
func mix4SIMD(dst, src []float64, g [4]float64, d0, d1, d2, d3, ng, nf []float64) {
	n := len(dst)
	if n == 0 {
		return
	}
	p := func(s []float64) unsafe.Pointer { return addr(s, n) }
	if ng == nil {
		mix4Import(int32(n), p(dst), p(src), p(d0), p(d1), p(d2), p(d3), g[0], g[1], g[2], g[3])
	} else {
		mix4FirstImport(int32(n), p(dst), p(src), p(d0), p(d1), p(d2), p(d3), p(ng), p(nf), g[0], g[1], g[2], g[3])
	}
	runtime.KeepAlive(dst)
	runtime.KeepAlive(src)
	runtime.KeepAlive(d0)
	runtime.KeepAlive(d1)
	runtime.KeepAlive(d2)
	runtime.KeepAlive(d3)
	runtime.KeepAlive(ng)
	runtime.KeepAlive(nf)
}

//go:wasmimport nnlrs_kernels dot2_diff
func dot2DiffImport(n int32, a, b, g, x, s unsafe.Pointer)

// dot2DiffSIMD is lowrank.Kernels.Dot2Diff on the SIMD128 kernel, after
// checking that b, g and x hold len(a) entries.
func dot2DiffSIMD(a, b, g, x []float64, s [4]float64) [4]float64 {
	n := len(a)
	if n == 0 {
		return s
	}
	dot2DiffImport(int32(n), addr(a, n), addr(b, n), addr(g, n), addr(x, n), unsafe.Pointer(&s))
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	runtime.KeepAlive(g)
	runtime.KeepAlive(x)
	return s
}

// pass4 runs an element-wise kernel of four vectors on n entries, after
// checking that each holds n.
func pass4(kernel func(n int32, a, b, c, d unsafe.Pointer), n int, a, b, c, d []float64) {
	if n == 0 {
		return
	}
	kernel(int32(n), addr(a, n), addr(b, n), addr(c, n), addr(d, n))
	runtime.KeepAlive(a)
	runtime.KeepAlive(b)
	runtime.KeepAlive(c)
	runtime.KeepAlive(d)
}

// addr returns the address of s's first entry, after checking that s
// holds n entries (n > 0).
func addr(s []float64, n int) unsafe.Pointer {
	if len(s) < n {
		panic("kernels: a vector shorter than the pass")
	}
	return unsafe.Pointer(&s[0])
}

//go:wasmimport nnlrs_kernels residual
func residualImport(n int32, r, x, az, u unsafe.Pointer)

// residualSIMD is lowrank.Kernels.Residual on the SIMD128 kernel.
func residualSIMD(r, x, az, u []float64) { pass4(residualImport, len(r), r, x, az, u) }

//go:wasmimport nnlrs_kernels e_update
func eUpdateImport(n int32, y, w, r, x, az, e, u unsafe.Pointer, mu, alpha, alphaBar float64)

// eUpdateSIMD is lowrank.Kernels.EUpdate on the SIMD128 kernel.
func eUpdateSIMD(y, w, r, x, az, e, u []float64, mu, alpha float64) {
	n := len(r)
	if n == 0 {
		return
	}
	eUpdateImport(int32(n), addr(y, n), addr(w, n), addr(r, n), addr(x, n), addr(az, n), addr(e, n), addr(u, n), mu, alpha, 1-alpha)
	runtime.KeepAlive(y)
	runtime.KeepAlive(w)
	runtime.KeepAlive(r)
	runtime.KeepAlive(x)
	runtime.KeepAlive(az)
	runtime.KeepAlive(e)
	runtime.KeepAlive(u)
}

//go:wasmimport nnlrs_kernels increment
func incrementImport(n int32, o, u, w, az unsafe.Pointer)

// incrementSIMD is lowrank.Kernels.Increment on the SIMD128 kernel.
func incrementSIMD(o, u, w, az []float64) { pass4(incrementImport, len(o), o, u, w, az) }

//go:wasmimport nnlrs_kernels relaxed
func relaxedImport(n int32, o, u, zn, h, z unsafe.Pointer, alpha, alphaBar float64)

// relaxedSIMD is lowrank.Kernels.Relaxed on the SIMD128 kernel.
func relaxedSIMD(o, u, zn, h, z []float64, alpha float64) {
	n := len(o)
	if n == 0 {
		return
	}
	relaxedImport(int32(n), addr(o, n), addr(u, n), addr(zn, n), addr(h, n), addr(z, n), alpha, 1-alpha)
	runtime.KeepAlive(o)
	runtime.KeepAlive(u)
	runtime.KeepAlive(zn)
	runtime.KeepAlive(h)
	runtime.KeepAlive(z)
}

//go:wasmimport nnlrs_kernels push
func pushImport(n int32, dg, df, g, x unsafe.Pointer)

// pushSIMD is lowrank.Kernels.Push on the SIMD128 kernel.
func pushSIMD(dg, df, g, x []float64) { pass4(pushImport, len(g), dg, df, g, x) }

//go:wasmimport nnlrs_kernels dot4
func dot4Import(n int32, x, y unsafe.Pointer) float64

// dot4SIMD is lasso.Kernels.Dot on the SIMD128 kernel, after checking
// that y holds len(x) entries.
func dot4SIMD(x, y []float64) float64 {
	n := len(x)
	if n == 0 {
		return 0
	}
	s := dot4Import(int32(n), addr(x, n), addr(y, n))
	runtime.KeepAlive(x)
	runtime.KeepAlive(y)
	return s
}

//go:wasmimport nnlrs_kernels axpy
func axpyImport(n int32, x, y unsafe.Pointer, a float64)

// axpySIMD is lasso.Kernels.Axpy on the SIMD128 kernel, after checking
// that y holds len(x) entries.
func axpySIMD(a float64, x, y []float64) {
	n := len(x)
	if n == 0 {
		return
	}
	axpyImport(int32(n), addr(x, n), addr(y, n), a)
	runtime.KeepAlive(x)
	runtime.KeepAlive(y)
}
