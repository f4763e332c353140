//go:build js && wasm

package main

import (
	"errors"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
	"nnlrs/wasm/protocol"
)

// The handlers of the page's events (events_js.go): Update runs each with
// the time of its tick. They change the model and the app, never draw.

// received takes message m of worker slot, generation gen.
func (a *app) received(slot, gen int, m protocol.Message, t time.Time) {
	if !a.pool.Receive(slot, gen, m) {
		return
	}
	model := a.model
	switch m := m.(type) {
	case *protocol.Data:
		model.Samples(m.JobID, &m.Samples)
	case *protocol.Progress:
		model.Progress(m.JobID, &m.Progress)
	case *protocol.Graph:
		model.Finished(m.JobID, &m.Result, t)
	case *protocol.Error:
		if model.Failed(m.JobID, &m.Failure, t) {
			a.pool.Cancel(t)
		}
	}
}

// died replaces worker slot, generation gen, which stopped. Its job, if
// still wanted, is given once more to a new worker; lost a second time,
// it is given up.
func (a *app) died(slot, gen int, t time.Time) {
	j, replaced := a.pool.Died(slot, gen)
	if !replaced {
		return
	}
	if j != nil && a.model.Wants(j.ID) && !a.retried[j.ID] {
		a.retried[j.ID] = true
		a.model.Retrying(&j.Job)
		a.pool.Submit(j)
		return
	}
	var lost *demo.Job
	if j != nil {
		lost = &j.Job
	}
	if a.model.Lost(lost, t) {
		a.pool.Cancel(t)
	}
}

// catalogArrived takes the built-in data sets of the site (nil when
// data/index.json could not be read) and starts the first run, if it
// waited for them.
func (a *app) catalogArrived(cat []demo.Builtin, t time.Time) {
	m := a.model
	a.catalog = cat
	a.dom.addDatasets(cat)
	if a.started { // the built-in synthetic data did not wait
		return
	}
	p, notice := a.fitCatalog(m.Params)
	if notice != "" {
		m.Params, m.Notice = p, notice
	}
	a.controls = m.Params
	a.dom.write(m.Params) // the data set's option exists now
	a.started = true
	a.start(m.Params, t, false)
}

// runPressed computes every graph of the controls' settings again, cold.
func (a *app) runPressed(t time.Time) {
	m := a.model
	m.Notice = ""
	p, err := a.dom.read(m.Params)
	a.dom.showFieldError(err)
	if err != nil {
		m.Problem = "Not started: " + err.Error() + "."
		return
	}
	a.controls = p
	a.pending = false
	a.start(p, t, true)
}

// edited takes the controls' new settings: settled when the change is
// complete (its "change" event).
func (a *app) edited(t time.Time, settled bool) {
	p, err := a.dom.read(a.controls)
	a.dom.showFieldError(err)
	if err == nil {
		a.edit(p, t, settled)
	}
}

func (a *app) cancelPressed(t time.Time) {
	if a.model.Cancel(t) {
		a.pool.Cancel(t)
	}
}

// canvasClicked takes a click at (x, y), in CSS pixels of the viewport: a
// node's label is toggled; an embedded propagation plays or pauses.
func (a *app) canvasClicked(x, y float32, t time.Time) {
	m := a.model
	if i := view.NodeAt(m, a.panels, x-a.left, y-a.top); i >= 0 {
		a.toggleLabel(i, t)
	} else if m.Params.Embed == "propagation" { // no controls: a click plays and pauses
		m.Prop.Play(!m.Prop.Playing)
	}
}

func (a *app) labelPressed(t time.Time) {
	if a.inspect > 0 {
		a.toggleLabel(a.inspect-1, t)
	}
}

func (a *app) playPressed(time.Time) { a.model.Prop.Play(!a.model.Prop.Playing) }

func (a *app) stepPressed(time.Time) {
	a.model.Prop.Playing = false
	a.model.Prop.Advance()
}

func (a *app) resetPressed(time.Time) { a.model.Prop.Rewind() }

// viewChanged applies the view settings of the controls (a run control's
// error does not hold them up).
func (a *app) viewChanged(time.Time) {
	p, _ := a.dom.read(a.model.Params)
	shown := view.Shown(a.model.Params)
	a.model.SetView(p)
	a.controls = a.controls.WithView(p)
	if view.Shown(p) != shown {
		a.arrange()
	}
}

func (a *app) inspectChanged(time.Time) {
	v, err := strconv.Atoi(strings.TrimSpace(a.dom.el("inspect").Get("value").String()))
	if err != nil {
		v = 0
	}
	a.inspect = max(v, 0)
}

// fileRead takes the file the user chose: for an upload, a change like any
// other.
func (a *app) fileRead(f demo.File, t time.Time) {
	a.file = f
	a.hooks.set("file", f.Name)
	a.dom.showFieldError(nil)
	if a.controls.Dataset == demo.Upload {
		a.edit(a.controls, t, true)
	}
}

// hashChanged follows a new link (the user edited the URL, or went back).
func (a *app) hashChanged(t time.Time) {
	m := a.model
	p, notice := params.FromHash(location().Get("hash").String())
	if q, n := a.fitCatalog(p); n != "" {
		p, notice = q, strings.TrimSpace(notice+" "+n)
	}
	a.dom.write(p)
	a.dom.showFieldError(nil)
	a.controls = p
	if p.Hash() == m.Params.Hash() && notice == "" {
		return
	}
	embedChanged := view.Shown(p) != view.Shown(m.Params)
	m.Notice = notice
	a.pending = false
	a.start(p, t, false)
	if embedChanged {
		a.arrange()
	}
}

// tourTo shows step n of the guided tour (params.Tour), or with delta
// moves n steps from the current one: its settings, its words and the
// view it is about, which an embedded page shows alone; n = 0 ends the
// tour and keeps the figure.
func (a *app) tourTo(n int, delta bool, t time.Time) {
	if delta {
		n += a.controls.Tour
	}
	if n < 0 || n > len(params.TourSteps) || n == 0 && a.controls.Tour == 0 {
		return
	}
	p := a.controls
	p.Tour = 0
	if n > 0 {
		p = params.AtTour(n, a.model.Params.Embed != "")
		a.reveal = params.TourSteps[n-1].View
	}
	a.dom.write(p)
	a.dom.showFieldError(nil)
	a.controls = p
	a.pending = false
	a.start(p, t, false)
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

// fitCatalog returns p with the settings the site's built-in data cannot
// meet at their data set's preset (or, for a data set the site lacks, the
// defaults), and a notice naming them; "" when p fits.
func (a *app) fitCatalog(p params.Params) (params.Params, string) {
	var fe *params.FieldError
	if err := p.CheckCatalog(a.catalog); !errors.As(err, &fe) {
		return p, ""
	} else if fe.Field == params.Dataset.Key {
		return params.Default(), "The link asks for data this site lacks (" + fe.Msg + "); showing the synthetic data."
	}
	base := params.ForDataset(p.Dataset)
	p.Classes, p.PerClass = base.Classes, base.PerClass
	if p.CheckCatalog(a.catalog) != nil {
		return params.Default(), "The link asks for more data than this site carries (" + fe.Msg + "); showing the synthetic data."
	}
	return p, "The link asks for more data than this site carries (" + fe.Msg + "); the size is the data set's preset."
}

// liveDelay is how long the figure waits for the controls to settle
// before it asks the solver (a slider being dragged sends many changes):
// each new change cancels the solve started for the one before.
const liveDelay = 300 * time.Millisecond

// edit takes the controls' new settings p: the figure follows them, at
// once when the page alone can redraw it or when the change is settled
// (a slider released or stepped, a field left), else liveDelay after the
// last change. The clicked labels are dropped when the labeled set they
// flip is drawn anew.
func (a *app) edit(p params.Params, t time.Time, settled bool) {
	q := p
	q.Flip = a.controls.Flip
	if !params.Same(q, a.controls, params.Draw) || !params.Same(q, a.controls, params.Labels) {
		p.Flip = ""
	}
	a.controls = p
	a.pending = true
	a.applyAt, a.editAt = t, t
	if !settled && a.model.NeedsWorkers(p, a.file) {
		a.applyAt = t.Add(liveDelay)
	}
}

// toggleLabel labels sample i (0-based) if it is unlabeled, and unlabels
// it otherwise; the propagation and the error rates follow at once.
func (a *app) toggleLabel(i int, t time.Time) {
	r := a.model.Run
	if r == nil || !r.Labeled() || i >= len(r.Data.Given) {
		return
	}
	a.controls.Flip = a.model.Params.Toggle(i).Flip // the figure's clicks, and this one
	a.pending = false
	a.start(a.controls, t, false)
}

// start brings the figure to settings p (ui.Model.Apply), or with fresh,
// computes every graph again (the Run button); or says why it cannot,
// beside Run and beside the control concerned: a run in progress then
// goes on.
func (a *app) start(p params.Params, t time.Time, fresh bool) {
	m := a.model
	err := ui.CheckStart(p, a.file)
	if err == nil {
		err = p.CheckCatalog(a.catalog)
	}
	if err != nil {
		a.dom.showFieldError(err)
		m.Problem = "Not started: " + err.Error() + "."
		return
	}
	shown := view.Shown(m.Params)
	var jobs []demo.Job
	started := true
	if fresh {
		jobs, err = m.Rerun(p, a.file, t)
	} else {
		jobs, started, err = m.Apply(p, a.file, t)
	}
	if err != nil {
		a.dom.showFieldError(err)
		m.Problem = "Not started: " + err.Error() + "."
		return
	}
	if view.Shown(p) != shown {
		a.arrange()
	}
	if !started {
		return
	}
	if !a.pool.Idle() { // the run replaced, or the checks of the advice
		a.pool.Cancel(t)
	}
	a.submit(jobs)
	a.hooks.started()
}

// submit hands jobs to the workers.
func (a *app) submit(jobs []demo.Job) { a.pool.Submit(protocolJobs(jobs)...) }

// submitBackground hands jobs that may wait to the workers: they leave one
// worker free for the next run (pool.SubmitBackground).
func (a *app) submitBackground(jobs []demo.Job) { a.pool.SubmitBackground(protocolJobs(jobs)...) }

func protocolJobs(jobs []demo.Job) []*protocol.Job {
	ps := make([]*protocol.Job, len(jobs))
	for i := range jobs {
		ps[i] = &protocol.Job{Job: jobs[i]}
	}
	return ps
}
