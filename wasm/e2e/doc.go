// Package e2e tests the in-browser demo in headless Chromium, driven by
// chromedp: the site (tools/site) is served on the loopback interface, one
// browser is started for all the tests, and each test opens its own tab.
//
// The tests use the site in $NNLRS_DIST when set (make test builds it
// first), and otherwise build one into a temporary folder. Without a
// Chromium on the PATH they skip, loudly.
//
// The page reports its state on window.nnlrs (wasm/app/main_js.go): frames
// drawn, first frame time, run state, propagation step, the panels'
// rectangles, a digest of what a run computed. The tests read it, click the
// HTML controls, and check screenshots' pixels within the panels.
//
// NNLRS_SCREENSHOT=path writes the screenshot of the default run there
// (make screenshot: docs/screenshot.png); NNLRS_MEASURE=1 logs the speed
// measurements (make measure).
package e2e
