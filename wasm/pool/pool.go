// Package pool shares the jobs of a run among the page's solver Web Workers:
// it hands each idle worker the next job, cancels a run, and replaces a
// worker that died or that does not stop when told to. It is plain Go; the
// page (wasm/app) connects it to real workers.
package pool

import (
	"time"

	"nnlrs/core/method"
	"nnlrs/wasm/protocol"
)

// Worker is one Web Worker as the pool sees it.
type Worker interface {
	// Post sends m to the worker.
	Post(m protocol.Message)
	// Terminate stops the worker at once.
	Terminate()
}

// Spawn starts worker number slot, generation gen; the worker's messages
// must come back to Receive with the same slot and gen.
type Spawn func(slot, gen int) Worker

// CancelTimeout is how long a worker may take to confirm a Cancel before
// the pool terminates it and starts a new one.
const CancelTimeout = 2 * time.Second

type state int

const (
	starting   state = iota // spawned, no Ready yet
	idle                    // ready for a job
	busy                    // running job
	cancelling              // told to cancel job, waiting for its answer
)

type slot struct {
	w        Worker
	gen      int
	state    state
	job      *protocol.Job
	cancelAt time.Time
}

// Pool holds the workers and the queues of jobs.
type Pool struct {
	spawn Spawn
	slots []*slot
	queue []*protocol.Job
	// background jobs run on every worker but one, so that a run started
	// meanwhile finds one free and the page's thread keeps a core.
	background []*protocol.Job
}

// New starts n ≥ 1 workers.
func New(n int, spawn Spawn) *Pool {
	p := &Pool{spawn: spawn}
	for i := 0; i < max(n, 1); i++ {
		p.slots = append(p.slots, &slot{w: spawn(i, 0)})
	}
	return p
}

// Size returns the number of workers.
func (p *Pool) Size() int { return len(p.slots) }

// Submit queues jobs, in order, and starts those it can.
func (p *Pool) Submit(jobs ...*protocol.Job) {
	p.queue = append(p.queue, jobs...)
	p.dispatch()
}

// SubmitBackground queues jobs that may wait (the checks of the page's
// advice): they run on every worker but one, or on the only one, and only
// once the jobs of Submit have all started.
func (p *Pool) SubmitBackground(jobs ...*protocol.Job) {
	p.background = append(p.background, jobs...)
	p.dispatch()
}

func (p *Pool) dispatch() {
	free := 0
	for _, s := range p.slots {
		if s.state != idle {
			continue
		}
		if len(p.queue) > 0 {
			s.run(p.queue[0])
			p.queue = p.queue[1:]
			continue
		}
		free++
	}
	// One worker stays free of background jobs in a pool of two or more.
	reserve := min(1, len(p.slots)-1)
	for _, s := range p.slots {
		if len(p.queue) > 0 || len(p.background) == 0 || free <= reserve {
			return
		}
		if s.state == idle {
			s.run(p.background[0])
			p.background = p.background[1:]
			free--
		}
	}
}

// run hands job to the slot's idle worker.
func (s *slot) run(job *protocol.Job) {
	s.job, s.state = job, busy
	s.w.Post(job)
}

// Cancel drops the queued jobs and tells the busy workers to stop theirs.
func (p *Pool) Cancel(now time.Time) {
	p.queue, p.background = nil, nil
	for _, s := range p.slots {
		if s.state == busy {
			s.state = cancelling
			s.cancelAt = now
			s.w.Post(&protocol.Cancel{ID: s.job.ID})
		}
	}
}

// Receive takes message m from worker slot, generation gen, and reports
// whether the page should see it. Messages of replaced workers are
// dropped.
func (p *Pool) Receive(slot, gen int, m protocol.Message) bool {
	if slot < 0 || slot >= len(p.slots) || p.slots[slot].gen != gen {
		return false
	}
	s := p.slots[slot]
	switch m := m.(type) {
	case *protocol.Ready:
		if s.state == starting {
			s.state = idle
			p.dispatch()
		}
		return false
	case *protocol.Graph, *protocol.Error, *protocol.Cancelled:
		if s.job != nil && jobID(m) == s.job.ID {
			s.job = nil
			s.state = idle
			p.dispatch()
		}
	}
	return true
}

func jobID(m protocol.Message) uint32 {
	switch m := m.(type) {
	case *protocol.Graph:
		return m.JobID
	case *protocol.Error:
		return m.JobID
	case *protocol.Cancelled:
		return m.JobID
	}
	return 0
}

// Died replaces worker slot, generation gen, which stopped (its program
// exited or trapped). It returns the job the worker was running, which is
// lost, or nil, and whether the worker was replaced: a worker reports its
// death more than once (its program's end and its error event), and a
// worker already replaced is not replaced again.
func (p *Pool) Died(slot, gen int) (lost *protocol.Job, replaced bool) {
	if slot < 0 || slot >= len(p.slots) || p.slots[slot].gen != gen {
		return nil, false
	}
	return p.replace(p.slots[slot], slot), true
}

func (p *Pool) replace(s *slot, i int) *protocol.Job {
	lost := s.job
	if s.state == cancelling {
		lost = nil // it was being cancelled anyway
	}
	s.w.Terminate()
	s.gen++
	s.w = p.spawn(i, s.gen)
	s.state, s.job = starting, nil
	return lost
}

// Tick replaces the workers that did not confirm a Cancel within
// CancelTimeout.
func (p *Pool) Tick(now time.Time) {
	for i, s := range p.slots {
		if s.state == cancelling && now.Sub(s.cancelAt) > CancelTimeout {
			p.replace(s, i)
		}
	}
}

// Idle reports whether no job is queued or running.
func (p *Pool) Idle() bool { return len(p.queue) == 0 && len(p.background) == 0 && p.Busy() == 0 }

// Busy returns the number of workers running or cancelling a job.
func (p *Pool) Busy() int {
	n := 0
	for _, s := range p.slots {
		if s.state == busy || s.state == cancelling {
			n++
		}
	}
	return n
}

// Solving returns the graphs of the jobs the workers are running.
func (p *Pool) Solving() []method.Name {
	var ms []method.Name
	for _, s := range p.slots {
		if s.state == busy {
			ms = append(ms, s.job.Method)
		}
	}
	return ms
}

// Replaced returns the number of workers replaced so far (died, or did not
// stop when told to).
func (p *Pool) Replaced() int {
	n := 0
	for _, s := range p.slots {
		n += s.gen
	}
	return n
}

// Crash asks a worker to crash (protocol.Crash), for the tests of the page:
// the one running a job of graph m, or with m empty the first busy one;
// the first worker if there is no such one.
func (p *Pool) Crash(m method.Name) {
	for _, s := range p.slots {
		if s.state == busy && (m == "" || s.job.Method == m) {
			s.w.Post(&protocol.Crash{})
			return
		}
	}
	p.slots[0].w.Post(&protocol.Crash{})
}
