package demo

import (
	"strings"
	"testing"
)

func TestCheckSize(t *testing.T) {
	for _, c := range []struct {
		d, n int
		want string // "" for no error
	}{
		{50, 100, ""},
		{1024, MaxSamples, ""},
		{50, MaxSamples + 1, "more than the browser demo handles"},
		{1 << 20, 200, "MiB"},
	} {
		err := CheckSize(c.d, c.n)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("d=%d n=%d: %v", c.d, c.n, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("d=%d n=%d: err = %v, want one saying %q", c.d, c.n, err, c.want)
		}
	}
}
