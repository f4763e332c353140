package lowrank

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// Objective returns the objective of problem (6) at (Z, E),
//
//	||Z||_* + β||Z||_1 + λ||E||_2,1,
//
// NaN when the singular values of Z cannot be computed.
func (p Params) Objective(z, e mat.Matrix) float64 {
	return p.objectiveAt(NuclearNorm(z), z, e)
}

// objectiveAt is Objective with ||Z||_* given.
func (p Params) objectiveAt(nuclear float64, z, e mat.Matrix) float64 {
	return nuclear + p.Beta*L1Norm(z) + p.Lambda*L21Norm(e)
}

// NuclearNorm returns ||M||_*, the sum of the singular values of m, NaN
// when they cannot be computed.
func NuclearNorm(m mat.Matrix) float64 {
	nuclear, _ := nuclearRank(m)
	return nuclear
}

// nuclearRank returns ||M||_* and the number of singular values above
// 1e-10 times the largest; NaN and 0 when the SVD fails.
func nuclearRank(m mat.Matrix) (float64, int) {
	var svd mat.SVD
	if !svd.Factorize(m, mat.SVDNone) {
		return math.NaN(), 0
	}
	sv := svd.Values(nil)
	return floats.Sum(sv), linalg.Rank(sv, 1e-10)
}

// gramOrder is the number of samples from which a Result's ||Z||_* and
// rank come from the eigenvalues of ZᵀZ (gramNuclearRank) rather than
// from an SVD: gonum's SVD is bound by its bidiagonalization's
// matrix-vector products, and ADMM's certificate has those eigenvalues
// already (docs/BENCH.md). Below, the SVD and its bits stay.
const gramOrder = 1024

// gramSummary is ||M||_* and the rank of M from the eigenvalues of its
// Gram matrix; ok is false when they are not known.
type gramSummary struct {
	nuclear float64
	rank    int
	ok      bool
}

// gramNuclearRank returns ||M||_* ≈ Σ √max(λ_i, 0) and the number of
// singular values σ_i = √λ_i above both 1e-10 σ₁ and √δ, from the
// eigenvalues vals of MᵀM (or MMᵀ) and δ, the bound on their rounding
// that gramValues gives. By Weyl's inequality each computed λ_i lies
// within δ of σ_i², so each square root lies within min(√δ, δ/√λ_i) of
// σ_i, and the sum within Σ min(√δ, δ/√λ_i) of an SVD's. σ_i below
// √δ cannot be told from 0, and are not counted in the rank.
func gramNuclearRank(vals []float64, delta float64) gramSummary {
	if len(vals) == 0 {
		return gramSummary{ok: true}
	}
	top := vals[len(vals)-1]
	var g gramSummary
	for _, l := range vals {
		g.nuclear += math.Sqrt(math.Max(l, 0))
		if l > 1e-20*top && l > delta {
			g.rank++
		}
	}
	g.ok = true
	return g
}

// L1Norm returns ||M||_1 = Σ_ij |m_ij|.
func L1Norm(m mat.Matrix) float64 {
	r, c := m.Dims()
	s := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			s += math.Abs(m.At(i, j))
		}
	}
	return s
}

// L21Norm returns ||M||_2,1 = Σ_j ||m_:j||_2.
func L21Norm(m mat.Matrix) float64 {
	return floats.Sum(linalg.ColumnNorms(nil, m))
}
