package report

import (
	"fmt"
	"strings"

	"nnlrs/core/experiment"
	"nnlrs/core/method"
)

// An OracleRun is a run whose choices recorded every candidate of the
// grid, named for a reader ("the optimum", "Algorithm 1").
type OracleRun struct {
	Name    string
	Results *experiment.Results
}

// writeOracles writes, for every run that recorded its candidates, the
// NNLRS cells at the parameters cross-validation chose beside the lowest
// error a candidate of the grid reached on the test labels, and the
// paper's (experiment.Oracle): what choosing by the test labels would
// have given, a bound and not a result.
func writeOracles(b *strings.Builder, runs []OracleRun) {
	if len(runs) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Tuned on the test labels: a bound, not a result\n\n")
	p("The paper tunes its graphs' parameters \"so as to achieve the best performance\" without saying on which labels. ")
	p("These runs recorded the test error of every candidate of their grid (for the record only: the choice never sees it). ")
	p("Beside the error of the parameters cross-validation chose on the labeled samples stands the lowest error any candidate reached on the test labels, ")
	p("with its λ and θ: how far choosing by the test labels, which no experiment may do, would move a cell.\n\n")
	for _, or := range runs {
		r := or.Results
		cells := experiment.Oracle(r)
		if len(cells) == 0 {
			continue
		}
		p("### %s, %s (%s; grid λ ∈ %s, θ ∈ %s)\n\n", r.Protocol.Title, or.Name, experiment.Plural(r.Trials, "trial"),
			list(r.Params.Grid.Lambda), list(r.Params.Grid.Theta))
		p("| classifier | labeled | graph | chosen by cross-validation | best on the test labels (λ, θ) | the paper's |\n|---|---|---|---|---|---|\n")
		for _, c := range cells {
			paper := "–"
			if v, ok := experiment.PaperError(c.Propagator, r.Protocol.Name, c.Labeled, c.Graph); ok && experiment.PaperDraw(r.Protocol) {
				paper = fmt.Sprintf("%.2f", v)
			}
			var at []string
			for i := range c.Lambda {
				at = append(at, fmt.Sprintf("%g, %g", c.Lambda[i], c.Theta[i]))
			}
			p("| %s | %s | %s | %.2f | %.2f (%s) | %s |\n", experiment.PropagatorTitle(c.Propagator), pct(c.Labeled), method.Title(c.Graph),
				100*c.Chosen, 100*c.Best, strings.Join(at, "; "), paper)
		}
		p("\n")
	}
}
