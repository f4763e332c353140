// Package democmd is the demo command: every graph built on the built-in
// synthetic data, with a summary of each.
package democmd
