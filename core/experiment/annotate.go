package experiment

import (
	"fmt"
	"math"
	"slices"

	"nnlrs/core/graph"
	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// Summary is what a cell says against the paper, derived from its error
// rates for the readers of saved results (the page sets our numbers beside
// the paper's); Annotate fills it. Rates are in percent.
type Summary struct {
	// Table is the paper's table of the cell: "I" (GHF), "II" (LGC, both
	// readings of α), "III" (SDA), "IV" (the β sweep), empty if none.
	Table   string  `json:"table,omitempty"`
	MeanPct float64 `json:"mean_pct"`
	// StdPct is the sample standard deviation over the trials (0 for one).
	StdPct float64 `json:"std_pct"`
	Trials int     `json:"trials"`
	// PaperPct is the paper's number, DiffPct ours minus it; both absent
	// when the paper has none for the cell or draws other samples.
	PaperPct *float64 `json:"paper_pct,omitempty"`
	DiffPct  *float64 `json:"diff_pct,omitempty"`
	// Flagged marks |DiffPct| > FlagPoints, the cells marked † on the
	// results page.
	Flagged bool `json:"flagged"`
	// Reasons are the keys, into Results.Reasons, of the known
	// differences between our setting and the paper's that bear on the
	// cell, flagged or not.
	Reasons []string `json:"reasons,omitempty"`
}

// Reason is a known difference between our setting and the paper's: a
// stable key and the text that explains it.
type Reason struct {
	Key, Text string
}

// Annotate sets the Summary of every cell and sweep cell of r that has
// error rates (nil for the others), and r.Reasons to the texts of the
// reasons they name. The paper's numbers are set only when r draws the
// samples of its protocol (a scale study's other sizes have none).
func Annotate(r *Results) {
	r.Reasons = map[string]string{}
	add := func(rs []Reason) []string {
		keys := make([]string, len(rs))
		for i, x := range rs {
			keys[i] = x.Key
			r.Reasons[x.Key] = x.Text
		}
		return keys
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.Summary = CellSummary(r, *c); c.Summary != nil {
			c.Summary.Reasons = add(Reasons(r, c.Propagator, c.Graph))
		}
	}
	for i := range r.Sweep {
		c := &r.Sweep[i]
		if c.Summary = SweepSummary(r, *c); c.Summary != nil {
			c.Summary.Reasons = add(sweepReasons(r))
		}
	}
	if len(r.Reasons) == 0 {
		r.Reasons = nil
	}
}

// CellSummary returns the summary of c without its reasons, nil without
// error rates.
func CellSummary(r *Results, c Cell) *Summary {
	if len(c.Errors) == 0 {
		return nil
	}
	s := summarize(c.Errors)
	if v, ok := PaperError(c.Propagator, r.Protocol.Name, c.Labeled, c.Graph); ok && PaperDraw(r.Protocol) {
		s.compare(v)
		s.Table = paperTable(c.Propagator)
	}
	return s
}

// SweepSummary returns the summary of c without its reasons, nil without
// error rates.
func SweepSummary(r *Results, c SweepCell) *Summary {
	if len(c.Errors) == 0 {
		return nil
	}
	s := summarize(c.Errors)
	if v, ok := sweepPaper(r, c); ok && PaperDraw(r.Protocol) {
		s.compare(v)
		s.Table = "IV"
	}
	return s
}

func summarize(errs []float64) *Summary {
	return &Summary{MeanPct: round2(100 * Mean(errs)), StdPct: round2(100 * Std(errs)), Trials: len(errs)}
}

// compare sets the paper's number v and the difference from it.
func (s *Summary) compare(v float64) {
	d := round2(s.MeanPct - v)
	s.PaperPct, s.DiffPct = &v, &d
	s.Flagged = math.Abs(d) > FlagPoints
}

// round2 rounds to 2 decimals, as the tables print.
func round2(v float64) float64 { return math.Round(100*v) / 100 }

// PaperDraw reports whether p draws the samples of the protocol of its
// name (the paper's classes and samples per class).
func PaperDraw(p Protocol) bool {
	q, err := Lookup(p.Name)
	return err == nil && slices.Equal(p.Classes, q.Classes) && p.PerClass == q.PerClass
}

// paperTable names the paper's table of classifier p.
func paperTable(p string) string {
	switch p {
	case GHF:
		return "I"
	case LGC, LGCMu:
		return "II"
	case SDA:
		return "III"
	}
	return ""
}

// sweepPaper returns the paper's Table IV entry of c: PIE, SDA, λ = 10.
func sweepPaper(r *Results, c SweepCell) (float64, bool) {
	if r.Protocol.Name != "pie" || c.Propagator != SDA || c.Lambda != 10 {
		return 0, false
	}
	return paper.Sweep(c.Beta, c.Labeled)
}

// sweepReasons lists the differences that bear on the β sweep of r; the
// paper's Table IV averages 5 trials.
func sweepReasons(r *Results) []Reason {
	var out []Reason
	if r.Trials < 5 {
		out = append(out, Reason{"trials", fmt.Sprintf("%s instead of the paper's 5 (Table IV)", Plural(r.Trials, "trial"))})
	}
	if r.Protocol.Name == "pie" {
		out = append(out, reasonPIE)
	}
	return out
}

var reasonPIE = Reason{"pie-subjects", "PIE has 10 of the paper's 15 subjects here (a different, smaller class set)"}

// Reasons lists the known differences between our setting and the paper's
// that bear on graph g of r under classifier p; with p empty, those of any
// classifier of r.
func Reasons(r *Results, p string, g method.Name) []Reason {
	var out []Reason
	if r.Trials < 50 {
		out = append(out, Reason{"trials", fmt.Sprintf("%s instead of the paper's 50", Plural(r.Trials, "trial"))})
	}
	if r.Protocol.Name == "pie" {
		out = append(out, reasonPIE)
	}
	lgc := p == LGC || p == LGCMu
	if p == "" {
		lgc = slices.Contains(r.Propagators, LGC) || slices.Contains(r.Propagators, LGCMu)
	}
	if lgc {
		out = append(out, Reason{"lgc-alpha", "LGC's α: the paper's \"μ = 0.99\" is ambiguous; both readings are shown"})
	}
	tuned := r.Params.Tuned
	grid := r.Params.Grid
	pp := graph.DefaultNNLRS() // the paper's β, λ and θ
	papers := fmt.Sprintf("the paper reports β = %g, λ = %g", pp.Beta, pp.Lambda)
	switch g {
	case method.NNLRS, method.NNLRSEF, method.PCANNLRS:
		switch {
		case tuned && grid != nil && len(grid.Lambda) == 1 && len(grid.Beta) == 1:
			out = append(out, Reason{"nnlrs-params", fmt.Sprintf("λ = %g and β = %g fixed (one-point grids, to save time) and only θ chosen by cross-validation on the labeled samples; %s, which on unit-norm samples leave Z close to the identity",
				grid.Lambda[0], grid.Beta[0], papers)})
		case tuned:
			out = append(out, Reason{"nnlrs-params", fmt.Sprintf("λ, β, θ chosen by cross-validation on the labeled samples (the paper tuned \"empirically\" by unreported criteria; %s)", papers)})
		case r.Params.Beta == pp.Beta && r.Params.Lambda == pp.Lambda && r.Params.Theta == pp.Theta:
			out = append(out, Reason{"nnlrs-params", fmt.Sprintf("the paper's β = %g, λ = %g, θ = %g taken literally", pp.Beta, pp.Lambda, pp.Theta)})
		default:
			out = append(out, Reason{"nnlrs-params", fmt.Sprintf("β = %g, λ = %g, θ = %g fixed, ours, not the paper's (%s, θ = %g)", r.Params.Beta, r.Params.Lambda, r.Params.Theta, papers, pp.Theta)})
		}
		if g == method.NNLRSEF {
			note := fmt.Sprintf("NNLRS-EF's γ = %g (unreported in the paper) and P started from PCA (the paper's Algorithm 3 writes P₀ = I)", GammaOf(r.Params))
			if r.Params.EFNormalize {
				note += "; the projected samples normalized before each Z step, as Algorithm 2 normalizes X"
			}
			out = append(out, Reason{"ef-gamma", note})
		}
	case method.LRR:
		switch {
		case tuned && grid != nil && len(grid.LRRLambdas()) == 1:
			out = append(out, Reason{"lrr-lambda", fmt.Sprintf("LRR's λ = %g fixed (a one-point grid; the paper: \"as in Liu et al.\", value unreported)", grid.LRRLambdas()[0])})
		case tuned:
			out = append(out, Reason{"lrr-lambda", "LRR's λ chosen by cross-validation (the paper: \"as in Liu et al.\", value unreported)"})
		default:
			out = append(out, Reason{"lrr-lambda", fmt.Sprintf("LRR's λ = %g (the paper: \"as in Liu et al.\", value unreported)", r.Params.LRRLambda)})
		}
	case method.L1:
		out = append(out, Reason{"l1-solver", "our ℓ1-graph solves the lasso form of Cheng et al.'s program (λ = 0.01) by coordinate descent instead of l1-magic"})
	case method.SPG:
		out = append(out, Reason{"spg-params", "SPG's λ = 1.2/√d (unreported in the paper) and our coordinate-descent solver instead of SparseLab"})
	case method.LLE0, method.LLE1:
		out = append(out, Reason{"lle-regularizer", "the LLE regularizer is unreported in the paper"})
	case method.KNN0, method.KNN1:
		out = append(out, Reason{"knn-sigma", "kNN with σ = 1 on unit-norm samples as the paper states; its kernel is then nearly flat"})
	}
	return out
}

// Plural returns "1 trial", "2 trials".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// FlagPoints is the difference, in percentage points, from the paper's
// number above which a cell is flagged and explained.
const FlagPoints = paper.FarPoints

// PaperError returns the paper's error rate (%) for classifier p (both LGC
// readings compare with its single LGC table: paper.Error), data set ds,
// labeled fraction frac and graph g, and whether the paper reports one.
func PaperError(p, ds string, frac float64, g method.Name) (float64, bool) {
	if p == LGCMu {
		p = LGC
	}
	return paper.Error(p, ds, frac, g)
}
