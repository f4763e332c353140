package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"nnlrs/core/cost"
	"nnlrs/core/method"
)

// cpuRate is the units of work (package cost) this machine's solver does
// in a second of CPU time, the CPU time of all its threads counted
// (user and system, as /usr/bin/time -v reports them): NNLRS by ADMM on
// USPS digits 1-4 (d = 256),
//
//	/usr/bin/time -v nnlrs graph -in ../shared/datasets/USPS.mat -classes 1,2,3,4 -per-class N -lambda L
//
// did 1.55e9 to 2.1e9 units of n³ + n²d per CPU second at n = 500 and λ =
// 0.3 to 3, 2.5e9 to 3.2e9 at n = 1000, 3.1e9 to 4.0e9 at n = 2000 and
// 3.15e9 on the 3874 samples of the paper's pool, on free cores; the
// units of cost.PerIteration, which count the larger orders' faster
// kernels (√(500/n) of those, at least half), come to 1.6e9 a second at
// every order to within the table of docs/BENCH.md. The CPU time of a
// process grows when others share its cores (1.2e9 to 1.4e9 at n = 500
// under a load of 7). To re-measure, divide the iterations times
// cost.PerIteration by the user and system seconds (the wall time counts
// the other processes of a shared machine, and the cores).
const cpuRate = 1.6e9

// LongCommand is the estimated seconds from which a command announces
// its cost before it starts.
const LongCommand = 10

// GraphCost is the estimated cost of building a graph.
type GraphCost struct {
	Iterations int     // of the solver; 0 for the direct and per-sample methods
	Seconds    float64 // of CPU time of this machine, unloaded
	Bytes      int64   // of memory at the peak; 0 when not estimated
}

// EstimateGraph returns the estimated cost of graph m on n samples of
// dimension d (cost.Graph at cpuRate) at the paper's λ: with the NNLRS
// solver "admm" or "ladmap" and its iteration cap maxIter (0: the
// default); dim and efOuter are the reduced dimension and the
// alternations of the embedded graphs (0: the default).
func EstimateGraph(m method.Name, d, n int, solver string, maxIter, dim, efOuter int) GraphCost {
	return EstimateBuild(m, d, n, cost.Options{Solver: solver, MaxIter: maxIter, Dim: dim, EFOuter: efOuter})
}

// EstimateBuild returns the estimated time of graph m on n samples of
// dimension d built with the options o (cost.Graph at cpuRate).
func EstimateBuild(m method.Name, d, n int, o cost.Options) GraphCost {
	w := cost.Graph(m, d, n, o)
	return GraphCost{Iterations: w.Iterations, Seconds: w.Units / cpuRate}
}

// Announce prints on w, for work (what) whose cost is c, the estimate
// when it is long, in one line: what is done, for how long and in how
// much memory, and how to stop.
func Announce(w io.Writer, prefix, what string, c GraphCost) {
	if c.Seconds < LongCommand {
		return
	}
	per := ""
	if c.Iterations > 0 {
		per = fmt.Sprintf(": about %d iterations of %s", c.Iterations, cost.Rough(c.Seconds/float64(c.Iterations)))
	}
	mem := ""
	if c.Bytes > 0 {
		mem = " and " + FormatBytes(float64(c.Bytes)) + " of memory"
	}
	fmt.Fprintf(w, "%s: %s takes about %s of CPU time%s here (an estimate%s); Ctrl-C stops it\n",
		prefix, what, cost.Rough(c.Seconds), mem, per)
}

// StatusLine draws one line of progress on a terminal, rewritten in place
// at most every 200 ms; on anything else (a file, a pipe, a test's
// buffer) it draws nothing, so that logs stay clean. It is safe for
// concurrent use.
type StatusLine struct {
	W     io.Writer
	On    bool
	Start time.Time
	mu    sync.Mutex
	last  time.Time
	drawn bool
}

func NewStatusLine(w io.Writer) *StatusLine {
	return &StatusLine{W: w, On: IsTerminal(w), Start: time.Now()}
}

// Show draws the line, after the time elapsed and the time left, which
// done of total (units of work, e.g. iterations) done so far forecast;
// total 0 leaves the time left out.
func (s *StatusLine) Show(done, total int, format string, args ...any) {
	if s == nil || !s.On {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	if now.Sub(s.last) < 200*time.Millisecond {
		return
	}
	s.last, s.drawn = now, true
	elapsed := now.Sub(s.Start).Seconds()
	line := fmt.Sprintf(format, args...) + fmt.Sprintf(", %s elapsed", cost.Rough(elapsed))
	switch {
	case total > 0 && done > 0 && done < total:
		line += fmt.Sprintf(", about %s left", cost.Rough(elapsed*float64(total-done)/float64(done)))
	case total > 0 && done >= total:
		line += ", past the estimate"
	}
	fmt.Fprintf(s.W, "\r\033[K%s", line)
}

// Clear erases the line, if drawn, so that what follows starts a line.
func (s *StatusLine) Clear() {
	if s == nil || !s.On {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.drawn {
		fmt.Fprint(s.W, "\r\033[K")
		s.drawn = false
	}
}
