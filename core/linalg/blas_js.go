//go:build js && wasm

package linalg

import "gonum.org/v1/gonum/blas/blas64"

// Without assembly, gonum's matrix multiply is 3-5 times slower than the
// packed kernel of Gemm; install it for mat and gonum's LAPACK.
func init() { blas64.Use(BLAS{}) }
