//go:build js && wasm

package main

import (
	"nnlrs/core/gemm"
	"nnlrs/wasm/kernels"
)

// Under WebAssembly the tests use the matrix multiply the solver Web
// Worker uses (gemm.Use), 3-5 times faster than gonum's without assembly,
// on the SIMD128 kernels where the runner loaded them (tools/wasmexec, as
// make test-wasm runs them; the pure-Go ones with NNLRS_KERNELS=off).
func init() {
	gemm.Use()
	kernels.Install()
}
