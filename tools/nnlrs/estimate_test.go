package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nnlrs/core/cost"
	"nnlrs/core/method"
	"nnlrs/tools/nnlrs/internal/cli"
)

// The cost model grows with n, is long for all of USPS and short for the
// built-in synthetic data, caps the iterations with -max-iter, and counts
// LADMAP's many iterations.
func TestEstimateGraph(t *testing.T) {
	all := method.Every
	for _, m := range all {
		prev := 0.0
		for _, n := range []int{50, 100, 400, 1600} {
			c := cli.EstimateGraph(m, 256, n, "admm", 0, 0, 0)
			if !(c.Seconds > prev) {
				t.Errorf("%s: %v s at n = %d, %v s below it", m, c.Seconds, n, prev)
			}
			prev = c.Seconds
		}
		if c := cli.EstimateGraph(m, 50, 100, "admm", 0, 0, 0); c.Seconds >= cli.LongCommand {
			t.Errorf("%s on the synthetic data: %v s, announced", m, c.Seconds)
		}
	}
	usps := cli.EstimateGraph(method.NNLRS, 256, 9298, "admm", 0, 0, 0)
	// More than a day, in more iterations than at n = 800 and below the
	// cap of 5000.
	at800 := cli.EstimateGraph(method.NNLRS, 256, 800, "admm", 0, 0, 0)
	if usps.Seconds < 86400 || usps.Iterations <= at800.Iterations || usps.Iterations > 5000 {
		t.Errorf("NNLRS on all of USPS: %d iterations, %v s", usps.Iterations, usps.Seconds)
	}
	if c := cli.EstimateGraph(method.NNLRS, 256, 9298, "admm", 10, 0, 0); c.Iterations != 10 || math.Abs(c.Seconds/10-usps.Seconds/float64(usps.Iterations)) > 1e-12*c.Seconds { // the same cost per iteration, to rounding
		t.Errorf("-max-iter 10: %+v against %+v", c, usps)
	}
	if c := cli.EstimateGraph(method.NNLRS, 256, 800, "ladmap", 0, 0, 0); c.Iterations <= cli.EstimateGraph(method.NNLRS, 256, 800, "admm", 0, 0, 0).Iterations {
		t.Errorf("LADMAP: %d iterations, no more than ADMM", c.Iterations)
	}
}

// Announce prints one line for a long command, nothing for a short one.
func TestAnnounce(t *testing.T) {
	var b bytes.Buffer
	cli.Announce(&b, "nnlrs graph", "nnlrs on 9298 samples", cli.GraphCost{Iterations: 1500, Seconds: 1e6, Bytes: 3 << 30})
	if got := b.String(); strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "nnlrs graph: nnlrs on 9298 samples takes about 12 days of CPU time and 3 GiB of memory here (an estimate: about 1500 iterations of 11 min); Ctrl-C stops it") {
		t.Errorf("announce: %q", got)
	}
	b.Reset()
	cli.Announce(&b, "nnlrs graph", "knn0", cli.GraphCost{Seconds: cli.LongCommand / 2})
	if b.Len() != 0 {
		t.Errorf("announce of a short command: %q", b.String())
	}
}

// The status line redraws in place at most every 200 ms, with the time
// left; clear erases it; off a terminal it draws nothing.
func TestStatusLine(t *testing.T) {
	var b bytes.Buffer
	s := &cli.StatusLine{W: &b, On: true, Start: time.Now().Add(-10 * time.Second)}
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
	off := cli.NewStatusLine(&b)
	off.Show(1, 2, "x")
	off.Clear()
	var none *cli.StatusLine
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
		if cli.IsTerminal(w) {
			t.Errorf("%s taken for a terminal", w.Name())
		}
	}
	if cli.IsTerminal(&bytes.Buffer{}) {
		t.Error("a buffer taken for a terminal")
	}
	// The master side of a pseudo-terminal is one (Linux).
	if pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0); err == nil {
		defer pty.Close()
		if !cli.IsTerminal(pty) {
			t.Error("/dev/ptmx not taken for a terminal")
		}
	}
}

// With stderr a file, as in a log, graph writes neither an estimate (the
// synthetic data are quick) nor a progress line.
func TestGraphQuietInLogs(t *testing.T) {
	log, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	var out bytes.Buffer
	if status := run([]string{"graph", "-in", "synthetic", "-method", "l1"}, &out, log); status != 0 {
		t.Fatalf("status %d", status)
	}
	if b, _ := os.ReadFile(log.Name()); len(b) != 0 {
		t.Errorf("stderr %q, want nothing", b)
	}
}

// graph estimates with its -lambda (more iterations at a larger λ) and
// records what it estimated in stats.json, the memory being what it caps
// its heap at.
func TestGraphEstimateLambda(t *testing.T) {
	if a, b := cli.EstimateBuild(method.NNLRS, 256, 1000, cost.Options{Lambda: 0.3}), cli.EstimateBuild(method.NNLRS, 256, 1000, cost.Options{Lambda: 10}); !(a.Iterations < b.Iterations/3) {
		t.Errorf("λ 0.3: %d iterations, λ 10: %d", a.Iterations, b.Iterations)
	}
	st := filepath.Join(t.TempDir(), "s.json")
	if status, _, errs := runCLI(t, "graph", "-in", "synthetic", "-lambda", "1", "-stats", st); status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	var s struct {
		Estimate struct {
			Iterations int
			CPUSeconds float64 `json:"cpu_seconds"`
			Bytes      int64
		}
	}
	b, _ := os.ReadFile(st)
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	want := cli.EstimateBuild(method.NNLRS, 50, 100, cost.Options{Lambda: 1})
	if s.Estimate.Iterations != want.Iterations || s.Estimate.CPUSeconds != want.Seconds || s.Estimate.Bytes != cli.MemoryEstimate(method.NNLRS, 50, 100) {
		t.Errorf("stats' estimate %+v, want %+v and %d bytes", s.Estimate, want, cli.MemoryEstimate(method.NNLRS, 50, 100))
	}
}
