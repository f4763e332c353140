//go:build js && wasm

package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"image/png"
	"math"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
	"nnlrs/wasm/pool"
	"nnlrs/wasm/protocol"
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

// webGL2 reports whether the browser can give a canvas a WebGL2 context,
// which ebiten needs.
func webGL2() bool {
	c := js.Global().Get("document").Call("createElement", "canvas")
	return c.Call("getContext", "webgl2").Truthy()
}

// withoutCanvas runs the page without its pictures, for ever: the model,
// the workers and the HTML controls, status and numbers, at about 30
// updates a second; the notice says why, in one line.
func (a *app) withoutCanvas(why string) {
	a.noCanvas = true
	a.dom.set("nocanvas", "textContent", why)
	a.dom.set("nocanvas", "hidden", false)
	a.dom.set("numbers", "hidden", false)
	hooks().Set("noCanvas", true)
	a.dom.loaded()
	for {
		a.Update()
		time.Sleep(33 * time.Millisecond)
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

	catalog []params.Dataset
	// controls are the settings the controls show, as last read whole and
	// valid: the link follows them, and those that differ from the
	// figure's are marked.
	controls params.Params
	stale    string // what markStale last saw
	hash     string // the URL hash last written
	started  bool   // the first run started (after the catalog arrived)
	fileName string
	file     []byte
	// pending is set when the controls changed: at applyAt the figure
	// follows them (liveDelay after the last change of one that needs the
	// solver, at once otherwise).
	pending bool
	applyAt time.Time
	editAt  time.Time // the last such change

	noCanvas bool // the pictures cannot be drawn: no ebiten
	w, h     int  // the screen, in CSS pixels
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
		tour  int
	}
	reveal    string   // the view to scroll into sight once the panels are placed
	published struct { // the panels last published on window.nnlrs
		first *view.Panel
		at    [2]float32
	}
	panels []view.Panel
	tick   int
	// inspect is the sample chosen in the Inspect control, 1-based, 0 for
	// none: the graph view shows it when the mouse is on no node.
	inspect int

	fits       int  // page.fit calls: the page was fitted to its views
	frames     int  // Draw calls
	draws      int  // Draw calls that drew
	redraw     bool // draw every panel in the next frame
	lastDraw   time.Time
	firstFrame bool
	digestRun  *ui.Run
	// nnlrsRun is the run whose NNLRS graph's arrival was last published.
	nnlrsRun *ui.Run
	// curvePublished is the labeled curve last published on window.nnlrs.
	curvePublished *ui.LabeledCurve
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
	a.controls = p
	if p.Tour > 0 && p.Embed == "" { // a tour step's link: its view in sight
		a.reveal = params.Tour[p.Tour-1].View
	}
	a.dom.write(p)
	a.dom.listen(a.q)
	a.dom.describeCanvas(a.q)
	a.page = newPage(a.dom)
	a.pool = pool.New(workerCount(), spawner(a.q))
	h := hooks()
	h.Set("workers", a.pool.Size())
	h.Set("runs", 0)
	// crashWorker(graph) crashes the worker solving that graph ("nnlrs",
	// ...), or without an argument the first busy worker.
	h.Set("crashWorker", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := event{kind: evCrash}
		if len(args) > 0 && args[0].Type() == js.TypeString {
			e.name = args[0].String()
		}
		a.q.push(e)
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
	// graphW(name) returns the weights of a finished graph of the figure,
	// row-major, and labels() the true classes and given labels.
	h.Set("graphW", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if r := a.model.Run; r != nil {
			if g := r.Graphs[method.Name(args[0].String())]; g != nil && g.Final != nil {
				return floats(g.Final.W)
			}
		}
		return nil
	}))
	h.Set("labels", js.FuncOf(func(js.Value, []js.Value) any {
		if r := a.model.Run; r != nil && r.Labeled() {
			return map[string]any{"truth": ints(r.Data.Labels), "given": ints(r.Data.Given)}
		}
		return nil
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
	if !a.started && !slices.Contains(params.Builtin, a.model.Params.Dataset) {
		// The synthetic data need no catalog: the first run starts at
		// the first frame, not when data/index.json has arrived.
		a.started = true
		a.start(a.model.Params, t, false)
	}
	if a.pending && !t.Before(a.applyAt) {
		a.pending = false
		// How long the edit waited for the controls to settle, in the
		// page's own clock (TestDrag).
		hooks().Set("waited", t.Sub(a.editAt).Milliseconds())
		a.start(a.controls, t, false)
	}
	a.pool.Tick(t)
	a.model.Prop.Tick(t)
	if jobs := a.model.CheckJobs(a.fileName, a.file); len(jobs) > 0 {
		a.pool.Submit(jobs...) // the advice's checks, on the idle workers
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
		if a.started { // the built-in synthetic data did not wait
			return
		}
		p, notice := a.fitCatalog(m.Params)
		if notice != "" {
			m.Params, m.Notice = p, notice
		}
		a.controls = m.Params
		a.dom.write(m.Params) // the data set's option exists now
		if !a.started {
			a.started = true
			a.start(m.Params, t, false)
		}
	case evRun:
		m.Notice = ""
		p, err := a.dom.read(m.Params)
		a.dom.showFieldError(err)
		if err != nil {
			m.Problem = "Not started: " + err.Error() + "."
			return
		}
		a.controls = p
		a.pending = false
		a.start(p, t, true)
	case evEdit:
		p, err := a.dom.read(a.controls)
		a.dom.showFieldError(err)
		if err == nil {
			a.edit(p, t, e.settled)
		}
	case evCancel:
		if m.Cancel(t) {
			a.pool.Cancel(t)
		}
	case evCanvasClick:
		if i := view.NodeAt(m, a.panels, e.x-a.left, e.y-a.top); i >= 0 {
			a.toggleLabel(i, t)
		} else if m.Params.Embed == "propagation" { // no controls: a click plays and pauses
			m.Prop.Play(!m.Prop.Playing)
		}
	case evLabel:
		if a.inspect > 0 {
			a.toggleLabel(a.inspect-1, t)
		}
	case evPlay:
		m.Prop.Play(!m.Prop.Playing)
	case evStep:
		m.Prop.Playing = false
		m.Prop.Advance()
	case evReset:
		m.Prop.Rewind()
	case evView:
		p, _ := a.dom.read(m.Params) // a run control's error does not hold up the view
		m.SetView(p)
		a.controls = a.controls.WithView(p)
	case evInspect:
		a.inspect = max(a.dom.intValue("inspect"), 0)
	case evFile:
		a.fileName, a.file = e.name, e.data
		hooks().Set("file", e.name)
		if a.controls.Dataset == protocol.Upload {
			a.edit(a.controls, t, true)
		}
	case evHash:
		p, notice := params.FromHash(location().Get("hash").String())
		if q, n := a.fitCatalog(p); n != "" {
			p, notice = q, strings.TrimSpace(notice+" "+n)
		}
		a.dom.write(p)
		a.dom.showFieldError(nil)
		a.controls = p
		if p.Hash() == m.Params.Hash() && notice == "" {
			return
		}
		embedChanged := p.Embed != m.Params.Embed
		m.Notice = notice
		a.pending = false
		a.start(p, t, false)
		if embedChanged {
			a.arrange()
		}
	case evPNG:
		if a.noCanvas {
			m.Notice = "No PNG: this browser cannot draw the pictures (no WebGL2)."
			return
		}
		a.savePNG()
	case evCSV:
		if b := m.CSV(); b != nil {
			download(m.FileName()+"-W.csv", "text/csv", b)
		}
	case evCrash:
		a.pool.Crash(method.Name(e.name))
	case evTour:
		n := e.step
		if e.delta {
			n += a.controls.Tour
		}
		a.tour(n, t)
	}
}

// tour shows step n of the guided tour (params.Tour): its settings, its
// words and the view it is about, which an embedded page shows alone;
// n = 0 ends the tour and keeps the figure.
func (a *app) tour(n int, t time.Time) {
	if n < 0 || n > len(params.Tour) || n == 0 && a.controls.Tour == 0 {
		return
	}
	p := a.controls
	p.Tour = 0
	if n > 0 {
		p = params.AtTour(n, a.model.Params.Embed != "")
		a.reveal = params.Tour[n-1].View
	}
	a.dom.write(p)
	a.dom.showFieldError(nil)
	a.controls = p
	a.pending = false
	a.start(p, t, false)
}

// workerCount returns how many solver workers to start: one per core but
// one (navigator.hardwareConcurrency − 1), which the page keeps to draw,
// at least 1 and at most 4 (a run has 4 graphs), unless the page's query
// says ?workers=k (for measurements). On 2 cores, where a second worker
// shares the cores with the first and with the drawing, one worker puts
// the NNLRS graph on screen at 2.8 s against 3.2-3.6 s with two, and
// draws 33 frames per second while solving against 20-23, for all four
// graphs at 4.4 s against 3.3-3.6 s (medians of 5 loads, make measure
// with NNLRS_WORKERS=2 and without, docs/BENCH.md).
func workerCount() int {
	n := js.Global().Get("navigator").Get("hardwareConcurrency").Int() - 1
	q := js.Global().Get("URLSearchParams").New(location().Get("search")).Call("get", "workers")
	if q.Truthy() {
		if k, err := strconv.Atoi(q.String()); err == nil {
			n = k
		}
	}
	return min(max(n, 1), 4)
}

// fitCatalog returns p with the settings the site's built-in data cannot
// meet at their data set's preset (or, for a data set the site lacks, the
// defaults), and a notice naming them; "" when p fits.
func (a *app) fitCatalog(p params.Params) (params.Params, string) {
	var fe *params.FieldError
	if err := p.CheckCatalog(a.catalog); !errors.As(err, &fe) {
		return p, ""
	} else if fe.Field == "data" {
		return params.Default(), "The link asks for data this site lacks (" + fe.Msg + "); showing the synthetic data."
	}
	base := params.ForDataset(p.Dataset)
	p.Classes, p.PerClass = base.Classes, base.PerClass
	if p.CheckCatalog(a.catalog) != nil {
		return params.Default(), "The link asks for more data than this site carries (" + fe.Msg + "); showing the synthetic data."
	}
	return p, "The link asks for more data than this site carries (" + fe.Msg + "); the size is the data set's preset."
}

// liveDelay is how long the figure waits for the controls to settle
// before it asks the solver (a slider being dragged sends many changes):
// each new change cancels the solve started for the one before.
const liveDelay = 300 * time.Millisecond

// edit takes the controls' new settings p: the figure follows them, at
// once when the page alone can redraw it or when the change is settled
// (a slider released or stepped, a field left), else liveDelay after the
// last change. The clicked labels are dropped when the labeled set they
// flip is drawn anew.
func (a *app) edit(p params.Params, t time.Time, settled bool) {
	if !p.SameData(a.controls) || p.Labeled != a.controls.Labeled || p.LabelSeed != a.controls.LabelSeed {
		p.Flip = ""
	}
	a.controls = p
	a.pending = true
	a.applyAt, a.editAt = t, t
	if !settled && a.model.NeedsWorkers(p, a.fileName, a.file) {
		a.applyAt = t.Add(liveDelay)
	}
}

// toggleLabel labels sample i (0-based) if it is unlabeled, and unlabels
// it otherwise; the propagation and the error rates follow at once.
func (a *app) toggleLabel(i int, t time.Time) {
	r := a.model.Run
	if r == nil || !r.Labeled() || i >= len(r.Data.Given) {
		return
	}
	a.controls.Flip = a.model.Params.Toggle(i).Flip // the figure's clicks, and this one
	a.pending = false
	a.start(a.controls, t, false)
}

// start brings the figure to settings p (ui.Model.Apply), or with fresh,
// computes every graph again (the Run button); or says why it cannot,
// beside Run and beside the control concerned: a run in progress then
// goes on.
func (a *app) start(p params.Params, t time.Time, fresh bool) {
	m := a.model
	err := ui.CheckStart(p, a.fileName, a.file)
	if err == nil {
		err = p.CheckCatalog(a.catalog)
	}
	if err != nil {
		a.dom.showFieldError(err)
		m.Problem = "Not started: " + err.Error() + "."
		return
	}
	embed := m.Params.Embed
	var jobs []*protocol.Job
	started := true
	if fresh {
		jobs, err = m.Rerun(p, a.fileName, a.file, t)
	} else {
		jobs, started, err = m.Apply(p, a.fileName, a.file, t)
	}
	if err != nil {
		a.dom.showFieldError(err)
		m.Problem = "Not started: " + err.Error() + "."
		return
	}
	if p.Embed != embed {
		a.arrange()
	}
	if !started {
		return
	}
	if !a.pool.Idle() { // the run replaced, or the checks of the advice
		a.pool.Cancel(t)
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
	c.flush()
	a.redraw = false
	a.images.endFrame()
	if !a.firstFrame {
		a.firstFrame = true
		hooks().Set("firstFrame", now())
		a.dom.loaded()
	}
}

// runningDrawEvery paces the drawing of the live panels during a run.
// Under software WebGL a draw that redraws panels costs about 0.3 s of
// CPU in the browser's GPU process (SwiftShader, measured on the default
// page in headless Chromium on 2 cores), which runs at a higher priority
// than the workers; at 500 ms the page kept 10-13 frames a second while
// the workers computed, at one second (with the batched shapes of
// canvas_js.go) 22-25 (make measure).
const runningDrawEvery = time.Second

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
	c := &canvas{dst: img, faces: a.faces, cache: a.images}
	a.views.Draw(c, a.model, a.panels, float32(a.w), float32(a.h), true)
	c.flush()
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
	if r := m.Latest(); r != nil {
		state = [...]string{"running", "done", "cancelled", "failed"}[r.State]
	}
	if r := m.Run; r != nil {
		h.Set("figure", r.ID())
		if g := r.Graphs[method.NNLRS]; g != nil && len(g.Iters) > 0 {
			h.Set("iterations", g.Iters[len(g.Iters)-1].Iter)
		} else {
			h.Set("iterations", 0)
		}
		if g := r.Graphs[method.NNLRS]; g != nil && g.Final != nil && a.nnlrsRun != r {
			a.nnlrsRun = r
			h.Set("nnlrsAt", now()) // the NNLRS graph on screen (the 3 s)
			// The seconds its worker solved before the page asked: the head
			// start from the link (wasm/solver/headstart.go), or 0.
			h.Set("headStart", math.Max(0, g.Final.Elapsed-time.Since(r.Started).Seconds()))
		}
		if r.State == ui.Done && a.digestRun != r {
			a.digestRun = r
			h.Set("doneAt", now())
			h.Set("framesAtDone", a.frames)
			h.Set("digest", digest(r))
			h.Set("graphs", summary(r, &m.Prop))
		}
	}
	if c := m.Prop.Curve; c.Finished() && c != nil && a.curvePublished != c {
		a.curvePublished = c
		h.Set("curve", curveSummary(c, m))
	}
	h.Set("state", state)
	h.Set("waiting", a.pending) // an edit waits for the controls to settle
	h.Set("busy", a.pool.Busy())
	h.Set("checking", m.Checking())
	h.Set("replaced", a.pool.Replaced())
	h.Set("step", m.Prop.Step)
	h.Set("stepError", m.Prop.ErrorRate(m.Params.Graph))
	h.Set("converged", m.Prop.Converged)
	h.Set("hover", m.Hover)
	if a.tick%30 == 1 {
		if !a.noCanvas {
			h.Set("fps", ebiten.ActualFPS())
		}
	}
}

// curveSummary returns the labeled curve c of the figure of m for the
// tests: the shares, the draws, the seed and α, and per graph the mean
// GHF and LGC errors (null where not computed).
func curveSummary(c *ui.LabeledCurve, m *ui.Model) map[string]any {
	vals := func(v []float64) []any {
		s := make([]any, len(v))
		for i, x := range v {
			if !math.IsNaN(x) {
				s[i] = x
			}
		}
		return s
	}
	shares := make([]any, len(ui.CurveShares))
	for i, v := range ui.CurveShares {
		shares[i] = v
	}
	out := map[string]any{"shares": shares, "draws": c.Draws, "seed": float64(m.Run.Params.LabelsSeed()), "alpha": m.Params.Alpha}
	for gm, v := range c.GHF {
		out[string(gm)] = map[string]any{"ghf": vals(v), "lgc": vals(c.LGC[gm])}
	}
	return out
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
	for _, gm := range params.Graphs {
		if g := r.Graphs[gm]; g != nil && g.Final != nil {
			put(g.Final.W)
		}
	}
	return fmt.Sprintf("%016x", f.Sum64())
}

// summary returns the measures of every finished graph of r, by method.
func summary(r *ui.Run, prop *ui.Propagation) map[string]any {
	s := map[string]any{}
	num := func(v float64) any {
		if math.IsNaN(v) {
			return nil
		}
		return v
	}
	for gm, g := range r.Graphs {
		if f, pf := g.Final, prop.Final(gm); f != nil && pf != nil {
			s[string(gm)] = map[string]any{"n": f.N, "ghf": num(pf.GHF), "lgc": num(pf.LGC), "within": num(f.WithinClass),
				"density": f.Density, "diagonal": f.DiagonalShare, "components": f.Components,
				"iterations": f.Iterations, "converged": f.Converged, "elapsed": f.Elapsed}
		}
	}
	return s
}

func floats(v []float64) []any {
	s := make([]any, len(v))
	for i, x := range v {
		s[i] = x
	}
	return s
}

func ints(v []int) []any {
	s := make([]any, len(v))
	for i, x := range v {
		s[i] = x
	}
	return s
}
