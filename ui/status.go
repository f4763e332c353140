package ui

import (
	"fmt"
	"math"
	"strings"
	"time"

	"nnlrs/ui/params"
)

// Status returns the line the page shows beside its progress bar, and the
// progress of the run in [0, 1]. The progress of an iterative solver is
// estimated from its residual, from 1 down to its tolerance 1e-6.
func (m *Model) Status(now time.Time) (string, float64) {
	r := m.Run
	if r == nil {
		return "Press Run to build the graphs.", 0
	}
	switch r.State {
	case Cancelled:
		return fmt.Sprintf("Cancelled after %.1f s.", r.Finished.Sub(r.Started).Seconds()), 0
	case Failed:
		return "Stopped: " + r.Err, 0
	case Done:
		var parts []string
		for _, method := range jobOrder {
			g := r.Graphs[method]
			name := params.GraphNames[method]
			switch {
			case g.Err != "":
				parts = append(parts, fmt.Sprintf("%s failed", name))
			case g.Final.Iterations > 0 && (method == "nnlrs" || method == "lrr"):
				parts = append(parts, fmt.Sprintf("%s %d iterations, %.1f s", name, g.Final.Iterations, g.Final.Elapsed))
			default:
				parts = append(parts, fmt.Sprintf("%s %.1f s", name, g.Final.Elapsed))
			}
		}
		return fmt.Sprintf("Done in %.1f s: %s.", r.Finished.Sub(r.Started).Seconds(), strings.Join(parts, "; ")), 1
	}
	var parts []string
	total := 0.0
	for _, method := range jobOrder {
		g := r.Graphs[method]
		name := params.GraphNames[method]
		switch {
		case g.Finished():
			total++
		case len(g.Iters) > 0:
			it := g.Iters[len(g.Iters)-1]
			parts = append(parts, fmt.Sprintf("%s iteration %d, residual %.1e", name, it.Iter, it.Residual))
			if it.Residual > 0 {
				total += math.Min(1, math.Max(0, math.Log10(it.Residual)/-6))
			}
		case g.Total > 0:
			parts = append(parts, fmt.Sprintf("%s %d of %d samples", name, g.Done, g.Total))
			total += float64(g.Done) / float64(g.Total)
		default:
			parts = append(parts, name+" waiting")
		}
	}
	return fmt.Sprintf("Running, %.1f s: %s.", now.Sub(r.Started).Seconds(), strings.Join(parts, "; ")), total / float64(len(jobOrder))
}
