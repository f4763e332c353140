package experiment

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"nnlrs/core/dataset"
	"nnlrs/core/graph"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
)

// TestSearchPreset checks, on synthetic subspaces with noise and grossly
// corrupted samples, that the search picks a λ among those whose GHF test
// error is near the best. The grid spans a known bad region on both sides
// (λ small: E takes every sample and Z = 0; λ large: Z near I, every
// sample its own neighbour) around a good one (λ = 1 on the page's
// synthetic data, ui/params.Default); the test errors, which the search
// never sees, define the good region here.
func TestSearchPreset(t *testing.T) {
	grid := PresetGrid{Lambda: []float64{0.05, 1, 50}, Beta: []float64{0.2}, Theta: []float64{0, 0.05}, LRRLambda: []float64{0.1, 10}}
	var draws []PresetDraw
	for seed := uint64(1); seed <= 2; seed++ {
		set, err := dataset.Synthetic(dataset.SyntheticParams{Classes: 4, PerClass: 15, Dim: 4, Ambient: 50, Noise: 0.2, Corrupt: 0.2},
			rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		given := propagate.DrawLabeled(set.Labels, 0.3, rand.New(rand.NewPCG(seed, 2)))
		draws = append(draws, PresetDraw{Set: set, Given: given, Folds: rand.New(rand.NewPCG(seed, 3))})
	}
	p, err := SearchPreset(context.Background(), draws, PresetConfig{Grid: grid, Graphs: []method.Name{method.KNN0, method.NNLRS}})
	if err != nil {
		t.Fatal(err)
	}
	// The test error of every λ of the grid (at the chosen β and θ).
	testErr := map[float64]float64{}
	best := 1.0
	for _, l := range grid.Lambda {
		o := graph.DefaultOptions()
		o.NNLRS.Lambda, o.NNLRS.Beta, o.NNLRS.Theta = l, p.Beta, p.Theta
		for _, d := range draws {
			g, err := graph.Build(context.Background(), "nnlrs", d.Set.X, o)
			if err != nil {
				t.Fatal(err)
			}
			res, err := propagate.GHF(g.W, d.Given)
			if err != nil {
				t.Fatal(err)
			}
			testErr[l] += propagate.ErrorRate(res.Pred, d.Set.Labels, d.Given) / float64(len(draws))
		}
		best = min(best, testErr[l])
	}
	t.Logf("chosen λ=%g β=%g θ=%g (CV error %.2f); test error by λ: %v", p.Lambda, p.Beta, p.Theta, p.CVError, testErr)
	// The grid must hold a bad region for the test to mean anything.
	if testErr[0.05] < best+0.3 || testErr[50] < best+0.3 {
		t.Fatalf("the grid's ends are not clearly bad: %v", testErr)
	}
	// Near the best: within 10 points, a few of the 44 unlabeled samples
	// per draw.
	if e := testErr[p.Lambda]; e > best+0.1 {
		t.Errorf("chose λ = %g with test error %.2f; the best λ has %.2f (%v)", p.Lambda, e, best, testErr)
	}
	if p.CVError < 0 || p.CVError > 1 || len(p.Scores) != 2 || p.Draws != 2 || p.Labeled != 20 {
		t.Errorf("preset %+v", p)
	}
	// The record re-solves the same problems: the same errors but for
	// rounding in the averages.
	if s, ok := p.Score("nnlrs"); !ok || math.Abs(s.ErrorGHF-testErr[p.Lambda]) > 1e-12 {
		t.Errorf("recorded NNLRS GHF error %+v, measured %.3f", s, testErr[p.Lambda])
	}
}
