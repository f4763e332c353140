package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestTrueWhileComputing opens a run whose NNLRS solve lasts (a gap no
// solve certifies: endless) and reads the views' words while the other
// graphs are built and NNLRS is not: no view says n/a or that there is
// nothing to propagate, and those that need every graph say which is
// being built.
func TestTrueWhileComputing(t *testing.T) {
	tb := open(t, small+endless)
	tb.wait(`nnlrs.state === "running" && (() => { const o = nnlrs.viewText().outcome || "";
		return o.includes("building the NNLRS graph…") && !/building the (kNN|l1|LRR)/.test(o) })()`, 120*time.Second)
	views := eval[map[string]string](tb, "nnlrs.viewText()")
	for name, text := range views {
		for _, bad := range []string{"n/a", "Nothing to propagate", "*GHF", "*LGC"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s says %q while NNLRS is built: %q", name, bad, text)
			}
		}
	}
	if p := strings.ReplaceAll(views["propagation"], "\n", " "); !strings.Contains(strings.ToLower(p), "building the nnlrs graph…") {
		t.Errorf("the propagation view says %q while NNLRS is built", p)
	}
	if o := strings.ReplaceAll(views["outcome"], "\n", " "); !strings.Contains(o, "GHF and LGC spread the labels once every graph is built: building the NNLRS graph…") {
		t.Errorf("the Outcome says %q while NNLRS is built", o)
	}
	tb.click("cancel")
	tb.wait(`nnlrs.state === "cancelled"`, 30*time.Second)
	tb.checkConsole()
}

// TestStatusTimes: the first run's status gives the time from the page's
// opening to its figure (the page's own clock, nnlrs.doneAt) beside the
// run's and the solves', none of which exceeds it.
func TestStatusTimes(t *testing.T) {
	tb := open(t, small)
	tb.done()
	status := tb.text("status")
	checkStatusTimes(t, status)
	m := regexp.MustCompile(`^Done in (\d+\.\d) s: .* Ready (\d+\.\d) s after opening the page\.$`).FindStringSubmatch(status)
	if m == nil {
		t.Fatalf("status %q: no time from the opening", status)
	}
	whole, _ := strconv.ParseFloat(m[1], 64)
	ready, _ := strconv.ParseFloat(m[2], 64)
	doneAt := eval[float64](tb, "nnlrs.doneAt") / 1000
	// Both are the same instant, each rounded to 0.1 s on the screen.
	if d := ready - doneAt; d < -0.05 || d > 0.05 {
		t.Errorf("status says ready %.1f s after opening, the page's clock %.3f s", ready, doneAt)
	}
	if ready < whole {
		t.Errorf("ready %.1f s after opening but the run took %.1f s", ready, whole)
	}
	// A later run says its own time alone.
	tb.setValue("seed", "4")
	tb.wait(`nnlrs.runs > 1 && nnlrs.state === "done" && !nnlrs.waiting`, 180*time.Second)
	if s := tb.text("status"); strings.Contains(s, "after opening") {
		t.Errorf("a later run's status %q", s)
	}
	tb.checkConsole()
}
