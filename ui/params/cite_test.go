package params

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestCited: every piece of the paper the page's texts cite by name (the
// exercises' questions, the tour's steps) is written out in Citations, and
// each of Citations is cited somewhere; problem (6) carries each of its terms and
// Algorithm 2 its four steps, the paper's threshold θ and W's
// symmetrization among them.
func TestCited(t *testing.T) {
	var texts []string
	for _, e := range Exercises {
		texts = append(texts, e.Question)
	}
	for _, s := range TourSteps {
		texts = append(texts, s.Text)
	}
	found := map[string]bool{}
	names := regexp.MustCompile(`problem \(\d+\)|Algorithm \d+`)
	for _, text := range texts {
		for _, c := range Cited(text) {
			found[c.Name] = true
		}
		// Every name of the paper's the text cites is written out.
		for _, name := range names.FindAllString(text, -1) {
			if !slices.ContainsFunc(Citations, func(c Citation) bool { return c.Name == name }) {
				t.Errorf("%q cites %q, which Citations does not write out", text, name)
			}
		}
	}
	for _, c := range Citations {
		if !found[c.Name] {
			t.Errorf("%s: no text of the page cites it", c.Name)
		}
	}
	p6 := strings.Join(Cited("problem (6)")[0].Lines, " ")
	for _, term := range []string{"‖Z‖*", "β‖Z‖₁", "λ‖E‖₂,₁", "X = AZ + E", "Z ≥ 0"} {
		if !strings.Contains(p6, term) {
			t.Errorf("problem (6) without %q: %s", term, p6)
		}
	}
	a2 := Cited("Algorithm 2")[0]
	if len(a2.Lines) != 4 || !a2.Steps {
		t.Errorf("Algorithm 2: %d steps", len(a2.Lines))
	}
	for _, s := range []string{"‖xᵢ‖₂", "θ", "W = (Ẑ* + Ẑ*ᵀ)/2"} {
		if !strings.Contains(strings.Join(a2.Lines, " "), s) {
			t.Errorf("Algorithm 2 without %q", s)
		}
	}
}
