package report

import (
	"strings"
	"testing"

	"nnlrs/core/experiment"

	"nnlrs/core/method"
)

// TestPairSolvers pairs a trial under a reading with the defaults' trial
// of the same number, solve by solve and cell by cell.
func TestPairSolvers(t *testing.T) {
	sa := experiment.Settings{Protocol: experiment.Protocol{Name: "pie"}, Readings: []string{"algorithm1"}}
	a := []experiment.Trial{{Settings: sa, Number: 1,
		Builds: []experiment.TrialBuild{{BuildStat: experiment.BuildStat{Stage: "transductive", Graph: method.NNLRS,
			Solves: []experiment.Solve{{Lambda: 3, Beta: 0.2, Iterations: 9000, Converged: true, Objective: 101}, {Lambda: 10, Beta: 0.2, Iterations: 20000, Objective: 300}}}}},
		Cells:   []experiment.TrialCell{{Propagator: experiment.GHF, Labeled: 0.1, Graph: method.NNLRS, Error: 0.2}},
		Choices: []experiment.Choice{{Propagator: experiment.GHF, Labeled: 0.1, Graph: method.NNLRS, Lambda: 3}}}}
	b := []experiment.Trial{{Settings: experiment.Settings{Protocol: experiment.Protocol{Name: "pie"}}, Number: 1,
		Builds: []experiment.TrialBuild{{BuildStat: experiment.BuildStat{Stage: "transductive", Graph: method.NNLRS,
			Solves: []experiment.Solve{{Lambda: 3, Beta: 0.2, Iterations: 40, Converged: true, Objective: 100}, {Lambda: 10, Beta: 0.2, Iterations: 200, Converged: true, Objective: 299}}}}},
		Cells:   []experiment.TrialCell{{Propagator: experiment.GHF, Labeled: 0.1, Graph: method.NNLRS, Error: 0.25}},
		Choices: []experiment.Choice{{Propagator: experiment.GHF, Labeled: 0.1, Graph: method.NNLRS, Lambda: 10}}},
		{Number: 2}}
	ps := experiment.PairSolvers(a, b)
	if len(ps) != 1 || len(ps[0].Solves) != 2 || len(ps[0].Cells) != 1 || ps[0].Choices != 1 || ps[0].Differ != 1 || ps[0].Reading != "algorithm1" {
		t.Fatalf("pairs %+v", ps)
	}
	var sb strings.Builder
	writeSolverPairs(&sb, ps)
	for _, want := range []string{"| PIE | 1 | algorithm1 | transductive | 3 | 9000 | its rule | 101 | 100 | +1.00% |",
		"| 10 | 20000 | iteration cap | 300 | 299 | +0.33% |", "differ by at most 5.00 points", "chose differently in 1 of 1 choices"} {
		if !strings.Contains(sb.String(), want) {
			t.Errorf("the section lacks %q:\n%s", want, sb.String())
		}
	}
}

// TestPaperTables checks what writePaperTables reads in the paper's
// tables against what can be read there by eye (Table I, YaleB, NNLRS:
// 3.75 at 10% labeled, 9.84 at 20%; YaleB's LRR column of Table II copies
// Table I's: 28.22, 24.46, ...).
func TestPaperTables(t *testing.T) {
	var b strings.Builder
	writePaperTables(&b)
	for _, want := range []string{"Table I (GHF) on YaleB: NNLRS 3.75 → 9.84% (10 → 20%)",
		"YaleB's LRR column is the same in Table I (GHF) and Table II (LGC)", "Table II (LGC) on YaleB: ℓ1 65.79 → 77.56% (50 → 60%)"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Count(b.String(), "A repeated column") != 1 {
		t.Errorf("repeated columns: %s", b.String())
	}
}

// TestWriteReach checks the cell-by-cell row of a graph: the defaults'
// count, the cells only a reading or the bound brings within, and the
// farthest of those none does, farthest first.
func TestWriteReach(t *testing.T) {
	cell := func(f, paper, defaults, nearest float64, by ...experiment.Reached) experiment.CellReach {
		return experiment.CellReach{Dataset: "yaleb", Propagator: experiment.GHF, Labeled: f, Graph: method.NNLRS,
			Paper: paper, Defaults: defaults, Trials: 10, By: by, Nearest: nearest}
	}
	cs := []experiment.CellReach{
		cell(0.1, 3.75, 4, 4),
		cell(0.2, 9.84, 30, 10, experiment.Reached{Name: "algorithm1", Error: 10, Trials: 1}),
		cell(0.3, 10.54, 30, 10.5, experiment.Reached{Name: experiment.BoundName, Error: 10.5, Trials: 1}),
		cell(0.4, 9.38, 30, 25), cell(0.5, 9.64, 30, 20), cell(0.6, 8.13, 30, 28), cell(0.7, 8, 30, 12),
	}
	var sb strings.Builder
	writeReach(&sb, cs)
	want := "| YaleB | NNLRS | 7 | 1 (10 trials) | 2: GHF 20%: algorithm1 10.00 (9.84); GHF 30%: test-labels 10.50 (10.54) | " +
		"4 (farthest: GHF 60% 28.00 → 8.13; GHF 40% 25.00 → 9.38; GHF 50% 20.00 → 9.64) |"
	if !strings.Contains(sb.String(), want) {
		t.Errorf("the section lacks\n%s\n%s", want, sb.String())
	}
}
