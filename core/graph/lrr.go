package graph

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// LRRParams configure the LRR graph.
type LRRParams struct {
	// Lambda (λ > 0) weighs ||E||_2,1.
	Lambda float64
	// Solver is the method for LRR. nil means &lowrank.ADMM{}, which
	// solves it to a certified 0.4% of the optimum; &lowrank.ALM{} is the
	// inexact ALM of Liu et al.'s code.
	Solver lowrank.LRRMethod
}

// LRR builds the LRR graph (Liu, Lin and Yu, ICML 2010): Z solves
//
//	min ||Z||_* + λ||E||_2,1   s.t.  X = XZ + E
//
// (lowrank.LRR), and W = (|Z| + |Zᵀ|)/2, the symmetrization the paper
// applies to the l1-graph. The paper sets "the parameters of LRR the same
// as those in Liu et al."; their clustering experiments tune λ per data set,
// so λ is the caller's choice (the command line shares NNLRS's -lambda).
// Graph.Warm holds the solver's end state (ADMM only), to start the next
// solve on the same x from. If the solver reaches its iteration cap, LRR
// returns the graph of the last iterate with Info.Converged false; a
// cancelled ctx returns ctx.Err() and no graph. progress, if not nil,
// receives every iteration of the solver.
func LRR(ctx context.Context, x *mat.Dense, p LRRParams, progress func(lowrank.Progress)) (*Graph, error) {
	if err := checkData(x); err != nil {
		return nil, err
	}
	res, err := lowrank.LRR(ctx, x, nil, p.Lambda, p.Solver, progress)
	if err != nil {
		return nil, err
	}
	if res.Status == lowrank.Cancelled {
		return nil, ctx.Err()
	}
	return &Graph{
		Method: method.LRR,
		W:      weights.SymmetrizeAbs(res.Z),
		Z:      res.Z,
		E:      res.E,
		Warm:   res.Warm,
		Info:   info(res),
	}, nil
}

// info reports a lowrank solve.
func info(res *lowrank.Result) Info {
	return Info{
		Iterations: res.Iterations,
		Converged:  res.Status == lowrank.Converged,
		Objective:  res.Objective,
		Residual:   res.Residual,
	}
}
