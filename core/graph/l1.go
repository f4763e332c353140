package graph

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lasso"
	"nnlrs/core/linalg"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// DefaultL1Lambda is the λ of the l1-graph's lasso form when L1Params.Lambda
// is 0. The lasso form smooths the l1 loss of Cheng et al.'s problem over a
// width λ (see L1), so λ must be small against the entries of the
// normalized samples, about 1/√d (0.06 for the paper's 16×16 digits, 0.03
// for its 32×32 faces). On 200 USPS digits (classes 1–4, and 3, 5, 8, 0)
// the share of W's weight within classes moved by less than 2 percentage
// points between λ = 0.02 and λ = 0.001, while the solve time grew
// fivefold (and at n = 800 some samples reached the sweep cap at
// λ = 0.001), so 0.01 stands for the limit λ → 0.
const DefaultL1Lambda = 0.01

// L1Params configure the l1-graph.
type L1Params struct {
	// Lambda (λ > 0) is the width of the lasso form; 0 means
	// DefaultL1Lambda.
	Lambda float64
	// Solver configures the coordinate descent of lasso.Robust, including
	// its progress hook; nil means lasso's defaults.
	Solver *lasso.Settings
	// Equality, if not nil, codes the samples by Cheng et al.'s equality
	// form itself, solved by lasso.Equality (l1-magic's interior-point
	// method) with these settings; Lambda and Solver are then unused.
	Equality *lasso.PrimalDual
}

// L1 builds the l1-graph (Yan and Wang, SDM 2009; Cheng et al., "Learning
// with l1-graph for image analysis", IEEE TIP 2010), the paper's "l1-graph"
// baseline. Each sample is coded over the other samples and the identity,
// whose columns absorb noise:
//
//	min_{c,e} ||c||_1 + ||e||_1   s.t.  x̂_i = X̂_{\i} c + e,
//
// which Cheng et al. solved with l1-magic. L1 solves its lasso form
//
//	min_{c,e} ½||x̂_i − X̂c − e||² + λ(||c||_1 + ||e||_1),   c_i = 0,
//
// by lasso.Robust: minimizing over e turns it into Cheng et al.'s problem
// with the l1 loss replaced by a Huber loss of width λ, and it tends to
// their problem as λ → 0 (DefaultL1Lambda is chosen small enough that the
// graph no longer changes materially). The samples are first scaled to
// unit norm, x̂_i = x_i/||x_i||₂, as the paper does for all its
// experiments, which puts them on the scale of the identity columns; a zero
// sample returns an error.
//
// Column i of Graph.Z is c (Z[i][i] = 0) and column i of Graph.E is e, both
// for the normalized samples, and W = (|Z| + |Zᵀ|)/2, the symmetrization
// the paper adopts from Cheng et al. Info.Iterations is the total number of
// coordinate-descent sweeps, Info.Converged reports whether every sample
// converged, Info.Objective sums the samples' objectives and Info.Residual
// is ||X̂ − X̂Z − E||_F/||X̂||_F, at most λ√d since the optimality
// conditions bound every residual entry by λ.
//
// With p.Equality set, L1 solves Cheng et al.'s equality form itself by
// lasso.Equality, as they did with l1-magic, and Info.Iterations counts
// its Newton steps.
//
// L1 returns an error for invalid data or λ < 0. If some sample reaches the
// sweep cap, Info.Converged is false. ctx is checked between samples and
// during long solves; a cancelled ctx returns ctx.Err() and no graph.
func L1(ctx context.Context, x *mat.Dense, p L1Params) (*Graph, error) {
	if p.Equality != nil {
		xh, err := normalizedData(x, 0)
		if err != nil {
			return nil, err
		}
		res, err := lasso.Equality(ctx, xh, p.Equality)
		if err != nil {
			return nil, err
		}
		return codeGraph(method.L1, res), nil
	}
	lambda := p.Lambda
	if lambda == 0 {
		lambda = DefaultL1Lambda
	}
	xh, err := normalizedData(x, lambda)
	if err != nil {
		return nil, err
	}
	res, err := lasso.Robust(ctx, xh, lambda, p.Solver)
	if err != nil {
		return nil, err
	}
	return codeGraph(method.L1, res), nil
}

// normalizedData validates the data and λ of the sparse-coding graphs and
// returns a copy of the data with unit-norm samples.
func normalizedData(x *mat.Dense, lambda float64) (*mat.Dense, error) {
	if err := checkData(x); err != nil {
		return nil, err
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, errorf("need lambda >= 0, have %v", lambda)
	}
	xh := mat.DenseCopyOf(x)
	for j, nrm := range linalg.NormalizeColumns(xh) {
		if nrm == 0 {
			return nil, errorf("sample %d is all zero and cannot be normalized", j+1)
		}
	}
	return xh, nil
}

// codeGraph assembles the graph of per-sample codes: W = (|Z| + |Zᵀ|)/2 and
// Info summed over the samples. As the samples have unit norm,
// ||X̂||_F = √n.
func codeGraph(m method.Name, res *lasso.Result) *Graph {
	tot := res.Total()
	n := len(res.Stats)
	ss := 0.0
	for _, s := range res.Stats {
		ss += s.Residual * s.Residual
	}
	return &Graph{
		Method: m,
		W:      weights.SymmetrizeAbs(res.Z),
		Z:      res.Z,
		E:      res.E,
		Info: Info{
			Iterations: tot.Iterations,
			Converged:  tot.Converged,
			Objective:  tot.Objective,
			Residual:   math.Sqrt(ss / float64(n)),
		},
	}
}
