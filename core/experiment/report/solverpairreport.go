package report

import (
	"fmt"
	"math"
	"strings"

	"nnlrs/core/experiment"

	"nnlrs/core/method"
)

// writeSolverPairs writes the pairs: every solve's iterations, how it
// stopped and its objective beside the optimum's, and how far the errors
// moved.
func writeSolverPairs(b *strings.Builder, pairs []experiment.SolverPair) {
	if len(pairs) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## The paper's solver against the optimum, trial by trial\n\n")
	p("The same trial (the same draws, labels and grid) solved under a reading of the NNLRS solver and under the defaults, which solve problem (6) ")
	p("to a certified optimum (ADMM, relative duality gap below 0.4%%). \"stopped\" says which rule ended the reading's solve: its own stopping rule, or its iteration cap.\n\n")
	p("| data set | trial | reading | stage | λ | iterations | stopped | objective | the optimum's | above it |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, sp := range pairs {
		for _, s := range sp.Solves {
			stop := "its rule"
			if !s.A.Converged {
				stop = "iteration cap"
			}
			p("| %s | %d | %s | %s | %g | %d | %s | %.4g | %.4g | %+.2f%% |\n", datasetTitle(sp.Dataset), sp.Trial, sp.Reading, s.Stage, s.A.Lambda,
				s.A.Iterations, stop, s.A.Objective, s.B.Objective, 100*(s.A.Objective-s.B.Objective)/s.B.Objective)
		}
	}
	p("\n")
	for _, sp := range pairs {
		if len(sp.Cells) == 0 {
			continue
		}
		worst, moved := 0.0, 0
		var at experiment.CellPair
		for _, c := range sp.Cells {
			d := math.Abs(c.A - c.B)
			if d > worst {
				worst, at = d, c
			}
			if d > 0.01 {
				moved++
			}
		}
		p("- **%s, trial %d, %s:** the errors of %s differ by at most %.2f points", datasetTitle(sp.Dataset), sp.Trial, sp.Reading, experiment.Plural(len(sp.Cells), "cell"), 100*worst)
		if worst > 0 {
			p(" (%s, %s labeled, %s: %.2f%% under %s, %.2f%% at the optimum)", experiment.PropagatorTitle(at.Propagator), pct(at.Labeled), method.Title(at.Graph), 100*at.A, sp.Reading, 100*at.B)
		}
		p("; %d cells by more than 1 point; the tuning chose differently in %d of %d choices.\n", moved, sp.Differ, sp.Choices)
	}
	p("\n")
}
