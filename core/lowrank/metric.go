package lowrank

// The iterate of ADMM is (Z, U₁, U₂, U₃) (see ADMM), but U₂ need not be
// stored. The Z-step's optimality condition, written with the multipliers
// it updates, is
//
//	μ₁AᵀU₁ = μ₂U₂ + μ₃U₃   (NNLRS),   μ₁AᵀU₁ = μ₂U₂   (LRR),
//
// whatever the point the step started from; so every image T(x) meets it,
// and so does every point Anderson mixes from them (an affine combination
// of images), the zero start, and a warm start (a saved point with its
// multipliers rescaled: Y = μU carries over). For large problems the
// state keeps Z, U₁, U₃ (and AZ) alone, and the step forms
// μ₂U₂ = μ₁AᵀU₁ − μ₃U₃ where it needs it: the m×n U₂ of each of the
// 2·Memory + 2 iterates and differences is not stored (impliedU2).
//
// The inner products of iterates, which Anderson's least squares and the
// change measure take over all four blocks, then add the U₂ block's
// through companions of k×n: for differences a, b with blocks V₁ (k×n)
// and V₃ (m×n),
//
//	μ₂²⟨U₂a, U₂b⟩ = μ₁²⟨V₁a, S V₁b⟩ − μ₁μ₃(⟨V₁a, A V₃b⟩ + ⟨A V₃a, V₁b⟩) + μ₃²⟨V₃a, V₃b⟩
//
// with S = AAᵀ (k×k): the same inner products as over the four blocks, to
// rounding, and the same iterates. Forming U₂ from U₁ loses the digits
// of μ₁AᵀU₁ that cancel against μ₃U₃, about log₁₀(μ₁/μ₂) of them: past
// impliedMaxRatio (λ in the hundreds) the rounding would hold the iterates
// off the certified gap, and U₂ is stored.

// Where U₂ is implied rather than stored: problems of at least
// impliedMinSize entries m·n per n×n block (smaller ones cost little, and
// keep the bits of stored U₂: the page's, up to a few hundred samples),
// with μ₁/μ₂ at most impliedMaxRatio. impliedMinSize is a variable for the
// tests.
var impliedMinSize = 1000 * 1000

const impliedMaxRatio = 1000

// impliedU2 reports whether an ADMM solve with the m×n blocks and the
// penalties μ₁, μ₂ implies U₂.
func impliedU2(m, n int, mu1, mu2 float64) bool {
	return m*n >= impliedMinSize && mu1/mu2 <= impliedMaxRatio
}

// metric is the inner product of flattened iterates [Z | U₁ | U₂ | U₃],
// U₂ left out when it is implied and U₃ for LRR; an iterate with U₂
// implied comes with its companions [S V₁ | A V₃] ([S V₁] for LRR).
type metric struct {
	zLen, u1Len int
	implied     bool // U₂ implied: companions and weights
	lrr         bool
	wU3         float64 // 1 + (μ₃/μ₂)²
	cS, cA      float64 // (μ₁/μ₂)², μ₁μ₃/μ₂²
}

func newMetric(k, m, n int, mu1, mu2, mu3 float64, lrr, implied bool) *metric {
	g := &metric{zLen: m * n, u1Len: k * n, lrr: lrr, implied: implied, wU3: 1}
	if implied {
		r1, r3 := mu1/mu2, mu3/mu2
		g.wU3, g.cS, g.cA = 1+r3*r3, r1*r1, r1*r3
	}
	return g
}

// companions returns the length of a vector's companions: 0 with U₂
// stored.
func (g *metric) companions() int {
	switch {
	case !g.implied:
		return 0
	case g.lrr:
		return g.u1Len
	}
	return 2 * g.u1Len
}

// dot2 returns ⟨a, b⟩ and ⟨a, f⟩, ac, bc and fc the companions of a, b
// and f, in one pass over a, the residual f = g − x formed as it is read
// (dot2Diff). With U₂ stored they are plain dot products.
func (g *metric) dot2(a, ac, b, bc []float64, f diff, fc []float64) (ab, afv float64) {
	if !g.implied {
		return dot2Diff(a, b, f, 0)
	}
	z1 := g.zLen + g.u1Len
	ab, afv = dot2Diff(a[:z1], b[:z1], f, 0)
	u1 := a[g.zLen:z1]
	s, t := dot2(u1, bc[:g.u1Len], fc[:g.u1Len])
	ab += g.cS * s
	afv += g.cS * t
	if g.lrr {
		return ab, afv
	}
	p, q := dot2Diff(a[z1:], b[z1:], f, z1)
	ab += g.wU3 * p
	afv += g.wU3 * q
	// The cross terms: ⟨V₁a, A V₃b⟩ + ⟨A V₃a, V₁b⟩.
	av3 := ac[g.u1Len:]
	s, t = dot2(u1, bc[g.u1Len:], fc[g.u1Len:])
	p, q = dot2Diff(av3, b[g.zLen:z1], f, g.zLen)
	ab -= g.cA * (s + p)
	afv -= g.cA * (t + q)
	return ab, afv
}

// dot returns ⟨a, b⟩ in two running sums, as dot2.
func dot(a, b []float64) float64 {
	n := len(a)
	b = b[:n]
	var s0, s1 float64
	i := 0
	for ; i+1 < n; i += 2 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
	}
	if i < n {
		s0 += a[i] * b[i]
	}
	return s0 + s1
}
