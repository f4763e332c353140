package experiment

import (
	"context"
	"math"
	"strings"
	"testing"

	"nnlrs/core/method"
)

func TestParseDraw(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Draw
		ok   bool
	}{
		{"10x40", Draw{10, 40}, true},
		{" 5×20 ", Draw{5, 20}, true},
		{"1x40", Draw{}, false},
		{"10x", Draw{}, false},
		{"10*40", Draw{}, false},
		{"x", Draw{}, false},
	} {
		got, err := ParseDraw(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseDraw(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func tinyScale() ScaleConfig {
	c := tinyConfig(1)
	c.Graphs = []method.Name{method.KNN0, method.NNLRS, method.LRR}
	c.Propagators = []string{GHF}
	c.SweepBetas = nil
	c.Tune.LRRLambda = []float64{0.5, 1}
	c.Candidates = true
	return ScaleConfig{Config: c, Draws: []Draw{{2, 10}, {3, 12}}}
}

// A scale study runs the experiment at every draw: the runs draw the
// classes and samples asked for, record every candidate of every choice
// and the components of the weights used, and report progress across the
// draws.
func TestScale(t *testing.T) {
	c := tinyScale()
	last := Progress{}
	c.Progress = func(p Progress) {
		if p.Done < last.Done {
			t.Errorf("progress went back: %+v after %+v", p, last)
		}
		last = p
	}
	res, err := Scale(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 2 || res.Dataset != "synthetic" {
		t.Fatalf("%d runs of %q", len(res.Runs), res.Dataset)
	}
	if last.Trials != 2*c.Trials || !strings.Contains(last.What, "draw 2/2 (3×12)") {
		t.Errorf("last progress %+v", last)
	}
	for i, r := range res.Runs {
		d := c.Draws[i]
		if len(r.Protocol.Classes) != d.Classes || r.Protocol.PerClass != d.PerClass {
			t.Errorf("run %d drew %v × %d, want %v", i, r.Protocol.Classes, r.Protocol.PerClass, d)
		}
		for _, cell := range r.Cells {
			if len(cell.Components) != len(cell.Errors) || len(cell.Errors) != c.Trials {
				t.Errorf("%v %s %v: %d errors, %d components", d, cell.Graph, cell.Labeled, len(cell.Errors), len(cell.Components))
			}
			for _, k := range cell.Components {
				if k < 1 || k > d.Samples() {
					t.Errorf("%v %s: %d components of %d samples", d, cell.Graph, k, d.Samples())
				}
			}
		}
		// NNLRS: 2 λ × 1 β × 2 θ candidates, LRR 2 λ, per trial and labeled share.
		count := map[method.Name]int{}
		chosen := map[method.Name]int{}
		for _, cd := range r.Candidates {
			count[cd.Graph]++
			if cd.Chosen {
				chosen[cd.Graph]++
			}
			if cd.Error < 0 || cd.Error > 1 || cd.Components < 1 {
				t.Errorf("candidate %+v", cd)
			}
		}
		per := c.Trials * len(c.Labeled)
		if count[method.NNLRS] != 4*per || count[method.LRR] != 2*per || chosen[method.NNLRS] != per || chosen[method.LRR] != per {
			t.Errorf("%v: candidates %v, chosen %v", d, count, chosen)
		}
	}
	checkCompareStudies(t, res)
}

// checkCompareStudies checks the comparison of the study s against its
// runs' cells, recomputed here: a block per labeled share, a column per
// draw, a row per graph, the mean error and components of each cell.
func checkCompareStudies(t *testing.T, s *ScaleResults) {
	t.Helper()
	cmp := CompareStudies(s)
	first := s.Runs[0]
	p := first.Propagators[0]
	if cmp.Name != CompareScale || len(cmp.Blocks) != len(first.Labeled) {
		t.Fatalf("comparison %q with %d blocks, want %d", cmp.Name, len(cmp.Blocks), len(first.Labeled))
	}
	for bi, b := range cmp.Blocks {
		f := first.Labeled[bi]
		if len(b.Columns) != len(s.Draws) || len(b.Rows) != len(first.Graphs) {
			t.Fatalf("block %q: %d columns, %d rows", b.Title, len(b.Columns), len(b.Rows))
		}
		for k, d := range s.Draws {
			if b.Columns[k] != float64(d.Classes*d.PerClass) || b.ColumnNames[k] != d.String() {
				t.Errorf("column %d: %g %q, want the draw %v", k, b.Columns[k], b.ColumnNames[k], d)
			}
		}
		for _, row := range b.Rows {
			for k, cell := range row.Cells {
				c, ok := s.Runs[k].Cell(p, f, row.Graph)
				if !ok || cell.Ours == nil || cell.Components == nil || cell.Paper != nil {
					t.Errorf("%s %v: %+v", row.Graph, s.Draws[k], cell)
					continue
				}
				var e, comp float64
				for i := range c.Errors {
					e += c.Errors[i] / float64(len(c.Errors))
					comp += float64(c.Components[i]) / float64(len(c.Components))
				}
				if math.Abs(*cell.Ours-100*e) > 1e-9 || math.Abs(*cell.Components-comp) > 1e-9 {
					t.Errorf("%s %v: ours %g, components %g; want %g, %g", row.Graph, s.Draws[k], *cell.Ours, *cell.Components, 100*e, comp)
				}
			}
		}
	}
}

func TestScaleCheck(t *testing.T) {
	for _, mod := range []func(*ScaleConfig){
		func(c *ScaleConfig) { c.Draws = nil },
		func(c *ScaleConfig) { c.Draws = []Draw{{1, 10}} },
		func(c *ScaleConfig) { c.Draws = []Draw{{2, 10}, {2, 10}} },
	} {
		c := tinyScale()
		mod(&c)
		if err := c.Check(); err == nil {
			t.Errorf("%v: no error", c.Draws)
		}
	}
}
