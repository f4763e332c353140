//go:build js && wasm

package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/draw"
	"image/png"
	"sync"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/paper"
)

// An event is something that happened outside Update (a control used, a
// worker's message, a fetch done), as the handler that Update runs: the
// browser's callbacks only queue events, and the app's state changes in
// Update alone.
type event func(a *app, t time.Time)

// queue is the events waiting for Update. JavaScript callbacks must not
// block, so it is a slice behind a mutex rather than a channel.
type queue struct {
	mu  sync.Mutex
	evs []event
}

func (q *queue) push(e event) {
	q.mu.Lock()
	q.evs = append(q.evs, e)
	q.mu.Unlock()
}

func (q *queue) drain() []event {
	q.mu.Lock()
	evs := q.evs
	q.evs = nil
	q.mu.Unlock()
	return evs
}

// fetchBytes fetches path from the site and queues done with its bytes,
// or with ok false when it cannot be read.
func fetchBytes(q *queue, path string, done func(a *app, b []byte, ok bool, t time.Time)) {
	var onBuffer, onResponse, onError js.Func
	finish := func(b []byte, ok bool) {
		q.push(func(a *app, t time.Time) { done(a, b, ok, t) })
		onBuffer.Release()
		onResponse.Release()
		onError.Release()
	}
	onError = js.FuncOf(func(js.Value, []js.Value) any { finish(nil, false); return nil })
	onBuffer = js.FuncOf(func(_ js.Value, args []js.Value) any {
		u := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, u.Length())
		js.CopyBytesToGo(b, u)
		finish(b, true)
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if !args[0].Get("ok").Bool() {
			finish(nil, false)
			return nil
		}
		args[0].Call("arrayBuffer").Call("then", onBuffer, onError)
		return nil
	})
	js.Global().Call("fetch", path).Call("then", onResponse, onError)
}

// fetchCatalog fetches data/index.json, the built-in data sets of the
// site, and queues it (empty when it cannot be read).
func fetchCatalog(q *queue) {
	fetchBytes(q, "data/index.json", func(a *app, b []byte, ok bool, t time.Time) {
		var cat []demo.Builtin
		if !ok || json.Unmarshal(b, &cat) != nil {
			cat = nil
		}
		a.dom.choices(cat)
		names := []any{}
		for _, d := range cat {
			names = append(names, d.Name)
		}
		a.hooks.set("catalog", names) // the built-in data sets of the site, once known
		a.page.CatalogArrived(cat, t)
	})
}

// fetchEvidence fetches paper/index.json, the paper's evidence the site
// carries (core/paper.Evidence), and queues it (empty when it cannot be
// read).
func fetchEvidence(q *queue) {
	fetchBytes(q, "paper/index.json", func(a *app, b []byte, ok bool, _ time.Time) {
		ev := &paper.Evidence{}
		if ok && json.Unmarshal(b, ev) != nil {
			ev = &paper.Evidence{}
		}
		a.page.Model.Evidence = ev
		names := []any{}
		for _, c := range ev.Comparisons {
			names = append(names, c.Name)
		}
		a.hooks.set("evidence", names) // the paper's figures the site has numbers for
	})
}

// fetchFigure fetches the paper's picture name (paper/NAME.png) into the
// model's figures (ui.Out.Figures).
func fetchFigure(q *queue, name string) {
	fetchBytes(q, "paper/"+name+".png", func(a *app, b []byte, ok bool, _ time.Time) {
		if !ok {
			return
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return
		}
		rgba := image.NewRGBA(img.Bounds())
		draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
		m := a.page.Model
		if m.Figures == nil {
			m.Figures = map[string]*image.RGBA{}
		}
		m.Figures[name] = rgba
	})
}
