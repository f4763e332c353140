package ui

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"nnlrs/core/demo"
	"nnlrs/ui/params"
)

// Page is the state of the page, with one owner: the figure on screen
// (Model) and, against it, what the controls show (Controls, Form) with the
// edit that waits for them to settle; the upload chosen, the site's
// built-in data sets, the sample inspected and the text scale. The
// browser's events reach it as calls that the page's Update makes, the
// only place where it changes; what must happen outside it (jobs for the
// workers, controls to rewrite, views to arrange again) collects in what
// TakeOut returns.
type Page struct {
	// Model is the figure on screen and what the page computes for it.
	Model *Model
	// Controls are the settings the controls show, as last entered whole
	// and valid: the link follows them (Link), and those that differ from
	// the figure's are named (Changed).
	Controls params.Params
	// Form is what the controls hold, valid or not.
	Form params.Form
	// Refused names the control whose entry is refused and says why (shown
	// beside it), nil when there is none.
	Refused *params.FieldError
	// File is the upload chosen; Catalog the built-in data sets of the site,
	// nil until they arrived (or when they cannot be read).
	File    demo.File
	Catalog []demo.Builtin
	// Inspect is the sample chosen in the Inspect control, 1-based, 0 for
	// none: the views show it when the cursor is on no node.
	Inspect int
	// TextScale scales the views' text: 1, or PresentationScale.
	TextScale float32
	// ControlsShown: the controls are beside the views (in presentation
	// they may be put away, ToggleControls).
	ControlsShown bool
	// Reveal names the view to bring into sight once the views are placed
	// (a tour's step), "" for none; the page clears it when it is in sight.
	Reveal string
	// Waited is how long the last edit applied waited for the controls to
	// settle.
	Waited time.Duration
	// Origin are the settings of the link the page opened or last
	// followed, which StartAgain restores.
	Origin params.Params

	views   []string // the views a link may show alone
	started bool     // the first run started
	edit    struct {
		pending bool
		due, at time.Time // when it applies, and when the last change came
	}
	retried map[uint32]bool // the jobs given to a new worker after theirs stopped
	asked   map[string]bool // the paper's pictures asked of the site
	out     Out
}

// Out is what the page must do outside its state after its calls.
type Out struct {
	// Jobs go to the workers; Background jobs may wait for an idle one
	// (the advice's checks).
	Jobs, Background []demo.Job
	// Cancel: what the workers compute is no longer wanted (a run replaced
	// or cancelled), before Jobs are handed to them.
	Cancel bool
	// Started counts the runs started.
	Started int
	// Write: the controls must show Form (a data set's preset, a link, the
	// tour).
	Write bool
	// Arrange: the views must be placed again (a view shown alone, the text
	// scale).
	Arrange bool
	// Figures names the paper's pictures the figure needs from the site
	// (paper/NAME.png, into Model.Figures under NAME): the weights of a data
	// set (DS-weights) and the samples of its gallery (DS-samples).
	Figures []string
}

// PresentationScale is the text scale of the presentation size, one click
// away on the page for the back of a classroom.
const PresentationScale = 1.4

// LiveDelay is how long the figure waits for the controls to settle before
// it asks the solver (a slider being dragged sends many changes): each new
// change cancels the solve started for the one before.
const LiveDelay = 300 * time.Millisecond

// NewPage returns the page the URL fragment link opens, whose views a link
// may show alone are views.
func NewPage(link string, views []string) *Page {
	p, notice := params.FromHash(link, views...)
	pg := &Page{Model: NewModel(p), TextScale: 1, ControlsShown: true, views: views, retried: map[uint32]bool{}, asked: map[string]bool{}}
	pg.Model.Notice = notice
	pg.show(p)
	pg.Origin = p
	if p.Tour > 0 && p.Embed == "" { // a tour step's link: its view in sight
		pg.Reveal = params.TourSteps[p.Tour-1].View
	}
	return pg
}

// TakeOut returns what the page must do since the last TakeOut.
func (pg *Page) TakeOut() Out {
	o := pg.out
	pg.out = Out{}
	return o
}

// Started reports whether the first run started.
func (pg *Page) Started() bool { return pg.started }

// Waiting reports whether an edit waits for the controls to settle.
func (pg *Page) Waiting() bool { return pg.edit.pending }

// Settings returns the settings the page stands for: the controls' (which
// differ from the figure's only while an edit waits or is refused), with
// the figure's view settings, which apply at once and which only the
// figure holds. It is the one place the two are merged.
func (pg *Page) Settings() params.Params { return pg.Controls.WithView(pg.Model.Params) }

// show makes the controls show p.
func (pg *Page) show(p params.Params) {
	pg.Controls, pg.Form = p, params.FormOf(p)
	pg.out.Write = true
}

// CatalogArrived takes the built-in data sets of the site (nil when they
// cannot be read) and starts the first run, if it waited for them.
func (pg *Page) CatalogArrived(cat []demo.Builtin, t time.Time) {
	pg.Catalog = cat
	if pg.started { // the built-in synthetic data did not wait
		return
	}
	m := pg.Model
	if p, notice := pg.fit(m.Params); notice != "" {
		m.Params, m.Notice = p, notice
	}
	pg.show(m.Params) // the data set's option exists now
	pg.started = true
	pg.start(m.Params, t, false)
}

// fit returns p with the settings the site's built-in data cannot meet at
// their data set's preset (or, for a data set the site lacks, the
// defaults), and a notice naming them; "" when p fits.
func (pg *Page) fit(p params.Params) (params.Params, string) {
	var fe *params.FieldError
	if err := p.CheckCatalog(pg.Catalog); !errors.As(err, &fe) {
		return p, ""
	} else if fe.Field == params.Dataset.Key {
		return params.Default(), "The link asks for data this site lacks (" + fe.Msg + "); showing the synthetic data."
	}
	base := params.ForDataset(p.Dataset)
	p.Classes, p.PerClass = base.Classes, base.PerClass
	if p.CheckCatalog(pg.Catalog) != nil {
		return params.Default(), "The link asks for more data than this site carries (" + fe.Msg + "); showing the synthetic data."
	}
	return p, "The link asks for more data than this site carries (" + fe.Msg + "); the size is the data set's preset."
}

// Update advances the page to time t: the first run of the synthetic data
// (which wait for no catalog), an edit whose wait is over, the propagation
// and the live figure's study (Model.Tick), and the jobs they and the
// advice's checks need.
func (pg *Page) Update(t time.Time) {
	m := pg.Model
	if !pg.started && !slices.Contains(params.Builtin, m.Params.Dataset) {
		pg.started = true
		pg.start(m.Params, t, false)
	}
	if pg.edit.pending && !t.Before(pg.edit.due) {
		pg.edit.pending = false
		pg.Waited = t.Sub(pg.edit.at)
		pg.start(pg.Settings(), t, false)
	}
	m.Tick(t)
	for _, name := range PaperPictures(m) {
		if !pg.asked[name] {
			pg.asked[name] = true
			pg.out.Figures = append(pg.out.Figures, name)
		}
	}
	pg.out.Background = append(pg.out.Background, m.CheckJobs()...)
	pg.out.Jobs = append(pg.out.Jobs, m.StudyJobs()...)
}

// Point takes the node under the cursor (-1 for none): the views show it,
// else the sample chosen in Inspect.
func (pg *Page) Point(node int) {
	pg.Model.Hover = node
	pg.Model.Hover = pg.Model.Inspected(pg.Inspect)
}

// Enter takes a control's new entry: key is its setting's, value its text
// (a slider's value); settled when the change is complete (a slider
// released or stepped, Enter, a field left). A view setting applies at
// once, even while another entry is refused. A data set opens with its
// preset, keeping the seeds, the solver's gap and the view settings.
// Another setting is an edit that the figure follows (apply); an entry
// refused holds back the edit that waits, until the controls hold valid
// settings again.
func (pg *Page) Enter(key, value string, settled bool, t time.Time) {
	s := params.Lookup(key)
	if s == nil || s.Control == params.LinkOnly {
		return
	}
	if _, usable := pg.Model.Params.Access(s); !usable { // a teacher's link keeps it fixed
		return
	}
	pg.Form[key] = value
	switch {
	case s.Work == params.View:
		m := pg.Model
		p, _ := pg.Form.Parse(m.Params)
		alone := m.Params.Alone()
		m.SetView(p)
		if p.Alone() != alone {
			pg.out.Arrange = true
		}
		return
	case s == params.Dataset:
		cur, _ := pg.Form.Parse(pg.Settings())
		p := params.ForDataset(value).WithView(cur)
		p.Seed, p.LabelSeed, p.Gap, p.Flip = cur.Seed, cur.LabelSeed, cur.Gap, cur.Flip
		pg.Form = params.FormOf(p)
		pg.out.Write = true
		settled = true
	}
	p, err := pg.Form.Parse(pg.Settings())
	pg.Refused = fieldError(err)
	if err != nil {
		pg.edit.pending = false
		return
	}
	pg.apply(p, t, settled)
}

// apply takes the controls' new settings p: the figure follows them, at
// once when the page alone can redraw it or when the change is settled,
// else LiveDelay after the last change. The clicked labels are dropped
// when the labeled set they flip is drawn anew.
func (pg *Page) apply(p params.Params, t time.Time, settled bool) {
	q := p
	q.Flip = pg.Controls.Flip
	if !params.Same(q, pg.Controls, params.Draw) || !params.Same(q, pg.Controls, params.Labels) {
		p.Flip = ""
	}
	pg.Controls = p
	pg.edit.pending = true
	pg.edit.due, pg.edit.at = t, t
	if !settled && pg.Model.NeedsWorkers(p, pg.File) {
		pg.edit.due = t.Add(LiveDelay)
	}
}

// fieldError returns err as a *params.FieldError, nil when it is none.
func fieldError(err error) *params.FieldError {
	var fe *params.FieldError
	if errors.As(err, &fe) {
		return fe
	}
	return nil
}

// Run computes every graph of the controls' settings again, cold (the Run
// button).
func (pg *Page) Run(t time.Time) {
	m := pg.Model
	m.Notice = ""
	p, err := pg.Form.Parse(m.Params)
	pg.Refused = fieldError(err)
	pg.edit.pending = false
	if err != nil {
		m.Problem = notStarted(err)
		return
	}
	pg.Controls = p
	pg.start(p, t, true)
}

// notStarted says, beside Run, why a run did not start.
func notStarted(err error) string { return "Not started: " + err.Error() + "." }

// Cancel stops the run in progress; the views keep the last figure.
func (pg *Page) Cancel(t time.Time) {
	if pg.Model.Cancel(t) {
		pg.out.Cancel = true
	}
}

// Click takes a click on node (-1: on no node): a node's label is
// toggled; an embedded propagation plays or pauses.
func (pg *Page) Click(node int, t time.Time) {
	m := pg.Model
	if node >= 0 {
		pg.toggleLabel(node, t)
	} else if m.Params.Embed == "propagation" { // no controls: a click plays and pauses
		pg.Play()
	}
}

// Play plays the propagation, or pauses it.
func (pg *Page) Play() {
	pr := &pg.Model.Prop
	pr.Play(!pr.Playing)
}

// Step pauses the propagation and advances it by one step.
func (pg *Page) Step() {
	pr := &pg.Model.Prop
	pr.Playing = false
	pr.Advance()
}

// Rewind takes the propagation back to its step 0.
func (pg *Page) Rewind() { pg.Model.Prop.Rewind() }

// LabelInspected toggles the label of the sample chosen in Inspect.
func (pg *Page) LabelInspected(t time.Time) {
	if pg.Inspect > 0 {
		pg.toggleLabel(pg.Inspect-1, t)
	}
}

// toggleLabel labels sample i (0-based) if it is unlabeled, and unlabels
// it otherwise; the propagation and the error rates follow at once.
func (pg *Page) toggleLabel(i int, t time.Time) {
	m := pg.Model
	r := m.Run
	if r == nil || !r.Labeled() || i >= len(r.Data.Given) {
		return
	}
	pg.Controls.Flip = m.Params.Toggle(i).Flip // the figure's clicks, and this one
	pg.edit.pending = false
	pg.start(pg.Settings(), t, false)
}

// SetInspect takes the Inspect control's text: a sample's number, 1-based;
// anything else is none.
func (pg *Page) SetInspect(text string) {
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		v = 0
	}
	pg.Inspect = max(v, 0)
}

// Upload takes the file the user chose: for an upload, a change like any
// other.
func (pg *Page) Upload(f demo.File, t time.Time) {
	pg.File = f
	pg.Refused = nil
	if pg.Controls.Dataset == demo.Upload {
		pg.apply(pg.Settings(), t, true)
	}
}

// FollowLink follows a new URL fragment (the user edited the link, or went
// back).
func (pg *Page) FollowLink(link string, t time.Time) {
	m := pg.Model
	p, notice := params.FromHash(link, pg.views...)
	if q, n := pg.fit(p); n != "" {
		p, notice = q, strings.TrimSpace(notice+" "+n)
	}
	pg.show(p)
	pg.Origin = p
	pg.Refused = nil
	if p.Hash() == m.Params.Hash() && notice == "" {
		return
	}
	m.Notice = notice
	pg.edit.pending = false
	pg.start(p, t, false)
}

// StartAgain brings the controls and the figure back to the settings of
// the link the page opened (Origin): a student's way back to a teacher's
// starting point.
func (pg *Page) StartAgain(t time.Time) {
	p := pg.Origin
	if q, _ := pg.fit(p); pg.Catalog != nil {
		p = q
	}
	pg.show(p)
	pg.Refused = nil
	pg.edit.pending = false
	pg.start(p, t, false)
}

// Tour shows step n of the guided tour (params.TourSteps), or with delta
// moves n steps from the current one: its settings, its words and the
// view it is about, which an embedded page shows alone; n = 0 ends the
// tour and keeps the figure.
func (pg *Page) Tour(n int, delta bool, t time.Time) {
	if delta {
		n += pg.Controls.Tour
	}
	if n < 0 || n > len(params.TourSteps) || n == 0 && pg.Controls.Tour == 0 {
		return
	}
	p := pg.Controls
	p.Tour = 0
	if n > 0 {
		p = params.AtTour(n, pg.Model.Params.Embed != "")
		pg.Reveal = params.TourSteps[n-1].View
	}
	pg.show(p)
	pg.Refused = nil
	pg.edit.pending = false
	pg.start(p, t, false)
}

// TogglePresentation switches the text between its normal and its
// presentation size.
func (pg *Page) TogglePresentation() {
	if pg.TextScale == PresentationScale {
		pg.TextScale, pg.ControlsShown = 1, true
	} else {
		pg.TextScale = PresentationScale
	}
	pg.out.Arrange = true
}

// ToggleControls puts the controls away, leaving the views the screen, or
// brings them back; they come back when the presentation ends.
func (pg *Page) ToggleControls() {
	pg.ControlsShown = !pg.ControlsShown
	pg.out.Arrange = true
}

// WorkerStopped takes the job of a worker that stopped (nil: an idle
// worker); the page has started a new one. The job, if still wanted, is
// given once more to a new worker (retry); lost a second time, it is
// given up.
func (pg *Page) WorkerStopped(job *demo.Job, t time.Time) (retry bool) {
	m := pg.Model
	if job != nil && m.Wants(job.ID) && !pg.retried[job.ID] {
		pg.retried[job.ID] = true
		m.Retrying(job)
		return true
	}
	if m.Lost(job, t) {
		pg.out.Cancel = true
	}
	return false
}

// Failed takes the failure of job id (Model.Failed). A file the run
// cannot use is said beside the file control as well: that is where the
// eye is after choosing it.
func (pg *Page) Failed(id uint32, f *demo.Failure, t time.Time) {
	m := pg.Model
	if m.Failed(id, f, t) {
		pg.out.Cancel = true
	}
	if r := m.Latest(); r != nil && r.State == Failed && r.Params.Dataset == demo.Upload && (f.Fault == demo.InputFault || f.Fault == demo.LimitFault) {
		pg.Refused = &params.FieldError{Field: "file", Msg: strings.TrimSuffix(f.Message, ".")}
	}
}

// start brings the figure to settings p (Model.Apply), or with fresh
// computes every graph again (the Run button); or says why it cannot,
// beside Run and beside the control concerned: a run in progress then
// goes on.
func (pg *Page) start(p params.Params, t time.Time, fresh bool) {
	m := pg.Model
	alone := m.Params.Alone()
	var jobs []demo.Job
	started := true
	err := p.CheckCatalog(pg.Catalog) // the model checks the rest (CheckStart)
	switch {
	case err != nil:
	case fresh:
		jobs, err = m.Rerun(p, pg.File, t)
	default:
		jobs, started, err = m.Apply(p, pg.File, t)
	}
	if err != nil {
		pg.Refused, m.Problem = fieldError(err), notStarted(err)
		return
	}
	if p.Alone() != alone {
		pg.out.Arrange = true
	}
	if !started {
		return
	}
	// The run replaces what the workers computed: an earlier run, the
	// advice's checks, a live figure's graphs.
	pg.out.Cancel = true
	pg.out.Jobs, pg.out.Background = jobs, nil
	pg.out.Started++
}

// Link returns the URL fragment of the page: the controls' settings, with
// the figure's view settings (which apply at once); "" before the first
// run started.
func (pg *Page) Link() string {
	if !pg.started {
		return ""
	}
	return pg.Settings().Hash()
}

// ExerciseLink returns the link of a teacher's exercise made on the page
// as it stands (params.ExerciseOf): the student may move the controls
// keep and reads the question ask; the link starts from the data set's
// preset when preset is set, else from the controls' settings.
func (pg *Page) ExerciseLink(keep []string, ask string, preset bool) string {
	return params.ExerciseOf(pg.Settings(), keep, ask, preset).Hash()
}

// Changed returns the keys of the settings whose control differs from the
// figure (among those with a control whose change needs more than a
// redraw), and the words beside Run that name them; none before a figure.
func (pg *Page) Changed() ([]string, string) {
	m := pg.Model
	if !pg.started || m.Run == nil {
		return nil, ""
	}
	differ := params.Differ(pg.Settings(), m.Params)
	var keys, names []string
	for _, s := range params.Settings {
		if s.Control != params.LinkOnly && s.Work != params.View && slices.Contains(differ, s.Key) {
			keys = append(keys, s.Key)
			names = append(names, s.Name)
		}
	}
	if len(names) == 0 {
		return nil, ""
	}
	return keys, "Changed since the figure was drawn: " + strings.Join(names, ", ") +
		". The figure follows when the solver is done; Run computes every graph again."
}
