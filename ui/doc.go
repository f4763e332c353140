// Package ui is the state of the in-browser demo's page. Page owns it
// whole: what the controls hold against the figure on screen, the edit
// that waits for them to settle, the upload, the sample inspected and the
// text scale; the browser's events reach it as calls, and what it asks of
// the outside (jobs for the workers, controls to rewrite) comes back as
// Out. Its Model is the figure: the run in progress and its graphs as the
// workers report them (each job answered to its owner: the run, a check
// of the advice, a live figure's study), the propagation watched step by
// step, the node under the mouse, and the words the page shows (status,
// advice on degenerate settings). It is plain Go with no ebiten or browser
// types, so that it tests natively; wasm/app adapts it to the page, and
// package ui/view draws it.
package ui
