package ui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nnlrs/core/paper"
)

// committedVerdict reads the verdict of the committed runs
// (docs/results/verdict.json, written by nnlrs reproduce -render-only).
func committedVerdict(t *testing.T) *paper.Verdict {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "docs", "results", "verdict.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v paper.Verdict
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

// TestVerdictWords checks the sentences above each paper figure against
// the committed verdict's numbers: every finding of a claim the figure
// concerns is said, with its outcome and counts, in the sentence of its
// classifier, and in full in the details; a figure no claim concerns has
// none.
func TestVerdictWords(t *testing.T) {
	v := committedVerdict(t)
	ev := &paper.Evidence{Verdict: v}
	for _, fig := range []string{"ghf", "lgc", "lgc-mu", "sda", "joint", "beta"} {
		w := Verdict(ev, fig)
		n := 0
		for _, c := range v.Claims {
			if !concerns(c, fig) {
				continue
			}
			for _, f := range c.Findings {
				if f.Classifier != "" && !figureShows(fig, f.Classifier) {
					for _, s := range append(w.Claims, w.Readings...) {
						if strings.Contains(s, "Under "+f.ClassifierTitle+":") {
							t.Errorf("%s speaks of %s, which it does not show", fig, f.ClassifierTitle)
						}
					}
					continue
				}
				n++
				part := fmt.Sprintf("on %s it %s (%d of %d %s)", f.DatasetTitle, outcomeWords[f.Outcome], f.Won, f.Of, c.Unit)
				found := false
				said := w.Claims
				if f.Reading != "" {
					said = w.Readings
				}
				for _, s := range said {
					found = found || strings.Contains(s, c.Claim) && strings.Contains(s, part) &&
						(f.ClassifierTitle == "" || strings.HasPrefix(s, "Under "+f.ClassifierTitle+":"))
				}
				if !found {
					t.Errorf("%s: no sentence says %q of %q under %s", fig, part, c.Key, f.ClassifierTitle)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no claim concerns it", fig)
		}
		if len(w.Details) != n {
			t.Errorf("%s: %d details for %d findings", fig, len(w.Details), n)
		}
		// Every explanation the runs measured is said, with its answer.
		if len(w.Why) != len(v.Reasons) {
			t.Errorf("%s: %d explanations for %d reasons", fig, len(w.Why), len(v.Reasons))
		}
		for i, r := range v.Reasons {
			if i < len(w.Why) && !strings.Contains(w.Why[i], r.Answer) {
				t.Errorf("%s: %q does not say %q", fig, w.Why[i], r.Answer)
			}
		}
	}
	if w := Verdict(ev, "samples"); len(w.Claims) != 0 {
		t.Errorf("samples: %v", w.Claims)
	}
	if w := Verdict(nil, "ghf"); len(w.Claims) != 0 {
		t.Errorf("no evidence: %v", w.Claims)
	}
}
