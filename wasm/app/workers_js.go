//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"nnlrs/wasm/pool"
	"nnlrs/wasm/protocol"
)

// jsWorker is a solver Web Worker (public/worker.js running solver.wasm).
type jsWorker struct {
	w                  js.Value
	onMessage, onError js.Func
}

// spawner returns the pool's Spawn: it starts a worker whose messages and
// death go to the queue as events.
func spawner(q *queue) pool.Spawn {
	uint8Array := js.Global().Get("Uint8Array")
	return func(slot, gen int) pool.Worker {
		jw := &jsWorker{}
		first := js.Global().Get("nnlrsFirstWorker") // started by app.js
		if first.Truthy() {
			js.Global().Delete("nnlrsFirstWorker")
			jw.w = first.Get("worker")
		} else {
			jw.w = js.Global().Get("Worker").New("worker.js")
		}
		jw.onMessage = js.FuncOf(func(_ js.Value, args []js.Value) any {
			data := args[0].Get("data")
			if data.InstanceOf(uint8Array) {
				b := make([]byte, data.Length())
				js.CopyBytesToGo(b, data)
				m, err := protocol.Decode(b)
				if err != nil {
					js.Global().Get("console").Call("warn", "nnlrs: unreadable message from a worker: "+err.Error())
					return nil
				}
				q.push(func(a *app, t time.Time) { a.received(slot, gen, m, t) })
				return nil
			}
			// The bootstrap's own messages: the Go program ended or could
			// not start.
			if lc := data.Get("lifecycle"); lc.Truthy() {
				q.push(func(a *app, t time.Time) { a.died(slot, gen, t) })
			}
			return nil
		})
		jw.onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
			// An uncaught error in the worker, such as a wasm trap when
			// memory runs out: the worker is unusable.
			args[0].Call("preventDefault")
			q.push(func(a *app, t time.Time) { a.died(slot, gen, t) })
			return nil
		})
		jw.w.Call("addEventListener", "message", jw.onMessage)
		jw.w.Call("addEventListener", "error", jw.onError)
		if first.Truthy() { // what it said before the page listened
			keep := first.Get("keep")
			jw.w.Call("removeEventListener", "message", keep)
			jw.w.Call("removeEventListener", "error", keep)
			early := first.Get("early")
			for i := 0; i < early.Length(); i++ {
				e := early.Index(i)
				if e.Get("type").String() == "error" {
					jw.onError.Invoke(e)
				} else {
					jw.onMessage.Invoke(e)
				}
			}
		}
		return jw
	}
}

// Post sends m as one transferred Uint8Array.
func (w *jsWorker) Post(m protocol.Message) {
	b := protocol.Encode(m)
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	w.w.Call("postMessage", u, []any{u.Get("buffer")})
}

// Terminate stops the worker at once.
func (w *jsWorker) Terminate() {
	w.w.Call("terminate")
	// A message already queued would still call the handlers: take them
	// off before releasing them.
	w.w.Call("removeEventListener", "message", w.onMessage)
	w.w.Call("removeEventListener", "error", w.onError)
	w.onMessage.Release()
	w.onError.Release()
}
