package main

import (
	"flag"
	"fmt"
)

var ErrHelp = flag.ErrHelp

// UsageError marks errors caused by the user's input: exit status 2.
type UsageError struct{ err error }

func (e UsageError) Error() string { return e.err.Error() }

func (e UsageError) Unwrap() error { return e.err }

func Usagef(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}

// Excerpt cuts s, a piece of the input quoted in a message, to at most
// 40 runes.
func Excerpt(s string) string {
	const limit = 40
	if r := []rune(s); len(r) > limit {
		return string(r[:limit]) + "..."
	}
	return s
}
