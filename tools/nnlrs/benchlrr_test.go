package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// bench -lrr prints a row for each LRR method on the built-in data, at the
// page's LRR λ (1 for the synthetic data); the page's cases whose file is
// absent are skipped with a note.
func TestBenchLRR(t *testing.T) {
	status, stdout, stderr := runCLI(t, "bench", "-lrr", "-cases", "synthetic,yaleb-5x20", "-datasets", filepath.Join(t.TempDir(), "absent"))
	if status != 0 {
		t.Fatalf("status %d, stderr %s", status, stderr)
	}
	var rows [][]string
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(line); len(f) > 5 && f[0] == "synthetic" {
			rows = append(rows, f)
		}
	}
	if len(rows) != 2 || rows[0][4] != "admm" || rows[1][4] != "alm" || rows[0][3] != "1" {
		t.Fatalf("want a row for admm and one for alm at lambda 1:\n%s", stdout)
	}
	if !strings.Contains(stdout, "yaleb-5x20: skipped") {
		t.Errorf("output lacks the note on the absent Yale B file:\n%s", stdout)
	}
}
