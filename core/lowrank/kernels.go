package lowrank

// Kernels are the passes of Anderson acceleration over the iterate
// (anderson.go: the mix x = g − ΔG γ and the residual's dot products)
// that a host may run in place of their Go loops (UseKernels): a nil
// field keeps the Go loop. Each must give the bits of the Go loop it
// replaces, GoKernels' field of its name, against which its host tests
// it.
type Kernels struct {
	// Mix4 sets, for q = 0, ..., len(dst)−1,
	//
	//	dst[q] = (((src[q] − g₀d0[q]) − g₁d1[q]) − g₂d2[q]) − g₃d3[q]
	//
	// (src may be dst), and, unless ng is nil, ng[q] = −src[q] and
	// nf[q] = −(src[q] − dst[q]) from dst before the pass; ng may be d0.
	Mix4 func(dst, src []float64, g *[4]float64, d0, d1, d2, d3, ng, nf []float64)
	// Dot2Diff adds to s = (s₀, s₁, t₀, t₁), in ascending i, a_i b_i to
	// s₀ and a_i (g_i − x_i) to t₀ for even i, to s₁ and t₁ for odd i.
	Dot2Diff func(a, b, g, x []float64, s *[4]float64)
}

// kern holds the kernels installed by UseKernels.
var kern Kernels

// UseKernels makes Anderson acceleration run the non-nil kernels of k in
// place of its Go loops; Kernels{} restores the Go loops. Call it before
// any solve, never while one runs: wasm/kernels installs its SIMD128
// kernels so.
func UseKernels(k Kernels) { kern = k }

// GoKernels returns the Go loops, every field set: what a host's kernels
// must reproduce bit for bit.
func GoKernels() Kernels { return Kernels{Mix4: mix4Go, Dot2Diff: dot2DiffGo} }
