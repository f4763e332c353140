//go:build !(js && wasm)

// Command solver is the Web Worker of the in-browser demo: it builds the
// graphs a page asks for (messages of package wasm/protocol) and streams
// their progress. It runs only in a browser; build it with
// GOOS=js GOARCH=wasm (make dist). Its logic is plain Go that the tests
// run natively.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "solver: this is the Web Worker of the browser demo; build it with GOOS=js GOARCH=wasm (make dist) and open the page (make run)")
	os.Exit(2)
}
