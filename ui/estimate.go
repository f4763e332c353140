package ui

import (
	"nnlrs/core/cost"
	"nnlrs/core/demo"
)

// browserRate is the units of work (package cost) one of the page's
// workers does in a second, before the page has timed a run of its size:
// the slower of NNLRS's and l1's rates on 400 faces in headless Chromium
// on a 2-core machine (docs/BENCH.md, "The page's expected time for a
// large run" and its later measurements).
const browserRate = 4.1e8

// LongRun is the expected seconds from which the page says how long a run
// will take.
const LongRun = 10

// Expected returns the seconds run r is expected to take on this device,
// and whether there is an estimate: once the worker has sent its data.
// Each graph's work (cost.Graph) at the rate the page measured on a run of
// about the same size (samples within a quarter, the same dimension), or
// at browserRate without one; the graphs spread over Workers workers: the
// longest graph, or their sum over the workers if more.
func (m *Model) Expected(r *Run) (float64, bool) {
	if r == nil || r.Data == nil {
		return 0, false
	}
	n, d := r.Data.N, r.Data.D
	rate := browserRate
	if m.rate.units > 0 && d == m.rate.d && 4*abs(n-m.rate.n) <= n {
		rate = m.rate.units
	}
	var sum, most float64
	for _, gm := range demo.Order {
		if _, ok := r.Graphs[gm]; !ok {
			continue
		}
		s := cost.Graph(gm, d, n, cost.Options{}).Units / rate
		sum += s
		most = max(most, s)
	}
	return max(most, sum/float64(max(1, m.Workers))), true
}

// deviceRate is the rate of work the page measured on a run of n samples
// of dimension d.
type deviceRate struct {
	units float64 // per second and worker
	n, d  int
}

// measure sets the device's rate from the finished run r: the work the
// cost model gives its graphs over the seconds their workers took,
// counting the graphs of a second or more (shorter ones time mostly the
// workers' overheads). The model's errors on this kind of data (the
// solvers' iterations, the kernels' speed) are thus part of the rate,
// which is why it serves only runs of about the same size. A run without
// such a graph leaves the rate as it was.
func (m *Model) measure(r *Run) {
	if r.Data == nil {
		return
	}
	var units, secs float64
	for gm, g := range r.Graphs {
		if g.Final == nil || g.Final.Elapsed < 1 {
			continue
		}
		units += cost.Graph(gm, r.Data.D, r.Data.N, cost.Options{}).Units
		secs += g.Final.Elapsed
	}
	if secs > 0 {
		m.rate = deviceRate{units / secs, r.Data.N, r.Data.D}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
