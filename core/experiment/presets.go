package experiment

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/core/weights"
)

// A preset search picks the graph parameters a page opens a data set with,
// by the tuning rule of this package on the labeled samples only: every
// candidate of a grid is cross-validated with GHF (k folds of the labeled
// samples, their labels hidden fold by fold, the fewest misclassified
// wins, crossValidate), the held-out counts summed over a few draws of
// the data, so that one choice serves every seed. The NNLRS graph takes λ,
// β (one solve of Algorithm 2 per pair) and θ (a threshold of the solved
// Z, steps 3-4 of Algorithm 2, free); LRR takes its own λ. The error rates
// of every graph on the unlabeled samples, with the choice, are measured
// afterwards for the record; they never enter the choice.

// PresetGrid holds the candidate values of a preset search.
type PresetGrid struct {
	Lambda, Beta, Theta []float64
	LRRLambda           []float64
}

// DefaultPresetGrid returns the grid of the presets: λ from where E takes
// every sample (Z = 0; on 100 USPS digits λ = 0.1 gave Z = 0 for β ≥ 0.1,
// and 3910 iterations for β = 0.05) to near Z = I on unit-norm images, β
// around the paper's 0.2, θ from none to a threshold that keeps the
// strong coefficients. LRR, without the β term, keeps a useful Z at smaller λ
// and is near Z = I sooner (DefaultGrid): its λ stops at 3, which also
// keeps a search of three data sets and three seeds near 10 minutes.
func DefaultPresetGrid() PresetGrid {
	return PresetGrid{
		Lambda:    []float64{0.2, 0.5, 1, 2, 5, 10},
		Beta:      []float64{0.05, 0.1, 0.2, 0.5},
		Theta:     []float64{0, 0.01, 0.05, 0.1},
		LRRLambda: []float64{0.1, 0.2, 0.5, 1, 3},
	}
}

// DefaultPresetMaxIter is the iteration cap of a preset search. A setting
// the solver needs more iterations for would keep the page waiting for
// tens of seconds (an iteration on 100 samples takes some 10 ms natively,
// several times more in a browser), and the iterate at a lower cap is not
// the graph the page would show: such candidates are left out. On the
// built-in sets the slow ones are λ ≤ 0.2 with β ≤ 0.1 (830 to 3910
// iterations on 100 USPS digits); elsewhere NNLRS needs 100 to 300.
const DefaultPresetMaxIter = 400

// errSlow marks a candidate whose solver reached the cap.
var errSlow = errors.New("experiment: the solver reached the preset search's iteration cap")

// PresetDraw is one draw of a data set for a preset search: the samples
// (as the graphs get them: unit norm) with their true labels, the labels
// given to the propagation (propagate.Unlabeled for the others) and the
// stream of the cross-validation folds.
type PresetDraw struct {
	Set   *dataset.Set
	Given []int
	Folds *rand.Rand
}

// PresetConfig configures a preset search. Zero values mean defaults.
type PresetConfig struct {
	// Grid is DefaultPresetGrid when its Lambda is empty.
	Grid PresetGrid
	// Folds is the number of cross-validation folds, default 3.
	Folds int
	// Options are the fixed parameters of the other graphs,
	// graph.DefaultOptions() when zero (as the page's worker).
	Options *graph.Options
	// Graphs are the graphs measured with the choice, default kNN0, l1,
	// LRR and NNLRS (the page's).
	Graphs []method.Name
	// Alpha is LGC's α of the measurements, default propagate.DefaultAlpha.
	Alpha float64
	// MaxIter caps the iterations of the NNLRS and LRR solvers, default
	// DefaultPresetMaxIter. A candidate whose solver reaches the cap on
	// some draw is left out.
	MaxIter int
	// Progress, if not nil, receives a line per graph built.
	Progress func(string)
}

// GraphScore is what a preset measures of one graph, averaged over the
// draws: the error rates of GHF and LGC on the unlabeled samples, the
// share of the weight on the diagonal and the share of the off-diagonal
// weight within classes.
type GraphScore struct {
	Graph                      method.Name
	ErrorGHF, ErrorLGC         float64
	DiagonalShare, WithinClass float64
	// The least and the largest GHF error of a draw.
	ErrorGHFMin, ErrorGHFMax float64
	// NotConverged counts the draws whose solver stopped at its cap (l1's
	// lasso; NNLRS and LRR choices always converged).
	NotConverged int
}

// Preset is the outcome of a preset search.
type Preset struct {
	// The NNLRS choice and its cross-validation error (misclassified
	// held-out labeled samples over all draws and folds).
	Lambda, Beta, Theta float64
	CVError             float64
	// LRR's choice and its cross-validation error.
	LRRLambda, LRRCVError float64
	// Scores of the graphs with the choice, in the order of
	// PresetConfig.Graphs: measured, not used to choose.
	Scores []GraphScore
	// Draws is the number of draws; Labeled the labeled samples per draw.
	Draws, Labeled int
}

// SearchPreset runs a preset search on draws.
func SearchPreset(ctx context.Context, draws []PresetDraw, c PresetConfig) (*Preset, error) {
	if len(draws) == 0 {
		return nil, fmt.Errorf("experiment: no draws to search presets on")
	}
	grid := c.Grid
	if len(grid.Lambda) == 0 {
		grid = DefaultPresetGrid()
	}
	if len(grid.Beta) == 0 || len(grid.Theta) == 0 {
		return nil, fmt.Errorf("experiment: preset grid without β or θ")
	}
	if len(grid.LRRLambda) == 0 {
		grid.LRRLambda = grid.Lambda
	}
	if c.Folds == 0 {
		c.Folds = 3
	}
	o := graph.DefaultOptions()
	if c.Options != nil {
		o = *c.Options
	}
	if c.MaxIter == 0 {
		c.MaxIter = DefaultPresetMaxIter
	}
	o.NNLRS.Solver = capped(o.NNLRS.Solver, c.MaxIter).(lowrank.Method)
	o.LRR.Solver = capped(o.LRR.Solver, c.MaxIter).(lowrank.LRRMethod)
	graphs := c.Graphs
	if len(graphs) == 0 {
		graphs = []method.Name{method.KNN0, method.L1, method.LRR, method.NNLRS}
	}
	alpha := c.Alpha
	if alpha == 0 {
		alpha = propagate.DefaultAlpha
	}
	report := func(format string, args ...any) {
		if c.Progress != nil {
			c.Progress(fmt.Sprintf(format, args...))
		}
	}

	// The candidates of every draw, scored and summed over the draws.
	nn := make([]cvScore, len(grid.Lambda)*len(grid.Beta)*len(grid.Theta))
	lrr := make([]cvScore, len(grid.LRRLambda))
	total, labeled := 0, 0
	// The graphs of the candidates are kept for the record.
	nnKept := make([][]kept, len(draws))
	lrrKept := make([][]kept, len(draws))
	for t, d := range draws {
		k := 0
		for _, g := range d.Given {
			if g != propagate.Unlabeled {
				k++
			}
		}
		if t == 0 {
			labeled = k
		}
		folds := Folds(d.Given, c.Folds, d.Folds)
		var cands []candidate
		for _, l := range grid.Lambda {
			for _, b := range grid.Beta {
				oc := o
				oc.NNLRS.Lambda, oc.NNLRS.Beta, oc.NNLRS.Theta = l, b, 0
				g, err := buildGraph(ctx, method.NNLRS, d.Set.X, oc)
				if err != nil {
					return nil, err
				}
				report("draw %d: nnlrs λ=%g β=%g: %d iterations", t+1, l, b, g.Info.Iterations)
				for _, th := range grid.Theta {
					w := weights.ThresholdNormalized(g.Z, th)
					cands = append(cands, candidate{w: w, lambda: l, beta: b, theta: th})
					nnKept[t] = append(nnKept[t], kept{w, g.Info.Converged})
				}
			}
		}
		scores, n := cvScores(cands, d.Given, folds, propagation(GHF))
		if n == 0 {
			return nil, fmt.Errorf("experiment: draw %d has no labeled samples to cross-validate on", t+1)
		}
		markSlow(scores, nnKept[t])
		total += n
		for i := range nn {
			nn[i].add(scores[i])
		}
		cands = cands[:0]
		for _, l := range grid.LRRLambda {
			oc := o
			oc.LRR.Lambda = l
			g, err := buildGraph(ctx, method.LRR, d.Set.X, oc)
			if err != nil {
				return nil, err
			}
			report("draw %d: lrr λ=%g: %d iterations", t+1, l, g.Info.Iterations)
			cands = append(cands, candidate{w: g.W, lambda: l})
			lrrKept[t] = append(lrrKept[t], kept{g.W, g.Info.Converged})
		}
		scores, _ = cvScores(cands, d.Given, folds, propagation(GHF))
		markSlow(scores, lrrKept[t])
		for i := range lrr {
			lrr[i].add(scores[i])
		}
	}
	p := &Preset{Draws: len(draws), Labeled: labeled}
	best := bestScore(nn, total)
	if best < 0 {
		return nil, fmt.Errorf("experiment: every NNLRS candidate failed: %w", firstError(nn))
	}
	nt := len(grid.Theta)
	p.Lambda = grid.Lambda[best/(len(grid.Beta)*nt)]
	p.Beta = grid.Beta[best/nt%len(grid.Beta)]
	p.Theta = grid.Theta[best%nt]
	p.CVError = float64(nn[best].wrong) / float64(total)
	bl := bestScore(lrr, total)
	if bl < 0 {
		return nil, fmt.Errorf("experiment: every LRR candidate failed: %w", firstError(lrr))
	}
	p.LRRLambda, p.LRRCVError = grid.LRRLambda[bl], float64(lrr[bl].wrong)/float64(total)

	// The record: every graph with the choice, judged on the unlabeled
	// samples; NNLRS and LRR as solved in the search.
	o.NNLRS.Lambda, o.NNLRS.Beta, o.NNLRS.Theta = p.Lambda, p.Beta, p.Theta
	o.LRR.Lambda = p.LRRLambda
	for _, name := range graphs {
		s := GraphScore{Graph: name, ErrorGHFMin: 1}
		for t, d := range draws {
			var w *mat.SymDense
			switch name {
			case method.NNLRS:
				w = nnKept[t][best].w // converged: the others were left out
			case method.LRR:
				w = lrrKept[t][bl].w
			default:
				g, err := graph.Build(ctx, name, d.Set.X, o)
				if err != nil {
					return nil, fmt.Errorf("experiment: %s on draw %d: %w", name, t+1, err)
				}
				if !g.Info.Converged {
					s.NotConverged++
				}
				report("draw %d: %s", t+1, name)
				w = g.W
			}
			ghf, err := propagate.GHF(w, d.Given)
			if err != nil {
				return nil, fmt.Errorf("experiment: GHF on %s, draw %d: %w", name, t+1, err)
			}
			lgc, err := propagate.LGC(w, d.Given, alpha)
			if err != nil {
				return nil, fmt.Errorf("experiment: LGC on %s, draw %d: %w", name, t+1, err)
			}
			e := propagate.ErrorRate(ghf.Pred, d.Set.Labels, d.Given)
			s.ErrorGHF += e
			s.ErrorGHFMin, s.ErrorGHFMax = min(s.ErrorGHFMin, e), max(s.ErrorGHFMax, e)
			s.ErrorLGC += propagate.ErrorRate(lgc.Pred, d.Set.Labels, d.Given)
			s.DiagonalShare += weights.DiagonalShare(w)
			s.WithinClass += weights.WithinClass(w, d.Set.Labels)
		}
		k := float64(len(draws))
		s.ErrorGHF /= k
		s.ErrorLGC /= k
		s.DiagonalShare /= k
		s.WithinClass /= k
		p.Scores = append(p.Scores, s)
	}
	return p, nil
}

// kept is the graph of a candidate, kept for the record.
type kept struct {
	w         *mat.SymDense
	converged bool
}

// markSlow marks the scores of the candidates that did not converge.
func markSlow(scores []cvScore, ks []kept) {
	for i, k := range ks {
		if !k.converged {
			scores[i].err = errSlow
		}
	}
}

// buildGraph builds a graph, keeping the last iterate of a solver that reached
// its iteration cap, as the page's worker does.
func buildGraph(ctx context.Context, m method.Name, x *mat.Dense, o graph.Options) (*graph.Graph, error) {
	g, err := graph.Build(ctx, m, x, o)
	if err != nil {
		return nil, fmt.Errorf("experiment: %s: %w", m, err)
	}
	return g, nil
}

// Score returns the score of graph name, or false.
func (p *Preset) Score(name method.Name) (GraphScore, bool) {
	for _, s := range p.Scores {
		if s.Graph == name {
			return s, true
		}
	}
	return GraphScore{}, false
}

// PresetRow is one data set of a preset table.
type PresetRow struct {
	Name              string
	Classes, PerClass int
	// Labeled is the labeled fraction.
	Labeled float64
	Preset  *Preset
}

// PresetTable writes the rows as Markdown tables, each line starting with
// prefix (for instance "// " to make Go comments): the choices with their
// cross-validation errors, then every graph's measured errors.
func PresetTable(rows []PresetRow, prefix string) string {
	var b strings.Builder
	line := func(format string, args ...any) {
		b.WriteString(strings.TrimRight(prefix+fmt.Sprintf(format, args...), " \t"))
		b.WriteByte('\n')
	}
	line("| data | classes × per class | labeled | NNLRS λ | β | θ | CV error | LRR λ | CV error |")
	line("|---|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		p := r.Preset
		line("| %s | %d × %d | %g%% (%d) | %g | %g | %g | %.1f%% | %g | %.1f%% |", r.Name, r.Classes, r.PerClass,
			100*r.Labeled, p.Labeled, p.Lambda, p.Beta, p.Theta, 100*p.CVError, p.LRRLambda, 100*p.LRRCVError)
	}
	line("")
	line("| data | graph | GHF error | (min-max) | LGC error | diagonal | within class | not converged |")
	line("|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		for _, s := range r.Preset.Scores {
			line("| %s | %s | %.1f%% | %.1f-%.1f%% | %.1f%% | %.1f%% | %.1f%% | %d of %d |", r.Name, s.Graph,
				100*s.ErrorGHF, 100*s.ErrorGHFMin, 100*s.ErrorGHFMax, 100*s.ErrorLGC,
				100*s.DiagonalShare, 100*s.WithinClass, s.NotConverged, r.Preset.Draws)
		}
	}
	return b.String()
}

// capped returns a copy of the method m, a lowrank.Method or
// lowrank.LRRMethod (nil: ADMM), with its iteration cap set to maxIter.
func capped(m any, maxIter int) any {
	switch m := m.(type) {
	case *lowrank.LADMAP:
		c := copyOf(m)
		c.MaxIter = maxIter
		return c
	case *lowrank.ADMM:
		c := copyOf(m)
		c.MaxIter = maxIter
		return c
	case *lowrank.ALM:
		c := copyOf(m)
		c.MaxIter = maxIter
		return c
	}
	return &lowrank.ADMM{MaxIter: maxIter}
}

// copyOf returns a copy of *m, the zero value for a nil m.
func copyOf[T any](m *T) *T {
	var c T
	if m != nil {
		c = *m
	}
	return &c
}
