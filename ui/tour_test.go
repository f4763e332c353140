package ui

import (
	"fmt"
	"strings"
	"testing"

	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/ui/params"
)

// TestTourText checks that a tour step quotes the run on screen: the
// figure's own numbers where it is the step's run, "…" where it is not,
// and no quote left unfilled.
func TestTourText(t *testing.T) {
	m, jobs := started(t) // the defaults: the data of steps 2-7
	finish(m, jobs, 4)
	labelFirst(m, 4)
	m.Prop.Reset(m.Run, "ghf", 0.99)
	text := TourText(m, 6)
	want := fmt.Sprintf("misses %.0f%% of the unlabeled samples on NNLRS", 100*m.Prop.Final(method.NNLRS).GHF)
	if !strings.Contains(text, want) || strings.ContainsAny(text, "{}…") {
		t.Errorf("step 6: %q, want %q", text, want)
	}
	if text := TourText(m, 3); !strings.Contains(text, "(30% here)") {
		t.Errorf("step 3: %q", text)
	}
	// Step 1's clean data are not the figure's.
	if text := TourText(m, 1); !strings.Contains(text, "here … of it joins") || strings.ContainsAny(text, "{}") {
		t.Errorf("step 1: %q", text)
	}
	for n := range params.TourSteps {
		if strings.ContainsAny(TourText(m, n+1), "{}") {
			t.Errorf("step %d leaves a quote unfilled: %q", n+1, TourText(m, n+1))
		}
	}
}

// TestTourVerdict checks the tour's quotes of the verdict against the
// committed runs' verdict (docs/results/verdict.json): every finding a
// step quotes is said with its outcome and counts, and without the
// evidence the quote is "…".
func TestTourVerdict(t *testing.T) {
	v := committedVerdict(t)
	m := &Model{Evidence: &paper.Evidence{Verdict: v}}
	n := 0
	for i, s := range params.TourSteps {
		text := TourText(m, i+1)
		for _, q := range verdictQuote.FindAllStringSubmatch(s.Text, -1) {
			n++
			c := v.Claim(q[1])
			if c == nil {
				t.Fatalf("step %d quotes claim %q, which the verdict lacks", i+1, q[1])
			}
			found := false
			for _, f := range c.Findings {
				if f.Dataset == q[2] && f.Classifier == q[3] && f.Reading == "" {
					found = true
					want := fmt.Sprintf("%s (%d of %d %s)", outcomeWords[f.Outcome], f.Won, f.Of, c.Unit)
					if !strings.Contains(text, want) {
						t.Errorf("step %d: %q does not say %q", i+1, text, want)
					}
				}
			}
			if !found {
				t.Errorf("step %d: no finding for %v", i+1, q[1:])
			}
		}
		if bare := TourText(&Model{}, i+1); verdictQuote.MatchString(s.Text) && strings.Contains(bare, " of 6 ") {
			t.Errorf("step %d quotes the verdict without evidence", i+1)
		}
	}
	if n < 4 {
		t.Errorf("the tour quotes %d findings of the verdict, want the faces' three and E's", n)
	}
	// The last step speaks of the faces under GHF on every data set.
	last := TourText(m, len(params.TourSteps))
	for _, ds := range []string{"yaleb", "pie", "usps"} {
		if !strings.Contains(params.TourSteps[len(params.TourSteps)-1].Text, "{verdict nnlrs-lowest "+ds+" ghf}") {
			t.Errorf("the last step does not quote the verdict on %s: %q", ds, last)
		}
	}
}
