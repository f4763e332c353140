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
