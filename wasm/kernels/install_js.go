//go:build js && wasm

package kernels

import (
	"syscall/js"

	"nnlrs/core/gemm"
)

// The paths Install reports.
const (
	PathSIMD = "simd128" // the kernels of this package
	PathGo   = "go"      // the pure-Go kernels
)

// Install hands core/gemm's full tiles to the SIMD128 kernel when the host
// loaded it (loader.js set nnlrsKernelPath to "simd128") and returns the
// path that runs, PathSIMD or PathGo. Call it once, after gemm.Use and
// before any matrix work.
func Install() string {
	if p := js.Global().Get("nnlrsKernelPath"); p.Type() != js.TypeString || p.String() != PathSIMD {
		gemm.UseTiles(nil)
		return PathGo
	}
	gemm.UseTiles(tiles)
	return PathSIMD
}
