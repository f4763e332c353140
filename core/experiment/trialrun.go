package experiment

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
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

// A Stage is one data draw of a trial: the draw the propagations (GHF,
// LGC) classify, transductively, or SDA's split into a training set, on
// which the graph is built, and a test set.
type Stage string

// Stages are the stages in the order a trial runs them.
var Stages = []Stage{Transductive, Inductive}

// stage is one stage of a trial with its data and graphs: the
// IsTransductive draw, or the SDA training set with its test set.
type stage struct {
	kind  Stage
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
	stage Stage
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

// trialRun is one trial under way: its run, its number t (from 0), the
// context that may cancel it, and what it measured so far.
type trialRun struct {
	*runner
	ctx context.Context
	t   int
	res *trialResult
}

// share is one labeled share of a stage: the fraction labeled, the labels
// drawn (-1 for the unlabeled samples) and, with tuning, the folds of its
// cross-validation.
type share struct {
	frac   float64
	labels []int
	folds  [][]int
}

// trial runs trial t: every stage its classifiers need, every labeled
// share of each, every graph under every classifier, and the β sweep.
func (r *runner) trial(ctx context.Context, t int) (*trialResult, error) {
	tr := &trialRun{runner: r, ctx: ctx, t: t, res: &trialResult{
		errors:     map[cellKey]score{},
		components: map[cellKey]int{},
		sweep:      map[sweepKey]float64{},
		builds:     map[statKey]*BuildStat{},
		graphs:     map[statKey]*graphStat{},
	}}
	for _, props := range r.stages() {
		st := &stage{cache: map[key]*built{}, ws: map[candKey]*mat.SymDense{}}
		var err error
		labelStream, foldStream := streamLabels, streamFolds
		if IsTransductive(props[0]) {
			st.kind = Transductive
			st.set, err = r.c.Protocol.Draw(r.c.Data, r.rng(t, streamDraw, 0))
		} else {
			st.kind = Inductive
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
			sh := share{frac: frac, labels: propagate.DrawLabeled(st.set.Labels, frac, r.rng(t, labelStream, fi))}
			if r.c.Tune != nil {
				sh.folds = Folds(sh.labels, r.c.Folds, r.rng(t, foldStream, fi))
			}
			for _, p := range props {
				if err := tr.evaluate(st, p, sh); err != nil {
					return nil, err
				}
			}
			if sweepProp != "" {
				if err := tr.sweep(st, sweepProp, sh); err != nil {
					return nil, err
				}
			}
		}
	}
	return tr.res, nil
}

// build returns the graph k of the stage, building it on first use.
func (tr *trialRun) build(st *stage, k key) *built {
	if b, ok := st.cache[k]; ok {
		return b
	}
	start := time.Now()
	g, err := tr.construct(tr.ctx, st, k)
	b := &built{g: g, err: err, secs: time.Since(start).Seconds()}
	st.cache[k] = b
	sk := statKey{st.kind, k.graph}
	bs := tr.res.builds[sk]
	if bs == nil {
		bs = &BuildStat{Stage: st.kind, Graph: k.graph}
		tr.res.builds[sk] = bs
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
	tr.report(func() {}, fmt.Sprintf("trial %d: %s %s (%.1fs)", tr.t+1, st.kind, describe(k), b.secs))
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
func (tr *trialRun) candidates(st *stage, name method.Name, nnlrs *Choice) []candidate {
	type spec struct {
		k     key
		theta float64
	}
	var specs []spec
	o := tr.c.Options
	switch {
	case tr.c.Tune == nil && name == method.LRR:
		specs = []spec{{key{method.LRR, o.LRR.Lambda, 0}, 0}}
	case tr.c.Tune == nil && thresholded(name):
		specs = []spec{{key{name, o.NNLRS.Lambda, o.NNLRS.Beta}, o.NNLRS.Theta}}
	case name == method.LRR:
		for _, l := range tr.c.Tune.LRRLambdas() {
			specs = append(specs, spec{key{method.LRR, l, 0}, 0})
		}
	case name == method.NNLRS || (thresholded(name) && nnlrs == nil):
		for _, l := range tr.c.Tune.Lambda {
			for _, b := range tr.c.Tune.Beta {
				for _, th := range tr.c.Tune.Theta {
					specs = append(specs, spec{key{name, l, b}, th})
				}
			}
		}
	case thresholded(name):
		for _, th := range tr.c.Tune.Theta {
			specs = append(specs, spec{key{name, nnlrs.Lambda, nnlrs.Beta}, th})
		}
	default:
		specs = []spec{{key{graph: name}, 0}}
	}
	var cands []candidate
	for _, s := range specs {
		b := tr.build(st, s.k)
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
func (tr *trialRun) evaluate(st *stage, p string, sh share) error {
	cls := tr.classifier(st, p)
	var nnlrs *Choice
	for _, name := range tr.c.Graphs {
		if err := tr.ctx.Err(); err != nil {
			return err
		}
		cands := tr.candidates(st, name, nnlrs)
		if len(cands) == 0 {
			continue // every build failed; counted in the build stats
		}
		best := 0
		if len(cands) > 1 {
			var cvErr float64
			var every []float64
			var err error
			best, cvErr, every, err = crossValidate(cands, sh.labels, sh.folds, cls)
			if err != nil {
				return fmt.Errorf("%s, %s, %s: cross-validation: %w", st.kind, name, p, err)
			}
			ch := Choice{Propagator: p, Labeled: sh.frac, Graph: name, Trial: tr.t,
				Lambda: cands[best].lambda, Beta: cands[best].beta, Theta: cands[best].theta, CVError: cvErr}
			tr.res.choices = append(tr.res.choices, ch)
			if name == method.NNLRS {
				nnlrs = &ch
			}
			if tr.c.Candidates {
				if err := tr.record(st, cls, ch, cands, every, best, sh.labels); err != nil {
					return fmt.Errorf("%s, %s, %s: %w", st.kind, name, p, err)
				}
			}
		}
		w := cands[best].w
		e, err := st.testError(cls, w, sh.labels)
		if err != nil {
			return fmt.Errorf("%s, %s, %s: %w", st.kind, name, p, err)
		}
		ck := cellKey{p, sh.frac, name}
		tr.res.errors[ck] = e
		m := measure(w, st.set.Labels)
		tr.res.components[ck] = m.components
		sk := statKey{st.kind, name}
		gs := tr.res.graphs[sk]
		if gs == nil {
			gs = &graphStat{}
			tr.res.graphs[sk] = gs
		}
		gs.add(m)
		if tr.t == 0 && (tr.res.example == nil || tr.res.example.Stage == st.kind) && p == st.firstProp(tr.c.Propagators) && isExampleFraction(sh.frac, tr.c.Labeled) {
			if tr.res.example == nil {
				tr.res.example = &Example{Stage: st.kind, Propagator: p, Labeled: sh.frac, Labels: st.set.Labels, W: map[method.Name]*mat.SymDense{}}
			}
			tr.res.example.W[name] = w
		}
	}
	return nil
}

// record adds every candidate of the choice ch, with its cross-validation
// error (every, NaN for a candidate that failed, which is left out) and,
// for the record only, its test error and measures, to tr.candidates.
func (tr *trialRun) record(st *stage, cls classifier, ch Choice, cands []candidate, every []float64, best int, labels []int) error {
	for i, cd := range cands {
		if math.IsNaN(every[i]) {
			continue
		}
		e, err := st.testError(cls, cd.w, labels)
		if err != nil {
			return err
		}
		m := measure(cd.w, st.set.Labels)
		c := ch
		c.Lambda, c.Beta, c.Theta, c.CVError = cd.lambda, cd.beta, cd.theta, every[i]
		tr.res.candidates = append(tr.res.candidates, Candidate{Choice: c, Chosen: i == best, Error: e.err,
			Density: m.density, WithinClass: m.within, DiagonalShare: m.diagonal, Components: m.components})
	}
	return nil
}

func (st *stage) firstProp(props []string) string {
	for _, p := range props {
		if IsTransductive(p) == (st.kind == Transductive) {
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
func (st *stage) testError(cls classifier, w *mat.SymDense, labels []int) (score, error) {
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
func (tr *trialRun) sweep(st *stage, p string, sh share) error {
	cls := tr.classifier(st, p)
	for _, b := range tr.c.SweepBetas {
		k := key{method.NNLRS, tr.c.SweepLambda, b}
		bt := tr.build(st, k)
		if bt.err != nil {
			continue
		}
		e, err := st.testError(cls, st.weights(k, tr.c.Options.NNLRS.Theta, bt), sh.labels)
		if err != nil {
			return fmt.Errorf("β sweep, β = %g: %w", b, err)
		}
		tr.res.sweep[sweepKey{b, sh.frac}] = e.err
	}
	return nil
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

// The stages, as the trial files name them.
const (
	Transductive Stage = "transductive"
	Inductive    Stage = "sda"
)
