package graph

import (
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// Graph is a weighted undirected graph on the n samples of a data set.
type Graph struct {
	// Method names the construction (method.NNLRS, method.LRR, ...).
	Method method.Name
	// W is the symmetric n×n weight matrix.
	W *mat.SymDense
	// Z is the n×n coefficient matrix of the representation methods:
	// Z[i][j] is the coefficient of sample i in the representation of
	// sample j (X ≈ XZ with samples as columns). It is nil for graphs that
	// have no representation (kNN).
	Z *mat.Dense
	// E is the d×n error term of the methods that model one (NNLRS, LRR,
	// the noise part of the l1-graph), nil otherwise.
	E *mat.Dense
	// Info reports how the underlying solver ran.
	Info Info
	// Warm is the end state of the ADMM solve behind an NNLRS or LRR
	// graph, nil for the other methods and solvers. Passing
	// &lowrank.ADMM{Start: g.Warm} as the same method's Solver builds the
	// graph of the same samples with other β and λ from it, in fewer
	// iterations after a small step (lowrank.Warm); other samples are
	// refused with an error wrapping lowrank.ErrStartMismatch.
	Warm *lowrank.Warm
}

// Info reports how a graph's solver ran. For the direct methods (kNN, LLE)
// Iterations is 0 and Converged is true.
type Info struct {
	// Iterations is the number of iterations of the solver; for the
	// per-sample solvers (l1, SPG) it is the total over all samples.
	Iterations int
	// Converged reports whether every solve met its stopping rule.
	Converged bool
	// Objective is the method's own objective at the solution
	// (for NNLRS ||Z||_* + β||Z||_1 + λ||E||_2,1).
	Objective float64
	// Residual is the method's final relative feasibility residual
	// (for NNLRS ||X - XZ - E||_F / ||X||_F), 0 for the direct methods.
	Residual float64
}

// checkData validates a d×n data matrix with one sample per column.
func checkData(x *mat.Dense) error {
	if x == nil {
		return errorf("no data")
	}
	d, n := x.Dims()
	if d == 0 || n < 2 {
		return errorf("need at least 2 samples of dimension >= 1, have %d samples of dimension %d", n, d)
	}
	if err := linalg.Finite(x); err != nil {
		return errorf("data: %w", err)
	}
	return nil
}
