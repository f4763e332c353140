package lowrank

// Kernels are passes over the iterate, of Anderson acceleration
// (anderson.go: the mix x = g − ΔG γ, the history's differences and the
// residual's dot products) and of the ADMM step (admm.go: the E-step and
// the multipliers), that a host may run in place of their Go loops
// (UseKernels): a nil field keeps the Go loop. Each must give the bits of
// the Go loop it replaces, GoKernels' field of its name, against which
// its host tests it.
type Kernels struct {
	// Mix4 sets, for q = 0, ..., len(dst)−1,
	//
	//	dst[q] = (((src[q] − g₀d0[q]) − g₁d1[q]) − g₂d2[q]) − g₃d3[q]
	//
	// (src may be dst), and, unless ng is nil, ng[q] = −src[q] and
	// nf[q] = −(src[q] − dst[q]) from dst before the pass; ng may be d0.
	Mix4 func(dst, src []float64, g [4]float64, d0, d1, d2, d3, ng, nf []float64)
	// Dot2Diff returns s = (s₀, s₁, t₀, t₁) with, in ascending i, a_i b_i
	// added to s₀ and a_i (g_i − x_i) to t₀ for even i, to s₁ and t₁ for
	// odd i.
	Dot2Diff func(a, b, g, x []float64, s [4]float64) [4]float64
	// Residual sets r = (x − az) + u entry by entry: the E-step's
	// R = X − AZ + U₁.
	Residual func(r, x, az, u []float64)
	// EUpdate sets, entry by entry, from r before it, y = μ(r − e),
	// w = x − (αe + (1 − α)(x − az)) and r = μ(w + u): the E-step's Ŷ₁, the
	// relaxed X − Ê and T.
	EUpdate func(y, w, r, x, az, e, u []float64, mu, alpha float64)
	// Increment sets o = (u + w) − az entry by entry: U₁ + X − AZ − Ê.
	Increment func(o, u, w, az []float64)
	// Relaxed sets o = (u + zn) − (αh + (1 − α)z) entry by entry: U₂ + Z − Ĵ
	// and U₃ + Z − Ĥ.
	Relaxed func(o, u, zn, h, z []float64, alpha float64)
	// Push sets dg = g + dg and df = (g − x) + df entry by entry: the
	// differences Δg, Δf of Anderson's history from the negated last image
	// and residual.
	Push func(dg, df, g, x []float64)
}

// kern holds the kernels that run: those UseKernels was given, the Go
// loops in its nil fields.
var kern = GoKernels()

// UseKernels makes Anderson acceleration and the ADMM step run the
// non-nil kernels of k in place of their Go loops; Kernels{} restores the
// Go loops. Call it before any solve, never while one runs: wasm/kernels
// installs its SIMD128 kernels so.
func UseKernels(k Kernels) {
	g := GoKernels()
	if k.Mix4 == nil {
		k.Mix4 = g.Mix4
	}
	if k.Dot2Diff == nil {
		k.Dot2Diff = g.Dot2Diff
	}
	if k.Residual == nil {
		k.Residual = g.Residual
	}
	if k.EUpdate == nil {
		k.EUpdate = g.EUpdate
	}
	if k.Increment == nil {
		k.Increment = g.Increment
	}
	if k.Relaxed == nil {
		k.Relaxed = g.Relaxed
	}
	if k.Push == nil {
		k.Push = g.Push
	}
	kern = k
}

// GoKernels returns the Go loops, every field set: what a host's kernels
// must reproduce bit for bit.
func GoKernels() Kernels {
	return Kernels{Mix4: mix4Go, Dot2Diff: dot2DiffGo, Residual: residualGo, EUpdate: eUpdateGo, Increment: incrementGo, Relaxed: relaxedGo, Push: pushGo}
}

// residualGo is Kernels.Residual in Go.
func residualGo(r, x, az, u []float64) {
	n := len(r)
	x, az, u = x[:n], az[:n], u[:n]
	for i := range r {
		r[i] = x[i] - az[i] + u[i]
	}
}

// eUpdateGo is Kernels.EUpdate in Go.
func eUpdateGo(y, w, r, x, az, e, u []float64, mu, alpha float64) {
	n := len(r)
	y, w, x, az, e, u = y[:n], w[:n], x[:n], az[:n], e[:n], u[:n]
	for i := range r {
		y[i] = mu * (r[i] - e[i])
		w[i] = x[i] - (alpha*e[i] + (1-alpha)*(x[i]-az[i]))
		r[i] = mu * (w[i] + u[i])
	}
}

// incrementGo is Kernels.Increment in Go.
func incrementGo(o, u, w, az []float64) {
	n := len(o)
	u, w, az = u[:n], w[:n], az[:n]
	for i := range o {
		o[i] = u[i] + w[i] - az[i]
	}
}

// relaxedGo is Kernels.Relaxed in Go.
func relaxedGo(o, u, zn, h, z []float64, alpha float64) {
	n := len(o)
	u, zn, h, z = u[:n], zn[:n], h[:n], z[:n]
	for i := range o {
		o[i] = u[i] + zn[i] - (alpha*h[i] + (1-alpha)*z[i])
	}
}

// pushGo is Kernels.Push in Go.
func pushGo(dg, df, g, x []float64) {
	n := len(g)
	dg, df, x = dg[:n], df[:n], x[:n]
	for i, v := range g {
		dg[i] = v + dg[i]
		df[i] = (v - x[i]) + df[i]
	}
}
