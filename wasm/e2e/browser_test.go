package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The browser and the site, set up once by TestMain.
var (
	browser   context.Context // nil when there is no Chromium
	baseURL   string
	siteDir   string // the site the tests serve
	noBrowser string // why the tests skip
	downloads string // where the page's downloads land
)

// The viewport of every tab, in CSS pixels.
const viewW, viewH = 1440, 900

// throttle slows every tab's CPU by this factor (Chromium's
// Emulation.setCPUThrottlingRate), as on a weak classroom laptop:
// NNLRS_E2E_THROTTLE=4 runs the suite 4× slower; unset or 1, at the
// machine's speed. A test passes at either speed: it waits on the page's
// own signals, never on the page or the solver being fast or slow.
var throttle = 1.0

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if v := os.Getenv("NNLRS_E2E_THROTTLE"); v != "" {
		r, err := strconv.ParseFloat(v, 64)
		if err != nil || !(r >= 1 && r <= 100) {
			fmt.Fprintf(os.Stderr, "NNLRS_E2E_THROTTLE=%q: want a slow-down factor from 1 to 100\n", v)
			return 2
		}
		throttle = r
		if r != 1 {
			fmt.Fprintf(os.Stderr, "the browser tests run under %g× CPU throttling\n", r)
		}
	}
	exe := findChromium()
	if exe == "" {
		noBrowser = "no Chromium on the PATH (apt-get install chromium): the browser tests are SKIPPED"
		fmt.Fprintln(os.Stderr, "!!!", noBrowser)
		return m.Run()
	}
	tmp, err := os.MkdirTemp("", "nnlrs-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)

	site := os.Getenv("NNLRS_DIST")
	if site == "" {
		site = filepath.Join(tmp, "site")
		cmd := exec.Command("go", "run", "./tools/site", "-out", site)
		cmd.Dir = "../.."
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "building the site:", err)
			return 1
		}
	}
	if _, err := os.Stat(filepath.Join(site, "app.wasm")); err != nil {
		fmt.Fprintf(os.Stderr, "no site in %s: %v\n", site, err)
		return 1
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	siteDir = site
	files := http.FileServer(http.Dir(site))
	mux := http.NewServeMux()
	mux.Handle("/", files)
	mux.Handle(noSIMDPath, http.StripPrefix(strings.TrimSuffix(noSIMDPath, "/"), refuseKernels(files)))
	go http.Serve(l, mux)
	baseURL = "http://" + l.Addr().String() + "/"

	profile := filepath.Join(tmp, "profile")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.UserDataDir(profile),
		chromedp.Env("TMPDIR="+tmp),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("ignore-gpu-blocklist", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Do(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "starting Chromium:", err)
		return 1
	}
	// Downloads land in a folder the tests read.
	downloads = filepath.Join(tmp, "downloads")
	b := chromedp.FromContext(ctx).Browser
	if _, err := cdp.Call(ctx, b, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads}); err != nil {
		fmt.Fprintln(os.Stderr, "allowing downloads:", err)
		return 1
	}
	browser = ctx
	return m.Run()
}

func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			// Debian's wrapper script prints a shell warning; the real
			// binary beside it does not.
			if real := "/usr/lib/chromium/chromium"; name == "chromium" {
				if _, err := os.Stat(real); err == nil {
					return real
				}
			}
			return p
		}
	}
	return ""
}

// tab is one browser tab on the page.
type tab struct {
	t       *testing.T
	ctx     context.Context
	close   func() // closes the tab; the test's end does too
	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// open opens the page with the URL hash in a new tab and waits for its
// first frame.
func open(t *testing.T, hash string) *tab {
	t.Helper()
	return openURL(t, baseURL, hash)
}

// openURL is open for another address of the site (a query string).
func openURL(t *testing.T, base, hash string) *tab {
	t.Helper()
	return openScaled(t, base, hash, 1)
}

// openScaled is openURL on a screen of scale device pixels per CSS pixel.
func openScaled(t *testing.T, base, hash string, scale float64) *tab {
	t.Helper()
	tb := newTab(t, scale)
	tb.navigate(base, hash)
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	return tb
}

// newTab opens a blank tab whose viewport is viewW×viewH CSS pixels at
// scale device pixels per CSS pixel, and records its console.
func newTab(t *testing.T, scale float64) *tab {
	t.Helper()
	return newTabSized(t, viewW, viewH, scale)
}

// newTabSized is newTab with a viewport of w×h CSS pixels.
func newTabSized(t *testing.T, w, h int64, scale float64) *tab {
	t.Helper()
	if browser == nil {
		t.Skip(noBrowser)
	}
	ctx, cancel := chromedp.NewContext(browser)
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx, close: cancel}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			tb.mu.Lock()
			tb.console = append(tb.console, m)
			tb.mu.Unlock()
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h, chromedp.EmulateScale(scale))); err != nil {
		t.Fatal(err)
	}
	if throttle != 1 {
		if _, err := cdp.Call(ctx, chromedp.FromContext(ctx).Target, emulation.SetCPUThrottlingRate,
			emulation.SetCPUThrottlingRateParams{Rate: throttle}); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// navigate opens base with the URL hash in tb.
func (tb *tab) navigate(base, hash string) {
	tb.t.Helper()
	url := base
	if hash != "" {
		url += "#" + hash
	}
	if err := chromedp.Do(tb.ctx, chromedp.Navigate(url)); err != nil {
		tb.t.Fatal(err)
	}
}

// slow scales a timeout with the CPU throttling: a page 4× slower may
// take 4× as long. A wait ends as soon as its condition holds, so the
// timeout only bounds how long a failing test takes to say so.
func slow(timeout time.Duration) time.Duration {
	return time.Duration(float64(timeout) * throttle)
}

// wait waits until the JavaScript expression is truthy.
func (tb *tab) wait(expr string, timeout time.Duration) {
	tb.t.Helper()
	timeout = slow(timeout)
	ctx, cancel := context.WithTimeout(tb.ctx, timeout+5*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		tb.t.Fatalf("waiting %v for %s: %v (page state: %s)", timeout, expr, err, tb.state())
	}
}

// poll waits up to timeout until the JavaScript expression is truthy and
// reports whether it became so; the caller says what it expected.
func (tb *tab) poll(expr string, timeout time.Duration) bool {
	tb.t.Helper()
	timeout = slow(timeout)
	ctx, cancel := context.WithTimeout(tb.ctx, timeout+5*time.Second)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond)))
	return err == nil
}

// drawn waits until the page has drawn three more frames: the events
// sent before it are applied and the figure they change is on screen.
// Counted in the page's frames rather than slept for a fixed time, so
// that a loaded machine, where a frame may take hundreds of
// milliseconds, waits as long as it needs.
func (tb *tab) drawn() {
	tb.t.Helper()
	f := eval[int](tb, "nnlrs.frames")
	tb.wait(fmt.Sprintf("nnlrs.frames > %d", f+2), 60*time.Second)
}

// state describes the page for failure messages.
func (tb *tab) state() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({state: window.nnlrs && nnlrs.state,
		frames: window.nnlrs && nnlrs.frames, step: window.nnlrs && nnlrs.step,
		status: document.getElementById("status").textContent, error: document.getElementById("error").textContent,
		notice: document.getElementById("notice").textContent})`))
	if err != nil {
		return err.Error()
	}
	return s
}

// eval evaluates a JavaScript expression in tb.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, slow(20*time.Second))
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// click clicks the element with the id as a person would: where it is
// in sight, else scrolled to the middle of its scrolling box, once it
// stays put and nothing lies over its centre. A control that moves as the
// page lays itself out again (a row that hides) would take the click at
// its old place, and one scrolled only to the edge of the view can sit
// under a sticky bar, which would take the click instead.
func (tb *tab) click(id string) {
	tb.t.Helper()
	tb.wait(fmt.Sprintf(`(() => { const el = document.getElementById(%q);
		const free = () => { const b = el.getBoundingClientRect();
			const top = document.elementFromPoint(b.x + b.width/2, b.y + b.height/2);
			return top !== null && el.contains(top) };
		if (!free()) el.scrollIntoView({block: "center", inline: "nearest"});
		const r = JSON.stringify(el.getBoundingClientRect());
		const same = window.__clickAt === r; window.__clickAt = r;
		return same && free() })()`, id), 10*time.Second)
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))); err != nil {
		tb.t.Fatalf("click #%s: %v", id, err)
	}
}

// screenshot returns the page as an image.
func (tb *tab) screenshot() image.Image {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		tb.t.Fatal(err)
	}
	return img
}

// panel is a view's rectangle on the page, as window.nnlrs.panels gives it.
type panel struct {
	Name       string
	X, Y, W, H float64
}

func (p panel) rect() image.Rectangle {
	return image.Rect(int(p.X)+2, int(p.Y)+30, int(p.X+p.W)-2, int(p.Y+p.H)-2)
}

// panels returns the views on the page by name.
func (tb *tab) panels() map[string]panel {
	tb.t.Helper()
	tb.wait("window.nnlrs.panels && nnlrs.panels.length > 0", 10*time.Second)
	s := eval[string](tb, "JSON.stringify(nnlrs.panels)")
	var ps []panel
	if err := json.Unmarshal([]byte(s), &ps); err != nil {
		tb.t.Fatal(err)
	}
	m := map[string]panel{}
	for _, p := range ps {
		m[p.Name] = p
	}
	return m
}

// consoleProblems returns the errors, warnings and exceptions the page
// wrote to the console.
func (tb *tab) consoleProblems() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
	for _, m := range tb.console {
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
			out = append(out, m.String())
		}
	}
	return out
}

// syncConsole writes a mark to the page's console and waits until it
// arrives: the console's messages come in order, so every message the page
// wrote before has arrived too.
func (tb *tab) syncConsole() {
	tb.t.Helper()
	tb.mu.Lock()
	mark := fmt.Sprintf("e2e mark %d", len(tb.console))
	tb.mu.Unlock()
	eval[bool](tb, fmt.Sprintf("(console.debug(%q), true)", mark))
	deadline := time.Now().Add(slow(10 * time.Second))
	for time.Now().Before(deadline) {
		tb.mu.Lock()
		i := slices.IndexFunc(tb.console, func(m chromedp.ConsoleMessage) bool { return m.Text == mark })
		tb.mu.Unlock()
		if i >= 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	tb.t.Fatalf("the console's mark %q never arrived", mark)
}

// checkConsole fails the test if the page wrote errors or warnings other
// than the expected ones.
func (tb *tab) checkConsole(expected ...string) {
	tb.t.Helper()
	tb.syncConsole()
	var p []string
	for _, m := range tb.consoleProblems() {
		if !slices.Contains(expected, m) {
			p = append(p, m)
		}
	}
	if len(p) > 0 {
		tb.t.Errorf("console:\n%s", strings.Join(p, "\n"))
	}
}

// text returns the text of the element with the id.
func (tb *tab) text(id string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf("document.getElementById(%q).textContent", id))
}

// setValue sets a control's value as a user would, firing its events.
func (tb *tab) setValue(id, value string) {
	tb.t.Helper()
	tb.setValues(id, value)
}

// setValues sets several controls (id, value, id, value, ...) as one
// change: every value is in place before the first event fires, so the
// page never sees the first without the others, however fast it reacts.
func (tb *tab) setValues(idValues ...string) {
	tb.t.Helper()
	b, err := json.Marshal(idValues)
	if err != nil {
		tb.t.Fatal(err)
	}
	eval[bool](tb, fmt.Sprintf(`(kv => { const es = [];
		for (let i = 0; i < kv.length; i += 2) { const e = document.getElementById(kv[i]); e.value = kv[i+1]; es.push(e) }
		for (const e of es) { e.dispatchEvent(new Event("input")); e.dispatchEvent(new Event("change")) } return true })(%s)`, b))
}

// fitted waits until the page has fitted itself to its views twice more
// (nnlrs.fits, every quarter second of the page's updates): a change of
// the controls' height made before it is followed by the views.
func (tb *tab) fitted() {
	tb.t.Helper()
	f := eval[int](tb, "nnlrs.fits")
	tb.wait(fmt.Sprintf("nnlrs.fits > %d", f+1), 30*time.Second)
}

// mouse moves the mouse to (x, y).
func (tb *tab) mouse(x, y float64) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x, y)); err != nil {
		tb.t.Fatal(err)
	}
}

// keys types keys (see package kb) into the focused element.
func (tb *tab) keys(keys string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(keys)); err != nil {
		tb.t.Fatal(err)
	}
}

// focused returns the id of the element that has the keyboard's focus, or
// for one without an id its tag and the start of its text ("BODY" alone).
func (tb *tab) focused() string {
	tb.t.Helper()
	return eval[string](tb, `(e => !e ? "" : e === document.body ? "BODY" : e.id || e.tagName + (e.textContent.trim() ? ":" + e.textContent.trim().slice(0, 40) : ""))(document.activeElement)`)
}

// upload gives the file input the file at path.
func (tb *tab) upload(path string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path})); err != nil {
		tb.t.Fatal(err)
	}
}

// download waits for the file the page downloads under name.
func download(t *testing.T, name string) []byte {
	t.Helper()
	path := filepath.Join(downloads, name)
	deadline := time.Now().Add(slow(20 * time.Second))
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			if _, err := os.Stat(path + ".crdownload"); errors.Is(err, os.ErrNotExist) {
				return b
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("no download %s", name)
	return nil
}

// mouseClick clicks the left button at (x, y).
func (tb *tab) mouseClick(x, y float64) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y)); err != nil {
		tb.t.Fatal(err)
	}
}

// noSIMDPath serves the site as a browser without WebAssembly SIMD sees it
// (refuseKernels).
const noSIMDPath = "/nosimd/"

// refuseKernels serves site but for kernels.wasm, whose bytes it sends with
// the binary format's version changed: WebAssembly.validate refuses them,
// as an engine without SIMD128 refuses the real module's vector
// instructions, and the solver's loader (wasm/kernels/loader.js) takes the
// pure-Go path.
func refuseKernels(site http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if path.Base(r.URL.Path) != "kernels.wasm" {
			site.ServeHTTP(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(siteDir, "kernels.wasm"))
		if err != nil || len(b) < 8 {
			http.Error(w, "no kernels.wasm", http.StatusNotFound)
			return
		}
		b[4] = 0x7f // the version, 1 in every valid module
		w.Header().Set("Content-Type", "application/wasm")
		w.Write(b)
	})
}
