//go:build !(js && wasm)

// Command app is the page of the in-browser demo: an ebiten program that
// draws the views of package ui/view, reads the HTML controls, keeps the
// settings in the URL hash and runs the solver Web Workers (wasm/solver).
// It runs only in a browser; build it with GOOS=js GOARCH=wasm (make dist).
// Its logic lives in plain-Go packages (ui, ui/view, ui/params, wasm/pool)
// that the tests run natively; the browser tests (wasm/e2e) cover this
// layer.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "app: this is the browser demo's page; build the site with make dist and open it with make run")
	os.Exit(2)
}
