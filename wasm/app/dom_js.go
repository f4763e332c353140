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

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// sliders are the range inputs, each stepping through params.Steps.
var sliders = []string{"labeled", "noise", "corrupt", "beta", "lambda", "theta", "lrr", "alpha"}

// runControls are the ids of the controls that change the computation:
// those that differ from the figure are marked until Run redraws it.
var runControls = []string{"dataset", "classes", "per", "labeled", "noise", "corrupt", "seed", "lseed", "beta", "lambda", "theta", "lrr"}

// controlOf returns the id of the control of a setting, as
// params.FieldError names it.
func controlOf(field string) string {
	if field == "data" {
		return "dataset"
	}
	return field
}

// dom reads and writes the page's HTML controls.
type dom struct {
	doc    js.Value
	steps  map[string][]float64 // the values of each slider
	funcs  []js.Func
	shown  map[string]string // what was last written, to write only changes
	panelW float64
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

// listen connects the controls to the queue.
func (d *dom) listen(q *queue) {
	for id, kind := range map[string]eventKind{"run": evRun, "cancel": evCancel, "play": evPlay,
		"step": evStep, "reset": evReset, "png": evPNG, "csv": evCSV, "label": evLabel} {
		kind := kind
		d.on(id, "click", func(js.Value, js.Value) { q.push(event{kind: kind}) })
	}
	for _, id := range []string{"graph", "prop"} {
		d.on(id, "change", func(js.Value, js.Value) { q.push(event{kind: evView}) })
	}
	// A run control's "input" (a slider dragged, a digit typed) applies
	// after a pause; its "change" (the slider released or stepped by a key
	// or a click, Enter or leaving the field) at once.
	for _, key := range sliders {
		key := key
		d.on(key, "input", func(js.Value, js.Value) {
			d.showOutput(key)
			if key == "alpha" {
				q.push(event{kind: evView})
			} else {
				q.push(event{kind: evEdit})
			}
		})
		if key != "alpha" {
			d.on(key, "change", func(js.Value, js.Value) { q.push(event{kind: evEdit, settled: true}) })
		}
	}
	for _, id := range []string{"classes", "per", "seed", "lseed"} {
		d.on(id, "input", func(js.Value, js.Value) { q.push(event{kind: evEdit}) })
		d.on(id, "change", func(js.Value, js.Value) { q.push(event{kind: evEdit, settled: true}) })
	}
	// A data set opens with its preset. The controls change at once, not
	// at the next tick, so that edits made right after it stand.
	d.on("dataset", "change", func(js.Value, js.Value) {
		cur, _ := d.read(params.Default())
		p := params.ForDataset(cur.Dataset)
		p.Seed, p.LabelSeed, p.Graph, p.Propagator, p.Alpha = cur.Seed, cur.LabelSeed, cur.Graph, cur.Propagator, cur.Alpha
		d.write(p)
		q.push(event{kind: evEdit, settled: true})
	})
	d.on("inspect", "input", func(js.Value, js.Value) { q.push(event{kind: evInspect}) })
	d.on("embed-view", "change", func(js.Value, js.Value) { d.shown["link"] = "" })
	d.on("window", "hashchange", func(js.Value, js.Value) { q.push(event{kind: evHash}) })
	d.on("tour-start", "click", func(js.Value, js.Value) { q.push(event{kind: evTour, step: 1}) })
	d.on("tour-back", "click", func(js.Value, js.Value) { q.push(event{kind: evTour, step: -1, delta: true}) })
	d.on("tour-next", "click", func(js.Value, js.Value) { q.push(event{kind: evTour, step: 1, delta: true}) })
	d.on("tour-end", "click", func(js.Value, js.Value) { q.push(event{kind: evTour}) })
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
			e, ok := map[string]event{"ArrowRight": {step: 1, delta: true}, "PageDown": {step: 1, delta: true},
				"ArrowLeft": {step: -1, delta: true}, "PageUp": {step: -1, delta: true}, "Escape": {}}[key]
			if ok {
				ev.Call("preventDefault")
				e.kind = evTour
				q.push(e)
				return
			}
		}
		if !d.doc.Get("body").Get("classList").Call("contains", "embed").Bool() {
			return
		}
		kind, ok := map[string]eventKind{" ": evPlay, "ArrowRight": evStep, "r": evReset}[key]
		if ok {
			ev.Call("preventDefault")
			q.push(event{kind: kind})
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
			q.push(event{kind: evFile, name: name, data: b})
			onBuffer.Release()
			return nil
		})
		f.Call("arrayBuffer").Call("then", onBuffer)
	})
}

// setSlider shows v on slider key, adding it to the slider's steps when it
// is not one of them.
func (d *dom) setSlider(key string, v float64) {
	s := params.StepsWith(key, v)
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
	d.el("dataset").Set("value", p.Dataset)
	for id, v := range map[string]int{"classes": p.Classes, "per": p.PerClass} {
		if v == 0 && p.Dataset == protocol.Upload {
			d.el(id).Set("value", "") // every sample
		} else {
			d.el(id).Set("value", v)
		}
	}
	d.el("seed").Set("value", strconv.FormatUint(p.Seed, 10))
	d.el("lseed").Set("value", strconv.FormatUint(p.LabelSeed, 10))
	for key, v := range map[string]float64{"labeled": p.Labeled, "noise": p.Noise, "corrupt": p.Corrupt,
		"beta": p.Beta, "lambda": p.Lambda, "theta": p.Theta, "lrr": p.LRRLambda, "alpha": p.Alpha} {
		d.setSlider(key, v)
	}
	d.el("graph").Set("value", string(p.Graph))
	d.el("prop").Set("value", p.Propagator)
	d.showDataset()
	body := d.doc.Get("body").Get("classList")
	if p.Embed != "" {
		body.Call("add", "embed")
	} else {
		body.Call("remove", "embed")
	}
}

// read returns the settings of the controls, and the first setting that
// is not a valid value (a *params.FieldError naming its control); the
// embed view stays that of base.
func (d *dom) read(base params.Params) (params.Params, error) {
	p := base
	var bad error
	fail := func(field, msg string) {
		if bad == nil {
			bad = &params.FieldError{Field: field, Msg: msg}
		}
	}
	p.Dataset = d.el("dataset").Get("value").String()
	upload := p.Dataset == protocol.Upload
	for _, c := range []struct {
		id, what string
		v        *int
	}{{"classes", "the number of classes", &p.Classes}, {"per", "the samples per class", &p.PerClass}} {
		s := strings.TrimSpace(d.el(c.id).Get("value").String())
		v, err := strconv.Atoi(s)
		switch {
		case s == "" && upload:
			v = 0 // every sample
		case err != nil:
			fail(c.id, c.what+" must be a whole number")
		}
		*c.v = v
	}
	if s, err := strconv.ParseUint(strings.TrimSpace(d.el("seed").Get("value").String()), 10, 64); err == nil {
		p.Seed = s
	} else {
		fail("seed", "the seed must be a whole number, 0 or more")
	}
	if s, err := strconv.ParseUint(strings.TrimSpace(d.el("lseed").Get("value").String()), 10, 64); err == nil {
		p.LabelSeed = s
	} else {
		fail("lseed", "the labels' seed must be a whole number, 0 or more")
	}
	p.Labeled, p.Noise, p.Corrupt = d.slider("labeled"), d.slider("noise"), d.slider("corrupt")
	p.Beta, p.Lambda, p.Theta, p.Alpha = d.slider("beta"), d.slider("lambda"), d.slider("theta"), d.slider("alpha")
	p.LRRLambda = d.slider("lrr")
	p.Graph = method.Name(d.el("graph").Get("value").String()) // Validate checks it
	p.Propagator = d.el("prop").Get("value").String()
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

// showFieldError marks the control that err names and says why beside
// it, clearing the marks of the other controls; err nil clears them all.
func (d *dom) showFieldError(err error) {
	var fe *params.FieldError
	errors.As(err, &fe)
	for _, id := range append(runControls, "file") {
		msg := ""
		if fe != nil && controlOf(fe.Field) == id {
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

// markStale marks the controls whose value differs from the figure's
// settings f, and says beside Run which they are.
func (d *dom) markStale(p, f params.Params, have bool) {
	differ := map[string]bool{}
	if have {
		for _, key := range params.Differ(p, f) {
			differ[controlOf(key)] = true
		}
	}
	var names []string
	for _, id := range runControls {
		label := d.doc.Call("querySelector", "label[for="+id+"]")
		if !label.Truthy() {
			continue
		}
		cls := label.Get("classList")
		if differ[id] {
			cls.Call("add", "stale")
			names = append(names, staleNames[id])
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

// staleNames name the run controls in the page's words.
var staleNames = map[string]string{"dataset": "data set", "classes": "classes", "per": "samples per class",
	"labeled": "labeled %", "noise": "noise", "corrupt": "corruption", "seed": "seed", "beta": "β",
	"lambda": "λ", "theta": "θ", "lrr": "LRR's λ"}

// showDataset shows the file input for uploads and the size inputs for the
// other data sets.
func (d *dom) showDataset() {
	name := d.el("dataset").Get("value").String()
	up := name == protocol.Upload
	d.el("file-row").Set("hidden", !up)
	note := params.PresetNote(name)
	d.el("data-note").Set("textContent", note)
	d.el("data-note").Set("hidden", note == "")
	for _, id := range []string{"classes", "per"} {
		placeholder := ""
		if up {
			placeholder = "all"
		}
		d.el(id).Set("placeholder", placeholder)
	}
}

// addDatasets offers the built-in data sets of the site.
func (d *dom) addDatasets(cat []params.Dataset) {
	sel := d.el("dataset")
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
	s := params.Tour[n-1]
	d.set("tour-count", "textContent", fmt.Sprintf("Tour %d/%d:", n, len(params.Tour)))
	d.set("tour-title", "textContent", s.Title)
	d.set("tour-text", "textContent", s.Text)
	d.set("tour-back", "disabled", n == 1)
	d.set("tour-next", "disabled", n == len(params.Tour))
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

// update shows the model's state: status, progress, messages, advice,
// buttons and the share links.
func (d *dom) update(m *ui.Model, t time.Time, hash string, inspect int) {
	status, frac := m.Status(t)
	d.set("status", "textContent", status)
	d.set("progress", "value", frac)
	running := m.Running()
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
		q.push(event{kind: evCanvasClick, x: float32(ev.Get("clientX").Float()), y: float32(ev.Get("clientY").Float())})
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
