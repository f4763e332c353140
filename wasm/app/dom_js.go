//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"nnlrs/core/demo"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// dom reads and writes the page's HTML controls.
type dom struct {
	doc    js.Value
	steps  map[string][]float64 // the values of each slider
	funcs  []js.Func
	shown  map[string]string // what was last written, to write only changes
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
// the app's handler of them.
func (d *dom) listen(q *queue) {
	for id, f := range map[string]func(a *app, t time.Time){
		"run": (*app).runPressed, "cancel": (*app).cancelPressed, "play": (*app).playPressed,
		"step": (*app).stepPressed, "reset": (*app).resetPressed, "png": (*app).pngPressed,
		"csv": (*app).csvPressed, "label": (*app).labelPressed,
	} {
		d.on(id, "click", func(js.Value, js.Value) { q.push(f) })
	}
	edited := func(settled bool) event { return func(a *app, t time.Time) { a.edited(t, settled) } }
	// A run control's "input" (a slider dragged, a digit typed) applies
	// after a pause; its "change" (the slider released or stepped by a key
	// or a click, Enter or leaving the field) at once. A view setting
	// applies at once either way.
	for _, s := range params.Settings {
		key, view := s.Key, s.Work == params.View
		switch {
		case s == params.Dataset:
			// A data set opens with its preset. The controls change at
			// once, not at the next tick, so that edits made right after
			// it stand.
			d.on(key, "change", func(js.Value, js.Value) {
				cur, _ := d.read(params.Default())
				p := params.ForDataset(cur.Dataset).WithView(cur)
				p.Seed, p.LabelSeed = cur.Seed, cur.LabelSeed
				d.write(p)
				q.push(edited(true))
			})
		case view && s.Control != params.LinkOnly:
			d.on(key, "input", func(js.Value, js.Value) {
				if s.Control == params.Slider {
					d.showOutput(key)
				}
				q.push((*app).viewChanged)
			})
			d.on(key, "change", func(js.Value, js.Value) { q.push((*app).viewChanged) })
		case s.Control == params.Slider || s.Control == params.Number:
			d.on(key, "input", func(js.Value, js.Value) {
				if s.Control == params.Slider {
					d.showOutput(key)
				}
				q.push(edited(false))
			})
			d.on(key, "change", func(js.Value, js.Value) { q.push(edited(true)) })
		}
	}
	d.on("inspect", "input", func(js.Value, js.Value) { q.push((*app).inspectChanged) })
	d.on("embed-view", "change", func(js.Value, js.Value) { d.shown["link"] = "" })
	d.on("window", "hashchange", func(js.Value, js.Value) { q.push((*app).hashChanged) })
	tour := func(step int, delta bool) event { return func(a *app, t time.Time) { a.tourTo(step, delta, t) } }
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
		if e, ok := map[string]event{" ": (*app).playPressed, "ArrowRight": (*app).stepPressed, "r": (*app).resetPressed}[key]; ok {
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
			q.push(func(a *app, t time.Time) { a.fileRead(demo.File{Name: name, Bytes: b}, t) })
			onBuffer.Release()
			return nil
		})
		f.Call("arrayBuffer").Call("then", onBuffer)
	})
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

// write shows p in the controls.
func (d *dom) write(p params.Params) {
	for _, s := range params.Settings {
		switch s.Control {
		case params.Slider:
			d.setSlider(s.Key, *s.Value(&p))
		case params.Number:
			v := s.Get(p)
			if v == "0" && p.Dataset == demo.Upload && (s == params.Classes || s == params.PerClass) {
				v = "" // every sample
			}
			d.el(s.Key).Set("value", v)
		case params.Choice:
			d.el(s.Key).Set("value", s.Get(p))
		}
	}
	d.showDataset()
	body := d.doc.Get("body").Get("classList")
	if p.Embed != "" {
		body.Call("add", "embed")
	} else {
		body.Call("remove", "embed")
	}
}

// read returns the settings of the controls over base (which gives those
// without a control), and the first setting that is not a valid value (a
// *params.FieldError naming its control).
func (d *dom) read(base params.Params) (params.Params, error) {
	p := base
	var bad error
	upload := d.el(params.Dataset.Key).Get("value").String() == demo.Upload
	for _, s := range params.Settings {
		var err error
		switch s.Control {
		case params.Slider:
			*s.Value(&p) = d.slider(s.Key)
		case params.Number:
			v := strings.TrimSpace(d.el(s.Key).Get("value").String())
			if v == "" && upload && (s == params.Classes || s == params.PerClass) {
				v = "0" // every sample
			}
			if s.Set(&p, v) != nil {
				msg := s.Name + " must be a whole number"
				if !s.Ranged() {
					msg += ", 0 or more"
				}
				err = &params.FieldError{Field: s.Key, Msg: msg}
			}
		case params.Choice:
			s.Set(&p, d.el(s.Key).Get("value").String()) // Validate checks it
		}
		if bad == nil {
			bad = err
		}
	}
	if bad == nil {
		bad = p.Validate()
	}
	return p, bad
}

func (d *dom) intValue(id string) int {
	v, err := strconv.Atoi(strings.TrimSpace(d.el(id).Get("value").String()))
	if err != nil {
		return -1
	}
	return v
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

// showFieldError marks the control that err names and says why beside
// it, clearing the marks of the other controls; err nil clears them all.
func (d *dom) showFieldError(err error) {
	var fe *params.FieldError
	errors.As(err, &fe)
	for _, id := range controls() {
		msg := ""
		if fe != nil && fe.Field == id {
			msg = strings.ToUpper(fe.Msg[:1]) + fe.Msg[1:] + "."
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
		d.set(id+"-error", "textContent", msg)
		d.set(id+"-error", "hidden", msg == "")
	}
}

// markStale marks the controls of the settings p whose value differs
// from the figure's settings f, and says beside Run which they are.
func (d *dom) markStale(p, f params.Params, have bool) {
	differ := map[string]bool{}
	if have {
		for _, key := range params.Differ(p, f) {
			differ[key] = true
		}
	}
	var names []string
	for _, s := range params.Settings {
		if s.Control == params.LinkOnly || s.Work == params.View {
			continue
		}
		label := d.doc.Call("querySelector", "label[for="+s.Key+"]")
		if !label.Truthy() {
			continue
		}
		cls := label.Get("classList")
		if differ[s.Key] {
			cls.Call("add", "stale")
			names = append(names, s.Name)
		} else {
			cls.Call("remove", "stale")
		}
	}
	text := ""
	if len(names) > 0 {
		text = "Changed since the figure was drawn: " + strings.Join(names, ", ") + ". The figure follows when the solver is done; Run computes every graph again."
	}
	d.set("stale", "textContent", text)
	d.set("stale", "hidden", text == "")
}

// showDataset shows the file input for uploads and the size inputs for the
// other data sets.
func (d *dom) showDataset() {
	name := d.el(params.Dataset.Key).Get("value").String()
	up := name == demo.Upload
	d.el("file-row").Set("hidden", !up)
	note := params.PresetNote(name)
	d.el("data-note").Set("textContent", note)
	d.el("data-note").Set("hidden", note == "")
	for _, id := range []string{params.Classes.Key, params.PerClass.Key} {
		placeholder := ""
		if up {
			placeholder = "all"
		}
		d.el(id).Set("placeholder", placeholder)
	}
}

// addDatasets offers the built-in data sets of the site.
func (d *dom) addDatasets(cat []demo.Builtin) {
	sel := d.el(params.Dataset.Key)
	upload := sel.Call("querySelector", "option[value=upload]")
	for _, ds := range cat {
		o := d.doc.Call("createElement", "option")
		o.Set("value", ds.Name)
		o.Set("textContent", ds.Title)
		sel.Call("insertBefore", o, upload)
	}
}

// showTour shows step p.Tour of the tour in its strip, or hides the strip
// outside the tour.
func (d *dom) showTour(p params.Params) {
	n := p.Tour
	d.set("tour", "hidden", n == 0)
	d.set("tour-start", "hidden", n != 0)
	if n == 0 {
		return
	}
	s := params.TourSteps[n-1]
	d.set("tour-count", "textContent", fmt.Sprintf("Tour %d/%d:", n, len(params.TourSteps)))
	d.set("tour-title", "textContent", s.Title)
	d.set("tour-text", "textContent", s.Text)
	d.set("tour-back", "disabled", n == 1)
	d.set("tour-next", "disabled", n == len(params.TourSteps))
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

// update shows the model's state: status, progress, messages, advice,
// buttons and the share links; the status and the progress at most every
// runningStatusEvery while a run computes.
func (d *dom) update(m *ui.Model, t time.Time, hash string, inspect int) {
	running := m.Running()
	if !running || !d.running || t.Sub(d.statusAt) >= runningStatusEvery {
		status, frac := m.Status(t)
		d.set("status", "textContent", status)
		d.set("progress", "value", frac)
		d.statusAt, d.running = t, running
	}
	d.set("run", "disabled", false)
	if !running && d.doc.Get("activeElement").Equal(d.el("cancel")) {
		d.el("run").Call("focus") // Cancel is about to be disabled
	}
	d.set("cancel", "disabled", !running)
	errText := m.Problem
	d.set("error", "textContent", errText)
	d.set("error", "hidden", errText == "")
	d.set("notice", "textContent", m.Notice)
	d.set("notice", "hidden", m.Notice == "")
	ready := m.Prop.Ready()
	d.set("play", "disabled", !ready || m.Prop.Converged)
	d.set("step", "disabled", !ready || m.Prop.Converged)
	d.set("reset", "disabled", !ready)
	play := "Play"
	if m.Prop.Playing {
		play = "Pause"
	}
	d.set("play", "textContent", play)
	d.set("play", "ariaPressed", strconv.FormatBool(m.Prop.Playing))
	d.set("csv", "disabled", m.Shown() == nil)
	n := 0
	if g := m.Shown(); g != nil {
		n = g.N
	}
	d.set("inspect", "max", n)
	d.set("inspect", "disabled", n == 0)
	d.set("inspect-text", "textContent", m.Describe(inspect-1))
	label, can := m.LabelAction(inspect - 1)
	d.set("label", "textContent", label)
	d.set("label", "disabled", !can)

	d.numbers(m)
	advice := m.Advice()
	if key := strings.Join(advice, "\n"); d.shown["advice"] != key {
		d.shown["advice"] = key
		ul := d.el("advice")
		ul.Set("textContent", "")
		for _, a := range advice {
			li := d.doc.Call("createElement", "li")
			li.Set("textContent", a)
			ul.Call("appendChild", li)
		}
	}
	if d.shown["link"] != hash {
		d.shown["link"] = hash
		d.el("link").Set("href", "#"+hash)
		view := d.el("embed-view").Get("value").String()
		d.el("embed-link").Set("href", "#"+hash+"&embed="+view)
	}
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
		q.push(func(a *app, t time.Time) { a.canvasClicked(x, y, t) })
		return nil
	})
	d.funcs = append(d.funcs, click)
	c.Call("addEventListener", "click", click)
	if d.doc.Get("activeElement").Equal(c) {
		c.Call("blur")
	}
	c.Call("setAttribute", "role", "img")
	c.Call("setAttribute", "aria-label", "The views of the run: the graph, the propagation, the outcome, the weight matrices and the solvers' convergence. The status beside the controls says the same in words.")
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
