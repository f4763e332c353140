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
