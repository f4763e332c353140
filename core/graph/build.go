package graph

import (
	"context"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lasso"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// Options hold the parameters of every method for Build.
type Options struct {
	NNLRS NNLRSParams
	LRR   LRRParams
	L1    L1Params
	SPG   SPGParams // Lambda 0 selects DefaultSPGLambda
	// KNNSigma is the Gaussian kernel width of kNN0 and kNN1.
	KNNSigma float64
	// LLEReg is the regularizer of the local Gram matrices of LLE0, LLE1.
	LLEReg float64
	// Progress, if not nil, receives every iteration of the NNLRS and LRR
	// solvers; it must not modify Progress.Z.
	Progress func(lowrank.Progress)
	// SampleProgress, if not nil, receives the samples coded so far by the
	// l1 and SPG solvers.
	SampleProgress func(done, total int)
}

// DefaultOptions returns the paper's parameters: NNLRS with β = 0.2,
// λ = 10, θ = 0; LRR with λ = 10; kNN with σ = 1; and the documented
// defaults where the paper is silent (DefaultL1Lambda, DefaultSPGLambda,
// LLEReg).
func DefaultOptions() Options {
	return Options{
		NNLRS:    DefaultNNLRS(),
		LRR:      LRRParams{Lambda: lowrank.DefaultParams().Lambda},
		L1:       L1Params{Lambda: DefaultL1Lambda},
		KNNSigma: KNNSigma,
		LLEReg:   LLEReg,
	}
}

// Build builds the graph m (one of Methods) on the d×n data x.
// Graph.Method is set to that name. If the solver stopped at its iteration
// cap, Build returns the graph of the last iterate with Info.Converged
// false; the error is for failures and a cancelled ctx only.
func Build(ctx context.Context, m method.Name, x *mat.Dense, o Options) (*Graph, error) {
	var g *Graph
	var err error
	switch m {
	case method.KNN0, method.KNN1:
		k := KNN0K
		if m == method.KNN1 {
			k = KNN1K
		}
		g, err = KNN(x, k, o.KNNSigma)
	case method.LLE0, method.LLE1:
		k := LLE0K
		if m == method.LLE1 {
			k = LLE1K
		}
		g, err = LLE(x, k, o.LLEReg)
	case method.L1:
		p := o.L1
		p.Solver = withSampleProgress(p.Solver, o.SampleProgress)
		if p.Equality != nil && o.SampleProgress != nil {
			e := *p.Equality
			e.Progress = o.SampleProgress
			p.Equality = &e
		}
		g, err = L1(ctx, x, p)
	case method.SPG:
		p := o.SPG
		p.Solver = withSampleProgress(p.Solver, o.SampleProgress)
		g, err = SPG(ctx, x, p)
	case method.LRR:
		g, err = LRR(ctx, x, o.LRR, o.Progress)
	case method.NNLRS:
		g, err = NNLRS(ctx, x, o.NNLRS, o.Progress)
	default:
		return nil, errorf("unknown method %q", m)
	}
	if g != nil {
		g.Method = m
	}
	return g, err
}

func withSampleProgress(s *lasso.Settings, f func(done, total int)) *lasso.Settings {
	if f == nil {
		return s
	}
	c := lasso.Settings{}
	if s != nil {
		c = *s
	}
	c.Progress = f
	return &c
}
