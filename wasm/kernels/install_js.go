//go:build js && wasm

package kernels

import (
	"syscall/js"

	"nnlrs/core/eigen"
	"nnlrs/core/gemm"
	"nnlrs/core/lasso"
	"nnlrs/core/lowrank"
)

// The paths Install reports.
const (
	PathSIMD = "simd128" // the kernels of this package
	PathGo   = "go"      // the pure-Go kernels
)

// Install hands core/gemm's full tiles, packing and transposed
// matrix-vector product, core/eigen's reduction loops, core/lowrank's
// passes over the iterate and core/lasso's coordinate updates to the
// SIMD128 kernels when the host loaded them (loader.js set
// nnlrsKernelPath to "simd128"), else restores the Go loops (UseGo), and
// returns the path that runs, PathSIMD or PathGo. Call it once, after
// gemm.Use and before any matrix work.
func Install() string {
	if p := js.Global().Get("nnlrsKernelPath"); p.Type() != js.TypeString || p.String() != PathSIMD {
		UseGo()
		return PathGo
	}
	gemm.UseTiles(tiles)
	gemm.UsePackers(packers)
	gemm.UseGemvT(gemvTSIMD)
	eigen.UseKernels(eigenKernels)
	lowrank.UseKernels(lowrankKernels)
	lasso.UseKernels(lassoKernels)
	return PathSIMD
}

// UseGo restores the pure-Go kernels of core/gemm, core/eigen,
// core/lowrank and core/lasso, all that Install replaces.
func UseGo() {
	gemm.UseTiles(nil)
	gemm.UsePackers(gemm.Packers{})
	gemm.UseGemvT(nil)
	eigen.UseKernels(eigen.Kernels{})
	lowrank.UseKernels(lowrank.Kernels{})
	lasso.UseKernels(lasso.Kernels{})
}

// packers are core/gemm's packing on the SIMD128 kernels.
var packers = gemm.Packers{A: packASIMD, B: packBSIMD}

// eigenKernels are core/eigen's loops on the SIMD128 kernels.
var eigenKernels = eigen.Kernels{SymvRows: symvRowsSIMD, SubDot2Rows: subDot2RowsSIMD, Transposed: transposedSIMD}

// lowrankKernels are core/lowrank's passes over the iterate on the
// SIMD128 kernels.
var lowrankKernels = lowrank.Kernels{Mix4: mix4SIMD, Dot2Diff: dot2DiffSIMD, Push: pushSIMD,
	Residual: residualSIMD, EUpdate: eUpdateSIMD, Increment: incrementSIMD, Relaxed: relaxedSIMD}

// lassoKernels are core/lasso's coordinate updates on the SIMD128 kernels.
var lassoKernels = lasso.Kernels{Dot: dot4SIMD, Axpy: axpySIMD}
