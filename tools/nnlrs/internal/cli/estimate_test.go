package cli

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nnlrs/core/method"
)

// The cost model grows with n, is long for all of USPS and short for the
// built-in synthetic data, caps the iterations with -max-iter, and counts
// LADMAP's many iterations.
func TestEstimateGraph(t *testing.T) {
	all := method.Every
	for _, m := range all {
		prev := 0.0
		for _, n := range []int{50, 100, 400, 1600} {
			c := EstimateGraph(m, 256, n, "admm", 0, 0, 0)
			if !(c.Seconds > prev) {
				t.Errorf("%s: %v s at n = %d, %v s below it", m, c.Seconds, n, prev)
			}
			prev = c.Seconds
		}
		if c := EstimateGraph(m, 50, 100, "admm", 0, 0, 0); c.Seconds >= LongCommand {
			t.Errorf("%s on the synthetic data: %v s, announced", m, c.Seconds)
		}
	}
	usps := EstimateGraph(method.NNLRS, 256, 9298, "admm", 0, 0, 0)
	// More than a day, in more iterations than at n = 800 and below the
	// cap of 5000.
	at800 := EstimateGraph(method.NNLRS, 256, 800, "admm", 0, 0, 0)
	if usps.Seconds < 86400 || usps.Iterations <= at800.Iterations || usps.Iterations > 5000 {
		t.Errorf("NNLRS on all of USPS: %d iterations, %v s", usps.Iterations, usps.Seconds)
	}
	if c := EstimateGraph(method.NNLRS, 256, 9298, "admm", 10, 0, 0); c.Iterations != 10 || math.Abs(c.Seconds/10-usps.Seconds/float64(usps.Iterations)) > 1e-12*c.Seconds { // the same cost per iteration, to rounding
		t.Errorf("-max-iter 10: %+v against %+v", c, usps)
	}
	if c := EstimateGraph(method.NNLRS, 256, 800, "ladmap", 0, 0, 0); c.Iterations <= EstimateGraph(method.NNLRS, 256, 800, "admm", 0, 0, 0).Iterations {
		t.Errorf("LADMAP: %d iterations, no more than ADMM", c.Iterations)
	}
}

// Announce prints one line for a long command, nothing for a short one.
func TestAnnounce(t *testing.T) {
	var b bytes.Buffer
	Announce(&b, "nnlrs graph", "nnlrs on 9298 samples", GraphCost{Iterations: 1500, Seconds: 1e6, Bytes: 3 << 30})
	if got := b.String(); strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "nnlrs graph: nnlrs on 9298 samples takes about 12 days of CPU time and 3 GiB of memory here (an estimate: about 1500 iterations of 11 min); Ctrl-C stops it") {
		t.Errorf("announce: %q", got)
	}
	b.Reset()
	Announce(&b, "nnlrs graph", "knn0", GraphCost{Seconds: LongCommand / 2})
	if b.Len() != 0 {
		t.Errorf("announce of a short command: %q", b.String())
	}
}

// The status line redraws in place at most every 200 ms, with the time
// left; clear erases it; off a terminal it draws nothing.
func TestStatusLine(t *testing.T) {
	var b bytes.Buffer
	s := &StatusLine{W: &b, On: true, Start: time.Now().Add(-10 * time.Second)}
	s.Show(10, 40, "iteration %d", 10)
	s.Show(11, 40, "iteration %d", 11) // within 200 ms: not drawn
	if got := b.String(); !strings.HasPrefix(got, "\r\033[Kiteration 10, 10 s elapsed, about 30 s left") || strings.Contains(got, "\n") || strings.Contains(got, "iteration 11") {
		t.Errorf("status line %q", got)
	}
	b.Reset()
	s.Clear()
	if b.String() != "\r\033[K" {
		t.Errorf("clear wrote %q", b.String())
	}
	b.Reset()
	s.Clear()
	if b.Len() != 0 {
		t.Errorf("a second clear wrote %q", b.String())
	}
	off := NewStatusLine(&b)
	off.Show(1, 2, "x")
	off.Clear()
	var none *StatusLine
	none.Show(1, 2, "x")
	none.Clear()
	if b.Len() != 0 {
		t.Errorf("off a terminal the status line wrote %q", b.String())
	}
}

// IsTerminal tells a terminal from other files, character devices
// included.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	file, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	for _, w := range []*os.File{null, file} {
		if IsTerminal(w) {
			t.Errorf("%s taken for a terminal", w.Name())
		}
	}
	if IsTerminal(&bytes.Buffer{}) {
		t.Error("a buffer taken for a terminal")
	}
	// The master side of a pseudo-terminal is one (Linux).
	if pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0); err == nil {
		defer pty.Close()
		if !IsTerminal(pty) {
			t.Error("/dev/ptmx not taken for a terminal")
		}
	}
}
