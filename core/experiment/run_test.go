package experiment

import (
	"context"
	"math"
	"strings"
	"testing"

	"nnlrs/core/build"
	"nnlrs/core/dataset"
	"nnlrs/core/embed"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// tinyProtocol is a synthetic protocol small enough for the wasm test run:
// 3 subspaces of dimension 3 in R^20, 12 samples each (SDA: 8 training
// and 6 test samples per class).
func tinyProtocol() Protocol {
	return Protocol{Name: "synthetic", Title: "Tiny", Classes: []int{1, 2, 3}, PerClass: 12, Train: 8, SyntheticTest: 6,
		Synthetic: dataset.SyntheticParams{Classes: 3, Dim: 3, Ambient: 20, Noise: 0.05, Corrupt: 0.1}}
}

func tinyConfig(workers int) Config {
	o := graph.DefaultOptions()
	o.NNLRS.Lambda = 1
	return Config{
		Protocol: tinyProtocol(), Trials: 2, Seed: 7, Labeled: []float64{0.2, 0.5},
		Graphs:      []method.Name{method.NNLRSEF, method.KNN0, method.NNLRS, method.LRR},
		Propagators: []string{GHF, LGC, SDA},
		Options: build.Options{Options: o, EF: embed.Params{Dim: 10},
			EFSettings: &embed.Settings{MaxOuter: 1, ALM: embed.ALMSettings{MaxIter: 20}}},
		Tune:       &Grid{Lambda: []float64{0.5, 2}, Beta: []float64{0.2}, Theta: []float64{0, 0.05}},
		SweepBetas: []float64{0, 1}, SweepLambda: 1, Workers: workers,
	}
}

// TestRunDeterministic runs a tiny tuned experiment twice, with one and
// with two workers: the results must agree exactly, cover every cell and
// hold error rates in [0, 1].
func TestRunDeterministic(t *testing.T) {
	var progress int
	c1 := tinyConfig(1)
	c1.Progress = func(Progress) { progress++ }
	r1, err := Run(context.Background(), c1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := Run(context.Background(), tinyConfig(2))
	if err != nil {
		t.Fatal(err)
	}
	if want := 3 * 2 * 4; len(r1.Cells) != want {
		t.Fatalf("%d cells, want %d", len(r1.Cells), want)
	}
	if got := r1.Graphs; got[0] != "knn0" || got[3] != method.NNLRSEF {
		t.Errorf("graphs %v not in the paper's column order", got)
	}
	for i, c := range r1.Cells {
		if len(c.Errors) != 2 {
			t.Errorf("%s %v %s: %d trials", c.Propagator, c.Labeled, c.Graph, len(c.Errors))
		}
		if len(c.Components) != len(c.Errors) {
			t.Errorf("%s %v %s: %d components for %d trials", c.Propagator, c.Labeled, c.Graph, len(c.Components), len(c.Errors))
		}
		// GHF and LGC also say how many samples no label reaches and
		// the error among the others, which leaving out samples that are
		// all errors can only lower; SDA does not.
		if n := len(c.ReachedErrors); n != len(c.Unreached) || n != map[bool]int{true: 2}[IsTransductive(c.Propagator)] {
			t.Errorf("%s %v %s: %d reached-only errors, %d unreached counts", c.Propagator, c.Labeled, c.Graph, n, len(c.Unreached))
		}
		for k, e := range c.ReachedErrors {
			if e > c.Errors[k] || c.Unreached[k] == 0 && e != c.Errors[k] {
				t.Errorf("%s %v %s trial %d: %v among the reached, %v strict, %d unreached", c.Propagator, c.Labeled, c.Graph, k, e, c.Errors[k], c.Unreached[k])
			}
		}
		for k, e := range c.Errors {
			if !(e >= 0 && e <= 1) || e != r2.Cells[i].Errors[k] {
				t.Errorf("%s %v %s trial %d: %v with one worker, %v with two", c.Propagator, c.Labeled, c.Graph, k, e, r2.Cells[i].Errors[k])
			}
		}
	}
	// Tuned graphs: one choice per trial, fraction and classifier.
	count := map[method.Name]int{}
	for _, ch := range r1.Choices {
		count[ch.Graph]++
		if ch.Graph != "lrr" && ch.Theta != 0 && ch.Theta != 0.05 {
			t.Errorf("choice %+v off the grid", ch)
		}
	}
	for _, g := range []method.Name{method.NNLRS, method.NNLRSEF, method.LRR} {
		if count[g] != 2*2*3 {
			t.Errorf("%s: %d choices, want 12", g, count[g])
		}
	}
	if count["knn0"] != 0 {
		t.Errorf("knn0 tuned")
	}
	if len(r1.Sweep) != 2*2 || len(r1.Sweep[0].Errors) != 2 || r1.Sweep[0].Propagator != SDA {
		t.Errorf("sweep %+v", r1.Sweep)
	}
	if r1.Example == nil || r1.Example.W["nnlrs"] == nil || r1.Example.Stage != "transductive" {
		t.Errorf("no example weights")
	}
	if progress == 0 {
		t.Error("no progress reported")
	}
	if b, ok := r1.Build("transductive", "nnlrs"); !ok || b.Builds != 2*2 || b.Failed != 0 {
		t.Errorf("nnlrs builds %+v", b)
	}
	if c, _ := r1.Cell(GHF, 0.5, "nnlrs"); math.IsNaN(c.Mean()) {
		t.Error("no mean")
	}
}

func TestRunErrors(t *testing.T) {
	for _, mod := range []func(*Config){
		func(c *Config) { c.Trials = 0 },
		func(c *Config) { c.Labeled = []float64{1.5} },
		func(c *Config) { c.Graphs = []method.Name{"pca"} },
		func(c *Config) { c.Propagators = []string{"svm"} },
		func(c *Config) { c.Protocol, _ = Lookup("usps") }, // no data
		func(c *Config) { c.Tune = &Grid{} },
	} {
		c := tinyConfig(1)
		mod(&c)
		if _, err := Run(context.Background(), c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, tinyConfig(1)); err == nil {
		t.Error("cancelled: no error")
	}
}

// A build that panics is a failed build: the run goes on, its cells have
// no error rates, and the build statistics count it with its message.
func TestRunPanickingBuild(t *testing.T) {
	c := tinyConfig(1)
	c.Graphs = []method.Name{method.KNN0, method.NNLRS}
	c.Propagators = []string{GHF}
	c.SweepBetas = nil
	// A method whose solver is missing: calling it panics.
	c.Options.NNLRS.Solver = struct{ lowrank.Method }{}
	r, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if cell, _ := r.Cell(GHF, 0.2, method.NNLRS); len(cell.Errors) != 0 {
		t.Errorf("NNLRS errors %v from failed builds", cell.Errors)
	}
	if cell, _ := r.Cell(GHF, 0.2, method.KNN0); len(cell.Errors) != c.Trials {
		t.Errorf("kNN0: %d trials, want %d", len(cell.Errors), c.Trials)
	}
	b, _ := r.Build("transductive", method.NNLRS)
	if b.Failed != b.Builds || b.Failed == 0 || len(b.Errors) == 0 || !strings.Contains(b.Errors[0], "panicked") {
		t.Errorf("NNLRS builds %+v", b)
	}
}
