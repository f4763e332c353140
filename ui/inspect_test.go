package ui

import (
	"strings"
	"testing"
	"time"
)

// TestDescribe builds two classes of 3 samples, gives sample 1 neighbours
// of distinct weights, one of them across the classes, and checks the
// words against the weights: the count, how many share the class, the
// strongest first, the label, and GHF's prediction once it has run.
func TestDescribe(t *testing.T) {
	m, jobs := started(t)
	m.Samples(jobs[0].ID, testData(3))
	labelFirst(m, 3)
	const n = 6
	for _, j := range jobs {
		w := twoBlocks(3, 0.5)
		set := func(a, b int, v float64) { w[a*n+b], w[b*n+a] = v, v }
		set(0, 1, 0.2)
		set(0, 2, 0.9)
		set(0, 4, 0.05)
		m.Finished(j.ID, finalGraph(j.Method, w, n), t0.Add(time.Second))
	}
	if g := m.Shown(); g == nil || g.Method != "nnlrs" {
		t.Fatalf("shown graph %+v", g)
	}
	got := m.Describe(0)
	want := "Sample 1 of 6, class 1, labeled. NNLRS graph: 3 neighbours, 2 in its class; strongest: " +
		"sample 3 (class 1, w 0.900), sample 2 (class 1, w 0.200), sample 5 (class 2, w 0.050)."
	if !strings.HasPrefix(got, want) {
		t.Errorf("Describe(0) = %q\nwant prefix %q", got, want)
	}
	if s := m.Describe(4); !strings.Contains(s, "Sample 5 of 6, class 2. ") || !strings.Contains(s, "3 neighbours, 2 in its class") {
		t.Errorf("Describe(4) = %q", s)
	}
	for m.Prop.Step < 50 && !m.Prop.Converged {
		m.Prop.Advance()
	}
	if s := m.Describe(1); !strings.Contains(s, "GHF at step") || !strings.HasSuffix(s, "predicts class 1.") {
		t.Errorf("after propagation: Describe(1) = %q", s)
	}
	if s := m.Describe(6); s != "" {
		t.Errorf("Describe(6) of 6 samples = %q, want empty", s)
	}

	// The mouse wins over the page's choice; the choice is 1-based.
	m.Hover = -1
	if i := m.Inspected(2); i != 1 {
		t.Errorf("Inspected(2) = %d, want 1", i)
	}
	if i := m.Inspected(7); i != -1 {
		t.Errorf("Inspected(7) of 6 = %d, want -1", i)
	}
	m.Hover = 4
	if i := m.Inspected(2); i != 4 {
		t.Errorf("hovering 4: Inspected(2) = %d", i)
	}
}

// TestLabelAction checks the label button's words against the labeled
// set: testData labels the first sample of each class.
func TestLabelAction(t *testing.T) {
	m, jobs := started(t)
	if s, ok := m.LabelAction(0); ok {
		t.Errorf("before the data: %q", s)
	}
	finish(m, jobs, 3)
	for _, c := range []struct {
		h    int
		want string
		ok   bool
	}{{0, "Unlabel sample 1", true}, {1, "Label sample 2", true}, {-1, "Label it", false}, {6, "Label it", false}} {
		if s, ok := m.LabelAction(c.h); s != c.want || ok != c.ok {
			t.Errorf("LabelAction(%d) = %q, %v; want %q, %v", c.h, s, ok, c.want, c.ok)
		}
	}
}
