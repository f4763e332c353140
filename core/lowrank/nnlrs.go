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
}

// DefaultParams returns the paper's β = 0.2 and λ = 10 (Section V).
func DefaultParams() Params { return Params{Beta: 0.2, Lambda: 10} }

// Progress reports one iteration of a solver.
type Progress struct {
	Iter int // iterations done, from 1
	// Residual is ||X − AZ − E||_F/||X||_F for LADMAP and LRR; for ADMM
	// the residual of its three constraints X = AZ + E, Z = J, Z = H.
	Residual float64
	// Change is μ max(√η₁||ΔZ||, ||ΔH||, ||ΔE||)/||X||_F for LADMAP, the
	// fixed-point residual ||T(x) − x||_F/||X||_F of ADMM's iterate
	// x = (Z, Y₁/μ₁, Y₂/μ₂, Y₃/μ₃), and ||Z − J||_max for LRR.
	Change    float64
	Mu        float64 // penalty μ used in this iteration
	RankZ     int     // rank of Z (of J for ADMM) after the thresholding step
	NNZH      int     // nonzeros of H (NNLRS) or of Z (LRR)
	Objective float64 // ||Z||_* + β||H||_1 + λ||E||_2,1 (NNLRS), ||J||_* + λ||E||_2,1 (LRR)
	// Gap is ADMM's last certified relative duality gap (+Inf before
	// the first certificate; 0 for the other solvers).
	Gap float64
	// Bound is ADMM's latest lower bound on the optimum of problem (6),
	// the value of the dual point built from its multipliers
	// (certificate.go); 0, the trivial bound, before the first and for
	// the other solvers. Objective − Bound is what the stopping rule
	// waits on.
	Bound float64
	// Stop is the solver's stopping measure over its threshold: the
	// solver stops once Stop ≤ 1. LADMAP: max(Residual/ε₁, Change/ε₂);
	// LRR: Change/Tol; ADMM: the relative gap between the objective of
	// the iterate and the latest Lagrangian lower bound, over
	// ADMM.Gap (+Inf before the first bound; ADMM then certifies the
	// gap at a feasible point before it stops). A progress bar can follow
	// log Stop.
	Stop float64
	// Z is the current iterate, valid only during the call. For ADMM it
	// is the nonnegative block H, the iterate that the solver returns.
	Z mat.Matrix
}

// Result is the outcome of a solver.
type Result struct {
	Z, H, E *mat.Dense // H is nil for LRR
	// Y1 and Y2 are the Lagrange multipliers of X = AZ + E and of Z = H
	// (Z = J for LRR); Bounds turns them into a certificate of optimality.
	Y1, Y2     *mat.Dense
	Iterations int
	Converged  bool
	// Objective is ||Z||_* + β||Z||_1 + λ||E||_2,1 at the returned Z and E
	// (β = 0 for LRR).
	Objective float64
	// Residual is ||X − AZ − E||_F / ||X||_F at the returned iterate.
	Residual float64
	// ResidualZH is ||Z − H||_F / ||X||_F, the residual of the second
	// constraint of problem (7), which the paper's stopping rule omits.
	ResidualZH float64
	// Change is the last change measure (see Progress.Change).
	Change float64
	// Gap is ADMM's certified relative duality gap (P − D)/D at the
	// returned point: its objective exceeds the optimum by at most this
	// fraction (0 for the other solvers).
	Gap float64
	// Eta is the linearization constant used (NNLRS).
	Eta float64
	// RankZ is the rank of Z.
	RankZ int
	// Warm is ADMM's end state, to start a solve of the same data with
	// other β and λ from: &ADMM{Start: res.Warm} (nil for the other
	// solvers).
	Warm *Warm
}

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
// If the iteration cap is reached first, NNLRS returns the last iterate
// together with an error wrapping ErrNotConverged. A cancelled ctx returns
// ctx.Err(). Bad input returns an *Error.
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
	return m.solve(ctx, x, a, p, progress)
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// finish fills the Objective, Residual and RankZ of the returned iterate,
// with the paper's objective ||Z||_* + β||Z||_1 + λ||E||_2,1 evaluated at
// Z itself (not at its copy H).
func (r *Result) finish(x, a *mat.Dense, p Params) {
	nuclear, rank := nuclearRank(r.Z)
	r.Objective = p.objectiveAt(nuclear, r.Z, r.E)
	r.RankZ = rank
	var res mat.Dense
	res.Mul(a, r.Z)
	res.Sub(x, &res)
	res.Sub(&res, r.E)
	r.Residual = mat.Norm(&res, 2) / mat.Norm(x, 2)
	if r.H != nil {
		var zh mat.Dense
		zh.Sub(r.Z, r.H)
		r.ResidualZH = mat.Norm(&zh, 2) / mat.Norm(x, 2)
	}
}
