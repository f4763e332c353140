package lowrank

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
)

// The certificate of ADMM's stopping rule: a dual point built from the
// multipliers gives a lower bound D ≤ p* on the optimum of problem (6)
// (the dual of Bounds), and the exactly feasible point Z = H ≥ 0,
// E = X − AH an upper bound P ≥ p*; (P − D)/D bounds the relative
// distance of the returned objective to the optimum.

// dualBound returns a lower bound D ≤ p* on the optimum of problem (6),
// built from the dual estimates of the last step as the dual point of
// Bounds. U = Ŷ₁ (columns of norm ≤ λ by the E-step), each column j then
// scaled by a factor t_j ∈ [0, 1], and Y₂ = min(AᵀU − Ŷ₂, β), so that
// AᵀU − Y₂ = Ŷ₂ + V with V = (AᵀU − Ŷ₂ − β)₊ and ||Ŷ₂||₂ ≤ 1 by the
// J-step. Hence ||AᵀU − Y₂||₂ ≤ 1 + δ + ||V||₂ =: ς, with δ bounding the
// rounding of the SVT, and (U, Y₂)/ς is dual feasible (the columns of U
// keep norm ≤ λ, Y₂ ≤ β, ς ≥ 1):
//
//	D = ⟨U, X⟩/ς.
//
// Two choices of t are evaluated and the larger D kept: t = 1, and for
// each column the largest t_j ≤ 1 with t_j(AᵀŶ₁)_ij ≤ β + (Ŷ₂)_ij for
// every i, which removes the column's share of V where it can. The
// multipliers satisfy AᵀŶ₁ ≈ Ŷ₂ + Ŷ₃ with Ŷ₃ ≤ β only at the end of the
// iteration, and the single scale ς pays for every entry of V across all
// of U; the per-column factors pay only where V is. Measured on the
// synthetic data at λ = 20 (nnlrs graph -progress, docs/BENCH.md): at
// iteration 45 the bound is 117.0 against 108.5 with t = 1, the optimum
// 118.57.
//
// It leaves U, Y₂ and ς of the kept choice in certU, certY2 and certScale.
func (s *admm) dualBound() float64 {
	u, lam := raw(s.certU), s.p.Lambda
	copy(u, raw(s.yh1))
	k, n, m := s.k, s.n, s.m
	for j := 0; j < n; j++ {
		nr := 0.0
		for i := 0; i < k; i++ {
			nr += u[i*n+j] * u[i*n+j]
		}
		if nr = math.Sqrt(nr); nr > lam {
			f := lam / nr
			for i := 0; i < k; i++ {
				u[i*n+j] *= f
			}
		}
	}
	s.certM.Mul(s.ar.T(), s.certU)
	mm, yh2 := raw(s.certM), raw(s.yh2)
	beta := s.p.Beta
	// ⟨U_j, X_j⟩ per column, and δ: J = Θ(G₂) is computed with an error
	// of a few n·ε·||G₂||; allow ten times that in ||Ŷ₂||₂ = μ₂||G₂ − J||₂.
	s.colDot = resize(s.colDot, n)
	s.colT = resize(s.colT, n)
	dots, t := s.colDot, s.colT
	clear(dots)
	xr := raw(s.xr)
	for i := 0; i < k; i++ {
		for j := 0; j < n; j++ {
			dots[j] += u[i*n+j] * xr[i*n+j]
		}
	}
	var g2f float64
	for _, v := range raw(s.g2) {
		g2f += v * v
	}
	delta := s.mu2 * 10 * float64(max(m, n)) * epsilon * math.Sqrt(g2f)

	// The per-column factors, against t = 1 (nil).
	for j := range t {
		t[j] = 1
	}
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			if a := mm[i*n+j]; a > 0 {
				if r := (beta + yh2[i*n+j]) / a; r < t[j] {
					t[j] = math.Max(r, 0)
				}
			}
		}
	}
	d, scale := s.dualValue(t, dots, delta)
	if d1, scale1 := s.dualValue(nil, dots, delta); d1 >= d {
		t, d, scale = nil, d1, scale1
	}
	// The kept point: U scaled by t, Y₂ = min(t_j(AᵀU)_ij − (Ŷ₂)_ij, β).
	y2 := raw(s.certY2)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			y2[i*n+j] = math.Min(factor(t, j)*mm[i*n+j]-yh2[i*n+j], beta)
		}
	}
	if t != nil {
		for i := 0; i < k; i++ {
			for j := 0; j < n; j++ {
				u[i*n+j] *= t[j]
			}
		}
	}
	s.certScale = scale
	return d
}

// factor returns t_j, or 1 for t = nil.
func factor(t []float64, j int) float64 {
	if t == nil {
		return 1
	}
	return t[j]
}

// dualValue evaluates the dual point of dualBound for the column factors
// t (nil: all 1), certM holding AᵀU for the clipped U = Ŷ₁: it returns
// D = Σ_j t_j dots_j / ς and ς = 1 + δ + the bound on ||V||₂, V =
// (t_j(AᵀU)_ij − (Ŷ₂)_ij − β)₊.
func (s *admm) dualValue(t, dots []float64, delta float64) (d, scale float64) {
	n, m := s.n, s.m
	mm, yh2 := raw(s.certM), raw(s.yh2)
	beta := s.p.Beta
	s.colSum = resize(s.colSum, n)
	colSum := s.colSum
	clear(colSum)
	var vf float64
	maxRow := 0.0
	for i := 0; i < m; i++ {
		row := 0.0
		for j := 0; j < n; j++ {
			if e := factor(t, j)*mm[i*n+j] - yh2[i*n+j] - beta; e > 0 {
				vf += e * e
				row += e
				colSum[j] += e
			}
		}
		maxRow = math.Max(maxRow, row)
	}
	maxCol := 0.0
	for _, v := range colSum {
		maxCol = math.Max(maxCol, v)
	}
	// ||V||₂ ≤ min(||V||_F, √(||V||₁||V||_∞)).
	vn := math.Min(math.Sqrt(vf), math.Sqrt(maxCol*maxRow))
	scale = 1 + delta + vn
	for j, dj := range dots {
		d += factor(t, j) * dj
	}
	return d / scale, scale
}

// resize returns s with length n, reusing its array when it can.
func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

const epsilon = 1.0 / (1 << 52)

// primalBound returns the objective of the feasible point Z = H ≥ 0,
// E = X − AH, an upper bound on the optimum. The nuclear norm comes from
// the eigenvalues of HᵀH (or HHᵀ), each raised by a bound on its rounding
// error, so that the sum of square roots stays an upper bound.
func (s *admm) primalBound() float64 {
	s.ah.Mul(s.ar, s.h)
	xr, ah := raw(s.xr), raw(s.ah)
	k, n := s.k, s.n
	l21 := 0.0
	for j := 0; j < n; j++ {
		nr := 0.0
		for i := 0; i < k; i++ {
			v := xr[i*n+j] - ah[i*n+j]
			nr += v * v
		}
		l21 += math.Sqrt(nr)
	}
	return nuclearUpper(&s.eig, &s.hth, s.h) + s.p.Beta*s.l1H + s.p.Lambda*l21
}

// nuclearUpper returns an upper bound on ||h||_*, tight to about
// √(10 n ε)·||h||_F per singular value.
func nuclearUpper(eig *eigen.Sym, gram *mat.SymDense, h *mat.Dense) float64 {
	r, c := h.Dims()
	// SymOuterK(1, A) is A Aᵀ: the Gram matrix of the shorter side.
	var hm mat.Matrix = h.T() // hᵀh, c×c
	size := c
	if r < c {
		size = r
		hm = h // hhᵀ, r×r
	}
	gram.Reset()
	gram.ReuseAsSym(size)
	gram.SymOuterK(1, hm)
	if !eig.Factorize(gram, false) {
		// Fall back on the SVD.
		return NuclearNorm(h)
	}
	fro := mat.Norm(h, 2)
	delta := 10 * float64(max(r, c)) * epsilon * fro * fro
	sum := 0.0
	for _, l := range eig.Values(nil) {
		sum += math.Sqrt(math.Max(l, 0) + delta)
	}
	return sum
}
