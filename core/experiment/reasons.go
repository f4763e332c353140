package experiment

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// reasonOf names the explanation each reading of the paper puts to the
// runs, and asks it.
var reasonOf = map[string]struct{ key, question string }{
	"algorithm1":  {"schedule", "Is it the solver? The paper ran Algorithm 1 with its own schedule and stopping rule, which need not reach the optimum we solve to."},
	"cheng":       {"l1-form", "Is it the l1-graph's form? The paper's l1-graph follows Cheng et al., who solved the equality form with l1-magic; ours is a smoothed lasso."},
	"cheng-exact": {"l1-form", "Is it the l1-graph's form? The paper's l1-graph follows Cheng et al., who solved the equality form with l1-magic; ours is a smoothed lasso."},
	"liu":         {"lrr-parameters", "Is it LRR's parameters? The paper takes those of Liu et al.; ours are tuned on the labeled samples."},
}

// tuningQuestion asks whether the paper's tuning explains its numbers.
const tuningQuestion = "Is it the tuning? The paper tuned its parameters \"so as to achieve the best performance\" without saying on which labels; choosing them by the test labels, which no experiment may do, bounds what that could give."

// reasons puts the explanations the runs v measured: a reason per
// reading of the paper that was run (its graphs' cells within
// paper.FarPoints of the paper's under the defaults and under the reading,
// and for a reading of the NNLRS solver the objectives it reached beside
// the optimum's, v.Pairs), and the tuning's bound (v.Oracles).
func reasons(v VerdictRuns) []*paper.Reason {
	byKey := map[string]*paper.Reason{}
	var out []*paper.Reason
	parts := map[string][]string{}
	ins := map[string][3]int{} // cells within reach under the defaults, under the explanation, all
	get := func(key, question string) *paper.Reason {
		r := byKey[key]
		if r == nil {
			r = &paper.Reason{Key: key, Question: question}
			byKey[key] = r
			out = append(out, r)
		}
		return r
	}
	// Of the runs that apply one reading to one data set's graph, the one
	// with the most trials speaks.
	type use struct {
		reading, ds string
		g           method.Name
	}
	most := map[use]int{}
	for _, rr := range v.Readings {
		for _, name := range rr.Readings {
			if rd, err := LookupReading(name); err == nil {
				for _, g := range rd.Changes() {
					u := use{name, rr.Results.Protocol.Name, g}
					most[u] = max(most[u], rr.Results.Trials)
				}
			}
		}
	}
	said := map[use]bool{}
	for _, rr := range v.Readings {
		ds := rr.Results.Protocol.Name
		if !slices.Contains(paper.Datasets, ds) || !PaperDraw(rr.Results.Protocol) {
			continue
		}
		for _, name := range rr.Readings {
			rd, err := LookupReading(name)
			q, ok := reasonOf[name]
			if err != nil || !ok {
				continue
			}
			get(q.key, q.question)
			for _, g := range rd.Changes() {
				u := use{name, ds, g}
				if !slices.Contains(rr.Graphs, g) || rr.Results.Trials < most[u] || said[u] {
					continue
				}
				said[u] = true
				dIn, rIn, of := Within(rr.Reaches(), g)
				if of == 0 {
					continue
				}
				n := ins[q.key]
				ins[q.key] = [3]int{n[0] + dIn, n[1] + rIn, n[2] + of}
				s := fmt.Sprintf("on %s (%s), %s's cells within %d points of the paper's: %d of %d under the defaults, %d under %s",
					rr.Results.Protocol.Title, Plural(rr.Results.Trials, "trial"), method.Title(g), paper.FarPoints, dIn, of, rIn, rd.Title)
				if d, ok := oursTable(rr.Defaults)(GHF, 0.1, g); ok {
					m, _ := oursTable(rr.Results)(GHF, 0.1, g)
					pv, _ := PaperError(GHF, ds, 0.1, g)
					s += fmt.Sprintf(" (GHF at 10%% labeled: %.2f → %.2f%%, the paper's %.2f%%)", d, m, pv)
				}
				if g == method.NNLRS {
					s += solverWords(v.Pairs, name, ds)
				}
				parts[q.key] = append(parts[q.key], s)
			}
		}
	}
	if s, dIn, bIn, of := tuningWords(v.Oracles); s != "" {
		get("tuning", tuningQuestion)
		parts["tuning"] = []string{s}
		ins["tuning"] = [3]int{dIn, bIn, of}
	}
	for _, r := range out {
		n := ins[r.Key]
		r.Explains = explains(n[0], n[1], n[2])
		answer := "No"
		switch {
		case r.Explains && 2*n[1] >= n[2]:
			answer = "Yes"
		case r.Explains:
			answer = "Only in part"
		}
		if len(parts[r.Key]) == 0 {
			answer = "Not measured yet"
		}
		r.Answer = answer + ": " + strings.Join(parts[r.Key], "; ") + "."
		if len(parts[r.Key]) == 0 {
			r.Answer = answer + "."
		}
	}
	return out
}

// explains reports whether an explanation that brings in of a table's
// cells within paper.FarPoints of the paper's, where the defaults bring
// dIn, explains some of the difference: at least a tenth of the cells more,
// and at least two.
func explains(dIn, in, of int) bool { return in-dIn >= max(2, (of+9)/10) }

// solverWords says how the solves of a reading of the NNLRS solver
// (reading) on data set ds ended beside the optimum's: how many its own
// stopping rule ended, and how far their objectives were from the
// optimum's.
func solverWords(pairs []SolverPair, reading, ds string) string {
	n, rule := 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range pairs {
		if p.Dataset != ds || !slices.Contains(strings.Split(p.Reading, ","), reading) {
			continue
		}
		for _, s := range p.Solves {
			if s.B.Objective == 0 {
				continue
			}
			n++
			if s.A.Converged {
				rule++
			}
			d := 100 * (s.A.Objective/s.B.Objective - 1)
			lo, hi = min(lo, d), max(hi, d)
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; its own rule stopped %d of its %d solves, at objectives %+.2f%% to %+.2f%% from the certified optimum's", rule, n, lo, hi)
}

// tuningWords says, over the runs that recorded every candidate of their
// grid under the defaults (the widest grid of each data set), how many of
// NNLRS's cells come within paper.FarPoints of the paper's at the
// parameters cross-validation chose (chosen) and at the best candidate on
// the test labels (best), with GHF at 10% labeled as the example.
func tuningWords(oracles []*Results) (s string, chosen, best, cells int) {
	widest := map[string]*Results{}
	var order []string
	for _, r := range oracles {
		ds := r.Protocol.Name
		if len(r.Readings) > 0 || !slices.Contains(paper.Datasets, ds) || !PaperDraw(r.Protocol) {
			continue
		}
		if w, ok := widest[ds]; !ok || gridSize(r) > gridSize(w) {
			if !ok {
				order = append(order, ds)
			}
			widest[ds] = r
		}
	}
	var parts []string
	for _, ds := range order {
		r := widest[ds]
		cIn, bIn, of := 0, 0, 0
		var ex string
		for _, c := range Oracle(r) {
			v, ok := PaperError(c.Propagator, ds, c.Labeled, c.Graph)
			if c.Graph != method.NNLRS || !ok {
				continue
			}
			of++
			if math.Abs(100*c.Chosen-v) <= paper.FarPoints {
				cIn++
			}
			if math.Abs(100*c.Best-v) <= paper.FarPoints {
				bIn++
			}
			if c.Propagator == GHF && c.Labeled == 0.1 {
				ex = fmt.Sprintf(" (GHF at 10%% labeled: %.2f%% chosen on the labeled samples, %.2f%% the best on the test labels, the paper's %.2f%%)", 100*c.Chosen, 100*c.Best, v)
			}
		}
		if of == 0 {
			continue
		}
		chosen, best, cells = chosen+cIn, best+bIn, cells+of
		parts = append(parts, fmt.Sprintf("on %s (%s, %d candidates a cell), NNLRS's cells within %d points of the paper's: %d of %d as cross-validation chose, %d at the best candidate on the test labels%s",
			r.Protocol.Title, Plural(r.Trials, "trial"), gridSize(r), paper.FarPoints, cIn, of, bIn, ex))
	}
	return strings.Join(parts, "; "), chosen, best, cells
}

// gridSize is the number of candidates r recorded for NNLRS under GHF at
// 10% labeled, a trial.
func gridSize(r *Results) int {
	n := 0
	for _, c := range r.Candidates {
		if c.Propagator == GHF && c.Labeled == 0.1 && c.Graph == method.NNLRS {
			n++
		}
	}
	return n / max(r.Trials, 1)
}
