package ui

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"nnlrs/core/cost"
	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
)

// Expected gives each graph its seconds on the page (seconds, at the
// run's λ), hands the graphs in demo.Order to the worker free first, and,
// after a run, divides by the speed that run measured (the model's
// seconds of its graphs of a second or more over their seconds) for runs
// of about its size only; the status says it for a long run only.
func TestExpected(t *testing.T) {
	const n, d = 400, 1024
	o := cost.Options{Lambda: params.Default().Lambda}
	secs := func(gm method.Name) float64 { return seconds(gm, d, n, o) }
	var sum, most float64
	for _, gm := range demo.Order {
		sum += secs(gm)
		most = max(most, secs(gm))
	}
	two := schedule2(secs(method.NNLRS), secs(method.KNN0), secs(method.L1), secs(method.LRR))
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
	check("one worker", sum)
	m.Workers = 4
	check("four workers", most)
	m.Workers = 2
	check("two workers", two)
	line, _ := m.Status(t0.Add(time.Second))
	if exp, _ := m.Expected(m.Run); !strings.Contains(line, "1.0 s of about "+cost.Rough(exp)+" on this device, a first guess from its size and λ: ") {
		t.Errorf("status %q", line)
	}

	// The run measures the device: NNLRS in 20 s, LRR in 5 s, l1 in
	// 10 s; kNN's 0.1 s is not counted. Each graph of a second or more
	// then takes its measured seconds at this size; its iterations do not
	// matter (the speed is the fitted seconds over the measured).
	times := map[method.Name]float64{method.NNLRS: 20, method.LRR: 5, method.L1: 10, method.KNN0: 0.1}
	for _, j := range jobs {
		tk, ok := times[j.Method]
		if !ok {
			t.Fatalf("no timing for %s", j.Method)
		}
		res := finalGraph(j.Method, make([]float64, n*n), n)
		res.Iterations, res.Elapsed = 7, tk
		m.Finished(j.ID, res, t0.Add(40*time.Second))
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
	check("at the measured speed", schedule2(20, secs(method.KNN0), 10, 5))
	// Another size, or another dimension: the rate assumed before one.
	again(3*n/2, d)
	if got, _ := m.Expected(m.Run); got <= 0 || math.Abs(got-m.fitted(m.Run)) > 1e-12*got {
		t.Errorf("a larger run at the measured speed: %v s, want %v s", got, m.fitted(m.Run))
	}
	again(n, d/2)
	if got, _ := m.Expected(m.Run); math.Abs(got-m.fitted(m.Run)) > 1e-12*got {
		t.Errorf("another dimension at the measured speed: %v s, want %v s", got, m.fitted(m.Run))
	}
	again(n, d)

	// The default data: short, not announced.
	m.Samples(m.Run.base, &demo.Samples{Name: "synthetic", N: 100, D: 50})
	if line, _ := m.Status(t0.Add(61 * time.Second)); strings.Contains(line, "of about") {
		t.Errorf("a short run announced: %q", line)
	}
}

// schedule2 returns the seconds of a run's graphs on two workers: NNLRS
// on the first, kNN then l1 on the second, LRR on whichever is free first.
func schedule2(nnlrs, knn, l1, lrr float64) float64 {
	if rest := knn + l1; nnlrs <= rest {
		return max(nnlrs+lrr, rest)
	}
	return max(nnlrs, knn+l1+lrr)
}

// fitted returns the seconds of run r on two workers at the fitted speed.
func (m *Model) fitted(r *Run) float64 {
	n, d, o := r.Data.N, r.Data.D, options(r)
	s := func(gm method.Name) float64 { return seconds(gm, d, n, o) }
	return schedule2(s(method.NNLRS), s(method.KNN0), s(method.L1), s(method.LRR))
}

// While a run computes, a graph counts at its own pace once it has one:
// NNLRS's seconds so far and its seconds per iteration since its first
// report of 5 or more iterations over the iterations it is expected to
// have left, l1's seconds per sample times its samples; the status then
// says so. A finished graph counts its own seconds.
func TestExpectedPace(t *testing.T) {
	const n, d = 400, 50
	m, jobs := started(t)
	m.Workers = 2
	m.Samples(jobs[0].ID, &demo.Samples{Name: "synthetic", N: n, D: d})
	o := options(m.Run)
	secs := func(gm method.Name) float64 { return seconds(gm, d, n, o) }
	check := func(what string, want float64, paced bool) {
		t.Helper()
		got, p, ok := m.expected(m.Run)
		if !ok || p != paced || math.Abs(got-want) > 1e-12*want {
			t.Errorf("%s: expected %v s (paced %v, %v), want %v s (paced %v)", what, got, p, ok, want, paced)
		}
	}
	first := schedule2(secs(method.NNLRS), secs(method.KNN0), secs(method.L1), secs(method.LRR))
	check("a first guess", first, false)
	// NNLRS: 3 then 6 iterations in 3 and 4 s, 9 in 4.5 s: too few
	// since the 6th to count.
	for _, p := range [][2]float64{{3, 3}, {6, 4}, {9, 4.5}} {
		m.Progress(jobs[0].ID, &demo.Progress{Method: method.NNLRS, Iters: []demo.Iter{{Iter: int(p[0])}}, Elapsed: p[1]})
		check(fmt.Sprintf("%.0f iterations", p[0]), first, false)
	}
	// 20 iterations in 10 s: 14 iterations in 6 s since the 6th.
	m.Progress(jobs[0].ID, &demo.Progress{Method: method.NNLRS, Iters: []demo.Iter{{Iter: 20}}, Elapsed: 10})
	it := cost.Graph(method.NNLRS, d, n, o).Iterations
	nn := 10 + float64(max(it, 25)-20)*6/14
	check("twenty iterations", schedule2(nn, secs(method.KNN0), secs(method.L1), secs(method.LRR)), true)
	// kNN done in 0.5 s, l1 at 40 of 400 samples after 3 s.
	m.Finished(jobs[1].ID, finalGraph(method.KNN0, make([]float64, n*n), n), t0.Add(time.Second))
	m.Progress(jobs[2].ID, &demo.Progress{Method: method.L1, Done: 40, Total: n, Elapsed: 3})
	check("l1 under way", schedule2(nn, 0.5, 30, secs(method.LRR)), true)
	if line, _ := m.Status(t0.Add(15 * time.Second)); !strings.Contains(line, " on this device at the pace so far: ") {
		t.Errorf("status %q", line)
	}
}

// The run's own λ reaches the estimate: NNLRS's iterations at λ (cost.
// ADMMIterations), so a run at λ = 5 is expected to take longer than one
// at λ = 1 on the same data, by NNLRS's iterations alone.
func TestExpectedLambda(t *testing.T) {
	const n, d = 300, 50 // NNLRS the longest graph at λ = 1 too
	expected := func(lambda float64) float64 {
		t.Helper()
		p := params.Default()
		p.Lambda = lambda
		m := NewModel(p)
		jobs, err := m.Start(p, demo.File{}, t0)
		if err != nil {
			t.Fatal(err)
		}
		m.Samples(jobs[0].ID, &demo.Samples{Name: "synthetic", N: n, D: d})
		m.Workers = 4 // each graph on its own worker: the run takes NNLRS's time
		got, ok := m.Expected(m.Run)
		if !ok {
			t.Fatal("no estimate")
		}
		return got
	}
	for _, lambda := range []float64{1, 5} {
		it := math.Ceil(cost.ADMMIterations(n, lambda))
		want := it * iterSecs * math.Pow(n/100.0, iterPower)
		if got := expected(lambda); math.Abs(got-want) > 1e-12*want {
			t.Errorf("λ = %g: %v s expected, want %v s (%v iterations)", lambda, got, want, it)
		}
	}
	if a, b := expected(1), expected(5); !(b > 2*a) {
		t.Errorf("λ = 5: %v s, λ = 1: %v s", b, a)
	}
}

// The model says nothing it was not fitted on: a run at the link's own
// gap (the counts were fitted at the solver's default), or one whose
// NNLRS solve ran past outrun times its expected iterations, has no
// estimate, and its status names no time to come.
func TestExpectedUnknown(t *testing.T) {
	const n, d = 400, 50
	p := params.Default()
	p.Gap = 1e-12
	m := NewModel(p)
	jobs, err := m.Start(p, demo.File{}, t0)
	if err != nil {
		t.Fatal(err)
	}
	m.Samples(jobs[0].ID, &demo.Samples{Name: "synthetic", N: n, D: d})
	if secs, ok := m.Expected(m.Run); ok {
		t.Errorf("gap %g: expected %v s", p.Gap, secs)
	}

	m, jobs = started(t)
	m.Samples(jobs[0].ID, &demo.Samples{Name: "synthetic", N: n, D: d})
	it := cost.Graph(method.NNLRS, d, n, options(m.Run)).Iterations
	report := func(iter int, elapsed float64) {
		m.Progress(jobs[0].ID, &demo.Progress{Method: method.NNLRS, Iters: []demo.Iter{{Iter: iter}}, Elapsed: elapsed})
	}
	report(5, 2)
	report(it, 60)
	if _, ok := m.Expected(m.Run); !ok {
		t.Fatalf("no estimate at the expected %d iterations", it)
	}
	report(int(math.Ceil(outrun*float64(it)))+1, 80)
	if secs, ok := m.Expected(m.Run); ok {
		t.Errorf("past %v times the expected iterations: expected %v s", outrun, secs)
	}
	if line, _ := m.Status(t0.Add(100 * time.Second)); strings.Contains(line, "of about") {
		t.Errorf("status %q", line)
	}
}
