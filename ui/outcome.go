package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"nnlrs/core/diagnose"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
)

// lessonGap is how much lower, in error rate, a graph's propagation must
// have been at an earlier step than once settled for the Outcome to say
// so: a lesson (more steps smooth the labels too far on a dense graph),
// not a wobble.
const lessonGap = 0.05

// Moving reports whether the propagation of graph name has not settled:
// its predictions at the step shown are not yet those of its closed form.
func (p *Propagation) Moving(name method.Name) bool {
	res, f := p.results[name], p.final[name]
	return res != nil && f != nil && f.Pred != nil && !slices.Equal(res.Pred, f.Pred)
}

// Steps returns the Outcome's words on the propagation watched step by
// step, beside its table of settled rates (the closed forms): once all
// settled, that every graph predicts as the table says; before, the rate of
// every graph at the step shown, each graph still moving marked; and, where a graph erred clearly less at an earlier step
// than once settled, that lesson in one line. Nil before the propagation.
func (m *Model) Steps() []string {
	pr := &m.Prop
	if !pr.Ready() {
		return nil
	}
	name := strings.ToUpper(pr.Method)
	var rates []string
	moving := false
	for _, gm := range params.Graphs {
		e := pr.ErrorRate(gm)
		if e < 0 {
			continue
		}
		s := fmt.Sprintf("%s %.0f%%", params.GraphNames[gm], 100*e)
		if pr.Moving(gm) {
			s += "*"
			moving = true
		}
		rates = append(rates, s)
	}
	var out []string
	switch {
	case pr.Converged:
		// The rates are the table's: said once, there.
		out = append(out, fmt.Sprintf("%s step by step: at step %d every graph predicts as its closed form above.", name, pr.Step))
	case moving:
		out = append(out, fmt.Sprintf("%s step by step, at step %d: %s (* still moving; the table gives the rates once settled).", name, pr.Step, strings.Join(rates, ", ")))
	default:
		out = append(out, fmt.Sprintf("%s step by step, at step %d: %s.", name, pr.Step, strings.Join(rates, ", ")))
	}
	// The lesson: the graph whose earlier steps beat its settled rate most.
	best, gap, at, low := method.Name(""), lessonGap, 0, 0.0
	for _, gm := range params.Graphs {
		f := pr.Final(gm)
		if f == nil {
			continue
		}
		end := settled(f, pr.Method)
		for k, e := range pr.History(gm) {
			if d := end - e; d > gap && !math.IsNaN(end) {
				best, gap, at, low = gm, d, k, e
			}
		}
	}
	if best != "" {
		g := params.GraphNames[best]
		out = append(out, fmt.Sprintf("%s erred %.0f%% at step %d but %.1f%% once settled: on %s's graph the labels, spread further, "+
			"reach into other classes; more steps are not better.", g, 100*low, at, 100*settled(pr.Final(best), pr.Method), g))
	}
	return out
}

// settled returns the closed form's error rate of the propagation method
// ("ghf" or "lgc") in f.
func settled(f *Final, method string) float64 {
	if method == "lgc" {
		return f.LGC
	}
	return f.GHF
}

// Caveat is one of the Outcome's words on what its settled rates hide:
// in full, and in one short sentence for a view with no room for the full
// one (the short form still names why the rates read as they do).
type Caveat struct{ Long, Short string }

// Caveats returns the Outcome's words on what its settled rates hide, the
// first the one a short view keeps longest: where GHF and LGC are far
// apart on graphs (FarApart; two rates of one row that read as
// contradicting), one paragraph for them all with LGC at the paper's α
// beside the α set; and the unlabeled samples in pieces of a graph that
// no label reaches (counted as errors), with the error among those
// reached; and the graphs whose weight sits mostly on W's diagonal,
// which the "within" share leaves out. Nil when there is nothing to say.
func (m *Model) Caveats() []Caveat {
	pr := &m.Prop
	var counts, rates, far, ghf, lgc, paperLGC []string
	for _, gm := range params.Graphs {
		f := pr.Final(gm)
		if f == nil {
			continue
		}
		g := params.GraphNames[gm]
		if f.Unreached > 0 {
			counts = append(counts, fmt.Sprintf("%s %d", g, f.Unreached))
			rates = append(rates, fmt.Sprintf("%s %.1f%%/%.1f%%", g, 100*f.GHFReached, 100*f.LGCReached))
		}
		if !math.IsNaN(f.LGCPaper) {
			far = append(far, g)
			ghf = append(ghf, fmt.Sprintf("%.1f%%", 100*f.GHF))
			lgc = append(lgc, fmt.Sprintf("%.1f%%", 100*f.LGC))
			paperLGC = append(paperLGC, fmt.Sprintf("%.1f%%", 100*f.LGCPaper))
		}
	}
	var out []Caveat
	if len(far) > 0 {
		// Near α = 1, LGC's prediction tends to the class whose labels
		// have most weight over the whole graph.
		why := fmt.Sprintf("LGC at α = %g", pr.Alpha)
		brief := why
		if pr.Alpha >= 0.9 {
			why = fmt.Sprintf("at α = %g, so near 1, LGC spreads every label over the whole graph", pr.Alpha)
			brief = fmt.Sprintf("α = %g spreads labels graph-wide", pr.Alpha)
		}
		out = append(out, Caveat{
			Long: fmt.Sprintf("On %s GHF errs %s, LGC %s: %s; at α = %.4g (the paper's μ = 0.99 read literally) it errs %s.",
				andList(far), strings.Join(ghf, "/"), strings.Join(lgc, "/"), why, propagate.PaperAlpha, strings.Join(paperLGC, "/")),
			Short: fmt.Sprintf("LGC far from GHF on %s: %s; α = %.4g gives %s.",
				andList(far), brief, propagate.PaperAlpha, strings.Join(paperLGC, "/")),
		})
	}
	if len(counts) > 0 {
		out = append(out, Caveat{
			Long: fmt.Sprintf("Unlabeled samples no label reaches (pieces of the graph apart), counted as errors: %s; without them GHF/LGC err %s.",
				strings.Join(counts, ", "), strings.Join(rates, ", ")),
			Short: fmt.Sprintf("Samples no label reaches are errors: %s.", strings.Join(counts, ", ")),
		})
	}
	// A graph whose weight sits mostly on W's diagonal (Z close to I): its
	// "within" share, of the weight between samples, reads high beside a
	// high error: said first, the last to go where the Outcome is short.
	var diag []string
	if r := m.Run; r != nil {
		for _, gm := range params.Graphs {
			if g := r.Graphs[gm]; g != nil && g.Final != nil && pr.Final(gm) != nil && g.Final.DiagonalShare > diagnose.DiagonalHeavy {
				diag = append(diag, fmt.Sprintf("%s %.0f%%", params.GraphNames[gm], 100*g.Final.DiagonalShare))
			}
		}
	}
	if len(diag) > 0 {
		out = append([]Caveat{{
			Long: fmt.Sprintf("\"within\" is the share of the weight between samples that joins one class; on W's diagonal, where a sample represents itself and reaches no other, sits %s of the weight.",
				andList(diag)),
			Short: fmt.Sprintf("\"within\" leaves out W's diagonal: %s of the weight.", andList(diag)),
		}}, out...)
	}
	return out
}

// andList joins words as a sentence lists them: "a", "a and b", "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
