package ui

import (
	"bytes"
	"math"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/method"
	"nnlrs/core/weights"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// Model is the state of the page.
type Model struct {
	// Params are the settings of the page: those of Run, except for the
	// view settings (graph shown, propagation, embed), which apply at
	// once.
	Params params.Params
	// Run is the latest run, nil before the first.
	Run *Run
	// Prop is the step-by-step propagation over the finished graphs.
	Prop Propagation
	// Hover is the node under the mouse, or -1.
	Hover int
	// Notice is a message about the page itself (a malformed link, a
	// worker that stopped), "" when there is none. The page clears it when
	// the user acts.
	Notice string
	// Problem says, beside Run, why the last Run did not start or why a run
	// stopped; "" when there is none.
	Problem string
	// Ended is the run that was last cancelled or failed, when the views
	// went back to the figure of the run before it (Run); nil otherwise.
	Ended *Run

	nextID   uint32
	versions uint64
	last     *Run // the last run that finished
}

// bump returns a new version number, unique in the model.
func (m *Model) bump() uint64 {
	m.versions++
	return m.versions
}

// NewModel returns the model of a fresh page with settings p.
func NewModel(p params.Params) *Model {
	return &Model{Params: p, Hover: -1, nextID: 1}
}

// State is the state of a run.
type State int

// The states of a run.
const (
	Running State = iota
	Done
	Cancelled
	Failed
)

// jobOrder lists the graphs of a run in the order of their jobs: the
// paper's graph first, then the quick ones, so that one worker shows three
// graphs while LRR, the other slow one, is computed last; with two workers
// or more, LRR starts as soon as the quick ones are done, and NNLRS and
// LRR still run side by side. Job base+k builds jobOrder[k].
var jobOrder = []method.Name{method.NNLRS, method.KNN0, method.L1, method.LRR}

// Run is one computation of the graphs.
type Run struct {
	// Params are the settings the run computes.
	Params params.Params
	// Graphs holds the graphs of params.Graphs by method.
	Graphs map[method.Name]*Graph
	// Data are the samples, once the worker has sent them.
	Data  *protocol.Data
	State State
	// Err says why the run failed.
	Err string
	// Started and Finished time the run on the page's clock.
	Started, Finished time.Time

	base     uint32
	fileName string // the upload the run computes
	file     []byte
	drawn    float64    // the labeled share the jobs draw (Params.Labeled at Start)
	problems []*Problem // diagnosed once the run is done (CheckJobs)
	flags    []bool     // Flags, once NNLRS's graph is done
	flagAt   float64
}

// Graph is one graph of a run, as far as its worker has reported.
type Graph struct {
	Method method.Name
	// Iters lists the solver's iterations so far (NNLRS, LRR).
	Iters []protocol.Iter
	// Done of Total samples coded so far (l1).
	Done, Total int
	// Elapsed seconds, as the worker counts them.
	Elapsed float64
	// W holds the latest weights, row-major N×N: an intermediate iterate
	// while running, the final graph's once done; nil before either.
	N int
	W []float64
	// Final is the finished graph, nil before.
	Final *protocol.Graph
	// Err is why the graph failed, "" if it did not.
	Err string
	// Version changes with W (it is unique in the model), for the views'
	// caches.
	Version uint64
}

// Finished reports whether g is done or failed.
func (g *Graph) Finished() bool { return g.Final != nil || g.Err != "" }

// ID identifies the run among the model's runs.
func (r *Run) ID() uint32 { return r.base }

// Labeled reports whether the run's data have labels to propagate.
func (r *Run) Labeled() bool { return r.Data != nil && r.Data.Given != nil }

// CheckStart returns why a run with settings p, and the upload name and
// file, cannot start (a *params.FieldError naming the setting), or nil.
func CheckStart(p params.Params, name string, file []byte) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if p.Dataset == protocol.Upload && file == nil {
		return &params.FieldError{Field: "file", Msg: "choose a .mat or .csv file to load first"}
	}
	if p.Dataset == protocol.Upload && len(file) == 0 {
		return &params.FieldError{Field: "file", Msg: describeFile(name) + " is empty"}
	}
	return nil
}

// Start begins a run with settings p; name and file carry an upload. It
// returns the jobs for the workers, or an error in words for the page when
// p is refused; nothing starts then.
//
// Only what p changes is computed again (Reuse): a graph whose inputs are
// those of the last finished run is carried over, the NNLRS graph
// re-weighted for a new θ from its Z; a new NNLRS graph on the same data
// starts from the last one's solution (Job.Warm). When nothing needs a
// worker, the run is done at once.
func (m *Model) Start(p params.Params, name string, file []byte, now time.Time) ([]*protocol.Job, error) {
	return m.start(p, name, file, now, true)
}

// Rerun is Start computing every graph afresh, cold: the Run button.
func (m *Model) Rerun(p params.Params, name string, file []byte, now time.Time) ([]*protocol.Job, error) {
	return m.start(p, name, file, now, false)
}

// Apply brings the figure to the settings p as the controls change: the
// view settings at once (SetView); a new labeled share or clicked label
// in place while a run computes; otherwise Start. It returns the jobs for
// the workers, and whether a run started.
func (m *Model) Apply(p params.Params, name string, file []byte, now time.Time) ([]*protocol.Job, bool, error) {
	view := func(q params.Params) params.Params { return q.WithView(params.Params{}) }
	labels := func(q params.Params) params.Params {
		q.Labeled, q.Flip, q.LabelSeed = 0, "", 0
		return view(q)
	}
	switch {
	case m.Run != nil && m.Run.State != Failed && view(p) == view(m.Params):
		m.SetView(p)
		return nil, false, nil
	case m.Running() && labels(p) == labels(m.Params) && p.Validate() == nil:
		m.SetView(p)
		m.Params.Labeled, m.Params.Flip, m.Params.LabelSeed = p.Labeled, p.Flip, p.LabelSeed
		m.Run.Params.Labeled, m.Run.Params.Flip, m.Run.Params.LabelSeed = p.Labeled, p.Flip, p.LabelSeed
		if m.Run.Data != nil {
			m.Run.Data = labeledAs(m.Run.Data, p)
		}
		return nil, false, nil
	}
	jobs, err := m.Start(p, name, file, now)
	return jobs, err == nil, err
}

func (m *Model) start(p params.Params, name string, file []byte, now time.Time, reuse bool) ([]*protocol.Job, error) {
	if err := CheckStart(p, name, file); err != nil {
		return nil, err
	}
	if m.Run != nil && m.Run.State == Done {
		m.last = m.Run
	}
	prev := m.last
	if !reuse {
		prev = nil
	}
	reused := Reuse(prev, p, name, file)
	r := &Run{Params: p, Graphs: map[method.Name]*Graph{}, Started: now, base: m.nextID, fileName: name, file: file, drawn: p.Labeled}
	if reused.Data {
		r.Data = labeledAs(prev.Data, p)
	}
	var jobs []*protocol.Job
	for k, g := range jobOrder {
		if reused.Graphs[g] {
			r.Graphs[g] = m.carry(prev.Graphs[g], prev.Params, p, r.Data)
			continue
		}
		r.Graphs[g] = &Graph{Method: g}
		job := &protocol.Job{ID: r.base + uint32(k), Method: g, Spec: p.Spec(), FileName: name, File: file}
		if g == method.NNLRS && reused.Data {
			if f := prev.Graphs[g].Final; f != nil {
				job.Warm = f.Warm
			}
		}
		jobs = append(jobs, job)
	}
	if !reused.Data {
		jobs[0].SendData = true
	}
	m.nextID += uint32(len(jobOrder))
	m.Params, m.Run, m.Hover = p, r, -1
	m.Prop = Propagation{}
	m.Problem, m.Ended = "", nil
	if len(jobs) == 0 {
		m.settle(now)
	}
	return jobs, nil
}

// NeedsWorkers reports whether settings p need a solver: whether a graph
// of theirs is not that of the last finished run.
func (m *Model) NeedsWorkers(p params.Params, name string, file []byte) bool {
	prev := m.last
	if m.Run != nil && m.Run.State == Done {
		prev = m.Run
	}
	return len(Reuse(prev, p, name, file).Graphs) < len(jobOrder)
}

// labeledAs returns a copy of the data d with the labeled set of settings
// p (Params.Given): the page, not the worker, draws it.
func labeledAs(d *protocol.Data, p params.Params) *protocol.Data {
	c := *d
	if c.Labels != nil {
		c.Given = p.Given(c.Labels)
	}
	return &c
}

// Reused says what a run may take over from an earlier one.
type Reused struct {
	// Data: the same samples (the labeled set may differ: the page draws
	// it, Params.Given).
	Data bool
	// Graphs lists the graphs whose inputs are unchanged.
	Graphs map[method.Name]bool
}

// Reuse returns what a run with settings p (and the upload name and file)
// can take over from the finished run prev (nil: nothing). The graphs
// depend on the data and on their own parameters only: kNN and l1 on none,
// LRR on its λ, NNLRS on β, λ and the solver's gap (θ re-weights its Z). The labeled share,
// the clicked labels, α and the view settings are the page's alone.
func Reuse(prev *Run, p params.Params, name string, file []byte) Reused {
	u := Reused{Graphs: map[method.Name]bool{}}
	if prev == nil || prev.State != Done || prev.Data == nil {
		return u
	}
	q := prev.Params
	u.Data = p.SameData(q) && (p.Dataset != protocol.Upload || name == prev.fileName && bytes.Equal(file, prev.file))
	if !u.Data {
		return u
	}
	same := map[method.Name]bool{
		method.KNN0:  true,
		method.L1:    true,
		method.LRR:   p.LRRLambda == q.LRRLambda,
		method.NNLRS: p.Beta == q.Beta && p.Lambda == q.Lambda && p.Gap == q.Gap && (p.Theta == q.Theta || prev.Graphs[method.NNLRS].hasZ()),
	}
	for g, ok := range same {
		if old := prev.Graphs[g]; ok && old != nil && old.Final != nil {
			u.Graphs[g] = true
		}
	}
	return u
}

// hasZ reports whether g carries the Z that a new θ re-weights.
func (g *Graph) hasZ() bool { return g != nil && g.Final != nil && g.Final.Z != nil }

// carry returns the graph g of the run with settings q for the run with
// settings p on data d: g itself, or for NNLRS at a new θ, its Z
// re-weighted by Algorithm 2's steps 3-4 and measured again (the layout,
// which does not depend on θ, stays).
func (m *Model) carry(g *Graph, q, p params.Params, d *protocol.Data) *Graph {
	if g.Method != method.NNLRS || p.Theta == q.Theta {
		return g
	}
	f := *g.Final
	n := f.N
	w := weights.ThresholdNormalized(mat.NewDense(n, n, f.Z), p.Theta)
	f.W = weights.RowMajor(w)
	f.Density, f.DiagonalShare, f.Components = weights.Density(w), weights.DiagonalShare(w), weights.Components(w)
	f.WithinClass = math.NaN()
	if d != nil && d.Labels != nil {
		f.WithinClass = weights.WithinClass(w, d.Labels)
	}
	// The closed-form errors of the worker were for the old W; the page's
	// (Propagation.Final) are computed afresh.
	f.ErrorGHF, f.ErrorLGC = math.NaN(), math.NaN()
	ng := *g
	ng.Final, ng.W, ng.Version = &f, f.W, m.bump()
	return &ng
}

func describeFile(name string) string {
	if name == "" {
		return "the file"
	}
	return name
}

// restore goes back to the figure of the last finished run, if there is
// one, after the current run r ended without a figure: the views keep the
// last figure, the view settings stay as they are.
func (m *Model) restore(r *Run) {
	if m.last == nil {
		return
	}
	m.Ended = r
	view := m.Params
	m.Run, m.Params = m.last, m.last.Params.WithView(view)
	m.Prop.Reset(m.Run, m.Params.Propagator, m.Params.Alpha)
}

// Cancel marks the run cancelled; it reports whether one was running,
// whose jobs the caller then cancels.
func (m *Model) Cancel(now time.Time) bool {
	if !m.Running() {
		return false
	}
	m.Run.State = Cancelled
	m.Run.Finished = now
	m.restore(m.Run)
	return true
}

// Latest returns the run started last: Run, or Ended when that run was
// cancelled or failed and the views went back to Run's figure.
func (m *Model) Latest() *Run {
	if m.Ended != nil {
		return m.Ended
	}
	return m.Run
}

// Running reports whether a run is in progress.
func (m *Model) Running() bool { return m.Run != nil && m.Run.State == Running }

// graphOf returns the graph of the current run that job id builds, or nil.
func (m *Model) graphOf(id uint32) *Graph {
	if m.Run == nil || id < m.Run.base || id-m.Run.base >= uint32(len(jobOrder)) {
		return nil
	}
	return m.Run.Graphs[jobOrder[id-m.Run.base]]
}

// Receive applies a worker's message. It reports whether the rest of the
// run should be cancelled: the data cannot be used, so every job would fail
// alike. Messages of earlier runs, and those that arrive after the run was
// cancelled, are ignored.
func (m *Model) Receive(msg protocol.Message, now time.Time) (cancelRest bool) {
	if m.receiveCheck(msg) || !m.Running() {
		return false
	}
	switch msg := msg.(type) {
	case *protocol.Data:
		if m.graphOf(msg.JobID) != nil {
			if p := m.Run.Params; msg.Given != nil { // the labeled set is the page's
				if p.Labeled == m.Run.drawn {
					msg.Given = p.Flipped(msg.Given, msg.Labels)
				} else {
					msg.Given = p.Given(msg.Labels)
				}
			}
			m.Run.Data = msg
		}
	case *protocol.Progress:
		g := m.graphOf(msg.JobID)
		if g == nil || g.Finished() {
			return false
		}
		g.Iters = append(g.Iters, msg.Iters...)
		g.Done, g.Total, g.Elapsed = msg.Done, msg.Total, msg.Elapsed
		if msg.W != nil {
			g.N, g.W = msg.N, msg.W
			g.Version = m.bump()
		}
	case *protocol.Graph:
		g := m.graphOf(msg.JobID)
		if g == nil || g.Finished() {
			return false
		}
		g.Final, g.N, g.W, g.Elapsed = msg, msg.N, msg.W, msg.Elapsed
		g.Version = m.bump()
		m.settle(now)
	case *protocol.Error:
		g := m.graphOf(msg.JobID)
		if g == nil || g.Finished() {
			return false
		}
		g.Err = msg.Message
		if msg.Code == protocol.ErrInput || msg.Code == protocol.ErrLimit {
			m.Run.State, m.Run.Err, m.Run.Finished = Failed, msg.Message, now
			m.Problem = msg.Message
			m.restore(m.Run)
			return true
		}
		m.settle(now)
	}
	return false
}

// Lost records that the worker running job stopped; the page has started a
// new one.
func (m *Model) Lost(job *protocol.Job, now time.Time) {
	m.Notice = "A solver worker stopped (it may have run out of memory); a new one was started. Press Run to try again."
	if job == nil {
		return
	}
	if g := m.graphOf(job.ID); g != nil && !g.Finished() {
		g.Err = "its worker stopped before finishing"
		m.settle(now)
	}
}

// settle ends the run once every graph is finished, and starts the
// propagation over the graphs.
func (m *Model) settle(now time.Time) {
	r := m.Run
	if r.State != Running {
		return
	}
	for _, g := range r.Graphs {
		if !g.Finished() {
			return
		}
	}
	r.State, r.Finished = Done, now
	m.Prop.Reset(r, m.Params.Propagator, m.Params.Alpha)
	m.Prop.Play(true) // the labels spread by themselves, once

}

// Shown returns the graph the graph and propagation views show, the
// selected one, once finished; nil otherwise.
func (m *Model) Shown() *Graph {
	if m.Run == nil {
		return nil
	}
	if g := m.Run.Graphs[m.Params.Graph]; g != nil && g.Final != nil {
		return g
	}
	return nil
}

// SetView applies the settings that need no new run: the graph shown, the
// propagation watched (which then restarts at step 0), the embed view and
// the tour's step.
func (m *Model) SetView(p params.Params) {
	restart := p.Propagator != m.Params.Propagator || p.Alpha != m.Params.Alpha
	m.Params = m.Params.WithView(p)
	if restart && m.Run != nil && m.Run.State == Done {
		m.Prop.Reset(m.Run, p.Propagator, p.Alpha)
		m.Prop.Play(true)
	}
	m.Hover = -1
}
