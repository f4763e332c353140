// Package presets is the presets command: it chooses the page's settings
// for the built-in data sets by cross-validation on their labeled samples
// and writes ui/params/presets.go and docs/PRESETS.md.
package presets
