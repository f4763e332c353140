package ui

import (
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/propagate"
)

// Propagation runs GHF or LGC one step at a time (propagate.Iterator) on
// every finished graph of a run, for watching F(t).
type Propagation struct {
	// Method ("ghf" or "lgc") and Alpha are the propagation; Step the
	// steps taken.
	Method string
	Alpha  float64
	Step   int
	// Playing steps on its own every PlayEvery.
	Playing bool
	// Converged is set once a step changes no entry of F by more than
	// ConvergedChange, or after MaxSteps; playing stops then.
	Converged bool
	// Err says why there is nothing to propagate, "" otherwise.
	Err string

	iters   map[string]*propagate.Iterator
	results map[string]*propagate.Result
	truth   []int
	given   []int
	last    time.Time
}

// The pace and end of playing.
const (
	PlayEvery       = 100 * time.Millisecond
	ConvergedChange = 1e-4
	MaxSteps        = 2000
)

// Reset starts the propagation over at step 0 on the finished graphs of r.
func (p *Propagation) Reset(r *Run, method string, alpha float64) {
	*p = Propagation{Method: method, Alpha: alpha,
		iters: map[string]*propagate.Iterator{}, results: map[string]*propagate.Result{}}
	if r == nil || !r.Labeled() {
		p.Err = "These data have no labels to propagate."
		return
	}
	p.truth, p.given = r.Data.Labels, r.Data.Given
	for method, g := range r.Graphs {
		if g.Final == nil {
			continue
		}
		w := mat.NewSymDense(g.N, append([]float64(nil), g.Final.W...))
		var it *propagate.Iterator
		var err error
		if p.Method == "lgc" {
			it, err = propagate.NewLGCIterator(w, p.given, alpha)
		} else {
			it, err = propagate.NewGHFIterator(w, p.given)
		}
		if err != nil {
			continue
		}
		p.iters[method] = it
		p.results[method] = it.Result()
	}
}

// Ready reports whether there is something to propagate.
func (p *Propagation) Ready() bool { return len(p.iters) > 0 }

// Advance takes one step on every graph.
func (p *Propagation) Advance() {
	if !p.Ready() || p.Converged {
		return
	}
	change := 0.0
	for method, it := range p.iters {
		change = max(change, it.Step())
		p.results[method] = it.Result()
	}
	p.Step++
	if change <= ConvergedChange || p.Step >= MaxSteps {
		p.Converged = true
		p.Playing = false
	}
}

// Tick advances a playing propagation when its time has come.
func (p *Propagation) Tick(now time.Time) {
	if p.Playing && now.Sub(p.last) >= PlayEvery {
		p.last = now
		p.Advance()
	}
}

// Play starts or stops playing.
func (p *Propagation) Play(on bool) {
	p.Playing = on && p.Ready() && !p.Converged
}

// Result returns the current F(t) of the graph method, or nil.
func (p *Propagation) Result(method string) *propagate.Result { return p.results[method] }

// ErrorRate returns the share of unlabeled samples that F(t) of the graph
// method misclassifies (unreached ones count as errors), or -1 when there
// is no such graph.
func (p *Propagation) ErrorRate(method string) float64 {
	res := p.results[method]
	if res == nil {
		return -1
	}
	return propagate.ErrorRate(res.Pred, p.truth, p.given)
}
