//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd

package main

import "io"

// isTerminal reports false: progress is not drawn in place here.
func isTerminal(io.Writer) bool { return false }
