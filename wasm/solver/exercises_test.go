package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// TestExercises checks what the answers of the page's exercises
// (params.Exercises) say, on the page's own runner, for the settings of
// their links (seed 1). The USPS digits come from the site (make dist,
// NNLRS_DIST); without them that exercise is skipped.
func TestExercises(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 18 graphs")
	}
	dist := os.Getenv("NNLRS_DIST")
	if dist == "" {
		dist = filepath.Join("..", "..", "dist")
	}
	fetch := func(r *runner) {
		r.fetch = func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dist, "data", name+".mat")) }
	}
	graph := func(link string, g method.Name, set func(p *params.Params)) (float64, *protocol.Graph) {
		p, notice := params.FromHash(link)
		if notice != "" {
			t.Fatalf("%s: %s", link, notice)
		}
		set(&p)
		ms := record(t, context.Background(), newJob(specOf(p), demo.Job{Method: g, SendData: true}), fetch)
		gr := last[*protocol.Graph](t, ms)
		return ghfError(ms[0].(*protocol.Data), gr, p.Labeled, p.LabelsSeed()), gr
	}
	in := func(v, lo, hi float64) bool { return v >= lo-1e-9 && v <= hi+1e-9 }

	beta := params.Exercises[0].Link
	for _, b := range []float64{0, 0.001} {
		e, g := graph(beta, method.NNLRS, func(p *params.Params) { p.Beta = b })
		if !in(g.WithinClass, 0.53, 0.575) || !in(e, 0.745, 0.755) {
			t.Errorf("β = %g: within %.3f, GHF %.3f; the answer says 53-57%% and 75%%", b, g.WithinClass, e)
		}
	}
	for _, b := range []float64{0.05, 0.1, 0.2} {
		if e, _ := graph(beta, method.NNLRS, func(p *params.Params) { p.Beta = b }); e >= 0.015 { // 0-1%, rounded
			t.Errorf("β = %g: GHF %.3f; the answer says 0-1%%", b, e)
		}
	}
	if e, g := graph(beta, method.NNLRS, func(p *params.Params) { p.Beta = 0.5 }); g.Components != 28 || !in(e, 0.58, 0.59) {
		t.Errorf("β = 0.5: %d pieces, GHF %.3f; the answer says 28 and 58%%", g.Components, e)
	}
	if _, g := graph(beta, method.NNLRS, func(p *params.Params) { p.Beta = 1 }); g.Density != 0 {
		t.Errorf("β = 1: density %v; the answer says no edges", g.Density)
	}

	theta := params.Exercises[2].Link
	if e, g := graph(theta, method.NNLRS, func(p *params.Params) { p.Theta = 0.3 }); g.Components > 3 || !in(g.Density, 0, 0.045) || e >= 0.015 {
		t.Errorf("θ = 0.3: %d pieces, density %.3f, GHF %.3f; the answer says 3 at most, 4%%, 1%%", g.Components, g.Density, e)
	}
	if e, g := graph(theta, method.NNLRS, func(p *params.Params) { p.Theta = 0.5 }); g.Components != 56 || !in(e, 0.955, 0.965) {
		t.Errorf("θ = 0.5: %d pieces, GHF %.3f; the answer says 56 and 96%%", g.Components, e)
	}

	usps := params.Exercises[1].Link
	if _, err := os.Stat(filepath.Join(dist, "data", "usps.mat")); err != nil {
		t.Skip("no USPS digits in the site (make dist with ../shared/datasets)")
	}
	l1, _ := graph(usps, method.L1, func(*params.Params) {})
	if !in(l1, 0.125, 0.125) {
		t.Errorf("l1 on USPS: GHF %.3f; the answer says 12.5%%", l1)
	}
	for _, l := range []float64{0.5, 0.7, 1, 1.5, 2} {
		if e, _ := graph(usps, method.NNLRS, func(p *params.Params) { p.Lambda = l }); !in(e, 0.05, 0.1135) || e >= l1 {
			t.Errorf("λ = %g: NNLRS GHF %.3f; the answer says 5-11%%, below l1's %.3f", l, e, l1)
		}
	}
	for _, l := range []float64{0.05, 0.1, 0.2} {
		if e, _ := graph(usps, method.NNLRS, func(p *params.Params) { p.Lambda = l }); e < 0.75 {
			t.Errorf("λ = %g: NNLRS GHF %.3f; the answer says 75-100%%", l, e)
		}
	}
	if e, g := graph(usps, method.NNLRS, func(p *params.Params) { p.Lambda = 10 }); !in(g.DiagonalShare, 0.905, 0.915) || !in(e, 0.82, 0.83) {
		t.Errorf("λ = 10: diagonal %.3f, GHF %.3f; the answer says 91%% and 82%%", g.DiagonalShare, e)
	}
}
