package lowrank

import (
	"context"

	"gonum.org/v1/gonum/mat"
)

// Method is an algorithm for problem (6), a value that carries its own
// settings: &ADMM{...} or &LADMAP{...}, whose zero values give their
// documented defaults. Both solve the same convex problem; ADMM, the
// default, needs far fewer iterations and certifies its answer, LADMAP is
// the paper's Algorithm 1.
type Method interface {
	// String names the method: "admm" or "ladmap".
	String() string
	// solveNNLRS runs the method on a checked instance of problem (6).
	solveNNLRS(ctx context.Context, x, a *mat.Dense, p Params, progress func(Progress)) (*Result, error)
}

// orDefault sets *v to d if it is zero: the zero value of a setting means
// its default.
func orDefault(v *float64, d float64) {
	if *v == 0 {
		*v = d
	}
}
