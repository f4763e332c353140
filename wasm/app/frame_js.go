//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"syscall/js"
	"time"

	"nnlrs/ui/view"
)

// frame fits ebiten's canvas to the views and knows where the canvas is.
// Ebiten sizes the canvas to the body (its CSS size, and its pixels on a
// window resize only): the frame sets the body's height to what the views
// need at its width (view.Height), so that stacked views make the page
// scroll rather than shrink, and tells ebiten to resize its canvas
// whenever the body's size and the canvas's pixels disagree (a change of
// embed, of the text size, of the controls' height).
type frame struct {
	doc, body, canvas, panel js.Value
	tour                     js.Value // the tour's strip and the verdict, above the views
	jump                     js.Value // the link to the controls above the views on a narrow screen
	height                   int      // the body's height last set, CSS pixels
	panelH                   int      // the controls' height last published
	tourH                    int      // the tour strip's height last published
	resized                  bool     // the controls or the tour strip changed size since the last fit
	ticks                    int      // Updates since the last fit
	fitted                   struct { // what the last fit was for
		text          float32
		alone, figure string
		tour          int
	}
	// left and top are where the canvas is in the viewport: ebiten
	// reports the cursor in viewport coordinates, as if the canvas filled
	// the viewport. pageX and pageY are where it is on the page (the page
	// scrolls when the views stack).
	left, top, pageX, pageY float32
}

func newFrame(d *dom, q *queue) *frame {
	doc := js.Global().Get("document")
	f := &frame{doc: doc, body: doc.Get("body"), canvas: doc.Call("querySelector", "body > canvas"), panel: d.el("panel"), tour: d.el("top"), jump: d.el("jump")}
	// The views sit below the tour's strip, and the controls below the
	// views on a narrow screen: a change of their height (a status line
	// that wraps, advice that appears) refits the page on the next frame.
	if ro := js.Global().Get("ResizeObserver"); ro.Truthy() {
		o := ro.New(js.FuncOf(func(js.Value, []js.Value) any {
			q.push(func(a *app, _ time.Time) { a.frame.resized = true })
			return nil
		}))
		o.Call("observe", f.panel)
		o.Call("observe", f.tour)
	}
	return f
}

// fit sets the body's height for views at text scale ts, with the view
// alone shown alone (or all of them), and has ebiten resize its canvas if
// its pixels are not the body's.
func (f *frame) fit(alone, figure string, ts float32) {
	win := js.Global()
	if h := f.panel.Get("offsetHeight").Int(); h != f.panelH {
		f.panelH = h
		f.doc.Get("documentElement").Get("style").Call("setProperty", "--panel-h", strconv.Itoa(h)+"px")
	}
	if h := f.tour.Get("offsetHeight").Int(); h != f.tourH {
		f.tourH = h
		f.doc.Get("documentElement").Get("style").Call("setProperty", "--tour-h", strconv.Itoa(h)+"px")
	}
	w := float32(f.body.Get("clientWidth").Float())
	// The views' share of the viewport: below the tour's strip and the
	// link to the controls (0 high where hidden).
	avail := float32(win.Get("innerHeight").Float()) - float32(f.tourH) - float32(f.jump.Get("offsetHeight").Float())
	h := int(max(view.Height(w, avail, alone, ts), view.FigureHeight(figure, w, ts)))
	if h != f.height {
		f.height = h
		f.body.Get("style").Set("height", strconv.Itoa(h)+"px")
		// The controls go under a paper figure on a narrow screen.
		f.doc.Get("documentElement").Get("style").Call("setProperty", "--views-h", strconv.Itoa(h)+"px")
	}
	if !f.canvas.Truthy() {
		return
	}
	dpr := win.Get("devicePixelRatio").Float()
	cw, ch := int(f.body.Get("clientWidth").Float()*dpr), int(f.body.Get("clientHeight").Float()*dpr)
	if cw != f.canvas.Get("width").Int() || ch != f.canvas.Get("height").Int() {
		win.Call("dispatchEvent", win.Get("Event").New("resize"))
	}
}

// locate learns where the canvas's top-left corner is in the viewport and
// on the page (which differ by the page's scroll), in CSS pixels.
func (f *frame) locate() {
	if !f.canvas.Truthy() {
		return
	}
	r := f.canvas.Call("getBoundingClientRect")
	x, y := r.Get("left").Float(), r.Get("top").Float()
	win := js.Global()
	sx, sy := win.Get("scrollX").Float(), win.Get("scrollY").Float()
	f.left, f.top, f.pageX, f.pageY = float32(x), float32(y), float32(math.Round(x+sx)), float32(math.Round(y+sy))
}

// fitPage keeps the page fitted to the views (every quarter second, and
// at once when the text size, the view shown alone or the height of the
// controls or the tour's strip changes), learns where the canvas is, for
// the cursor and the tests' hooks, and brings the view the page reveals
// into sight once placed.
func (a *app) fitPage() {
	pg, f := a.page, a.frame
	ts, alone, tour, figure := a.textScale(), pg.Model.Params.Alone(), pg.Model.Params.Tour, pg.Model.Params.Paper
	if tour != f.fitted.tour {
		a.dom.showTour(pg.Model.Params) // before the fit: the strip's height changes
	}
	f.ticks++
	if f.resized || f.ticks >= 15 || ts != f.fitted.text || alone != f.fitted.alone || tour != f.fitted.tour || figure != f.fitted.figure {
		f.resized, f.ticks = false, 0
		f.fitted.text, f.fitted.alone, f.fitted.tour, f.fitted.figure = ts, alone, tour, figure
		f.fit(alone, figure, ts)
		a.hooks.fitted()
	}
	f.locate()
	a.hooks.panels(a.panels, f.pageX, f.pageY)
	if pg.Reveal != "" && !a.redraw && !pg.Model.Running() && a.scrollTo(pg.Reveal) {
		pg.Reveal = ""
	}
}

// scrollTo scrolls the page so that view name is in sight below the
// tour's strip, if it is not, and reports whether the view is placed.
func (a *app) scrollTo(name string) bool {
	win := js.Global()
	f := a.frame
	for _, p := range a.panels {
		if p.Name != name {
			continue
		}
		top := float64(p.Rect.Y+f.pageY) - float64(f.tourH)
		bottom := float64(p.Rect.Y + f.pageY + p.Rect.H)
		sy, vh := win.Get("scrollY").Float(), win.Get("innerHeight").Float()
		if top < sy || bottom > sy+vh {
			win.Call("scrollTo", 0, math.Max(0, top-view.Gap))
		}
		return true
	}
	return false
}
