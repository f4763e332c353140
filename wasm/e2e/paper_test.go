package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"nnlrs/core/paper"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// TestPaperFigures opens every figure of the paper by its link
// (#paper=NAME): the page shows it in place of its views, with its numbers
// (window.nnlrs.paper), says beside the controls what it compares and how
// to reprint ours, and links to its live version at the page's scale,
// which opens the page's own run. With NNLRS_SCREENSHOTS set it saves
// each figure on two projectors, a large screen, a tablet and a phone
// (paper-NAME-WxH.png), to look at.
func TestPaperFigures(t *testing.T) {
	dir := os.Getenv("NNLRS_SCREENSHOTS")
	tb := open(t, "data=usps&seed=1&paper=samples")
	tb.wait("window.nnlrs.catalog", 60*time.Second)
	usps := eval[bool](tb, `nnlrs.catalog.includes("usps") && !!document.querySelector("#data option[value=usps]")`)
	for _, name := range params.PaperFigures {
		t.Run(name, func(t *testing.T) {
			tb.t = t
			hash := "paper=" + name
			if name == "samples" && !usps {
				t.Skip("the site has no USPS digits")
			}
			tb.wait("window.nnlrs.evidence", 60*time.Second)
			switch name {
			case "ghf", "lgc", "lgc-mu", "sda", "joint", "beta", "scale":
				if !eval[bool](tb, fmt.Sprintf("nnlrs.evidence.includes(%q)", name)) {
					t.Skipf("the site carries no runs for %s (docs/results)", name)
				}
			}
			eval[bool](tb, fmt.Sprintf("(location.hash = %q, true)", hash))
			ok := tb.poll(fmt.Sprintf(`nnlrs.paper && nnlrs.paper.name === %q && nnlrs.paper.cells > 0`, name), 120*time.Second)
			if !ok {
				t.Fatalf("figure %s not drawn: %s", name, tb.state())
			}
			cells := eval[int](tb, "nnlrs.paper.cells")
			ps := tb.panels()
			if len(ps) != 1 || ps["paper"].W < viewW-420 {
				t.Errorf("panels %+v: want the figure alone", ps)
			}
			if v := eval[string](tb, `document.getElementById("paper").value`); v != name {
				t.Errorf("the figure's control shows %q", v)
			}
			note, why := tb.text("paper-note"), tb.text("paper-why-text")
			switch name {
			case "ghf", "lgc", "lgc-mu", "sda", "joint", "beta":
				if !strings.Contains(why, "go run ./tools/nnlrs reproduce") || !strings.Contains(note, "trials") || !strings.Contains(note, "†") {
					t.Errorf("note %q, why %q", note, why)
				}
				checkVerdict(tb, name, ps["paper"])
			}
			tb.drawn()
			if n := inked(tb.screenshot(), ps["paper"].rect()); n < 5000 {
				t.Errorf("the figure inks %d pixels", n)
			}
			t.Logf("%s: %d cells", name, cells)
			if dir != "" {
				shootPaper(t, dir, hash, name)
			}
			// The live version at the page's scale: the tables measured on
			// the page's own draw beside ours (live=1); the samples, the
			// weights and the scale in the page's own views.
			live := eval[string](tb, `document.getElementById("paper-live").getAttribute("href")`)
			study := name != "samples" && name != "weights" && name != "scale"
			if !strings.HasPrefix(live, "#data=") || (study || name == "samples") != strings.Contains(live, "&live=1") {
				t.Fatalf("live link %q", live)
			}
			tb.wait(`nnlrs.state === "done" && nnlrs.busy === 0`, 180*time.Second)
			tb.click("paper-live")
			switch {
			case study:
				tb.wait(fmt.Sprintf(`nnlrs.paper && nnlrs.paper.name === %q && nnlrs.paper.live && nnlrs.paper.cells > 0`, name), 600*time.Second)
				t.Logf("%s live: %d cells", name, eval[int](tb, "nnlrs.paper.cells"))
				if dir != "" {
					shootPaper(t, dir, strings.TrimPrefix(live, "#"), name+"-live")
				}
			case name == "samples":
				tb.wait(`nnlrs.paper && nnlrs.paper.name === "samples" && nnlrs.state === "done"`, 180*time.Second)
			case name == "scale":
				// A draw of 400 faces: its run is long on any machine; the
				// link has done its part once the views run it.
				tb.wait(`!nnlrs.paper && nnlrs.panels.length > 1 && (nnlrs.state === "running" || nnlrs.state === "done")`, 180*time.Second)
			default:
				tb.wait(`!nnlrs.paper && nnlrs.panels.length > 1 && nnlrs.state === "done" && nnlrs.busy === 0`, 180*time.Second)
			}
			if h := eval[string](tb, "location.hash"); h != live {
				t.Errorf("after the live link: hash %q, want %q", h, live)
			}
		})
	}
	tb.t = t
	tb.checkConsole()
}

// shootPaper saves figure name, opened by hash, on the screens at 100%
// zoom.
func shootPaper(t *testing.T, dir, hash, name string) {
	for _, s := range screens {
		if s.zoom != 1 {
			continue
		}
		w, h := s.css()
		tb := newTabSized(t, w, h, s.zoom)
		tb.navigate(baseURL, hash)
		tb.wait(fmt.Sprintf(`window.nnlrs && nnlrs.paper && nnlrs.paper.name === %q`, strings.TrimSuffix(name, "-live")), 600*time.Second)
		tb.fitted()
		tb.drawn()
		b, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("paper-%s-%dx%d.png", name, s.w, s.h)), b, 0o644); err != nil {
			t.Fatal(err)
		}
		tb.close()
	}
}

// checkVerdict checks that the verdict of the committed runs on the
// paper's claims figure name concerns is page text above the figure
// (drawn at fig): the sentences ui.Verdict says of docs/results/verdict.json,
// the file the site's evidence carries.
func checkVerdict(tb *tab, name string, fig panel) {
	tb.t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "results", "verdict.json"))
	if err != nil {
		tb.t.Fatal(err)
	}
	var v paper.Verdict
	if err := json.Unmarshal(b, &v); err != nil {
		tb.t.Fatal(err)
	}
	w := ui.Verdict(&paper.Evidence{Verdict: &v}, name)
	if len(w.Claims) == 0 {
		tb.t.Fatalf("%s: the committed verdict says nothing of it", name)
	}
	if got := tb.text("verdict-claims"); got != strings.Join(w.Claims, "") {
		tb.t.Errorf("%s: the verdict shows %q, want %q", name, got, strings.Join(w.Claims, ""))
	}
	if got := tb.text("verdict-why"); got != strings.Join(w.Why, "") {
		tb.t.Errorf("%s: the verdict's reasons show %q, want %q", name, got, strings.Join(w.Why, ""))
	}
	// The strip appears with the evidence; the page then fits the views
	// below it, in a later frame.
	above := `(() => {
		const v = document.getElementById("verdict"), p = (nnlrs.panels || []).find(p => p.name === "paper");
		return !v.hidden && !!p && v.getBoundingClientRect().bottom + scrollY <= p.y + 1;
	})()`
	if !tb.poll(above, 30*time.Second) {
		bottom := eval[float64](tb, `(() => { const v = document.getElementById("verdict"); return v.hidden ? -1 : v.getBoundingClientRect().bottom + scrollY; })()`)
		tb.t.Errorf("%s: the verdict (bottom %.0f) is not shown above the figure (top %.0f)", name, bottom, fig.Y)
	}
}
