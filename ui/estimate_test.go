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
// after a run, works at the rate that run measured (the model's units of
// its graphs of a second or more over their seconds) for runs of about its
// size only; the status says it for a long run only.
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

	// The run measures the device: NNLRS in 20 s, LRR in 5 s, l1 in
	// 10 s; kNN's 0.1 s is not counted. Its iterations do not matter: the
	// rate is the model's work over the seconds.
	took := map[method.Name]float64{method.NNLRS: 20, method.LRR: 5, method.L1: 10, method.KNN0: 0.1}
	var did, secs float64
	for _, j := range jobs {
		tk, ok := took[j.Method]
		if !ok {
			t.Fatalf("no timing for %s", j.Method)
		}
		res := finalGraph(j.Method, make([]float64, n*n), n)
		res.Iterations, res.Elapsed = 7, tk
		m.Finished(j.ID, res, t0.Add(40*time.Second))
		if tk >= 1 {
			did += units(j.Method)
			secs += tk
		}
	}
	if m.Run.State != Done {
		t.Fatalf("run %v", m.Run.State)
	}
	again := func(n, d int) {
		t.Helper()
		next := params.Default()
		next.Seed++ // new samples: every graph solved again
		jobs2, err := m.Start(next, demo.File{}, t0.Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		m.Samples(jobs2[0].ID, &demo.Samples{Name: "faces", N: n, D: d})
	}
	again(n, d)
	check("at the measured rate", max(most, sum/2)/(did/secs))
	// Another size, or another dimension: the rate assumed before one.
	again(3*n/2, d)
	if got, _ := m.Expected(m.Run); got <= 0 || math.Abs(got*browserRate-m.work(m.Run)) > 1e-6*got*browserRate {
		t.Errorf("a larger run at the measured rate: %v s", got)
	}
	again(n, d/2)
	if got, _ := m.Expected(m.Run); math.Abs(got*browserRate-m.work(m.Run)) > 1e-6*got*browserRate {
		t.Errorf("another dimension at the measured rate: %v s", got)
	}
	again(n, d)

	// The default data: short, not announced.
	m.Samples(m.Run.base, &demo.Samples{Name: "synthetic", N: 100, D: 50})
	if line, _ := m.Status(t0.Add(61 * time.Second)); strings.Contains(line, "of about") {
		t.Errorf("a short run announced: %q", line)
	}
}

// work returns the wall-clock units of run r on m's workers, as Expected
// spreads them.
func (m *Model) work(r *Run) float64 {
	var sum, most float64
	for _, gm := range demo.Order {
		u := cost.Graph(gm, r.Data.D, r.Data.N, cost.Options{}).Units
		sum += u
		most = max(most, u)
	}
	return max(most, sum/float64(max(1, m.Workers)))
}
