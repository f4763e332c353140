package propagate

import (
	"errors"
	"fmt"
)

// ErrSingular is wrapped by the error of a closed form whose linear system
// is singular to working precision (a graph whose weights are too uneven,
// or an unlabeled piece cut off from every label): test for it with
// errors.Is.
var ErrSingular = errors.New("propagate: linear system singular to working precision")

// Error is an error this package reports: input it refuses (labels or
// weights that make no sense, α out of range) or a closed form that
// failed. Reason says what is wrong in one sentence without the package's
// name, so that a program can show it to a person as it is; Error
// prefixes it with "propagate: ".
type Error struct {
	Reason string
	Err    error // the cause, if any
}

func (e *Error) Error() string { return "propagate: " + e.Reason }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error with a formatted reason; a %w verb in format
// records its argument as the cause.
func errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &Error{Reason: err.Error(), Err: errors.Unwrap(err)}
}

// singular returns the *Error of a singular system: reason, and the
// cause (ErrSingular, with the solver's own error if any).
func singular(reason string, cause error) error {
	if cause == nil {
		return &Error{Reason: reason, Err: ErrSingular}
	}
	return &Error{Reason: fmt.Sprintf("%s: %v", reason, cause), Err: errors.Join(ErrSingular, cause)}
}
