package graph

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lasso"
	"nnlrs/core/method"
)

// SPGParams configure the SPG graph.
type SPGParams struct {
	// Lambda (λ ≥ 0) weighs the l1 norm of the codes; 0 means
	// DefaultSPGLambda(d) for samples of dimension d.
	Lambda float64
	// Solver configures the coordinate descent of lasso.NonNeg, including
	// its progress hook; nil means lasso's defaults.
	Solver *lasso.Settings
}

// DefaultSPGLambda returns λ = 1.2/√d, the value Mairal et al. use for
// lasso coding of unit-norm signals of dimension d ("Online learning for
// matrix factorization and sparse coding", JMLR 2010). The paper leaves
// SPG's λ open. For unit-norm samples every correlation x_jᵀx_i lies in
// [−1, 1] and the code of x_i is zero when λ exceeds the largest, so λ is on
// the scale of correlations; 1.2/√d is a few times the correlation of
// unrelated random samples (about 1/√d) yet well below that of similar
// images (0.9 and more for the paper's digits and faces). On 200 USPS
// digits it gives about 10 nonzeros per code (λ = 0.075), on 200 Yale B
// faces about 6 (λ = 0.0375), comparable with the paper's kNN graphs.
func DefaultSPGLambda(d int) float64 { return 1.2 / math.Sqrt(float64(d)) }

// SPG builds the SPG graph (He et al., "Nonnegative sparse coding for
// discriminative semi-supervised learning", CVPR 2011), in the paper's words
// "a lasso problem with the nonnegativity constraint, without considering
// corruption errors": each normalized sample x̂_i = x_i/||x_i||₂ is coded
// over the others by
//
//	min_c ½||x̂_i − X̂c||² + λ||c||_1   s.t.  c ≥ 0,  c_i = 0,
//
// solved by lasso.NonNeg (the paper used SparseLab). The samples are scaled
// to unit norm as the paper does for all its experiments, which gives λ its
// meaning (see DefaultSPGLambda); a zero sample returns an error.
//
// Column i of Graph.Z is the code of sample i (Z[i][i] = 0) and, as Z ≥ 0,
// W = (Z + Zᵀ)/2. Graph.E is nil. Info.Iterations is the total number of
// coordinate-descent sweeps, Info.Converged reports whether every sample
// converged, Info.Objective sums the samples' objectives and Info.Residual
// is ||X̂ − X̂Z||_F/||X̂||_F.
//
// SPG returns an error for invalid data or λ < 0. If some sample reaches
// the sweep cap, Info.Converged is false. ctx is checked between samples
// and during long solves; a cancelled ctx returns ctx.Err() and no graph.
func SPG(ctx context.Context, x *mat.Dense, p SPGParams) (*Graph, error) {
	lambda := p.Lambda
	if lambda == 0 && x != nil {
		d, _ := x.Dims()
		lambda = DefaultSPGLambda(d)
	}
	xh, err := normalizedData(x, lambda)
	if err != nil {
		return nil, err
	}
	res, err := lasso.NonNeg(ctx, xh, lambda, p.Solver)
	if err != nil {
		return nil, err
	}
	return codeGraph(method.SPG, res), nil
}
