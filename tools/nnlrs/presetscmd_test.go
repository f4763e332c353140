package main

import (
	"strings"
	"testing"
)

// TestPresetsFlags checks that grids off the page's slider steps and bad
// seeds are refused before any work.
func TestPresetsFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-lambda", "0.3"}, "0.3 is not a step of the page's lambda slider"},
		{[]string{"-theta", "0.04"}, "0.04 is not a step of the page's theta slider"},
		{[]string{"-seeds", "1,x"}, `"x" is not a seed`},
		{[]string{"-folds", "1"}, "-folds must be at least 2"},
	} {
		status, _, stderr := runCLI(t, append([]string{"presets", "-datasets", t.TempDir()}, c.args...)...)
		if status != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: status %d, stderr %q, want 2 and %q", c.args, status, stderr, c.want)
		}
	}
}
