package ui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"nnlrs/core/cost"
	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
)

// Status returns the line the page shows beside its progress bar, and the
// progress of the run in [0, 1]. The progress of an iterative solver is
// estimated by iterProgress.
func (m *Model) Status(now time.Time) (string, float64) {
	r := m.Latest()
	if r == nil {
		return "Press Run to build the graphs.", 0
	}
	kept := ""
	if m.Ended != nil {
		kept = " The views still show the previous figure."
	}
	switch r.State {
	case Cancelled:
		return fmt.Sprintf("Cancelled after %.1f s.%s", r.Finished.Sub(r.Started).Seconds(), kept), 0
	case Failed:
		return fmt.Sprintf("Stopped after %.1f s.%s", r.Finished.Sub(r.Started).Seconds(), kept), 0
	case Done:
		whole := r.Finished.Sub(r.Started).Seconds()
		var parts []string
		for _, gm := range demo.Order {
			g := r.Graphs[gm]
			name := params.GraphNames[gm]
			took := fmt.Sprintf("%.1f s", g.Elapsed)
			if early := g.Elapsed - whole; g.Err == "" && early >= 0.05 {
				// A solve the first worker began from the link while the
				// page loaded (wasm/solver's head start): more than the
				// whole, which counts from when the page asked.
				took = fmt.Sprintf("%.1f s, %.1f s of it before the page asked (begun from the link while the page loaded)", g.Elapsed, early)
			} else if early > 0 {
				// A head start under the shown precision: the part is
				// shown as the whole, so that its rounding (2.76 s as
				// 2.8 s) does not exceed the whole's (2.74 s as 2.7 s).
				took = fmt.Sprintf("%.1f s", whole)
			}
			switch {
			case g.Err != "":
				parts = append(parts, fmt.Sprintf("%s failed", name))
			case g.Final.Iterations > 0 && (gm == method.NNLRS || gm == method.LRR):
				parts = append(parts, fmt.Sprintf("%s %d iterations, %s", name, g.Final.Iterations, took))
			default:
				parts = append(parts, fmt.Sprintf("%s %s", name, took))
			}
		}
		line := fmt.Sprintf("Done in %.1f s: %s.", whole, strings.Join(parts, "; "))
		line += kernelWords[m.Kernels]
		if ready, ok := m.ReadyAfter(r); ok {
			line += fmt.Sprintf(" Ready %.1f s after opening the page.", ready.Seconds())
		}
		return line, 1
	}
	var parts []string
	total := 0.0
	for _, gm := range demo.Order {
		g := r.Graphs[gm]
		name := params.GraphNames[gm]
		switch {
		case g.Finished():
			total++
		case len(g.Iters) > 0:
			it := g.Iters[len(g.Iters)-1]
			parts = append(parts, fmt.Sprintf("%s iteration %d, residual %.1e", name, it.Iter, it.Residual))
			total += iterProgress(g.Iters)
		case g.Total > 0:
			parts = append(parts, fmt.Sprintf("%s %d of %d samples", name, g.Done, g.Total))
			total += float64(g.Done) / float64(g.Total)
		default:
			parts = append(parts, name+" waiting")
		}
	}
	took := fmt.Sprintf("%.1f s", now.Sub(r.Started).Seconds())
	if exp, paced, ok := m.expected(r); ok && exp >= LongRun {
		took += " of about " + cost.Rough(exp) + " on this device"
		if paced {
			took += " at the pace so far"
		} else {
			took += ", a first guess from its size and λ"
		}
	}
	return fmt.Sprintf("Running, %s: %s.", took, strings.Join(parts, "; ")), total / float64(len(demo.Order))
}

// ReadyAfter returns how long after the page opened (Opened) the run r
// finished, when r is the first run the page started (the figure its link
// opens on) and Opened is known.
func (m *Model) ReadyAfter(r *Run) (time.Duration, bool) {
	if r == nil || r != m.first || r.State != Done || m.Opened.IsZero() {
		return 0, false
	}
	return r.Finished.Sub(m.Opened), true
}

// iterProgress estimates how far an iterative solver is from stopping, in
// [0, 1), from its stopping measure Stop (the solver stops once Stop ≤ 1):
// the way log Stop has come from its first finite value s₀ down to 0,
//
//	log(s₀/Stop) / log s₀.
//
// Before the first finite Stop (ADMM bounds its gap every few
// iterations), or for a solver that reports none, it falls back on the
// residual, from 1 down to 1e-6.
func iterProgress(iters []demo.Iter) float64 {
	const almost = 0.99 // until the final graph arrives
	last := iters[len(iters)-1]
	for _, it := range iters {
		if s0 := it.Stop; s0 > 1 && !math.IsInf(s0, 1) {
			if !(last.Stop > 1) { // met (or an estimate below the bound): about to stop
				return almost
			}
			return math.Min(almost, math.Max(0, math.Log(s0/last.Stop)/math.Log(s0)))
		}
	}
	if last.Residual > 0 {
		return math.Min(almost, math.Max(0, math.Log10(last.Residual)/-6))
	}
	return 0
}

// Building says which graphs of the run in progress are not built yet,
// as the views say it in place of what needs them ("building the l1 and
// LRR graphs…"); "" when no run is in progress or every graph is built.
func (m *Model) Building() string {
	r := m.Run
	if r == nil || r.State != Running {
		return ""
	}
	var names []string
	for _, gm := range params.Graphs {
		if g := r.Graphs[gm]; g != nil && !g.Finished() {
			names = append(names, params.GraphNames[gm])
		}
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return "building the " + names[0] + " graph…"
	}
	return "building the " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " graphs…"
}

// kernelWords say which matrix kernels the solves ran (Model.Kernels).
var kernelWords = map[string]string{
	"simd128": " Solved with WebAssembly SIMD128 kernels.",
	"go":      " Solved in pure Go (this browser refused WebAssembly SIMD).",
}
