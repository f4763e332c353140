//go:build js && wasm

package main

import (
	"math"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nnlrs/ui"
	"nnlrs/ui/view"
	"nnlrs/wasm/pool"
)

func main() {
	a := newApp()
	gl, software := webGL2()
	a.software = software
	a.hooks.set("softwareGL", software)
	if !gl {
		a.withoutCanvas("This browser cannot start WebGL2, so the pictures cannot be drawn. The controls, the progress and the numbers below Run still work.")
	}
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(a); err != nil {
		a.withoutCanvas("The pictures stopped (" + err.Error() + "). The controls, the progress and the numbers below Run still work.")
	}
}

// app is the ebiten Game of the page: it adapts the page's state
// (ui.Page) and its views (package ui/view) to ebiten, the DOM and the
// workers. The browser's callbacks only queue events (events_js.go), which
// Update runs: they turn into calls of the page's state, and what it asks
// of the outside (ui.Out) is carried out in the same Update. Draw only
// draws.
type app struct {
	page   *ui.Page
	views  *view.Views
	faces  *faces
	images *imageCache
	dom    *dom
	frame  *frame // the canvas's fit to the views and its place on the page (frame_js.go)
	pool   *pool.Pool
	q      *queue
	hooks  *hooks
	// noCanvas: the pictures cannot be drawn (no ebiten).
	noCanvas bool
	w, h     int // the screen, in CSS pixels
	panels   []view.Panel
	// redraw draws every panel in the next frame; lastDraw is when a frame
	// last drew.
	redraw   bool
	lastDraw time.Time
	dark     bool // the dark theme (useTheme)
	// software: the browser draws WebGL on the CPU, which the workers
	// share (webGL2); the live panels are drawn less often during a run
	// (liveDrawEvery).
	software bool
}

func newApp() *app {
	a := &app{views: view.New(), images: newImageCache(), dom: newDOM(), q: &queue{}}
	a.page = ui.NewPage(location().Get("hash").String(), view.Names(view.Embeddable()))
	// The page's clock (performance.now()) counts from its opening; Go's
	// monotonic clock runs on the same (wasm_exec.js).
	a.page.Model.Opened = time.Now().Add(-time.Duration(now() * float64(time.Millisecond)))
	a.faces = loadFaces(1, 1)
	a.dom.choices(nil)
	a.dom.citeStatic()
	a.dom.viewsKey()
	a.dom.listen(a.q)
	a.dom.listenTeacher(a.q)
	a.dom.describeCanvas(a.q)
	a.frame = newFrame(a.dom, a.q)
	a.pool = pool.New(workerCount(), spawner(a.q))
	a.page.Model.Workers = a.pool.Size()
	// A reader who asked for reduced motion starts the propagation.
	if mq := js.Global().Get("matchMedia"); mq.Truthy() {
		a.page.Model.Still = js.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Bool()
	}
	a.hooks = newHooks(a)
	a.listenTheme()
	a.act(a.page.TakeOut(), time.Now()) // the link's settings in the controls
	fetchCatalog(a.q)
	fetchEvidence(a.q)
	return a
}

// withoutCanvas runs the page without its pictures, for ever: the model,
// the workers and the HTML controls, status and numbers, at about 30
// updates a second; the notice says why, in one line.
func (a *app) withoutCanvas(why string) {
	a.noCanvas = true
	a.dom.set("nocanvas", "textContent", why)
	a.dom.set("nocanvas", "hidden", false)
	a.dom.set("numbers", "hidden", false)
	a.hooks.set("noCanvas", true)
	a.dom.loaded()
	for {
		a.Update()
		time.Sleep(33 * time.Millisecond)
	}
}

// Update runs the queued events and advances the page: its state
// (ui.Page.Update), what it asks of the workers and the DOM, the canvas's
// fit, the node under the cursor, the link, and what the controls show.
func (a *app) Update() error {
	t := time.Now()
	for _, e := range a.q.drain() {
		e(a, t)
	}
	pg := a.page
	pg.Update(t)
	a.act(pg.TakeOut(), t)
	a.pool.Tick(t)
	a.fitPage()
	node := -1
	if !a.noCanvas {
		x, y := ebiten.CursorPosition() // device pixels, as if the canvas filled the viewport
		s, f := a.faces.scale, a.frame
		node = a.views.NodeAt(pg.Model, a.panels, float32(x)/s-f.left, float32(y)/s-f.top)
	}
	pg.Point(node)
	if link := pg.Link(); link != "" {
		a.dom.showLink(link)
	}
	a.dom.update(pg, t)
	a.hooks.report(a)
	return nil
}

// act carries out what the page asks of the outside: the workers' jobs,
// the controls to rewrite, the views to place again, the files to fetch.
func (a *app) act(o ui.Out, t time.Time) {
	if o.Cancel && !a.pool.Idle() {
		a.pool.Cancel(t)
	}
	a.pool.Submit(protocolJobs(o.Jobs)...)
	a.pool.SubmitBackground(protocolJobs(o.Background)...) // they leave one worker free for the next run
	for range o.Started {
		a.hooks.started()
	}
	if o.Write {
		a.dom.write(a.page.Form)
	}
	if o.Arrange {
		a.arrange()
	}
	for _, name := range o.Figures {
		fetchFigure(a.q, name)
	}
}

// Draw draws the panels that changed; the screen keeps the rest
// (ebiten.SetScreenClearedEveryFrame(false)). While the workers compute,
// the live panels are drawn at most every liveDrawEvery, counted from
// the run's start: drawing costs CPU that the workers need, and the
// status line beside the controls follows the messages anyway. A run
// shorter than that (a slider step solved warm) goes from the last
// figure to the next without a frame between them. At rest, while the
// page computes the labeled curve or the study (view.Progressed), they
// are drawn at most every computingDrawEvery.
func (a *app) Draw(screen *ebiten.Image) {
	m := a.page.Model
	w, h := float32(a.w), float32(a.h)
	st := a.views.Stale(m, a.panels, w, h, a.textScale())
	if !a.redraw && (st == view.Fresh ||
		m.Running() && time.Since(later(a.lastDraw, m.Run.Started)) < a.liveDrawEvery() ||
		st == view.Progressed && time.Since(a.lastDraw) < computingDrawEvery) {
		a.hooks.frame(false)
		return
	}
	a.lastDraw = time.Now()
	c := &canvas{dst: screen, faces: a.faces, cache: a.images}
	a.views.Draw(c, m, a.panels, w, h, a.redraw)
	c.flush()
	a.redraw = false
	a.images.endFrame()
	if !a.hooks.drawn {
		a.dom.loaded()
	}
	a.hooks.frame(true)
}

// runningDrawEvery paces the drawing of the live panels during a run;
// softwareDrawEvery where the browser draws WebGL on the CPU (webGL2):
// there a drawn frame costs the browser's GPU process CPU in proportion
// to the canvas's pixels, taken from the workers' solves
// (docs/BENCH.md, "Drawing on the CPU").
const (
	runningDrawEvery  = time.Second
	softwareDrawEvery = 4 * time.Second
)

// liveDrawEvery is the pace of the live panels during a run on this
// browser.
func (a *app) liveDrawEvery() time.Duration {
	if a.software {
		return softwareDrawEvery
	}
	return runningDrawEvery
}

// computingDrawEvery paces the drawing while the page computes the
// labeled curve or the study of the figure shown, a little every frame:
// drawing every frame cost more than the computing under SwiftShader,
// and a slider moved meanwhile waited for that CPU.
const computingDrawEvery = 250 * time.Millisecond

// later returns the later of the times s and t.
func later(s, t time.Time) time.Time {
	if s.After(t) {
		return s
	}
	return t
}

// Layout keeps the views in CSS pixels and the screen in device pixels,
// so that the drawing is sharp on high-density screens.
func (a *app) Layout(w, h int) (int, int) {
	s := float32(ebiten.Monitor().DeviceScaleFactor())
	if s <= 0 {
		s = 1
	}
	resized := w != a.w || h != a.h
	a.w, a.h = w, h
	if ts := a.textScale(); s != a.faces.scale || a.faces.text != ts {
		a.faces = loadFaces(s, ts)
		a.redraw, resized = true, true
	}
	if resized {
		a.arrange()
	}
	return int(math.Ceil(float64(float32(w) * s))), int(math.Ceil(float64(float32(h) * s)))
}

// arrange places the panels.
func (a *app) arrange() {
	a.panels = view.Arrange(float32(a.w), float32(a.h), a.page.Model.Params.Alone(), a.textScale())
	a.redraw = true
}

// textScale is the views' text scale: the page's (ui.Page.TextScale), as
// far as the views keep two columns in the canvas (view.FitScale); a view
// shown alone takes the page's.
func (a *app) textScale() float32 {
	if a.page.Model.Params.Alone() != "" {
		return a.page.TextScale
	}
	return view.FitScale(float32(a.w), a.page.TextScale)
}

// webGL2 reports whether the browser can give a canvas a WebGL2 context,
// which ebiten needs, and whether it draws it on the CPU: a renderer
// that names a software rasterizer (SwiftShader, llvmpipe, softpipe,
// Microsoft's Basic Render Driver) in WEBGL_debug_renderer_info, where
// the browser tells it.
func webGL2() (ok, software bool) {
	c := js.Global().Get("document").Call("createElement", "canvas")
	gl := c.Call("getContext", "webgl2")
	if !gl.Truthy() {
		return false, false
	}
	renderer := ""
	if ext := gl.Call("getExtension", "WEBGL_debug_renderer_info"); ext.Truthy() {
		if r := gl.Call("getParameter", ext.Get("UNMASKED_RENDERER_WEBGL")); r.Type() == js.TypeString {
			renderer = r.String()
		}
	}
	if lose := gl.Call("getExtension", "WEBGL_lose_context"); lose.Truthy() {
		lose.Call("loseContext") // the probe's context, not the page's
	}
	return true, softwareRenderer(renderer)
}
