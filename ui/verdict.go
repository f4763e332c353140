package ui

import (
	"fmt"
	"strings"

	"nnlrs/core/paper"
)

// VerdictWords are what the page prints above a paper figure: for every
// claim of the paper the figure concerns, the claim and what the committed
// runs under the defaults say of it (Claims, a sentence each per
// classifier), what the runs that read the paper as its sources did say
// (Readings), the explanations of the differences put to the runs, each
// question with what they measured (Why), and the findings in full with
// their numbers (Details), for the boxes that open.
type VerdictWords struct {
	// Head introduces them: whose runs, how many trials.
	Head                           string
	Claims, Readings, Why, Details []string
}

// Verdict returns the verdict's words for figure name (a Comparison's
// name: "ghf", "lgc", "sda", "joint", "beta"), from the verdict of the
// committed runs the site carries (ev.Verdict); none without one.
func Verdict(ev *paper.Evidence, name string) VerdictWords {
	var w VerdictWords
	if ev == nil || ev.Verdict == nil {
		return w
	}
	for _, c := range ev.Verdict.Claims {
		if !concerns(c, name) || len(c.Findings) == 0 {
			continue
		}
		// One sentence per classifier: the defaults on every data set,
		// then the readings of the paper that were run.
		type group struct {
			title    string
			defaults []string
			readings []string
		}
		var groups []*group
		byTitle := map[string]*group{}
		for _, f := range c.Findings {
			if f.Classifier != "" && !figureShows(name, f.Classifier) {
				continue
			}
			g := byTitle[f.ClassifierTitle]
			if g == nil {
				g = &group{title: f.ClassifierTitle}
				byTitle[f.ClassifierTitle] = g
				groups = append(groups, g)
			}
			part := fmt.Sprintf("on %s it %s (%d of %d %s)", f.DatasetTitle, outcomeWords[f.Outcome], f.Won, f.Of, c.Unit)
			if f.Reading == "" {
				g.defaults = append(g.defaults, part)
			} else {
				g.readings = append(g.readings, fmt.Sprintf("with the %s, %s", f.ReadingTitle, part))
			}
			w.Details = append(w.Details, detail(f))
		}
		for _, g := range groups {
			claim := fmt.Sprintf("%s (%s)", c.Claim, c.Source)
			if g.title != "" {
				claim = fmt.Sprintf("Under %s: %s", g.title, claim)
			}
			if len(g.defaults) > 0 {
				w.Claims = append(w.Claims, claim+": "+strings.Join(g.defaults, "; ")+".")
			}
			if len(g.readings) > 0 {
				w.Readings = append(w.Readings, claim+", run as the paper's sources ran it: "+strings.Join(g.readings, "; ")+".")
			}
		}
	}
	if len(w.Claims) > 0 || len(w.Readings) > 0 {
		trials := 0
		for _, f := range ev.Verdict.For(name, "") {
			if f.Reading == "" {
				trials = max(trials, f.Trials)
			}
		}
		w.Head = fmt.Sprintf("The paper's claims in the runs this project committed at the paper's scale (%d trials a data set; docs/RESULTS.md, \"Verdict\"):", trials)
		for _, r := range ev.Verdict.Reasons {
			w.Why = append(w.Why, r.Question+" "+r.Answer)
		}
	}
	return w
}

// outcomeWords say an outcome after "it".
var outcomeWords = map[string]string{paper.Holds: "holds", paper.Partly: "holds in part", paper.Fails: "does not hold"}

// figureClassifiers are the classifiers each paper figure shows: Tables
// I-III (Table II under each reading of its α), the joint-learning
// figure's LGC at α = 0.99 and Table IV's SDA.
var figureClassifiers = map[string][]string{"ghf": {"ghf"}, "lgc": {"lgc"}, "lgc-mu": {"lgc-mu"}, "sda": {"sda"}, "joint": {"lgc"}, "beta": {"sda"}}

// figureShows reports whether the paper figure name shows classifier p.
func figureShows(name, p string) bool {
	for _, q := range figureClassifiers[name] {
		if q == p {
			return true
		}
	}
	return false
}

// concerns reports whether claim c concerns figure name.
func concerns(c *paper.Claim, name string) bool {
	for _, f := range c.Figures {
		if f == name {
			return true
		}
	}
	return false
}

// detail says finding f whole: where, under which classifier and
// reading, over how many trials, and its sentence with the numbers.
func detail(f *paper.Finding) string {
	where := f.DatasetTitle
	if f.ClassifierTitle != "" {
		where += ", " + f.ClassifierTitle
	}
	if f.Reading != "" {
		where += ", with the " + f.ReadingTitle
	}
	trials := "trials"
	if f.Trials == 1 {
		trials = "trial"
	}
	return fmt.Sprintf("%s (%d %s): %s. %s", where, f.Trials, trials, f.Outcome, f.Text)
}
