package experiment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/build"
	"nnlrs/core/dataset"
	"nnlrs/core/graph"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/core/sda"
	"nnlrs/core/weights"
)

// Grid is the tuning grid: λ and β of the NNLRS graphs (each pair one
// solve), θ of their thresholding (free: applied to the solved Z), and λ
// of LRR (LRRLambda; Lambda when empty).
type Grid struct {
	Lambda, Beta, Theta []float64
	LRRLambda           []float64 `json:",omitempty"`
}

// lrrLambda returns LRR's λ grid.
func (g *Grid) lrrLambda() []float64 {
	if len(g.LRRLambda) > 0 {
		return g.LRRLambda
	}
	return g.Lambda
}

// DefaultGrid returns the grid of the tuning mode. λ spans the range in
// which the NNLRS solution of unit-norm image data is neither near Z = I
// (λ ≥ 10) nor Z = 0 (λ ≤ 0.1); β is the paper's 0.2 (its Table IV finds
// the error flat for 0.001 ≤ β ≤ 1); θ from none to a threshold that
// keeps only the strongest normalized coefficients. LRR, without the β
// term, keeps a useful Z down to smaller λ, so its grid starts lower.
func DefaultGrid() Grid {
	return Grid{
		Lambda:    []float64{0.3, 1, 3},
		Beta:      []float64{0.2},
		Theta:     []float64{0, 0.01, 0.03, 0.1},
		LRRLambda: []float64{0.1, 0.3, 1},
	}
}

// Config describes a run.
type Config struct {
	Protocol Protocol
	// Data is Protocol.Load's set; nil for synthetic protocols.
	Data *dataset.Set
	// Trials is the number of seeded trials; Seed selects them.
	Trials int
	Seed   uint64
	// Labeled are the labeled fractions, in (0, 1).
	Labeled []float64
	// Graphs and Propagators name the graphs (of method.Every) and classifiers
	// (of Propagators) to run.
	Graphs      []method.Name
	Propagators []string
	// Options are the fixed graph parameters (build.DefaultOptions(), the
	// paper's, when zero); NNLRS's λ, β, θ and solver also serve NNLRS-EF
	// and PCA+NNLRS, whose β and λ come from the grid when tuned.
	Options build.Options
	// Readings name the readings of the paper to apply (Readings), which
	// set the solvers and parameters they concern over Options and Tune.
	Readings []string
	// Tune, if not nil, turns the tuning mode on with this grid.
	Tune *Grid
	// Folds is the number of cross-validation folds, default 3.
	Folds int
	// Candidates, with Tune, records every candidate of every choice in
	// Results.Candidates.
	Candidates bool
	// SDA configures SDA.
	SDA sda.Params
	// SweepBetas, if not empty, adds the paper's β sensitivity table: the
	// NNLRS graph at λ = SweepLambda (the paper's 10 when 0), θ of Options
	// and every β listed, under SDA if requested, else the first
	// classifier.
	SweepBetas  []float64
	SweepLambda float64
	// Workers run trials in parallel, default runtime.NumCPU().
	Workers int
	// Select, if not nil, lists the trials to run (from 0, below Trials,
	// in any order); nil runs them all. A trial's numbers do not depend on
	// the others run with it.
	Select []int
	// Finished, if not nil, is called (from the workers, one call at a
	// time) with every trial as it finishes; an error stops the run.
	Finished func(Trial) error
	// CPU, if not nil, returns the CPU time the process has used, in
	// seconds, for Trial.CPUSeconds.
	CPU func() float64
	// Progress, if not nil, is called (from the workers, one call at a
	// time) after every graph built and every trial finished.
	Progress func(Progress)
}

// Settings returns the settings of c (Settings) that its trials record,
// as Run fills in the defaults.
func (c Config) Settings() Settings {
	c.defaults()
	s := Settings{Protocol: c.Protocol, Seed: c.Seed, Labeled: c.Labeled, Graphs: orderedGraphs(c.Graphs),
		Propagators: c.Propagators, Params: c.params(), SweepBetas: c.SweepBetas, Candidates: c.Candidates,
		Readings: orderedReadings(c.Readings)}
	if c.Data != nil {
		s.Data = DataHash(c.Data)
	}
	var solvers []string
	for _, m := range []struct {
		name   string
		solver any
	}{{"nnlrs", c.Options.NNLRS.Solver}, {"lrr", c.Options.LRR.Solver}} {
		if m.solver == nil {
			continue
		}
		b, err := json.Marshal(m.solver)
		if err != nil {
			b = []byte(fmt.Sprintf("%T", m.solver))
		}
		solvers = append(solvers, fmt.Sprintf("%s: %v %s", m.name, m.solver, b))
	}
	s.Solvers = strings.Join(solvers, "; ")
	return s
}

// defaults fills in the defaults of the zero fields of c that Run uses.
func (c *Config) defaults() {
	if c.Options.KNNSigma == 0 && c.Options.NNLRS.Lambda == 0 {
		c.Options.Options = graph.DefaultOptions()
	}
	if c.Folds == 0 {
		c.Folds = 3
	}
	if c.SweepLambda == 0 {
		c.SweepLambda = graph.DefaultNNLRS().Lambda
	}
	c.applyReadings()
}

// Progress reports how far a run is.
type Progress struct {
	// Done and Total count work units: graph builds and trial
	// evaluations. Total is an estimate and may grow.
	Done, Total int
	// Trials done of the configured number.
	Trials int
	// What was just done.
	What string
}

func (c *Config) validate() error {
	if c.Trials < 1 {
		return fmt.Errorf("experiment: need at least 1 trial, have %d", c.Trials)
	}
	if len(c.Labeled) == 0 {
		return errors.New("experiment: no labeled fractions")
	}
	for _, f := range c.Labeled {
		if !(f > 0 && f < 1) {
			return fmt.Errorf("experiment: labeled fraction %v is not in (0, 1)", f)
		}
	}
	if len(c.Graphs) == 0 || len(c.Propagators) == 0 {
		return errors.New("experiment: no graphs or no classifiers")
	}
	for _, g := range c.Graphs {
		if !slices.Contains(method.Every, g) {
			return fmt.Errorf("experiment: unknown graph %q", g)
		}
	}
	for _, p := range c.Propagators {
		if !slices.Contains(Propagators, p) {
			return fmt.Errorf("experiment: unknown classifier %q", p)
		}
	}
	if err := CheckReadings(c.Readings); err != nil {
		return err
	}
	if c.Data == nil && !c.Protocol.IsSynthetic() {
		return fmt.Errorf("experiment: no data for %s", c.Protocol.Name)
	}
	if c.Tune != nil && (len(c.Tune.Lambda) == 0 || len(c.Tune.Beta) == 0 || len(c.Tune.Theta) == 0) {
		return errors.New("experiment: the tuning grid needs at least one λ, β and θ")
	}
	for i, t := range c.Select {
		if t < 0 || t >= c.Trials || slices.Contains(c.Select[:i], t) {
			return fmt.Errorf("experiment: selected trial %d is not one of 0-%d, or listed twice", t, c.Trials-1)
		}
	}
	return nil
}

// Run runs the trials of the experiment that c describes (all, or
// c.Select), and returns their results (Merge) with Seconds the run's
// wall-clock time.
func Run(ctx context.Context, c Config) (*Results, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	settings := c.Settings()
	c.defaults()
	sel := c.Select
	if sel == nil {
		sel = make([]int, c.Trials)
		for t := range sel {
			sel[t] = t
		}
	}
	if len(sel) == 0 {
		return nil, errors.New("experiment: no trials selected")
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(sel))
	// Order the graphs so that NNLRS is evaluated before the graphs that
	// reuse its tuned λ and β.
	graphs := slices.Clone(c.Graphs)
	slices.SortStableFunc(graphs, func(a, b method.Name) int { return graphRank(a) - graphRank(b) })
	c.Graphs = graphs

	r := &runner{c: c, settings: settings, start: time.Now(), workers: workers, cpu: newCPUShare(c.CPU)}
	r.total = len(sel) * r.unitsPerTrial()
	trials := make([]Trial, len(sel))
	errs := make([]error, len(sel))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				trials[i], errs[i] = r.run(ctx, sel[i])
				r.report(func() { r.trialsDone++ }, fmt.Sprintf("trial %d done", sel[i]+1))
			}
		}()
	}
	for i := range sel {
		select {
		case next <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("experiment: trial %d: %w", sel[i]+1, err)
		}
	}
	res, err := Merge(trials)
	if err != nil {
		return nil, err
	}
	res.Seconds = time.Since(r.start).Seconds()
	res.Workers = workers
	return res, nil
}

// run runs trial t and hands it to c.Finished.
func (r *runner) run(ctx context.Context, t int) (Trial, error) {
	start := time.Now()
	r.cpu.start(t)
	tr, err := r.trial(ctx, t)
	cpu := r.cpu.stop(t)
	if err != nil {
		return Trial{}, err
	}
	out := r.trialOf(t, tr)
	out.Seconds, out.CPUSeconds = time.Since(start).Seconds(), cpu
	out.Date = time.Now().UTC().Format(time.RFC3339)
	if r.c.Finished != nil {
		r.finishMu.Lock()
		defer r.finishMu.Unlock()
		if err := r.c.Finished(out); err != nil {
			return Trial{}, err
		}
	}
	return out, nil
}

// cpuShare shares the process's CPU time among the trials running: each
// interval between two starts or ends of trials goes in equal parts to
// the trials running in it.
type cpuShare struct {
	clock   func() float64
	mu      sync.Mutex
	last    float64
	running map[int]float64
}

func newCPUShare(clock func() float64) *cpuShare {
	return &cpuShare{clock: clock, running: map[int]float64{}}
}

// settle shares the CPU time since the last start or end.
func (c *cpuShare) settle() {
	now := c.clock()
	if n := len(c.running); n > 0 {
		for t := range c.running {
			c.running[t] += (now - c.last) / float64(n)
		}
	}
	c.last = now
}

func (c *cpuShare) start(t int) {
	if c.clock == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle()
	c.running[t] = 0
}

// stop returns the CPU time of trial t, 0 without a clock.
func (c *cpuShare) stop(t int) float64 {
	if c.clock == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle()
	v := c.running[t]
	delete(c.running, t)
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return v
}

// graphRank orders NNLRS before the graphs that borrow its choice.
func graphRank(g method.Name) int {
	switch g {
	case method.NNLRSEF, method.PCANNLRS:
		return 1
	}
	return 0
}

type runner struct {
	c        Config
	settings Settings
	start    time.Time
	workers  int
	cpu      *cpuShare
	finishMu sync.Mutex

	mu         sync.Mutex
	done       int
	total      int
	trialsDone int
}

func (r *runner) report(update func(), what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	update()
	r.done++
	if r.done > r.total {
		r.total = r.done
	}
	if r.c.Progress != nil {
		r.c.Progress(Progress{Done: r.done, Total: r.total, Trials: r.trialsDone, What: what})
	}
}

// unitsPerTrial estimates the graph builds and evaluations of one trial.
func (r *runner) unitsPerTrial() int {
	n := 1 // the trial's evaluation
	n += len(r.stages()) * r.buildsPerStage()
	if len(r.c.SweepBetas) > 0 {
		n += len(r.c.SweepBetas)
	}
	return n
}

func (r *runner) buildsPerStage() int {
	n := 0
	for _, g := range r.c.Graphs {
		switch {
		case r.c.Tune == nil:
			n++
		case g == method.LRR:
			n += len(r.c.Tune.lrrLambda())
		case g == method.NNLRS:
			n += len(r.c.Tune.Lambda) * len(r.c.Tune.Beta)
		default:
			n++
		}
	}
	return n
}

// stages returns the classifiers of the transductive stage and of the SDA
// stage, either possibly empty.
func (r *runner) stages() [][]string {
	var tr, in []string
	for _, p := range r.c.Propagators {
		if transductive(p) {
			tr = append(tr, p)
		} else {
			in = append(in, p)
		}
	}
	var out [][]string
	if len(tr) > 0 {
		out = append(out, tr)
	}
	if len(in) > 0 {
		out = append(out, in)
	}
	return out
}

// Random streams: every trial, purpose and index has its own.
const (
	streamDraw = iota + 1
	streamSplit
	streamLabels
	streamSDALabels
	streamFolds
	streamSDAFolds
)

func (r *runner) rng(trial, purpose, index int) *rand.Rand {
	return rand.New(rand.NewPCG(r.c.Seed, uint64(trial)<<32|uint64(purpose)<<16|uint64(index)))
}

// key identifies a built graph within a stage.
type key struct {
	graph        method.Name
	lambda, beta float64
}

type built struct {
	g    *graph.Graph
	err  error
	secs float64
}

// stage is one data draw of a trial with its graphs: the transductive
// draw, or the SDA training set with its test set.
type stage struct {
	name  string
	set   *dataset.Set
	test  *dataset.Set
	basis *sda.Basis
	cache map[key]*built
	ws    map[candKey]*mat.SymDense
}

type candKey struct {
	key
	theta float64
}

// trialResult holds what one trial measured.
type trialResult struct {
	errors map[cellKey]score
	// components counts the connected components of the weights used
	// in each cell.
	components map[cellKey]int
	candidates []Candidate
	sweep      map[sweepKey]float64
	choices    []Choice
	builds     map[statKey]*BuildStat
	graphs     map[statKey]*graphStat
	example    *Example
}

type cellKey struct {
	prop  string
	frac  float64
	graph method.Name
}

type sweepKey struct {
	beta, frac float64
}

type statKey struct {
	stage string
	graph method.Name
}

type graphStat struct {
	n                                     int
	density, within, diagonal, components float64
}

// add adds the measures of one graph.
func (s *graphStat) add(m measures) {
	s.n++
	s.density += m.density
	s.within += m.within
	s.diagonal += m.diagonal
	s.components += float64(m.components)
}

// measures are what the results tell of a graph's weights W.
type measures struct {
	density, within, diagonal float64
	components                int
}

func measure(w *mat.SymDense, labels []int) measures {
	return measures{density: weights.Density(w), within: weights.WithinClass(w, labels),
		diagonal: weights.DiagonalShare(w), components: weights.Components(w)}
}

func (r *runner) trial(ctx context.Context, t int) (*trialResult, error) {
	tr := &trialResult{
		errors:     map[cellKey]score{},
		components: map[cellKey]int{},
		sweep:      map[sweepKey]float64{},
		builds:     map[statKey]*BuildStat{},
		graphs:     map[statKey]*graphStat{},
	}
	for _, props := range r.stages() {
		st := &stage{cache: map[key]*built{}, ws: map[candKey]*mat.SymDense{}}
		var err error
		labelStream, foldStream := streamLabels, streamFolds
		if transductive(props[0]) {
			st.name = "transductive"
			st.set, err = r.c.Protocol.Draw(r.c.Data, r.rng(t, streamDraw, 0))
		} else {
			st.name = "sda"
			labelStream, foldStream = streamSDALabels, streamSDAFolds
			st.set, st.test, err = r.c.Protocol.Split(r.c.Data, r.rng(t, streamSplit, 0))
			if err == nil {
				st.basis, err = sda.Prepare(st.set.X)
			}
		}
		if err != nil {
			return nil, err
		}
		// The β sweep runs under SDA, as in the paper, or under the first
		// classifier if SDA is not requested.
		sweepProp := ""
		if len(r.c.SweepBetas) > 0 {
			switch {
			case slices.Contains(props, SDA):
				sweepProp = SDA
			case !slices.Contains(r.c.Propagators, SDA):
				sweepProp = props[0]
			}
		}
		for fi, frac := range r.c.Labeled {
			labels := propagate.DrawLabeled(st.set.Labels, frac, r.rng(t, labelStream, fi))
			var folds [][]int
			if r.c.Tune != nil {
				folds = Folds(labels, r.c.Folds, r.rng(t, foldStream, fi))
			}
			for _, p := range props {
				if err := r.evaluate(ctx, t, tr, st, p, frac, labels, folds); err != nil {
					return nil, err
				}
			}
			if sweepProp != "" {
				if err := r.sweep(ctx, t, tr, st, sweepProp, frac, labels); err != nil {
					return nil, err
				}
			}
		}
	}
	return tr, nil
}

// build returns the graph k of the stage, building it on first use.
func (r *runner) build(ctx context.Context, t int, tr *trialResult, st *stage, k key) *built {
	if b, ok := st.cache[k]; ok {
		return b
	}
	start := time.Now()
	g, err := r.construct(ctx, st, k)
	b := &built{g: g, err: err, secs: time.Since(start).Seconds()}
	st.cache[k] = b
	sk := statKey{st.name, k.graph}
	bs := tr.builds[sk]
	if bs == nil {
		bs = &BuildStat{Stage: st.name, Graph: k.graph}
		tr.builds[sk] = bs
	}
	bs.Builds++
	bs.Seconds += b.secs
	switch {
	case b.err != nil:
		bs.Failed++
		if msg := b.err.Error(); !slices.Contains(bs.Errors, msg) {
			bs.Errors = append(bs.Errors, msg)
		}
	case !g.Info.Converged:
		bs.NotConverged++
	}
	if b.err == nil && g.Info.Iterations > 0 {
		s := Solve{Lambda: k.lambda, Beta: k.beta, Iterations: g.Info.Iterations, Converged: g.Info.Converged, Objective: g.Info.Objective}
		if c, ok := Caught(g.E, st.set.Corrupted); ok {
			s.Caught = &c
		}
		bs.Solves = append(bs.Solves, s)
	}
	r.report(func() {}, fmt.Sprintf("trial %d: %s %s (%.1fs)", t+1, st.name, describe(k), b.secs))
	return b
}

// construct builds the graph k on the samples of st. A panic of the
// build is its error: one failed build (counted in BuildStat.Failed, its
// message in BuildStat.Errors) does not stop the run.
func (r *runner) construct(ctx context.Context, st *stage, k key) (g *graph.Graph, err error) {
	defer func() {
		if p := recover(); p != nil {
			g, err = nil, fmt.Errorf("experiment: %s panicked: %v", describe(k), p)
		}
	}()
	o := r.c.Options
	switch k.graph {
	case method.LRR:
		o.LRR.Lambda = k.lambda
	case method.NNLRS, method.NNLRSEF, method.PCANNLRS:
		o.NNLRS.Lambda, o.NNLRS.Beta, o.NNLRS.Theta = k.lambda, k.beta, 0
	}
	g, err = build.Graph(ctx, k.graph, st.set.X, o)
	return g, err
}

func describe(k key) string {
	switch k.graph {
	case method.LRR:
		return fmt.Sprintf("lrr λ=%g", k.lambda)
	case method.NNLRS, method.NNLRSEF, method.PCANNLRS:
		return fmt.Sprintf("%s λ=%g β=%g", k.graph, k.lambda, k.beta)
	}
	return string(k.graph)
}

// weights returns W of a built graph thresholded at θ (the NNLRS family)
// or as built.
func (st *stage) weights(k key, theta float64, b *built) *mat.SymDense {
	if !thresholded(k.graph) {
		return b.g.W
	}
	ck := candKey{k, theta}
	if w, ok := st.ws[ck]; ok {
		return w
	}
	w := weights.ThresholdNormalized(b.g.Z, theta)
	st.ws[ck] = w
	return w
}

func thresholded(g method.Name) bool {
	return g == method.NNLRS || g == method.NNLRSEF || g == method.PCANNLRS
}

// candidates returns the graphs that graph name may use for classifier p,
// with the choice made for NNLRS (if any) at the same labeled fraction.
func (r *runner) candidates(ctx context.Context, t int, tr *trialResult, st *stage, name method.Name, nnlrs *Choice) []candidate {
	type spec struct {
		k     key
		theta float64
	}
	var specs []spec
	o := r.c.Options
	switch {
	case r.c.Tune == nil && name == method.LRR:
		specs = []spec{{key{method.LRR, o.LRR.Lambda, 0}, 0}}
	case r.c.Tune == nil && thresholded(name):
		specs = []spec{{key{name, o.NNLRS.Lambda, o.NNLRS.Beta}, o.NNLRS.Theta}}
	case name == method.LRR:
		for _, l := range r.c.Tune.lrrLambda() {
			specs = append(specs, spec{key{method.LRR, l, 0}, 0})
		}
	case name == method.NNLRS || (thresholded(name) && nnlrs == nil):
		for _, l := range r.c.Tune.Lambda {
			for _, b := range r.c.Tune.Beta {
				for _, th := range r.c.Tune.Theta {
					specs = append(specs, spec{key{name, l, b}, th})
				}
			}
		}
	case thresholded(name):
		for _, th := range r.c.Tune.Theta {
			specs = append(specs, spec{key{name, nnlrs.Lambda, nnlrs.Beta}, th})
		}
	default:
		specs = []spec{{key{graph: name}, 0}}
	}
	var cands []candidate
	for _, s := range specs {
		b := r.build(ctx, t, tr, st, s.k)
		if b.err != nil {
			continue
		}
		cands = append(cands, candidate{w: st.weights(s.k, s.theta, b), lambda: s.k.lambda, beta: s.k.beta, theta: s.theta})
	}
	return cands
}

func (r *runner) classifier(st *stage, p string) classifier {
	if p == SDA {
		return discriminant(st.basis, st.set, st.test, r.c.SDA)
	}
	return propagation(p)
}

// evaluate classifies with every graph at one labeled fraction.
func (r *runner) evaluate(ctx context.Context, t int, tr *trialResult, st *stage, p string, frac float64, labels []int, folds [][]int) error {
	cls := r.classifier(st, p)
	var nnlrs *Choice
	for _, name := range r.c.Graphs {
		if err := ctx.Err(); err != nil {
			return err
		}
		cands := r.candidates(ctx, t, tr, st, name, nnlrs)
		if len(cands) == 0 {
			continue // every build failed; counted in the build stats
		}
		best := 0
		if len(cands) > 1 {
			var cvErr float64
			var every []float64
			var err error
			best, cvErr, every, err = crossValidate(cands, labels, folds, cls)
			if err != nil {
				return fmt.Errorf("%s, %s, %s: cross-validation: %w", st.name, name, p, err)
			}
			ch := Choice{Propagator: p, Labeled: frac, Graph: name, Trial: t,
				Lambda: cands[best].lambda, Beta: cands[best].beta, Theta: cands[best].theta, CVError: cvErr}
			tr.choices = append(tr.choices, ch)
			if name == method.NNLRS {
				nnlrs = &ch
			}
			if r.c.Candidates {
				if err := r.record(tr, st, cls, ch, cands, every, best, labels); err != nil {
					return fmt.Errorf("%s, %s, %s: %w", st.name, name, p, err)
				}
			}
		}
		w := cands[best].w
		e, err := r.testError(st, cls, w, labels)
		if err != nil {
			return fmt.Errorf("%s, %s, %s: %w", st.name, name, p, err)
		}
		ck := cellKey{p, frac, name}
		tr.errors[ck] = e
		m := measure(w, st.set.Labels)
		tr.components[ck] = m.components
		sk := statKey{st.name, name}
		gs := tr.graphs[sk]
		if gs == nil {
			gs = &graphStat{}
			tr.graphs[sk] = gs
		}
		gs.add(m)
		if t == 0 && (tr.example == nil || tr.example.Stage == st.name) && p == st.firstProp(r.c.Propagators) && isExampleFraction(frac, r.c.Labeled) {
			if tr.example == nil {
				tr.example = &Example{Stage: st.name, Propagator: p, Labeled: frac, Labels: st.set.Labels, W: map[method.Name]*mat.SymDense{}}
			}
			tr.example.W[name] = w
		}
	}
	return nil
}

// record adds every candidate of the choice ch, with its cross-validation
// error (every, NaN for a candidate that failed, which is left out) and,
// for the record only, its test error and measures, to tr.candidates.
func (r *runner) record(tr *trialResult, st *stage, cls classifier, ch Choice, cands []candidate, every []float64, best int, labels []int) error {
	for i, cd := range cands {
		if math.IsNaN(every[i]) {
			continue
		}
		e, err := r.testError(st, cls, cd.w, labels)
		if err != nil {
			return err
		}
		m := measure(cd.w, st.set.Labels)
		c := ch
		c.Lambda, c.Beta, c.Theta, c.CVError = cd.lambda, cd.beta, cd.theta, every[i]
		tr.candidates = append(tr.candidates, Candidate{Choice: c, Chosen: i == best, Error: e.err,
			Density: m.density, WithinClass: m.within, DiagonalShare: m.diagonal, Components: m.components})
	}
	return nil
}

func (st *stage) firstProp(props []string) string {
	for _, p := range props {
		if transductive(p) == (st.name == "transductive") {
			return p
		}
	}
	return ""
}

// isExampleFraction picks the labeled fraction closest to 30% for the
// example weights.
func isExampleFraction(f float64, all []float64) bool {
	best := all[0]
	for _, g := range all {
		if math.Abs(g-0.3) < math.Abs(best-0.3) {
			best = g
		}
	}
	return f == best
}

// score is a classifier's result on the samples it was asked about: the
// error rate, a sample without prediction counted as an error; and, for
// the propagations (GHF, LGC), how many of those samples no labeled
// sample reaches and the error rate among the others (NaN if none).
type score struct {
	err       float64
	reach     bool
	unreached int
	reached   float64
}

// testError classifies the test samples (SDA) or the unlabeled samples
// (GHF, LGC) with all labels and scores the prediction.
func (r *runner) testError(st *stage, cls classifier, w *mat.SymDense, labels []int) (score, error) {
	if st.test != nil {
		out, err := cls(w, labels, nil)
		if err != nil {
			return score{}, err
		}
		return out.score(st.test.Labels, nil), nil
	}
	var query []int
	for i, l := range labels {
		if l < 0 {
			query = append(query, i)
		}
	}
	out, err := cls(w, labels, query)
	if err != nil {
		return score{}, err
	}
	return out.score(st.set.Labels, query), nil
}

// sweep evaluates the NNLRS graph for every β of the sensitivity table.
func (r *runner) sweep(ctx context.Context, t int, tr *trialResult, st *stage, p string, frac float64, labels []int) error {
	cls := r.classifier(st, p)
	for _, b := range r.c.SweepBetas {
		k := key{method.NNLRS, r.c.SweepLambda, b}
		bt := r.build(ctx, t, tr, st, k)
		if bt.err != nil {
			continue
		}
		e, err := r.testError(st, cls, st.weights(k, r.c.Options.NNLRS.Theta, bt), labels)
		if err != nil {
			return fmt.Errorf("β sweep, β = %g: %w", b, err)
		}
		tr.sweep[sweepKey{b, frac}] = e.err
	}
	return nil
}
