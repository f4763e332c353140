package ui

import (
	"errors"
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
)

// Propagation runs GHF or LGC one step at a time (propagate.Iterator) on
// every finished graph of a run, for watching F(t), beside the closed
// forms that F(t) tends to (the error rates the Outcome shows).
type Propagation struct {
	// Method ("ghf" or "lgc") and Alpha are the propagation; Step the
	// steps taken.
	Method string
	Alpha  float64
	Step   int
	// Playing steps on its own every PlayEvery.
	Playing bool
	// Converged is set once every graph's predictions are those of its
	// closed form (the Outcome's), or after MaxSteps; playing stops then.
	Converged bool
	// Err says why there is nothing to propagate, "" otherwise.
	Err string
	// Curve is the error of every graph against the labeled share, nil
	// when there is nothing to propagate.
	Curve *LabeledCurve

	run     *Run // the run propagated over
	iters   map[method.Name]*propagate.Iterator
	history map[method.Name][]float64 // ErrorRate at steps 0..Step
	results map[method.Name]*propagate.Result
	final   map[method.Name]*Final
	weights map[method.Name]*mat.SymDense
	truth   []int
	given   []int
	last    time.Time
	// carried are the closed forms of the run before, while a run
	// computes (Clear).
	carried closedForms
}

// closedForms are the closed forms of some graphs, by their finished
// result, for one propagation and one labeled set.
type closedForms struct {
	method       string
	alpha        float64
	given, truth []int
	of           map[*demo.Result]closedForm
	curve        *LabeledCurve
}

type closedForm struct {
	w     *mat.SymDense
	final *Final
}

// kept returns the closed forms p has: those of its run, or those it
// carries while a run computes.
func (p *Propagation) kept() closedForms {
	if p.run == nil {
		return p.carried
	}
	c := closedForms{method: p.Method, alpha: p.Alpha, given: p.given, truth: p.truth, of: map[*demo.Result]closedForm{}, curve: p.Curve}
	for name, f := range p.final {
		if g := p.run.Graphs[name]; g != nil && g.Final != nil {
			c.of[g.Final] = closedForm{p.weights[name], f}
		}
	}
	return c
}

// Clear empties p while a run computes. It keeps the closed forms of the
// graphs, which Reset reuses for those the new run carries over (a slider
// step solves NNLRS alone).
func (p *Propagation) Clear() { *p = Propagation{carried: p.kept()} }

// Final is the outcome of GHF and LGC in closed form on one graph.
type Final struct {
	// GHF and LGC are the error rates on the unlabeled samples, NaN when
	// the method could not be applied; GHFWhy and LGCWhy then say why.
	// An unlabeled sample that no label reaches counts as an error.
	GHF, LGC       float64
	GHFWhy, LGCWhy string
	// Unreached counts the unlabeled samples in pieces of the graph that
	// no labeled sample reaches; GHFReached and LGCReached are the error
	// rates among the others (NaN when there are none).
	Unreached              int
	GHFReached, LGCReached float64
	// LGCPaper is LGC's error rate at the paper's α (PaperAlpha: its μ =
	// 0.99 read literally), when it is far from GHF's at another α
	// (FarApart); NaN otherwise.
	LGCPaper float64
	// Pred are the predictions of the propagation watched.
	Pred []int
}

// FarApart is how far apart, in error rate, GHF's and LGC's closed forms
// on one graph must be for the Outcome to say why.
const FarApart = 0.2

// The pace and end of playing: a step every PlayEvery, or, while no
// prediction changes (the colours only firm up), as many steps as
// SkipBudget allows, so that every step shown moves a label.
const (
	PlayEvery  = 400 * time.Millisecond
	SkipBudget = 30 * time.Millisecond
	MaxSteps   = 5000
)

// Reset starts the propagation over at step 0 on the finished graphs of r,
// and computes the closed forms it tends to, or keeps those it had for a
// graph's same result with the same labels and propagation.
func (p *Propagation) Reset(r *Run, propagator string, alpha float64) {
	// The labeled curve holds both GHF and LGC: another propagator on the
	// same run keeps it.
	run, old := p.run, p.kept()
	curve := old.curve // p.Curve, or the one carried over a run
	*p = Propagation{run: r, Method: propagator, Alpha: alpha, final: map[method.Name]*Final{}, weights: map[method.Name]*mat.SymDense{}}
	if r == nil || !r.Labeled() {
		p.Err = "These data have no labels to propagate."
		return
	}
	p.truth, p.given = r.Data.Labels, r.Data.Given
	same := old.method == propagator && old.alpha == alpha && slices.Equal(old.given, p.given) && slices.Equal(old.truth, p.truth)
	for name, g := range r.Graphs {
		if g.Final == nil {
			continue
		}
		if c, ok := old.of[g.Final]; same && ok {
			p.weights[name], p.final[name] = c.w, c.final
			continue
		}
		w := mat.NewSymDense(g.N, append([]float64(nil), g.Final.W...))
		p.weights[name] = w
		p.final[name] = closeForms(w, p.given, p.truth, p.Method, alpha)
	}
	if p.Curve = curve; run != r || curve == nil || curve.alpha != alpha {
		p.Curve = newLabeledCurve(p.weights, p.truth, r.Params.LabelsSeed(), alpha)
		p.Curve.keep(curve)
	}
	p.Rewind()
}

// Rewind goes back to step 0, paused, keeping the closed forms.
func (p *Propagation) Rewind() {
	p.Step, p.Playing, p.Converged = 0, false, false
	p.iters, p.results = map[method.Name]*propagate.Iterator{}, map[method.Name]*propagate.Result{}
	p.history = map[method.Name][]float64{}
	for name, w := range p.weights {
		var it *propagate.Iterator
		var err error
		if p.Method == "lgc" {
			it, err = propagate.NewLGCIterator(w, p.given, p.Alpha)
		} else {
			it, err = propagate.NewGHFIterator(w, p.given)
		}
		if err != nil {
			continue
		}
		p.iters[name] = it
		p.results[name] = it.Result()
		p.history[name] = []float64{p.ErrorRate(name)}
	}
}

// closeForms returns the outcome of GHF and LGC with α in closed form on
// the graph w, the labels given (against truth), with the predictions of
// the propagation watched (method).
func closeForms(w *mat.SymDense, given, truth []int, method string, alpha float64) *Final {
	f := &Final{LGCPaper: math.NaN()}
	var res [2]*propagate.Result
	var err [2]error
	f.GHF, res[0], err[0] = errorRate(w, given, truth, "ghf", alpha)
	f.LGC, res[1], err[1] = errorRate(w, given, truth, "lgc", alpha)
	f.GHFWhy, f.LGCWhy = why(err[0]), why(err[1])
	f.GHFReached, f.LGCReached = math.NaN(), math.NaN()
	for k, r := range res {
		if r == nil {
			continue
		}
		if method == params.Propagators[k] {
			f.Pred = r.Pred
		}
		var e float64
		f.Unreached, e = reachedError(r, given, truth)
		if k == 0 {
			f.GHFReached = e
		} else {
			f.LGCReached = e
		}
	}
	if math.Abs(f.GHF-f.LGC) > FarApart && alpha != propagate.PaperAlpha {
		f.LGCPaper, _, _ = errorRate(w, given, truth, "lgc", propagate.PaperAlpha)
	}
	return f
}

// reachedError returns how many unlabeled samples no label reaches in the
// propagation r, and the error rate among the unlabeled samples reached
// (NaN when none are).
func reachedError(r *propagate.Result, given, truth []int) (int, float64) {
	unreached, reached, wrong := 0, 0, 0
	for i, l := range given {
		switch {
		case l != propagate.Unlabeled:
		case r.Unreached[i]:
			unreached++
		default:
			reached++
			if r.Pred[i] != truth[i] {
				wrong++
			}
		}
	}
	if reached == 0 {
		return unreached, math.NaN()
	}
	return unreached, float64(wrong) / float64(reached)
}

// errorRate returns the share of the unlabeled samples (given holds
// propagate.Unlabeled for them) that the labels given, spread over the
// graph w in closed form by GHF (method "ghf") or by LGC with α ("lgc"),
// misclassify against truth, and the propagation; NaN and why when the
// method fails on the graph.
func errorRate(w *mat.SymDense, given, truth []int, method string, alpha float64) (float64, *propagate.Result, error) {
	var res *propagate.Result
	var err error
	if method == "lgc" {
		res, err = propagate.LGC(w, given, alpha)
	} else {
		res, err = propagate.GHF(w, given)
	}
	if err != nil {
		return math.NaN(), nil, err
	}
	return propagate.ErrorRate(res.Pred, truth, given), res, nil
}

// why turns a propagation's error into words for the page, "" for none.
func why(err error) string {
	if err == nil {
		return ""
	}
	if errors.Is(err, propagate.ErrSingular) {
		return "its linear system is singular to working precision (weights too uneven)"
	}
	if e := (*propagate.Error)(nil); errors.As(err, &e) {
		return e.Reason
	}
	return err.Error()
}

// Ready reports whether there is something to propagate.
func (p *Propagation) Ready() bool { return len(p.iters) > 0 }

// Final returns the closed-form outcome on the graph name, or nil.
func (p *Propagation) Final(name method.Name) *Final { return p.final[name] }

// Advance takes one step on every graph. It reports whether a prediction
// changed.
func (p *Propagation) Advance() bool {
	if !p.Ready() || p.Converged {
		return false
	}
	changed := false
	for name, it := range p.iters {
		before := p.results[name].Pred
		it.Step()
		p.results[name] = it.Result()
		p.history[name] = append(p.history[name], p.ErrorRate(name))
		changed = changed || !slices.Equal(before, p.results[name].Pred)
	}
	p.Step++
	if p.settled() || p.Step >= MaxSteps {
		p.Converged = true
		p.Playing = false
	}
	return changed
}

// settled reports whether every graph predicts what its closed form does.
func (p *Propagation) settled() bool {
	for name, res := range p.results {
		if f := p.final[name]; f != nil && f.Pred != nil && !slices.Equal(f.Pred, res.Pred) {
			return false
		}
	}
	return true
}

// CurveBudget is the time a frame gives to the labeled curve.
const CurveBudget = 8 * time.Millisecond

// Tick computes a little of the labeled curve, and advances a playing
// propagation when its time has come: one step, and more while they
// change no prediction and SkipBudget lasts.
func (p *Propagation) Tick(now time.Time) {
	if !p.Curve.Finished() {
		p.Curve.Step(CurveBudget)
	}
	if !p.Playing || now.Sub(p.last) < PlayEvery {
		return
	}
	p.last = now
	start := time.Now()
	for !p.Advance() && p.Playing && time.Since(start) < SkipBudget {
	}
}

// Play starts or stops playing.
func (p *Propagation) Play(on bool) {
	p.Playing = on && p.Ready() && !p.Converged
}

// Result returns the current F(t) of the graph name, or nil.
func (p *Propagation) Result(name method.Name) *propagate.Result { return p.results[name] }

// History returns the error rate (ErrorRate) of F(t) on the graph name at
// every step so far, 0 to Step; nil when there is no such graph.
func (p *Propagation) History(name method.Name) []float64 { return p.history[name] }

// ErrorRate returns the share of unlabeled samples that F(t) of the graph
// name misclassifies (unreached ones count as errors), or -1 when there
// is no such graph.
func (p *Propagation) ErrorRate(name method.Name) float64 {
	res := p.results[name]
	if res == nil {
		return -1
	}
	return propagate.ErrorRate(res.Pred, p.truth, p.given)
}
