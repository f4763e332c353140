package lowrank

import (
	"errors"
	"fmt"
)

// Error is an error a solver of this package reports: input it refuses
// before any work (data that are empty, not finite or of mismatched
// shapes, parameters out of range, settings that make no sense) or an
// iteration that failed. Reason says what is wrong in one sentence without
// the package's name, so that a program can show it to a person as it is;
// Error prefixes it with "lowrank: ".
type Error struct {
	Reason string
	Err    error // the cause, if any
}

func (e *Error) Error() string { return "lowrank: " + e.Reason }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error with a formatted reason; a %w verb in format
// records its argument as the cause.
func errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &Error{Reason: err.Error(), Err: errors.Unwrap(err)}
}
