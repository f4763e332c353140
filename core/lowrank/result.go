package lowrank

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
)

// Status says how a solve ended.
type Status int

const (
	// Converged: the solver's stopping rule holds at the returned point.
	Converged Status = iota + 1
	// IterationLimit: the solver reached its iteration cap first; the
	// Result holds its last iterate.
	IterationLimit
	// Cancelled: the context was cancelled first (ctx.Err() says why);
	// the Result holds the last iterate.
	Cancelled
)

// String returns "converged", "iteration limit" or "cancelled".
func (s Status) String() string {
	switch s {
	case Converged:
		return "converged"
	case IterationLimit:
		return "iteration limit"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Progress reports one iteration of a solver. Its fields mean the same for
// every solver and problem; where a solver has no such quantity the field
// says so.
type Progress struct {
	Iter int // iterations done, from 1
	// Residual is the relative residual of the solver's constraints:
	// ||X − AZ − E||_F/||X||_F for LADMAP and ALM; for ADMM that of all
	// its constraints, X = AZ + E, Z = J and (NNLRS) Z = H.
	Residual float64
	// Change is the solver's change measure: μ max(√η₁||ΔZ||, ||ΔH||,
	// ||ΔE||)/||X||_F for LADMAP, max(||X − AZ − E||_max, ||Z − J||_max)
	// for ALM, and the fixed-point residual ||T(x) − x||_F/||X||_F of
	// ADMM's iterate x = (Z, Y/μ).
	Change    float64
	Mu        float64 // penalty μ (μ₁ for ADMM) of this iteration
	RankZ     int     // rank of Z (of J for ADMM) after the thresholding step
	NNZH      int     // nonzeros of H (NNLRS) or of the returned block (LRR)
	Objective float64 // the problem's objective at the iterate's blocks (not a feasible point for ADMM)
	// Gap is ADMM's last certified relative duality gap; +Inf before the
	// first certificate and for the solvers that certify nothing
	// (LADMAP, ALM).
	Gap float64
	// Bound is ADMM's latest lower bound on the optimum, the value of the
	// dual point built from its multipliers (certificate.go); 0, the
	// trivial bound, before the first and for the other solvers.
	// Objective − Bound is what the stopping rule waits on.
	Bound float64
	// Stop is the solver's stopping measure over its threshold: the
	// solver stops once Stop ≤ 1. LADMAP: max(Residual/ε₁, Change/ε₂);
	// ALM: Change/Tol; ADMM: the relative gap between the objective of
	// the iterate and the latest lower bound, over ADMM.Gap, or that of
	// the last feasible point evaluated if larger (+Inf before the first
	// bound; ADMM certifies the gap at a feasible point before it stops).
	// A progress bar can follow log Stop.
	Stop float64
	// Z is the iterate the solver returns, valid only during the call:
	// Z for LADMAP and ALM; for ADMM the nonnegative block H (NNLRS) or
	// the low-rank block J (LRR).
	Z mat.Matrix
}

// Result is the outcome of a solver.
type Result struct {
	// Z and E are the returned point; for ADMM it is exactly feasible,
	// X = AZ + E to rounding. H is the nonnegative copy of Z (NNLRS; Z
	// itself for ADMM), nil for LRR.
	Z, H, E *mat.Dense
	// Y1 is the Lagrange multiplier of X = AZ + E, Y2 that of Z = H
	// (NNLRS; nil for LRR): Bounds and LRRBounds turn them into a
	// certificate of optimality.
	Y1, Y2     *mat.Dense
	Iterations int
	// Status says whether the stopping rule was met, or the iteration cap
	// or a cancelled context stopped the solver first.
	Status Status
	// Objective is the problem's objective at the returned Z and E:
	// ||Z||_* + β||Z||_1 + λ||E||_2,1 for NNLRS, ||Z||_* + λ||E||_2,1
	// for LRR. ||Z||_* is the sum of Z's singular values by an SVD, from
	// 1024 samples by the eigenvalues λ_i of ZᵀZ, within
	// Σ min(√δ, δ/√λ_i) of it (δ bounds their rounding): close to the
	// SVD's for a Z of full rank, as NNLRS's; for a Z of low rank the
	// eigenvalues of the null space are rounding, each adding up to √δ
	// (gramNuclearRank).
	Objective float64
	// Residual is ||X − AZ − E||_F / ||X||_F at the returned point.
	Residual float64
	// ResidualZH is ||Z − H||_F / ||X||_F, the residual of the second
	// constraint of problem (7), which the paper's stopping rule omits
	// (0 for LRR).
	ResidualZH float64
	// Change is the last change measure (see Progress.Change).
	Change float64
	// Gap is the certified relative duality gap (P − D)/D at the
	// returned point: its objective exceeds the optimum by at most this
	// fraction. ADMM certifies one; +Inf for the other solvers.
	Gap float64
	// Eta is the linearization constant of LADMAP, 0 for the others.
	Eta float64
	// RankZ is the rank of Z: its singular values above 1e-10 times the
	// largest; from 1024 samples also above the resolution of the
	// eigenvalues of ZᵀZ they come from (gramNuclearRank).
	RankZ int
	// Warm is ADMM's end state, to start a solve of the same problem on
	// the same data with other parameters from: &ADMM{Start: res.Warm}
	// (nil for the other solvers).
	Warm *Warm
}

// finish fills the Objective, Residual and RankZ of the returned point,
// with the objective of problem p evaluated at Z itself (not at its copy
// H). From gramOrder samples ||Z||_* and the rank come from the
// eigenvalues of ZᵀZ (gramNuclearRank): gram's when it holds them for Z
// (ADMM's certificate computed them), else computed here.
func (r *Result) finish(x, a *mat.Dense, p Params, gram gramSummary) {
	if _, n := r.Z.Dims(); n < gramOrder {
		gram = gramSummary{}
	} else if !gram.ok {
		var eig eigen.Sym
		if vals, delta, ok := gramValues(&eig, r.Z, nil); ok {
			gram = gramNuclearRank(vals, delta)
		}
	}
	nuclear, rank := gram.nuclear, gram.rank
	if !gram.ok {
		nuclear, rank = nuclearRank(r.Z)
	}
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
