//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// sliders are the range inputs, each stepping through params.Steps.
var sliders = []string{"labeled", "noise", "corrupt", "beta", "lambda", "theta", "alpha"}

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
		"step": evStep, "reset": evReset, "png": evPNG, "csv": evCSV} {
		kind := kind
		d.on(id, "click", func(js.Value, js.Value) { q.push(event{kind: kind}) })
	}
	for _, id := range []string{"graph", "prop"} {
		d.on(id, "change", func(js.Value, js.Value) { q.push(event{kind: evView}) })
	}
	for _, key := range sliders {
		key := key
		d.on(key, "input", func(js.Value, js.Value) {
			d.showOutput(key)
			if key == "alpha" {
				q.push(event{kind: evView})
			}
		})
	}
	d.on("dataset", "change", func(js.Value, js.Value) { q.push(event{kind: evDataset}) })
	d.on("inspect", "input", func(js.Value, js.Value) { q.push(event{kind: evInspect}) })
	d.on("embed-view", "change", func(js.Value, js.Value) { d.shown["link"] = "" })
	d.on("window", "hashchange", func(js.Value, js.Value) { q.push(event{kind: evHash}) })
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
	d.el("classes").Set("value", p.Classes)
	d.el("per").Set("value", p.PerClass)
	d.el("seed").Set("value", strconv.FormatUint(p.Seed, 10))
	for key, v := range map[string]float64{"labeled": p.Labeled, "noise": p.Noise, "corrupt": p.Corrupt,
		"beta": p.Beta, "lambda": p.Lambda, "theta": p.Theta, "alpha": p.Alpha} {
		d.setSlider(key, v)
	}
	d.el("graph").Set("value", p.Graph)
	d.el("prop").Set("value", p.Propagator)
	d.showDataset()
	body := d.doc.Get("body").Get("classList")
	if p.Embed != "" {
		body.Call("add", "embed")
	} else {
		body.Call("remove", "embed")
	}
}

// read returns the settings of the controls; the embed view stays that of
// base.
func (d *dom) read(base params.Params) params.Params {
	p := base
	p.Dataset = d.el("dataset").Get("value").String()
	p.Classes = d.intValue("classes")
	p.PerClass = d.intValue("per")
	if s, err := strconv.ParseUint(strings.TrimSpace(d.el("seed").Get("value").String()), 10, 64); err == nil {
		p.Seed = s
	}
	p.Labeled, p.Noise, p.Corrupt = d.slider("labeled"), d.slider("noise"), d.slider("corrupt")
	p.Beta, p.Lambda, p.Theta, p.Alpha = d.slider("beta"), d.slider("lambda"), d.slider("theta"), d.slider("alpha")
	p.Graph = d.el("graph").Get("value").String()
	p.Propagator = d.el("prop").Get("value").String()
	return p
}

func (d *dom) intValue(id string) int {
	v, err := strconv.Atoi(strings.TrimSpace(d.el(id).Get("value").String()))
	if err != nil {
		return -1 // out of range: Validate names the control
	}
	return v
}

// showDataset shows the file input for uploads and the size inputs for the
// other data sets.
func (d *dom) showDataset() {
	up := d.el("dataset").Get("value").String() == protocol.Upload
	d.el("file-row").Set("hidden", !up)
	d.el("size-row").Set("hidden", up)
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
	d.set("cancel", "disabled", !running)
	errText := ""
	if m.Run != nil && m.Run.State == ui.Failed {
		errText = m.Run.Err
	}
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

	advice := m.Run.Advice()
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

// describeCanvas takes ebiten's canvas out of the keyboard's tab order (it
// takes no keys; ebiten gives it tabindex 1, ahead of the controls) and
// names it for screen readers.
func (d *dom) describeCanvas() {
	c := d.doc.Call("querySelector", "body > canvas")
	if !c.Truthy() {
		return
	}
	c.Call("setAttribute", "tabindex", "-1")
	c.Call("setAttribute", "role", "img")
	c.Call("setAttribute", "aria-label", "The views of the run: the graph, the propagation, the outcome, the weight matrices and the solvers' convergence. The status beside the controls says the same in words.")
}

// canvasLeft returns the page x of ebiten's canvas, which sits right of
// the controls (or at 0 when they are hidden).
func (d *dom) canvasLeft() float64 {
	c := d.doc.Call("querySelector", "body > canvas")
	if !c.Truthy() {
		return 0
	}
	return c.Call("getBoundingClientRect").Get("left").Float()
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
