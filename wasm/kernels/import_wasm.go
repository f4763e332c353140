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
