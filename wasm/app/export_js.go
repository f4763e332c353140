//go:build js && wasm

package main

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"syscall/js"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"nnlrs/ui/view"
)

// pngPressed downloads the views as they are drawn, without the controls,
// at the screen's resolution: sharp on slides from a high-density screen.
func (a *app) pngPressed(time.Time) {
	if a.noCanvas {
		a.page.Model.Notice = "No PNG: this browser cannot draw the pictures (no WebGL2)."
		return
	}
	s := a.faces.scale
	w, h := int(math.Ceil(float64(float32(a.w)*s))), int(math.Ceil(float64(float32(a.h)*s)))
	if w <= 0 || h <= 0 {
		return
	}
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	c := &canvas{dst: img, faces: a.faces, cache: a.images}
	a.views.Draw(c, a.page.Model, a.panels, float32(a.w), float32(a.h), true)
	c.flush()
	a.redraw = true // the screen is drawn whole again after an export
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	img.ReadPixels(rgba.Pix)
	var b bytes.Buffer
	if err := png.Encode(&b, rgba); err != nil {
		a.page.Model.Notice = "The PNG could not be made: " + err.Error()
		return
	}
	name := a.page.Model.FileName()
	if e := a.page.Model.Params.Embed; e != "" {
		name += "-" + e
	}
	a.download(name+".png", "image/png", b.Bytes())
}

// exportedView returns the view a download of one view draws, the
// paper's figure where the page shows one, else the view chosen to embed,
// and its size on the page in CSS pixels; 0×0 when the page does not show
// it.
func (a *app) exportedView() (string, float32, float32) {
	name := a.dom.el("embed-view").Get("value").String()
	if a.page.Model.Params.Paper != "" {
		name = "paper"
	}
	for _, p := range a.panels {
		if p.Name == name {
			return name, p.Rect.W, p.Rect.H
		}
	}
	return name, 0, 0
}

// viewPNGPressed downloads one view (exportedView) as a PNG of twice its
// size on the page, whatever the screen's resolution: its title and
// drawing without its frame or the page's buttons, for a slide.
func (a *app) viewPNGPressed(time.Time) {
	if a.noCanvas {
		a.page.Model.Notice = "No PNG: this browser cannot draw the pictures (no WebGL2)."
		return
	}
	name, w, h := a.exportedView()
	if w <= 0 || h <= 0 {
		return
	}
	const scale = 2
	pw, ph := int(math.Ceil(float64(w*scale))), int(math.Ceil(float64(h*scale)))
	img := ebiten.NewImage(pw, ph)
	defer img.Deallocate()
	cache := newImageCache()
	defer cache.release()
	c := &canvas{dst: img, faces: loadFaces(scale, a.textScale()), cache: cache}
	view.New().DrawView(c, a.page.Model, name, w, h)
	c.flush()
	rgba := image.NewRGBA(image.Rect(0, 0, pw, ph))
	img.ReadPixels(rgba.Pix)
	var b bytes.Buffer
	if err := png.Encode(&b, rgba); err != nil {
		a.page.Model.Notice = "The PNG could not be made: " + err.Error()
		return
	}
	a.download(a.page.Model.FileName()+"-"+name+"-2x.png", "image/png", b.Bytes())
}

// viewSVGPressed downloads one view (exportedView) as SVG, its text as
// text, drawn by the same code as the page's canvas (view.SVG).
func (a *app) viewSVGPressed(time.Time) {
	name, w, h := a.exportedView()
	if w <= 0 || h <= 0 {
		return
	}
	s := view.NewSVG(w, h, a.textScale())
	view.New().DrawView(s, a.page.Model, name, w, h)
	a.download(a.page.Model.FileName()+"-"+name+".svg", "image/svg+xml", s.Bytes())
}

// csvPressed downloads the weights of the graph shown.
func (a *app) csvPressed(time.Time) {
	if b := a.page.Model.CSV(); b != nil {
		a.download(a.page.Model.FileName()+"-W.csv", "text/csv", b)
	}
}

// download offers b to the user as a file.
func (a *app) download(name, mime string, b []byte) {
	u := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(u, b)
	blob := js.Global().Get("Blob").New([]any{u}, map[string]any{"type": mime})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	doc := js.Global().Get("document")
	el := doc.Call("createElement", "a")
	el.Set("href", url)
	el.Set("download", name)
	doc.Get("body").Call("appendChild", el)
	el.Call("click")
	el.Call("remove")
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	js.Global().Call("setTimeout", revoke, 60000)
	a.hooks.set("lastDownload", map[string]any{"name": name, "bytes": len(b)})
}
