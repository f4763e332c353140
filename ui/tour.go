package ui

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"nnlrs/core/method"
	"nnlrs/ui/params"
)

// tourQuote is a quote of the run on screen in a tour step's text
// (params.TourStep.Text): "{ghf G}", "{cross G}", "{edges G}", "{flagged}".
var tourQuote = regexp.MustCompile(`\{(ghf|cross|edges|flagged)(?: ([a-z0-9]+))?\}`)

// TourText returns the text of tour step n (1-based) with its quotes of
// the run on screen filled in from the figure m shows: GHF's settled
// error rate on a graph, the share of its weight between classes, its
// share of the possible edges, the samples NNLRS's E flags. A quote the
// figure cannot give yet (a graph not built, a step's run not shown) is
// "…", never a number from elsewhere.
func TourText(m *Model, n int) string {
	if n < 1 || n > len(params.TourSteps) {
		return ""
	}
	s := params.TourSteps[n-1]
	on := m.Run != nil && m.Run.State == Done && params.Same(m.Run.Params, s.Params, params.Draw) &&
		params.Same(m.Run.Params, s.Params, params.SolveNNLRS) && params.Same(m.Run.Params, s.Params, params.Reweigh)
	return tourQuote.ReplaceAllStringFunc(s.Text, func(q string) string {
		if !on {
			return "…"
		}
		sub := tourQuote.FindStringSubmatch(q)
		if v, ok := quote(m, sub[1], method.Name(sub[2])); ok {
			return v
		}
		return "…"
	})
}

// quote returns the figure's measure what ("ghf", "cross", "edges",
// "flagged") of graph g, in words.
func quote(m *Model, what string, g method.Name) (string, bool) {
	if what == "flagged" {
		out, _ := m.Run.Outliers()
		k := 0
		for _, o := range out {
			if o {
				k++
			}
		}
		return fmt.Sprint(k), out != nil
	}
	gr := m.Run.Graphs[g]
	if gr == nil || gr.Final == nil {
		return "", false
	}
	pct := func(v float64) (string, bool) {
		if math.IsNaN(v) {
			return "", false
		}
		return strings.TrimSuffix(fmt.Sprintf("%.1f", 100*v), ".0") + "%", true
	}
	switch what {
	case "ghf":
		if f := m.Prop.Final(g); f != nil {
			return pct(f.GHF)
		}
		return "", false
	case "cross":
		return pct(1 - gr.Final.WithinClass)
	case "edges":
		return pct(gr.Final.Density)
	}
	return "", false
}
