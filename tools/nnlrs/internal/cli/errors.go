package cli

import (
	"flag"
	"fmt"
	"io"
)

// ErrHelp is the error of a command asked for its flags (-h): exit
// status 0.
var ErrHelp = flag.ErrHelp

// UsageError marks errors caused by the user's input: exit status 2, and
// its message on one line, saying what to do.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }

func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError with a formatted message.
func Usagef(format string, args ...any) error {
	return UsageError{Err: fmt.Errorf(format, args...)}
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

// A Command is one command of nnlrs: its name, a line saying what it
// does, and its body, whose error decides the exit status (UsageError: 2,
// ErrHelp: 0, another: 1).
type Command struct {
	Name, Summary string
	Run           func(args []string, stdout, stderr io.Writer) error
}
