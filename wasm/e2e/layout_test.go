package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"nnlrs/ui/view"
)

// screen is a screen the page is checked on: w×h device-independent
// pixels at a browser zoom (1 for 100%); the page's CSS viewport is
// w/zoom × h/zoom.
type screen struct {
	name string
	w, h int64
	zoom float64
}

func (s screen) css() (int64, int64) {
	return int64(float64(s.w) / s.zoom), int64(float64(s.h) / s.zoom)
}

var screens = []screen{
	{"projector 1024x768", 1024, 768, 1},
	{"projector 1280x720", 1280, 720, 1},
	{"1920x1080", 1920, 1080, 1},
	{"1280x720 at 125%", 1280, 720, 1.25},
	{"1280x720 at 150%", 1280, 720, 1.5},
	{"tablet 820x1180", 820, 1180, 1},
	{"phone 390x844", 390, 844, 1},
}

// openScreen opens the page with the hash on the screen and waits until
// the views are arranged in the canvas as the page sized it.
func openScreen(t *testing.T, s screen, hash string) *tab {
	t.Helper()
	w, h := s.css()
	tb := newTabSized(t, w, h, s.zoom)
	tb.navigate(baseURL, hash)
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	tb.settled(len(view.Embeddable()))
	return tb
}

// settled waits until the canvas has the body's pixels and the n views
// reported fill it to its edges (less the gap): the page has fitted the
// canvas and arranged the views for its current size and place.
func (tb *tab) settled(n int) {
	tb.t.Helper()
	tb.wait(settledJS(n), 60*time.Second)
}

// settledJS is the condition settled waits for, as an expression.
func settledJS(n int) string {
	return fmt.Sprintf(`(() => {
		const c = document.querySelector("body > canvas"), b = document.body, ps = window.nnlrs && nnlrs.panels;
		if (!c || !ps || ps.length !== %d) return false;
		const r = c.getBoundingClientRect(), f = devicePixelRatio, g = %v;
		const left = Math.min(...ps.map(p => p.x)), top = Math.min(...ps.map(p => p.y));
		const right = Math.max(...ps.map(p => p.x + p.w)), bottom = Math.max(...ps.map(p => p.y + p.h));
		return c.width === Math.floor(b.clientWidth * f) && c.height === Math.floor(b.clientHeight * f) &&
			Math.abs(left - (r.left + scrollX + g)) < 1 && Math.abs(top - (r.top + scrollY + g)) < 1 &&
			Math.abs(right - (r.left + scrollX + b.clientWidth - g)) < 1 &&
			Math.abs(bottom - (r.top + scrollY + b.clientHeight - g)) < 1;
	})()`, n, view.Gap)
}

// pageBox is a rectangle on the page, in CSS pixels.
type pageBox struct{ X, Y, W, H float64 }

func (b pageBox) overlaps(o pageBox) bool {
	return b.X < o.X+o.W && o.X < b.X+b.W && b.Y < o.Y+o.H && o.Y < b.Y+b.H
}

// geometry is what the layout test reads of the page.
type geometry struct {
	Canvas       pageBox
	Panel        *pageBox // the controls, nil when hidden
	PanelFixed   bool     // the controls stay beside the views as the page scrolls
	ScrollWidth  float64
	ScrollHeight float64
	InnerWidth   float64
	InnerHeight  float64
}

const geometryJS = `JSON.stringify((() => {
	const box = e => { const b = e.getBoundingClientRect(); return {X: b.left + scrollX, Y: b.top + scrollY, W: b.width, H: b.height}; };
	const p = document.getElementById("panel"), st = getComputedStyle(p);
	return {Canvas: box(document.querySelector("body > canvas")), Panel: st.display === "none" ? null : box(p),
		PanelFixed: st.position === "fixed", ScrollWidth: document.scrollingElement.scrollWidth,
		ScrollHeight: document.scrollingElement.scrollHeight, InnerWidth: innerWidth, InnerHeight: innerHeight};
})())`

// layout waits until the page has settled with n views and returns its
// geometry and the views, read in one evaluation: a refit (the controls'
// height changes as a run ends) cannot fall between the two.
func (tb *tab) layout(n int) (geometry, map[string]panel) {
	tb.t.Helper()
	timeout := slow(60 * time.Second)
	ctx, cancel := context.WithTimeout(tb.ctx, timeout+5*time.Second)
	defer cancel()
	js := `(` + settledJS(n) + `) && JSON.stringify({g: ` + geometryJS + `, ps: nnlrs.panels})`
	s, err := chromedp.Run(ctx, chromedp.Poll[string](js, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		tb.t.Fatalf("waiting %v for the page to settle with %d views: %v (page state: %s)", timeout, n, err, tb.state())
	}
	var v struct {
		G  string
		Ps []panel
	}
	var g geometry
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		tb.t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(v.G), &g); err != nil {
		tb.t.Fatal(err)
	}
	ps := map[string]panel{}
	for _, p := range v.Ps {
		ps[p.Name] = p
	}
	return g, ps
}

func (tb *tab) geometry() geometry {
	tb.t.Helper()
	var g geometry
	if err := json.Unmarshal([]byte(eval[string](tb, geometryJS)), &g); err != nil {
		tb.t.Fatal(err)
	}
	return g
}

// hidden returns which of the buttons are not in the viewport or are
// covered there (elementFromPoint at their middle is someone else).
func (tb *tab) hidden(ids ...string) []string {
	tb.t.Helper()
	b, _ := json.Marshal(ids)
	return eval[[]string](tb, `(`+string(b)+`).filter(id => {
		const e = document.getElementById(id), b = e.getBoundingClientRect();
		const x = b.left + b.width / 2, y = b.top + b.height / 2;
		if (b.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return true;
		const hit = document.elementFromPoint(x, y);
		return !(hit === e || e.contains(hit));
	})`)
}

// TestLayout opens the page on projectors, screens at 100-150% zoom, a
// tablet and a phone, and checks that every view is at least about
// 300×180 CSS pixels, inside the canvas, apart from the other views and
// from the controls; that nothing scrolls sideways; and that Run, Cancel,
// Play and Step are in sight (not covered) whatever the page's and the
// controls' scroll: a bar that sticks within the controls beside the
// views, or fixed at the viewport's bottom when the controls go under the
// views on a narrow screen. The first screen shows a view.
func TestLayout(t *testing.T) {
	for _, s := range screens {
		t.Run(s.name, func(t *testing.T) {
			tb := openScreen(t, s, small)
			checkLayout(t, tb, len(view.Embeddable()))
			tb.checkConsole()
		})
	}
}

func checkLayout(t *testing.T, tb *tab, n int) {
	t.Helper()
	g, ps := tb.layout(n)
	if len(ps) != n {
		t.Fatalf("%d views: %v", len(ps), ps)
	}
	if g.ScrollWidth > g.InnerWidth {
		t.Errorf("the page scrolls sideways: %v wide in a viewport %v wide", g.ScrollWidth, g.InnerWidth)
	}
	// About 300×180: the views stack at full width on a phone (390 less
	// two gaps: 370).
	minW := min(300, g.InnerWidth-20)
	names := []string{}
	for name, p := range ps {
		b := pageBox{p.X, p.Y, p.W, p.H}
		if p.W < minW || p.H < 180 {
			t.Errorf("%s is %v×%v CSS px, below %v×180", name, p.W, p.H, minW)
		}
		c := g.Canvas
		if b.X < c.X || b.Y < c.Y || b.X+b.W > c.X+c.W+0.5 || b.Y+b.H > c.Y+c.H+0.5 {
			t.Errorf("%s at %+v leaves the canvas %+v", name, b, c)
		}
		if g.Panel != nil && b.overlaps(*g.Panel) {
			t.Errorf("%s at %+v lies under the controls %+v", name, b, *g.Panel)
		}
		for _, o := range names {
			q := ps[o]
			if b.overlaps(pageBox{q.X, q.Y, q.W, q.H}) {
				t.Errorf("%s and %s overlap", name, o)
			}
		}
		names = append(names, name)
	}
	// The first screen shows a view: on a narrow screen the views come
	// before the controls.
	if top := eval[float64](tb, `scrollTo(0, 0); Math.min(...nnlrs.panels.map(p => p.y))`); top+180 > float64(g.InnerHeight) {
		t.Errorf("the first view starts %v CSS px down a viewport %v high", top, g.InnerHeight)
	}
	if g.Panel == nil {
		return
	}

	// The buttons stay in sight, and the last view can scroll clear of
	// a bar fixed at the bottom.
	buttons := []string{"run", "cancel", "play", "step"}
	for _, pos := range []struct{ what, js string }{
		{"at the top", `scrollTo(0, 0); document.getElementById("panel").scrollTop = 0`},
		{"with the controls scrolled half way", `document.getElementById("panel").scrollTop = document.getElementById("panel").scrollHeight / 2; scrollTo(0, document.scrollingElement.scrollHeight / 2)`},
		{"with the controls scrolled to their end", `document.getElementById("panel").scrollTop = 1e6`},
		{"with the page scrolled to its end", `document.getElementById("panel").scrollTop = 0; scrollTo(0, 1e6)`},
	} {
		eval[any](tb, pos.js+"; null")
		if h := tb.hidden(buttons...); len(h) > 0 {
			t.Errorf("%s: %v out of sight", pos.what, h)
		}
	}
	// The bars are one row of buttons, not a sheet over the page.
	if hs := eval[[]float64](tb, `["run-bar", "play-bar"].map(id => document.getElementById(id).getBoundingClientRect().height)`); max(hs[0], hs[1]) > 60 {
		t.Errorf("the button bars are %v CSS px high", hs)
	}
	// Scrolled to the end: the views end above the bars. The views and
	// the bars are read together, in one evaluation, and given the page's
	// refit (every quarter second) to follow a change of the controls'
	// height while the run goes on (its status and advice lines).
	if g.PanelFixed {
		return
	}
	const clear = `(() => { scrollTo(0, 1e6);
		const bottom = Math.max(...nnlrs.panels.map(p => p.y + p.h));
		const top = Math.min(...["run-bar", "play-bar"].map(id => document.getElementById(id).getBoundingClientRect().top)) + scrollY;
		return [bottom, top] })()`
	if !tb.poll(`(b => b[0] <= b[1])(`+clear+`)`, 5*time.Second) {
		bt := eval[[]float64](tb, clear)
		t.Errorf("scrolled to the end, the views end at %v, below the bar at %v", bt[0], bt[1])
	}
	// The controls under the views end above the bars too: the status
	// line and the last line of the controls can be read.
	const under = `(() => { scrollTo(0, 1e6);
		const end = Math.max(...["status", "panel"].map(id => document.getElementById(id).getBoundingClientRect().bottom));
		const top = Math.min(...["run-bar", "play-bar"].map(id => document.getElementById(id).getBoundingClientRect().top));
		return [end, top] })()`
	if !tb.poll(`(b => b[0] <= b[1] + 0.5)(`+under+`)`, 5*time.Second) {
		bt := eval[[]float64](tb, under)
		t.Errorf("scrolled to the end, the controls end at %v, below the bar at %v", bt[0], bt[1])
	}
	eval[any](tb, `scrollTo(0, 0); null`)
}

// TestLayoutPresent switches the presentation text size on and off on a
// projector: the views are arranged again for the larger text (still
// apart, still at least 300×180, still two columns) and the button says
// it is pressed; the controls hide and come back, their button covering
// no view.
func TestLayoutPresent(t *testing.T) {
	tb := openScreen(t, screens[0], small)
	before := tb.panels()
	tb.click("present")
	tb.wait(`document.getElementById("present").getAttribute("aria-pressed") === "true"`, 5*time.Second)
	tb.wait(fmt.Sprintf(`nnlrs.panels.find(p => p.name === "graph").w !== %v`, before["graph"].W), 10*time.Second)
	tb.settled(len(view.Embeddable()))
	checkLayout(t, tb, len(view.Embeddable()))
	after := tb.panels()
	// Two columns kept beside the controls (the graph and the propagation
	// side by side), the views' text larger, the tour's and the controls'
	// text too.
	if g, p := after["graph"], after["propagation"]; g.Y != p.Y || p.X <= g.X {
		t.Errorf("presentation at 1024×768: graph %+v, propagation %+v, want them side by side", g, p)
	}
	if ts := eval[float64](tb, "nnlrs.textScale"); ts <= 1 {
		t.Errorf("presentation: the views' text scale is %v", ts)
	}
	if fs := eval[string](tb, `getComputedStyle(document.getElementById("run")).fontSize`); fs != "18px" {
		t.Errorf("presentation: Run's text is %s", fs)
	}
	// The controls hidden, the views take the screen but for the strip
	// of the button that brings the controls back, which covers none.
	tb.click("panel-hide")
	tb.wait(`document.body.classList.contains("nopanel")`, 10*time.Second)
	tb.settled(len(view.Embeddable()))
	toggle := eval[float64](tb, `document.getElementById("panel-toggle").getBoundingClientRect().right`)
	if g := tb.geometry(); g.Panel != nil || g.Canvas.X < toggle || g.Canvas.X+g.Canvas.W != g.InnerWidth || g.Canvas.X > 60 {
		t.Errorf("controls hidden: controls %v, canvas %+v in %v, the button's strip ends at %v", g.Panel, g.Canvas, g.InnerWidth, toggle)
	}
	checkLayout(t, tb, len(view.Embeddable()))
	if h := tb.hidden("panel-toggle"); len(h) > 0 {
		t.Error("controls hidden: no button in sight brings them back")
	}
	tb.click("panel-toggle")
	tb.wait(fmt.Sprintf(`!document.body.classList.contains("nopanel") && nnlrs.panels.find(p => p.name === "graph").w === %v`, after["graph"].W), 10*time.Second)
	tb.click("present")
	tb.wait(`document.getElementById("present").getAttribute("aria-pressed") === "false"`, 5*time.Second)
	tb.wait(fmt.Sprintf(`nnlrs.panels.find(p => p.name === "graph").w === %v`, before["graph"].W), 10*time.Second)
	tb.checkConsole()
}

// TestLayoutEmbedOff embeds one view then shows all again, by the URL
// hash: the canvas takes the page's width back (no black band where the
// controls were) and the views fill it again.
func TestLayoutEmbedOff(t *testing.T) {
	tb := openScreen(t, screens[1], small)
	eval[any](tb, `location.hash = location.hash + "&embed=weights"; null`)
	tb.settled(1)
	if g := tb.geometry(); g.Panel != nil || g.Canvas.X != 0 || g.Canvas.W != g.InnerWidth {
		t.Errorf("embedded: controls %v, canvas %+v in %v", g.Panel, g.Canvas, g.InnerWidth)
	}
	eval[any](tb, `location.hash = location.hash.replace("&embed=weights", ""); null`)
	tb.settled(len(view.Embeddable()))
	checkLayout(t, tb, len(view.Embeddable()))
	tb.checkConsole()
}

// TestLayoutHover hovers a node of the graph on a phone, where the page
// scrolls: the page converts the cursor with the page's scroll.
func TestLayoutHover(t *testing.T) {
	tb := openScreen(t, screens[len(screens)-1], small)
	tb.done()
	// Wait until the advice beside Run is final (its checks done), which
	// changes the page's height.
	tb.wait("!nnlrs.checking", 60*time.Second)
	tb.fitted()
	// Scrolled so that the node is 20 CSS px from the viewport's top: a
	// cursor read without the scroll would miss it by more than its size.
	xy := eval[[]float64](tb, "nnlrs.nodeXY(5)")
	eval[any](tb, fmt.Sprintf(`scrollTo(0, %v); null`, xy[1]-20))
	xy = eval[[]float64](tb, "nnlrs.nodeXY(5)")
	sy := eval[float64](tb, "scrollY")
	if sy < 20 {
		t.Fatalf("the page scrolled only %v down to the node at %v", sy, xy[1])
	}
	tb.mouse(xy[0], xy[1]-sy)
	tb.wait("nnlrs.hover === 5", 10*time.Second)
	tb.checkConsole()
}

// TestScreenshots saves the default page, its run done and its labels
// spread, at the sizes of the README's pictures into the folder
// NNLRS_SCREENSHOTS names (docs/screen-WxH.png); each data set
// NNLRS_SCREENSHOTS_DATA lists (say "usps,yaleb,pie") as opened by a link
// with its name and seed 1 (screen-DATA-WxH.png); and each link
// NNLRS_SCREENSHOTS_LINKS lists, separated by spaces (say "paper=ghf
// tour=4"), as opened (screen-LINK-WxH.png, the link's = and & made -
// and _); a link written "dark:LINK" is opened for a reader who prefers
// a dark scheme. To look at.
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("NNLRS_SCREENSHOTS")
	if dir == "" {
		t.Skip("NNLRS_SCREENSHOTS names no folder")
	}
	type shot struct{ hash, prefix string }
	shots := []shot{{"", "screen-"}}
	if d := os.Getenv("NNLRS_SCREENSHOTS_DATA"); d != "" {
		for _, data := range strings.Split(d, ",") {
			shots = append(shots, shot{"data=" + data + "&seed=1", "screen-" + data + "-"})
		}
	}
	for _, link := range strings.Fields(os.Getenv("NNLRS_SCREENSHOTS_LINKS")) {
		name := strings.NewReplacer("=", "-", "&", "_", ",", "+", "/", "+", ":", "-").Replace(link)
		shots = append(shots, shot{link, "screen-" + name + "-"})
	}
	for _, sh := range shots {
		for _, s := range []screen{screens[0], screens[1], screens[2], screens[5], screens[6]} {
			shoot(t, dir, sh.hash, sh.prefix, s)
		}
	}
}

// paperFigure is the name of the paper's figure the link opens, if any.
func paperFigure(hash string) string {
	for _, kv := range strings.Split(hash, "&") {
		if v, ok := strings.CutPrefix(kv, "paper="); ok && v != "none" {
			return v
		}
	}
	return ""
}

func shoot(t *testing.T, dir, hash, prefix string, s screen) {
	t.Run(hash+" "+s.name, func(t *testing.T) {
		w, h := s.css()
		tb := newTabSized(t, w, h, s.zoom)
		if dark, ok := strings.CutPrefix(hash, "dark:"); ok {
			tb.darkScheme(true)
			hash = dark
		}
		tb.navigate(baseURL, hash)
		tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
		if figure := paperFigure(hash); figure != "" {
			tb.wait(fmt.Sprintf(`nnlrs.paper && nnlrs.paper.name === %q`, figure), 600*time.Second)
		} else {
			tb.settled(len(view.Embeddable()))
			tb.done()
			tb.wait("nnlrs.converged && !nnlrs.checking", 30*time.Second)
		}
		tb.fitted()
		tb.drawn()
		b, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, fmt.Sprintf("%s%dx%d.png", prefix, s.w, s.h))
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	})
}

// TestVisionScreenshots saves, with NNLRS_SCREENSHOTS set, the default page
// (light and dark) and the propagation of Yale B at 1280×720 as readers with deuteranopia,
// protanopia and tritanopia see them (Chromium's emulation), to look at:
// vision-NAME-KIND.png.
func TestVisionScreenshots(t *testing.T) {
	dir := os.Getenv("NNLRS_SCREENSHOTS")
	if dir == "" {
		t.Skip("NNLRS_SCREENSHOTS names no folder")
	}
	for _, c := range []struct{ name, hash string }{{"default", ""}, {"yaleb", "data=yaleb&seed=1&embed=propagation"}, {"dark", ""}} {
		w, h := screens[1].css()
		tb := newTabSized(t, w, h, 1)
		tb.darkScheme(c.name == "dark")
		tb.navigate(baseURL, c.hash)
		tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
		tb.wait(`nnlrs.state === "done"`, 180*time.Second)
		tb.wait("nnlrs.converged && !nnlrs.checking", 120*time.Second)
		tb.drawn()
		for _, kind := range []emulation.SetEmulatedVisionDeficiencyType{
			emulation.SetEmulatedVisionDeficiencyTypeDeuteranopia,
			emulation.SetEmulatedVisionDeficiencyTypeProtanopia,
			emulation.SetEmulatedVisionDeficiencyTypeTritanopia,
		} {
			if _, err := cdp.Call(tb.ctx, chromedp.FromContext(tb.ctx).Target, emulation.SetEmulatedVisionDeficiency,
				emulation.SetEmulatedVisionDeficiencyParams{Type: kind}); err != nil {
				t.Fatal(err)
			}
			b, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("vision-%s-%s.png", c.name, kind)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
