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
