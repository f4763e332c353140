package ui

import (
	"math"
	"strings"
	"testing"

	"nnlrs/core/method"
)

// TestSteps checks the Outcome's words on the propagation watched: at a
// step where graphs still move, each is marked with its settled rate;
// once converged, the rates are the closed forms'; and where a graph erred
// clearly less at an earlier step than once settled, the lesson is said.
func TestSteps(t *testing.T) {
	m, jobs := started(t)
	finish(m, jobs, 4)
	labelFirst(m, 4)
	m.Prop.Reset(m.Run, "ghf", 0.99)
	words := strings.Join(m.Steps(), " ")
	if !strings.HasPrefix(words, "GHF step by step, at step 0:") ||
		!strings.Contains(words, "NNLRS 100%* (* still moving; the table gives the rates once settled)") {
		t.Errorf("step 0: %q", words)
	}
	for !m.Prop.Converged {
		m.Prop.Advance()
	}
	words = strings.Join(m.Steps(), " ")
	if !strings.Contains(words, "every graph predicts as its closed form above.") || strings.Contains(words, "moving") {
		t.Errorf("converged: %q", words)
	}
	// LRR erred 10% at step 1, 40% once settled.
	m.Prop.history["lrr"] = []float64{1, 0.1, 0.4}
	m.Prop.final["lrr"].GHF = 0.4
	if words := strings.Join(m.Steps(), " "); !strings.Contains(words, "LRR erred 10% at step 1 but 40.0% once settled") {
		t.Errorf("the lesson: %q", words)
	}
}

// TestCaveats checks the Outcome's caveats: a sample that no label
// reaches is counted, with the error among the reached samples computed
// here; LGC at the paper's α is said beside the α set when GHF and LGC
// are far apart.
// TestCaveatDiagonal: a graph whose weight sits mostly on its diagonal
// has the Outcome say so beside its "within" share.
func TestCaveatDiagonal(t *testing.T) {
	m, jobs := started(t)
	m.Samples(jobs[0].ID, testData(4))
	for _, j := range jobs {
		g := finalGraph(j.Method, twoBlocks(4, 0), 8)
		if j.Method == method.NNLRS {
			g.DiagonalShare = 0.91
		}
		m.Finished(j.ID, g, t0)
	}
	labelFirst(m, 4)
	m.Prop.Reset(m.Run, "ghf", 0.99)
	cs := m.Caveats()
	if len(cs) != 1 || !strings.Contains(cs[0].Long, "on W's diagonal, where a sample represents itself and reaches no other, sits NNLRS 91% of the weight.") ||
		cs[0].Short != `"within" leaves out W's diagonal: NNLRS 91% of the weight.` {
		t.Errorf("caveats %q", cs)
	}
}

func TestCaveats(t *testing.T) {
	m, jobs := started(t)
	m.Samples(jobs[0].ID, testData(4))
	for _, j := range jobs {
		w := twoBlocks(4, 0)
		if j.Method == method.NNLRS { // sample 5 cut off
			for k := range 8 {
				w[5*8+k], w[k*8+5] = 0, 0
			}
		}
		m.Finished(j.ID, finalGraph(j.Method, w, 8), t0)
	}
	labelFirst(m, 4)
	m.Prop.Reset(m.Run, "ghf", 0.99)
	f := m.Prop.Final(method.NNLRS)
	// 6 unlabeled samples: 5 is unreached, the 5 others are predicted
	// right (each block holds its class's label).
	if f.Unreached != 1 || f.GHFReached != 0 || math.Abs(f.GHF-1.0/6) > 1e-12 {
		t.Errorf("NNLRS: %d unreached, %v among the reached, %v in all", f.Unreached, f.GHFReached, f.GHF)
	}
	cs := m.Caveats()
	if len(cs) != 1 || !strings.Contains(cs[0].Long, "counted as errors: NNLRS 1; without them GHF/LGC err NNLRS 0.0%/0.0%.") || strings.Contains(cs[0].Long, "LRR 1") {
		t.Errorf("caveats %q", cs)
	}
	if want := "Samples no label reaches are errors: NNLRS 1."; cs[0].Short != want {
		t.Errorf("short caveat %q, want %q", cs[0].Short, want)
	}
	f.LGCPaper, f.LGC = 0.1, 0.5
	if cs := m.Caveats(); len(cs) != 2 || !strings.Contains(cs[0].Long, "On NNLRS GHF errs 16.7%, LGC 50.0%: at α = 0.99") || !strings.Contains(cs[0].Long, "it errs 10.0%.") {
		t.Errorf("caveats %q", cs)
	}
	// Two graphs far apart: one paragraph names both, in the graphs' order.
	l := m.Prop.Final(method.LRR)
	l.GHF, l.LGC, l.LGCPaper = 0.2, 0.757, 0.21
	cs = m.Caveats()
	if want := "On LRR and NNLRS GHF errs 20.0%/16.7%, LGC 75.7%/50.0%: at α = 0.99, so near 1, LGC spreads every label over the whole graph; at α = 0.5025 (the paper's μ = 0.99 read literally) it errs 21.0%/10.0%."; len(cs) != 2 || cs[0].Long != want {
		t.Errorf("caveats %q, want\n%q and then the unreached", cs, want)
	}
	if want := "LGC far from GHF on LRR and NNLRS: α = 0.99 spreads labels graph-wide; α = 0.5025 gives 21.0%/10.0%."; cs[0].Short != want {
		t.Errorf("short caveat %q, want %q", cs[0].Short, want)
	}
	// Away from α = 1 the caveat does not say why LGC spreads.
	m.Prop.Alpha = 0.3
	if cs := m.Caveats(); strings.Contains(cs[0].Long+cs[0].Short, "near 1") || strings.Contains(cs[0].Short, "graph-wide") || !strings.Contains(cs[0].Short, "LGC at α = 0.3; α = 0.5025 gives") {
		t.Errorf("caveats at α = 0.3: %q", cs)
	}
}
