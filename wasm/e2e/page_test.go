package e2e

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// small is a quick run: 3 subspaces of 12 samples.
const small = "data=synthetic&classes=3&per=12&labeled=10&noise=0.1&corrupt=10&beta=0.2&lambda=1&theta=0.05&prop=ghf&alpha=0.99&seed=3&graph=nnlrs"

// endless, added to a link, makes its NNLRS solve long on any machine: a
// gap no solve certifies, so the solver runs to its cap of 5000
// iterations (minutes in the browser on 2 cores; tens of seconds on a
// machine ten times as fast), for the tests that act while a run goes on.
const endless = "&gap=1e-12"

// done waits for the run to finish.
func (tb *tab) done() {
	tb.t.Helper()
	tb.wait(`nnlrs.state === "done"`, 180*time.Second)
}

// run clicks Run and waits for the new run to reach state.
func (tb *tab) run(state string) {
	tb.t.Helper()
	runs := eval[int](tb, "nnlrs.runs")
	tb.click("run")
	tb.wait(fmt.Sprintf("nnlrs.runs > %d && nnlrs.state === %q", runs, state), 180*time.Second)
}

// measures are a graph's numbers, as the page reports them.
type measures struct {
	GHF, LGC, Within       *float64
	Density, Diagonal      float64
	Iterations, Components int
	N                      int
	Converged              bool
	Elapsed                float64
}

func (tb *tab) graph(method string) measures {
	tb.t.Helper()
	return eval[measures](tb, "nnlrs.graphs."+method)
}

// TestDefaultRun opens the page as a visitor does: the default run starts by
// itself and completes; every view shows class-coloured or drawn content;
// hovering a node shows its card; stepping the propagation changes the
// picture; the downloads work; the console stays clean.
// checkStatusTimes checks that no graph's time in a run's status line
// exceeds the run's whole time without saying that part of it came
// before the page asked (a solve begun from the link while the page
// loaded).
func checkStatusTimes(t *testing.T, status string) {
	t.Helper()
	status, _, _ = strings.Cut(status, " Ready ") // the time from the page's opening (TestStatusTimes)
	m := regexp.MustCompile(`^Done in (\d+\.\d) s: (.*)$`).FindStringSubmatch(status)
	if m == nil {
		t.Errorf("status %q: no total", status)
		return
	}
	whole, _ := strconv.ParseFloat(m[1], 64)
	for _, part := range strings.Split(m[2], ";") {
		for _, v := range regexp.MustCompile(`(\d+\.\d) s`).FindAllStringSubmatch(part, -1) {
			if x, _ := strconv.ParseFloat(v[1], 64); x > whole && !strings.Contains(part, "before the page asked") {
				t.Errorf("status %q: %q takes %v s of a run of %v s, and says not why", status, strings.TrimSpace(part), x, whole)
			}
		}
	}
}

func TestDefaultRun(t *testing.T) {
	tb := open(t, "")
	if w := eval[int](tb, "nnlrs.workers"); w < 1 {
		t.Errorf("%d workers", w)
	}
	tb.done()
	if r, it := eval[int](tb, "nnlrs.runs"), eval[int](tb, "nnlrs.iterations"); r != 1 || it == 0 {
		t.Errorf("%d runs, NNLRS %d iterations: want the one run that starts by itself", r, it)
	}
	if h := eval[string](tb, "location.hash"); !strings.HasPrefix(h, "#data=synthetic&classes=4&per=25&labeled=5") {
		t.Errorf("location.hash = %q", h)
	}
	// Chromium runs WebAssembly SIMD128: the solver's kernels say so
	// (wasm/kernels), on the page's hook and in its status.
	if k := eval[string](tb, "nnlrs.kernels"); k != "simd128" {
		t.Errorf("kernels %q, want simd128", k)
	}
	if s := tb.text("status"); !strings.HasPrefix(s, "Done in") || !strings.Contains(s, "SIMD128") {
		t.Errorf("status %q", s)
	} else {
		checkStatusTimes(t, s)
	}
	if eval[bool](tb, `!document.getElementById("loading").hidden`) {
		t.Error("the loading indicator still shows")
	}
	// Static and offline: the page asked nothing of another site.
	origin := eval[string](tb, "location.origin") + "/"
	asked := eval[[]string](tb, `performance.getEntriesByType("resource").map(e => e.name)`)
	if !slices.Contains(asked, origin+"app.wasm") || !slices.Contains(asked, origin+"data/index.json") {
		t.Errorf("the page's requests %v lack app.wasm or data/index.json", asked)
	}
	for _, u := range asked {
		if !strings.HasPrefix(u, origin) {
			t.Errorf("a request beyond the site: %s", u)
		}
	}
	// The defaults teach: NNLRS is neither Z = I nor Z = 0, and the page
	// has no advice to give.
	nn := tb.graph("nnlrs")
	if nn.Diagonal > 0.5 || nn.Density == 0 || *nn.Within < 0.9 || *nn.GHF > 0.1 {
		t.Errorf("the default NNLRS graph: %+v", nn)
	}
	if a := tb.text("advice"); a != "" {
		t.Errorf("advice on the defaults: %q", a)
	}
	tb.drawn()
	img := tb.screenshot()
	ps := tb.panels()
	for _, name := range []string{"graph", "weights", "propagation"} {
		if k := classesShown(img, ps[name].rect(), 20); k < 4 {
			t.Errorf("%s: %d of the 4 classes coloured (pixels per class: %v)", name, k, classPixels(img, ps[name].rect()))
		}
	}
	for _, name := range []string{"convergence", "outcome"} {
		if n := inked(img, ps[name].rect()); n < 2000 {
			t.Errorf("%s: %d pixels drawn", name, n)
		}
	}

	// The first worker starts the link's NNLRS graph before the page's
	// program asks for it (wasm/solver/headstart.go); whether or not the
	// page adopted that solve, every graph of the load is the one a cold
	// Run computes.
	t.Run("head start", func(t *testing.T) {
		tb.t = t
		head := eval[float64](tb, "nnlrs.headStart")
		graphs := []string{"nnlrs", "knn0", "l1", "lrr"}
		var w0 [][]float64
		for _, g := range graphs {
			w0 = append(w0, eval[[]float64](tb, fmt.Sprintf("nnlrs.graphW(%q)", g)))
		}
		tb.run("done")
		for i, g := range graphs {
			w1 := eval[[]float64](tb, fmt.Sprintf("nnlrs.graphW(%q)", g))
			if len(w0[i]) != 100*100 || !slices.Equal(w0[i], w1) {
				t.Errorf("the %s graph of the page's load (%d weights) differs from a cold Run's (%d weights)", g, len(w0[i]), len(w1))
			}
		}
		t.Logf("the load's NNLRS solve ran %.2f s before the page asked for it", head)
	})

	t.Run("hover", func(t *testing.T) {
		tb.t = t
		xy := eval[[]float64](tb, "nnlrs.nodeXY(10)")
		tb.mouse(xy[0], xy[1])
		tb.wait("nnlrs.hover === 10", 10*time.Second)
		tb.drawn()
		after := tb.screenshot()
		if d := differing(img, after, ps["graph"].rect()); d < 3000 {
			t.Errorf("hovering node 10 changed %d pixels of the graph view", d)
		}
		tb.mouse(viewW-5, viewH-5) // the canvas, away from the nodes
		tb.wait("nnlrs.hover === -1", 10*time.Second)
	})

	t.Run("propagation", func(t *testing.T) {
		tb.t = t
		// The labels spread by themselves once the run is done, and stop
		// where the predictions are final: the step view's error is then
		// the Outcome's. Playing computes steps for a share of each frame,
		// so it lasts longer on a slower or busier machine: the wait is
		// generous.
		tb.wait("nnlrs.converged", 120*time.Second)
		if s := eval[int](tb, "nnlrs.step"); s < 1 {
			t.Errorf("converged at step %d", s)
		}
		if d := eval[float64](tb, "Math.abs(nnlrs.stepError - nnlrs.graphs.nnlrs.ghf)"); d != 0 {
			t.Errorf("the step view's error differs from the Outcome's by %v", d)
		}
		tb.click("reset")
		tb.wait("nnlrs.step === 0", 10*time.Second)
		tb.drawn()
		before := tb.screenshot()
		tb.click("step")
		tb.wait("nnlrs.step === 1", 10*time.Second)
		tb.drawn()
		after := tb.screenshot()
		r := ps["propagation"].rect()
		if d := differing(before, after, r); d < 2000 {
			t.Errorf("a step changed %d pixels of the propagation view", d)
		}
		if k := classesShown(after, r, 200); k < 4 {
			t.Errorf("after a step, %d classes have 200 pixels in the propagation view: %v", k, classPixels(after, r))
		}
		tb.click("play")
		tb.wait("nnlrs.converged", 120*time.Second)
		if s := eval[int](tb, "nnlrs.step"); s < 2 {
			t.Errorf("played to step %d", s)
		}
		if eval[string](tb, `document.getElementById("play").textContent`) != "Play" {
			t.Error("Play does not come back once the predictions are final")
		}
		tb.click("reset")
		tb.wait("nnlrs.step === 0", 10*time.Second)
	})

	t.Run("graph shown", func(t *testing.T) {
		tb.t = t
		before := tb.screenshot()
		tb.setValue("graph", "lrr")
		tb.drawn()
		after := tb.screenshot()
		if d := differing(before, after, ps["graph"].rect()); d < 3000 {
			t.Errorf("showing LRR changed %d pixels of the graph view", d)
		}
		if h := eval[string](tb, "document.getElementById('link').getAttribute('href')"); !strings.Contains(h, "graph=lrr") {
			t.Errorf("link %q does not show LRR", h)
		}
		if h := eval[string](tb, "location.hash"); !strings.Contains(h, "graph=lrr") {
			t.Errorf("location.hash %q does not show LRR", h)
		}
		tb.setValue("graph", "nnlrs")
	})

	t.Run("downloads", func(t *testing.T) {
		tb.t = t
		tb.click("csv")
		b := download(t, "nnlrs-synthetic-seed1-W.csv")
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil || len(rows) != 100 || len(rows[0]) != 100 {
			t.Errorf("CSV: %d rows, err %v", len(rows), err)
		}
		tb.click("png")
		b = download(t, "nnlrs-synthetic-seed1.png")
		pic, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		// The PNG holds the views without the controls.
		if w := pic.Bounds().Dx(); w > viewW-300 {
			t.Errorf("PNG %d pixels wide: the controls are in it", w)
		}
		if k := classesShown(pic, pic.Bounds(), 200); k < 4 {
			t.Errorf("PNG: %d classes coloured", k)
		}
	})
	tb.t = t
	tb.checkConsole()

	// The README's picture: the propagation played to its end, a node
	// hovered.
	if path := os.Getenv("NNLRS_SCREENSHOT"); path != "" {
		tb.click("play")
		tb.wait("nnlrs.converged", 120*time.Second)
		xy := eval[[]float64](tb, "nnlrs.nodeXY(40)")
		tb.mouse(xy[0], xy[1])
		tb.wait("nnlrs.hover === 40", 10*time.Second)
		eval[bool](tb, `(document.getElementById("panel").scrollTop = 0, true)`)
		tb.drawn()
		var b bytes.Buffer
		png.Encode(&b, tb.screenshot())
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// TestSharedLink opens the same link twice: the controls show its settings
// and the two pages compute and draw the same figure; another seed gives
// another figure.
func TestSharedLink(t *testing.T) {
	hash := "data=synthetic&classes=3&per=15&labeled=20&noise=0.1&corrupt=10&beta=0.5&lambda=2&theta=0.1&lrr=0.5&prop=lgc&alpha=0.9&seed=7&graph=lrr"
	a := open(t, hash)
	a.done()
	if h := eval[string](a, "location.hash"); h != "#"+hash {
		t.Errorf("hash %q, want %q", h, "#"+hash)
	}
	for id, want := range map[string]string{"classes": "3", "per": "15", "seed": "7", "graph": "lrr", "prop": "lgc"} {
		if got := eval[string](a, fmt.Sprintf("document.getElementById(%q).value", id)); got != want {
			t.Errorf("#%s = %q, want %q", id, got, want)
		}
	}
	for id, want := range map[string]string{"beta-out": "0.5", "lambda-out": "2", "theta-out": "0.1", "lrr-out": "0.5", "alpha-out": "0.9", "labeled-out": "20"} {
		if got := a.text(id); got != want {
			t.Errorf("#%s shows %q, want %q", id, got, want)
		}
	}
	b := open(t, hash)
	b.done()
	da, db := eval[string](a, "nnlrs.digest"), eval[string](b, "nnlrs.digest")
	if da != db || da == "" {
		t.Errorf("digests %q and %q", da, db)
	}
	a.drawn()
	b.drawn()
	ia, ib := a.screenshot(), b.screenshot()
	ps := a.panels()
	// The same figure, up to SwiftShader's antialiasing (see differing):
	// at most 1 pixel in 2000, 80 pixels of the graph view, ten times what
	// the antialiasing was seen to change; another seed changes tens of
	// thousands (below).
	for _, name := range []string{"graph", "weights"} {
		r := ps[name].rect()
		if d := differing(ia, ib, r); d > r.Dx()*r.Dy()/2000 {
			t.Errorf("%s view: %d pixels differ between the two pages", name, d)
		}
	}
	// A new hash (another seed) is a new run, and another figure: far more
	// pixels differ than the antialiasing tolerance above allows.
	eval[bool](b, `(location.hash = location.hash.replace("seed=7", "seed=8"), true)`)
	b.wait(`nnlrs.state === "done" && nnlrs.digest !== "`+da+`"`, 120*time.Second)
	b.drawn()
	ib = b.screenshot()
	for _, name := range []string{"graph", "weights"} {
		r := ps[name].rect()
		d := differing(ia, ib, r)
		if d < 10*(r.Dx()*r.Dy()/2000) {
			t.Errorf("%s view: only %d pixels differ between seeds 7 and 8", name, d)
		}
		t.Logf("%s view: %d pixels differ between seeds 7 and 8", name, d)
	}
	a.checkConsole()
	b.checkConsole()
}

// TestCancel stops a long run (made long by its gap): the page says so at
// once, the worker stops computing, and the next run works.
func TestCancel(t *testing.T) {
	tb := open(t, "data=synthetic&classes=4&per=50&labeled=5&noise=0.2&corrupt=20&beta=0.2&lambda=1&theta=0.05&prop=ghf&alpha=0.99&seed=1&graph=nnlrs"+endless)
	tb.wait(`nnlrs.state === "running" && nnlrs.iterations > 2`, 60*time.Second)
	if eval[bool](tb, `document.getElementById("cancel").disabled`) {
		t.Fatal("Cancel disabled while running")
	}
	// The live views follow the workers: the convergence view grows, and
	// the weights view shows the iterates so far.
	ps := tb.panels()
	tb.drawn()
	d, it := eval[int](tb, "nnlrs.draws"), eval[int](tb, "nnlrs.iterations")
	before := tb.screenshot()
	tb.wait(fmt.Sprintf(`nnlrs.draws > %d && nnlrs.iterations > %d`, d+1, it+1), 30*time.Second)
	tb.drawn()
	after := tb.screenshot()
	if eval[string](tb, "nnlrs.state") != "running" {
		t.Fatal("the run ended before Cancel")
	}
	// The progress bar and the status: iteration, residual, elapsed time.
	if s := tb.text("status"); !regexp.MustCompile(`^Running, [0-9.]+ s: .*NNLRS iteration [0-9]+, residual [0-9.]+e[-+][0-9]+`).MatchString(s) {
		t.Errorf("status %q", s)
	}
	if v := eval[float64](tb, `document.getElementById("progress").value`); v <= 0 || v >= 1 {
		t.Errorf("progress %v while running", v)
	}
	if n := differing(before, after, ps["convergence"].rect()); n < 500 {
		t.Errorf("the convergence view changed %d pixels while the solvers ran", n)
	}
	// NNLRS's iterate alone inks about 5000 pixels here (its blocks, at
	// iteration 20-30); with a second worker, LRR's dense one adds 15000.
	if n := inked(after, ps["weights"].rect()); n < 4000 {
		t.Errorf("the weights view drew %d pixels while the solvers ran", n)
	}
	start := time.Now()
	tb.click("cancel")
	tb.wait(`nnlrs.state === "cancelled"`, 5*time.Second)
	if s := tb.text("status"); !strings.HasPrefix(s, "Cancelled after") {
		t.Errorf("status %q", s)
	}
	// The workers confirm that they stopped (or are replaced after
	// pool.CancelTimeout if they do not).
	tb.wait("nnlrs.busy === 0", 10*time.Second)
	t.Logf("workers stopped %v after the click; %d replaced", time.Since(start), eval[int](tb, "nnlrs.replaced"))
	eval[bool](tb, fmt.Sprintf("(location.hash = %q, true)", small))
	tb.run("done")
	tb.checkConsole()
}

// TestBadInput checks the refusals: a malformed upload shows its error and
// the page stays usable; a problem too large is refused before any work; a
// malformed link falls back to the defaults with a notice.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "garbage.csv")
	os.WriteFile(bad, []byte("1,2,3\n4,five,6\n"), 0o644)
	badMAT := filepath.Join(dir, "garbage.mat")
	os.WriteFile(badMAT, append([]byte("MATLAB 5.0 MAT-file, truncated"), make([]byte, 200)...), 0o644)
	large := filepath.Join(dir, "large.csv")
	os.WriteFile(large, []byte(strings.Repeat("1,2,3\n", 401)), 0o644)
	good := filepath.Join(dir, "points.csv")
	var b strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "%d,%g,%g\n", i%3, 1+0.01*float64(i), float64(i%3)+0.02*float64(i%7))
	}
	os.WriteFile(good, []byte(b.String()), 0o644)

	tb := open(t, small)
	tb.done()
	runs := eval[int](tb, "nnlrs.runs")

	t.Run("too large", func(t *testing.T) {
		tb.t = t
		tb.setValues("classes", "10", "per", "100")
		tb.click("run")
		tb.wait(`document.getElementById("error").textContent.includes("1000 samples are more than the browser demo handles")`, 10*time.Second)
		if e := tb.text("per-error"); !strings.Contains(e, "1000 samples") {
			t.Errorf("beside Samples per class: %q", e)
		}
		if r := eval[int](tb, "nnlrs.runs"); r != runs {
			t.Errorf("a run started (%d runs, %d before)", r, runs)
		}
		if s := eval[string](tb, "nnlrs.state"); s != "done" {
			t.Errorf("state %q", s)
		}
	})

	upload := func(path, state string) {
		tb.setValue("data", "upload")
		tb.upload(path)
		tb.wait(fmt.Sprintf("nnlrs.file === %q", filepath.Base(path)), 10*time.Second)
		tb.run(state)
	}
	t.Run("malformed upload", func(t *testing.T) {
		tb.t = t
		upload(bad, "failed")
		if e := tb.text("error"); !strings.Contains(e, "garbage.csv") || !strings.Contains(e, "line 2") {
			t.Errorf("error %q", e)
		}
		// Beside the file control too, in sight.
		if e := tb.text("file-error"); !strings.Contains(e, "garbage.csv") {
			t.Errorf("beside the file: %q", e)
		}
		if !eval[bool](tb, `(r => r.top >= 0 && r.bottom <= innerHeight)(document.getElementById("file-error").getBoundingClientRect())`) {
			t.Error("the error beside the file is out of sight")
		}
		if eval[bool](tb, `document.getElementById("error").hidden`) {
			t.Error("the error is hidden")
		}
	})
	t.Run("malformed MAT-file", func(t *testing.T) {
		tb.t = t
		upload(badMAT, "failed")
		e := tb.text("error")
		if !strings.Contains(e, "garbage.mat") {
			t.Errorf("error %q", e)
		}
		t.Logf("the page says: %s", e)
	})
	t.Run("upload too large", func(t *testing.T) {
		tb.t = t
		upload(large, "failed")
		if e := tb.text("error"); !strings.Contains(e, "large.csv holds 401 samples, more than the browser demo handles") {
			t.Errorf("error %q", e)
		}
	})
	t.Run("upload of zeros", func(t *testing.T) {
		tb.t = t
		zeros := filepath.Join(dir, "zeros.csv")
		os.WriteFile(zeros, []byte(strings.Repeat("0,0,0\n", 20)), 0o644)
		upload(zeros, "failed")
		if e := tb.text("error"); !strings.Contains(e, "zeros.csv: sample 1 is all zeros") {
			t.Errorf("error %q", e)
		}
	})
	t.Run("upload without labels", func(t *testing.T) {
		tb.t = t
		upload(good, "done")
		if eval[bool](tb, `!document.getElementById("error").hidden`) {
			t.Errorf("error shown: %q", tb.text("error"))
		}
	})
	t.Run("usable again", func(t *testing.T) {
		tb.t = t
		tb.setValue("data", "synthetic")
		tb.setValues("classes", "3", "per", "12")
		tb.run("done")
	})
	tb.t = t
	tb.checkConsole()

	t.Run("malformed link", func(t *testing.T) {
		tb := open(t, "beta=abc&seed=x&classes=3")
		tb.wait(`document.getElementById("notice").textContent !== ""`, 10*time.Second)
		if n := tb.text("notice"); !strings.Contains(n, "beta=abc") || !strings.Contains(n, "seed=x") || strings.Contains(n, "classes") {
			t.Errorf("notice %q", n)
		}
		if b := tb.text("beta-out"); b != "0.2" {
			t.Errorf("beta shows %q, want the default 0.2", b)
		}
		if c := eval[string](tb, `document.getElementById("classes").value`); c != "3" {
			t.Errorf("classes %q, want the link's 3", c)
		}
		tb.checkConsole()
	})
}

// TestEmbed shows one view without the controls.
func TestEmbed(t *testing.T) {
	tb := open(t, small+"&embed=weights")
	tb.done()
	ps := tb.panels()
	if len(ps) != 1 || ps["weights"].W < viewW-40 {
		t.Fatalf("panels %+v", ps)
	}
	if w := eval[float64](tb, `document.getElementById("panel").getBoundingClientRect().width`); w != 0 {
		t.Errorf("the controls are %v pixels wide", w)
	}
	tb.drawn()
	img := tb.screenshot()
	if k := classesShown(img, ps["weights"].rect(), 50); k < 3 {
		t.Errorf("%d of the 3 classes coloured", k)
	}
	if n := inked(img, ps["weights"].rect()); n < 20000 {
		t.Errorf("%d pixels drawn", n)
	}
	// The other views, by the link's embed setting: the run is kept.
	runs := eval[int](tb, "nnlrs.runs")
	for _, v := range []string{"graph", "propagation", "convergence", "outcome", "curves"} {
		eval[bool](tb, fmt.Sprintf(`(location.hash = %q, true)`, small+"&embed="+v))
		tb.wait(fmt.Sprintf(`nnlrs.panels.length === 1 && nnlrs.panels[0].name === %q`, v), 10*time.Second)
		tb.drawn()
		r := tb.panels()[v].rect()
		if n := inked(tb.screenshot(), r); n < 5000 {
			t.Errorf("embed=%s: %d pixels drawn", v, n)
		}
	}
	if r := eval[int](tb, "nnlrs.runs"); r != runs {
		t.Errorf("changing the embedded view started %d runs", r-runs)
	}
	tb.checkConsole()
}

// TestAdvice runs a degenerate setting: the page says what went wrong,
// checks the changes that may mend it, and then says which one did, by
// how much; following the advice does what it says.
func TestAdvice(t *testing.T) {
	tb := open(t, strings.Replace(small, "lambda=1", "lambda=0.05", 1))
	tb.done()
	if a := tb.text("advice"); !strings.Contains(a, "E absorbs the whole data") {
		t.Errorf("advice %q", a)
	}
	tb.wait(`document.getElementById("advice").textContent.includes("Checked on these data: ")`, 60*time.Second)
	a := tb.text("advice")
	m := regexp.MustCompile(`Checked on these data: (Raise|Lower) (λ|β) to ([0-9.]+) gives a graph with edges`).FindStringSubmatch(a)
	if m == nil {
		t.Fatalf("advice %q", a)
	}
	slider := map[string]string{"λ": "lambda", "β": "beta"}[m[2]]
	// Follow it: the steps of the slider are those of params.Steps.
	if !eval[bool](tb, fmt.Sprintf(`(() => { const e = document.getElementById(%q); for (let i = 0; i <= e.max; i++) { e.value = i;
		e.dispatchEvent(new Event("input")); if (document.getElementById(%q).textContent === %q) return true } return false })()`, slider, slider+"-out", m[3])) {
		t.Fatalf("no step %s of %s", m[3], slider)
	}
	tb.run("done")
	if nn := tb.graph("nnlrs"); nn.Density == 0 {
		t.Errorf("following the advice %q: NNLRS %+v", m[0], nn)
	}
	tb.checkConsole()
}

// TestCrashedWorker kills a worker as an out-of-memory trap would, idle
// and in the middle of a run: the page says so and starts a new one; a job
// lost in the middle of a run is computed again on the new worker, and if
// that worker dies too the run stops, the views keeping the last complete
// figure; the next run works.
func TestCrashedWorker(t *testing.T) {
	tb := open(t, small)
	tb.done()
	eval[bool](tb, "(nnlrs.crashWorker(), true)")
	tb.wait(`document.getElementById("notice").textContent.includes("a new one was started")`, 20*time.Second)
	if r := eval[int](tb, "nnlrs.replaced"); r != 1 {
		t.Errorf("%d workers replaced", r)
	}
	tb.run("done")
	if n := tb.text("notice"); n != "" {
		t.Errorf("notice after the next run: %q", n)
	}

	t.Run("while running", func(t *testing.T) {
		tb.t = t
		// NNLRS runs long (endless): its worker crashes in the middle.
		runs, figure := eval[int](tb, "nnlrs.runs"), eval[int](tb, "nnlrs.figure")
		eval[bool](tb, fmt.Sprintf("(location.hash = %q, true)", strings.Replace(small, "per=12", "per=30", 1)+endless))
		tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "running" && nnlrs.iterations > 2`, runs), 60*time.Second)
		eval[bool](tb, `(nnlrs.crashWorker("nnlrs"), true)`)
		tb.wait(`document.getElementById("notice").textContent.includes("computes the NNLRS graph again")`, 20*time.Second)
		if s := eval[string](tb, "nnlrs.state"); s != "running" {
			t.Errorf("state %q after the first loss", s)
		}
		// The job again, on the new worker: a second loss gives it up.
		tb.wait(`nnlrs.solving.includes("nnlrs")`, 60*time.Second)
		eval[bool](tb, `(nnlrs.crashWorker("nnlrs"), true)`)
		tb.wait(`nnlrs.state === "failed"`, 60*time.Second)
		if r := eval[int](tb, "nnlrs.replaced"); r != 3 {
			t.Errorf("%d workers replaced", r)
		}
		if e := tb.text("error"); !strings.Contains(e, "NNLRS graph could not be built") {
			t.Errorf("error %q does not name the graph lost", e)
		}
		if f := eval[int](tb, "nnlrs.figure"); f != figure {
			t.Errorf("the views show run %d, not the last complete figure %d", f, figure)
		}
		eval[bool](tb, fmt.Sprintf("(location.hash = %q, true)", small))
		tb.run("done")
		if s := tb.text("status"); strings.Contains(s, "failed") {
			t.Errorf("status %q after the next run", s)
		}
	})
	tb.t = t
	// wasm_exec.js warns of each Go program that ended with an error: the
	// crashes asked for.
	tb.checkConsole("warning: exit code: 2")
}

// TestBuiltinData runs the USPS digits and the faces, when the site
// carries them.
func TestBuiltinData(t *testing.T) {
	tb := open(t, small)
	tb.done()
	tb.wait("window.nnlrs.catalog", 60*time.Second) // the site's data sets are known
	if !eval[bool](tb, `!!document.querySelector("#data option[value=usps]")`) {
		t.Skip("the site has no USPS digits (../shared/datasets absent when it was built)")
	}
	tb.setValue("data", "usps")
	tb.setValue("classes", "2")
	tb.setValue("per", "20")
	tb.run("done")
	if nn := tb.graph("nnlrs"); *nn.Within < 0.8 {
		t.Errorf("NNLRS on 2 digits: %+v", nn)
	}
	// Hovering a node shows its digit: a 64×64 picture in many grey levels
	// (a 2: a 1 is too thin to have many).
	tb.drawn()
	r := tb.panels()["graph"].rect()
	before := greys(tb.screenshot(), r)
	xy := eval[[]float64](tb, "nnlrs.nodeXY(25)")
	tb.mouse(xy[0], xy[1])
	tb.wait("nnlrs.hover === 25", 10*time.Second)
	tb.drawn()
	after := greys(tb.screenshot(), r)
	if after < before+1500 {
		t.Errorf("hovering a digit: %d grey pixels, %d before", after, before)
	}
	t.Logf("hovering a digit: %d grey pixels, %d before", after, before)
	if h := eval[string](tb, "location.hash"); !strings.Contains(h, "data=usps&classes=2&per=20") {
		t.Errorf("hash %q", h)
	}
	// The faces: 32×32 images, 1024 dimensions.
	for _, data := range []string{"yaleb", "pie"} {
		tb.setValue("data", data)
		tb.setValue("classes", "2")
		tb.setValue("per", "10")
		tb.run("done")
		if nn := tb.graph("nnlrs"); nn.Density == 0 || nn.Within == nil {
			t.Errorf("NNLRS on 2 %s faces: %+v", data, nn)
		}
		if h := eval[string](tb, "location.hash"); !strings.Contains(h, "data="+data+"&classes=2&per=10") {
			t.Errorf("hash %q", h)
		}
	}
	tb.checkConsole()
}

// TestExpectedTime checks that a large run says first how long it will
// take on this device (ui.Model.Expected), and still cancels. The run is
// made long by its parameters (400 samples at λ = 10: NNLRS's iterations
// are expected at more than a hundred, cost.ADMMIterations), so that it is
// running when read; not endless, since the page gives no estimate for a
// link's own gap, which its model was not fitted on.
func TestExpectedTime(t *testing.T) {
	tb := open(t, "data=synthetic&classes=10&per=40&lambda=10&seed=1")
	tb.wait(`nnlrs.state === "running" && nnlrs.expected > 10 && / of about [0-9.]+ (s|min|h) on this device(, a first guess from its size and λ| at the pace so far): /.test(document.getElementById("status").textContent)`, 120*time.Second)
	t.Logf("status %q, expected %.0f s", tb.text("status"), eval[float64](tb, "nnlrs.expected"))
	tb.click("cancel")
	tb.wait(`nnlrs.state === "cancelled"`, 10*time.Second)
	tb.wait("nnlrs.busy === 0", 30*time.Second)
	tb.checkConsole()
}
