package ui

import (
	"math"

	"nnlrs/core/cost"
	"nnlrs/core/demo"
	"nnlrs/core/method"
)

// The page's speed before it has timed a run of its size: the seconds a
// graph takes on one of the page's workers in headless Chromium on a
// 2-core machine, beside the other worker and the page's drawing, as
// fitted on the page's own runs of 100 to 400 samples (docs/BENCH.md,
// "The page's estimate at the run's λ"):
//
//	NNLRS, LRR:  iterations × iterSecs·(n/100)^iterPower (× lrrShare for LRR)
//	l1:          l1Secs·(n/100)^l1PowerN·(d/100)^l1PowerD
//	the others:  knnSecs + n²d / knnRate
//
// An iteration's seconds grow as n^1.66 on these sizes, not as the n³ of
// its units (cost.PerIteration): at 100 samples most of an iteration is
// the workers' and the page's overheads. The dimension hardly matters to
// it (the solver works on the data's thin QR factor, at most n × n).
const (
	iterSecs  = 0.0371
	iterPower = 1.66
	lrrShare  = 0.6
	l1Secs    = 0.96
	l1PowerN  = 1.52
	l1PowerD  = 0.54
	knnSecs   = 0.5
	knnRate   = 8e7
)

// LongRun is the expected seconds from which the page says how long a run
// will take.
const LongRun = 10

// options returns the settings of run r that its graphs' cost depends on:
// NNLRS's λ (the page's solver is the default ADMM, uncapped).
func options(r *Run) cost.Options {
	return cost.Options{Lambda: r.Params.Lambda}
}

// seconds returns the seconds graph gm of n samples of dimension d built
// with o is expected to take on one of the page's workers at the speed
// fitted on the page (the constants above).
func seconds(gm method.Name, d, n int, o cost.Options) float64 {
	nf, df := float64(n), float64(d)
	iter := iterSecs * math.Pow(nf/100, iterPower)
	switch gm {
	case method.NNLRS, method.PCANNLRS, method.NNLRSEF:
		return float64(cost.Graph(gm, d, n, o).Iterations) * iter
	case method.LRR:
		return float64(cost.Graph(gm, d, n, o).Iterations) * iter * lrrShare
	case method.L1, method.SPG:
		l1 := l1Secs * math.Pow(nf/100, l1PowerN) * math.Pow(df/100, l1PowerD)
		return l1 * cost.Graph(gm, d, n, o).Units / cost.Graph(method.L1, d, n, o).Units
	}
	return knnSecs + nf*nf*df/knnRate
}

// Expected returns the seconds run r is expected to take on this device,
// and whether there is an estimate: once the worker has sent its data,
// while the model knows each graph's seconds (graphSeconds). The graphs go in demo.Order to whichever of the Workers workers is free
// first, as the page's pool gives them out, and the run takes until the
// last is done; a graph takes the seconds graphSeconds gives it.
func (m *Model) Expected(r *Run) (float64, bool) {
	secs, _, ok := m.expected(r)
	return secs, ok
}

// expected is Expected, and whether a running graph's own pace is part of
// the estimate (graphSeconds), not only the fitted speed.
func (m *Model) expected(r *Run) (secs float64, paced, ok bool) {
	if r == nil || r.Data == nil {
		return 0, false, false
	}
	free := make([]float64, max(1, m.Workers)) // when each worker is free
	for _, gm := range demo.Order {
		g, ok := r.Graphs[gm]
		if !ok {
			continue
		}
		k := 0
		for i := range free {
			if free[i] < free[k] {
				k = i
			}
		}
		s, p, known := m.graphSeconds(r, gm, g)
		if !known {
			return 0, false, false
		}
		free[k] += s
		paced = paced || p
	}
	for _, f := range free {
		secs = max(secs, f)
	}
	return secs, paced, true
}

// A running solve's pace is its seconds per iteration since its first
// report of paceFrom iterations or more (the first iterations share the
// device with the page's loading), once paceIters iterations and
// minPaced seconds lie between; a per-sample solve's pace counts from a
// tenth of its samples and minPaced seconds on.
const paceFrom, paceIters, minPaced = 5, 5, 2

// outrun is how far past its expected iterations a solve may run before
// the model has nothing more to say of it: the counts it was fitted on lie
// within 0.79 to 1.26 times its own (cost.ADMMIterations).
const outrun = 1.3

// graphSeconds returns the seconds graph g (gm) of run r takes, whether
// they come from a running graph's own pace, and whether the model knows
// them at all: not for an NNLRS solve at a gap other than its solver's
// default (the link's gap; the counts were fitted at the default), nor for
// one that ran past outrun times its expected iterations. While r runs: a
// finished graph's own seconds; for an NNLRS or LRR solve under way, its
// seconds so far and its pace (paceFrom) over the iterations it is
// expected to have left (cost.Graph at the run's λ; at least 5); for l1
// under way,
// its seconds per sample so far times its samples. Otherwise, and before
// then, the fitted seconds (seconds), divided by the speed the page
// measured on this graph in a run of about the same size (samples within
// a quarter, the same dimension) if it did.
func (m *Model) graphSeconds(r *Run, gm method.Name, g *Graph) (secs float64, paced, known bool) {
	n, d := r.Data.N, r.Data.D
	o := options(r)
	if r.State == Running && g.Final != nil {
		return g.Final.Elapsed, false, true
	}
	nnlrs := gm == method.NNLRS || gm == method.PCANNLRS || gm == method.NNLRSEF
	if nnlrs && r.Params.Gap != 0 {
		return 0, false, false
	}
	if r.State == Running {
		switch {
		case len(g.Iters) > 0 && g.from.iter > 0:
			done := g.Iters[len(g.Iters)-1].Iter
			its, secs := done-g.from.iter, g.Elapsed-g.from.elapsed
			expected := cost.Graph(gm, d, n, o).Iterations
			if nnlrs && float64(done) > outrun*float64(expected) {
				return 0, false, false
			}
			if its >= paceIters && secs >= minPaced {
				total := max(expected, done+5)
				return g.Elapsed + float64(total-done)*secs/float64(its), true, true
			}
		case g.Total > 0 && 10*g.Done >= g.Total && g.Elapsed >= minPaced:
			return g.Elapsed * float64(g.Total) / float64(g.Done), true, true
		}
	}
	s := seconds(gm, d, n, o)
	if sp := m.rate.speed[gm]; sp > 0 && d == m.rate.d && 4*abs(n-m.rate.n) <= n {
		s /= sp
	}
	return s, false, true
}

// deviceRate is the speed the page measured on each graph of a run of n
// samples of dimension d, against the speed the constants above assume.
type deviceRate struct {
	speed map[method.Name]float64 // fitted seconds over measured seconds
	n, d  int
}

// measure sets the device's speed from the finished run r: for each graph
// of a second or more (shorter ones time mostly the workers' overheads),
// the seconds the model gives it over the seconds its worker took. The
// model's errors on this kind of data (the solvers' iterations, the
// kernels' speed) are thus part of the speed, which is why it serves only
// runs of about the same size. A run without such a graph leaves the
// speed as it was.
func (m *Model) measure(r *Run) {
	if r.Data == nil {
		return
	}
	o := options(r)
	speed := map[method.Name]float64{}
	for gm, g := range r.Graphs {
		if g.Final == nil || g.Final.Elapsed < 1 {
			continue
		}
		speed[gm] = seconds(gm, r.Data.D, r.Data.N, o) / g.Final.Elapsed
	}
	if len(speed) > 0 {
		m.rate = deviceRate{speed, r.Data.N, r.Data.D}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
