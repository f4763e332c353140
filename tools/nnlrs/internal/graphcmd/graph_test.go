package graphcmd

import (
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"nnlrs/tools/nnlrs/internal/cli"
)

// FuzzParseFlags: any arguments give the graph's configuration, -h or a
// usage error of one line, and leave the flag set's values unwrapped.
func FuzzParseFlags(f *testing.F) {
	for _, s := range []string{"-in synthetic", "-in synthetic -lambda abc", "-lambda", "-h", "-bogus 1", "--in=x -beta=1e3",
		"-normalize=false -seed 18446744073709551615", "-per-class 1_0", "x y", "-in synthetic -- -x", "-theta=-0 -max-mem .5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		_, err := parseGraphFlags(args, io.Discard)
		switch {
		case err == nil, errors.Is(err, cli.ErrHelp):
		case errors.As(err, new(cli.UsageError)):
			if msg := err.Error(); strings.Contains(msg, "\n") || utf8.RuneCountInString(cli.OneLine(err)) > cli.MaxMessage {
				t.Errorf("%q: message %q", args, msg)
			}
		default:
			t.Errorf("%q: %v is not a usage error", args, err)
		}
	})
}
