package graph

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// NNLRSParams configure the NNLRS graph.
type NNLRSParams struct {
	lowrank.Params // β and λ of problem (6)
	// Theta (θ ≥ 0) zeroes the entries of the column-normalized Z* below it.
	// With θ = 0 only the (tiny) negative entries left by the solver's
	// tolerance are dropped.
	Theta float64
	// Solver is the method for problem (6). nil means &lowrank.ADMM{},
	// which solves it to a certified 0.4% of the optimum in far fewer
	// iterations than &lowrank.LADMAP{}, the paper's Algorithm 1.
	Solver lowrank.Method
}

// DefaultNNLRS returns the paper's β = 0.2, λ = 10 and θ = 0.
func DefaultNNLRS() NNLRSParams { return NNLRSParams{Params: lowrank.DefaultParams()} }

// NNLRS builds the NNLRS graph by Algorithm 2 of the paper:
//
//  1. normalize the samples, x̂_i = x_i/||x_i||₂;
//  2. solve min ||Z||_* + β||Z||_1 + λ||E||_2,1 s.t. X̂ = X̂Z + E, Z ≥ 0
//     (lowrank.NNLRS, by p.Solver);
//  3. normalize the columns, z_i ← z_i/||z_i||₂, and zero the entries
//     below θ: ẑ_ij = z_ij if z_ij ≥ θ, else 0;
//  4. W = (Ẑ + Ẑᵀ)/2.
//
// Graph.Z holds the solver's Z* before step 3, Graph.E its E* and
// Graph.Warm the solver's end state (ADMM only), to start the next solve
// on the same x from: the normalized samples of step 1 are the same bits
// for the same x, so the state matches. If the solver reaches its
// iteration cap, NNLRS returns the graph of the last iterate with
// Info.Converged false; a cancelled ctx returns ctx.Err() and no graph.
// progress, if not nil, receives every iteration of the solver.
func NNLRS(ctx context.Context, x *mat.Dense, p NNLRSParams, progress func(lowrank.Progress)) (*Graph, error) {
	if err := checkData(x); err != nil {
		return nil, err
	}
	if !(p.Theta >= 0) || math.IsInf(p.Theta, 0) {
		return nil, errorf("need theta >= 0, have %v", p.Theta)
	}
	xh := mat.DenseCopyOf(x)
	for j, n := range linalg.NormalizeColumns(xh) {
		if n == 0 {
			return nil, errorf("sample %d is all zero and cannot be normalized", j+1)
		}
	}
	res, err := lowrank.NNLRS(ctx, xh, nil, p.Params, p.Solver, progress)
	if err != nil {
		return nil, err
	}
	if res.Status == lowrank.Cancelled {
		return nil, ctx.Err()
	}
	return &Graph{
		Method: method.NNLRS,
		W:      weights.ThresholdNormalized(res.Z, p.Theta),
		Z:      res.Z,
		E:      res.E,
		Warm:   res.Warm,
		Info:   info(res),
	}, nil
}
