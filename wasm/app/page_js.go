//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"sync/atomic"
	"syscall/js"

	"nnlrs/ui/view"
)

// page fits ebiten's canvas to the views. Ebiten sizes the canvas to the
// body (its CSS size, and its pixels on a window resize only): the page
// sets the body's height to what the views need at its width
// (view.Height), so that stacked views make the page scroll rather than
// shrink, and tells ebiten to resize its canvas whenever the body's size
// and the canvas's pixels disagree (a change of embed, of the text size,
// of the controls' height).
type page struct {
	doc, body, canvas, panel js.Value
	present                  atomic.Bool // the presentation text size is on
	height                   int         // the body's height last set, CSS pixels
	panelH                   int         // the controls' height last published
}

func newPage(d *dom) *page {
	doc := js.Global().Get("document")
	p := &page{doc: doc, body: doc.Get("body"), canvas: doc.Call("querySelector", "body > canvas"), panel: d.el("panel")}
	d.on("present", "click", func(this js.Value, _ js.Value) {
		on := !p.present.Load()
		p.present.Store(on)
		this.Call("setAttribute", "aria-pressed", strconv.FormatBool(on))
	})
	return p
}

// textScale returns the views' text scale the presentation toggle asks.
func (p *page) textScale() float32 {
	if p.present.Load() {
		return view.PresentationScale
	}
	return 1
}

// fit sets the body's height for views at text scale ts and the embedded
// view embed, and has ebiten resize its canvas if its pixels are not the
// body's.
func (p *page) fit(embed string, ts float32) {
	win := js.Global()
	if h := p.panel.Get("offsetHeight").Int(); h != p.panelH {
		p.panelH = h
		p.doc.Get("documentElement").Get("style").Call("setProperty", "--panel-h", strconv.Itoa(h)+"px")
	}
	w := float32(p.body.Get("clientWidth").Float())
	h := int(view.Height(w, float32(win.Get("innerHeight").Float()), embed, ts))
	if h != p.height {
		p.height = h
		p.body.Get("style").Set("height", strconv.Itoa(h)+"px")
	}
	if !p.canvas.Truthy() {
		return
	}
	f := win.Get("devicePixelRatio").Float()
	cw, ch := int(p.body.Get("clientWidth").Float()*f), int(p.body.Get("clientHeight").Float()*f)
	if cw != p.canvas.Get("width").Int() || ch != p.canvas.Get("height").Int() {
		win.Call("dispatchEvent", win.Get("Event").New("resize"))
	}
}

// origin returns where the canvas's top-left corner is in the viewport
// and on the page (which differ by the page's scroll), in CSS pixels.
func (p *page) origin() (vx, vy, px, py float32) {
	if !p.canvas.Truthy() {
		return 0, 0, 0, 0
	}
	r := p.canvas.Call("getBoundingClientRect")
	x, y := r.Get("left").Float(), r.Get("top").Float()
	win := js.Global()
	sx, sy := win.Get("scrollX").Float(), win.Get("scrollY").Float()
	return float32(x), float32(y), float32(math.Round(x + sx)), float32(math.Round(y + sy))
}

// fitPage keeps the page fitted to the views (every quarter second, and
// at once when the text size or the embedded view changes) and learns
// where the canvas is, for the cursor and the tests' hooks.
func (a *app) fitPage() {
	ts := a.page.textScale()
	embed := a.model.Params.Embed
	if ts != view.TextScale() {
		view.SetTextScale(ts) // Layout loads the fonts of the new size
		a.arrange()
	}
	if a.tick%15 == 0 || ts != a.fitted.text || embed != a.fitted.embed {
		a.fitted.text, a.fitted.embed = ts, embed
		a.page.fit(embed, ts)
	}
	a.left, a.top, a.pageX, a.pageY = a.page.origin()
	a.publishPanels()
}

// publishPanels sets window.nnlrs.panels to the views' rectangles on the
// page (CSS pixels) when they moved.
func (a *app) publishPanels() {
	at := [2]float32{a.pageX, a.pageY}
	if len(a.panels) > 0 && &a.panels[0] == a.published.first && at == a.published.at {
		return
	}
	a.published.at = at
	a.published.first = nil
	if len(a.panels) > 0 {
		a.published.first = &a.panels[0]
	}
	ps := make([]any, len(a.panels))
	for i, p := range a.panels {
		ps[i] = map[string]any{"name": p.Name, "x": float64(p.Rect.X + a.pageX), "y": float64(p.Rect.Y + a.pageY),
			"w": float64(p.Rect.W), "h": float64(p.Rect.H)}
	}
	hooks().Set("panels", ps)
}
