package ui

import (
	"fmt"
	"time"

	"nnlrs/core/demo"
	"nnlrs/ui/params"
)

// An owner is who asked the workers for a job: the run (one of its
// graphs), a check of the advice (a Suggestion) or the live figure's
// study (a Study). The workers' answers go to the job's owner (ownerOf);
// those of jobs no longer wanted are ignored.
type owner interface {
	// wants reports whether the answers to job id are still awaited.
	wants(id uint32) bool
	// progress takes a report on job id.
	progress(id uint32, pr *demo.Progress)
	// finished takes the result of job id.
	finished(id uint32, res *demo.Result, now time.Time)
	// failed takes the failure of job id, or with lost that its worker
	// stopped twice; it reports whether the rest of the run should be
	// cancelled.
	failed(id uint32, f *demo.Failure, lost bool, now time.Time) (cancelRest bool)
}

// ownerOf returns the owner of job id: a check of the advice, the study,
// or else the run (whose graphs ignore the jobs they do not await).
func (m *Model) ownerOf(id uint32) owner {
	if s := m.suggestion(id); s != nil {
		return s
	}
	if m.Study != nil && m.Study.jobs[id] != nil {
		return m.Study
	}
	return (*runJobs)(m)
}

// The answers of the workers: each names its job.

// Samples takes the samples of job id; the page draws their labeled set.
func (m *Model) Samples(id uint32, s *demo.Samples) {
	if m.graphOf(id) == nil {
		return
	}
	d := &Data{Samples: *s}
	if p := m.Run.Params; d.Labels != nil {
		d.Given = p.Given(d.Labels)
	}
	m.Run.Data = d
}

// Progress takes a report on the running job id.
func (m *Model) Progress(id uint32, pr *demo.Progress) { m.ownerOf(id).progress(id, pr) }

// Finished takes the finished graph of job id.
func (m *Model) Finished(id uint32, res *demo.Result, now time.Time) {
	m.ownerOf(id).finished(id, res, now)
}

// Failed takes the failure of job id. It reports whether the rest of the
// run should be cancelled: the data cannot be used, so every job would
// fail alike.
func (m *Model) Failed(id uint32, f *demo.Failure, now time.Time) (cancelRest bool) {
	return m.ownerOf(id).failed(id, f, false, now)
}

// Wants reports whether the answers to job id are still awaited.
func (m *Model) Wants(id uint32) bool { return m.ownerOf(id).wants(id) }

// Retrying records that the worker running job stopped and that the page
// gives the job to a new worker.
func (m *Model) Retrying(job *demo.Job) {
	m.Notice = fmt.Sprintf("A solver worker stopped (it may have run out of memory); a new one computes the %s graph again.", params.GraphNames[job.Method])
}

// Lost records that the worker running job stopped (job nil: an idle
// worker) and that the job is given up; the page has started a new
// worker. A graph lost so ends its run without a figure of its own: the
// views keep the last complete figure, if any. It reports whether the rest
// of the run should be cancelled.
func (m *Model) Lost(job *demo.Job, now time.Time) (cancelRest bool) {
	m.Notice = "A solver worker stopped (it may have run out of memory); a new one was started. Press Run to try again."
	if job == nil {
		return false
	}
	f := &demo.Failure{Method: job.Method, Message: "its worker stopped twice before finishing (it may have run out of memory)"}
	return m.ownerOf(job.ID).failed(job.ID, f, true, now)
}

// runJobs is the model as the owner of its run's graphs.
type runJobs Model

// graphOf returns the graph of the current run that job id builds and
// that is not finished yet, or nil.
func (m *Model) graphOf(id uint32) *Graph {
	if !m.Running() || id < m.Run.base || id-m.Run.base >= uint32(len(demo.Order)) {
		return nil
	}
	if g := m.Run.Graphs[demo.Order[id-m.Run.base]]; !g.Finished() {
		return g
	}
	return nil
}

func (rj *runJobs) wants(id uint32) bool { return (*Model)(rj).graphOf(id) != nil }

func (rj *runJobs) progress(id uint32, pr *demo.Progress) {
	g := (*Model)(rj).graphOf(id)
	if g == nil {
		return
	}
	g.Iters = append(g.Iters, pr.Iters...)
	g.Done, g.Total, g.Elapsed = pr.Done, pr.Total, pr.Elapsed
	if n := len(g.Iters); n > 0 && g.from.iter == 0 && g.Iters[n-1].Iter >= paceFrom {
		g.from.iter, g.from.elapsed = g.Iters[n-1].Iter, g.Elapsed
	}
	if pr.W != nil {
		g.N, g.W = pr.N, pr.W
		g.Version = (*Model)(rj).bump()
	}
}

func (rj *runJobs) finished(id uint32, res *demo.Result, now time.Time) {
	m := (*Model)(rj)
	g := m.graphOf(id)
	if g == nil {
		return
	}
	g.Final, g.N, g.W, g.Elapsed = res, res.N, res.W, res.Elapsed
	g.Version = m.bump()
	m.settle(now)
}

// failed ends the run on the last figure when its data cannot be used
// (an input or a limit fault) or when a graph is lost after an earlier
// figure; another graph that fails leaves the others to finish.
func (rj *runJobs) failed(id uint32, f *demo.Failure, lost bool, now time.Time) bool {
	m := (*Model)(rj)
	g := m.graphOf(id)
	if g == nil {
		return false
	}
	g.Err = f.Message
	r := m.Run
	switch {
	case !lost && (f.Fault == demo.InputFault || f.Fault == demo.LimitFault):
		r.Err = f.Message
	case lost && m.last != nil:
		r.Err = fmt.Sprintf("The %s graph could not be built: %s.", params.GraphNames[g.Method], g.Err)
	default:
		m.settle(now)
		return false
	}
	r.State, r.Finished = Failed, now
	m.Problem = r.Err
	m.restore(r)
	return true
}
