package ui

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/core/weights"
	"nnlrs/ui/params"
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
	// Evidence is the paper's evidence the site carries (its figures,
	// Params.Paper), nil until it arrived; Figures the weights figures of
	// it by data set, as they arrive.
	Evidence *paper.Evidence
	Figures  map[string]*image.RGBA
	// Study is the live version of the paper's figure shown, when
	// Params.Live asks for it; nil otherwise.
	Study *Study
	// Workers is how many workers build the graphs, for Expected (0: one).
	Workers int
	// Still: the reader asked for reduced motion, so the labels do not
	// spread by themselves (autoplay); Play starts them.
	Still bool
	// Kernels names the matrix kernels the solver's workers run, as
	// their Ready says: "simd128" (WebAssembly SIMD128, wasm/kernels) or
	// "go" (pure Go, where the browser refuses SIMD); "" before one said.
	Kernels string
	// Opened is when the page opened (the browser's time origin, that of
	// performance.now()), zero when unknown: the status says how long
	// after it the first figure was ready (ReadyAfter).
	Opened time.Time

	rate     deviceRate // measured on the last run (Expected)
	nextID   uint32
	versions uint64
	last     *Run // the last run that finished
	first    *Run // the first run started
	// settled is set when a run has just finished, until the next Tick.
	settled bool
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

// Run is one computation of the graphs.
type Run struct {
	// Params are the settings the run computes.
	Params params.Params
	// Graphs holds the graphs of params.Graphs by method.
	Graphs map[method.Name]*Graph
	// Data are the samples, once the worker has sent them, and the labels
	// the page gives.
	Data  *Data
	State State
	// Err says why the run failed.
	Err string
	// Started and Finished time the run on the page's clock.
	Started, Finished time.Time

	base      uint32 // job base+k builds demo.Order[k]
	file      demo.File
	problems  []*Problem // diagnosed once the run is done (CheckJobs)
	outliers  []bool     // Outliers, once NNLRS's graph is done
	outlierAt float64
}

// Graph is one graph of a run, as far as its worker has reported.
type Graph struct {
	Method method.Name
	// Iters lists the solver's iterations so far (NNLRS, LRR).
	Iters []demo.Iter
	// Done of Total samples coded so far (l1).
	Done, Total int
	// Elapsed seconds, as the worker counts them.
	Elapsed float64
	// W holds the latest weights, row-major N×N: an intermediate iterate
	// while running, the final graph's once done; nil before either.
	N int
	W []float64
	// Final is the finished graph, nil before.
	Final *demo.Result
	// Err is why the graph failed, "" if it did not.
	Err string
	// Version changes with W (it is unique in the model), for the views'
	// caches.
	Version uint64

	// from is the solver's first report of paceFrom iterations or more,
	// for its pace since (Model.graphSeconds).
	from struct {
		iter    int
		elapsed float64
	}
}

// Data are the samples of a run as the worker drew them, and the labels
// the page gives the propagation.
type Data struct {
	demo.Samples
	// Given are the labels handed to the propagation (Params.Given: the
	// page draws them), propagate.Unlabeled for the nodes to classify; nil
	// when the data have no labels.
	Given []int
}

// Finished reports whether g is done or failed.
func (g *Graph) Finished() bool { return g.Final != nil || g.Err != "" }

// ID identifies the run among the model's runs.
func (r *Run) ID() uint32 { return r.base }

// Labeled reports whether the run's data have labels to propagate.
func (r *Run) Labeled() bool { return r.Data != nil && r.Data.Given != nil }

// CheckStart returns why a run with settings p, and the upload f, cannot
// start (a *params.FieldError naming the setting), or nil.
func CheckStart(p params.Params, f demo.File) error {
	if err := p.Validate(); err != nil {
		return err
	}
	if p.Dataset == demo.Upload && f.Bytes == nil {
		return &params.FieldError{Field: "file", Msg: "choose a .mat or .csv file to load first"}
	}
	if p.Dataset == demo.Upload && len(f.Bytes) == 0 {
		return &params.FieldError{Field: "file", Msg: describeFile(f.Name) + " is empty"}
	}
	return nil
}

// Start begins a run with settings p; f carries an upload. It
// returns the jobs for the workers, or an error in words for the page when
// p is refused; nothing starts then.
//
// Only what p changes is computed again (Reuse): a graph whose inputs are
// those of the last finished run is carried over, the NNLRS graph
// re-weighted for a new θ from its Z; a new NNLRS graph on the same data
// starts from the last one's solution (Job.Warm). When nothing needs a
// worker, the run is done at once.
func (m *Model) Start(p params.Params, f demo.File, now time.Time) ([]demo.Job, error) {
	return m.start(p, f, now, true)
}

// Rerun is Start computing every graph afresh, cold: the Run button.
func (m *Model) Rerun(p params.Params, f demo.File, now time.Time) ([]demo.Job, error) {
	return m.start(p, f, now, false)
}

// Apply brings the figure to the settings p and the upload f as the
// controls change: the view settings at once (SetView); a new labeled
// share or clicked label in place while a run computes; otherwise Start.
// It returns the jobs for the workers, and whether a run started.
func (m *Model) Apply(p params.Params, f demo.File, now time.Time) ([]demo.Job, bool, error) {
	sameFile := p.Dataset != demo.Upload || m.Run != nil && m.Run.file.Name == f.Name && bytes.Equal(m.Run.file.Bytes, f.Bytes)
	switch need := params.Needs(p, m.Params); {
	case !sameFile:
	case m.Run != nil && m.Run.State != Failed && need == params.View:
		m.SetView(p)
		return nil, false, nil
	case m.Running() && need == params.Labels && p.Validate() == nil:
		m.SetView(p)
		m.Params = m.Params.With(p, params.Labels)
		m.Run.Params = m.Run.Params.With(p, params.Labels)
		if m.Run.Data != nil {
			m.Run.Data = labeledAs(m.Run.Data, p)
		}
		return nil, false, nil
	}
	jobs, err := m.Start(p, f, now)
	return jobs, err == nil, err
}

func (m *Model) start(p params.Params, f demo.File, now time.Time, reuse bool) ([]demo.Job, error) {
	if err := CheckStart(p, f); err != nil {
		return nil, err
	}
	if m.Run != nil && m.Run.State == Done {
		m.last = m.Run
	}
	prev := m.last
	if !reuse {
		prev = nil
	}
	reused := Reuse(prev, p, f)
	r := &Run{Params: p, Graphs: map[method.Name]*Graph{}, Started: now, base: m.nextID, file: f}
	if reused.Data {
		r.Data = labeledAs(prev.Data, p)
	}
	var jobs []demo.Job
	for _, job := range p.Jobs(f, r.base) {
		g := job.Method
		if reused.Graphs[g] {
			r.Graphs[g] = m.carry(prev.Graphs[g], prev.Params, p, r.Data)
			continue
		}
		r.Graphs[g] = &Graph{Method: g}
		if g == method.NNLRS && reused.Data {
			if f := prev.Graphs[g].Final; f != nil {
				job.Warm = f.Warm
			}
		}
		job.SendData = !reused.Data && len(jobs) == 0
		jobs = append(jobs, job)
	}
	m.nextID += uint32(len(demo.Order))
	m.Params, m.Run, m.Hover = p, r, -1
	if m.first == nil {
		m.first = r
	}
	m.Prop.Clear()
	m.Problem, m.Ended = "", nil
	if len(jobs) == 0 {
		m.settle(now)
	}
	return jobs, nil
}

// NeedsWorkers reports whether settings p need a solver: whether a graph
// of theirs is not that of the last finished run.
func (m *Model) NeedsWorkers(p params.Params, f demo.File) bool {
	prev := m.last
	if m.Run != nil && m.Run.State == Done {
		prev = m.Run
	}
	return len(Reuse(prev, p, f).Graphs) < len(demo.Order)
}

// labeledAs returns the data d with the labeled set of settings p
// (Params.Given): the page, not the worker, draws it.
func labeledAs(d *Data, p params.Params) *Data {
	c := &Data{Samples: d.Samples}
	if c.Labels != nil {
		c.Given = p.Given(c.Labels)
	}
	return c
}

// Reused says what a run may take over from an earlier one.
type Reused struct {
	// Data: the same samples (the labeled set may differ: the page draws
	// it, Params.Given).
	Data bool
	// Graphs lists the graphs whose inputs are unchanged.
	Graphs map[method.Name]bool
}

// Reuse returns what a run with settings p (and the upload f) can take
// over from the finished run prev (nil: nothing): the data when p draws
// the same samples, and every graph that no changed setting's work builds
// again (params.Work.Graphs), θ's aside for an NNLRS graph whose Z a new
// θ re-weighs (carry). The labels and the view settings are the page's
// alone.
func Reuse(prev *Run, p params.Params, f demo.File) Reused {
	u := Reused{Graphs: map[method.Name]bool{}}
	if prev == nil || prev.State != Done || prev.Data == nil {
		return u
	}
	q := prev.Params
	u.Data = p.SameData(q) && (p.Dataset != demo.Upload || f.Name == prev.file.Name && bytes.Equal(f.Bytes, prev.file.Bytes))
	if !u.Data {
		return u
	}
	for g, old := range prev.Graphs {
		if old == nil || old.Final == nil {
			continue
		}
		keep := true
		for w := params.View; w <= params.Draw; w++ {
			if params.Same(p, q, w) || !slices.Contains(w.Graphs(), g) || w == params.Reweigh && old.hasZ() {
				continue
			}
			keep = false
		}
		if keep {
			u.Graphs[g] = true
		}
	}
	return u
}

// hasZ reports whether g carries the Z that a new θ re-weighs.
func (g *Graph) hasZ() bool { return g != nil && g.Final != nil && g.Final.Z != nil }

// carry returns the graph g of the run with settings q for the run with
// settings p on data d: g itself, or for NNLRS at a new θ, its Z
// re-weighed by Algorithm 2's steps 3-4 and measured again (the layout,
// which does not depend on θ, stays).
func (m *Model) carry(g *Graph, q, p params.Params, d *Data) *Graph {
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
// last figure, the view settings stay as they are, and its labels spread
// again by themselves.
func (m *Model) restore(r *Run) {
	if m.last == nil {
		return
	}
	m.Ended = r
	view := m.Params
	m.Run, m.Params = m.last, m.last.Params.WithView(view)
	m.Prop.Reset(m.Run, m.Params.Propagator, m.Params.Alpha)
	m.autoplay()
}

// autoplay lets the labels spread by themselves, unless the reader asked
// for reduced motion (Still).
func (m *Model) autoplay() { m.Prop.Play(!m.Still) }

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
	m.measure(r)
	var failed []string
	for _, gm := range demo.Order {
		if g := r.Graphs[gm]; g.Err != "" {
			failed = append(failed, fmt.Sprintf("%s failed: %s", params.GraphNames[gm], strings.TrimSuffix(g.Err, ".")))
		}
	}
	if len(failed) > 0 {
		m.Problem = strings.Join(failed, ". ") + "."
	}
	m.Prop.Reset(r, m.Params.Propagator, m.Params.Alpha)
	m.autoplay() // the labels spread by themselves, once
	m.settled = true

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
		m.autoplay()
	}
	m.Hover = -1
}
