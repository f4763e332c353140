package main

import (
	"context"
	"testing"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// tourGraph is what a run of the page's runner measures of one graph.
type tourGraph struct {
	within, density, diagonal, ghf float64
	components                     int
}

// tourRun builds the four graphs of p on the page's runner and returns
// their measures, and the share of the corrupted samples among the n_c
// samples with the largest NNLRS error norms |e_j| (n_c the number
// corrupted; 1 when none are).
func tourRun(t *testing.T, p params.Params) (map[method.Name]tourGraph, float64) {
	t.Helper()
	out := map[method.Name]tourGraph{}
	var corrupted []bool
	caught := 1.0
	for _, gm := range params.Graphs {
		ms := record(t, context.Background(), newJob(specOf(p), demo.Job{Method: gm, SendData: true}), nil)
		g := last[*protocol.Graph](t, ms)
		data := ms[0].(*protocol.Data)
		out[gm] = tourGraph{g.WithinClass, g.Density, g.DiagonalShare, ghfError(data, g, p.Labeled, p.LabelsSeed()), g.Components}
		if gm != method.NNLRS {
			continue
		}
		corrupted = data.Corrupted
		if k := count(corrupted); k > 0 {
			hit := 0
			for _, j := range largest(g.ENorm, k) {
				if corrupted[j] {
					hit++
				}
			}
			caught = float64(hit) / float64(k)
		}
	}
	return out, caught
}

// largest returns the indices of the k largest values of v.
func largest(v []float64, k int) []int {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	for i := 0; i < k; i++ {
		for j := i + 1; j < len(idx); j++ {
			if v[idx[j]] > v[idx[i]] {
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
	}
	return idx[:k]
}

// TestTourClaims checks what the steps of the guided tour (params.Tour)
// say of the graphs on the synthetic data, on the page's own runner, for
// the seeds 1-3 whose ranges the texts quote (the tour shows seed 1). The
// real data's step quotes the presets' measurements (presets.go); the
// browser test checks it on the site.
func TestTourClaims(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 24 graphs")
	}
	in := func(v, lo, hi float64) bool { return v >= lo && v <= hi }
	for seed := uint64(1); seed <= 3; seed++ {
		clean := params.AtTour(1, false)
		clean.Seed = seed
		noisy := params.AtTour(2, false)
		noisy.Seed = seed
		for n := 2; n <= 7; n++ {
			if q := params.AtTour(n, false); params.Needs(q, params.AtTour(2, false)) != params.View {
				t.Fatalf("step %d computes other graphs than step 2", n)
			}
		}
		c, _ := tourRun(t, clean)
		g, caught := tourRun(t, noisy)
		for _, gm := range params.Graphs {
			t.Logf("seed %d %-5s clean: within %.6f density %.3f ghf %.3f pieces %d | noisy: within %.3f density %.3f ghf %.3f pieces %d",
				seed, gm, c[gm].within, c[gm].density, c[gm].ghf, c[gm].components,
				g[gm].within, g[gm].density, g[gm].ghf, g[gm].components)
		}
		t.Logf("seed %d: the corrupted samples are %.2f of those with the largest |e_j|", seed, caught)
		nn, knn, l1, lrr := g[method.NNLRS], g[method.KNN0], g[method.L1], g[method.LRR]
		for _, c := range []struct {
			step int
			ok   bool
		}{
			// 1: NNLRS within the subspaces, in four pieces on the seed the
			// tour shows; on others a trace may cross (seed 3: 0.02% of the
			// weight, one edge, gone when solved to a gap of 1e-4).
			{1, c[method.NNLRS].within > 0.999 && (seed != 1 || c[method.NNLRS].within == 1 && c[method.NNLRS].components == 4)},
			// 2: kNN sends 6-9% across, more than on clean data; GHF 2-29%.
			{2, in(1-knn.within, 0.06, 0.095) && knn.within < c[method.KNN0].within && in(knn.ghf, 0.02, 0.295)},
			// 3: l1 about a fifth of the edges, 13% across, more than kNN.
			{3, in(l1.density, 0.18, 0.23) && in(1-l1.within, 0.125, 0.135) && l1.within < knn.within},
			// 4: LRR within on clean data, full, 56-57% within here.
			{4, c[method.LRR].within > 0.999 && c[method.LRR].density > 0.999 && lrr.density > 0.999 && in(lrr.within, 0.555, 0.575)},
			// 5: NNLRS 97-99% within, the most of any graph, on a tenth of the edges.
			{5, in(nn.within, 0.97, 0.99) && nn.within > max(knn.within, l1.within, lrr.within) && in(nn.density, 0.095, 0.105)},
			// 6: GHF errors, the ranges quoted (to the percent).
			{6, nn.ghf < 0.015 && in(knn.ghf, 0.02, 0.295) && in(l1.ghf, 0.01, 0.095) && in(lrr.ghf, 0.195, 0.625)},
			// 7: 85-95% of the largest columns of E are the corrupted samples.
			{7, in(caught, 0.85, 0.95)},
		} {
			if !c.ok {
				t.Errorf("seed %d: step %d (%q) does not hold", seed, c.step, params.TourSteps[c.step-1].Title)
			}
		}
	}
}
