package experiment

import (
	"context"
	"slices"
	"strings"
	"testing"

	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// TestReadingsSettings checks what each reading sets and that the trial
// settings record it, so that trials of different readings never merge.
func TestReadingsSettings(t *testing.T) {
	base := tinyConfig(1)
	for _, r := range Readings {
		c := tinyConfig(1)
		c.Readings = []string{r.Name}
		c.defaults()
		switch r.Name {
		case "algorithm1":
			if m, ok := c.Options.NNLRS.Solver.(*lowrank.LADMAP); !ok || !m.PaperEta {
				t.Errorf("%s: NNLRS solver %#v", r.Name, c.Options.NNLRS.Solver)
			}
		case "cheng", "cheng-exact":
			if e := c.Options.L1.Equality; e == nil || e.Vertex != (r.Name == "cheng-exact") {
				t.Errorf("%s: l1 equality form %+v", r.Name, e)
			}
		case "liu":
			if _, ok := c.Options.LRR.Solver.(*lowrank.ALM); !ok || c.Options.LRR.Lambda != LiuLRRLambda ||
				!slices.Equal(c.Tune.LRRLambda, []float64{LiuLRRLambda}) {
				t.Errorf("%s: LRR λ %v, solver %#v, grid %v", r.Name, c.Options.LRR.Lambda, c.Options.LRR.Solver, c.Tune.LRRLambda)
			}
			if base.Tune.LRRLambda != nil {
				t.Errorf("%s changed the caller's grid", r.Name)
			}
		default:
			t.Errorf("reading %s is not tested", r.Name)
		}
		if !method.Known(r.Graph) || r.Title == "" || r.Doc == "" {
			t.Errorf("%s: graph %q, title %q", r.Name, r.Graph, r.Title)
		}
		c = tinyConfig(1)
		c.Readings = []string{r.Name}
		name, _, _, differ := c.Settings().Diff(base.Settings())
		if !differ || !slices.Contains([]string{"solvers", "readings", "params.LRRLambda"}, name) {
			t.Errorf("%s: settings differ in %q (%v)", r.Name, name, differ)
		}
		if got := c.Settings().Readings; !slices.Equal(got, []string{r.Name}) {
			t.Errorf("%s: settings record %v", r.Name, got)
		}
	}
	for _, bad := range [][]string{{"cheng", "cheng-exact"}, {"algorithm1", "algorithm1"}, {"nope"}} {
		c := tinyConfig(1)
		c.Readings = bad
		if _, err := Run(context.Background(), c); err == nil || !strings.Contains(err.Error(), "reading") {
			t.Errorf("readings %v: error %v", bad, err)
		}
	}
}

// TestReadingsRun runs a tiny experiment under the readings of the
// l1-graph and of LRR: their builds record their solves, and the l1-graph
// under the exact reading has the exact zeros of a vertex.
func TestReadingsRun(t *testing.T) {
	c := tinyConfig(1)
	c.Trials, c.Graphs, c.Propagators = 1, []method.Name{method.L1, method.LRR}, []string{GHF}
	c.Readings = []string{"cheng-exact", "liu"}
	res, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range c.Graphs {
		b, ok := res.Build("transductive", g)
		if !ok || b.Failed != 0 || len(b.Solves) != 1 || b.Solves[0].Iterations == 0 || b.Solves[0].Trial != 1 {
			t.Errorf("%s: builds %+v", g, b)
		}
		if g == method.LRR && b.Solves[0].Lambda != LiuLRRLambda {
			t.Errorf("LRR solved at λ = %v", b.Solves[0].Lambda)
		}
		if g == method.L1 && (b.NotConverged != 0 || b.Density >= 0.9) {
			t.Errorf("l1 (vertex): %d not converged, density %v", b.NotConverged, b.Density)
		}
	}
}
