package e2e

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"

	"nnlrs/ui/params"
	"nnlrs/ui/view"
)

// TestHighDPI opens the page on a screen of 2 device pixels per CSS pixel:
// the canvas draws at the screen's resolution while the views keep their
// CSS layout, every view shows its classes, hovering finds the node under
// the mouse, and the PNG has the screen's resolution.
func TestHighDPI(t *testing.T) {
	tb := openScaled(t, baseURL, small, 2)
	tb.done()
	if r := eval[float64](tb, "devicePixelRatio"); r != 2 {
		t.Fatalf("devicePixelRatio %v", r)
	}
	size := eval[[]float64](tb, `(c => [c.width, c.height, c.clientWidth, c.clientHeight])(document.querySelector("body > canvas"))`)
	if size[0] != 2*size[2] || size[1] != 2*size[3] {
		t.Errorf("canvas of %v×%v pixels shown on %v×%v CSS pixels: not the screen's resolution", size[0], size[1], size[2], size[3])
	}
	tb.drawn()
	img := tb.screenshot()
	if w := img.Bounds().Dx(); w != 2*viewW {
		t.Fatalf("screenshot %d pixels wide, want %d", w, 2*viewW)
	}
	ps := tb.panels()
	for _, name := range []string{"graph", "weights", "propagation"} {
		r := ps[name].rect()
		r.Min = r.Min.Mul(2)
		r.Max = r.Max.Mul(2)
		if k := classesShown(img, r, 80); k < 3 {
			t.Errorf("%s: %d of the 3 classes coloured (pixels per class: %v)", name, k, classPixels(img, r))
		}
	}
	// The mouse moves in CSS pixels; the node under it is found.
	xy := eval[[]float64](tb, "nnlrs.nodeXY(7)")
	tb.mouse(xy[0], xy[1])
	tb.wait("nnlrs.hover === 7", 10*time.Second)

	tb.click("png")
	b := download(t, "nnlrs-synthetic-seed3.png")
	pic, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := pic.Bounds().Dx(), pic.Bounds().Dy(); w != int(size[0]) || h != int(size[1]) {
		t.Errorf("PNG %d×%d, want the canvas's %v×%v", w, h, size[0], size[1])
	}
	if k := classesShown(pic, pic.Bounds(), 400); k < 3 {
		t.Errorf("PNG: %d classes coloured", k)
	}
	tb.checkConsole()
}

// TestKeyboard works the page with the keyboard alone: every control has a
// label, Tab reaches the controls in the order of the page (the canvas
// takes no focus), Home/End and the arrows move the sliders, Enter and
// Space press the buttons; λ and β moved to degenerate values bring the
// advice that says which slider to move back.
func TestKeyboard(t *testing.T) {
	tb := open(t, small)
	tb.done()
	unnamed := eval[[]string](tb, `[...document.querySelectorAll("input, select, button, progress, a")]
		.filter(e => !(e.labels && e.labels.length) && !e.getAttribute("aria-label") && !e.textContent.trim())
		.map(e => e.id || e.outerHTML)`)
	if len(unnamed) > 0 {
		t.Errorf("controls without a label: %v", unnamed)
	}

	// Tab from the top of the page.
	blur := func() { eval[bool](tb, `(document.activeElement && document.activeElement.blur(), true)`) }
	blur()
	var order []string
	for i := 0; i < 60; i++ {
		tb.keys(kb.Tab)
		id := tb.focused()
		// An element met again (by identity: two may share a name) ends
		// the round.
		if id == "BODY" || eval[bool](tb, `(s => s.has(document.activeElement) || (s.add(document.activeElement), false))(window.__tabbed ||= new Set())`) {
			break
		}
		order = append(order, id)
	}
	want := []string{"data", "classes", "per", "labeled", "noise", "corrupt", "seed", "beta", "lambda", "theta",
		"run", "graph", "inspect", "prop", "alpha", "play", "step", "reset", "link", "embed-view", "embed-link", "png", "csv"}
	if !isSubsequence(want, order) || slices.Contains(order, "CANVAS") {
		t.Errorf("Tab visits %v; want %v in this order and not the canvas", order, want)
	}
	tabTo := func(id string) {
		t.Helper()
		blur()
		// Within two rounds of the cycle, whatever was disabled while
		// the round above was counted (a run that began or ended then
		// changes which buttons take focus).
		for i := 0; i < 2*(len(order)+2); i++ {
			tb.keys(kb.Tab)
			if tb.focused() == id {
				return
			}
		}
		t.Fatalf("Tab never reaches #%s", id)
	}

	tabTo("lambda")
	tb.keys(kb.Home)
	if s := tb.text("lambda-out"); s != "0.05" {
		t.Errorf("Home: λ shows %q", s)
	}
	tb.keys(kb.ArrowRight + kb.ArrowRight)
	tb.keys(kb.ArrowLeft)
	if s := tb.text("lambda-out"); s != "0.1" {
		t.Errorf("Home, right, right, left: λ shows %q", s)
	}
	tb.keys(kb.ArrowLeft)
	runs := eval[int](tb, "nnlrs.runs")
	tabTo("run")
	tb.keys(kb.Enter)
	tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "done"`, runs), 180*time.Second)
	if h := eval[string](tb, "location.hash"); !strings.Contains(h, "lambda=0.05&") {
		t.Errorf("hash %q", h)
	}
	tb.wait(`document.getElementById("advice").textContent.includes("Checked on these data: Raise λ")`, 60*time.Second)

	// Inspect sample 2 by keyboard: the graph view shows it (the model's
	// inspected node) and the page says in words what the card shows.
	tabTo("inspect")
	tb.keys(kb.ArrowUp + kb.ArrowUp)
	tb.wait(`nnlrs.hover === 1`, 10*time.Second)
	if s := tb.text("inspect-text"); !strings.HasPrefix(s, "Sample 2 of ") || !strings.Contains(s, "NNLRS graph: ") {
		t.Errorf("inspecting sample 2: %q", s)
	}
	tb.keys(kb.ArrowDown + kb.ArrowDown)
	tb.wait(`nnlrs.hover === -1`, 10*time.Second)
	if s := tb.text("inspect-text"); s != "" {
		t.Errorf("inspecting none: %q", s)
	}

	// λ back to 1 (5 steps up), β to its largest value.
	tabTo("lambda")
	tb.keys(strings.Repeat(kb.ArrowRight, 5))
	tabTo("beta")
	tb.keys(kb.End)
	if s := tb.text("beta-out") + " " + tb.text("lambda-out"); s != "100 1" {
		t.Errorf("β and λ show %q, want 100 and 1", s)
	}
	runs = eval[int](tb, "nnlrs.runs")
	tabTo("run")
	tb.keys(" ")
	tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "done"`, runs), 180*time.Second)
	if a := tb.text("advice"); !strings.HasPrefix(a, "The NNLRS graph is empty") {
		t.Errorf("β = 100: advice %q (graph %+v)", a, tb.graph("nnlrs"))
	}
	tb.wait(`document.getElementById("advice").textContent.includes("Checked on these data: Lower β")`, 60*time.Second)

	// Reset and step the propagation by keyboard (it played by itself).
	tabTo("reset")
	tb.keys(kb.Enter)
	tb.wait("nnlrs.step === 0", 10*time.Second)
	tabTo("step")
	tb.keys(kb.Enter)
	tb.wait("nnlrs.step === 1", 10*time.Second)
	tb.checkConsole()
}

// isSubsequence reports whether want appears in got in its order.
func isSubsequence(want, got []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && g == want[i] {
			i++
		}
	}
	return i == len(want)
}

// TestLoading holds the download of app.wasm half way: the page shows how
// much arrived, then hides the indicator once the demo draws. A site
// without app.wasm says that the demo could not start.
func TestLoading(t *testing.T) {
	if browser == nil {
		t.Skip(noBrowser)
	}
	wasm, err := os.ReadFile(filepath.Join(siteDir, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	files := http.FileServer(http.Dir(siteDir))
	held := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/app.wasm" {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/wasm")
		w.Header().Set("Content-Length", fmt.Sprint(len(wasm)))
		half := len(wasm) / 2
		w.Write(wasm[:half])
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
			return
		}
		w.Write(wasm[half:])
	}))
	tb := newTab(t, 1)
	tb.navigate(held, small)
	tb.wait(`document.getElementById("load-progress").value > 0`, 30*time.Second)
	text := tb.text("load-text")
	if !regexp.MustCompile(`^Loading the demo: [0-9.]+ of [0-9.]+ MB…$`).MatchString(text) {
		t.Errorf("loading text %q", text)
	}
	if eval[bool](tb, `document.getElementById("loading").hidden || !!document.querySelector("body > canvas")`) {
		t.Error("the indicator is hidden, or the demo runs, before app.wasm arrived")
	}
	close(release)
	tb.wait("window.nnlrs && nnlrs.frames > 2", 60*time.Second)
	tb.wait(`document.getElementById("loading").hidden`, 10*time.Second)
	tb.done()

	missing := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/app.wasm" {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	}))
	tb = newTab(t, 1)
	tb.navigate(missing, "")
	tb.wait(`document.getElementById("load-text").textContent.startsWith("The demo could not start")`, 30*time.Second)
	if s := tb.text("load-text"); s != "The demo could not start: app.wasm: HTTP status 404" {
		t.Errorf("loading text %q", s)
	}
}

// serve serves h on a loopback port until the test ends and returns its
// address.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return "http://" + l.Addr().String() + "/"
}

// TestJumpToControls: on a phone, where the controls go under every view,
// a link above the views (in sight on the first screen, over no view)
// is the first stop of Tab; Enter on it brings the controls' top into
// sight below the strip at the top and moves the focus to the link back,
// whose Enter brings the page back to its top and the focus to the first
// link. Neither touches the address, which holds the settings. On a
// teacher's link the first names the question, which is under the views
// too. On a projector, where the controls sit beside the views, neither
// shows.
func TestJumpToControls(t *testing.T) {
	tb := openScreen(t, screens[len(screens)-1], small)
	tb.done()
	tb.fitted()
	eval[any](tb, `scrollTo(0, 0); null`)
	if h := tb.hidden("to-controls"); len(h) > 0 {
		t.Errorf("the link to the controls is out of sight or covered on the first screen")
	}
	bottom := eval[float64](tb, `document.getElementById("to-controls").getBoundingClientRect().bottom + scrollY`)
	if top := eval[float64](tb, `Math.min(...nnlrs.panels.map(p => p.y))`); bottom > top {
		t.Errorf("the link to the controls ends at %v, over the first view at %v", bottom, top)
	}
	// On a first visit, what the page shows and what to try, above the
	// views too.
	if s := tb.text("jump-intro"); !strings.Contains(s, "Try the tour") {
		t.Errorf("the line above the views says %q", s)
	}
	aboveViews(t, tb, "jump-intro")
	hash := eval[string](tb, "location.hash")
	eval[bool](tb, `(document.activeElement && document.activeElement.blur(), true)`)
	tb.keys(kb.Tab)
	if f := tb.focused(); f != "to-controls" {
		t.Fatalf("the first Tab goes to %q, want the link to the controls", f)
	}
	tb.keys(kb.Enter)
	inSight := `(() => { const t = document.getElementById("panel").getBoundingClientRect().top, s = document.getElementById("top").offsetHeight;
		return t >= s - 1 && t <= innerHeight / 2 })()`
	if !tb.poll(inSight+` && document.activeElement.id === "to-views"`, 5*time.Second) {
		t.Errorf("Enter on the link: the controls' top at %v (viewport %v), focus on %q", eval[float64](tb, `document.getElementById("panel").getBoundingClientRect().top`),
			eval[float64](tb, "innerHeight"), tb.focused())
	}
	if h := tb.hidden("to-views"); len(h) > 0 {
		t.Errorf("the link back is out of sight or covered at the controls")
	}
	tb.keys(kb.Enter)
	if !tb.poll(`scrollY === 0 && document.activeElement.id === "to-controls"`, 5*time.Second) {
		t.Errorf("Enter on the link back: scrolled to %v, focus on %q", eval[float64](tb, "scrollY"), tb.focused())
	}
	if h := eval[string](tb, "location.hash"); h != hash {
		t.Errorf("the links changed the address's hash from %q to %q", hash, h)
	}
	tb.checkConsole()

	// A teacher's link: the question is under the views too, and the
	// link says so.
	tb = openScreen(t, screens[len(screens)-1], "seed=1&only=theta&ask=Why%3F")
	if s := tb.text("to-controls"); !strings.Contains(s, "question") {
		t.Errorf("on a teacher's link the link above the views says %q", s)
	}
	if s := tb.text("jump-intro"); !strings.Contains(s, "Why?") {
		t.Errorf("on a teacher's link the line above the views says %q, not the question", s)
	}
	aboveViews(t, tb, "jump-intro")
	tb.checkConsole()

	tb = openScreen(t, screens[0], small)
	if shown := eval[[]string](tb, `["to-controls", "to-views"].filter(id => document.getElementById(id).getClientRects().length > 0)`); len(shown) > 0 {
		t.Errorf("on a projector, %v shown", shown)
	}
	tb.checkConsole()
}

// aboveViews checks that element id is in sight on the page's first
// screen, uncovered, and ends above the first view.
func aboveViews(t *testing.T, tb *tab, id string) {
	t.Helper()
	eval[any](tb, `scrollTo(0, 0); null`)
	if h := tb.hidden(id); len(h) > 0 {
		t.Errorf("#%s is out of sight or covered on the first screen: %v", id, h)
	}
	bottom := eval[float64](tb, fmt.Sprintf(`document.getElementById(%q).getBoundingClientRect().bottom + scrollY`, id))
	if top := eval[float64](tb, `Math.min(...nnlrs.panels.map(p => p.y))`); bottom > top {
		t.Errorf("#%s ends at %v, over the first view at %v", id, bottom, top)
	}
}

// TestCitationsShown: where the page's text cites a piece of the paper by
// name (an exercise's question, a step of the tour, the NNLRS graph's
// controls), the piece is written out beside it as page text, folded in
// a <details> that the keyboard opens: problem (6) with its terms,
// Algorithm 2 with its steps (params.Citations). The key to the views
// (view.View.Key) is page text beside them too.
func TestCitationsShown(t *testing.T) {
	tb := newTabSized(t, 1024, 768, 1)
	tb.navigate(baseURL, small)
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	// shows reports whether the element of the selector holds citation
	// c written out: its title and every line.
	shows := func(sel string, c params.Citation) bool {
		b, _ := json.Marshal(append([]string{c.Title}, c.Lines...))
		return eval[bool](tb, fmt.Sprintf(`(() => { const d = [...document.querySelectorAll(%q)].find(e => e.dataset.cite === %q);
			return !!d && %s.every(l => d.textContent.includes(l)) })()`, sel+" details.cite", c.Name, b))
	}
	cited := 0
	for i, e := range params.Exercises {
		for _, c := range params.Cited(e.Question) {
			cited++
			if !shows(fmt.Sprintf("#exercises > li:nth-child(%d)", i+1), c) {
				t.Errorf("exercise %q cites %s, not written out beside it", e.Title, c.Name)
			}
		}
	}
	if cited < 2 {
		t.Fatalf("the exercises cite %d pieces of the paper: the test checks too little", cited)
	}
	for _, name := range []string{"problem (6)", "Algorithm 2"} {
		if !shows("#graph-fields", params.Cited(name)[0]) {
			t.Errorf("the NNLRS graph's controls do not write out %s", name)
		}
	}
	// The keyboard opens one: its summary takes the focus, Enter unfolds it.
	eval[any](tb, `document.querySelector("#graph-fields details.cite summary").focus(); null`)
	if f := tb.focused(); !strings.HasPrefix(f, "SUMMARY") {
		t.Errorf("a citation's summary does not take the focus: %q", f)
	}
	tb.keys(kb.Enter)
	if !tb.poll(`document.querySelector("#graph-fields details.cite").open`, 5*time.Second) {
		t.Error("Enter on a citation's summary does not unfold it")
	}
	// The key to the views: each view's title and what its marks mean.
	for _, v := range view.Registry {
		if !eval[bool](tb, fmt.Sprintf(`(k => k.includes(%q) && k.includes(%q))(document.getElementById("views-key").textContent)`, v.Title, v.Key)) {
			t.Errorf("the key to the views does not say what %s's marks mean", v.Name)
		}
	}
	for n, s := range params.TourSteps {
		cs := params.Cited(s.Text)
		if len(cs) == 0 {
			continue
		}
		eval[any](tb, fmt.Sprintf(`location.hash = "tour=%d"; null`, n+1))
		for _, c := range cs {
			if !tb.poll(fmt.Sprintf(`document.getElementById("tour-count").textContent.startsWith("Tour %d/")`, n+1), 10*time.Second) || !shows("#tour-cite", c) {
				t.Errorf("tour step %d (%s) cites %s, not written out in its strip", n+1, s.Title, c.Name)
			}
		}
	}
	tb.checkConsole()
}

// TestViewExport downloads one view for slides: the weights as a PNG of
// twice their view's size on the page, on the panel's ground to its edge
// (no frame), and as SVG that parses as XML, is the view's size and holds
// its title as text; then Table IV, the paper's figure shown, as SVG with
// its title and the β of its axis as text.
func TestViewExport(t *testing.T) {
	tb := newTabSized(t, 1024, 768, 1)
	tb.navigate(baseURL, small)
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	tb.done()
	tb.fitted()
	tb.drawn()
	tb.setValue("embed-view", "weights")
	p := tb.panels()["weights"]
	tb.click("view-png")
	tb.wait(`nnlrs.lastDownload && nnlrs.lastDownload.name.endsWith("-weights-2x.png")`, 20*time.Second)
	pic, err := png.Decode(bytes.NewReader(download(t, eval[string](tb, "nnlrs.lastDownload.name"))))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := pic.Bounds().Dx(), pic.Bounds().Dy(); w != int(math.Ceil(2*p.W)) || h != int(math.Ceil(2*p.H)) {
		t.Errorf("PNG %d×%d, want twice the view's %v×%v", w, h, p.W, p.H)
	}
	if a, b := pic.At(0, 0), pic.At(6, 6); a != b {
		t.Errorf("the PNG's corner %v is not its ground %v: a frame", a, b)
	}
	tb.click("view-svg")
	tb.wait(`nnlrs.lastDownload && nnlrs.lastDownload.name.endsWith("-weights.svg")`, 20*time.Second)
	w, _, texts := svgOf(t, download(t, eval[string](tb, "nnlrs.lastDownload.name")))
	if math.Abs(w-p.W) > 0.01 || !strings.Contains(texts, "Weights W") { // the SVG gives hundredths
		t.Errorf("the weights' SVG is %v wide (the view %v) with texts %q", w, p.W, texts)
	}

	eval[any](tb, `location.hash = "paper=beta"; null`)
	tb.wait("nnlrs.paper", 120*time.Second)
	tb.drawn()
	tb.click("view-svg")
	tb.wait(`nnlrs.lastDownload && nnlrs.lastDownload.name.endsWith("-paper.svg")`, 20*time.Second)
	_, _, texts = svgOf(t, download(t, eval[string](tb, "nnlrs.lastDownload.name")))
	for _, s := range []string{"Table IV", "0.001", "0.01", "100"} {
		if !strings.Contains(texts, s) {
			t.Errorf("Table IV's SVG without the text %q", s)
		}
	}
	tb.checkConsole()
}

// svgOf parses b as an SVG document, failing t where it is no XML, and
// returns its size and its texts joined by newlines.
func svgOf(t *testing.T, b []byte) (w, h float64, texts string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	var ts []string
	in := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is no XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			in = e.Name.Local == "text"
			if e.Name.Local == "svg" {
				for _, a := range e.Attr {
					switch a.Name.Local {
					case "width":
						w, _ = strconv.ParseFloat(a.Value, 64)
					case "height":
						h, _ = strconv.ParseFloat(a.Value, 64)
					}
				}
			}
		case xml.CharData:
			if in {
				ts = append(ts, string(e))
			}
		case xml.EndElement:
			in = false
		}
	}
	return w, h, strings.Join(ts, "\n")
}
