package e2e

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"nnlrs/core/method"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
)

// atStep waits until the page shows step n of the tour (embedded or not)
// and its figure is done, and checks that the link, the controls' settings
// and the strip are the step's: each step restores its preset.
func (tb *tab) atStep(n int, embedded bool) {
	tb.t.Helper()
	tb.wait(fmt.Sprintf(`location.hash.includes("tour=%d") && nnlrs.state === "done" && nnlrs.busy === 0 &&
		document.getElementById("tour-title").textContent === %q`, n, params.TourSteps[n-1].Title), 180*time.Second)
	want := params.AtTour(n, embedded)
	if got, notice := params.FromHash(eval[string](tb, "location.hash")); got != want || notice != "" {
		tb.t.Errorf("step %d: the link gives %+v (%q), want %+v", n, got, notice, want)
	}
	if eval[bool](tb, `document.getElementById("tour").hidden`) {
		tb.t.Errorf("step %d: the tour's strip is hidden", n)
	}
	want.Tour, want.Embed = 0, ""
	if got := eval[string](tb, `document.getElementById("lambda-out").textContent + " " + document.getElementById("graph").value +
		" " + document.getElementById("data").value`); got != fmt.Sprintf("%g %s %s", want.Lambda, want.Graph, want.Dataset) {
		tb.t.Errorf("step %d: the controls show λ, graph and data %q", n, got)
	}
	if c := eval[string](tb, `document.getElementById("tour-count").textContent`); c != fmt.Sprintf("Tour %d/%d:", n, len(params.TourSteps)) {
		tb.t.Errorf("step %d: the strip counts %q", n, c)
	}
	if back, next := eval[bool](tb, `document.getElementById("tour-back").disabled`), eval[bool](tb, `document.getElementById("tour-next").disabled`); back != (n == 1) || next != (n == len(params.TourSteps)) {
		tb.t.Errorf("step %d: Back disabled %v, Next disabled %v", n, back, next)
	}
	// Its words quote the run on screen, every number filled in
	// (ui.TourText), and the control it asks to use is marked and in sight.
	tb.wait(`!document.getElementById("tour-text").textContent.includes("…")`, 30*time.Second)
	if c := params.TourSteps[n-1].Control; c != "" && !embedded {
		if !eval[bool](tb, fmt.Sprintf(`(e => e.classList.contains("tour-focus") && (r => r.bottom > 0 && r.top < innerHeight)(e.getBoundingClientRect()))(document.getElementById(%q))`, c)) {
			tb.t.Errorf("step %d: the control %s is not marked, or out of sight", n, c)
		}
	}
}

// framed reports whether the view name is drawn with the tour's accent
// frame: its left edge, half-way down, in the screen's pixels.
func (tb *tab) framed(name string) bool {
	tb.t.Helper()
	tb.drawn()
	p := tb.panels()[name]
	sx, sy := eval[float64](tb, "scrollX"), eval[float64](tb, "scrollY")
	c := color.RGBAModel.Convert(tb.screenshot().At(int(p.X-sx)+1, int(p.Y-sy+p.H/2))).(color.RGBA)
	near := func(a, b uint8) bool { return int(a)-int(b) < 12 && int(b)-int(a) < 12 }
	return near(c.R, view.Accent.R) && near(c.G, view.Accent.G) && near(c.B, view.Accent.B)
}

// TestTour takes the guided tour as a teacher would: from the default
// page, Take the tour, then Next and Back by the buttons, the arrow keys
// and a clicker's Page Down, to the last step and out. Every step restores
// its preset (link, controls, strip), frames the view it is about, and
// steps 3-7 redraw without a solve. The real data's step checks what its
// words say on the site's data. A step's link opens the step, and the
// tour works embedded, one view at a time.
func TestTour(t *testing.T) {
	tb := open(t, "")
	tb.done()
	if eval[bool](tb, `document.getElementById("tour-start").hidden || !document.getElementById("tour").hidden`) {
		t.Fatal("a fresh page shows the tour, or hides its Take the tour button")
	}
	tb.click("tour-start")
	tb.atStep(1, false)
	if !tb.framed(params.TourSteps[0].View) || tb.framed("weights") {
		t.Errorf("step 1: the %s view is not framed, or the weights are", params.TourSteps[0].View)
	}
	tb.keys(kb.ArrowRight)
	tb.atStep(2, false)
	runs := eval[int](tb, "nnlrs.runs")
	tb.click("tour-next")
	tb.atStep(3, false)
	tb.keys(kb.ArrowLeft)
	tb.atStep(2, false)
	tb.keys(kb.PageDown)
	tb.atStep(3, false)
	if !tb.framed("weights") || tb.framed("graph") {
		t.Error("step 3: the weights are not framed, or the graph is")
	}
	for n := 4; n <= 7; n++ {
		tb.click("tour-next")
		tb.atStep(n, false)
	}
	if r := eval[int](tb, "nnlrs.runs"); r != runs {
		t.Errorf("steps 2-7 started %d runs: they share their data and graphs", r-runs)
	}
	// A slider keeps its arrow keys: the tour does not move.
	tb.wait(`(document.getElementById("theta").focus(), document.activeElement.id === "theta")`, 5*time.Second)
	tb.keys(kb.ArrowRight)
	tb.poll(`location.hash.includes("theta=0.1")`, 10*time.Second)
	if h := eval[string](tb, "location.hash"); !strings.Contains(h, "tour=7") || !strings.Contains(h, "theta=0.1") {
		t.Errorf("an arrow key on θ's slider: link %s, want the tour at 7 and θ 0.1", h)
	}
	eval[bool](tb, `(document.activeElement.blur(), true)`)

	if eval[bool](tb, `[...document.getElementById("data").options].some(o => o.value === "yaleb")`) {
		tb.click("tour-next")
		tb.atStep(8, false)
		lrr, l1, nn := tb.graphInfo(method.LRR), tb.graphInfo(method.L1), tb.graphInfo(method.NNLRS)
		t.Logf("step 8 (Yale B): density LRR %.3f l1 %.3f; GHF error l1 %.3f NNLRS %.3f", lrr["density"], l1["density"], l1["ghf"], nn["ghf"])
		if lrr["density"].(float64) <= l1["density"].(float64) || l1["ghf"].(float64) >= nn["ghf"].(float64) {
			t.Error("step 8's words (LRR denser than l1; l1 better than NNLRS) do not hold on the site's data")
		}
		tb.keys(kb.ArrowRight) // the last step: nothing further
		tb.drawn()
		tb.atStep(8, false)
	} else {
		t.Log("the site has no Yale B faces: step 8 not taken")
	}
	fig := eval[int](tb, "nnlrs.figure")
	tb.click("tour-end")
	tb.wait(`document.getElementById("tour").hidden && !location.hash.includes("tour=") && !document.getElementById("tour-start").hidden`, 10*time.Second)
	if f := eval[int](tb, "nnlrs.figure"); f != fig {
		t.Error("ending the tour changed the figure")
	}

	// A step's link, in a new tab.
	tb = open(t, "tour=5")
	tb.atStep(5, false)
	if !tb.framed("weights") {
		t.Error("tour=5: the weights are not framed")
	}

	// Embedded: the strip above the one view, which follows the steps.
	tb = open(t, "tour=2&embed=graph")
	tb.atStep(2, true)
	tb.keys(kb.ArrowRight)
	tb.atStep(3, true)
	ps := tb.panels()
	strip := eval[float64](tb, `document.getElementById("tour").getBoundingClientRect().bottom`)
	if p, ok := ps["weights"]; !ok || len(ps) != 1 || p.Y < strip {
		t.Errorf("embedded step 3: views %+v, the strip ends at %v", ps, strip)
	}
	tb.checkConsole()
}

// TestTourScreenshots writes the tour's screenshots (steps 1, 3, 6, 7 and
// 8, and step 3 embedded) at the five screen sizes into the folder
// NNLRS_SCREENSHOTS names, for a person to look at.
func TestTourScreenshots(t *testing.T) {
	dir := os.Getenv("NNLRS_SCREENSHOTS")
	if dir == "" {
		t.Skip("NNLRS_SCREENSHOTS names no folder")
	}
	for _, s := range []screen{screens[0], screens[1], screens[2], screens[5], screens[6]} {
		for _, hash := range []string{"tour=1", "tour=3", "tour=6", "tour=7", "tour=8", "tour=3&embed=weights"} {
			t.Run(s.name+" "+hash, func(t *testing.T) {
				w, h := s.css()
				tb := newTabSized(t, w, h, s.zoom)
				tb.navigate(baseURL, hash)
				tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
				tb.done()
				tb.wait("!nnlrs.checking", 60*time.Second)
				tb.fitted()
				tb.drawn()
				b, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := strings.NewReplacer("=", "", "&", "-").Replace(hash)
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%dx%d.png", name, s.w, s.h)), b, 0o644); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// TestTourLinkReveals: a tour step's link opened on a phone, where the
// views stack and the page scrolls, scrolls the step's view into sight
// under the tour's strip once the graphs are built.
func TestTourLinkReveals(t *testing.T) {
	tb := openScreen(t, screens[6], "tour=6")
	tb.done()
	p := tb.panels()["propagation"]
	ok := tb.poll(fmt.Sprintf(`(() => { const top = %v - scrollY, strip = document.getElementById("tour").getBoundingClientRect().bottom;
		return top >= strip && top + %v <= innerHeight })()`, p.Y, p.H), 5*time.Second)
	if !ok {
		t.Errorf("the propagation view (y %v, height %v) is not in sight: scrollY %v, tour strip to %v, viewport %v", p.Y, p.H,
			eval[float64](tb, "scrollY"), eval[float64](tb, `document.getElementById("tour").getBoundingClientRect().bottom`), eval[float64](tb, "innerHeight"))
	}
	tb.checkConsole()
}

// TestEmbedFillsFrame opens the tour's third step with the weights view
// embedded alone, on a projector and a tablet: the canvas fills the frame
// under the tour's strip, the view fills the canvas, and its drawing
// reaches the view's bottom and right (no blank band: the lowest and the
// rightmost row and column of pixels that differ from the view's ground
// lie within a tenth of its edge); the weights do not play, so no
// Play/Step/Reset float over them, where an embedded propagation has them
// in sight.
func TestEmbedFillsFrame(t *testing.T) {
	for _, s := range []screen{screens[0], screens[5]} {
		t.Run(s.name, func(t *testing.T) {
			w, h := s.css()
			tb := newTabSized(t, w, h, s.zoom)
			tb.navigate(baseURL, "tour=3&embed=weights")
			tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
			tb.done()
			tb.settled(1)
			tb.fitted()
			tb.drawn()
			frame := eval[[]float64](tb, `(r => [r.left, r.top, r.right, r.bottom, document.getElementById("top").offsetHeight, innerWidth, innerHeight])(document.querySelector("body > canvas").getBoundingClientRect())`)
			if frame[0] != 0 || frame[1] != frame[4] || frame[2] != frame[5] || frame[3] != frame[6] {
				t.Errorf("the canvas spans %v, not the frame under the strip (%v high) of %v×%v", frame[:4], frame[4], frame[5], frame[6])
			}
			if d := eval[string](tb, `getComputedStyle(document.getElementById("embed-bar")).display`); d != "none" {
				t.Errorf("Play/Step/Reset over the weights, which do not play (display %q)", d)
			}
			p := tb.panels()["weights"]
			img := tb.screenshot()
			// The view's ground, just inside its frame.
			x0, y0, x1, y1 := int(p.X)+4, int(p.Y)+4, int(p.X+p.W)-4, int(p.Y+p.H)-4
			ground := img.At(x0, y1)
			differs := func(x, y int) bool {
				r, g, b, _ := img.At(x, y).RGBA()
				R, G, B, _ := ground.RGBA()
				d := func(a, b uint32) bool { return a > b+24*257 || b > a+24*257 }
				return d(r, R) || d(g, G) || d(b, B)
			}
			low, right := y0, x0
			for y := y0; y <= y1; y++ {
				for x := x0; x <= x1; x++ {
					if differs(x, y) {
						low, right = max(low, y), max(right, x)
					}
				}
			}
			if float64(y1-low) > p.H/10 || float64(x1-right) > p.W/10 {
				t.Errorf("the view %+v is drawn down to %d and across to %d: blank below or right of that", p, low, right)
			}
			eval[any](tb, `location.hash = "tour=3&embed=propagation"; null`)
			// The page has taken the new link once it lays out its view.
			tb.wait(`nnlrs.panels && nnlrs.panels.length === 1 && nnlrs.panels[0].name === "propagation"`, 60*time.Second)
			tb.settled(1)
			if h := tb.hidden("embed-play", "embed-step", "embed-reset"); len(h) > 0 {
				t.Errorf("an embedded propagation without %v in sight", h)
			}
			tb.checkConsole()
		})
	}
}
