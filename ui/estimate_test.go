package ui

import (
	"math"
	"strings"
	"testing"
	"time"

	"nnlrs/core/cost"
	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
)

// Expected sums the graphs' work (cost.Graph) at browserRate on one
// worker, takes the longest graph on as many workers as graphs, and,
// after a run, works at the rate that run measured (the units its graphs
// of a second or more did over their seconds); the status says it for a
// long run only.
func TestExpected(t *testing.T) {
	const n, d = 400, 1024
	units := func(gm method.Name) float64 { return cost.Graph(gm, d, n, cost.Options{}).Units }
	var sum, most float64
	for _, gm := range demo.Order {
		sum += units(gm)
		most = max(most, units(gm))
	}
	m, jobs := started(t)
	if _, ok := m.Expected(m.Run); ok {
		t.Error("an estimate before the data arrived")
	}
	m.Samples(jobs[0].ID, &demo.Samples{Name: "faces", N: n, D: d})
	check := func(what string, want float64) {
		t.Helper()
		got, ok := m.Expected(m.Run)
		if !ok || math.Abs(got-want) > 1e-12*want {
			t.Errorf("%s: expected %v s (%v), want %v s", what, got, ok, want)
		}
	}
	check("one worker", sum/browserRate)
	m.Workers = 4
	check("four workers", most/browserRate)
	m.Workers = 2
	check("two workers", max(most, sum/2)/browserRate)
	line, _ := m.Status(t0.Add(time.Second))
	if exp, _ := m.Expected(m.Run); !strings.Contains(line, "1.0 s of about "+cost.Rough(exp)+" on this device") {
		t.Errorf("status %q", line)
	}

	// The run measures the device: NNLRS 100 iterations in 20 s, LRR 30
	// in 5 s, l1 in 10 s; kNN's 0.1 s is not counted.
	took := map[method.Name][2]float64{method.NNLRS: {100, 20}, method.LRR: {30, 5}, method.L1: {0, 10}, method.KNN0: {0, 0.1}}
	var did, secs float64
	for _, j := range jobs {
		tk, ok := took[j.Method]
		if !ok {
			t.Fatalf("no timing for %s", j.Method)
		}
		res := finalGraph(j.Method, make([]float64, n*n), n)
		res.Iterations, res.Elapsed = int(tk[0]), tk[1]
		m.Finished(j.ID, res, t0.Add(40*time.Second))
		if tk[1] >= 1 {
			did += cost.Done(j.Method, d, n, int(tk[0]))
			secs += tk[1]
		}
	}
	if m.Run.State != Done {
		t.Fatalf("run %v", m.Run.State)
	}
	next := params.Default()
	next.Seed++ // new samples: every graph solved again
	jobs2, err := m.Start(next, demo.File{}, t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	m.Samples(jobs2[0].ID, &demo.Samples{Name: "faces", N: n, D: d})
	check("at the measured rate", max(most, sum/2)/(did/secs))

	// The default data: short, not announced.
	m.Samples(jobs2[0].ID, &demo.Samples{Name: "synthetic", N: 100, D: 50})
	if line, _ := m.Status(t0.Add(61 * time.Second)); strings.Contains(line, "of about") {
		t.Errorf("a short run announced: %q", line)
	}
}
