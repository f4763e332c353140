package lowrank

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Method is an algorithm for the NNLRS problem (6), a value that carries
// its own settings: &ADMM{...} or &LADMAP{...}, whose zero values give
// their documented defaults. Both solve the same convex problem; ADMM, the
// default, needs far fewer iterations and certifies its answer, LADMAP is
// the paper's Algorithm 1.
type Method interface {
	// String names the method: "admm" or "ladmap".
	String() string
	// solveNNLRS runs the method on a checked instance of problem (6).
	solveNNLRS(ctx context.Context, x, a *mat.Dense, p Params, progress func(Progress)) (*Result, error)
}

// LRRMethod is an algorithm for LRR, a value that carries its own
// settings: &ADMM{...}, the default, which certifies its answer as for
// NNLRS, or &ALM{...}, the inexact augmented Lagrange multiplier method of
// Liu et al.
type LRRMethod interface {
	// String names the method: "admm" or "alm".
	String() string
	// solveLRR runs the method on a checked LRR problem.
	solveLRR(ctx context.Context, x, a *mat.Dense, lambda float64, progress func(Progress)) (*Result, error)
}

// problem is one of the two problems of the package, instances of
//
//	min_{Z,E} ||Z||_* + g(Z) + λ||E||_2,1   s.t.  X = AZ + E,
//
// with g(Z) = β||Z||_1 + ι(Z ≥ 0) for NNLRS, problem (6), and g = 0 for
// LRR. Params holds β (0 for LRR) and λ.
type problem struct {
	Params
	lrr bool
}

// name returns "NNLRS" or "LRR", for messages.
func (pr problem) name() string {
	if pr.lrr {
		return "LRR"
	}
	return "NNLRS"
}

// fixed reports whether entry (i, j) of Z is held at zero: the diagonal
// of NNLRS with Params.ZeroDiagonal. g then adds ι(Z_ii = 0), whose
// conjugate is 0: the multiplier's entry (i, i) is free.
func (pr problem) fixed(i, j int) bool {
	return i == j && pr.ZeroDiagonal && !pr.lrr
}

// projC returns the projection P_C(w) of entry (i, j) onto the set C =
// dom g* of the multiplier of Z = H: min(w, β) for NNLRS (w itself on a
// fixed diagonal), 0 for LRR (certificate.go).
func (pr problem) projC(i, j int, w float64) float64 {
	switch {
	case pr.lrr:
		return 0
	case pr.fixed(i, j):
		return w
	}
	return math.Min(w, pr.Beta)
}

// excess returns w − P_C(w) for entry (i, j): (w − β)₊ for NNLRS (0 on
// a fixed diagonal), w for LRR.
func (pr problem) excess(i, j int, w float64) float64 {
	switch {
	case pr.lrr:
		return w
	case pr.fixed(i, j):
		return 0
	}
	return math.Max(w-pr.Beta, 0)
}

// feasible returns the projection of entry (i, j) of Z onto dom g:
// max(z, 0) for NNLRS (0 on a fixed diagonal), z for LRR.
func (pr problem) feasible(i, j int, z float64) float64 {
	switch {
	case pr.lrr:
		return z
	case pr.fixed(i, j):
		return 0
	}
	return math.Max(z, 0)
}

// orDefault sets *v to d if it is zero: the zero value of a setting means
// its default.
func orDefault(v *float64, d float64) {
	if *v == 0 {
		*v = d
	}
}
