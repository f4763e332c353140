package cli

import (
	"errors"
	"flag"
	"strings"
	"testing"
	"unicode/utf8"
)

// oneLine keeps a message to MaxMessage runes, keeping its beginning and
// its end.
func TestOneLine(t *testing.T) {
	long := errors.New("file x.csv: " + strings.Repeat("é", 1000) + "\n\tsecond line; remove the row")
	got := OneLine(long)
	if n := utf8.RuneCountInString(got); n != MaxMessage || !strings.HasPrefix(got, "file x.csv: éé") ||
		!strings.HasSuffix(got, "é second line; remove the row") || !strings.Contains(got, " ... ") {
		t.Errorf("oneLine: %d runes, %q", n, got)
	}
	if got := OneLine(errors.New("short\nmessage")); got != "short message" {
		t.Errorf("oneLine(short) = %q", got)
	}
}

// ParseFlags leaves the flags' own values in place: -h prints their
// defaults as the flag package does.
func TestParseFlagsUnwraps(t *testing.T) {
	fs := flag.NewFlagSet("nnlrs test", flag.ContinueOnError)
	x := fs.Float64("x", 0, "a number")
	var usage strings.Builder
	fs.SetOutput(&usage)
	if err := ParseFlags(fs, []string{"-x", "2.5"}); err != nil || *x != 2.5 {
		t.Fatalf("-x 2.5: %v, x = %v", err, *x)
	}
	fs.VisitAll(func(f *flag.Flag) {
		if _, wrapped := f.Value.(*CheckedValue); wrapped {
			t.Errorf("-%s is still wrapped", f.Name)
		}
	})
	if err := ParseFlags(fs, []string{"-h"}); !errors.Is(err, ErrHelp) || !strings.Contains(usage.String(), "-x float") {
		t.Errorf("-h: %v, usage %q", err, usage.String())
	}
}
