package experiment

import (
	"math"
	"slices"

	"nnlrs/core/method"
)

// An OracleCell sets, for one classifier, labeled share and graph, the
// error of the parameters cross-validation chose on the labeled samples
// beside the lowest error any candidate of the grid reached on the test
// labels: how far choosing by the test labels, which no experiment may
// do, would have moved the cell. It bounds what the paper's "tune the
// regularization parameters ... so as to achieve the best performance"
// could give over our grid, were the best performance read on the test
// labels. The means are over the trials that recorded their candidates.
type OracleCell struct {
	Propagator string
	Labeled    float64
	Graph      method.Name
	// Chosen and Best are mean error rates (fractions); Lambda and Theta
	// the parameters of the best candidate, trial by trial.
	Chosen, Best  float64
	Lambda, Theta []float64
	Trials        int
}

// Oracle returns the cells of r whose choices recorded every candidate
// (Config.Candidates), in the order of r's classifiers, shares and graphs.
func Oracle(r *Results) []OracleCell {
	type cellTrial struct {
		prop  string
		frac  float64
		graph method.Name
		trial int
	}
	best := map[cellTrial]Candidate{}
	chosen := map[cellTrial]float64{}
	for _, c := range r.Candidates {
		k := cellTrial{c.Propagator, c.Labeled, c.Graph, c.Trial}
		if b, ok := best[k]; !ok || c.Error < b.Error {
			best[k] = c
		}
		if c.Chosen {
			chosen[k] = c.Error
		}
	}
	var out []OracleCell
	for _, p := range r.Propagators {
		for _, f := range r.Labeled {
			for _, g := range r.Graphs {
				oc := OracleCell{Propagator: p, Labeled: f, Graph: g}
				var ch, be []float64
				var trials []int
				for k := range best {
					if k.prop == p && k.frac == f && k.graph == g {
						trials = append(trials, k.trial)
					}
				}
				slices.Sort(trials)
				for _, t := range trials {
					k := cellTrial{p, f, g, t}
					c, ok := chosen[k]
					if !ok {
						c = math.NaN()
					}
					ch = append(ch, c)
					be = append(be, best[k].Error)
					oc.Lambda = append(oc.Lambda, best[k].Lambda)
					oc.Theta = append(oc.Theta, best[k].Theta)
				}
				if len(trials) == 0 {
					continue
				}
				oc.Chosen, oc.Best, oc.Trials = Mean(ch), Mean(be), len(trials)
				out = append(out, oc)
			}
		}
	}
	return out
}
