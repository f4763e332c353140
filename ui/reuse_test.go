package ui

import (
	"slices"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/core/weights"
)

// finishWithZ finishes the run of jobs with two classes of m samples; the
// NNLRS graph carries a Z (two blocks with weak cross terms) and a Warm.
func finishWithZ(mo *Model, jobs []demo.Job, m int) {
	n := 2 * m
	z := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			z[i*n+j] = 0.01 * float64(1+(i+2*j)%7)
			if i/m == j/m {
				z[i*n+j] = 0.2 + 0.1*float64((i*j)%3)
			}
		}
	}
	for _, j := range jobs {
		if j.SendData {
			mo.Samples(j.ID, testData(m))
		}
	}
	for _, j := range jobs {
		g := finalGraph(j.Method, twoBlocks(m, 0), n)
		if j.Method == method.NNLRS {
			g.Z, g.Warm = z, []byte{42}
			g.W = weights.RowMajor(weights.ThresholdNormalized(mat.NewDense(n, n, z), mo.Run.Params.Theta))
		}
		mo.Finished(j.ID, g, t0.Add(time.Second))
	}
}

func methods(jobs []demo.Job) []method.Name {
	var s []method.Name
	for _, j := range jobs {
		s = append(s, j.Method)
	}
	return s
}

// TestReuse checks that a run computes only what its settings change: θ,
// the labeled share, a clicked label and α need no worker; λ or β re-solve
// NNLRS alone, warm, and so does the solver's gap; LRR's λ re-solves LRR alone; new data re-solve all.
func TestReuse(t *testing.T) {
	const m = 6
	mo, jobs := started(t)
	finishWithZ(mo, jobs, m)
	if mo.Run.State != Done {
		t.Fatal("first run not done")
	}
	first := mo.Run
	base := mo.Params

	// θ: no job, W re-weighted from Z, the other graphs the same.
	p := base
	p.Theta = 0.3
	jobs, err := mo.Start(p, demo.File{}, t0)
	if err != nil || len(jobs) != 0 || mo.Run.State != Done {
		t.Fatalf("theta: %d jobs (%v), state %v", len(jobs), err, mo.Run.State)
	}
	g := mo.Run.Graphs[method.NNLRS]
	n := 2 * m
	want := weights.ThresholdNormalized(mat.NewDense(n, n, first.Graphs[method.NNLRS].Final.Z), 0.3)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if g.W[i*n+j] != want.At(i, j) || g.Final.W[i*n+j] != want.At(i, j) {
				t.Fatalf("theta: W[%d,%d] = %v, want %v", i, j, g.W[i*n+j], want.At(i, j))
			}
		}
	}
	if g.Final.Density != weights.Density(want) || g.Final.Components != weights.Components(want) ||
		g.Final.WithinClass != weights.WithinClass(want, mo.Run.Data.Labels) || g.Version == first.Graphs[method.NNLRS].Version {
		t.Errorf("theta: measures %+v not those of the new W", g.Final)
	}
	if first.Graphs[method.NNLRS].Final.Density != 0.3 {
		t.Error("theta: the earlier run's graph was changed")
	}
	if mo.Run.Graphs[method.L1] != first.Graphs[method.L1] || len(g.Iters) != len(first.Graphs[method.NNLRS].Iters) {
		t.Error("theta: the other graphs were not carried over")
	}
	if !mo.Prop.Ready() {
		t.Error("theta: no propagation")
	}

	// Labeled share and a click: no job, the labeled set drawn by the page.
	p.Labeled = 40
	if jobs, _ := mo.Start(p, demo.File{}, t0); len(jobs) != 0 {
		t.Errorf("labeled: jobs %v", methods(jobs))
	}
	drawn := p.Given(mo.Run.Data.Labels)
	if !slices.Equal(mo.Run.Data.Given, drawn) {
		t.Errorf("labeled: given %v, want %v", mo.Run.Data.Given, drawn)
	}
	k := 3 // flip sample 4
	p = p.Toggle(k)
	if jobs, _ := mo.Start(p, demo.File{}, t0); len(jobs) != 0 {
		t.Errorf("flip: jobs %v", methods(jobs))
	}
	if got := mo.Run.Data.Given[k]; (got == propagate.Unlabeled) == (drawn[k] == propagate.Unlabeled) {
		t.Errorf("flip: sample %d given %d, drawn %d", k+1, got, drawn[k])
	}

	// The labels' own seed: no job, another draw, which the curve starts
	// from.
	q := p
	q.LabelSeed, q.Flip = 9, ""
	if jobs, _ := mo.Start(q, demo.File{}, t0); len(jobs) != 0 {
		t.Errorf("labels' seed: jobs %v", methods(jobs))
	}
	other := q.Given(mo.Run.Data.Labels)
	if !slices.Equal(mo.Run.Data.Given, other) || slices.Equal(other, drawn) {
		t.Errorf("labels' seed: given %v, want %v (the seed's draw was %v)", mo.Run.Data.Given, other, drawn)
	}
	if want := CurveDraw(mo.Run.Data.Labels, q.Labeled, 9, 0); !slices.Equal(want, other) {
		t.Errorf("labels' seed: the curve's first draw %v, the page's %v", want, other)
	}
	if jobs, _ := mo.Start(p, demo.File{}, t0); len(jobs) != 0 {
		t.Errorf("labels' seed back to 0: jobs %v", methods(jobs))
	}

	// λ: NNLRS alone, warm from the last NNLRS graph.
	p.Lambda = 2
	jobs, _ = mo.Start(p, demo.File{}, t0)
	if len(jobs) != 1 || jobs[0].Method != method.NNLRS || jobs[0].SendData || string(jobs[0].Warm) != "\x2a" {
		t.Fatalf("lambda: jobs %+v", jobs)
	}
	if !mo.Running() || mo.Run.Data == nil || mo.Run.Graphs[method.KNN0].Final == nil {
		t.Error("lambda: data or kNN graph not carried over")
	}
	finishWithZ(mo, jobs, m)
	if mo.Run.State != Done {
		t.Error("lambda: run not done after its one job")
	}

	// The solver's gap: NNLRS alone, with that gap.
	p.Gap = 1e-6
	jobs, _ = mo.Start(p, demo.File{}, t0)
	if len(jobs) != 1 || jobs[0].Method != method.NNLRS || jobs[0].Params.Gap != 1e-6 {
		t.Fatalf("gap: jobs %+v", jobs)
	}
	finishWithZ(mo, jobs, m)

	// LRR's λ: LRR alone.
	p.LRRLambda = 3
	if jobs, _ := mo.Start(p, demo.File{}, t0); len(jobs) != 1 || jobs[0].Method != method.LRR {
		t.Errorf("lrr: jobs %v", methods(jobs))
	}
	mo.Cancel(t0)

	// New data: every graph, cold, with the data.
	p.Seed = 2
	jobs, _ = mo.Start(p, demo.File{}, t0)
	if len(jobs) != 4 || !jobs[0].SendData || jobs[0].Warm != nil {
		t.Errorf("seed: jobs %v, warm %v", methods(jobs), jobs[0].Warm)
	}
}

// TestReuseFailed checks that a graph that failed is computed again.
func TestReuseFailed(t *testing.T) {
	mo, jobs := started(t)
	mo.Samples(jobs[0].ID, testData(3))
	for _, j := range jobs {
		if j.Method == method.L1 {
			mo.Failed(j.ID, &demo.Failure{Method: j.Method, Fault: demo.SolverFault, Message: "no"}, t0)
			continue
		}
		mo.Finished(j.ID, finalGraph(j.Method, twoBlocks(3, 0), 6), t0)
	}
	p := mo.Params
	p.Alpha = 0.5
	jobs, _ = mo.Start(p, demo.File{}, t0)
	if len(jobs) != 1 || jobs[0].Method != method.L1 {
		t.Errorf("jobs %v", methods(jobs))
	}
	// Without Z a new θ needs the solver.
	p.Theta = 0.5
	mo.Cancel(t0)
	if r := Reuse(mo.Run, p, demo.File{}); r.Graphs[method.NNLRS] || !r.Graphs[method.KNN0] {
		t.Errorf("reuse without Z: %+v", r)
	}
}

// TestApply checks the live controls: view settings apply without a
// run, a labeled share changes a running run in place, other settings
// start a run; Rerun computes every graph afresh.
func TestApply(t *testing.T) {
	mo, jobs := started(t)
	finishWithZ(mo, jobs, 4)
	done := mo.Run
	p := mo.Params
	p.Graph, p.Alpha = method.L1, 0.5
	if jobs, started, err := mo.Apply(p, demo.File{}, t0); len(jobs) != 0 || started || err != nil || mo.Run != done || mo.Params.Graph != method.L1 {
		t.Errorf("view: %d jobs, started %v, err %v", len(jobs), started, err)
	}
	p.Beta = 0.4
	jobs, started, _ := mo.Apply(p, demo.File{}, t0)
	if !started || len(jobs) != 1 || jobs[0].Warm == nil {
		t.Fatalf("beta: started %v, jobs %v", started, methods(jobs))
	}
	running := mo.Run
	p.Labeled = 50
	p = p.Toggle(0)
	if jobs, started, _ := mo.Apply(p, demo.File{}, t0); started || len(jobs) != 0 || mo.Run != running {
		t.Fatalf("labeled while running: started %v, jobs %v", started, methods(jobs))
	}
	if want := p.Given(mo.Run.Data.Labels); !slices.Equal(mo.Run.Data.Given, want) || mo.Run.Params.Flip != "1" {
		t.Errorf("labeled while running: given %v, want %v", mo.Run.Data.Given, want)
	}
	finishWithZ(mo, jobs, 4)
	jobs, err := mo.Rerun(p, demo.File{}, t0)
	if err != nil || len(jobs) != 4 || !jobs[0].SendData || jobs[0].Warm != nil {
		t.Errorf("rerun: jobs %v, err %v", methods(jobs), err)
	}
}
