// Package build builds every graph of the NNLRS paper by its name: the
// eight of its Tables I-III (package graph: kNN0/1, LLE0/1, l1, SPG, LRR,
// NNLRS by Algorithm 2) and the two that learn or reduce the features
// first (package embed: NNLRS-EF, Algorithms 3 and 4, and PCA+NNLRS,
// Section V-E). The choice of graph and options is made here once, for
// the command line, the page's worker and the experiments alike.
package build

import (
	"context"
	"fmt"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/embed"
	"nnlrs/core/graph"
	"nnlrs/core/method"
)

// Options hold the parameters of every graph: those of package graph,
// whose NNLRS parameters (β, λ, θ and solver) also serve NNLRS-EF and
// PCA+NNLRS, and those of the embedded features. The zero value of EF and
// EFSettings gives embed's defaults.
type Options struct {
	graph.Options
	// EF holds γ and the reduced dimension r of NNLRS-EF, r also
	// PCA+NNLRS's; its β and λ are set from Options.NNLRS.
	EF embed.Params
	// EFSettings configure Algorithm 4, nil for its defaults; its Z step
	// runs Options.NNLRS.Solver unless EFSettings.NNLRS is set.
	EFSettings *embed.Settings
	// Projection, if not nil, receives the projection P that NNLRS-EF
	// learned (r×d).
	Projection func(p *mat.Dense)
}

// DefaultOptions returns graph.DefaultOptions with embed's defaults.
func DefaultOptions() Options { return Options{Options: graph.DefaultOptions()} }

// Graph builds the graph m, one of method.Every, on the d×n data x (one
// sample per column) with the options o. Graph.Method is m. If a solver
// stopped at its iteration cap, Graph returns the graph of its last
// iterate with Info.Converged false; the error is for failures and a
// cancelled ctx only.
func Graph(ctx context.Context, m method.Name, x *mat.Dense, o Options) (*graph.Graph, error) {
	switch m {
	case method.NNLRSEF:
		p := o.EF
		p.Beta, p.Lambda = o.NNLRS.Beta, o.NNLRS.Lambda
		s := embed.Settings{}
		if o.EFSettings != nil {
			s = *o.EFSettings
		}
		if s.NNLRS == nil {
			s.NNLRS = o.NNLRS.Solver
		}
		g, pm, err := embed.Graph(ctx, x, p, o.NNLRS.Theta, &s)
		if err == nil && o.Projection != nil {
			o.Projection(pm)
		}
		return g, err
	case method.PCANNLRS:
		return embed.PCAGraph(ctx, x, o.NNLRS, o.EF.Dim)
	}
	if _, err := method.ParseIn(string(m), method.Every); err != nil {
		return nil, fmt.Errorf("build: %w", err)
	}
	return graph.Build(ctx, m, x, o.Options)
}
