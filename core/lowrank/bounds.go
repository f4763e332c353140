package lowrank

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// Bounds brackets the optimal value p* of the NNLRS problem (6) from an
// approximate solution, independently of how it was obtained:
//
//	dual ≤ p* ≤ primal.
//
// The upper bound is the objective at the exactly feasible point Z = H₊,
// E = X − AH₊, where H₊ = max(H, 0):
//
//	primal = ||H₊||_* + β||H₊||_1 + λ||X − AH₊||_2,1.
//
// The lower bound comes from Lagrangian duality: for the Lagrangian
// f + ⟨Y₁, X − AZ − E⟩ + ⟨Y₂, Z − H⟩ of problem (7) the dual function is
// ⟨Y₁, X⟩ on the set ||AᵀY₁ − Y₂||₂ ≤ 1, Y₂ ≤ β (entrywise), ||(Y₁)_j||₂ ≤ λ
// for every column j, and −∞ elsewhere. Bounds moves the multipliers into
// that set (Y₂ ← min(Y₂, β), each column of Y₁ scaled to norm at most λ,
// then both scaled by 1/max(1, ||AᵀY₁ − Y₂||₂), which keeps the other two
// constraints) and returns dual = ⟨Y₁, X⟩ there. A small relative gap
// (primal − dual)/primal certifies that H₊ is nearly optimal.
func Bounds(x, a *mat.Dense, p Params, h, y1, y2 *mat.Dense) (primal, dual float64, err error) {
	if a == nil {
		a = x
	}
	d, n := x.Dims()
	_, m := a.Dims()
	for _, c := range []struct {
		name string
		mat  *mat.Dense
		r, c int
	}{{"H", h, m, n}, {"Y1", y1, d, n}, {"Y2", y2, m, n}} {
		if r, cc := c.mat.Dims(); r != c.r || cc != c.c {
			return 0, 0, errorf("Bounds: %s is %d×%d, want %d×%d", c.name, r, cc, c.r, c.c)
		}
	}

	hp := mat.DenseCopyOf(h)
	hp.Apply(func(_, _ int, v float64) float64 { return math.Max(v, 0) }, hp)
	var e mat.Dense
	e.Mul(a, hp)
	e.Sub(x, &e)
	primal = p.Objective(hp, &e)

	u2 := mat.DenseCopyOf(y2)
	u2.Apply(func(_, _ int, v float64) float64 { return math.Min(v, p.Beta) }, u2)
	u1 := mat.DenseCopyOf(y1)
	for j, c := range linalg.ColumnNorms(nil, u1) {
		if c > p.Lambda {
			s := p.Lambda / c
			for i := 0; i < d; i++ {
				u1.Set(i, j, u1.At(i, j)*s)
			}
		}
	}
	var mm mat.Dense
	mm.Mul(a.T(), u1)
	mm.Sub(&mm, u2)
	scale := 1 / math.Max(1, linalg.Norm2(&mm))
	dual = scale * linalg.Inner(u1, x)
	return primal, dual, nil
}
