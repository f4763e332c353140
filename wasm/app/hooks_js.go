//go:build js && wasm

package main

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"math"
	"strings"
	"syscall/js"
	"time"

	"golang.org/x/image/font"

	"github.com/hajimehoshi/ebiten/v2"

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
)

// hooks is the page's side of its browser tests (wasm/e2e) and
// measurements (make measure): it publishes the page's state on
// window.nnlrs, the only place that writes there, and takes the tests'
// requests (crashWorker, nodeXY, graphW, labels).
type hooks struct {
	v js.Value
	// frames counts Draw calls, draws those that drew, fits the times
	// the page was fitted to its views, runs the runs started.
	frames, draws, fits, runs int
	drawn                     bool    // the first frame was drawn
	digested, solved          *ui.Run // the runs whose figure and NNLRS graph were last published
	curve                     *ui.LabeledCurve
	// paper is the paper figure and its cells last seen, draws the draws
	// then: the figure is published once drawn after that.
	paper struct {
		key       string
		draws     int
		published bool
	}
	study string // the live study last published, as name/done/total/err
	// published is the panels last published and where the canvas was.
	published struct {
		first *view.Panel
		at    [2]float32
	}
	reports int // the reports made (Updates)
}

// newHooks creates window.nnlrs for the app a.
func newHooks(a *app) *hooks {
	h := &hooks{v: js.Global().Get("Object").New()}
	js.Global().Set("nnlrs", h.v)
	h.set("workers", a.pool.Size())
	h.set("runs", 0)
	h.set("study", nil) // until a live study starts
	// crashWorker(graph) crashes the worker solving that graph ("nnlrs",
	// ...), or without an argument the first busy worker.
	h.set("crashWorker", js.FuncOf(func(_ js.Value, args []js.Value) any {
		var m method.Name
		if len(args) > 0 && args[0].Type() == js.TypeString {
			m = method.Name(args[0].String())
		}
		a.q.push(func(a *app, _ time.Time) { a.pool.Crash(m) })
		return nil
	}))
	// nodeXY(i) returns where node i of the graph shown is on the page.
	h.set("nodeXY", js.FuncOf(func(_ js.Value, args []js.Value) any {
		x, y, ok := a.views.NodePosition(a.page.Model, "graph", args[0].Int())
		if !ok {
			return nil
		}
		return []any{float64(x + a.frame.pageX), float64(y + a.frame.pageY)}
	}))
	// graphW(name) returns the weights of a finished graph of the figure,
	// row-major, and labels() the true classes and given labels.
	h.set("graphW", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if r := a.page.Model.Run; r != nil {
			if g := r.Graphs[method.Name(args[0].String())]; g != nil && g.Final != nil {
				return floats(g.Final.W)
			}
		}
		return nil
	}))
	// viewText() returns the words each view would draw now, by view.
	h.set("viewText", js.FuncOf(func(js.Value, []js.Value) any {
		out := map[string]any{}
		for _, p := range a.panels {
			tc := &textCanvas{faces: a.faces}
			view.New().Draw(tc, a.page.Model, []view.Panel{p}, float32(a.w), float32(a.h), true)
			out[p.Name] = strings.Join(tc.texts, "\n")
		}
		return out
	}))
	h.set("labels", js.FuncOf(func(js.Value, []js.Value) any {
		if r := a.page.Model.Run; r != nil && r.Labeled() {
			return map[string]any{"truth": ints(r.Data.Labels), "given": ints(r.Data.Given)}
		}
		return nil
	}))
	return h
}

func (h *hooks) set(key string, v any) { h.v.Set(key, v) }

// frame counts a Draw call, and whether it drew; the first drawn frame's
// time is published as firstFrame.
func (h *hooks) frame(drew bool) {
	h.frames++
	if !drew {
		return
	}
	h.draws++
	if !h.drawn {
		h.drawn = true
		h.set("firstFrame", now())
	}
}

// fitted counts a fit of the page to its views.
func (h *hooks) fitted() {
	h.fits++
	h.set("fits", h.fits)
}

// started counts a run started.
func (h *hooks) started() {
	h.runs++
	h.set("runs", h.runs)
}

// report publishes the page's state: once per Update.
func (h *hooks) report(a *app) {
	h.reports++
	h.set("frames", h.frames)
	h.set("draws", h.draws)
	m := a.page.Model
	state := "idle"
	if r := m.Latest(); r != nil {
		state = [...]string{"running", "done", "cancelled", "failed"}[r.State]
	}
	if r := m.Run; r != nil {
		h.set("figure", r.ID())
		g := r.Graphs[method.NNLRS]
		if g != nil && len(g.Iters) > 0 {
			h.set("iterations", g.Iters[len(g.Iters)-1].Iter)
		} else {
			h.set("iterations", 0)
		}
		if g != nil && g.Final != nil && h.solved != r {
			h.solved = r
			h.set("nnlrsAt", now()) // the NNLRS graph on screen
			// The seconds its worker solved before the page asked: the head
			// start from the link (wasm/solver/headstart.go), or 0.
			h.set("headStart", math.Max(0, g.Final.Elapsed-time.Since(r.Started).Seconds()))
		}
		if r.State == ui.Done && h.digested != r {
			h.digested = r
			// When the figure was done, in the page's clock (ms since it
			// opened): the instant the status's "Ready … after opening"
			// counts to.
			h.set("doneAt", float64(r.Finished.Sub(m.Opened))/float64(time.Millisecond))
			h.set("framesAtDone", h.frames)
			h.set("digest", digest(r))
			h.set("graphs", summary(r, &m.Prop))
		}
	}
	if c := m.Prop.Curve; c.Finished() && c != nil && h.curve != c {
		h.curve = c
		h.set("curve", curveSummary(c, m))
	}
	if name := m.Params.Paper; name != "" {
		cells := view.PaperCells(m)
		if key := fmt.Sprintf("%s|%d", name, cells); key != h.paper.key {
			h.paper.key, h.paper.draws, h.paper.published = key, h.draws, false
			h.set("paper", nil)
		} else if cells > 0 && h.draws > h.paper.draws && !h.paper.published {
			h.paper.published = true
			h.set("paper", map[string]any{"name": name, "cells": cells, "live": m.Params.Live == 1})
		}
	} else if h.paper.key != "" {
		h.paper.key = ""
		h.set("paper", nil)
	}
	study := ""
	if s := m.Study; s != nil {
		study = fmt.Sprintf("%s/%d/%d/%s", s.Name, s.Done, s.Total, s.Err)
	}
	if study != h.study {
		h.study = study
		if s := m.Study; s != nil {
			h.set("study", map[string]any{"name": s.Name, "done": s.Done, "total": s.Total, "err": s.Err})
		} else {
			h.set("study", nil)
		}
	}
	h.set("state", state)
	h.set("textScale", a.textScale())  // the views' text scale
	h.set("waiting", a.page.Waiting()) // an edit waits for the controls to settle
	// How long the last edit applied waited for the controls to settle, in
	// the page's own clock.
	h.set("waited", a.page.Waited.Milliseconds())
	h.set("busy", a.pool.Busy())
	h.set("kernels", a.page.Model.Kernels)
	if exp, ok := m.Expected(m.Latest()); ok {
		h.set("expected", exp) // seconds the latest run is expected to take here
	} else {
		h.set("expected", nil)
	}
	solving := []any{}
	for _, m := range a.pool.Solving() {
		solving = append(solving, string(m))
	}
	h.set("solving", solving) // the graphs the workers are computing
	h.set("checking", m.Checking())
	h.set("replaced", a.pool.Replaced())
	h.set("step", m.Prop.Step)
	h.set("stepError", m.Prop.ErrorRate(m.Params.Graph))
	h.set("converged", m.Prop.Converged)
	h.set("hover", m.Hover)
	if h.reports%30 == 1 && !a.noCanvas {
		h.set("fps", ebiten.ActualFPS())
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
	var b []byte
	put := func(v []float64) {
		b = b[:0]
		for _, x := range v {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		}
		f.Write(b)
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

// textCanvas is a view.Canvas that keeps the words drawn and draws
// nothing else (the viewText hook).
type textCanvas struct {
	faces *faces
	texts []string
}

func (c *textCanvas) Fill(view.Rect, color.RGBA)               {}
func (c *textCanvas) Line(_, _, _, _, _ float32, _ color.RGBA) {}
func (c *textCanvas) Polyline([]float32, float32, color.RGBA)  {}
func (c *textCanvas) Disc(_, _, _ float32, _ color.RGBA)       {}
func (c *textCanvas) Polygon([]float32, color.RGBA)            {}
func (c *textCanvas) Ring(_, _, _, _ float32, _ color.RGBA)    {}
func (c *textCanvas) Image(*image.RGBA, view.Rect)             {}
func (c *textCanvas) Text(s string, _, _ float32, _ view.Size, _ color.RGBA) {
	c.texts = append(c.texts, s)
}
func (c *textCanvas) TextScale() float32 { return c.faces.text }
func (c *textCanvas) TextWidth(s string, size view.Size) float32 {
	return float32(font.MeasureString(c.faces.face[size], s).Ceil()) / c.faces.scale
}
func (c *textCanvas) Layer(_ string, _ uint64, _ view.Rect, draw func(view.Canvas)) { draw(c) }

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

// now returns performance.now(), the page's clock in milliseconds.
func now() float64 { return js.Global().Get("performance").Call("now").Float() }

// panels publishes window.nnlrs.panels, the views' rectangles on the page
// (CSS pixels), when they moved: ps, with the canvas at (x, y) on the
// page.
func (h *hooks) panels(ps []view.Panel, x, y float32) {
	at := [2]float32{x, y}
	if len(ps) > 0 && &ps[0] == h.published.first && at == h.published.at {
		return
	}
	h.published.at = at
	h.published.first = nil
	if len(ps) > 0 {
		h.published.first = &ps[0]
	}
	out := make([]any, len(ps))
	for i, p := range ps {
		out[i] = map[string]any{"name": p.Name, "x": float64(p.Rect.X + x), "y": float64(p.Rect.Y + y),
			"w": float64(p.Rect.W), "h": float64(p.Rect.H)}
	}
	h.set("panels", out)
}
