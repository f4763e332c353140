//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"sync"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/gemm"
	"nnlrs/wasm/kernels"
	"nnlrs/wasm/protocol"
)

// worker connects the runner to the Web Worker's messages.
type worker struct {
	runner *runner
	mu     sync.Mutex
	jobs   map[uint32]context.CancelFunc
	cache  map[string][]byte // files of the built-in data sets
	// head is the job started from the page's link before the page asked
	// (headstart.go), until the page's first job adopts or cancels it.
	head *headStart
}

func main() {
	// Without assembly gonum's matrix multiply is 3-5 times slower than
	// gemm's packed kernel: every product of the solvers goes through it.
	gemm.Use()
	// The SIMD128 kernels, when public/worker.js could load them.
	kernelPath := kernels.Install()
	w := &worker{jobs: map[uint32]context.CancelFunc{}, cache: map[string][]byte{}}
	// Sleeping hands control back to the browser, which then delivers the
	// messages that arrived meanwhile (a Cancel).
	w.runner = newRunner(w.post, w.fetch, func() { time.Sleep(time.Millisecond) })
	js.Global().Set("onmessage", js.FuncOf(w.onMessage))
	// The first worker (named so by public/app.js) carries the page's link
	// in its URL: it starts the link's first job at once (headstart.go).
	var links demo.Links
	if js.Global().Get("name").String() == "first" && w.links(&links) {
		if job, ok := headStartJob(js.Global().Get("location").Get("hash").String(), links); ok {
			w.head = startHeadStart(w.runner, job, w.post, func(id uint32) {
				w.mu.Lock()
				delete(w.jobs, id)
				w.mu.Unlock()
			})
		}
	}
	w.post(&protocol.Ready{Kernels: kernelPath})
	select {}
}

// links reads the bases of the page's links (data/links.txt, which
// public/worker.js fetched beside solver.wasm into self.nnlrsLinks) into
// l, and reports whether it could.
func (w *worker) links(l *demo.Links) bool {
	text := js.Global().Get("nnlrsLinks")
	return text.Type() == js.TypeString && text.String() != "" && l.UnmarshalText([]byte(text.String())) == nil
}

// post sends m to the page as one transferred Uint8Array.
func (w *worker) post(m protocol.Message) {
	b := protocol.Encode(m)
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	js.Global().Call("postMessage", u, []any{u.Get("buffer")})
}

// onMessage receives a message from the page. It must not block: a job
// runs on a goroutine of its own.
func (w *worker) onMessage(_ js.Value, args []js.Value) any {
	data := args[0].Get("data")
	if !data.InstanceOf(js.Global().Get("Uint8Array")) {
		return nil
	}
	b := make([]byte, data.Length())
	js.CopyBytesToGo(b, data)
	m, err := protocol.Decode(b)
	if err != nil {
		w.post(&protocol.Error{Failure: demo.Failure{Fault: demo.InternalFault, Message: "The solver received a message it cannot read: " + err.Error()}})
		return nil
	}
	switch m := m.(type) {
	case *protocol.Job:
		if h := w.head; h != nil {
			w.head = nil
			if cancel, over, ok := h.adopt(m); ok {
				if !over {
					w.mu.Lock()
					w.jobs[m.ID] = cancel
					w.mu.Unlock()
				}
				return nil
			}
			h.cancel()
		}
		ctx, cancel := context.WithCancel(context.Background())
		w.mu.Lock()
		w.jobs[m.ID] = cancel
		w.mu.Unlock()
		go func() {
			defer func() {
				w.mu.Lock()
				delete(w.jobs, m.ID)
				w.mu.Unlock()
				cancel()
			}()
			w.runner.run(ctx, m)
		}()
	case *protocol.Cancel:
		w.mu.Lock()
		cancel := w.jobs[m.ID]
		w.mu.Unlock()
		if cancel != nil {
			cancel()
		} else {
			w.post(&protocol.Cancelled{JobID: m.ID}) // already over
		}
	case *protocol.Crash:
		go func() { panic("solver: the page asked this worker to crash (protocol.Crash)") }()
	}
	return nil
}

// fetch returns the file data/<name>.mat beside the worker, once fetched.
func (w *worker) fetch(name string) ([]byte, error) {
	w.mu.Lock()
	b, ok := w.cache[name]
	w.mu.Unlock()
	if ok {
		return b, nil
	}
	b, err := get("data/" + name + ".mat")
	if err == nil {
		w.mu.Lock()
		w.cache[name] = b
		w.mu.Unlock()
	}
	return b, err
}

// get fetches the site's file at path and waits for its bytes.
func get(path string) ([]byte, error) {
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	var onResponse, onBuffer, onError js.Func
	onError = js.FuncOf(func(_ js.Value, args []js.Value) any {
		ch <- result{err: fmt.Errorf("%s", args[0].Call("toString").String())}
		return nil
	})
	onBuffer = js.FuncOf(func(_ js.Value, args []js.Value) any {
		u := js.Global().Get("Uint8Array").New(args[0])
		b := make([]byte, u.Length())
		js.CopyBytesToGo(b, u)
		ch <- result{b: b}
		return nil
	})
	onResponse = js.FuncOf(func(_ js.Value, args []js.Value) any {
		resp := args[0]
		if !resp.Get("ok").Bool() {
			ch <- result{err: fmt.Errorf("HTTP status %d", resp.Get("status").Int())}
			return nil
		}
		resp.Call("arrayBuffer").Call("then", onBuffer, onError)
		return nil
	})
	js.Global().Call("fetch", path).Call("then", onResponse, onError)
	r := <-ch
	onResponse.Release()
	onBuffer.Release()
	onError.Release()
	return r.b, r.err
}
