package pool

import (
	"testing"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/wasm/protocol"
)

type fake struct {
	slot, gen  int
	posted     []protocol.Message
	terminated bool
}

func (f *fake) Post(m protocol.Message) { f.posted = append(f.posted, m) }
func (f *fake) Terminate()              { f.terminated = true }

type harness struct {
	workers []*fake
	p       *Pool
}

func newHarness(n int) *harness {
	h := &harness{}
	h.p = New(n, func(slot, gen int) Worker {
		f := &fake{slot: slot, gen: gen}
		h.workers = append(h.workers, f)
		return f
	})
	return h
}

// current returns the live worker of slot.
func (h *harness) current(slot int) *fake {
	for i := len(h.workers) - 1; i >= 0; i-- {
		if h.workers[i].slot == slot {
			return h.workers[i]
		}
	}
	return nil
}

func (h *harness) ready(slot int) {
	f := h.current(slot)
	h.p.Receive(slot, f.gen, &protocol.Ready{})
}

// running returns the id of the job slot's worker was last given.
func (h *harness) running(slot int) uint32 {
	f := h.current(slot)
	for i := len(f.posted) - 1; i >= 0; i-- {
		if j, ok := f.posted[i].(*protocol.Job); ok {
			return j.ID
		}
	}
	return 0
}

func jobs(ids ...uint32) []*protocol.Job {
	var js []*protocol.Job
	for _, id := range ids {
		js = append(js, &protocol.Job{Job: demo.Job{ID: id}})
	}
	return js
}

func TestDispatch(t *testing.T) {
	h := newHarness(2)
	h.p.Submit(jobs(1, 2, 3)...)
	if len(h.current(0).posted) != 0 {
		t.Fatal("job posted before Ready: it would be lost")
	}
	h.ready(0)
	h.ready(1)
	if h.running(0) != 1 || h.running(1) != 2 {
		t.Fatalf("running %d and %d", h.running(0), h.running(1))
	}
	// Progress passes through; the end of a job frees its worker.
	if !h.p.Receive(1, 0, &protocol.Progress{JobID: 2}) {
		t.Error("progress not forwarded")
	}
	if !h.p.Receive(1, 0, &protocol.Graph{JobID: 2}) || h.running(1) != 3 {
		t.Errorf("after job 2: worker 1 runs %d", h.running(1))
	}
	h.p.Receive(0, 0, &protocol.Error{JobID: 1})
	h.p.Receive(1, 0, &protocol.Graph{JobID: 3})
	if !h.p.Idle() {
		t.Error("not idle after every job")
	}
}

// TestBackground: background jobs leave one worker of two free, so that a
// run started meanwhile begins at once; a pool of one runs them; Cancel
// drops them.
func TestBackground(t *testing.T) {
	h := newHarness(2)
	h.ready(0)
	h.ready(1)
	h.p.SubmitBackground(jobs(1, 2, 3)...)
	if h.running(0) != 1 || h.running(1) != 0 {
		t.Fatalf("running %d and %d, want 1 and none", h.running(0), h.running(1))
	}
	h.p.Submit(jobs(4)...)
	if h.running(1) != 4 {
		t.Fatalf("the run's job waits: worker 1 runs %d", h.running(1))
	}
	// Worker 0 done while the run goes on: it stays free.
	h.p.Receive(0, 0, &protocol.Graph{JobID: 1})
	if h.running(0) != 1 || h.p.Busy() != 1 {
		t.Fatalf("worker 0 runs %d, busy %d: a background job took the last free worker", h.running(0), h.p.Busy())
	}
	// The run done: the next background job starts, on one worker.
	h.p.Receive(1, 0, &protocol.Graph{JobID: 4})
	if h.p.Busy() != 1 || h.p.Idle() {
		t.Fatalf("busy %d, idle %v", h.p.Busy(), h.p.Idle())
	}
	h.p.Cancel(time.Unix(100, 0))
	for slot := range 2 {
		if h.running(slot) == 2 {
			h.p.Receive(slot, 0, &protocol.Cancelled{JobID: 2})
		}
	}
	if !h.p.Idle() {
		t.Error("not idle after Cancel: job 3 still queued")
	}

	one := newHarness(1)
	one.ready(0)
	one.p.SubmitBackground(jobs(7)...)
	if one.running(0) != 7 {
		t.Errorf("a pool of one does not run background jobs")
	}
}

func TestCancel(t *testing.T) {
	h := newHarness(2)
	h.ready(0)
	h.ready(1)
	h.p.Submit(jobs(1, 2, 3)...)
	t0 := time.Unix(100, 0)
	h.p.Cancel(t0)
	for slot, id := range []uint32{1, 2} {
		f := h.current(slot)
		if c, ok := f.posted[len(f.posted)-1].(*protocol.Cancel); !ok || c.ID != id {
			t.Errorf("worker %d: last message %+v, want Cancel %d", slot, f.posted[len(f.posted)-1], id)
		}
	}
	// A new run waits for the workers to stop.
	h.p.Submit(jobs(11)...)
	if h.running(0) != 1 || h.running(1) != 2 {
		t.Fatal("a job was posted to a cancelling worker")
	}
	h.p.Receive(0, 0, &protocol.Cancelled{JobID: 1})
	if h.running(0) != 11 {
		t.Errorf("worker 0 runs %d, want 11", h.running(0))
	}
	// Worker 1 does not answer: replaced after the timeout, job 3 never ran.
	h.p.Tick(t0.Add(CancelTimeout / 2))
	if h.current(1).terminated {
		t.Fatal("terminated too early")
	}
	if h.p.Busy() != 2 || h.p.Replaced() != 0 { // running job 11, cancelling job 2
		t.Errorf("busy %d, replaced %d", h.p.Busy(), h.p.Replaced())
	}
	h.p.Tick(t0.Add(2 * CancelTimeout))
	if h.p.Busy() != 1 || h.p.Replaced() != 1 {
		t.Errorf("busy %d, replaced %d", h.p.Busy(), h.p.Replaced())
	}
	old := h.workers[1]
	if !old.terminated || h.current(1).gen != 1 {
		t.Fatalf("worker 1 not replaced")
	}
	// The old worker's late answer is ignored.
	if h.p.Receive(1, 0, &protocol.Cancelled{JobID: 2}) {
		t.Error("message of a replaced worker forwarded")
	}
	h.ready(1)
	h.p.Receive(0, 0, &protocol.Graph{JobID: 11})
	if !h.p.Idle() {
		t.Error("not idle")
	}
	for _, f := range h.workers {
		for _, m := range f.posted {
			if j, ok := m.(*protocol.Job); ok && j.ID == 3 {
				t.Error("cancelled queued job 3 was run")
			}
		}
	}
}

func TestDied(t *testing.T) {
	h := newHarness(1)
	h.ready(0)
	h.p.Submit(jobs(5, 6)...)
	lost, replaced := h.p.Died(0, 0)
	if !replaced {
		t.Fatal("not replaced")
	}
	if lost == nil || lost.ID != 5 {
		t.Fatalf("lost %+v, want job 5", lost)
	}
	if lost, replaced := h.p.Died(0, 0); lost != nil || replaced {
		t.Error("a second report of the same death replaced the worker again")
	}
	h.ready(0)
	if h.running(0) != 6 {
		t.Errorf("new worker runs %d, want 6", h.running(0))
	}
	h.p.Crash("")
	f := h.current(0)
	if _, ok := f.posted[len(f.posted)-1].(*protocol.Crash); !ok {
		t.Error("no Crash posted")
	}
}

// TestCrashMethod: Crash(m) goes to the worker running a job of graph m.
func TestCrashMethod(t *testing.T) {
	h := newHarness(2)
	h.ready(0)
	h.ready(1)
	h.p.Submit(&protocol.Job{Job: demo.Job{ID: 1, Method: method.KNN0}}, &protocol.Job{Job: demo.Job{ID: 2, Method: method.NNLRS}})
	if got := h.p.Solving(); len(got) != 2 || got[0] != method.KNN0 || got[1] != method.NNLRS {
		t.Errorf("solving %v", got)
	}
	h.p.Crash(method.NNLRS)
	for slot, want := range []bool{false, true} {
		ps := h.current(slot).posted
		_, crashed := ps[len(ps)-1].(*protocol.Crash)
		if crashed != want {
			t.Errorf("worker %d (job %d): crash posted %v, want %v", slot, h.running(slot), crashed, want)
		}
	}
}
