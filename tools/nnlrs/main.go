// Command nnlrs builds the graphs of the NNLRS paper (Zhuang et al.,
// "Constructing a Non-Negative Low Rank and Sparse Graph with Data-Adaptive
// Features") from the command line.
//
//	nnlrs graph -method nnlrs -in USPS.mat -classes 1,2,3,4 -per-class 50
//	nnlrs demo
//
// Input refused (bad flags, data no graph can be built from, outputs that
// cannot be written) exits with status 2 and one line on stderr saying
// what to do, before any work; an internal fault, or the system failing
// to take the outputs, exits with status 1. A command's outputs are
// written together at its end (outputs), and none is left by a failure.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"nnlrs/core/gemm"
)

func main() {
	// gonum's matrix products on the packed kernel of core/gemm.
	gemm.Use()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// command is one subcommand. Each lives in its own file and registers
// itself from an init function, so commands are added without touching
// this file.
type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) error
}

var commands []command

func register(c command) { commands = append(commands, c) }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: nnlrs COMMAND [flags]   (nnlrs COMMAND -h for its flags; nnlrs -version for the build)")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
}

// run executes one command and returns the process exit status. It never
// lets a panic escape as a trace: an internal error is one line too.
func run(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "nnlrs: internal error: %v\n", r)
			status = 1
		}
	}()
	if len(args) > 0 && (args[0] == "-version" || args[0] == "--version" || args[0] == "version") {
		PrintVersion(stdout)
		return 0
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		err := c.run(args[1:], stdout, stderr)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, ErrHelp):
			return 0
		case errors.As(err, new(UsageError)):
			fmt.Fprintf(stderr, "nnlrs %s: %s\n", c.name, oneLine(err))
			return 2
		default:
			fmt.Fprintf(stderr, "nnlrs %s: %s\n", c.name, oneLine(err))
			return 1
		}
	}
	fmt.Fprintf(stderr, "nnlrs: unknown command %q (commands: %s)\n", args[0], commandNames())
	return 2
}

func commandNames() string {
	var s []string
	for _, c := range commands {
		s = append(s, c.name)
	}
	return strings.Join(s, ", ")
}

// maxMessage is the longest message run prints after the command's name,
// in runes.
const maxMessage = 200

// oneLine keeps an error message to a single line of at most maxMessage
// runes; a longer one loses its middle, so that it keeps what it is about
// and, at its end, what to do.
func oneLine(err error) string {
	r := []rune(strings.Join(strings.Fields(err.Error()), " "))
	if len(r) <= maxMessage {
		return string(r)
	}
	const mark = " ... "
	head := (maxMessage - len(mark)) * 2 / 3
	tail := maxMessage - len(mark) - head
	return string(r[:head]) + mark + string(r[len(r)-tail:])
}
