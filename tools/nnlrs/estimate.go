package main

import (
	"fmt"
	"io"
	"math"
	"sync"
	"time"

	"nnlrs/core/method"
)

// The cost model behind the estimate a long command prints before it
// starts. An iteration of the NNLRS and LRR solvers costs about
//
//	n³ + n²·min(d, n)
//
// units of work on n samples of dimension d (the eigen-decomposition of
// an n×n Gram matrix for the singular value thresholding, and products
// with the data); the l1 and SPG graphs cost a multiple of n²d (a lasso
// per sample over the n − 1 others), kNN and LLE about n²d (the
// distances). ADMM needs about 8·n^0.57 iterations on the paper's data
// (110, 160, 215, 360 at n = 100 to 800, docs/BENCH.md), LADMAP about 30
// times as many, LRR about 300 (259-364 measured at n = 100 and 400).
//
// cpuRate is the units one core of this machine does in a second,
// measured on USPS digits 1-4, 100 per class (n = 400, d = 256), under
// the CPU time (user) of
//
//	/usr/bin/time go run ./tools/nnlrs graph -in ../shared/datasets/USPS.mat -classes 1,2,3,4 -per-class 100
//
// NNLRS: 160 iterations in 12.8 s, 1.3e9 units/s; LRR: 259 in 15.5 s,
// 1.8e9; l1: 1.1 s, 35 n²d at 1.3e9. To re-measure, run the same and
// divide the units by the CPU seconds (wall time counts the other
// processes of a shared machine).
const cpuRate = 1.3e9

// longCommand is the estimated seconds from which a command announces
// its cost before it starts.
const longCommand = 10

// graphCost is the estimated cost of building a graph.
type graphCost struct {
	iterations int     // of the solver; 0 for the direct and per-sample methods
	seconds    float64 // of one core of this machine, unloaded
}

// estimateGraph returns the estimated cost of graph m on n samples of
// dimension d: with the NNLRS solver "admm" or "ladmap" and its iteration
// cap maxIter (0: the default); dim and efOuter are the reduced
// dimension and the alternations of the embedded graphs (0: the default).
func estimateGraph(m method.Name, d, n int, solver string, maxIter, dim, efOuter int) graphCost {
	nf, df := float64(n), float64(min(d, n))
	capped := func(iters float64, defaultCap int) int {
		c := defaultCap
		if maxIter > 0 {
			c = maxIter
		}
		return min(c, int(math.Ceil(iters)))
	}
	perIter := (nf*nf*nf + nf*nf*df) / cpuRate
	switch m {
	case method.NNLRS:
		it := capped(8*math.Pow(nf, 0.57), 5000)
		if solver == "ladmap" {
			it = capped(30*8*math.Pow(nf, 0.57), 20000)
		}
		return graphCost{it, float64(it) * perIter}
	case method.LRR:
		it := capped(300, 10000)
		return graphCost{it, float64(it) * perIter}
	case method.PCANNLRS, method.NNLRSEF:
		c := estimateGraph(method.NNLRS, min(d, max(dim, 1)), n, solver, maxIter, 0, 0)
		if m == method.NNLRSEF {
			outer := 5 // embed.Settings.MaxOuter's default
			if efOuter > 0 {
				outer = efOuter
			}
			c.iterations *= outer
			c.seconds *= float64(outer)
		}
		return c
	case method.L1:
		return graphCost{0, 35 * nf * nf * float64(d) / cpuRate}
	case method.SPG:
		return graphCost{0, 5 * nf * nf * float64(d) / cpuRate}
	}
	return graphCost{0, nf * nf * float64(d) / cpuRate}
}

// announce prints on w, for work (what) whose cost is c, the estimate
// when it is long, in one line: what is done, for how long, and how to
// stop.
func announce(w io.Writer, prefix, what string, c graphCost) {
	if c.seconds < longCommand {
		return
	}
	per := ""
	if c.iterations > 0 {
		per = fmt.Sprintf(": about %d iterations of %s", c.iterations, roughDuration(c.seconds/float64(c.iterations)))
	}
	fmt.Fprintf(w, "%s: %s takes about %s of a core here (an estimate%s); Ctrl-C stops it\n",
		prefix, what, roughDuration(c.seconds), per)
}

// roughDuration writes secs to two significant digits in the unit that
// suits it.
func roughDuration(secs float64) string {
	switch {
	case secs < 1:
		return fmt.Sprintf("%.2g s", secs)
	case secs < 90:
		return fmt.Sprintf("%.0f s", secs)
	case secs < 90*60:
		return fmt.Sprintf("%.0f min", secs/60)
	case secs < 48*3600:
		return fmt.Sprintf("%.2g h", secs/3600)
	}
	return fmt.Sprintf("%.0f days", secs/86400)
}

// statusLine draws one line of progress on a terminal, rewritten in place
// at most every 200 ms; on anything else (a file, a pipe, a test's
// buffer) it draws nothing, so that logs stay clean. It is safe for
// concurrent use.
type statusLine struct {
	w     io.Writer
	on    bool
	start time.Time
	mu    sync.Mutex
	last  time.Time
	drawn bool
}

func newStatusLine(w io.Writer) *statusLine {
	return &statusLine{w: w, on: isTerminal(w), start: time.Now()}
}

// show draws the line, after the time elapsed and the time left, which
// done of total (units of work, e.g. iterations) done so far forecast;
// total 0 leaves the time left out.
func (s *statusLine) show(done, total int, format string, args ...any) {
	if s == nil || !s.on {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	if now.Sub(s.last) < 200*time.Millisecond {
		return
	}
	s.last, s.drawn = now, true
	elapsed := now.Sub(s.start).Seconds()
	line := fmt.Sprintf(format, args...) + fmt.Sprintf(", %s elapsed", roughDuration(elapsed))
	switch {
	case total > 0 && done > 0 && done < total:
		line += fmt.Sprintf(", about %s left", roughDuration(elapsed*float64(total-done)/float64(done)))
	case total > 0 && done >= total:
		line += ", past the estimate"
	}
	fmt.Fprintf(s.w, "\r\033[K%s", line)
}

// clear erases the line, if drawn, so that what follows starts a line.
func (s *statusLine) clear() {
	if s == nil || !s.on {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.drawn {
		fmt.Fprint(s.w, "\r\033[K")
		s.drawn = false
	}
}
