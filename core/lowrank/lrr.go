package lowrank

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"
)

// LRR solves low-rank representation (Liu, Lin and Yu, ICML 2010) with
// dictionary a (a = nil means a = x),
//
//	min_{Z,E} ||Z||_* + λ||E||_2,1   s.t.  X = AZ + E,
//
// problem (6) without β||Z||_1 and Z ≥ 0, by the method m: a nil m means
// &ADMM{}, the default, which returns an exactly feasible point certified
// within ADMM.Gap of the optimum by the dual problem
//
//	max_{Y₁} ⟨Y₁, X⟩   s.t.  ||AᵀY₁||₂ ≤ 1,  ||(Y₁)_j||₂ ≤ λ for every column j
//
// (certificate.go); &ALM{} is the inexact ALM of Liu et al. progress, if
// not nil, is called after every iteration on the solver's goroutine; it
// must not modify Progress.Z.
//
// The Result's Status says how the solve ended, as for NNLRS; the error is
// for failures only (bad input, an *Error before any work; a Start from
// other data; iterates that are not finite).
func LRR(ctx context.Context, x, a *mat.Dense, lambda float64, m LRRMethod, progress func(Progress)) (*Result, error) {
	if a == nil {
		a = x
	}
	if err := checkProblem(x, a); err != nil {
		return nil, err
	}
	if !(lambda > 0) || math.IsInf(lambda, 0) {
		return nil, errorf("need lambda > 0, have %v", lambda)
	}
	if m == nil {
		m = (*ADMM)(nil)
	}
	return m.solveLRR(ctx, x, a, lambda, progress)
}
