package ui

import (
	"fmt"
	"math"
	"slices"
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
// run's labels' seed) at each labeled share; for the β sensitivity (Table
// IV), the NNLRS graph solved again at each of the paper's β. Its Block
// has the shape of the paper-scale one (paper.Comparison), so that the
// figure draws both alike. It is computed a little at a time (Step) and
// asks the workers for the graphs the run does not have (jobs): PCA+NNLRS
// and NNLRS-EF for the joint-learning figure, NNLRS at every β, each
// started from the last, for Table IV.
type Study struct {
	// Name is the figure (params.PaperFigures).
	Name string
	// Block is what the study has measured so far, in percent.
	Block *paper.Block
	// Done of Total evaluations (a row, a column, a draw) are computed.
	Done, Total int
	// Err says why the study cannot be computed, "" otherwise.
	Err string

	run     *Run
	alpha   float64
	shares  []float64                // the labeled shares, in percent
	sources []string                 // the graphs measured, by key: a method, or "β=..." for beta
	weights map[string]*mat.SymDense // the weights of each source, once at hand
	jobs    map[uint32]*studyJob     // the jobs asked of the workers
	pending []*studyJob              // the jobs not yet asked, in order
	warmth  []byte                   // the end state of the last NNLRS solve, for the next β
	sum, sq map[string][]float64     // by source, per column × share: sums of the error rates
	count   map[string][]int         // and their counts
	basis   *sda.Basis               // the samples' SDA basis (sda, beta)
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

// studyFigures are the figures with a live version in the paper panel.
var studyFigures = []string{"ghf", "lgc", "sda", "joint", "beta"}

// HasStudy reports whether figure name has a live version measured by a
// Study.
func HasStudy(name string) bool { return slices.Contains(studyFigures, name) }

// newStudy prepares the study of figure name on the finished run r, with
// LGC's α; nil if the figure has none.
func newStudy(name string, r *Run, alpha float64) *Study {
	if !HasStudy(name) || r == nil || r.State != Done {
		return nil
	}
	s := &Study{Name: name, run: r, alpha: alpha, weights: map[string]*mat.SymDense{}, jobs: map[uint32]*studyJob{},
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
	have := func(g method.Name) {
		if rg := r.Graphs[g]; rg != nil && rg.Final != nil {
			s.weights[string(g)] = mat.NewSymDense(rg.N, rg.Final.W)
		}
	}
	switch name {
	case "ghf", "lgc", "sda":
		for _, g := range params.Graphs {
			s.sources = append(s.sources, string(g))
			have(g)
		}
	case "joint":
		s.sources = []string{string(method.NNLRS), string(method.PCANNLRS), string(method.NNLRSEF)}
		have(method.NNLRS)
		for _, g := range []method.Name{method.PCANNLRS, method.NNLRSEF} {
			job := r.Params.Jobs(r.file, 0)[0]
			job.Method, job.SendData = g, false
			s.pending = append(s.pending, &studyJob{key: string(g), job: job})
		}
	case "beta":
		for _, beta := range paper.SweepBetas {
			key := betaKey(beta)
			s.sources = append(s.sources, key)
			p := r.Params
			p.Beta = beta
			job := p.Jobs(r.file, 0)[0]
			job.SendData = false
			s.pending = append(s.pending, &studyJob{key: key, job: job})
		}
	}
	s.shares = CurveShares
	if name == "beta" {
		s.shares = nil
		for _, f := range paper.Labeled {
			s.shares = append(s.shares, 100*f)
		}
	}
	cols := len(s.shares)
	if name == "beta" {
		cols = len(paper.SweepBetas)
	}
	for _, src := range s.sources {
		size := cols
		if name == "beta" {
			size = cols * len(s.shares)
		}
		s.sum[src], s.sq[src], s.count[src] = make([]float64, size), make([]float64, size), make([]int, size)
	}
	s.Total = len(s.sources) * len(s.shares) * s.draws
	if name == "sda" || name == "beta" {
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
// pending ones: for beta one at a time, each started from the last NNLRS
// graph's end state.
func (s *Study) next(id uint32) (demo.Job, bool) {
	if s == nil || s.Err != "" || len(s.pending) == 0 {
		return demo.Job{}, false
	}
	if s.Name == "beta" {
		for _, j := range s.jobs {
			if !j.done {
				return demo.Job{}, false
			}
		}
	}
	j := s.pending[0]
	s.pending = s.pending[1:]
	j.job.ID = id
	if s.Name == "beta" {
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

// finished takes the graph of study job id.
func (s *Study) finished(id uint32, res *demo.Result) bool {
	j, ok := s.jobs[id]
	if !ok {
		return false
	}
	j.done = true
	if res.Warm != nil {
		s.warmth = res.Warm // the next β starts from it
	}
	s.weights[j.key] = mat.NewSymDense(res.N, res.W)
	return true
}

// failed records that study job id failed: the study says why.
func (s *Study) failed(id uint32, f *demo.Failure) bool {
	j, ok := s.jobs[id]
	if !ok {
		return false
	}
	j.done = true
	s.Err = fmt.Sprintf("The %s graph could not be built: %s", j.key, f.Message)
	return true
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
	e := math.NaN()
	switch s.Name {
	case "ghf":
		if res, err := propagate.GHF(w, given); err == nil {
			e = propagate.ErrorRate(res.Pred, s.truth, given)
		}
	case "lgc", "joint":
		if res, err := propagate.LGC(w, given, s.alpha); err == nil {
			e = propagate.ErrorRate(res.Pred, s.truth, given)
		}
	case "sda", "beta":
		e = s.sdaError(w, given)
	}
	if math.IsNaN(e) {
		return
	}
	col := sh
	if s.Name == "beta" {
		col = slices.Index(s.sources, src)*len(s.shares) + sh
	}
	s.sum[src][col] += e
	s.sq[src][col] += e * e
	s.count[src][col]++
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
// paper-scale comparisons, with the paper's numbers where its tables have
// the data set and the column.
func (s *Study) block() {
	b := s.Block
	b.Rows = nil
	b.Columns = nil
	cell := func(sum, sq float64, n int, paperV float64, reported bool) *paper.Cell {
		c := &paper.Cell{}
		if n > 0 {
			m := 100 * sum / float64(n)
			v := 0.0
			if n > 1 {
				v = math.Max(0, (sq-sum*sum/float64(n))/float64(n-1))
			}
			sd := 100 * math.Sqrt(v)
			c.Ours, c.Std = &m, &sd
		}
		if reported {
			c.Paper = &paperV
			c.Far = c.Ours != nil && math.Abs(*c.Ours-paperV) > paper.FarPoints
		}
		return c
	}
	table := map[string]string{"ghf": paper.GHF, "lgc": paper.LGC, "sda": paper.SDA, "joint": paper.LGC}[s.Name]
	if s.Name == "beta" {
		b.Columns = paper.SweepBetas
		for sh, share := range s.shares {
			row := &paper.Row{Name: fmt.Sprintf("%g%%", share)}
			for bi, src := range s.sources {
				col := bi*len(s.shares) + sh
				v, ok := paper.Sweep(paper.SweepBetas[bi], share/100)
				row.Cells = append(row.Cells, cell(s.sum[src][col], s.sq[src][col], s.count[src][col], v, ok && s.Block.Dataset == "pie"))
			}
			b.Rows = append(b.Rows, row)
		}
		return
	}
	for _, sh := range s.shares {
		b.Columns = append(b.Columns, sh/100)
	}
	for _, src := range s.sources {
		g := method.Name(src)
		row := &paper.Row{Name: src, Graph: g}
		for k, share := range s.shares {
			v, ok := paper.Error(table, s.Block.Dataset, share/100, g)
			row.Cells = append(row.Cells, cell(s.sum[src][k], s.sq[src][k], s.count[src][k], v, ok))
		}
		b.Rows = append(b.Rows, row)
	}
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
	if s == nil || s.Name != p.Paper || s.run != m.Run || (s.Name == "lgc" || s.Name == "joint") && s.alpha != p.Alpha {
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
