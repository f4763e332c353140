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
	tour                     js.Value    // the tour's strip, above the views
	present                  atomic.Bool // the presentation text size is on
	height                   int         // the body's height last set, CSS pixels
	panelH                   int         // the controls' height last published
	tourH                    int         // the tour strip's height last published
	resized                  atomic.Bool // the controls or the tour strip changed size since the last fit
}

func newPage(d *dom) *page {
	doc := js.Global().Get("document")
	p := &page{doc: doc, body: doc.Get("body"), canvas: doc.Call("querySelector", "body > canvas"), panel: d.el("panel"), tour: d.el("tour")}
	// The views sit below the controls on a narrow screen and below the
	// tour's strip: a change of their height (a status line that wraps,
	// advice that appears) refits the page on the next frame.
	if ro := js.Global().Get("ResizeObserver"); ro.Truthy() {
		o := ro.New(js.FuncOf(func(js.Value, []js.Value) any {
			p.resized.Store(true)
			return nil
		}))
		o.Call("observe", p.panel)
		o.Call("observe", p.tour)
	}
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
	if h := p.tour.Get("offsetHeight").Int(); h != p.tourH {
		p.tourH = h
		p.doc.Get("documentElement").Get("style").Call("setProperty", "--tour-h", strconv.Itoa(h)+"px")
	}
	w := float32(p.body.Get("clientWidth").Float())
	h := int(view.Height(w, float32(win.Get("innerHeight").Float())-float32(p.tourH), embed, ts))
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
// at once when the text size, the embedded view or the height of the
// controls or the tour's strip changes) and learns
// where the canvas is, for the cursor and the tests' hooks.
func (a *app) fitPage() {
	ts := a.page.textScale()
	embed := view.Shown(a.model.Params)
	if ts != view.TextScale() {
		view.SetTextScale(ts) // Layout loads the fonts of the new size
		a.arrange()
	}
	tour := a.model.Params.Tour
	if tour != a.fitted.tour {
		a.dom.showTour(a.model.Params) // before the fit: the strip's height changes
	}
	if a.page.resized.Swap(false) || a.tick%15 == 0 || ts != a.fitted.text || embed != a.fitted.embed || tour != a.fitted.tour {
		a.fitted.text, a.fitted.embed, a.fitted.tour = ts, embed, tour
		a.page.fit(embed, ts)
		a.hooks.fitted()
	}
	a.left, a.top, a.pageX, a.pageY = a.page.origin()
	a.publishPanels()
	if a.reveal != "" && !a.redraw && !a.model.Running() && a.scrollTo(a.reveal) {
		a.reveal = ""
	}
}

// scrollTo scrolls the page so that view name is in sight below the
// tour's strip, if it is not, and reports whether the view is placed.
func (a *app) scrollTo(name string) bool {
	win := js.Global()
	for _, p := range a.panels {
		if p.Name != name {
			continue
		}
		top := float64(p.Rect.Y+a.pageY) - float64(a.page.tourH)
		bottom := float64(p.Rect.Y + a.pageY + p.Rect.H)
		sy, vh := win.Get("scrollY").Float(), win.Get("innerHeight").Float()
		if top < sy || bottom > sy+vh {
			win.Call("scrollTo", 0, math.Max(0, top-view.Gap))
		}
		return true
	}
	return false
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
	a.hooks.set("panels", ps)
}
