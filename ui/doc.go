// Package ui is the model of the in-browser demo's page: the run in
// progress and its graphs as the workers report them, the propagation
// watched step by step, the node under the mouse, and the words the page
// shows (status, advice on degenerate settings). It is plain Go with no
// ebiten or browser types, so that it tests natively; wasm/app adapts it to
// the page, and package ui/view draws it.
package ui
