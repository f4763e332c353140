package lasso

// Kernels are the coordinate descent's passes over a sample (robust.go:
// a coordinate's correlation x_jᵀr and its update of the residual r),
// that a host may run in place of their Go loops (UseKernels): a nil
// field keeps the Go loop. Each must give the bits of the Go loop it
// replaces, GoKernels' field of its name, against which its host tests
// it.
type Kernels struct {
	// Dot returns xᵀy over the len(x) ≤ len(y) entries of x. On
	// WebAssembly the Go loop keeps four sums, s_m of the entries
	// i ≡ m (mod 4) below len(x) rounded down to a multiple of 4, in
	// ascending i, adds the last len(x) mod 4 entries to s₀ and returns
	// (s₀ + s₁) + (s₂ + s₃); natively it is gonum's floats.Dot.
	Dot func(x, y []float64) float64
	// Axpy sets y_i = y_i + a·x_i for the len(x) ≤ len(y) entries of x.
	Axpy func(a float64, x, y []float64)
}

// kern holds the kernels that run: those UseKernels was given, the Go
// loops in its nil fields.
var kern = GoKernels()

// UseKernels makes the coordinate descent run the non-nil kernels of k in
// place of their Go loops; Kernels{} restores the Go loops. Call it before
// any solve, never while one runs: wasm/kernels installs its SIMD128
// kernels so.
func UseKernels(k Kernels) {
	g := GoKernels()
	if k.Dot == nil {
		k.Dot = g.Dot
	}
	if k.Axpy == nil {
		k.Axpy = g.Axpy
	}
	kern = k
}

// GoKernels returns the Go loops, every field set: what a host's kernels
// must reproduce bit for bit.
func GoKernels() Kernels { return Kernels{Dot: dotGo, Axpy: axpyGo} }
