//go:build !linux && !darwin && !freebsd && !netbsd && !openbsd

package cli

import "io"

// IsTerminal reports false: progress is not drawn in place here.
func IsTerminal(io.Writer) bool { return false }
