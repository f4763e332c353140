//go:build js && wasm

package main

import (
	"encoding/json"
	"sync"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
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

// fetchCatalog fetches data/index.json, the built-in data sets of the
// site, and queues it (empty when it cannot be read).
func fetchCatalog(q *queue) {
	var onText, onResponse, onError js.Func
	done := func(cat []demo.Builtin) {
		q.push(func(a *app, t time.Time) { a.catalogArrived(cat, t) })
		onText.Release()
		onResponse.Release()
		onError.Release()
	}
	onError = js.FuncOf(func(js.Value, []js.Value) any { done(nil); return nil })
	onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
		var cat []demo.Builtin
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
