//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
	"nnlrs/wasm/protocol"
)

// The workers' side of the page: their messages and deaths, as events
// that Update runs (workers_js.go queues them).

// received takes message m of worker slot, generation gen: decoded at the
// edge into the model's own types.
func (a *app) received(slot, gen int, m protocol.Message, t time.Time) {
	if r, ok := m.(*protocol.Ready); ok && r.Kernels != "" {
		a.page.Model.Kernels = r.Kernels
	}
	if !a.pool.Receive(slot, gen, m) {
		return
	}
	model := a.page.Model
	switch m := m.(type) {
	case *protocol.Data:
		model.Samples(m.JobID, &m.Samples)
	case *protocol.Progress:
		model.Progress(m.JobID, &m.Progress)
	case *protocol.Graph:
		model.Finished(m.JobID, &m.Result, t)
	case *protocol.Error:
		a.page.Failed(m.JobID, &m.Failure, t)
		a.act(a.page.TakeOut(), t)
	}
}

// died replaces worker slot, generation gen, which stopped; the page says
// whether its job goes to the new worker (ui.Page.WorkerStopped).
func (a *app) died(slot, gen int, t time.Time) {
	j, replaced := a.pool.Died(slot, gen)
	if !replaced {
		return
	}
	var job *demo.Job
	if j != nil {
		job = &j.Job
	}
	if a.page.WorkerStopped(job, t) {
		a.pool.Submit(j)
	}
	a.act(a.page.TakeOut(), t)
}

// workerCount returns how many solver workers to start: one per core but
// one (navigator.hardwareConcurrency − 1), which the page keeps to draw,
// and two on a two-core machine, at least 1 and at most 4 (a run has 4
// graphs), unless the page's query says ?workers=k (for measurements).
// Two cores get two workers because the page's thread is nearly idle
// while a run lasts (the live panels are drawn once a second, ebiten
// skips unchanged frames): NNLRS then runs beside the other graphs
// instead of before them (docs/BENCH.md, the page's targets).
func workerCount() int {
	cores := js.Global().Get("navigator").Get("hardwareConcurrency").Int()
	n := cores - 1
	if cores == 2 {
		n = 2
	}
	q := js.Global().Get("URLSearchParams").New(location().Get("search")).Call("get", "workers")
	if q.Truthy() {
		if k, err := strconv.Atoi(q.String()); err == nil {
			n = k
		}
	}
	return min(max(n, 1), 4)
}

func protocolJobs(jobs []demo.Job) []*protocol.Job {
	ps := make([]*protocol.Job, len(jobs))
	for i := range jobs {
		ps[i] = &protocol.Job{Job: jobs[i]}
	}
	return ps
}
