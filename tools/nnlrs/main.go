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
	"nnlrs/tools/nnlrs/internal/bench"
	"nnlrs/tools/nnlrs/internal/cli"
	"nnlrs/tools/nnlrs/internal/democmd"
	"nnlrs/tools/nnlrs/internal/graphcmd"
	"nnlrs/tools/nnlrs/internal/presets"
	"nnlrs/tools/nnlrs/internal/reproduce"
	"nnlrs/tools/nnlrs/internal/scale"
)

func main() {
	// gonum's matrix products on the packed kernel of core/gemm.
	gemm.Use()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// commands are the commands of nnlrs, a package each (graph and
// propagate share one, as bench and iter do), in the order the help lists
// them.
var commands = []cli.Command{bench.Bench, democmd.Command, graphcmd.Graph, bench.Iter, presets.Command,
	graphcmd.Propagate, reproduce.Command, scale.Command}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: nnlrs COMMAND [flags]   (nnlrs COMMAND -h for its flags; nnlrs -version for the build)")
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.Name, c.Summary)
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
		cli.PrintVersion(stdout)
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
		if c.Name != args[0] {
			continue
		}
		err := c.Run(args[1:], stdout, stderr)
		switch {
		case err == nil:
			return 0
		case errors.Is(err, cli.ErrHelp):
			return 0
		case errors.As(err, new(cli.UsageError)):
			fmt.Fprintf(stderr, "nnlrs %s: %s\n", c.Name, cli.OneLine(err))
			return 2
		default:
			fmt.Fprintf(stderr, "nnlrs %s: %s\n", c.Name, cli.OneLine(err))
			return 1
		}
	}
	fmt.Fprintf(stderr, "nnlrs: unknown command %q (commands: %s)\n", args[0], commandNames())
	return 2
}

func commandNames() string {
	var s []string
	for _, c := range commands {
		s = append(s, c.Name)
	}
	return strings.Join(s, ", ")
}
