package ui

import (
	"nnlrs/core/cost"
	"nnlrs/core/demo"
)

// browserRate is the units of work (package cost) one of the page's
// workers does in a second, before the page has timed a run of its own:
// measured in headless Chromium on this project's 2-core machine on Yale
// B, 10 classes × 40 (NNLRS 275 iterations in 66.8 s, 5.3e8 units a
// second; l1 in 17.2 s, 3.3e8), the lower of the two, so that a first
// estimate errs long.
const browserRate = 3.3e8

// LongRun is the expected seconds from which the page says how long a run
// will take.
const LongRun = 10

// Expected returns the seconds run r is expected to take on this device,
// and whether there is an estimate: once the worker has sent its data.
// Each graph's work (cost.Graph) at the rate the page measured on its
// last run (browserRate before one), the graphs spread over Workers
// workers: the longest graph, or their sum over the workers if more.
func (m *Model) Expected(r *Run) (float64, bool) {
	if r == nil || r.Data == nil {
		return 0, false
	}
	rate := m.rate
	if rate == 0 {
		rate = browserRate
	}
	var sum, most float64
	for _, gm := range demo.Order {
		if _, ok := r.Graphs[gm]; !ok {
			continue
		}
		s := cost.Graph(gm, r.Data.D, r.Data.N, cost.Options{}).Units / rate
		sum += s
		most = max(most, s)
	}
	return max(most, sum/float64(max(1, m.Workers))), true
}

// measure sets the device's rate from the finished run r: the units its
// graphs did (cost.Done, at the iterations they took) over the seconds
// their workers took, counting the graphs of a second or more (shorter
// ones time mostly the workers' overheads). A run without such a graph
// leaves the rate as it was.
func (m *Model) measure(r *Run) {
	if r.Data == nil {
		return
	}
	var units, secs float64
	for gm, g := range r.Graphs {
		if g.Final == nil || g.Final.Elapsed < 1 {
			continue
		}
		units += cost.Done(gm, r.Data.D, r.Data.N, g.Final.Iterations)
		secs += g.Final.Elapsed
	}
	if secs > 0 {
		m.rate = units / secs
	}
}
