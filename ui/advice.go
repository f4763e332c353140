package ui

import (
	"fmt"
	"math"

	"nnlrs/core/propagate"
)

// Thresholds of the advice on degenerate settings.
const (
	// DiagonalHeavy: a larger share of W's weight on its diagonal means
	// that samples mostly represent themselves (Z close to I).
	DiagonalHeavy = 0.5
	// Dense: a larger share of the possible edges is a blurred graph.
	Dense = 0.5
	// Mixed: a smaller share of the off-diagonal weight within classes is a
	// graph that mixes classes.
	Mixed = 0.7
)

// Advice returns, in plain words, what is wrong with the NNLRS graph of a
// finished run and which setting to move: a trivial Z (all weight on the
// diagonal, or none at all), samples no label can reach, a dense or a
// class-blind graph. It returns nil for a graph that teaches well.
func (r *Run) Advice() []string {
	if r == nil || r.State != Done {
		return nil
	}
	g := r.Graphs["nnlrs"]
	if g == nil || g.Final == nil {
		return nil
	}
	f, p := g.Final, r.Params
	var out []string
	if !f.Converged {
		out = append(out, fmt.Sprintf("NNLRS stopped at its iteration cap (%d iterations) before converging; the graph is that of its last iterate.", f.Iterations))
	}
	offDiag := f.Density > 0
	switch {
	case !offDiag && f.DiagonalShare > 0:
		move := fmt.Sprintf("Lower λ (now %g).", p.Lambda)
		if p.Beta > 0.5 {
			move = fmt.Sprintf("Lower β (now %g).", p.Beta)
		}
		out = append(out, "The NNLRS graph has no edges, only self-loops: every sample represents itself alone (Z = I), so no label can spread. "+move)
		return out
	case !offDiag:
		move := fmt.Sprintf("Raise λ, or lower β (now %g).", p.Beta)
		if p.Beta > 0.5 {
			move = fmt.Sprintf("Lower β (now %g): its sparsity term makes every weight costly; or raise λ.", p.Beta)
		}
		out = append(out, fmt.Sprintf("The NNLRS graph is empty (Z = 0): with λ = %g the error term E absorbs the whole data. %s", p.Lambda, move))
		return out
	case f.DiagonalShare > DiagonalHeavy:
		move := fmt.Sprintf("Lower λ (now %g) so that the error term E takes the corrupted samples, or lower β (now %g).", p.Lambda, p.Beta)
		if p.Beta > 0.5 {
			move = fmt.Sprintf("Lower β (now %g): sparsity alone favours Z = I.", p.Beta)
		}
		out = append(out, fmt.Sprintf("%.0f%% of the NNLRS weight sits on W's diagonal: samples mostly represent themselves (Z close to I), which says little about their neighbours. %s", 100*f.DiagonalShare, move))
	}
	if k := flagged(f.ENorm); 2*k > g.N {
		out = append(out, fmt.Sprintf("The error term E takes %d of the %d samples for corrupted: with λ = %g it is cheaper to call a sample an error than to represent it. Raise λ.", k, g.N, p.Lambda))
	}
	if u := r.unreached(g); u > 0 {
		move := fmt.Sprintf("Lower θ (now %g) to keep weaker edges, or raise the labeled %%.", p.Theta)
		if p.Theta == 0 {
			move = "Raise the labeled %, or lower β so that samples use more neighbours."
		}
		out = append(out, fmt.Sprintf("The NNLRS graph falls apart into %d pieces and %d samples are cut off from every labeled sample: no label can reach them. %s", f.Components, u, move))
	}
	if f.Density > Dense {
		out = append(out, fmt.Sprintf("NNLRS keeps %.0f%% of all possible edges; the weak ones blur the graph and hurt LGC. Raise θ (now %g) to drop them, as step 3 of Algorithm 2 does.", 100*f.Density, p.Theta))
	}
	if !math.IsNaN(f.WithinClass) && f.WithinClass < Mixed {
		out = append(out, fmt.Sprintf("Only %.0f%% of the NNLRS weight joins samples of the same class. Try β between 0.05 and 0.5 and λ between 0.5 and 5.", 100*f.WithinClass))
	}
	return out
}

// MostlyError is the norm of a column of E above which a sample is more
// error than sample: samples have unit norm.
const MostlyError = 0.5

// flagged counts the samples whose column of E exceeds MostlyError.
func flagged(enorm []float64) int {
	k := 0
	for _, e := range enorm {
		if e > MostlyError {
			k++
		}
	}
	return k
}

// unreached counts the samples that no labeled sample reaches in g.
func (r *Run) unreached(g *Graph) int {
	if !r.Labeled() {
		return 0
	}
	n, w, given := g.N, g.Final.W, r.Data.Given
	seen := make([]bool, n)
	var queue []int
	for i, l := range given {
		if l != propagate.Unlabeled {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for j := 0; j < n; j++ {
			if !seen[j] && j != i && w[i*n+j] > 0 {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	u := 0
	for _, s := range seen {
		if !s {
			u++
		}
	}
	return u
}
