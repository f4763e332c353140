//go:build !wasm

package lasso

import "gonum.org/v1/gonum/floats"

// dot returns xᵀy for len(x) ≤ len(y): gonum's, in assembly on amd64
// (kernels_wasm.go has the WebAssembly version).
func dot(x, y []float64) float64 { return floats.Dot(x, y[:len(x)]) }

// axpy sets y += a·x for len(x) ≤ len(y).
func axpy(a float64, x, y []float64) { floats.AddScaled(y[:len(x)], a, x) }
