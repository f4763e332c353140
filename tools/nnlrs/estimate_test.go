package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"nnlrs/core/cost"
	"nnlrs/core/method"
	"nnlrs/tools/nnlrs/internal/cli"
)

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
