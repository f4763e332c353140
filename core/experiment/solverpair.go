package experiment

import (
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
	Stage Stage
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
