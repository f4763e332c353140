// Package gemm is a packed, cache- and register-blocked matrix multiply
// (Gemm) and a gonum BLAS that uses it for Dgemm, Dsyrk and Dsyr2k (BLAS).
//
// gonum's own Dgemm calls assembly on amd64 and is as fast there (the same
// 6 GFLOP/s at n = 100..800, and gonum's Dsyrk faster: docs/BENCH.md,
// issue 13), so native programs keep it; without assembly, in
// WebAssembly, Gemm is 3-5 times faster (n = 200: 4.9 ms against 14.3 ms
// in the browser), and the blocked parts of gonum's LAPACK (Dsytrd,
// Dormqr, ...) and every mat product inherit the speed.
//
// Nothing changes until a program asks: Use installs BLAS as the
// process-wide implementation of gonum's blas64 (and so of mat and of
// gonum's LAPACK). The solver Web Worker (wasm/solver) calls it first
// thing, and the tests of core's heavy packages call it when compiled to
// WebAssembly (their blas_js_test.go).
package gemm

import "gonum.org/v1/gonum/blas/blas64"

// Use installs BLAS as gonum's process-wide BLAS (blas64.Use). Call it
// once, before any matrix work, in a program that runs without assembly.
func Use() { blas64.Use(BLAS{}) }
