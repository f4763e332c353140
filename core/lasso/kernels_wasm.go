//go:build wasm

package lasso

// The coordinate descent's kernels in WebAssembly, where gonum's floats
// runs its generic Go loops: four independent partial sums keep the
// engine's scalar pipeline busy where one chain of additions waits on
// each (Go emits no vector instructions for WebAssembly; docs/BENCH.md
// measures the l1-graph with them). Natively gonum's assembly is faster
// (kernels_other.go).

// dotGo returns xᵀy for len(x) ≤ len(y), in four partial sums.
func dotGo(x, y []float64) float64 {
	y = y[:len(x)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 += x[i] * y[i]
		s1 += x[i+1] * y[i+1]
		s2 += x[i+2] * y[i+2]
		s3 += x[i+3] * y[i+3]
	}
	for ; i < len(x); i++ {
		s0 += x[i] * y[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpyGo sets y += a·x for len(x) ≤ len(y), four entries a step.
func axpyGo(a float64, x, y []float64) {
	y = y[:len(x)]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		y[i] += a * x[i]
		y[i+1] += a * x[i+1]
		y[i+2] += a * x[i+2]
		y[i+3] += a * x[i+3]
	}
	for ; i < len(x); i++ {
		y[i] += a * x[i]
	}
}
