//go:build !wasm

package lasso

import "gonum.org/v1/gonum/floats"

// dotGo returns xᵀy for len(x) ≤ len(y): gonum's, in assembly on amd64
// (kernels_wasm.go has the WebAssembly version).
func dotGo(x, y []float64) float64 { return floats.Dot(x, y[:len(x)]) }

// axpyGo sets y += a·x for len(x) ≤ len(y).
func axpyGo(a float64, x, y []float64) { floats.AddScaled(y[:len(x)], a, x) }
