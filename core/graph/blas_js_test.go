//go:build js && wasm

package graph

import "nnlrs/core/gemm"

// Under WebAssembly the tests use the matrix multiply the solver Web
// Worker uses (gemm.Use), 3-5 times faster than gonum's without assembly.
func init() { gemm.Use() }
