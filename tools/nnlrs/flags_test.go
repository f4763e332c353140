package main

import (
	"strings"
	"testing"
)

// A bad flag or value is one line naming it and pointing to -h, exit
// status 2; -h alone prints the usage, exit status 0.
func TestFlagErrors(t *testing.T) {
	long := strings.Repeat("x", 300000)
	for _, tc := range []struct {
		args []string
		want string // the whole message after "nnlrs COMMAND: "
	}{
		{[]string{"graph", "-in", "synthetic", "-lambda", "abc"}, `-lambda: "abc" is not a number; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-lambda", "1_000"}, `-lambda: "1_000" is not a number; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-beta", "0x1p-2"}, `-beta: "0x1p-2" is not a number; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-theta", "NaN"}, `-theta: NaN is not finite; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-lambda", "1e999"}, `-lambda: "1e999" is out of range; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-per-class", "0x10"}, `-per-class: "0x10" is not an integer; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-seed", "-1"}, `-seed: "-1" is not an integer >= 0; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-normalize=maybe"}, `-normalize: "maybe" is not true or false; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-bogus"}, `-bogus is not a flag of nnlrs graph; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-lambda"}, `-lambda needs a value; see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "extra"}, `unexpected argument "extra" (flags come as -name value); see nnlrs graph -h`},
		{[]string{"graph", "-in", "synthetic", "-lambda", long}, `-lambda: "xxxxxxxxxxxxxxxxxxxx..." is not a number; see nnlrs graph -h`},
		{[]string{"propagate", "-alpha", "x"}, `-alpha: "x" is not a number; see nnlrs propagate -h`},
		{[]string{"reproduce", "-trials", "1.5"}, `-trials: "1.5" is not an integer; see nnlrs reproduce -h`},
		{[]string{"demo", "extra"}, `unexpected argument "extra" (flags come as -name value); see nnlrs demo -h`},
		{[]string{"bench", "-procs", "two"}, `-procs: "two" is not an integer; see nnlrs bench -h`},
		{[]string{"presets", "-folds"}, `-folds needs a value; see nnlrs presets -h`},
		{[]string{"iter", "-iters", "x"}, `-iters: "x" is not an integer; see nnlrs iter -h`},
	} {
		status, out, errs := runCLI(t, tc.args...)
		want := "nnlrs " + tc.args[0] + ": " + tc.want + "\n"
		if status != 2 || out != "" || errs != want {
			t.Errorf("%.80q: status %d, stdout %q, stderr %q; want 2 and %q", tc.args, status, out, errs, want)
		}
	}
	for _, cmd := range []string{"graph", "propagate", "reproduce", "bench", "presets", "demo", "iter"} {
		status, _, errs := runCLI(t, cmd, "-h")
		if status != 0 || !strings.HasPrefix(strings.ToLower(errs), "usage") {
			t.Errorf("%s -h: status %d, stderr %q", cmd, status, errs)
		}
		if n := strings.Count(errs, "\n"); n < 5 {
			t.Errorf("%s -h: %d lines of usage: %q", cmd, n, errs)
		}
	}
}
