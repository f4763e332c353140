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

// verdictQuote is a quote of the committed runs' verdict in a tour step's
// text: "{verdict CLAIM DATASET [CLASSIFIER]}", the outcome of that
// claim's finding under the defaults, with its counts ("holds in part (3
// of 6 labeled shares)").
var verdictQuote = regexp.MustCompile(`\{verdict ([a-z0-9-]+) ([a-z0-9]+)(?: ([a-z0-9-]+))?\}`)

// TourText returns the text of tour step n (1-based) with its quotes of
// the run on screen filled in from the figure m shows: GHF's settled
// error rate on a graph, the share of its weight between classes, its
// share of the possible edges, the samples NNLRS's E flags; and its quotes
// of the committed runs' verdict from the evidence the site carries. A
// quote the figure cannot give yet (a graph not built, a step's run not
// shown, no evidence) is "…", never a number from elsewhere.
func TourText(m *Model, n int) string {
	if n < 1 || n > len(params.TourSteps) {
		return ""
	}
	s := params.TourSteps[n-1]
	on := m.Run != nil && m.Run.State == Done && params.Same(m.Run.Params, s.Params, params.Draw) &&
		params.Same(m.Run.Params, s.Params, params.SolveNNLRS) && params.Same(m.Run.Params, s.Params, params.Reweigh)
	text := verdictQuote.ReplaceAllStringFunc(s.Text, func(q string) string {
		sub := verdictQuote.FindStringSubmatch(q)
		if v, ok := verdictOutcome(m, sub[1], sub[2], sub[3]); ok {
			return v
		}
		return "…"
	})
	return tourQuote.ReplaceAllStringFunc(text, func(q string) string {
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

// verdictOutcome says the outcome of claim key on data set ds under
// classifier p (none for a claim without classifiers) in the committed
// runs under the defaults, with its counts.
func verdictOutcome(m *Model, key, ds, p string) (string, bool) {
	if m.Evidence == nil {
		return "", false
	}
	c := m.Evidence.Verdict.Claim(key)
	if c == nil {
		return "", false
	}
	for _, f := range c.Findings {
		if f.Dataset == ds && f.Classifier == p && f.Reading == "" {
			return fmt.Sprintf("%s (%d of %d %s)", outcomeWords[f.Outcome], f.Won, f.Of, c.Unit), true
		}
	}
	return "", false
}
