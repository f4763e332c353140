package e2e

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBuiltinLinks opens a link that names only a built-in data set and a
// seed, as a teacher's slide would: the page opens the data set's preset,
// every control shows it (the data set's own option included), the link
// then holds every setting, and pressing Run without touching anything
// computes the same figure again.
func TestBuiltinLinks(t *testing.T) {
	for _, data := range []string{"usps", "yaleb", "pie"} {
		t.Run(data, func(t *testing.T) {
			tb := open(t, "data="+data+"&seed=2")
			tb.wait(`window.nnlrs.runs > 0 || document.getElementById("notice").textContent !== ""`, 30*time.Second)
			if !eval[bool](tb, `!!document.querySelector("#data option[value=`+data+`]")`) {
				t.Skipf("the site has no %s data (../shared/datasets absent when it was built)", data)
			}
			tb.done()
			checkStatusTimes(t, tb.text("status"))
			if v := eval[string](tb, `document.getElementById("data").value`); v != data {
				t.Errorf("the Data set control shows %q", v)
			}
			hash := strings.TrimPrefix(eval[string](tb, "location.hash"), "#")
			q, err := url.ParseQuery(hash)
			if err != nil || q.Get("data") != data || q.Get("seed") != "2" {
				t.Fatalf("hash %q", hash)
			}
			// Every control shows the setting the link now holds.
			for key, id := range map[string]string{"classes": "classes", "per": "per", "seed": "seed"} {
				if got := eval[string](tb, fmt.Sprintf("document.getElementById(%q).value", id)); got != q.Get(key) {
					t.Errorf("#%s = %q, the link says %s=%s", id, got, key, q.Get(key))
				}
			}
			for _, key := range []string{"labeled", "noise", "corrupt", "beta", "lambda", "theta", "lrr", "alpha"} {
				if got := tb.text(key + "-out"); got != q.Get(key) {
					t.Errorf("%s shows %q, the link says %s", key, got, q.Get(key))
				}
			}
			if n := tb.text("data-note"); !strings.Contains(n, "GHF misclassified") || !strings.Contains(n, "NNLRS") {
				t.Errorf("the data set's note %q", n)
			}
			if q.Get("noise") != "0" || q.Get("corrupt") != "0" {
				t.Errorf("noise or corruption added to the paper's data: %q", hash)
			}
			nn, knn := tb.graph("nnlrs"), tb.graph("knn0")
			if nn.Density == 0 || nn.Diagonal > 0.5 || knn.Density == 0 {
				t.Errorf("the preset's graphs: NNLRS %+v, kNN %+v", nn, knn)
			}
			for _, g := range []string{"knn0", "l1", "lrr", "nnlrs"} {
				m := tb.graph(g)
				t.Logf("%s %s: GHF %.3f LGC %.3f within %.2f diagonal %.2f density %.2f", data, g, val(m.GHF), val(m.LGC), val(m.Within), m.Diagonal, m.Density)
			}
			digest := eval[string](tb, "nnlrs.digest")
			tb.run("done")
			if d := eval[string](tb, "nnlrs.digest"); d != digest {
				t.Errorf("Run without a change computed another figure (%s, before %s)", d, digest)
			}
			if h := strings.TrimPrefix(eval[string](tb, "location.hash"), "#"); h != hash {
				t.Errorf("Run rewrote the link to %q", h)
			}
			tb.checkConsole()
		})
	}
}

func val(p *float64) float64 {
	if p == nil {
		return -1
	}
	return *p
}

// TestLinkFallsBackAlone opens a link with one setting out of range: it
// alone takes its default, the notice names it, the rest of the link
// holds.
func TestLinkFallsBackAlone(t *testing.T) {
	tb := open(t, "data=synthetic&classes=11&per=12&labeled=10&beta=0.5&seed=3")
	tb.done()
	if n := tb.text("notice"); !strings.Contains(n, "classes=11") || strings.Contains(n, "beta") {
		t.Errorf("notice %q", n)
	}
	for id, want := range map[string]string{"classes": "4", "per": "12", "seed": "3"} {
		if got := eval[string](tb, fmt.Sprintf("document.getElementById(%q).value", id)); got != want {
			t.Errorf("#%s = %q, want %q", id, got, want)
		}
	}
	if b := tb.text("beta-out"); b != "0.5" {
		t.Errorf("β shows %q, want the link's 0.5", b)
	}
	tb.checkConsole()

	// A part that cannot even be unescaped falls back alone too; "+" is a
	// plus sign.
	tb = open(t, "classes=3&per=5&beta=%ZZ&lambda=+2")
	tb.done()
	if n := tb.text("notice"); !strings.Contains(n, "beta=%ZZ") || strings.Contains(n, "classes") || strings.Contains(n, "lambda") {
		t.Errorf("notice %q", n)
	}
	for id, want := range map[string]string{"classes": "3", "per": "5"} {
		if got := eval[string](tb, fmt.Sprintf("document.getElementById(%q).value", id)); got != want {
			t.Errorf("#%s = %q, want %q", id, got, want)
		}
	}
	if l := tb.text("lambda-out"); l != "2" {
		t.Errorf("λ shows %q, want the link's +2", l)
	}
	tb.checkConsole()
}

// TestRunsKeepFigure edits the controls around a run: the link follows
// them and the figure follows by itself (a run starts, no Run needed); a
// bad number is refused beside its control and leaves the running run
// alone; Cancel keeps the last figure, marks the controls that differ from
// it and hands the focus to Run. The link's gap makes the runs after the
// first long (endless), so that they are still running when the test acts.
func TestRunsKeepFigure(t *testing.T) {
	tb := open(t, small)
	tb.done()
	figure := eval[int](tb, "nnlrs.figure")
	eval[bool](tb, fmt.Sprintf("(location.hash = %q, true)", small+endless))
	tb.wait(`nnlrs.state === "running"`, 10*time.Second)
	runs := eval[int](tb, "nnlrs.runs")
	tb.setValue("per", "40")
	tb.wait(`location.hash.includes("per=40")`, 5*time.Second)
	tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "running" && nnlrs.iterations > 0`, runs), 60*time.Second)
	runs = eval[int](tb, "nnlrs.runs")
	if s := tb.text("stale"); s != "" {
		t.Errorf("stale note %q while the changed settings run", s)
	}
	// A typing error during the run: said beside Classes, the run goes on.
	tb.setValue("classes", "11")
	tb.wait(`document.getElementById("classes-error") && !document.getElementById("classes-error").hidden`, 5*time.Second)
	if e := tb.text("classes-error"); !strings.Contains(e, "between 2 and 10") {
		t.Errorf("classes error %q", e)
	}
	if s := eval[string](tb, "nnlrs.state"); s != "running" {
		t.Errorf("state %q after a typing error", s)
	}
	tb.click("run")
	tb.wait(`document.getElementById("error").textContent.startsWith("Not started")`, 5*time.Second)
	if s, r := eval[string](tb, "nnlrs.state"), eval[int](tb, "nnlrs.runs"); s != "running" || r != runs {
		t.Errorf("after Run with a bad setting: state %q, %d runs (want running, %d)", s, r, runs)
	}
	tb.click("cancel")
	tb.wait(`nnlrs.state === "cancelled"`, 5*time.Second)
	if f := eval[int](tb, "nnlrs.figure"); f != figure {
		t.Errorf("after Cancel the views show run %d, not the last figure %d", f, figure)
	}
	if s := tb.text("status"); !strings.Contains(s, "still show the previous figure") {
		t.Errorf("status %q", s)
	}
	tb.wait(`document.getElementById("stale").textContent.includes("samples per class")`, 5*time.Second)
	if !eval[bool](tb, `document.querySelector("label[for=per]").classList.contains("stale")`) {
		t.Error("after Cancel the control that differs from the figure is not marked")
	}
	if f := tb.focused(); f != "run" {
		t.Errorf("after Cancel the focus is on %q", f)
	}
	// A seed that is no whole number is refused beside the seed.
	tb.setValue("classes", "3")
	tb.setValue("seed", "-3")
	tb.wait(`document.getElementById("seed-error") && !document.getElementById("seed-error").hidden`, 5*time.Second)
	tb.click("run")
	tb.wait(`document.getElementById("error").textContent.includes("seed")`, 5*time.Second)
	// A good link: once the page has shown it in the controls (the
	// seed's error gone, which moves Run up), Run runs it.
	eval[bool](tb, fmt.Sprintf("(location.hash = %q, true)", small))
	tb.wait(`document.getElementById("seed").value === "3" && document.getElementById("seed-error").hidden`, 5*time.Second)
	tb.run("done")
	if e := tb.text("error"); e != "" {
		t.Errorf("error %q after a good run", e)
	}
	tb.checkConsole()
}

// TestFocus: the canvas never holds the keyboard's focus: not after the
// page loads, not after a click on it; Tab starts at the controls.
func TestFocus(t *testing.T) {
	tb := open(t, small)
	tb.done()
	if f := tb.focused(); f == "CANVAS" {
		t.Errorf("the canvas holds the focus after the load")
	}
	// The intro's buttons come first (the tour, the teacher's exercise
	// link), then the controls.
	for _, want := range []string{"tour-start", "teach", "data"} {
		tb.keys(kb.Tab)
		if f := tb.focused(); f != want {
			t.Errorf("Tab after the load goes to %q, want %q", f, want)
		}
	}
	xy := eval[[]float64](tb, "nnlrs.nodeXY(3)")
	tb.click("run")
	tb.done()
	tb.mouseClick(xy[0], xy[1])
	tb.drawn()
	if f := tb.focused(); f == "CANVAS" {
		t.Error("a click on a node gives the canvas the focus")
	}
	tb.keys(kb.Tab)
	if f := tb.focused(); f == "CANVAS" || f == "BODY" {
		t.Errorf("Tab after a click on the canvas goes to %q", f)
	}
	tb.checkConsole()
}

// TestEmbedPropagation: an embedded propagation, which has no controls,
// plays by itself, and steps, resets and plays from the keyboard and by a
// click.
func TestEmbedPropagation(t *testing.T) {
	tb := open(t, small+"&embed=propagation")
	tb.done()
	tb.wait("nnlrs.converged && nnlrs.step > 0", 30*time.Second)
	tb.keys("r")
	tb.wait("nnlrs.step === 0", 5*time.Second)
	tb.keys(kb.ArrowRight)
	tb.wait("nnlrs.step === 1", 5*time.Second)
	tb.keys(" ")
	tb.wait("nnlrs.converged && nnlrs.step > 1", 20*time.Second)
	tb.keys("r")
	tb.wait("nnlrs.step === 0", 5*time.Second)
	p := tb.panels()["propagation"]
	tb.mouseClick(p.X+p.W/2, p.Y+p.H/2)
	tb.wait("nnlrs.step > 0", 5*time.Second)
	tb.checkConsole()
}

// TestNoWebGL opens the page in a browser whose canvas cannot give a
// WebGL context (as headless Firefox was seen to): the page says so in
// one line, and the controls, the progress and the numbers still work.
func TestNoWebGL(t *testing.T) {
	tb := newTab(t, 1)
	noGL := `(() => { const get = HTMLCanvasElement.prototype.getContext;
		HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
			return /webgl/.test(type) ? null : get.call(this, type, ...rest) } })()`
	if err := chromedp.Do(tb.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: noGL})
		return chromedp.Void{}, err
	}); err != nil {
		t.Fatal(err)
	}
	tb.navigate(baseURL, small)
	tb.wait("window.nnlrs && nnlrs.noCanvas", 60*time.Second)
	if n := tb.text("nocanvas"); !strings.Contains(n, "cannot start WebGL2") {
		t.Errorf("notice %q", n)
	}
	tb.done()
	if s := tb.text("status"); !strings.HasPrefix(s, "Done in") {
		t.Errorf("status %q", s)
	}
	rows := eval[[]string](tb, `[...document.querySelectorAll("#numbers tbody tr")].map(r => r.textContent)`)
	if len(rows) != 4 || eval[bool](tb, `document.getElementById("numbers").hidden`) {
		t.Fatalf("numbers %q", rows)
	}
	for _, r := range rows {
		if strings.Count(r, "%") != 2 {
			t.Errorf("row %q", r)
		}
	}
	if eval[bool](tb, `!document.getElementById("loading").hidden`) {
		t.Error("the page still says it is loading")
	}
	tb.setValue("per", "10")
	tb.run("done")
	tb.checkConsole()
}

// TestUploadAgain: choosing "your own file" asks for a file beside the file
// input, which goes once a file is chosen; every file chosen is a change
// like any other, computed without Run; a bad one says why, beside the
// controls, and the views keep the last figure.
func TestUploadAgain(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, shift float64, nan bool) string {
		var b strings.Builder
		b.WriteString("x,y,z,label\n")
		for i := 0; i < 30; i++ {
			c := i % 3
			v := []float64{0.1, 0.1, 0.1}
			v[c] = 1 + shift*float64(i%10)
			if nan && i == 7 {
				fmt.Fprintf(&b, "NaN,%g,%g,%d\n", v[1], v[2], c)
				continue
			}
			fmt.Fprintf(&b, "%g,%g,%g,%d\n", v[0], v[1], v[2], c)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a, b, bad := write("a.csv", 0.01, false), write("b.csv", 0.05, false), write("nan.csv", 0.01, true)
	tb := open(t, small)
	tb.done()
	tb.setValue("data", "upload")
	tb.wait(`document.getElementById("file-error") && document.getElementById("file-error").textContent.includes("Choose a .mat or .csv file")`, 10*time.Second)
	next := func(path, state string) {
		t.Helper()
		runs := eval[int](tb, "nnlrs.runs")
		tb.upload(path)
		tb.wait(fmt.Sprintf(`nnlrs.file === %q && nnlrs.runs > %d && nnlrs.state === %q`, filepath.Base(path), runs, state), 60*time.Second)
	}
	next(a, "done")
	if eval[bool](tb, `!document.getElementById("file-error").hidden`) {
		t.Errorf("after a file was chosen and computed: %q beside the file input", tb.text("file-error"))
	}
	first, figure := eval[string](tb, "nnlrs.digest"), eval[int](tb, "nnlrs.figure")
	next(b, "done")
	if d := eval[string](tb, "nnlrs.digest"); d == first {
		t.Error("the second file's figure is the first's")
	}
	if s := tb.text("status"); !strings.HasPrefix(s, "Done in") {
		t.Errorf("status %q", s)
	}
	figure = eval[int](tb, "nnlrs.figure")
	next(bad, "failed")
	if e := tb.text("error"); !strings.Contains(e, "nan.csv") {
		t.Errorf("error %q does not name the file", e)
	}
	if f := eval[int](tb, "nnlrs.figure"); f != figure {
		t.Errorf("the views show run %d after the bad file, not the last figure %d", f, figure)
	}
	tb.checkConsole()
}

// TestUploadLabels uploads a CSV whose header names a label column: the
// labels are read, the class/per-class draw applies, the numbers come.
func TestUploadLabels(t *testing.T) {
	path := linesCSV(t, "lines.csv", func(c int) string { return fmt.Sprint(c + 7) })
	tb := open(t, small)
	tb.done()
	tb.setValue("data", "upload")
	// The controls show the upload's settings from the next frame on.
	tb.wait(`document.getElementById("file-row").hidden === false`, 10*time.Second)
	if v := eval[string](tb, `document.getElementById("classes").value + "|" + document.getElementById("per").value`); v != "|" {
		t.Errorf("an upload opens with classes|per %q, want both empty (every sample)", v)
	}
	tb.upload(path)
	tb.wait(`nnlrs.file === "lines.csv"`, 10*time.Second)
	tb.setValues("classes", "2", "per", "10")
	tb.run("done")
	nn := tb.graph("nnlrs")
	if nn.N != 20 || nn.Within == nil || nn.GHF == nil {
		t.Errorf("2 of the 3 classes, 10 each: NNLRS %+v", nn)
	}
	// Every sample: empty sizes.
	tb.setValues("classes", "", "per", "")
	tb.run("done")
	if n := tb.graph("nnlrs").N; n != 45 {
		t.Errorf("every sample: n = %d", n)
	}
	// An empty file says so.
	empty := filepath.Join(t.TempDir(), "empty.csv")
	os.WriteFile(empty, nil, 0o644)
	tb.upload(empty)
	tb.wait(`nnlrs.file === "empty.csv"`, 10*time.Second)
	tb.click("run")
	tb.wait(`document.getElementById("error").textContent.includes("empty.csv is empty")`, 10*time.Second)
	tb.checkConsole()
}

// TestUploadClassNames uploads a CSV whose label column holds class names:
// the run uses every sample, the classes in the order they first appear,
// and Inspect and the graph's key say the names.
func TestUploadClassNames(t *testing.T) {
	names := []string{"apple", "pear", "kiwi"}
	path := linesCSV(t, "fruit.csv", func(c int) string { return names[c] })
	tb := open(t, small)
	tb.done()
	tb.setValue("data", "upload")
	tb.wait(`document.getElementById("file-row").hidden === false`, 10*time.Second)
	runs := eval[int](tb, "nnlrs.runs")
	tb.upload(path)
	tb.wait(fmt.Sprintf(`nnlrs.file === "fruit.csv" && nnlrs.runs > %d && nnlrs.state === "done"`, runs), 60*time.Second)
	if nn := tb.graph("nnlrs"); nn.N != 45 || nn.GHF == nil {
		t.Fatalf("every sample of the 3 named classes: NNLRS %+v", nn)
	}
	if e := tb.text("error"); e != "" {
		t.Errorf("error %q", e)
	}
	// Samples are shown in class order: 1-15 apple, 16-30 pear, 31-45 kiwi.
	for _, c := range []struct{ sample, name string }{{"2", "apple"}, {"20", "pear"}, {"44", "kiwi"}} {
		tb.setValue("inspect", c.sample)
		tb.wait(fmt.Sprintf(`document.getElementById("inspect-text").textContent.includes("Sample %s of 45, class %s")`, c.sample, c.name), 10*time.Second)
	}
	tb.checkConsole()
}

// linesCSV writes a CSV file of 45 samples on three lines through the
// origin of R³, one line per class, class c labeled label(c), and returns
// its path.
func linesCSV(t *testing.T, name string, label func(c int) string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("x,y,z,label\n")
	dirs := [3][3]float64{{1, 0.1, 0}, {0, 1, 0.1}, {0.1, 0, 1}}
	for i := 0; i < 45; i++ {
		c := i % 3
		u := float64(i%15) / 15
		fmt.Fprintf(&b, "%g,%g,%g,%s\n", (1+u)*dirs[c][0], (1+u)*dirs[c][1], (1+u)*dirs[c][2], label(c))
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
