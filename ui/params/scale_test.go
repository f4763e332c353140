package params

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nnlrs/core/experiment"
	"nnlrs/core/method"
)

// TestScaleClaims checks the words about the faces as the draw grows (the
// data-set notes) against the committed scale
// study: NNLRS ahead of l1 on the largest draw at 10% labeled, with the
// errors the words give, and behind it on the two smallest at 30%; on
// PIE, l1 ahead on every draw at 10% labeled.
func TestScaleClaims(t *testing.T) {
	s := loadStudy(t, "yaleb")
	errAt := func(draw string, f float64, g method.Name) float64 {
		t.Helper()
		for i, d := range s.Draws {
			if d.String() == draw {
				c, ok := s.Runs[i].Cell(experiment.GHF, f, g)
				if !ok {
					t.Fatalf("no cell %s %g %s", draw, f, g)
				}
				return 100 * c.Mean()
			}
		}
		t.Fatalf("no draw %s", draw)
		return math.NaN()
	}
	errAtPIE := func(draw string, f float64, g method.Name) float64 {
		t.Helper()
		p := loadStudy(t, "pie")
		for i, d := range p.Draws {
			if d.String() == draw {
				c, _ := p.Runs[i].Cell(experiment.GHF, f, g)
				return 100 * c.Mean()
			}
		}
		t.Fatalf("no draw %s", draw)
		return math.NaN()
	}
	// PIE: l1 ahead on every draw at 10% labeled, the largest's errors
	// as the note gives them.
	for _, d := range loadStudy(t, "pie").Draws {
		if nn, l1 := errAtPIE(d.String(), 0.1, method.NNLRS), errAtPIE(d.String(), 0.1, method.L1); !(l1 < nn) {
			t.Errorf("PIE %v, 10%%: l1 %.1f%% not below NNLRS %.1f%%", d, l1, nn)
		}
	}
	pie := fmt.Sprintf("%.1f%% with NNLRS against %.1f%% with l1", errAtPIE("10×50", 0.1, method.NNLRS), errAtPIE("10×50", 0.1, method.L1))
	if !strings.Contains(ScaleClaims["pie"], pie) {
		t.Errorf("the PIE note does not say %q: %q", pie, ScaleClaims["pie"])
	}
	nn, l1 := errAt("15×50", 0.1, method.NNLRS), errAt("15×50", 0.1, method.L1)
	if !(nn < l1) {
		t.Errorf("15×50, 10%%: NNLRS %.1f%%, l1 %.1f%%", nn, l1)
	}
	words := fmt.Sprintf("%.1f%% with NNLRS against %.1f%% with l1", nn, l1)
	if !strings.Contains(ScaleClaims["yaleb"], words) {
		t.Errorf("the note does not say %q: %q", words, ScaleClaims["yaleb"])
	}
	for _, d := range []string{"5×20", "10×20"} {
		if nn, l1 := errAt(d, 0.3, method.NNLRS), errAt(d, 0.3, method.L1); !(l1 < nn) {
			t.Errorf("%s, 30%%: l1 %.1f%% not below NNLRS %.1f%%", d, l1, nn)
		}
	}
}

// loadStudy reads the committed scale study of data set name.
func loadStudy(t *testing.T, name string) *experiment.ScaleResults {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "results", "scale-"+name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	s := new(experiment.ScaleResults)
	if err := json.Unmarshal(b, s); err != nil {
		t.Fatal(err)
	}
	return s
}
