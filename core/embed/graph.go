package embed

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/graph"
	"nnlrs/core/linalg"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// Graph builds the NNLRS-EF graph (Zhuang et al., Section IV): the samples
// are normalized to unit l2 norm (step 1 of Algorithm 2), NNLRSEF learns Z
// and P, and W is built from Z by steps 3 and 4 of Algorithm 2 (columns
// normalized, entries below θ zeroed, W = (Ẑ + Ẑᵀ)/2), "the same strategy
// as that of NNLRS-graph". Graph.Z, Graph.E hold NNLRSEF's Z and E;
// Info.Objective is the final F(Z, P) and Info.Iterations the total solver
// iterations of the Z steps; Info.Residual is 0, as E = PX(I − Z) makes the constraint
// hold exactly. The learned P is returned too.
func Graph(ctx context.Context, x *mat.Dense, p Params, theta float64, s *Settings) (*graph.Graph, *mat.Dense, error) {
	xh, err := normalized(x)
	if err != nil {
		return nil, nil, err
	}
	if !(theta >= 0) || math.IsInf(theta, 0) {
		return nil, nil, fmt.Errorf("embed: need theta >= 0, have %v", theta)
	}
	res, err := NNLRSEF(ctx, xh, p, s)
	if err != nil {
		return nil, nil, err
	}
	g := &graph.Graph{
		Method: method.NNLRSEF,
		W:      weights.ThresholdNormalized(res.Z, theta),
		Z:      res.Z,
		E:      res.E,
		Info: graph.Info{
			Iterations: res.Iterations,
			Converged:  res.Converged,
			Objective:  res.Objective[len(res.Objective)-1],
		},
	}
	return g, res.P, nil
}

// PCAGraph builds the PCA+NNLRS baseline of the paper (Section V-E): the
// samples are normalized to unit l2 norm, projected on their first dim
// principal directions (PCA; 0 means DefaultDim), and the NNLRS graph of
// the projections is built by Algorithm 2 (graph.NNLRS, which normalizes
// the projected samples again). The method is named method.PCANNLRS.
func PCAGraph(ctx context.Context, x *mat.Dense, p graph.NNLRSParams, dim int) (*graph.Graph, error) {
	xh, err := normalized(x)
	if err != nil {
		return nil, err
	}
	if dim == 0 {
		dim = DefaultDim
	}
	pm, err := PCA(xh, dim)
	if err != nil {
		return nil, err
	}
	var px mat.Dense
	px.Mul(pm, xh)
	g, err := graph.NNLRS(ctx, &px, p, nil)
	if g != nil {
		g.Method = method.PCANNLRS
	}
	return g, err
}

func normalized(x *mat.Dense) (*mat.Dense, error) {
	if x == nil {
		return nil, fmt.Errorf("embed: no data")
	}
	xh := mat.DenseCopyOf(x)
	for j, n := range linalg.NormalizeColumns(xh) {
		if n == 0 {
			return nil, fmt.Errorf("embed: sample %d is all zero and cannot be normalized", j+1)
		}
	}
	return xh, nil
}
