package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
)

var testViews = []string{"graph", "propagation", "weights"}

// openPage returns a page on link whose first run has finished on the
// two-block test data, and what it asked of the workers.
func openPage(t *testing.T, link string) (*Page, Out) {
	t.Helper()
	pg := NewPage(link, testViews)
	pg.Update(t0)
	out := pg.TakeOut()
	if out.Started != 1 || len(out.Jobs) != len(demo.Order) || !out.Write {
		t.Fatalf("%q: the first run asked %+v", link, out)
	}
	finish(pg.Model, out.Jobs, 10)
	return pg, out
}

// TestPageEdit checks the edit's wait: a slider dragged waits LiveDelay
// after its last change when the figure needs the solver, and none when
// the page alone redraws it or the change is settled.
func TestPageEdit(t *testing.T) {
	for _, c := range []struct {
		key, value string
		settled    bool
		wait       time.Duration
	}{
		{"lambda", "0.7", false, LiveDelay},
		{"lambda", "0.7", true, 0},
		{"labeled", "20", false, 0},
	} {
		pg, _ := openPage(t, "")
		t1 := t0.Add(time.Second)
		pg.Enter(c.key, c.value, c.settled, t1)
		if !pg.Waiting() || pg.Refused != nil {
			t.Fatalf("%+v: not waiting (refused %v)", c, pg.Refused)
		}
		pg.Update(t1.Add(c.wait - time.Millisecond))
		if c.wait > 0 && (!pg.Waiting() || pg.TakeOut().Started != 0) {
			t.Errorf("%+v: applied before its wait", c)
		}
		pg.Update(t1.Add(c.wait))
		if pg.Waiting() || pg.Waited != c.wait || params.Lookup(c.key).Get(pg.Model.Params) != c.value {
			t.Errorf("%+v: waiting %v after its wait, waited %v, figure %s", c, pg.Waiting(), pg.Waited, pg.Model.Params.Hash())
		}
	}
}

// TestPageDataset checks that a data set opens with its preset, keeping
// the seeds, the solver's gap and the view settings, and that the
// clicked labels go with the old draw.
func TestPageDataset(t *testing.T) {
	pg, _ := openPage(t, "seed=7&lseed=3&gap=0.01&graph=lrr")
	pg.Click(2, t0)
	if pg.Controls.Flip != "3" {
		t.Fatalf("a click on node 2: flip %q", pg.Controls.Flip)
	}
	pg.Enter("data", "usps", false, t0)
	pg.Update(t0)
	want := params.ForDataset("usps")
	want.Seed, want.LabelSeed, want.Gap, want.Graph = 7, 3, 0.01, method.LRR
	if pg.Controls != want || !pg.TakeOut().Write || pg.Form["per"] != "25" {
		t.Errorf("the preset: controls %s, form %v; want %s", pg.Controls.Hash(), pg.Form, want.Hash())
	}
	// Without the catalog the built-in data cannot start: said beside the
	// control, and beside Run.
	if pg.Refused == nil || pg.Refused.Field != "data" || !strings.HasPrefix(pg.Model.Problem, "Not started: the USPS digits are not built into this site") {
		t.Errorf("refused %v, problem %q", pg.Refused, pg.Model.Problem)
	}
}

// TestPageFlip checks that clicked labels stay over a change that keeps
// the labeled draw (λ) and go with one that draws it anew.
func TestPageFlip(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Click(4, t0)
	pg.Enter("lambda", "2", true, t0)
	if pg.Controls.Flip != "5" {
		t.Errorf("λ changed: flip %q, want 5", pg.Controls.Flip)
	}
	pg.Enter("labeled", "20", true, t0)
	if pg.Controls.Flip != "" {
		t.Errorf("labeled changed: flip %q, want none", pg.Controls.Flip)
	}
}

// TestPageRefused checks an entry that is not a value: said beside its
// control, it holds back the edit that waits, Run says why it did not
// start, and a view setting still applies.
func TestPageRefused(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Enter("classes", "10", false, t0)
	pg.Enter("per", "100", false, t0)
	pg.Update(t0.Add(time.Second))
	if !strings.Contains(pg.Refused.Msg, "1000 samples") || pg.Waiting() || pg.TakeOut().Started != 0 {
		t.Errorf("10 × 100 samples: refused %v, waiting %v", pg.Refused, pg.Waiting())
	}
	pg.Enter("per", "25", true, t0)
	pg.Enter("classes", "x", true, t0)
	if pg.Refused == nil || pg.Refused.Field != "classes" || pg.Refused.Msg != "classes must be a whole number" || pg.Waiting() {
		t.Errorf("classes=x: refused %v, waiting %v", pg.Refused, pg.Waiting())
	}
	pg.Run(t0)
	if pg.Model.Problem != "Not started: classes must be a whole number." || pg.TakeOut().Started != 0 {
		t.Errorf("Run: problem %q", pg.Model.Problem)
	}
	pg.Enter("graph", "l1", true, t0)
	if pg.Model.Params.Graph != method.L1 || pg.Settings().Graph != method.L1 {
		t.Errorf("graph shown %s, the page's settings %s", pg.Model.Params.Graph, pg.Settings().Graph)
	}
	pg.Enter("classes", "3", true, t0)
	if pg.Refused != nil || !pg.Waiting() {
		t.Errorf("classes=3: refused %v, waiting %v", pg.Refused, pg.Waiting())
	}
}

// TestPageUploadSize checks that an upload's empty size fields take every
// sample, and that without a file nothing starts.
func TestPageUploadSize(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Enter("data", demo.Upload, true, t0)
	if pg.Form["classes"] != "" || pg.Form["per"] != "" || pg.Controls.Classes != 0 || pg.Controls.PerClass != 0 {
		t.Errorf("upload: form %v, controls %s", pg.Form, pg.Controls.Hash())
	}
	pg.Update(t0)
	if pg.Refused == nil || pg.Refused.Field != "file" || !strings.HasPrefix(pg.Model.Problem, "Not started: choose a .mat or .csv file") {
		t.Errorf("no file: refused %v, problem %q", pg.Refused, pg.Model.Problem)
	}
	pg.Enter("classes", "2", true, t0)
	if pg.Refused == nil || pg.Refused.Field != "per" {
		t.Errorf("2 classes of an empty number of samples: refused %v", pg.Refused)
	}
	pg.Enter("classes", "", true, t0)
	pg.TakeOut()
	pg.Upload(demo.File{Name: "a.csv", Bytes: []byte("1,2\n")}, t0)
	pg.Update(t0)
	if out := pg.TakeOut(); out.Started != 1 || out.Jobs[0].File.Name != "a.csv" {
		t.Errorf("the file: %+v", out)
	}
}

// TestPageCatalog checks the fit of a link to the site's data: a data set
// the site lacks falls back to the synthetic data, a size it cannot meet
// to the preset's, each with a notice; a link that fits starts as asked.
func TestPageCatalog(t *testing.T) {
	cat := []demo.Builtin{{Name: "usps", Title: "USPS digits", Classes: 4, PerClass: 30}}
	for _, c := range []struct {
		link, want, notice string
	}{
		{"data=usps&classes=3&per=20", "data=usps&classes=3&per=20", ""},
		{"data=usps&classes=4&per=60", "data=usps&classes=4&per=25", "the size is the data set's preset"},
		{"data=yaleb", "data=synthetic&classes=4&per=25", "this site lacks"},
	} {
		pg := NewPage(c.link, testViews)
		pg.Update(t0)
		if pg.Started() {
			t.Fatalf("%s: started before the catalog", c.link)
		}
		pg.CatalogArrived(cat, t0)
		out := pg.TakeOut()
		if out.Started != 1 || !strings.HasPrefix(pg.Model.Params.Hash(), c.want) || !strings.Contains(pg.Model.Notice, c.notice) ||
			c.notice == "" && pg.Model.Notice != "" || pg.Controls != pg.Model.Params {
			t.Errorf("%s: started %d, figure %s, notice %q", c.link, out.Started, pg.Model.Params.Hash(), pg.Model.Notice)
		}
	}
}

// TestPageLink checks the link's round trip: the page's link opens the
// same settings, a link with an unknown view says so and shows them all,
// and following a link starts its run.
func TestPageLink(t *testing.T) {
	pg, _ := openPage(t, "lambda=2&embed=weights")
	if got := pg.Link(); !strings.Contains(got, "lambda=2") || !strings.Contains(got, "embed=weights") {
		t.Errorf("link %q", got)
	}
	pg.FollowLink("#lambda=3&embed=everything", t0)
	out := pg.TakeOut()
	if pg.Model.Params.Lambda != 3 || pg.Model.Params.Embed != "" || !strings.Contains(pg.Model.Notice, "embed=everything") ||
		out.Started != 1 || !out.Arrange || !out.Write {
		t.Errorf("embed=everything: figure %s, notice %q, out %+v", pg.Model.Params.Hash(), pg.Model.Notice, out)
	}
}

// TestPageChanged checks the names beside Run of the settings the figure
// does not show yet, and that view settings are never among them.
func TestPageChanged(t *testing.T) {
	pg, _ := openPage(t, "")
	if keys, text := pg.Changed(); keys != nil || text != "" {
		t.Errorf("fresh: %v %q", keys, text)
	}
	pg.Enter("lambda", "2", false, t0)
	pg.Enter("alpha", "0.9", false, t0)
	keys, text := pg.Changed()
	if len(keys) != 1 || keys[0] != "lambda" || !strings.HasPrefix(text, "Changed since the figure was drawn: λ.") {
		t.Errorf("λ dragged: %v %q", keys, text)
	}
}

// TestPageTour checks the tour's steps: each shows its settings and brings
// its view into sight; Back goes to the step before; 0 ends it.
func TestPageTour(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Tour(1, true, t0)
	if pg.Controls.Tour != 1 || pg.Reveal != params.TourSteps[0].View || pg.Model.Params != params.AtTour(1, false) {
		t.Errorf("step 1: controls %s, reveal %q", pg.Controls.Hash(), pg.Reveal)
	}
	pg.Tour(1, true, t0)
	pg.Tour(-1, true, t0)
	if pg.Controls.Tour != 1 || pg.Model.Params.Tour != 1 {
		t.Errorf("back from step 2: step %d", pg.Controls.Tour)
	}
	pg.Tour(0, false, t0)
	if pg.Controls.Tour != 0 {
		t.Errorf("the end: step %d", pg.Controls.Tour)
	}
}

// TestPageWorkerStopped checks the retry rule: a wanted job is given once
// more to a new worker; lost a second time, it is given up and the run
// ends on the last figure.
func TestPageWorkerStopped(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Enter("lambda", "2", true, t0)
	pg.Update(t0)
	out := pg.TakeOut()
	job := &out.Jobs[0]
	if !pg.WorkerStopped(job, t0) || !strings.Contains(pg.Model.Notice, "a new one computes the NNLRS graph again") {
		t.Fatalf("first stop: notice %q", pg.Model.Notice)
	}
	if pg.WorkerStopped(job, t0) || !pg.TakeOut().Cancel || pg.Model.Running() || pg.Model.Params.Lambda != 1 {
		t.Errorf("second stop: running %v, figure λ %v, problem %q", pg.Model.Running(), pg.Model.Params.Lambda, pg.Model.Problem)
	}
}

// TestPagePresentation checks the text scale's toggle, which places the
// views again.
func TestPagePresentation(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.TogglePresentation()
	if pg.TextScale != PresentationScale || !pg.TakeOut().Arrange {
		t.Errorf("on: %v", pg.TextScale)
	}
	pg.TogglePresentation()
	if pg.TextScale != 1 {
		t.Errorf("off: %v", pg.TextScale)
	}
}

// TestPageUploadRefused checks a file the worker cannot use: said beside
// the file control, the run failed, and the views back on the last
// figure, whose labels spread again.
func TestPageUploadRefused(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Enter("data", demo.Upload, true, t0)
	pg.Upload(demo.File{Name: "bad.csv", Bytes: []byte("x\n")}, t0)
	pg.Update(t0)
	out := pg.TakeOut()
	if out.Started != 1 {
		t.Fatalf("the upload did not start: %+v", out)
	}
	pg.Failed(out.Jobs[0].ID, &demo.Failure{Method: method.NNLRS, Fault: demo.InputFault, Message: "dataset: bad.csv: line 2 is not a number."}, t0)
	m := pg.Model
	if pg.Refused == nil || pg.Refused.Field != "file" || pg.Refused.Msg != "dataset: bad.csv: line 2 is not a number" || !pg.TakeOut().Cancel {
		t.Errorf("refused %+v", pg.Refused)
	}
	if m.Ended == nil || m.Run.Params.Dataset != demo.Synthetic || !m.Prop.Playing {
		t.Errorf("the views: ended %v, figure %s, playing %v", m.Ended != nil, m.Run.Params.Dataset, m.Prop.Playing)
	}
}

// TestPageAccess checks a teacher's link: only λ usable, every other
// setting hidden and unchanged by an entry; a locked control shown but
// fixed; unknown keys said and ignored; the link keeps the lists; the
// exercise link of a page where λ moved keeps λ alone.
func TestPageAccess(t *testing.T) {
	pg, _ := openPage(t, "seed=1&only=lambda,colour")
	if !strings.Contains(pg.Model.Notice, "only=colour (no such control: ignored)") {
		t.Errorf("notice %q", pg.Model.Notice)
	}
	for _, s := range params.Controls() {
		shown, usable := pg.Model.Params.Access(s)
		if shown != (s == params.Lambda) || usable != shown {
			t.Errorf("%s: shown %v, usable %v", s.Key, shown, usable)
		}
	}
	pg.Enter("beta", "2", true, t0)
	pg.Enter("lambda", "2", true, t0)
	if pg.Controls.Beta != 0.2 || pg.Controls.Lambda != 2 || !strings.Contains(pg.Link(), "only=lambda") {
		t.Errorf("β %v, λ %v, link %q", pg.Controls.Beta, pg.Controls.Lambda, pg.Link())
	}
	pg.FollowLink("seed=1&lock=theta&hide=beta", t0)
	if shown, usable := pg.Model.Params.Access(params.Theta); !shown || usable {
		t.Errorf("θ locked: shown %v, usable %v", shown, usable)
	}
	if shown, _ := pg.Model.Params.Access(params.Beta); shown {
		t.Error("β shown under hide=beta")
	}
	pg.FollowLink("seed=1", t0)
	pg.Enter("lambda", "0.7", true, t0)
	if got := params.Moved(pg.Controls); len(got) != 1 || got[0] != "lambda" {
		t.Errorf("the controls moved: %q", got)
	}
	if got := pg.ExerciseLink([]string{"lambda"}, " Why? ", false); !strings.HasSuffix(got, "only=lambda&ask=Why%3F") || !strings.Contains(got, "lambda=0.7") {
		t.Errorf("exercise link on the settings %q", got)
	}
	// From the preset: the teacher's λ goes, the seed stays.
	pg.Enter("seed", "7", true, t0)
	got := pg.ExerciseLink([]string{"theta", "beta"}, "", true)
	p, notice := params.FromHash(got)
	if notice != "" || p.Lambda != params.Default().Lambda || p.Seed != 7 || p.Only != "beta,theta" || p.Ask != "" {
		t.Errorf("exercise link from the preset %q (%s)", got, notice)
	}
	if got := pg.ExerciseLink(nil, "Watch.", true); !strings.Contains(got, "hide=data%2Cclasses") {
		t.Errorf("an exercise with no control kept: %q", got)
	}
}

// TestPageStartAgain: a student's moves are undone by Start again, which
// restores the teacher's link, question and lists included; the
// question survives the link's writing and reading.
func TestPageStartAgain(t *testing.T) {
	link := "seed=1&lambda=10&only=lambda&ask=" + "Which%20%CE%BB%20labels%20best%3F%20(1%2B1)"
	pg, _ := openPage(t, link)
	if want := "Which λ labels best? (1+1)"; pg.Model.Params.Ask != want {
		t.Fatalf("ask %q, want %q", pg.Model.Params.Ask, want)
	}
	pg.Enter("lambda", "1.5", true, t0)
	pg.Update(t0)
	if pg.Model.Params.Lambda != 1.5 {
		t.Fatalf("λ %v after the student's move", pg.Model.Params.Lambda)
	}
	again, _ := params.FromHash(pg.Link())
	if again.Ask != pg.Model.Params.Ask || again.Only != "lambda" {
		t.Errorf("the page's link %q reads back as ask %q, only %q", pg.Link(), again.Ask, again.Only)
	}
	pg.TakeOut()
	pg.StartAgain(t0)
	if out := pg.TakeOut(); out.Started != 1 || !out.Write {
		t.Errorf("Start again asked %+v", out)
	}
	if got, want := pg.Model.Params.Hash(), pg.Origin.Hash(); got != want || pg.Model.Params.Lambda != 10 {
		t.Errorf("after Start again the figure is %q, the link's %q", got, want)
	}
	if got := pg.Controls.Hash(); got != pg.Origin.Hash() {
		t.Errorf("after Start again the controls show %q", got)
	}
}

// TestPageSettingsOnce checks that the page's settings and the figure's
// differ only while an edit waits: a view setting is the figure's at once,
// a pending edit is the one difference, and none is left once it starts.
func TestPageSettingsOnce(t *testing.T) {
	pg, _ := openPage(t, "")
	pg.Update(t0)
	if d := params.Differ(pg.Settings(), pg.Model.Params); len(d) != 0 {
		t.Fatalf("opened: differ in %v", d)
	}
	pg.Enter("graph", "l1", true, t0)
	if d := params.Differ(pg.Settings(), pg.Model.Params); len(d) != 0 || pg.Model.Params.Graph != method.L1 {
		t.Errorf("a view setting: differ in %v, graph shown %s", d, pg.Model.Params.Graph)
	}
	pg.Enter("lambda", "3", false, t0)
	if d := params.Differ(pg.Settings(), pg.Model.Params); !pg.Waiting() || !slices.Equal(d, []string{"lambda"}) {
		t.Errorf("an edit that waits: waiting %v, differ in %v", pg.Waiting(), d)
	}
	pg.Update(t0.Add(time.Second))
	if d := params.Differ(pg.Settings(), pg.Model.Params); pg.Waiting() || len(d) != 0 || pg.Model.Params.Graph != method.L1 {
		t.Errorf("the edit started: waiting %v, differ in %v, graph shown %s", pg.Waiting(), d, pg.Model.Params.Graph)
	}
}
