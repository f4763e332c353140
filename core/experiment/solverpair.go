package experiment

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"nnlrs/core/method"
)

// A SolverPair is one trial of a data set solved twice with the same
// settings but the NNLRS solver: under a reading of it (Algorithm 1 as
// the paper ran it) and under the defaults (the certified optimum).
// Comparing them trial by trial tells whether the solver explains a
// difference: the objective each reached, and the errors.
type SolverPair struct {
	Reading string
	Dataset string
	Trial   int
	// Solves pairs the builds' solves of the reading (A) with the
	// defaults' (B), by stage, graph and λ and β.
	Solves []SolvePair
	// Cells are the cells both have: the error rates under each.
	Cells []CellPair
	// Choices counts the tuning choices both made, and those in which
	// they chose differently.
	Choices, Differ int
}

// SolvePair is one build solved both ways.
type SolvePair struct {
	Stage string
	Graph method.Name
	A, B  Solve
}

// CellPair is one cell's error under both solvers.
type CellPair struct {
	Propagator string
	Labeled    float64
	Graph      method.Name
	A, B       float64
}

// PairSolvers pairs the trials of a run under a reading (a) with the
// trials of the same number of a run under the defaults (b).
func PairSolvers(a, b []Trial) []SolverPair {
	var out []SolverPair
	for _, ta := range a {
		i := slices.IndexFunc(b, func(t Trial) bool { return t.Number == ta.Number })
		if i < 0 || len(ta.Settings.Readings) == 0 {
			continue
		}
		tb := b[i]
		p := SolverPair{Reading: strings.Join(ta.Settings.Readings, ","), Dataset: ta.Settings.Protocol.Name, Trial: ta.Number}
		for _, ba := range ta.Builds {
			for _, bb := range tb.Builds {
				if ba.Stage != bb.Stage || ba.Graph != bb.Graph {
					continue
				}
				for _, sa := range ba.Solves {
					for _, sb := range bb.Solves {
						if sa.Lambda == sb.Lambda && sa.Beta == sb.Beta {
							p.Solves = append(p.Solves, SolvePair{Stage: ba.Stage, Graph: ba.Graph, A: sa, B: sb})
						}
					}
				}
			}
		}
		for _, ca := range ta.Cells {
			for _, cb := range tb.Cells {
				if ca.Propagator == cb.Propagator && ca.Labeled == cb.Labeled && ca.Graph == cb.Graph {
					p.Cells = append(p.Cells, CellPair{ca.Propagator, ca.Labeled, ca.Graph, ca.Error, cb.Error})
				}
			}
		}
		for _, ca := range ta.Choices {
			for _, cb := range tb.Choices {
				if ca.Propagator == cb.Propagator && ca.Labeled == cb.Labeled && ca.Graph == cb.Graph {
					p.Choices++
					if ca.Lambda != cb.Lambda || ca.Beta != cb.Beta || ca.Theta != cb.Theta {
						p.Differ++
					}
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// writeSolverPairs writes the pairs: every solve's iterations, how it
// stopped and its objective beside the optimum's, and how far the errors
// moved.
func writeSolverPairs(b *strings.Builder, pairs []SolverPair) {
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
		var at CellPair
		for _, c := range sp.Cells {
			d := math.Abs(c.A - c.B)
			if d > worst {
				worst, at = d, c
			}
			if d > 0.01 {
				moved++
			}
		}
		p("- **%s, trial %d, %s:** the errors of %s differ by at most %.2f points", datasetTitle(sp.Dataset), sp.Trial, sp.Reading, plural(len(sp.Cells), "cell"), 100*worst)
		if worst > 0 {
			p(" (%s, %s labeled, %s: %.2f%% under %s, %.2f%% at the optimum)", PropagatorTitle(at.Propagator), pct(at.Labeled), method.Title(at.Graph), 100*at.A, sp.Reading, 100*at.B)
		}
		p("; %d cells by more than 1 point; the tuning chose differently in %d of %d choices.\n", moved, sp.Differ, sp.Choices)
	}
	p("\n")
}
