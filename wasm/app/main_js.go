//go:build js && wasm

package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"image"
	"image/png"
	"math"
	"strconv"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
	"nnlrs/wasm/pool"
)

func main() {
	a := newApp()
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetScreenClearedEveryFrame(false)
	if err := ebiten.RunGame(a); err != nil {
		js.Global().Get("console").Call("error", "nnlrs: "+err.Error())
	}
}

// app is the ebiten Game of the page: it adapts the model (package ui) and
// the views (package ui/view) to ebiten, the DOM and the workers.
type app struct {
	model  *ui.Model
	views  *view.Views
	faces  *faces
	images *imageCache
	dom    *dom
	pool   *pool.Pool
	q      *queue

	catalog  []params.Dataset
	hash     string // the URL hash last written
	started  bool   // the first run started (after the catalog arrived)
	fileName string
	file     []byte

	w, h int // the screen, in CSS pixels
	// left and top are where the canvas is in the viewport: ebiten
	// reports the cursor in viewport coordinates, as if the canvas filled
	// the viewport. pageX and pageY are where it is on the page (the page
	// scrolls when the views stack). See page_js.go.
	left, top    float32
	pageX, pageY float32
	page         *page
	fitted       struct {
		text  float32
		embed string
	}
	published struct { // the panels last published on window.nnlrs
		first *view.Panel
		at    [2]float32
	}
	panels []view.Panel
	tick   int
	// inspect is the sample chosen in the Inspect control, 1-based, 0 for
	// none: the graph view shows it when the mouse is on no node.
	inspect int

	frames     int  // Draw calls
	draws      int  // Draw calls that drew
	redraw     bool // draw every panel in the next frame
	lastDraw   time.Time
	firstFrame bool
	digestRun  *ui.Run
}

func newApp() *app {
	a := &app{
		views:  view.New(),
		faces:  loadFaces(1),
		images: newImageCache(),
		dom:    newDOM(),
		q:      &queue{},
	}
	p, notice := params.FromHash(location().Get("hash").String())
	a.model = ui.NewModel(p)
	a.model.Notice = notice
	a.dom.write(p)
	a.dom.listen(a.q)
	a.dom.describeCanvas()
	a.page = newPage(a.dom)
	a.pool = pool.New(workerCount(), spawner(a.q))
	h := hooks()
	h.Set("workers", a.pool.Size())
	h.Set("runs", 0)
	h.Set("crashWorker", js.FuncOf(func(js.Value, []js.Value) any {
		a.q.push(event{kind: evCrash})
		return nil
	}))
	// nodeXY(i) returns where node i of the graph shown is on the page.
	h.Set("nodeXY", js.FuncOf(func(_ js.Value, args []js.Value) any {
		x, y, ok := view.NodePosition(a.model, a.panels, "graph", args[0].Int())
		if !ok {
			return nil
		}
		return []any{float64(x + a.pageX), float64(y + a.pageY)}
	}))
	fetchCatalog(a.q)
	return a
}

// Update applies the queued events to the model and keeps the page in step.
func (a *app) Update() error {
	t := time.Now()
	for _, e := range a.q.drain() {
		a.apply(e, t)
	}
	a.pool.Tick(t)
	a.model.Prop.Tick(t)

	a.fitPage()
	a.tick++
	x, y := ebiten.CursorPosition() // device pixels, as if the canvas filled the viewport
	s := a.faces.scale
	a.model.Hover = view.NodeAt(a.model, a.panels, float32(x)/s-a.left, float32(y)/s-a.top)
	a.model.Hover = a.model.Inspected(a.inspect)

	// The URL hash follows what the page shows (view settings included).
	hash := a.model.Params.Hash()
	if a.started && hash != a.hash {
		a.hash = hash
		replaceHash(hash)
	}
	a.dom.update(a.model, t, hash, a.inspect)
	a.report(t)
	return nil
}

// apply handles one event.
func (a *app) apply(e event, t time.Time) {
	m := a.model
	switch e.kind {
	case evWorker:
		if a.pool.Receive(e.slot, e.gen, e.msg) && m.Receive(e.msg, t) {
			a.pool.Cancel(t)
		}
	case evDied:
		m.Lost(a.pool.Died(e.slot, e.gen), t)
	case evCatalog:
		a.catalog = e.catalog
		a.dom.addDatasets(e.catalog)
		if err := m.Params.CheckCatalog(a.catalog); err != nil {
			m.Params = params.Default()
			m.Notice = "The link asks for data this site lacks (" + err.Error() + "); showing the defaults."
			a.dom.write(m.Params)
		}
		if !a.started {
			a.started = true
			a.start(m.Params, t)
		}
	case evRun:
		m.Notice = ""
		a.start(a.dom.read(m.Params), t)
	case evCancel:
		if m.Cancel(t) {
			a.pool.Cancel(t)
		}
	case evPlay:
		m.Prop.Play(!m.Prop.Playing)
	case evStep:
		m.Prop.Playing = false
		m.Prop.Advance()
	case evReset:
		if m.Run != nil && m.Run.State == ui.Done {
			m.Prop.Reset(m.Run, m.Params.Propagator, m.Params.Alpha)
		}
	case evView:
		m.SetView(a.dom.read(m.Params))
	case evInspect:
		a.inspect = max(a.dom.intValue("inspect"), 0)
	case evDataset:
		a.dom.showDataset()
	case evFile:
		a.fileName, a.file = e.name, e.data
		hooks().Set("file", e.name)
	case evHash:
		p, notice := params.FromHash(location().Get("hash").String())
		if notice == "" {
			if err := p.CheckCatalog(a.catalog); err != nil {
				p, notice = params.Default(), "The link asks for data this site lacks ("+err.Error()+"); showing the defaults."
			}
		}
		a.dom.write(p)
		if p.Hash() == m.Params.Hash() && notice == "" {
			return
		}
		embedChanged := p.Embed != m.Params.Embed
		m.Notice = notice
		if p.SameRun(m.Params) && m.Run != nil && m.Run.State != ui.Failed {
			m.SetView(p)
		} else {
			a.start(p, t)
		}
		if embedChanged {
			a.arrange()
		}
	case evPNG:
		a.savePNG()
	case evCSV:
		if b := m.CSV(); b != nil {
			download(m.FileName()+"-W.csv", "text/csv", b)
		}
	case evCrash:
		a.pool.Crash()
	}
}

// workerCount returns how many solver workers to start: one per core
// (navigator.hardwareConcurrency), at most 4 (a run has 4 graphs), unless
// the page's query says ?workers=k (for measurements).
func workerCount() int {
	n := js.Global().Get("navigator").Get("hardwareConcurrency").Int()
	q := js.Global().Get("URLSearchParams").New(location().Get("search")).Call("get", "workers")
	if q.Truthy() {
		if k, err := strconv.Atoi(q.String()); err == nil {
			n = k
		}
	}
	return min(max(n, 1), 4)
}

// start begins a run with settings p, or says why it cannot.
func (a *app) start(p params.Params, t time.Time) {
	m := a.model
	if err := p.CheckCatalog(a.catalog); err != nil {
		m.Notice = "Not started: " + err.Error() + "."
		return
	}
	if m.Running() {
		m.Cancel(t)
		a.pool.Cancel(t)
	}
	jobs, err := m.Start(p, a.fileName, a.file, t)
	if err != nil {
		m.Notice = "Not started: " + err.Error() + "."
		return
	}
	a.pool.Submit(jobs...)
	a.arrange()
	hooks().Set("runs", hooks().Get("runs").Int()+1)
}

// arrange places the panels.
func (a *app) arrange() {
	a.panels = view.Arrange(float32(a.w), float32(a.h), a.model.Params.Embed, view.TextScale())
	a.redraw = true
}

// Draw draws the panels that changed; the screen keeps the rest
// (ebiten.SetScreenClearedEveryFrame(false)). While the workers compute,
// the live panels are drawn at most every runningDrawEvery: drawing costs
// CPU (SwiftShader, on machines without a GPU) that the workers need, and
// the status line beside the controls follows every message anyway.
func (a *app) Draw(screen *ebiten.Image) {
	a.frames++
	w, h := float32(a.w), float32(a.h)
	if !a.redraw && (!a.views.Stale(a.model, a.panels, w, h) ||
		a.model.Running() && time.Since(a.lastDraw) < runningDrawEvery) {
		return
	}
	a.draws++
	a.lastDraw = time.Now()
	c := &canvas{dst: screen, faces: a.faces, cache: a.images}
	a.views.Draw(c, a.model, a.panels, w, h, a.redraw)
	a.redraw = false
	a.images.endFrame()
	if !a.firstFrame {
		a.firstFrame = true
		hooks().Set("firstFrame", now())
		a.dom.loaded()
	}
}

// runningDrawEvery paces the drawing of the live panels during a run.
const runningDrawEvery = 500 * time.Millisecond

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

// savePNG downloads the views as they are drawn, without the controls.
func (a *app) savePNG() {
	// At the screen's resolution: sharp on slides from a high-density
	// screen.
	s := a.faces.scale
	w, h := int(math.Ceil(float64(float32(a.w)*s))), int(math.Ceil(float64(float32(a.h)*s)))
	if w <= 0 || h <= 0 {
		return
	}
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	a.views.Draw(&canvas{dst: img, faces: a.faces, cache: a.images}, a.model, a.panels, float32(a.w), float32(a.h), true)
	a.redraw = true // the screen is drawn whole again after an export
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(rgba.Pix)
	var b bytes.Buffer
	if err := png.Encode(&b, rgba); err != nil {
		a.model.Notice = "The PNG could not be made: " + err.Error()
		return
	}
	name := a.model.FileName()
	if e := a.model.Params.Embed; e != "" {
		name += "-" + e
	}
	download(name+".png", "image/png", b.Bytes())
}

// report publishes the page's state on window.nnlrs for the browser tests
// and the measurements.
func (a *app) report(t time.Time) {
	h := hooks()
	h.Set("frames", a.frames)
	h.Set("draws", a.draws)
	m := a.model
	state := "idle"
	if r := m.Run; r != nil {
		state = [...]string{"running", "done", "cancelled", "failed"}[r.State]
		if g := r.Graphs["nnlrs"]; g != nil && len(g.Iters) > 0 {
			h.Set("iterations", g.Iters[len(g.Iters)-1].Iter)
		} else {
			h.Set("iterations", 0)
		}
		if r.State == ui.Done && a.digestRun != r {
			a.digestRun = r
			h.Set("doneAt", now())
			h.Set("framesAtDone", a.frames)
			h.Set("digest", digest(r))
			h.Set("graphs", summary(r))
		}
	}
	h.Set("state", state)
	h.Set("busy", a.pool.Busy())
	h.Set("replaced", a.pool.Replaced())
	h.Set("step", m.Prop.Step)
	h.Set("converged", m.Prop.Converged)
	h.Set("hover", m.Hover)
	if a.tick%30 == 1 {
		h.Set("fps", ebiten.ActualFPS())
	}
}

// digest fingerprints what a run computed (the data and every graph's
// weights), so that a test can tell that a shared link recomputes the same
// figure.
func digest(r *ui.Run) string {
	f := fnv.New64a()
	put := func(v []float64) {
		for _, x := range v {
			binary.Write(f, binary.LittleEndian, math.Float64bits(x))
		}
	}
	if r.Data != nil {
		put(r.Data.X)
	}
	for _, method := range params.Graphs {
		if g := r.Graphs[method]; g != nil && g.Final != nil {
			put(g.Final.W)
		}
	}
	return fmt.Sprintf("%016x", f.Sum64())
}

// summary returns the measures of every finished graph of r, by method.
func summary(r *ui.Run) map[string]any {
	s := map[string]any{}
	num := func(v float64) any {
		if math.IsNaN(v) {
			return nil
		}
		return v
	}
	for method, g := range r.Graphs {
		if f := g.Final; f != nil {
			s[method] = map[string]any{"ghf": num(f.ErrorGHF), "lgc": num(f.ErrorLGC), "within": num(f.WithinClass),
				"density": f.Density, "diagonal": f.DiagonalShare, "components": f.Components,
				"iterations": f.Iterations, "converged": f.Converged, "elapsed": f.Elapsed}
		}
	}
	return s
}
