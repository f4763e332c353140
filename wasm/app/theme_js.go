//go:build js && wasm

package main

import (
	"strconv"
	"syscall/js"
	"time"

	"nnlrs/ui/view"
)

// useTheme makes the page and its views light or, for a dark room, dark
// (view.Light, view.Dark, and the page's CSS, body.dark or body.light),
// and draws every view again in it: the views' caches of colours go.
func (a *app) useTheme(dark bool) {
	a.dark = dark
	t := view.Light
	if dark {
		t = view.Dark
	}
	view.Use(t)
	a.views, a.images, a.redraw = view.New(), newImageCache(), true
	body := js.Global().Get("document").Get("body").Get("classList")
	body.Call("toggle", "dark", dark)
	body.Call("toggle", "light", !dark)
	a.dom.set("dark", "ariaPressed", strconv.FormatBool(dark))
	a.hooks.set("dark", dark)
}

// listenTheme starts the page in the reader's theme (prefers-color-scheme)
// and connects the Dark room button, which switches it.
func (a *app) listenTheme() {
	dark := false
	if mq := js.Global().Get("matchMedia"); mq.Truthy() {
		dark = js.Global().Call("matchMedia", "(prefers-color-scheme: dark)").Get("matches").Bool()
	}
	a.useTheme(dark)
	a.dom.on("dark", "click", func(js.Value, js.Value) {
		a.q.push(func(a *app, _ time.Time) { a.useTheme(!a.dark) })
	})
}
