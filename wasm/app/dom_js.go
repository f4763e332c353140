//go:build js && wasm

package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/ui/view"
)

// dom reads and writes the page's HTML controls.
type dom struct {
	doc    js.Value
	steps  map[string][]float64 // the values of each slider
	funcs  []js.Func
	shown  map[string]string // what was last written, to write only changes
	teach  teach             // the teacher's exercise link, as its form stands
	panelW float64
	// statusAt is when the status and the progress bar were last
	// written, running whether a run was computing then.
	statusAt time.Time
	running  bool
}

func newDOM() *dom {
	return &dom{doc: js.Global().Get("document"), steps: map[string][]float64{}, shown: map[string]string{}}
}

func (d *dom) el(id string) js.Value { return d.doc.Call("getElementById", id) }

// on calls f for the event of element id.
func (d *dom) on(id, event string, f func(this js.Value, ev js.Value)) {
	fn := js.FuncOf(func(this js.Value, args []js.Value) any {
		f(this, args[0])
		return nil
	})
	d.funcs = append(d.funcs, fn)
	target := d.el(id)
	if id == "window" {
		target = js.Global()
	}
	target.Call("addEventListener", event, fn)
}

// listen connects the controls to the queue: each control's events queue
// what they mean to the page's state, with the control's value as it is
// now.
func (d *dom) listen(q *queue) {
	for id, f := range map[string]event{
		"run":         func(a *app, t time.Time) { a.page.Run(t) },
		"cancel":      func(a *app, t time.Time) { a.page.Cancel(t) },
		"play":        func(a *app, _ time.Time) { a.page.Play() },
		"embed-play":  func(a *app, _ time.Time) { a.page.Play() },
		"embed-step":  func(a *app, _ time.Time) { a.page.Step() },
		"embed-reset": func(a *app, _ time.Time) { a.page.Rewind() },
		"step":        func(a *app, _ time.Time) { a.page.Step() },
		"reset":       func(a *app, _ time.Time) { a.page.Rewind() },
		"png":         (*app).pngPressed, "csv": (*app).csvPressed,
		"view-png": (*app).viewPNGPressed, "view-svg": (*app).viewSVGPressed,
		"label":       func(a *app, t time.Time) { a.page.LabelInspected(t) },
		"present":     func(a *app, _ time.Time) { a.page.TogglePresentation() },
		"start-again": func(a *app, t time.Time) { a.page.StartAgain(t) },
	} {
		d.on(id, "click", func(js.Value, js.Value) { q.push(f) })
	}
	// A control's "input" (a slider dragged, a digit typed) is an entry
	// not yet settled; its "change" (the slider released or stepped by a
	// key or a click, Enter or leaving the field, a choice made) a settled
	// one (ui.Page.Enter).
	for _, s := range params.Settings {
		if s.Control == params.LinkOnly {
			continue
		}
		key := s.Key
		enter := func(settled bool) func(js.Value, js.Value) {
			return func(js.Value, js.Value) {
				v := d.value(s)
				if s.Control == params.Slider {
					d.showOutput(key)
				}
				q.push(func(a *app, t time.Time) { a.page.Enter(key, v, settled, t) })
			}
		}
		if s.Control != params.Choice {
			d.on(key, "input", enter(false))
		}
		d.on(key, "change", enter(true))
	}
	// Full screen must be asked within the click (the browser's rule for a
	// user's gesture); it changes the document, not the page's state.
	d.on("fullscreen", "click", func(js.Value, js.Value) {
		if d.doc.Get("fullscreenElement").Truthy() {
			d.doc.Call("exitFullscreen")
		} else if el := d.doc.Get("documentElement"); el.Get("requestFullscreen").Truthy() {
			el.Call("requestFullscreen")
		}
	})
	for _, id := range []string{"panel-toggle", "panel-hide"} {
		d.on(id, "click", func(js.Value, js.Value) {
			q.push(func(a *app, _ time.Time) { a.page.ToggleControls() })
		})
	}
	d.on("inspect", "input", func(this js.Value, _ js.Value) {
		v := this.Get("value").String()
		q.push(func(a *app, _ time.Time) { a.page.SetInspect(v) })
	})
	d.on("embed-view", "change", func(js.Value, js.Value) {
		q.push(func(a *app, _ time.Time) { a.dom.shown["link"] = "" }) // the embed link follows
	})
	d.on("window", "hashchange", func(js.Value, js.Value) {
		link := location().Get("hash").String()
		q.push(func(a *app, t time.Time) { a.page.FollowLink(link, t) })
	})
	tour := func(step int, delta bool) event { return func(a *app, t time.Time) { a.page.Tour(step, delta, t) } }
	d.on("tour-start", "click", func(js.Value, js.Value) { q.push(tour(1, false)) })
	d.on("tour-back", "click", func(js.Value, js.Value) { q.push(tour(-1, true)) })
	d.on("tour-next", "click", func(js.Value, js.Value) { q.push(tour(1, true)) })
	d.on("tour-end", "click", func(js.Value, js.Value) { q.push(tour(0, false)) })
	// During the tour the arrow keys and a presenter's clicker (Page Up,
	// Page Down) go back and on, unless a control has the keys (a slider
	// moves with the arrows); Escape ends it. An embedded view has no
	// controls: Space plays and pauses the propagation, the right arrow
	// steps it (outside the tour), R resets it.
	d.on("window", "keydown", func(_ js.Value, ev js.Value) {
		key := ev.Get("key").String()
		tag := ev.Get("target").Get("tagName")
		field := tag.Truthy() && (tag.String() == "INPUT" || tag.String() == "SELECT" || tag.String() == "TEXTAREA")
		if !d.el("tour").Get("hidden").Bool() && !field && !ev.Get("altKey").Bool() && !ev.Get("ctrlKey").Bool() && !ev.Get("metaKey").Bool() {
			if e, ok := map[string]event{"ArrowRight": tour(1, true), "PageDown": tour(1, true),
				"ArrowLeft": tour(-1, true), "PageUp": tour(-1, true), "Escape": tour(0, false)}[key]; ok {
				ev.Call("preventDefault")
				q.push(e)
				return
			}
		}
		if !d.doc.Get("body").Get("classList").Call("contains", "embed").Bool() {
			return
		}
		if e, ok := map[string]event{" ": func(a *app, _ time.Time) { a.page.Play() },
			"ArrowRight": func(a *app, _ time.Time) { a.page.Step() },
			"r":          func(a *app, _ time.Time) { a.page.Rewind() }}[key]; ok {
			ev.Call("preventDefault")
			q.push(e)
		}
	})
	d.on("file", "change", func(this js.Value, _ js.Value) {
		files := this.Get("files")
		if files.Length() == 0 {
			return
		}
		f := files.Index(0)
		name := f.Get("name").String()
		var onBuffer js.Func
		onBuffer = js.FuncOf(func(_ js.Value, args []js.Value) any {
			u := js.Global().Get("Uint8Array").New(args[0])
			b := make([]byte, u.Length())
			js.CopyBytesToGo(b, u)
			q.push(func(a *app, t time.Time) {
				a.hooks.set("file", name)
				a.page.Upload(demo.File{Name: name, Bytes: b}, t)
			})
			onBuffer.Release()
			return nil
		})
		f.Call("arrayBuffer").Call("then", onBuffer)
	})
}

// value returns the entry of the control of setting s, as a ui.Page takes
// it: a slider's value, a field's or a choice's text.
func (d *dom) value(s *params.Setting) string {
	if s.Control == params.Slider {
		return strconv.FormatFloat(d.slider(s.Key), 'g', -1, 64)
	}
	return d.el(s.Key).Get("value").String()
}

// setSlider shows v on slider key, adding it to the slider's steps when it
// is not one of them.
func (d *dom) setSlider(key string, v float64) {
	s := params.Lookup(key).StepsWith(v)
	d.steps[key] = s
	e := d.el(key)
	e.Set("max", len(s)-1)
	for i, x := range s {
		if x == v {
			e.Set("value", i)
		}
	}
	d.showOutput(key)
}

func (d *dom) slider(key string) float64 {
	s := d.steps[key]
	i, err := strconv.Atoi(d.el(key).Get("value").String())
	if err != nil || i < 0 || i >= len(s) {
		return math.NaN()
	}
	return s[i]
}

func (d *dom) showOutput(key string) {
	d.el(key+"-out").Set("textContent", strconv.FormatFloat(d.slider(key), 'g', -1, 64))
}

// write shows the entries f in the controls.
func (d *dom) write(f params.Form) {
	for _, s := range params.Settings {
		v, ok := f[s.Key]
		if !ok {
			continue
		}
		if s.Control == params.Slider {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil {
				x = math.NaN()
			}
			d.setSlider(s.Key, x)
			continue
		}
		d.el(s.Key).Set("value", v)
	}
}

// controls are the settings with a control on the page, and the file
// input.
func controls() []string {
	var ids []string
	for _, s := range params.Settings {
		if s.Control != params.LinkOnly {
			ids = append(ids, s.Key)
		}
	}
	return append(ids, "file")
}

// showFieldError marks the control that fe names and says why beside
// it, clearing the marks of the other controls; fe nil clears them all.
func (d *dom) showFieldError(fe *params.FieldError) {
	for _, id := range controls() {
		msg := ""
		if fe != nil && fe.Field == id {
			msg = fe.Line()
		}
		d.set(id, "ariaInvalid", strconv.FormatBool(msg != ""))
		note := d.el(id + "-error")
		if !note.Truthy() {
			if msg == "" {
				continue
			}
			note = d.doc.Call("createElement", "small")
			note.Set("id", id+"-error")
			note.Set("className", "field-error")
			note.Call("setAttribute", "role", "alert")
			input := d.el(id)
			input.Get("parentNode").Call("insertBefore", note, input.Get("nextSibling"))
		}
		if d.shown[id+"-error.textContent"] != msg && msg != "" {
			// A new message: where the eye is, in sight.
			defer note.Call("scrollIntoView", map[string]any{"block": "nearest"})
		}
		d.set(id+"-error", "textContent", msg)
		d.set(id+"-error", "hidden", msg == "")
	}
}

// markStale marks the controls of the settings keys, those that differ
// from the figure's, and says text beside Run (ui.Page.Changed).
func (d *dom) markStale(keys []string, text string) {
	if k := strings.Join(keys, ","); d.shown["stale-keys"] != k {
		d.shown["stale-keys"] = k
		for _, s := range params.Settings {
			if label := d.doc.Call("querySelector", "label[for="+s.Key+"]"); label.Truthy() {
				label.Get("classList").Call("toggle", "stale", slices.Contains(keys, s.Key))
			}
		}
	}
	d.set("stale", "textContent", text)
	d.set("stale", "hidden", text == "")
}

// showDataset shows the file input for uploads and the size inputs for the
// other data sets, the data set name the controls show, and the note on the
// draw on screen, p (when it is of that data set).
func (d *dom) showDataset(name string, p params.Params) {
	up := name == demo.Upload
	d.set("file-row", "hidden", !up)
	note := params.PresetNote(name)
	if p.Dataset == name {
		note = params.DataNote(p)
	}
	if p.Restricted() { // its preset's values could answer a teacher's question
		note = ""
	}
	d.set("data-note", "textContent", note)
	d.set("data-note", "hidden", note == "")
	placeholder := ""
	if up {
		placeholder = "all"
	}
	for _, id := range []string{params.Classes.Key, params.PerClass.Key} {
		d.set(id, "placeholder", placeholder)
	}
}

// choices fills every <select> of the page with its options, from the
// same Go tables that read the link (params.Setting.Options, with the
// data sets built into the site, cat) and from the views' registry (the
// view to embed), keeping the value each shows.
func (d *dom) choices(cat []demo.Builtin) {
	fill := func(id string, opts []params.Option) {
		sel := d.el(id)
		v := sel.Get("value").String()
		sel.Set("textContent", "")
		for _, o := range opts {
			e := d.doc.Call("createElement", "option")
			e.Set("value", o.Value)
			e.Set("textContent", o.Label)
			e.Set("selected", o.Value == v)
			sel.Call("appendChild", e)
		}
	}
	for _, s := range params.Settings {
		if s.Control == params.Choice {
			fill(s.Key, s.Options(cat))
		}
	}
	var views []params.Option
	for _, v := range view.Embeddable() {
		views = append(views, params.Option{Value: v.Name, Label: v.Title})
	}
	fill("embed-view", views)
}

// exercises lists the page's exercises, a link each with its question and
// its answer folded; on a teacher's link (restricted) none, so that the
// page holds no answer.
func (d *dom) exercises(restricted bool) {
	ol := d.el("exercises")
	ol.Set("textContent", "")
	if restricted {
		return
	}
	for _, e := range params.Exercises {
		li := d.doc.Call("createElement", "li")
		a := d.doc.Call("createElement", "a")
		a.Set("href", "#"+e.Link)
		a.Set("textContent", e.Title)
		q := d.doc.Call("createElement", "p")
		q.Set("textContent", e.Question)
		det := d.doc.Call("createElement", "details")
		sum := d.doc.Call("createElement", "summary")
		sum.Set("textContent", "The answer")
		ans := d.doc.Call("createElement", "p")
		ans.Set("textContent", e.Answer)
		det.Call("append", sum, ans)
		li.Call("append", a, q)
		for _, c := range params.Cited(e.Question) {
			li.Call("append", d.citation(c))
		}
		li.Call("append", det)
		ol.Call("appendChild", li)
	}
}

// citation returns the piece of the paper c written out, folded under
// its title: a <details class="cite"> whose data-cite is c's name.
func (d *dom) citation(c params.Citation) js.Value {
	det := d.doc.Call("createElement", "details")
	det.Set("className", "cite")
	det.Get("dataset").Set("cite", c.Name)
	sum := d.doc.Call("createElement", "summary")
	sum.Set("textContent", c.Title)
	det.Call("append", sum)
	if c.Steps {
		ol := d.doc.Call("createElement", "ol")
		for _, l := range c.Lines {
			li := d.doc.Call("createElement", "li")
			li.Set("textContent", l)
			ol.Call("append", li)
		}
		det.Call("append", ol)
		return det
	}
	for i, l := range c.Lines {
		p := d.doc.Call("createElement", "p")
		p.Set("textContent", l)
		if i == 0 {
			p.Set("className", "formula")
		}
		det.Call("append", p)
	}
	return det
}

// viewsKey lists, under the views' controls, what the marks of each view
// mean (view.View.Key): page text the keyboard reaches, beside the canvas
// that draws them.
func (d *dom) viewsKey() {
	dl := d.el("views-key-list")
	dl.Set("textContent", "")
	for _, v := range view.Registry {
		dt := d.doc.Call("createElement", "dt")
		dt.Set("textContent", v.Title)
		dd := d.doc.Call("createElement", "dd")
		dd.Set("textContent", v.Key+".")
		dl.Call("append", dt, dd)
	}
}

// citeStatic writes out, in each element of the page's HTML with a
// data-cites attribute (the NNLRS graph's controls: problem (6) for β and
// λ, Algorithm 2 for θ), the pieces of the paper it names.
func (d *dom) citeStatic() {
	els := d.doc.Call("querySelectorAll", "[data-cites]")
	for i := 0; i < els.Get("length").Int(); i++ {
		el := els.Index(i)
		d.cite(el.Get("id").String(), el.Get("dataset").Get("cites").String())
	}
}

// cite writes into element id the pieces of the paper text cites, when
// text changed.
func (d *dom) cite(id, text string) {
	key := id + ".cites"
	if d.shown[key] == text {
		return
	}
	d.shown[key] = text
	el := d.el(id)
	el.Set("textContent", "")
	for _, c := range params.Cited(text) {
		el.Call("append", d.citation(c))
	}
}

// showTour shows step p.Tour of the tour in its strip, or hides the strip
// outside the tour, and marks the control the step asks to use, in sight
// in the controls' own scroll.
func (d *dom) showTour(p params.Params) {
	n := p.Tour
	d.set("tour", "hidden", n == 0)
	d.set("tour-start", "hidden", n != 0)
	control := ""
	if n > 0 {
		s := params.TourSteps[n-1]
		d.set("tour-count", "textContent", fmt.Sprintf("Tour %d/%d:", n, len(params.TourSteps)))
		d.set("tour-title", "textContent", s.Title)
		d.set("tour-back", "disabled", n == 1)
		d.set("tour-next", "disabled", n == len(params.TourSteps))
		control = s.Control
	}
	if prev := d.shown["tour-focus"]; prev != control {
		d.shown["tour-focus"] = control
		if prev != "" {
			d.el(prev).Get("classList").Call("remove", "tour-focus")
		}
		if control != "" {
			el, panel := d.el(control), d.el("panel")
			el.Get("classList").Call("add", "tour-focus")
			r, pr := el.Call("getBoundingClientRect"), panel.Call("getBoundingClientRect")
			if top, bottom := r.Get("top").Float(), r.Get("bottom").Float(); top < pr.Get("top").Float() || bottom > pr.Get("bottom").Float()-100 {
				panel.Set("scrollTop", panel.Get("scrollTop").Float()+top-pr.Get("top").Float()-pr.Get("height").Float()/3)
			}
		}
	}
}

// revealStatus scrolls the controls' panel, where it scrolls, just enough
// that a run's closing status, begun in sight, is read whole above the
// Run and Play bars (the panel's scroll-padding keeps it clear of them);
// a status out of sight stays so.
func (d *dom) revealStatus() {
	st, panel := d.el("status"), d.el("panel")
	if panel.Get("scrollHeight").Int() <= panel.Get("clientHeight").Int() {
		return // the page scrolls, not the panel
	}
	r, pr := st.Call("getBoundingClientRect"), panel.Call("getBoundingClientRect")
	if top := r.Get("top").Float(); top >= pr.Get("top").Float() && top < pr.Get("bottom").Float() {
		st.Call("scrollIntoView", map[string]any{"block": "nearest"})
	}
}

// set writes v into property prop of element id when it changed.
func (d *dom) set(id, prop string, v any) {
	key := id + "." + prop
	s := js.ValueOf(v).String()
	if b, ok := v.(bool); ok {
		s = strconv.FormatBool(b)
	}
	if d.shown[key] == s {
		return
	}
	d.shown[key] = s
	d.el(id).Set(prop, v)
}

// runningStatusEvery paces the status line and the progress bar while a
// run computes: each change of them makes the browser paint and
// composite the page again, and under software WebGL (SwiftShader, on
// machines without a GPU) doing so every frame takes a good part of a
// core from the solver's workers. They are written at once when a run
// starts and when it ends.
const runningStatusEvery = 250 * time.Millisecond

// update shows the page's state: status, progress, messages, advice,
// buttons, the marks of refused and changed settings, the data set's
// rows; the status and the progress at most every runningStatusEvery
// while a run computes.
func (d *dom) update(pg *ui.Page, t time.Time) {
	m := pg.Model
	running := m.Running()
	if !running || !d.running || t.Sub(d.statusAt) >= runningStatusEvery {
		ended := d.running && !running
		status, frac := m.Status(t)
		d.set("status", "textContent", status)
		d.set("progress", "value", frac)
		d.statusAt, d.running = t, running
		if ended {
			d.revealStatus()
		}
	}
	d.set("run", "disabled", false)
	if !running && d.doc.Get("activeElement").Equal(d.el("cancel")) {
		d.el("run").Call("focus") // Cancel is about to be disabled
	}
	d.set("cancel", "disabled", !running)
	d.set("error", "textContent", m.Problem)
	d.set("error", "hidden", m.Problem == "")
	d.set("notice", "textContent", m.Notice)
	d.set("notice", "hidden", m.Notice == "")
	d.showFieldError(pg.Refused)
	d.markStale(pg.Changed())
	d.showDataset(pg.Form[params.Dataset.Key], m.Params)
	d.access(m.Params)
	if embed := m.Params.Embed != ""; d.shown["embed"] != strconv.FormatBool(embed) {
		d.shown["embed"] = strconv.FormatBool(embed)
		d.doc.Get("body").Get("classList").Call("toggle", "embed", embed)
	}
	// An embedded view that the propagation moves (its step) keeps the
	// propagation's buttons; another shows none.
	plays := slices.Contains([]string{"propagation", "curves", "outcome"}, m.Params.Embed)
	if d.shown["plays"] != strconv.FormatBool(plays) {
		d.shown["plays"] = strconv.FormatBool(plays)
		d.doc.Get("body").Get("classList").Call("toggle", "plays", plays)
	}
	d.set("present", "ariaPressed", strconv.FormatBool(pg.TextScale != 1))
	for class, on := range map[string]bool{"paper": m.Params.Paper != "", "live": m.Params.Live == 1, "nopanel": !pg.ControlsShown} {
		if d.shown["class-"+class] != strconv.FormatBool(on) {
			d.shown["class-"+class] = strconv.FormatBool(on)
			d.doc.Get("body").Get("classList").Call("toggle", class, on)
		}
	}
	if present := pg.TextScale != 1; d.shown["present"] != strconv.FormatBool(present) {
		d.shown["present"] = strconv.FormatBool(present)
		d.doc.Get("body").Get("classList").Call("toggle", "present", present)
	}
	ready := m.Prop.Ready()
	d.set("play", "disabled", !ready || m.Prop.Converged)
	d.set("step", "disabled", !ready || m.Prop.Converged)
	d.set("reset", "disabled", !ready)
	play := "Play"
	if m.Prop.Playing {
		play = "Pause"
	}
	d.set("play", "textContent", play)
	d.set("embed-play", "textContent", play)
	d.set("embed-play", "disabled", !ready || m.Prop.Converged)
	d.set("embed-step", "disabled", !ready || m.Prop.Converged)
	d.set("embed-reset", "disabled", !ready)
	d.set("panel-toggle", "ariaExpanded", strconv.FormatBool(pg.ControlsShown))
	d.set("play", "ariaPressed", strconv.FormatBool(m.Prop.Playing))
	d.set("csv", "disabled", m.Shown() == nil)
	n := 0
	if g := m.Shown(); g != nil {
		n = g.N
	}
	d.set("inspect", "max", n)
	d.set("inspect", "disabled", n == 0)
	d.set("inspect-text", "textContent", m.Describe(pg.Inspect-1))
	label, can := m.LabelAction(pg.Inspect - 1)
	d.set("label", "textContent", label)
	d.set("label", "disabled", !can)

	d.numbers(m)
	advice := m.Advice()
	d.list("advice", advice)
	d.paper(m, pg.Settings())
	d.teacher(pg)
	tour := ui.TourText(m, m.Params.Tour)
	d.set("tour-text", "textContent", tour)
	d.cite("tour-cite", tour)
}

// access shows, hides and disables the controls as the teacher's link of
// p says (params.Params.Access), and the groups of controls with none
// left to show. A teacher's link (params.Params.Restricted) shows its
// question on top, says what it fixed, locked controls by their label and
// hidden ones by their values, and offers Start again; the page's CSS
// (body.restricted) hides the exercises, their answers and the data
// set's note, whose preset values could give an answer away.
func (d *dom) access(p params.Params) {
	key := p.Only + "|" + p.Hide + "|" + p.Lock
	restricted := p.Restricted()
	d.set("ask-box", "hidden", !restricted && p.Ask == "")
	d.set("ask", "textContent", p.Ask)
	d.cite("ask-cite", p.Ask)
	// On a phone the controls are under the views: the line above the
	// views gives the teacher's question (or, on a first visit, what the
	// page shows and what to try: the page's own text) and links to them.
	if _, ok := d.shown["jump-intro.page"]; !ok {
		d.shown["jump-intro.page"] = d.el("jump-intro").Get("textContent").String()
	}
	intro, jump := d.shown["jump-intro.page"], "Jump to the controls ↓"
	switch {
	case p.Ask != "":
		intro, jump = "Your teacher's question: "+p.Ask, "The question in full and the controls ↓"
	case restricted:
		intro, jump = "", "The exercise and its controls ↓"
	}
	d.set("jump-intro", "textContent", intro)
	d.set("jump-intro", "hidden", intro == "")
	d.set("to-controls", "textContent", jump)
	head := "Your teacher's question"
	if p.Ask == "" {
		head = "An exercise"
	}
	d.set("ask-head", "textContent", head)
	fixed := ""
	if f := p.Fixed(); len(f) > 0 {
		fixed = "Fixed by the link: " + strings.Join(f, "; ") + "."
	}
	d.set("fixed", "textContent", fixed)
	d.set("start-again", "hidden", !restricted && p.Ask == "")
	if d.shown["access"] == key {
		return
	}
	d.shown["access"] = key
	d.doc.Get("body").Get("classList").Call("toggle", "restricted", restricted)
	d.exercises(restricted)
	shownIn := map[string]bool{}
	for _, s := range params.Controls() {
		shown, usable := p.Access(s)
		input := d.el(s.Key)
		label := d.doc.Call("querySelector", "label[for="+s.Key+"]")
		input.Set("hidden", !shown)
		input.Set("disabled", !usable)
		if label.Truthy() {
			label.Set("hidden", !shown)
			label.Get("classList").Call("toggle", "fixed", shown && !usable)
		}
		if parent := input.Get("parentNode"); parent.Get("tagName").String() == "SPAN" {
			parent.Set("hidden", !shown)
		}
		if fs := input.Call("closest", "fieldset"); fs.Truthy() && shown {
			shownIn[fs.Get("id").String()] = true
		}
	}
	for _, id := range []string{"data-fields", "graph-fields", "paper-fields"} {
		d.el(id).Set("hidden", !shownIn[id])
	}
}

// showLink puts the page's link in the URL, when it changed (the URL the
// user edits is followed as a new link: a hashchange), and points the
// share links at it.
func (d *dom) showLink(link string) {
	if d.shown["hash"] != link {
		d.shown["hash"] = link
		replaceHash(link)
	}
	if d.shown["link"] == link {
		return
	}
	d.shown["link"] = link
	d.el("link").Set("href", "#"+link)
	view := d.el("embed-view").Get("value").String()
	d.el("embed-link").Set("href", "#"+link+"&embed="+view)
}

// numbers writes the Outcome's numbers into the HTML table #numbers (shown
// when the canvas cannot draw): each graph's GHF and LGC error rates, as
// the Outcome view has them.
func (d *dom) numbers(m *ui.Model) {
	var rows [][]string
	if r := m.Run; r != nil {
		pct := func(v float64) string {
			if math.IsNaN(v) {
				return "n/a"
			}
			return strconv.FormatFloat(100*v, 'f', 1, 64) + "%"
		}
		for _, gm := range params.Graphs {
			g := r.Graphs[gm]
			row := []string{params.GraphNames[gm], "…", "…"}
			switch {
			case g == nil:
			case g.Err != "":
				row[1], row[2] = "failed", "failed"
			case g.Final != nil:
				if f := m.Prop.Final(gm); f != nil {
					row[1], row[2] = pct(f.GHF), pct(f.LGC)
				}
			}
			rows = append(rows, row)
		}
	}
	key := fmt.Sprint(rows)
	if d.shown["numbers"] == key {
		return
	}
	d.shown["numbers"] = key
	body := d.el("numbers").Call("querySelector", "tbody")
	body.Set("textContent", "")
	for _, row := range rows {
		tr := d.doc.Call("createElement", "tr")
		for i, v := range row {
			tag := "td"
			if i == 0 {
				tag = "th"
			}
			c := d.doc.Call("createElement", tag)
			c.Set("textContent", v)
			tr.Call("appendChild", c)
		}
		body.Call("appendChild", tr)
	}
}

// describeCanvas takes ebiten's canvas out of the keyboard's tab order (it
// takes no keys; ebiten gives it tabindex 1, ahead of the controls) and
// names it for screen readers.
func (d *dom) describeCanvas(q *queue) {
	c := d.doc.Call("querySelector", "body > canvas")
	if !c.Truthy() {
		return
	}
	c.Call("setAttribute", "tabindex", "-1")
	// ebiten focuses its canvas on load and on every click, and then takes
	// every key (Tab included): hand the focus back at once.
	focus := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if prev := args[0].Get("relatedTarget"); prev.Truthy() && !prev.Equal(c) {
			prev.Call("focus", map[string]any{"preventScroll": true})
		} else {
			c.Call("blur")
		}
		return nil
	})
	d.funcs = append(d.funcs, focus)
	c.Call("addEventListener", "focus", focus)
	click := js.FuncOf(func(_ js.Value, args []js.Value) any {
		ev := args[0]
		x, y := float32(ev.Get("clientX").Float()), float32(ev.Get("clientY").Float())
		q.push(func(a *app, t time.Time) {
			pg, f := a.page, a.frame
			pg.Click(a.views.NodeAt(pg.Model, a.panels, x-f.left, y-f.top), t)
		})
		return nil
	})
	d.funcs = append(d.funcs, click)
	c.Call("addEventListener", "click", click)
	if d.doc.Get("activeElement").Equal(c) {
		c.Call("blur")
	}
	c.Call("setAttribute", "role", "img")
	var titles []string
	for _, v := range view.Embeddable() {
		titles = append(titles, v.Title)
	}
	c.Call("setAttribute", "aria-label", "The views of the run: "+strings.Join(titles, "; ")+". The status beside the controls says the same in words.")
}

// loaded hides the loading indicator.
func (d *dom) loaded() {
	d.el("loading").Set("hidden", true)
}

// location returns the URL hash of the page.
func location() js.Value { return js.Global().Get("location") }

// replaceHash sets the URL hash without a hashchange event.
func replaceHash(hash string) {
	if strings.TrimPrefix(location().Get("hash").String(), "#") == hash {
		return
	}
	js.Global().Get("history").Call("replaceState", nil, "", "#"+hash)
}

// paper shows beside the paper figure m shows the words ui.PaperText
// gives for the controls' settings c.
func (d *dom) paper(m *ui.Model, c params.Params) {
	shown := m.Params.Paper != ""
	d.verdict(m)
	d.set("paper-note", "hidden", !shown)
	d.set("paper-live", "hidden", !shown)
	if !shown {
		d.set("paper-why", "hidden", true)
		return
	}
	t := ui.PaperText(m, c)
	d.set("paper-live", "href", "#"+t.Live.Hash())
	d.set("paper-live", "textContent", t.LiveText)
	d.set("paper-note", "textContent", strings.Join(t.Note, "\n"))
	d.set("paper-why", "hidden", len(t.Why) == 0)
	d.set("paper-why-text", "textContent", strings.Join(t.Why, "\n\n"))
}

// verdict shows above the paper figure m shows what the committed runs
// say of the paper's claims it concerns (ui.Verdict), as page text.
func (d *dom) verdict(m *ui.Model) {
	var w ui.VerdictWords
	if m.Params.Paper != "" {
		w = ui.Verdict(m.Evidence, m.Params.Paper)
	}
	d.set("verdict", "hidden", len(w.Claims)+len(w.Readings) == 0)
	d.set("verdict-head", "textContent", w.Head)
	d.list("verdict-claims", w.Claims)
	d.list("verdict-readings", w.Readings)
	d.list("verdict-why", w.Why)
	d.set("verdict-more", "hidden", len(w.Readings)+len(w.Why) == 0)
}

// list fills the list element id with an item per line, when they changed.
func (d *dom) list(id string, lines []string) {
	key := strings.Join(lines, "\n")
	if s, ok := d.shown[id]; ok && s == key {
		return
	}
	d.shown[id] = key
	ul := d.el(id)
	ul.Set("textContent", "")
	for _, l := range lines {
		li := d.doc.Call("createElement", "li")
		li.Set("textContent", l)
		ul.Call("appendChild", li)
	}
}
