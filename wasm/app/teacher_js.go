//go:build js && wasm

package main

import (
	"fmt"
	"slices"
	"strings"
	"syscall/js"
	"time"

	"nnlrs/ui"
	"nnlrs/ui/params"
)

// teach is the form of the teacher's exercise link (#teacher): whether it
// is open, the controls the students may move, their question, and
// whether they start from the data set's preset.
type teach struct {
	open   bool
	keep   []string
	ask    string
	preset bool
}

// listenTeacher connects the form of the teacher's exercise link: the
// button that opens it (ticking the controls the teacher moved,
// params.Moved), its boxes, question and starting point, and Copy.
func (d *dom) listenTeacher(q *queue) {
	d.teach.preset = true
	grid := d.el("teach-controls")
	for _, s := range params.Controls() {
		label := d.doc.Call("createElement", "label")
		box := d.doc.Call("createElement", "input")
		box.Set("type", "checkbox")
		box.Set("id", "teach-"+s.Key)
		box.Set("value", s.Key)
		label.Call("append", box, " "+s.Name)
		grid.Call("appendChild", label)
	}
	read := func() {
		var keep []string
		for _, s := range params.Controls() {
			if d.el("teach-" + s.Key).Get("checked").Bool() {
				keep = append(keep, s.Key)
			}
		}
		d.teach.keep = keep
		d.teach.ask = d.el("teach-ask").Get("value").String()
		d.teach.preset = d.el("teach-preset").Get("checked").Bool()
		d.set("teach-said", "textContent", "")
	}
	for id, event := range map[string]string{"teach-controls": "change", "teach-ask": "input", "teach-preset": "change", "teach-now": "change"} {
		d.on(id, event, func(js.Value, js.Value) { q.push(func(*app, time.Time) { read() }) })
	}
	d.on("teach", "click", func(js.Value, js.Value) {
		q.push(func(a *app, _ time.Time) {
			d.teach.open = !d.teach.open
			if d.teach.open { // the controls the teacher moved, ticked
				moved := params.Moved(a.page.Controls)
				for _, s := range params.Controls() {
					d.el("teach-"+s.Key).Set("checked", slices.Contains(moved, s.Key))
				}
				read()
			}
			d.set("teacher", "hidden", !d.teach.open)
			d.set("teach", "ariaExpanded", fmt.Sprint(d.teach.open))
		})
	})
	d.on("teach-copy", "click", func(js.Value, js.Value) { d.copyLink() })
}

// teacher shows the teacher's exercise link as its form and the page
// stand (ui.Page.ExerciseLink), while the form is open.
func (d *dom) teacher(pg *ui.Page) {
	if !d.teach.open {
		return
	}
	t := d.teach
	link := "#" + pg.ExerciseLink(t.keep, t.ask, t.preset)
	base, _, _ := strings.Cut(location().Get("href").String(), "#")
	d.set("teach-link", "value", base+link)
	d.set("teach-open", "href", link)
	d.set("teach-preset-text", "textContent", fmt.Sprintf("the preset of %s, seed %d", params.Titles[pg.Controls.Dataset], pg.Controls.Seed))
}

// copyLink copies the exercise link to the clipboard, and says so; where
// the browser refuses (no permission, an insecure page), it selects the
// link for the teacher to copy by hand. It runs within the click: a page
// may write the clipboard only then.
func (d *dom) copyLink() {
	input := d.el("teach-link")
	link := input.Get("value").String()
	said := func(s string) { d.el("teach-said").Set("textContent", s) }
	byHand := func() {
		input.Call("select")
		if d.doc.Call("execCommand", "copy").Bool() {
			said("Copied: paste the link where your students find it.")
		} else {
			said("The browser refused to copy: the link is selected, copy it with Ctrl+C (⌘C).")
		}
	}
	clip := js.Global().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		byHand()
		return
	}
	var ok, fail js.Func
	ok = js.FuncOf(func(js.Value, []js.Value) any {
		said("Copied: paste the link where your students find it.")
		ok.Release()
		fail.Release()
		return nil
	})
	fail = js.FuncOf(func(js.Value, []js.Value) any {
		byHand()
		ok.Release()
		fail.Release()
		return nil
	})
	clip.Call("writeText", link).Call("then", ok, fail)
}
