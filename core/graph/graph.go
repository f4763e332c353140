package graph

import (
	"math"

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
	// Warm is the end state of the ADMM solve of problem (6) behind an
	// NNLRS graph, nil for the other methods and solvers. Passing
	// &lowrank.ADMM{Start: g.Warm} as NNLRSParams.Solver builds the graph
	// of the same samples with other β and λ from it, in fewer iterations
	// after a small step (lowrank.Warm); other samples are refused with an
	// error wrapping lowrank.ErrStartMismatch.
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

// SymmetrizeAbs returns W = (|Z| + |Zᵀ|)/2 for a square Z, the
// symmetrization the paper applies to the LLE, l1 and LRR graphs.
func SymmetrizeAbs(z mat.Matrix) *mat.SymDense {
	n, c := z.Dims()
	if n != c {
		panic(mat.ErrShape)
	}
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			w.SetSym(i, j, (math.Abs(z.At(i, j))+math.Abs(z.At(j, i)))/2)
		}
	}
	return w
}

// WithinClass returns the fraction of the off-diagonal weight of W that
// joins samples of the same class. The diagonal (self-loops, which
// Algorithm 2 keeps) says nothing about a sample's neighbours and is left
// out; see DiagonalShare. It returns 0 for a W without off-diagonal weight.
func WithinClass(w mat.Symmetric, labels []int) float64 {
	n := w.SymmetricDim()
	if len(labels) != n {
		panic(mat.ErrShape)
	}
	var in, all float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			v := math.Abs(w.At(i, j))
			all += v
			if labels[i] == labels[j] {
				in += v
			}
		}
	}
	if all == 0 {
		return 0
	}
	return in / all
}

// DiagonalShare returns the fraction of the total weight of W on its
// diagonal: near 1 the representation is close to the trivial Z = I, each
// sample representing itself. It returns 0 for a W without weight.
func DiagonalShare(w mat.Symmetric) float64 {
	n := w.SymmetricDim()
	var diag, all float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := math.Abs(w.At(i, j))
			all += v
			if i == j {
				diag += v
			}
		}
	}
	if all == 0 {
		return 0
	}
	return diag / all
}

// Density returns the fraction of off-diagonal entries of W that are
// nonzero.
func Density(w mat.Symmetric) float64 {
	n := w.SymmetricDim()
	if n < 2 {
		return 0
	}
	nz := 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j && w.At(i, j) != 0 {
				nz++
			}
		}
	}
	return float64(nz) / float64(n*(n-1))
}
