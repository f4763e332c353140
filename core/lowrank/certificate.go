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
// Bounds: U = Ŷ₁ (columns of norm ≤ λ by the E-step), Y₂ = min(AᵀU − Ŷ₂, β),
// so that AᵀU − Y₂ = Ŷ₂ + V with V = (AᵀU − Ŷ₂ − β)₊ and ||Ŷ₂||₂ ≤ 1 by the
// J-step. Hence ||AᵀU − Y₂||₂ ≤ 1 + δ + ||V||₂ =: ς, with δ bounding the
// rounding of the SVT, and (U, Y₂)/ς is dual feasible:
//
//	D = ⟨U, X⟩/ς.
//
// It leaves U and Y₂ in certU and certY2 and ς in certScale.
func (s *admm) dualBound() float64 {
	u, lam := raw(s.certU), s.p.Lambda
	copy(u, raw(s.yh1))
	k, n := s.k, s.n
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
	mm, yh2, y2 := raw(s.certM), raw(s.yh2), raw(s.certY2)
	beta := s.p.Beta
	var vf, g2f float64
	colSum := s.colSum[:0]
	colSum = append(colSum, make([]float64, n)...)
	s.colSum = colSum
	maxRow := 0.0
	m := s.m
	g2 := raw(s.g2)
	for i := 0; i < m; i++ {
		row := 0.0
		for j := 0; j < n; j++ {
			t := mm[i*n+j] - yh2[i*n+j]
			g2f += g2[i*n+j] * g2[i*n+j]
			if t > beta {
				v := t - beta
				vf += v * v
				row += v
				colSum[j] += v
				t = beta
			}
			y2[i*n+j] = t
		}
		maxRow = math.Max(maxRow, row)
	}
	maxCol := 0.0
	for _, v := range colSum {
		maxCol = math.Max(maxCol, v)
	}
	// ||V||₂ ≤ min(||V||_F, √(||V||₁||V||_∞)).
	vn := math.Min(math.Sqrt(vf), math.Sqrt(maxCol*maxRow))
	// J = Θ(G₂) is computed with an error of a few n·ε·||G₂||; allow
	// ten times that in ||Ŷ₂||₂ = μ₂||G₂ − J||₂.
	delta := s.mu2 * 10 * float64(max(m, n)) * epsilon * math.Sqrt(g2f)
	s.certScale = 1 + delta + vn
	dot := 0.0
	xr := raw(s.xr)
	for i, v := range u {
		dot += v * xr[i]
	}
	return dot / s.certScale
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
