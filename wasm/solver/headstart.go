package main

import (
	"context"
	"sync"

	"nnlrs/core/demo"
	"nnlrs/wasm/protocol"
)

// A head start: the first worker (public/app.js starts it before the
// page's own program, with the page's link in its URL) starts at once the
// first job of the run that the link describes, while the page's program
// (app.wasm, three times the size of solver.wasm) is still loading. When
// the page's first job is that job, the worker adopts the computation
// under way: it sends what the job said so far under the page's job ID,
// then the rest as it comes. Any other first job cancels it. The page sees
// the same messages, in the same order, as if it had asked first; they
// just come sooner.
type headStart struct {
	mu      sync.Mutex
	job     protocol.Job // what the link asks first; ID 0
	cancel  context.CancelFunc
	post    func(protocol.Message)
	ended   func(id uint32) // called with the page's ID when an adopted job ends
	adopted bool
	id      uint32             // the page's ID, once adopted
	held    []protocol.Message // said before the adoption
	over    bool               // the job has said its last message
}

// headStartJob returns the first job of the run the link's fragment hash
// describes, from the bases of the page's links (demo.Links.Job, which
// the site carries as data/links.txt), with ID 0. A link that cannot be
// read whole gives none; one the page would correct asks for a job the
// page does not adopt (headStart.adopt), which the page's first job
// cancels.
func headStartJob(hash string, links demo.Links) (*protocol.Job, bool) {
	j, ok := links.Job(hash)
	if !ok {
		return nil, false
	}
	return &protocol.Job{Job: j}, true
}

// startHeadStart runs job on a copy of r whose messages h holds until the
// page adopts it (adopt), and then sends with post; if adopted, ended
// learns the page's ID when the job is over. cancel stops it.
func startHeadStart(r *runner, job *protocol.Job, post func(protocol.Message), ended func(id uint32)) *headStart {
	ctx, cancel := context.WithCancel(context.Background())
	h := &headStart{job: *job, cancel: cancel, post: post, ended: ended}
	hr := *r
	hr.emit = h.emit
	go func() {
		defer cancel()
		hr.run(ctx, &h.job)
		h.mu.Lock()
		adopted, id := h.adopted, h.id
		h.mu.Unlock()
		if adopted {
			h.ended(id)
		}
	}()
	return h
}

// emit holds m, or sends it under the page's ID once adopted.
func (h *headStart) emit(m protocol.Message) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch m.(type) {
	case *protocol.Graph, *protocol.Error, *protocol.Cancelled:
		h.over = true
	}
	if h.adopted {
		h.post(withJobID(m, h.id))
		return
	}
	h.held = append(h.held, m)
}

// adopt reports whether job is the job h runs; if it is, the page's ID
// takes over: what h held goes to the page now, and the rest as it comes.
// It returns the cancel function of the computation for the page's
// Cancel, and whether it has already ended.
func (h *headStart) adopt(job *protocol.Job) (cancel context.CancelFunc, over, ok bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.adopted || job.Method != h.job.Method || job.Data != h.job.Data || job.Params != h.job.Params ||
		job.SendData != h.job.SendData || job.File.Name != "" || len(job.File.Bytes) != 0 || len(job.Warm) != 0 {
		return nil, false, false
	}
	h.adopted, h.id = true, job.ID
	for _, m := range h.held {
		h.post(withJobID(m, job.ID))
	}
	h.held = nil
	return h.cancel, h.over, true
}

// withJobID returns m with its job ID set to id.
func withJobID(m protocol.Message, id uint32) protocol.Message {
	switch m := m.(type) {
	case *protocol.Data:
		m.JobID = id
	case *protocol.Progress:
		m.JobID = id
	case *protocol.Graph:
		m.JobID = id
	case *protocol.Error:
		m.JobID = id
	case *protocol.Cancelled:
		m.JobID = id
	}
	return m
}
