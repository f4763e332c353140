package ui

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
)

var t0 = time.Unix(1000, 0)

// twoBlocks returns the weights of two classes of m nodes each, every pair
// within a class joined by weight 1 (and a diagonal of diag), and nothing
// across.
func twoBlocks(m int, diag float64) []float64 {
	n := 2 * m
	w := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			switch {
			case i == j:
				w[i*n+j] = diag
			case i/m == j/m:
				w[i*n+j] = 1
			}
		}
	}
	return w
}

// testData returns the samples of two classes of m samples: points in the
// plane near (1, 0) for the first class, near (0, 1) for the second.
func testData(m int) *demo.Samples {
	n := 2 * m
	d := &demo.Samples{Name: "test", D: 2, N: n, X: make([]float64, 2*n), Labels: make([]int, n)}
	for i := 0; i < n; i++ {
		d.Labels[i] = 1 + i/m
		d.X[2*i+i/m] = 1
		d.X[2*i+1-i/m] = 0.01 * float64(i%m)
	}
	return d
}

// labelFirst gives the labels of the first sample of each class of per
// samples (testData), and no others, instead of the page's seeded draw.
func labelFirst(m *Model, per int) {
	g := m.Run.Data.Given
	for i := range g {
		g[i] = propagate.Unlabeled
		if i%per == 0 {
			g[i] = m.Run.Data.Labels[i]
		}
	}
}

func finalGraph(m method.Name, w []float64, n int) *demo.Result {
	return &demo.Result{Method: m, N: n, W: w, Layout: make([]float64, 2*n), Converged: true,
		Iterations: 10, Elapsed: 0.5, Density: 0.3, WithinClass: 1, DiagonalShare: 0.1, Components: 2}
}

// started returns a model with a run started and its jobs.
func started(t *testing.T) (*Model, []demo.Job) {
	t.Helper()
	m := NewModel(params.Default())
	jobs, err := m.Start(params.Default(), demo.File{}, t0)
	if err != nil {
		t.Fatal(err)
	}
	return m, jobs
}

// finish delivers data and a two-block graph for every job.
func finish(m *Model, jobs []demo.Job, blocks int) {
	m.Samples(jobs[0].ID, testData(blocks))
	for _, j := range jobs {
		m.Finished(j.ID, finalGraph(j.Method, twoBlocks(blocks, 0), 2*blocks), t0.Add(2*time.Second))
	}
}

func TestStart(t *testing.T) {
	m, jobs := started(t)
	if len(jobs) != 4 || jobs[0].Method != "nnlrs" || !jobs[0].SendData || jobs[1].SendData {
		t.Fatalf("jobs %+v", jobs)
	}
	if !m.Running() {
		t.Error("not running")
	}
	bad := params.Default()
	bad.Classes, bad.PerClass = 10, 100
	if _, err := m.Start(bad, demo.File{}, t0); err == nil || !strings.Contains(err.Error(), "1000 samples") {
		t.Errorf("too large: err = %v", err)
	}
	up := params.Default()
	up.Dataset = demo.Upload
	if _, err := m.Start(up, demo.File{}, t0); err == nil {
		t.Error("upload without a file started")
	}
	if m.Run.base != jobs[0].ID {
		t.Error("a refused run replaced the current one")
	}
	// A new run ignores the messages of the old one.
	jobs2, _ := m.Start(params.Default(), demo.File{}, t0)
	if jobs2[0].ID <= jobs[len(jobs)-1].ID {
		t.Errorf("job ids reused: %d after %d", jobs2[0].ID, jobs[len(jobs)-1].ID)
	}
	m.Finished(jobs[0].ID, finalGraph("nnlrs", twoBlocks(2, 0), 4), t0)
	if m.Run.Graphs["nnlrs"].Final != nil {
		t.Error("a graph of the old run was taken")
	}
}

func TestReceive(t *testing.T) {
	m, jobs := started(t)
	id := jobs[0].ID
	m.Progress(id, &demo.Progress{Iters: []demo.Iter{{Iter: 1, Residual: 0.1, RankZ: 5, NNZH: 9}, {Iter: 2, Residual: 0.01, RankZ: 4, NNZH: 8}}})
	m.Progress(id, &demo.Progress{Iters: []demo.Iter{{Iter: 3, Residual: 1e-3, RankZ: 4, NNZH: 8}}, N: 2, W: []float64{1, 0, 0, 1}})
	g := m.Run.Graphs["nnlrs"]
	if len(g.Iters) != 3 || g.N != 2 || g.Version != 1 {
		t.Errorf("graph %+v", g)
	}
	line, frac := m.Status(t0.Add(1500 * time.Millisecond))
	if !strings.Contains(line, "NNLRS iteration 3, residual 1.0e-03") || !strings.Contains(line, "1.5 s") || frac <= 0 || frac >= 1 {
		t.Errorf("status %q %v", line, frac)
	}
	finish(m, jobs, 3)
	if m.Run.State != Done || !m.Prop.Ready() {
		t.Fatalf("state %v, propagation ready %v", m.Run.State, m.Prop.Ready())
	}
	line, frac = m.Status(t0)
	if !strings.HasPrefix(line, "Done in 2.0 s: NNLRS 10 iterations") || frac != 1 {
		t.Errorf("status %q %v", line, frac)
	}
	if m.Shown() == nil || m.Shown().Method != "nnlrs" {
		t.Error("NNLRS not shown")
	}
}

func TestReceiveErrors(t *testing.T) {
	m, jobs := started(t)
	// A solver error fails one graph; the run goes on.
	lrr := slices.IndexFunc(jobs, func(j demo.Job) bool { return j.Method == method.LRR })
	if m.Failed(jobs[lrr].ID, &demo.Failure{Fault: demo.SolverFault, Message: "boom"}, t0) {
		t.Error("a solver error cancels the run")
	}
	m.Samples(jobs[0].ID, testData(2))
	for k, j := range jobs {
		if k != lrr {
			m.Finished(j.ID, finalGraph(j.Method, twoBlocks(2, 0), 4), t0)
		}
	}
	if m.Run.State != Done || m.Run.Graphs["lrr"].Err != "boom" {
		t.Errorf("state %v", m.Run.State)
	}
	if m.Problem != "LRR failed: boom." {
		t.Errorf("problem %q: the failed graph's reason is not said", m.Problem)
	}
	if line, _ := m.Status(t0); !strings.Contains(line, "LRR failed") {
		t.Errorf("status %q", line)
	}

	// Bad data fail the run and cancel the rest.
	m, jobs = started(t)
	if !m.Failed(jobs[0].ID, &demo.Failure{Fault: demo.InputFault, Message: "x.csv: CSV line 2 has 1 fields"}, t0) {
		t.Error("bad data do not cancel the rest")
	}
	if m.Run.State != Failed || !strings.Contains(m.Run.Err, "x.csv") {
		t.Errorf("run %+v", m.Run)
	}
	if line, _ := m.Status(t0); line != "Stopped after 0.0 s." || m.Problem != "x.csv: CSV line 2 has 1 fields" {
		t.Errorf("status %q, problem %q", line, m.Problem)
	}

	// A lost worker fails its graph and says so.
	m, jobs = started(t)
	m.Lost(&jobs[2], t0)
	if m.Run.Graphs["l1"].Err == "" || !strings.Contains(m.Notice, "new one was started") {
		t.Errorf("l1 %+v, notice %q", m.Run.Graphs["l1"], m.Notice)
	}

	// Cancel; the messages that arrive later change nothing.
	m, jobs = started(t)
	if !m.Cancel(t0.Add(time.Second)) || m.Cancel(t0) || m.Running() {
		t.Error("cancel")
	}
	m.Progress(jobs[0].ID, &demo.Progress{Iters: []demo.Iter{{Iter: 1}}})
	finish(m, jobs, 2)
	if g := m.Run.Graphs["nnlrs"]; len(g.Iters) != 0 || g.Final != nil || m.Run.State != Cancelled {
		t.Errorf("after the cancel: %+v, state %v", g, m.Run.State)
	}
	if line, _ := m.Status(t0); line != "Cancelled after 1.0 s." {
		t.Errorf("status %q", line)
	}
}

// TestLost checks a graph whose worker stopped: retried, it is still
// wanted; given up with no figure before, the run ends with it failed;
// given up after a complete figure, the run fails, the rest is cancelled
// and the views keep that figure.
func TestLost(t *testing.T) {
	m, jobs := started(t)
	if !m.Wants(jobs[0].ID) {
		t.Error("the NNLRS job of the running run is not wanted")
	}
	m.Retrying(&jobs[0])
	if !strings.Contains(m.Notice, "computes the NNLRS graph again") || !m.Running() {
		t.Errorf("retrying: notice %q, running %v", m.Notice, m.Running())
	}
	finish(m, jobs, 2)
	if m.Wants(jobs[0].ID) {
		t.Error("a finished graph is still wanted")
	}
	figure := m.Run.ID()
	p := m.Params
	p.Seed = 9
	jobs, _ = m.Start(p, demo.File{}, t0)
	m.Samples(jobs[0].ID, testData(2))
	if !m.Lost(&jobs[0], t0.Add(time.Second)) {
		t.Error("a lost graph does not cancel the rest of its run")
	}
	if m.Run.ID() != figure || m.Latest().State != Failed || !strings.Contains(m.Problem, "NNLRS graph could not be built") {
		t.Errorf("after the loss: figure %d (want %d), state %v, problem %q", m.Run.ID(), figure, m.Latest().State, m.Problem)
	}
	if m.Wants(jobs[1].ID) {
		t.Error("a job of the failed run is still wanted")
	}
}

// TestKeepFigure checks that a cancelled or failed run leaves the views on
// the last finished figure, and says so.
func TestKeepFigure(t *testing.T) {
	m, jobs := started(t)
	finish(m, jobs, 2)
	done := m.Run
	p := m.Params
	p.Beta, p.Graph = 0.5, "lrr"
	jobs, err := m.Start(p, demo.File{}, t0)
	if err != nil {
		t.Fatal(err)
	}
	m.Cancel(t0.Add(time.Second))
	if m.Run != done || m.Params.Beta != done.Params.Beta || m.Params.Graph != "lrr" || m.Latest().State != Cancelled || !m.Prop.Ready() {
		t.Errorf("after a cancel: run %p (done %p), params %+v, latest %v", m.Run, done, m.Params, m.Latest().State)
	}
	if line, _ := m.Status(t0); !strings.Contains(line, "Cancelled after 1.0 s. The views still show the previous figure.") {
		t.Errorf("status %q", line)
	}
	// Messages of the cancelled run change nothing.
	finish(m, jobs, 3)
	if m.Run != done || m.Run.Graphs["nnlrs"].N != 4 {
		t.Error("a cancelled run's messages reached the figure")
	}
	// A failure keeps it too, and says why.
	jobs, _ = m.Start(p, demo.File{}, t0)
	m.Failed(jobs[0].ID, &demo.Failure{Fault: demo.InputFault, Message: "bad"}, t0)
	if m.Run != done || m.Latest().State != Failed || m.Problem != "bad" {
		t.Errorf("after a failure: problem %q, latest %v", m.Problem, m.Latest().State)
	}
	// The next run starts afresh.
	if _, err := m.Start(p, demo.File{}, t0); err != nil || m.Ended != nil || m.Problem != "" || !m.Running() {
		t.Errorf("next run: %v", err)
	}
	// An empty upload and a missing one are told apart.
	p.Dataset = demo.Upload
	if _, err := m.Start(p, demo.File{Name: "a.csv", Bytes: []byte{}}, t0); err == nil || err.Error() != "a.csv is empty" {
		t.Errorf("empty upload: %v", err)
	}
	if _, err := m.Start(p, demo.File{}, t0); err == nil || !strings.Contains(err.Error(), "choose a .mat or .csv file") {
		t.Errorf("no upload: %v", err)
	}
}

func TestPropagation(t *testing.T) {
	for _, method := range params.Propagators {
		m, jobs := started(t)
		p := m.Params
		p.Propagator = method
		m.SetView(p)
		finish(m, jobs, 4)
		pr := &m.Prop
		if pr.Method != method || pr.Step != 0 {
			t.Fatalf("%s: propagation %+v", method, pr)
		}
		before := pr.ErrorRate("nnlrs")
		pr.Advance()
		if pr.Step != 1 || pr.ErrorRate("nnlrs") >= before || pr.ErrorRate("nnlrs") != 0 {
			t.Errorf("%s: error %v after one step, %v before", method, pr.ErrorRate("nnlrs"), before)
		}
		pr.Play(true)
		for k := 0; k < MaxSteps && pr.Playing; k++ {
			pr.Tick(t0.Add(time.Duration(k) * PlayEvery))
		}
		if pr.Playing || !pr.Converged || pr.Step >= MaxSteps {
			t.Errorf("%s: playing %v converged %v at step %d", method, pr.Playing, pr.Converged, pr.Step)
		}
		// Changing the propagation starts it over.
		p.Propagator = "ghf"
		if method == "ghf" {
			p.Propagator = "lgc"
		}
		m.SetView(p)
		if m.Prop.Step != 0 || m.Prop.Method != p.Propagator {
			t.Errorf("%s: after switching, %+v", method, m.Prop)
		}
	}
	// Ticks are paced.
	m, jobs := started(t)
	finish(m, jobs, 4)
	if !m.Prop.Playing {
		t.Error("the propagation does not play by itself once the run is done")
	}
	m.Prop.Play(false)
	m, jobs = started(t)
	finish(m, jobs, 4)
	m.Prop.Play(true)
	m.Prop.Tick(t0)
	m.Prop.Tick(t0.Add(PlayEvery / 2))
	if m.Prop.Step != 1 {
		t.Errorf("%d steps in half a period", m.Prop.Step)
	}
	// Data without labels: nothing to propagate.
	m, jobs = started(t)
	d := testData(2)
	d.Labels = nil
	m.Samples(jobs[0].ID, d)
	for _, j := range jobs {
		m.Finished(j.ID, finalGraph(j.Method, twoBlocks(2, 0), 4), t0)
	}
	if m.Prop.Ready() || m.Prop.Err == "" {
		t.Errorf("unlabeled: %+v", m.Prop)
	}
}

// TestPropagationAgrees checks, on a path whose labels spread slowly
// under LGC with α = 0.99, that playing stops where the predictions are
// those of the closed form, so that the step view and the Outcome agree.
func TestPropagationAgrees(t *testing.T) {
	const n = 30
	w := make([]float64, n*n)
	for i := 0; i+1 < n; i++ {
		w[i*n+i+1], w[(i+1)*n+i] = 1, 1
	}
	for _, method := range params.Propagators {
		m, jobs := started(t)
		p := m.Params
		p.Propagator, p.Alpha = method, 0.99
		m.SetView(p)
		m.Samples(jobs[0].ID, testData(n/2))
		labelFirst(m, n/2)
		for _, j := range jobs {
			m.Finished(j.ID, finalGraph(j.Method, w, n), t0)
		}
		pr := &m.Prop
		for k := 0; pr.Playing; k++ {
			pr.Tick(t0.Add(time.Duration(k) * PlayEvery))
		}
		f := pr.Final("nnlrs")
		want := f.GHF
		if method == "lgc" {
			want = f.LGC
		}
		if !pr.Converged || pr.ErrorRate("nnlrs") != want || pr.Step < 2 {
			t.Errorf("%s: stopped at step %d (converged %v) with error %v, closed form %v", method, pr.Step, pr.Converged, pr.ErrorRate("nnlrs"), want)
		}
		// Rewinding goes back to step 0 and keeps the closed forms.
		pr.Rewind()
		if pr.Step != 0 || pr.Converged || pr.Playing || !pr.Ready() || pr.Final("nnlrs") != f || pr.ErrorRate("nnlrs") <= want {
			t.Errorf("%s: after Rewind: step %d, converged %v, error %v", method, pr.Step, pr.Converged, pr.ErrorRate("nnlrs"))
		}
		t.Logf("%s: predictions final after %d steps", method, pr.Step)
	}
}

func TestAdvice(t *testing.T) {
	for _, c := range []struct {
		name string
		mod  func(g *demo.Result, p *params.Params)
		want string // "" for no advice
	}{
		{"good", func(*demo.Result, *params.Params) {}, ""},
		{"empty", func(g *demo.Result, _ *params.Params) {
			g.W, g.Density, g.DiagonalShare = make([]float64, 64), 0, 0
		}, "Z = 0"},
		{"empty, beta", func(g *demo.Result, p *params.Params) {
			g.W, g.Density, g.DiagonalShare, p.Beta = make([]float64, 64), 0, 0, 100
		}, "Z = 0"},
		{"self-loops", func(g *demo.Result, _ *params.Params) {
			g.W, g.Density, g.DiagonalShare = twoBlocks(4, 1), 0, 1
			for i := range g.W {
				if i%9 != 0 {
					g.W[i] = 0
				}
			}
		}, "Z = I"},
		{"self-loops, beta", func(g *demo.Result, p *params.Params) {
			g.W, g.Density, g.DiagonalShare, p.Beta = twoBlocks(4, 1), 0, 1, 5
			for i := range g.W {
				if i%9 != 0 {
					g.W[i] = 0
				}
			}
		}, "Z = I"},
		{"E takes all", func(g *demo.Result, _ *params.Params) {
			g.ENorm = []float64{0.9, 0.9, 0.9, 0.9, 0.9, 0.1, 0.1, 0.1}
		}, "E takes 5 of the 8 samples"},
		{"E takes a few", func(g *demo.Result, _ *params.Params) {
			g.ENorm = []float64{0.9, 0.9, 0.9, 0.9, 0.1, 0.1, 0.1, 0.1}
		}, ""},
		{"diagonal, lambda", func(g *demo.Result, _ *params.Params) { g.DiagonalShare = 0.8 }, "80% of the NNLRS weight sits on W's diagonal"},
		{"diagonal, beta", func(g *demo.Result, p *params.Params) { g.DiagonalShare, p.Beta = 0.8, 2 }, "80% of the NNLRS weight"},
		{"unreached", func(g *demo.Result, _ *params.Params) {
			for i := 0; i < 8; i++ { // cut node 3 off
				g.W[3*8+i], g.W[i*8+3] = 0, 0
			}
			g.Components = 3
		}, "1 sample is cut off"},
		{"dense", func(g *demo.Result, _ *params.Params) { g.Density = 0.9 }, "90% of all possible edges"},
		{"mixed", func(g *demo.Result, _ *params.Params) { g.WithinClass = 0.4 }, "Only 40%"},
		{"not converged", func(g *demo.Result, _ *params.Params) { g.Converged = false }, "iteration cap"},
	} {
		m, jobs := started(t)
		m.Samples(jobs[0].ID, testData(4))
		var bad *demo.Result
		for _, j := range jobs {
			g := finalGraph(j.Method, twoBlocks(4, 0), 8)
			if j.Method == "nnlrs" {
				c.mod(g, &m.Run.Params)
				bad = g
			}
			m.Finished(j.ID, g, t0)
		}
		run := m.Run.Params
		checks := m.CheckJobs()
		if again := m.CheckJobs(); again != nil {
			t.Errorf("%s: the checks were asked twice", c.name)
		}
		adv := strings.Join(m.Advice(), " ")
		switch {
		case c.want == "" && (adv != "" || len(checks) > 0):
			t.Errorf("%s: advice %q, %d checks", c.name, adv, len(checks))
			continue
		case c.want == "":
			continue
		case !strings.Contains(adv, c.want):
			t.Errorf("%s: advice %q, want it to say %q", c.name, adv, c.want)
		}
		// Each check changes one setting of the run, to a value not set.
		for _, j := range checks {
			s := j.Params
			changed := 0
			for _, d := range [][2]float64{{s.Lambda, run.Lambda}, {s.Beta, run.Beta}, {s.Theta, run.Theta}} {
				if d[0] != d[1] {
					changed++
				}
			}
			if changed != 1 || j.Method != "nnlrs" || j.Data != run.Data || j.SendData {
				t.Errorf("%s: check %+v of run %+v", c.name, j, run)
			}
		}
		if c.name == "not converged" {
			continue // a fact, nothing to check
		}
		if len(checks) == 0 {
			t.Errorf("%s: no change to check", c.name)
			continue
		}
		if !strings.Contains(adv, "Checking") {
			t.Errorf("%s: advice %q while checking", c.name, adv)
		}
		// The checks give the same bad graph: no change is claimed to help.
		for _, j := range checks {
			g := *bad
			m.Finished(j.ID, &g, t0)
		}
		if adv := strings.Join(m.Advice(), " "); !strings.Contains(adv, "None of the changes checked on these data helps") {
			t.Errorf("%s: advice %q after checks that did not help", c.name, adv)
		}
		// A check whose graph is good is told, with its change and numbers.
		for _, pr := range m.Run.problems {
			for _, s := range pr.Suggestions {
				g := finalGraph("nnlrs", twoBlocks(4, 0), 8)
				g.Density = 0.3
				m.Finished(s.job, g, t0)
			}
		}
		adv = strings.Join(m.Advice(), " ")
		if !strings.Contains(adv, "Checked on these data: ") || !strings.Contains(adv, " to ") || strings.Contains(adv, "None") {
			t.Errorf("%s: advice %q after a check that helped", c.name, adv)
		}
	}
}

// TestAdviceOnExercise: on a teacher's link the advice keeps its
// diagnosis but names no value of a control the student may move, and
// checks none; a change of a control the link fixed may still be named.
func TestAdviceOnExercise(t *testing.T) {
	for _, only := range []string{"lambda", "beta,lambda"} {
		m, jobs := started(t)
		m.Samples(jobs[0].ID, testData(4))
		for _, j := range jobs {
			g := finalGraph(j.Method, twoBlocks(4, 0), 8)
			if j.Method == "nnlrs" {
				g.DiagonalShare = 0.8 // mended by lowering λ or β
			}
			m.Finished(j.ID, g, t0)
		}
		m.Run.Params.Only = only
		run := m.Run.Params
		checks := m.CheckJobs()
		for _, j := range checks {
			if j.Params.Lambda != run.Lambda || only != "lambda" && j.Params.Beta != run.Beta {
				t.Errorf("only=%s: a check of a control the student may move: %+v", only, j.Params)
			}
		}
		for _, j := range checks {
			g := finalGraph("nnlrs", twoBlocks(4, 0), 8)
			g.DiagonalShare = 0.1
			m.Finished(j.ID, g, t0)
		}
		adv := strings.Join(m.Advice(), " ")
		if !strings.Contains(adv, "80% of the NNLRS weight sits on W's diagonal") {
			t.Errorf("only=%s: advice %q lost its diagnosis", only, adv)
		}
		if strings.Contains(adv, "λ to") || only != "lambda" && strings.Contains(adv, "β to") {
			t.Errorf("only=%s: advice %q names the answer", only, adv)
		}
		if want := only == "lambda"; want != strings.Contains(adv, "β to") {
			t.Errorf("only=%s: advice %q; the change of β, which the link fixes, named: %v", only, adv, !want)
		}
	}
}

func TestCSV(t *testing.T) {
	m, jobs := started(t)
	if m.CSV() != nil {
		t.Error("CSV before any graph")
	}
	finish(m, jobs, 1)
	if got := string(m.CSV()); got != "0,0\n0,0\n" {
		t.Errorf("CSV %q", got)
	}
	m.Run.Graphs["nnlrs"].Final.W[1] = 0.25
	m.Run.Graphs["nnlrs"].W = m.Run.Graphs["nnlrs"].Final.W
	if got := string(m.CSV()); got != "0,0.25\n0,0\n" {
		t.Errorf("CSV %q", got)
	}
	if got := m.FileName(); got != "nnlrs-synthetic-seed1" {
		t.Errorf("file name %q", got)
	}
	if math.IsNaN(m.Prop.ErrorRate("nnlrs")) {
		t.Error("NaN error rate")
	}
}

// TestPropagationCarried: after a slider step, which solves NNLRS alone,
// the closed forms and the labeled curve of every graph are those computed
// afresh on the new run, the carried graphs' kept and NNLRS's new.
func TestPropagationCarried(t *testing.T) {
	m, jobs := started(t)
	finish(m, jobs, 4)
	before := map[method.Name]*Final{}
	for _, gm := range params.Graphs {
		before[gm] = m.Prop.Final(gm)
	}
	m.Prop.Curve.Step(time.Hour)
	p := m.Params
	p.Lambda = 0.7
	step, err := m.Start(p, demo.File{}, t0.Add(3*time.Second))
	if err != nil || len(step) != 1 || step[0].Method != method.NNLRS {
		t.Fatalf("λ step: jobs %+v, %v", step, err)
	}
	// A graph of edges across the classes alone: NNLRS's closed forms
	// change.
	w := make([]float64, 64)
	for i := 0; i < 8; i++ {
		for j := 0; j < 8; j++ {
			if i/4 != j/4 {
				w[i*8+j] = 1
			}
		}
	}
	m.Finished(step[0].ID, finalGraph(method.NNLRS, w, 8), t0.Add(4*time.Second))
	var fresh Propagation
	fresh.Reset(m.Run, m.Prop.Method, m.Prop.Alpha)
	for _, gm := range params.Graphs {
		got, want := m.Prop.Final(gm), fresh.Final(gm)
		if got == nil || want == nil || !sameFloat(got.GHF, want.GHF) || !sameFloat(got.LGC, want.LGC) || !slices.Equal(got.Pred, want.Pred) {
			t.Errorf("%s: closed forms %+v after the step, %+v afresh", gm, got, want)
		}
		if carried := gm != method.NNLRS; carried != (got == before[gm]) {
			t.Errorf("%s: kept %v, carried %v", gm, got == before[gm], carried)
		}
	}
	if m.Prop.Final(method.NNLRS).GHF == before[method.NNLRS].GHF {
		t.Errorf("NNLRS: GHF error %v, as before the step", before[method.NNLRS].GHF)
	}
	// The labeled curve evaluates NNLRS's graph alone again, and equals
	// the curve computed afresh.
	c := m.Prop.Curve
	if len(c.kept) != len(params.Graphs)-1 || c.kept[method.NNLRS] {
		t.Errorf("the curve kept %v", c.kept)
	}
	c.Step(time.Hour)
	fresh.Curve.Step(time.Hour)
	for _, gm := range params.Graphs {
		for s := range CurveShares {
			if !sameFloat(c.GHF[gm][s], fresh.Curve.GHF[gm][s]) || !sameFloat(c.LGC[gm][s], fresh.Curve.LGC[gm][s]) {
				t.Errorf("%s at %g%%: curve %v %v after the step, %v %v afresh", gm, CurveShares[s],
					c.GHF[gm][s], c.LGC[gm][s], fresh.Curve.GHF[gm][s], fresh.Curve.LGC[gm][s])
			}
		}
	}
}

func sameFloat(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }

// TestTickAfterRun: the page's frame in which a run finishes draws its
// figure first; the propagation and the labeled curve start at the next.
func TestTickAfterRun(t *testing.T) {
	m, jobs := started(t)
	finish(m, jobs, 4)
	end := t0.Add(2 * time.Second)
	m.Tick(end)
	if m.Prop.Step != 0 || m.Prop.Curve.Done != 0 {
		t.Errorf("the frame the run ended in: step %d, %d evaluations of the curve", m.Prop.Step, m.Prop.Curve.Done)
	}
	m.Tick(end.Add(PlayEvery))
	if m.Prop.Step != 1 || m.Prop.Curve.Done == 0 {
		t.Errorf("the frame after: step %d, %d evaluations of the curve", m.Prop.Step, m.Prop.Curve.Done)
	}
}

// TestStill checks that a reader who asked for reduced motion sees no
// propagation play by itself: it waits at step 0 for Play.
func TestStill(t *testing.T) {
	m, jobs := started(t)
	m.Still = true
	finish(m, jobs, 4)
	if m.Prop.Playing || m.Prop.Step != 0 || !m.Prop.Ready() {
		t.Errorf("playing %v at step %d", m.Prop.Playing, m.Prop.Step)
	}
	m.Prop.Play(true)
	if !m.Prop.Playing {
		t.Error("Play did not start it")
	}
}
