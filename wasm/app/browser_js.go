//go:build js && wasm

package main

import (
	"encoding/json"
	"sync"
	"syscall/js"

	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// eventKind tells the events of the queue apart.
type eventKind int

const (
	evWorker      eventKind = iota // a worker's message
	evDied                         // a worker stopped
	evRun                          // the Run button
	evCancel                       // the Cancel button
	evPlay                         // Play/Pause
	evStep                         // Step
	evReset                        // Reset
	evView                         // a view setting changed
	evFile                         // a file was read
	evPNG                          // Download PNG
	evCSV                          // Download CSV
	evHash                         // the URL hash changed
	evCatalog                      // data/index.json arrived (or failed)
	evCrash                        // the tests' crashWorker()
	evInspect                      // the sample to inspect changed
	evEdit                         // a run control changed
	evCanvasClick                  // a click on the canvas, at x, y
	evLabel                        // the label button of the inspected sample
	evTour                         // the tour's buttons and keys: go to step n (0 ends it), or by delta
)

// event is something that happened outside Update: the browser's callbacks
// only queue events, which Update applies to the model.
type event struct {
	kind      eventKind
	slot, gen int
	msg       protocol.Message
	name      string
	data      []byte
	catalog   []params.Dataset
	x, y      float32 // a click, in CSS pixels of the viewport
	step      int     // evTour: the step to go to, or with delta the steps to move
	delta     bool
	settled   bool // evEdit: the control's change is complete (its "change" event)
}

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

// fetchCatalog fetches data/index.json, the built-in data sets of the
// site, and queues it (empty when it cannot be read).
func fetchCatalog(q *queue) {
	var onText, onResponse, onError js.Func
	done := func(cat []params.Dataset) {
		q.push(event{kind: evCatalog, catalog: cat})
		onText.Release()
		onResponse.Release()
		onError.Release()
	}
	onError = js.FuncOf(func(js.Value, []js.Value) any { done(nil); return nil })
	onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
		var cat []params.Dataset
		if err := json.Unmarshal([]byte(args[0].String()), &cat); err != nil {
			cat = nil
		}
		done(cat)
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if !args[0].Get("ok").Bool() {
			done(nil)
			return nil
		}
		args[0].Call("text").Call("then", onText, onError)
		return nil
	})
	js.Global().Call("fetch", "data/index.json").Call("then", onResponse, onError)
}

// download offers b to the user as a file.
func download(name, mime string, b []byte) {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	blob := js.Global().Get("Blob").New([]any{u}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
	hooks().Set("lastDownload", map[string]any{"name": name, "bytes": len(b)})
}

// hooks returns window.nnlrs, where the page reports its state for the
// browser tests (wasm/e2e) and the measurements.
func hooks() js.Value {
	h := js.Global().Get("nnlrs")
	if !h.Truthy() {
		h = js.Global().Get("Object").New()
		js.Global().Set("nnlrs", h)
	}
	return h
}

// now returns performance.now(), the page's clock in milliseconds.
func now() float64 { return js.Global().Get("performance").Call("now").Float() }
