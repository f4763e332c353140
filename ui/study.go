package ui

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/core/propagate"
	"nnlrs/core/sda"
	"nnlrs/ui/params"
)

// A Study is the live version of one of the paper's tables at the page's
// scale (params.Params.Live): the table's error rates measured on the
// page's own draw and graphs as the paper measures them on its own, over
// CurveDraws(n) draws of the labeled samples (curve draws, seeded by the
// run's labels' seed) at each labeled share. Its figure (a table of graphs
// against shares, or Table IV's β sweep) says what is measured; its Block
// has the shape of the paper-scale one (paper.Comparison), so that the
// figure draws both alike. It is computed a little at a time (Step) and
// asks the workers for the graphs the run does not have (next).
type Study struct {
	// Name is the figure (params.PaperFigures).
	Name string
	// Block is what the study has measured so far, in percent.
	Block *paper.Block
	// Done of Total evaluations (a source, a share, a draw) are computed.
	Done, Total int
	// Err says why the study cannot be computed, "" otherwise.
	Err string

	fig     figure
	run     *Run
	alpha   float64
	shares  []float64                // the labeled shares, in percent
	sources []string                 // the graphs measured, by key
	weights map[string]*mat.SymDense // the weights of each source, once at hand
	jobs    map[uint32]*studyJob     // the jobs asked of the workers
	pending []*studyJob              // the jobs not yet asked, in order
	warmth  []byte                   // the end state of the last NNLRS solve, for a chained job
	sum, sq map[string][]float64     // by source and share: sums of the error rates
	count   map[string][]int         // and their counts
	basis   *sda.Basis               // the samples' SDA basis, for a figure under SDA
	x       *mat.Dense               // the samples, d×n
	truth   []int
	seed    uint64
	draws   int
}

// studyJob is a graph a study asks of the workers.
type studyJob struct {
	key  string
	job  demo.Job
	done bool
}

// A figure is what a Study measures for one of the paper's tables.
type figure interface {
	// plan returns the sources the figure measures on the run r, by key,
	// and the jobs of those the run does not have.
	plan(r *Run) (sources []string, jobs []*studyJob)
	// shares returns the labeled shares, in percent.
	shares() []float64
	// classifier returns how the error rates are measured: "ghf", "lgc"
	// or "sda".
	classifier() string
	// chained reports whether its jobs run one at a time, each started
	// from the last one's solution.
	chained() bool
	// layout writes the means of the study into its Block.
	layout(s *Study)
}

// table is one of the paper's error tables (I-III, and the joint learning
// of graph and features, compared under LGC as in the paper's Table II):
// a row per graph, a column per labeled share, beside the paper's numbers
// of its table. It measures the run's graphs, or NNLRS beside the graphs
// of extra, which the workers build.
type table struct {
	paper, by string
	extra     []method.Name
}

// sweep is the paper's Table IV: the NNLRS graph solved again at each of
// the paper's β, a column each, measured under SDA, a row per labeled
// share of the paper's.
type sweep struct{}

// figures are the figures with a live version, by name.
var figures = map[string]figure{
	"ghf": table{paper: paper.GHF, by: "ghf"},
	"lgc": table{paper: paper.LGC, by: "lgc"},
	// Table II at α = 1/(1 + μ), the paper's "μ = 0.99" read literally:
	// the same table, LGC at the page's α, which its link sets so.
	"lgc-mu": table{paper: paper.LGC, by: "lgc"},
	"sda":    table{paper: paper.SDA, by: "sda"},
	"joint":  table{paper: paper.LGC, by: "lgc", extra: []method.Name{method.PCANNLRS, method.NNLRSEF}},
	"beta":   sweep{},
}

// HasStudy reports whether figure name has a live version measured by a
// Study.
func HasStudy(name string) bool { return figures[name] != nil }

func (t table) plan(r *Run) ([]string, []*studyJob) {
	if t.extra == nil {
		return keys(params.Graphs), nil
	}
	var jobs []*studyJob
	for _, g := range t.extra {
		job := r.Params.Jobs(r.file, 0)[0]
		job.Method, job.SendData = g, false
		jobs = append(jobs, &studyJob{key: string(g), job: job})
	}
	return append(keys([]method.Name{method.NNLRS}), keys(t.extra)...), jobs
}

func (table) shares() []float64    { return CurveShares }
func (t table) classifier() string { return t.by }
func (table) chained() bool        { return false }

func (t table) layout(s *Study) {
	b := s.Block
	for _, sh := range s.shares {
		b.Columns = append(b.Columns, sh/100)
	}
	for _, src := range s.sources {
		g := method.Name(src)
		row := &paper.Row{Name: src, Graph: g}
		for k, share := range s.shares {
			v, ok := paper.Error(t.paper, b.Dataset, share/100, g)
			row.Cells = append(row.Cells, s.cell(src, k, v, ok))
		}
		b.Rows = append(b.Rows, row)
	}
}

func (sweep) plan(r *Run) ([]string, []*studyJob) {
	var sources []string
	var jobs []*studyJob
	for _, beta := range paper.SweepBetas {
		key := betaKey(beta)
		sources = append(sources, key)
		p := r.Params
		p.Beta = beta
		job := p.Jobs(r.file, 0)[0]
		job.SendData = false
		jobs = append(jobs, &studyJob{key: key, job: job})
	}
	return sources, jobs
}

func (sweep) shares() []float64 {
	var s []float64
	for _, f := range paper.Labeled {
		s = append(s, 100*f)
	}
	return s
}

func (sweep) classifier() string { return "sda" }
func (sweep) chained() bool      { return true }

func (sweep) layout(s *Study) {
	b := s.Block
	b.Columns = paper.SweepBetas
	for sh, share := range s.shares {
		row := &paper.Row{Name: fmt.Sprintf("%g%%", share)}
		for bi, src := range s.sources {
			v, ok := paper.Sweep(paper.SweepBetas[bi], share/100)
			row.Cells = append(row.Cells, s.cell(src, sh, v, ok && b.Dataset == "pie"))
		}
		b.Rows = append(b.Rows, row)
	}
}

// keys returns the sources of the graphs gs.
func keys(gs []method.Name) []string {
	k := make([]string, len(gs))
	for i, g := range gs {
		k[i] = string(g)
	}
	return k
}

// newStudy prepares the study of figure name on the finished run r, with
// LGC's α; nil if the figure has none.
func newStudy(name string, r *Run, alpha float64) *Study {
	fig := figures[name]
	if fig == nil || r == nil || r.State != Done {
		return nil
	}
	s := &Study{Name: name, fig: fig, run: r, alpha: alpha, weights: map[string]*mat.SymDense{}, jobs: map[uint32]*studyJob{},
		sum: map[string][]float64{}, sq: map[string][]float64{}, count: map[string][]int{}}
	ds := r.Params.Dataset
	title := params.Titles[ds]
	if r.Data != nil {
		title = fmt.Sprintf("%s, the page's draw: %d samples", title, r.Data.N)
	}
	s.Block = &paper.Block{Dataset: ds, Title: title}
	if !r.Labeled() {
		s.Err = "These data have no labels: nothing to measure."
		return s
	}
	s.truth, s.seed = r.Data.Labels, r.Params.LabelsSeed()
	s.draws = CurveDraws(len(s.truth))
	s.Block.Trials = s.draws
	d, n := r.Data.D, r.Data.N
	s.x = mat.NewDense(d, n, nil)
	for j := 0; j < n; j++ {
		s.x.SetCol(j, r.Data.X[j*d:(j+1)*d])
	}
	s.sources, s.pending = fig.plan(r)
	for _, src := range s.sources {
		if rg := r.Graphs[method.Name(src)]; rg != nil && rg.Final != nil {
			s.weights[src] = mat.NewSymDense(rg.N, rg.Final.W)
		}
	}
	s.shares = fig.shares()
	for _, src := range s.sources {
		k := len(s.shares)
		s.sum[src], s.sq[src], s.count[src] = make([]float64, k), make([]float64, k), make([]int, k)
	}
	s.Total = len(s.sources) * len(s.shares) * s.draws
	if fig.classifier() == "sda" {
		b, err := sda.Prepare(s.x)
		if err != nil {
			s.Err = "SDA cannot be fitted on these samples: " + err.Error()
			return s
		}
		s.basis = b
	}
	s.block()
	return s
}

// betaKey names the source of the NNLRS graph at β.
func betaKey(beta float64) string { return "β=" + strconv.FormatFloat(beta, 'g', -1, 64) }

// Finished reports whether every evaluation is computed (or none can be).
func (s *Study) Finished() bool { return s == nil || s.Err != "" || s.Done == s.Total }

// next returns the next job to ask of the workers, and takes it off the
// pending ones: for a chained figure one at a time, each started from the
// last NNLRS graph's end state.
func (s *Study) next(id uint32) (demo.Job, bool) {
	if s == nil || s.Err != "" || len(s.pending) == 0 {
		return demo.Job{}, false
	}
	chained := s.fig.chained()
	if chained {
		for _, j := range s.jobs {
			if !j.done {
				return demo.Job{}, false
			}
		}
	}
	j := s.pending[0]
	s.pending = s.pending[1:]
	j.job.ID = id
	if chained {
		if s.warmth == nil {
			if g := s.run.Graphs[method.NNLRS]; g != nil && g.Final != nil {
				s.warmth = g.Final.Warm // the run's NNLRS graph's end state
			}
		}
		j.job.Warm = s.warmth
	}
	s.jobs[id] = j
	return j.job, true
}

// A Study owns the jobs of the graphs it asks of the workers.

func (s *Study) wants(id uint32) bool {
	j := s.jobs[id]
	return j != nil && !j.done
}

func (s *Study) progress(uint32, *demo.Progress) {}

// finished takes the graph of study job id.
func (s *Study) finished(id uint32, res *demo.Result, _ time.Time) {
	j, ok := s.jobs[id]
	if !ok {
		return
	}
	j.done = true
	if res.Warm != nil {
		s.warmth = res.Warm // a chained job starts from it
	}
	s.weights[j.key] = mat.NewSymDense(res.N, res.W)
}

// failed records that study job id failed: the study says why.
func (s *Study) failed(id uint32, f *demo.Failure, _ bool, _ time.Time) bool {
	if j, ok := s.jobs[id]; ok {
		j.done = true
		s.Err = fmt.Sprintf("The %s graph could not be built: %s", j.key, f.Message)
	}
	return false
}

// Step computes evaluations whose graphs are at hand until budget has
// passed (at least one), draw by draw so that every cell fills in early.
func (s *Study) Step(budget time.Duration) {
	if s.Finished() {
		return
	}
	start := time.Now()
	progressed := false
	for s.Done < s.Total {
		i := s.Done
		src := s.sources[i%len(s.sources)]
		w := s.weights[src]
		if w == nil {
			break // its graph is not computed yet
		}
		rest := i / len(s.sources)
		sh := rest % len(s.shares)
		k := rest / len(s.shares)
		s.evaluate(src, w, sh, k)
		s.Done++
		progressed = true
		if time.Since(start) >= budget {
			break
		}
	}
	if progressed {
		s.block()
	}
}

// evaluate adds the error rate of source src (weights w) at share sh and
// draw k.
func (s *Study) evaluate(src string, w *mat.SymDense, sh, k int) {
	given := CurveDraw(s.truth, s.shares[sh], s.seed, k)
	var e float64
	if by := s.fig.classifier(); by == "sda" {
		e = s.sdaError(w, given)
	} else {
		e, _, _ = errorRate(w, given, s.truth, by, s.alpha)
	}
	if math.IsNaN(e) {
		return
	}
	s.sum[src][sh] += e
	s.sq[src][sh] += e * e
	s.count[src][sh]++
}

// sdaError returns the error rate of SDA fitted with the graph w and the
// labels given, then the nearest labeled sample in its projection, on the
// unlabeled samples (the paper's Table III classifies new samples; at the
// page's scale the unlabeled ones stand for them). NaN if SDA cannot be
// fitted.
func (s *Study) sdaError(w *mat.SymDense, given []int) float64 {
	m, err := s.basis.Fit(given, w, sda.Params{})
	if err != nil {
		return math.NaN()
	}
	var ref, query []int
	var refLabels []int
	for i, l := range given {
		if l != propagate.Unlabeled {
			ref = append(ref, i)
			refLabels = append(refLabels, l)
		} else {
			query = append(query, i)
		}
	}
	if len(query) == 0 {
		return math.NaN()
	}
	cols := func(idx []int) *mat.Dense {
		d, _ := s.x.Dims()
		c := mat.NewDense(d, len(idx), nil)
		for k, i := range idx {
			c.SetCol(k, mat.Col(nil, i, s.x))
		}
		return c
	}
	pred := sda.NearestNeighbor(m.Embed(cols(ref)), refLabels, m.Embed(cols(query)))
	wrong := 0
	for k, i := range query {
		if pred[k] != s.truth[i] {
			wrong++
		}
	}
	return float64(wrong) / float64(len(query))
}

// block writes what is measured so far into Block, in the layout of the
// paper-scale comparisons (the figure's), with the paper's numbers where
// its tables have the data set and the column.
func (s *Study) block() {
	s.Block.Rows, s.Block.Columns = nil, nil
	s.fig.layout(s)
}

// cell returns the cell of source src at share sh: the mean and standard
// deviation of its error rates in percent, once measured, beside the
// paper's number v when it reported one.
func (s *Study) cell(src string, sh int, v float64, reported bool) *paper.Cell {
	sum, sq, n := s.sum[src][sh], s.sq[src][sh], s.count[src][sh]
	c := &paper.Cell{}
	if n > 0 {
		m := 100 * sum / float64(n)
		variance := 0.0
		if n > 1 {
			variance = math.Max(0, (sq-sum*sum/float64(n))/float64(n-1))
		}
		sd := 100 * math.Sqrt(variance)
		c.Ours, c.Std = &m, &sd
	}
	if reported {
		c.Paper = &v
		c.Far = c.Ours != nil && math.Abs(*c.Ours-v) > paper.FarPoints
	}
	return c
}

// StudyBudget is the time a frame gives to the study of the figure shown.
const StudyBudget = 8 * time.Millisecond

// Tick advances the page's computations by a frame's share: the
// propagation (Propagation.Tick) and the live figure's study. They wait
// while a run is in progress: its figure will replace the one they are
// about, and the workers need the cores. They wait one frame more when a
// run has just finished, so that its figure is drawn without delay.
func (m *Model) Tick(now time.Time) {
	if m.Running() {
		return
	}
	if m.settled {
		m.settled = false
		return
	}
	m.Prop.Tick(now)
	if m.Study != nil {
		m.Study.Step(StudyBudget)
	}
}

// StudyJobs returns the jobs the live figure shown needs of the workers
// now, (re)starting its study when the figure, the finished run or LGC's
// α changed; nil when there are none.
func (m *Model) StudyJobs() []demo.Job {
	p := m.Params
	if p.Live != 1 || !HasStudy(p.Paper) || m.Run == nil || m.Run.State != Done {
		if p.Live != 1 || !HasStudy(p.Paper) {
			m.Study = nil
		}
		return nil
	}
	s := m.Study
	if s == nil || s.Name != p.Paper || s.run != m.Run || s.fig.classifier() == "lgc" && s.alpha != p.Alpha {
		m.Study = newStudy(p.Paper, m.Run, p.Alpha)
	}
	var jobs []demo.Job
	for {
		j, ok := m.Study.next(m.nextID)
		if !ok {
			return jobs
		}
		m.nextID++
		jobs = append(jobs, j)
	}
}
