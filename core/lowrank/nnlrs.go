package lowrank

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// Params are the model parameters of the NNLRS problem (6).
type Params struct {
	// Beta (β ≥ 0) weighs sparsity against low rank.
	Beta float64
	// Lambda (λ > 0) weighs the sample-specific error term ||E||_2,1.
	Lambda float64
	// ZeroDiagonal adds the constraint diag Z = 0 to NNLRS, so that no
	// sample takes part in its own code, as sparse subspace clustering
	// imposes (Elhamifar and Vidal 2013): an option beside the paper's
	// problem (6), which has no such constraint. It needs A = X (a nil
	// dictionary) and the ADMM solver; LRR ignores it.
	ZeroDiagonal bool
}

// DefaultParams returns the paper's β = 0.2 and λ = 10 (Section V).
func DefaultParams() Params { return Params{Beta: 0.2, Lambda: 10} }

func checkProblem(x, a *mat.Dense) error {
	d, n := x.Dims()
	if d == 0 || n == 0 {
		return errorf("empty data")
	}
	if ad, _ := a.Dims(); ad != d {
		return errorf("dictionary has %d rows, data has %d", ad, d)
	}
	if err := linalg.Finite(x); err != nil {
		return errorf("data: %v", err)
	}
	if a != x {
		if err := linalg.Finite(a); err != nil {
			return errorf("dictionary: %v", err)
		}
	}
	if mat.Norm(x, 2) == 0 {
		return errorf("data is all zero")
	}
	return nil
}

// NNLRS solves the nonnegative low-rank and sparse representation problem
// (6) of the paper with dictionary a (a = nil means a = x),
//
//	min_{Z,E} ||Z||_* + β||Z||_1 + λ||E||_2,1   s.t.  X = AZ + E,  Z ≥ 0,
//
// by the method m: a nil m means &ADMM{}, the default; &LADMAP{} is the
// paper's Algorithm 1. progress, if not nil, is called after every
// iteration on the solver's goroutine; it must not modify Progress.Z.
//
// The Result's Status says how the solve ended: Converged, or with the
// last iterate when the iteration cap (IterationLimit) or a cancelled ctx
// (Cancelled) stopped it first. The error is for failures only: bad input
// (an *Error, before any work), a Start from other data, iterates that
// are not finite.
func NNLRS(ctx context.Context, x, a *mat.Dense, p Params, m Method, progress func(Progress)) (*Result, error) {
	if a == nil {
		a = x
	}
	if err := checkProblem(x, a); err != nil {
		return nil, err
	}
	if !(p.Beta >= 0) || !(p.Lambda > 0) || math.IsInf(p.Beta, 0) || math.IsInf(p.Lambda, 0) {
		return nil, errorf("need beta >= 0 and lambda > 0, have beta = %v, lambda = %v", p.Beta, p.Lambda)
	}
	if m == nil {
		m = (*ADMM)(nil)
	}
	if p.ZeroDiagonal {
		if a != x {
			return nil, errorf("a zero diagonal needs the data as their own dictionary")
		}
		if _, ok := m.(*ADMM); !ok {
			return nil, errorf("a zero diagonal needs the ADMM solver, have %v", m)
		}
	}
	return m.solveNNLRS(ctx, x, a, p, progress)
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
