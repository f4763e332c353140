// Package gemm is a packed, cache- and register-blocked matrix multiply
// (Gemm) and a gonum BLAS that uses it for Dgemm, Dsyrk and Dsyr2k, and
// runs gonum's Dgemv on every core with its bits (BLAS).
//
// The micro-kernel is chosen per target (kernel_*.go): 6×8 in AVX2 and
// FMA assembly on amd64 (two such tiles at once in AVX-512 where the
// processor has it, with the same bits), 3×4 in WebAssembly, 2×2 in Go
// elsewhere and with the noasm tag; docs/BENCH.md has their speeds against gonum's Dgemm
// (BenchmarkGemm*). The blocked parts of gonum's LAPACK
// (Dsytrd, Dormqr, ...) and every mat product inherit the speed once BLAS
// is installed.
//
// Nothing changes until a program asks: Use installs BLAS as the
// process-wide implementation of gonum's blas64 (and so of mat and of
// gonum's LAPACK). The command nnlrs and the solver Web Worker
// (wasm/solver) call it first thing, and the tests of core's heavy
// packages call it when compiled to WebAssembly (their blas_js_test.go).
package gemm

import "gonum.org/v1/gonum/blas/blas64"

// Use installs BLAS as gonum's process-wide BLAS (blas64.Use). Call it
// once, before any matrix work, from a main package.
func Use() { blas64.Use(BLAS{}) }
