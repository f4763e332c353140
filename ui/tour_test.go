package ui

import (
	"fmt"
	"strings"
	"testing"

	"nnlrs/core/method"
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
