//go:build js && wasm

package main

import (
	"math"
	"slices"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nnlrs/core/demo"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
	"nnlrs/wasm/pool"
)

func main() {
	a := newApp()
	if !webGL2() {
		a.withoutCanvas("This browser cannot start WebGL2, so the pictures cannot be drawn. The controls, the progress and the numbers below Run still work.")
	}
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(a); err != nil {
		a.withoutCanvas("The pictures stopped (" + err.Error() + "). The controls, the progress and the numbers below Run still work.")
	}
}

// app is the ebiten Game of the page: it adapts the model (package ui) and
// the views (package ui/view) to ebiten, the DOM and the workers. The
// events the browser queues (events_js.go) are its handlers
// (handlers_js.go), which Update runs; Draw only draws.
type app struct {
	model  *ui.Model
	views  *view.Views
	faces  *faces
	images *imageCache
	dom    *dom
	page   *page
	pool   *pool.Pool
	q      *queue
	hooks  *hooks

	catalog []demo.Builtin
	// controls are the settings the controls show, as last read whole and
	// valid: the link follows them, and those that differ from the
	// figure's are marked.
	controls params.Params
	file     demo.File       // the upload chosen
	retried  map[uint32]bool // the jobs given to a new worker after theirs stopped
	figures  bool            // the weights figures of the paper were asked for
	started  bool            // the first run started (after the catalog arrived)
	// pending is set when the controls changed: at applyAt the figure
	// follows them (liveDelay after the last change of one that needs the
	// solver, at once otherwise).
	pending bool
	applyAt time.Time
	editAt  time.Time // the last such change
	hash    string    // the URL hash last written
	stale   string    // what markStale last saw
	// inspect is the sample chosen in the Inspect control, 1-based, 0 for
	// none: the graph view shows it when the mouse is on no node.
	inspect int

	noCanvas bool // the pictures cannot be drawn: no ebiten
	w, h     int  // the screen, in CSS pixels
	// left and top are where the canvas is in the viewport: ebiten
	// reports the cursor in viewport coordinates, as if the canvas filled
	// the viewport. pageX and pageY are where it is on the page (the page
	// scrolls when the views stack). See page_js.go.
	left, top    float32
	pageX, pageY float32
	fitted       struct {
		text  float32
		embed string
		tour  int
	}
	reveal    string   // the view to scroll into sight once the panels are placed
	published struct { // the panels last published on window.nnlrs
		first *view.Panel
		at    [2]float32
	}
	panels   []view.Panel
	tick     int
	redraw   bool // draw every panel in the next frame
	lastDraw time.Time
	drawn    shownKey // what the last draw showed
}

func newApp() *app {
	a := &app{views: view.New(), faces: loadFaces(1), images: newImageCache(), dom: newDOM(), q: &queue{}, retried: map[uint32]bool{}}
	p, notice := params.FromHash(location().Get("hash").String())
	a.model = ui.NewModel(p)
	a.model.Notice = notice
	a.controls = p
	if p.Tour > 0 && p.Embed == "" { // a tour step's link: its view in sight
		a.reveal = params.TourSteps[p.Tour-1].View
	}
	a.dom.write(p)
	a.dom.listen(a.q)
	a.dom.describeCanvas(a.q)
	a.page = newPage(a.dom)
	a.model.Workers = workerCount()
	a.pool = pool.New(a.model.Workers, spawner(a.q))
	a.hooks = newHooks(a)
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

// Update runs the queued events and advances the page: the first run, an
// edit that has settled, the workers, the propagation, the advice's
// checks, the hover, the link, and what the controls show.
func (a *app) Update() error {
	t := time.Now()
	for _, e := range a.q.drain() {
		e(a, t)
	}
	if !a.started && !slices.Contains(params.Builtin, a.model.Params.Dataset) {
		// The synthetic data need no catalog: the first run starts at
		// the first frame, not when data/index.json has arrived.
		a.started = true
		a.start(a.model.Params, t, false)
	}
	if a.pending && !t.Before(a.applyAt) {
		a.pending = false
		// How long the edit waited for the controls to settle, in the
		// page's own clock.
		a.hooks.set("waited", t.Sub(a.editAt).Milliseconds())
		a.start(a.controls, t, false)
	}
	a.pool.Tick(t)
	a.model.Tick(t)
	if ev := a.model.Evidence; ev != nil && a.model.Params.Paper == "weights" && !a.figures {
		a.figures = true
		for _, ds := range ev.Weights {
			fetchFigure(a.q, ds)
		}
	}
	if jobs := a.model.CheckJobs(); len(jobs) > 0 {
		a.submitBackground(jobs) // the advice's checks, on the idle workers but one
	}
	if jobs := a.model.StudyJobs(); len(jobs) > 0 {
		a.submit(jobs) // the graphs the live figure needs beyond the run's
	}

	a.fitPage()
	a.tick++
	if !a.noCanvas {
		x, y := ebiten.CursorPosition() // device pixels, as if the canvas filled the viewport
		s := a.faces.scale
		a.model.Hover = view.NodeAt(a.model, a.panels, float32(x)/s-a.left, float32(y)/s-a.top)
	}
	a.model.Hover = a.model.Inspected(a.inspect)

	// The URL hash follows the controls (view settings included, which
	// apply at once).
	c := a.controls.WithView(a.model.Params)
	hash := c.Hash()
	if a.started && hash != a.hash {
		a.hash = hash
		replaceHash(hash)
	}
	if r := a.model.Run; a.started {
		key := hash
		if r != nil {
			key += "|" + r.Params.Hash()
		}
		if key != a.stale {
			a.stale = key
			a.dom.markStale(c, a.model.Params, r != nil)
		}
	}
	a.dom.update(a.model, t, hash, a.inspect)
	a.dom.paper(a.model, a.controls)
	a.hooks.report(a)
	return nil
}

// Draw draws the panels that changed; the screen keeps the rest
// (ebiten.SetScreenClearedEveryFrame(false)). While the workers compute,
// the live panels are drawn at most every runningDrawEvery, counted from
// the run's start: drawing costs CPU (SwiftShader, on machines without a
// GPU) that the workers need, and the status line beside the controls
// follows the messages anyway. A run shorter than that (a slider step
// solved warm) goes from the last figure to the next without a frame
// between them. At rest, while the page computes the labeled curve or the
// study, they are drawn at most every computingDrawEvery.
func (a *app) Draw(screen *ebiten.Image) {
	w, h := float32(a.w), float32(a.h)
	if !a.redraw && (!a.views.Stale(a.model, a.panels, w, h) ||
		a.model.Running() && time.Since(later(a.lastDraw, a.model.Run.Started)) < runningDrawEvery ||
		a.computing() && a.shown() == a.drawn && time.Since(a.lastDraw) < computingDrawEvery) {
		a.hooks.frame(false)
		return
	}
	a.drawn = a.shown()
	a.lastDraw = time.Now()
	c := &canvas{dst: screen, faces: a.faces, cache: a.images}
	a.views.Draw(c, a.model, a.panels, w, h, a.redraw)
	c.flush()
	a.redraw = false
	a.images.endFrame()
	if !a.hooks.drawn {
		a.dom.loaded()
	}
	a.hooks.frame(true)
}

// runningDrawEvery paces the drawing of the live panels during a run.
const runningDrawEvery = time.Second

// computingDrawEvery paces the drawing while the page computes the
// labeled curve or the study of the figure shown, a little every frame:
// drawing every frame cost more than the computing under SwiftShader,
// and a slider moved meanwhile waited for that CPU.
const computingDrawEvery = 250 * time.Millisecond

// computing reports whether the page computes the labeled curve or the
// study of its figure (ui.Model.Tick).
func (a *app) computing() bool {
	m := a.model
	return !m.Prop.Curve.Finished() || !m.Study.Finished()
}

// shownKey is what the views show besides the labeled curve's and the
// study's progress: a change of it is drawn at once.
type shownKey struct {
	run         *ui.Run
	state       ui.State
	params      params.Params
	hover, step int
}

func (a *app) shown() shownKey {
	m := a.model
	k := shownKey{run: m.Run, params: m.Params, hover: m.Hover, step: m.Prop.Step}
	if m.Run != nil {
		k.state = m.Run.State
	}
	return k
}

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
	if s != a.faces.scale || a.faces.text != view.TextScale() {
		a.faces = loadFaces(s)
		a.redraw = true
	}
	if w != a.w || h != a.h {
		a.w, a.h = w, h
		a.arrange()
	}
	return int(math.Ceil(float64(float32(w) * s))), int(math.Ceil(float64(float32(h) * s)))
}

// arrange places the panels.
func (a *app) arrange() {
	a.panels = view.Arrange(float32(a.w), float32(a.h), view.Shown(a.model.Params), view.TextScale())
	a.redraw = true
}

// webGL2 reports whether the browser can give a canvas a WebGL2 context,
// which ebiten needs.
func webGL2() bool {
	c := js.Global().Get("document").Call("createElement", "canvas")
	return c.Call("getContext", "webgl2").Truthy()
}
