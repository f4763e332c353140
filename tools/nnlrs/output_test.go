package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// listDir returns the names in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// A command that fails leaves nothing behind: its checks come before the
// solve, so it refuses with status 2 before writing anything, and a
// failure to write (a full disk: /dev/full) leaves none of the other
// outputs, no temporary file, the files it would replace as they were,
// and no success line.
func TestGraphLeavesNothing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   func(dir string) []string
		status int
		want   string
	}{
		{"missing folder", func(dir string) []string {
			return []string{"-w", filepath.Join(dir, "W.csv"), "-z", filepath.Join(dir, "Z.csv"), "-stats", filepath.Join(dir, "none", "s.json")}
		}, 2, "-stats " + "DIR/none/s.json: folder DIR/none does not exist; create it first"},
		{"knn has no Z", func(dir string) []string {
			return []string{"-method", "knn0", "-w", filepath.Join(dir, "W.csv"), "-z", filepath.Join(dir, "Z.csv")}
		}, 2, "method knn0 has no coefficient matrix Z: leave out -z"},
		{"same file twice", func(dir string) []string {
			return []string{"-w", filepath.Join(dir, "W.csv"), "-z", filepath.Join(dir, ".", "W.csv")}
		}, 2, "-w and -z both name"},
		{"a folder", func(dir string) []string {
			return []string{"-w", filepath.Join(dir, "W.csv"), "-z", dir}
		}, 2, "-z DIR is a folder; name a file in it"},
		{"under a file", func(dir string) []string {
			return []string{"-w", filepath.Join(dir, "W.csv"), "-stats", filepath.Join(dir, "old.csv", "s.json")}
		}, 2, "-stats DIR/old.csv/s.json: DIR/old.csv is not a folder"},
		{"full disk", func(dir string) []string {
			return []string{"-w", filepath.Join(dir, "W.csv"), "-z", filepath.Join(dir, "old.csv"), "-stats", "/dev/full"}
		}, 1, "writing -stats /dev/full: no space left on device; no file was replaced"},
	} {
		if strings.Contains(strings.Join(tc.args("DIR"), " "), "/dev/full") {
			if _, err := os.Stat("/dev/full"); err != nil {
				t.Logf("%s: skipped: %v", tc.name, err)
				continue
			}
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "old.csv"), []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"graph", "-in", "synthetic"}, tc.args(dir)...)
		status, out, errs := runCLI(t, args...)
		want := "nnlrs graph: " + strings.ReplaceAll(tc.want, "DIR", dir)
		if status != tc.status || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want %d, no stdout and %q", tc.name, status, out, errs, tc.status, want)
		}
		if got := listDir(t, dir); !slices.Equal(got, []string{"old.csv"}) {
			t.Errorf("%s: the folder holds %q after the failure, want only old.csv", tc.name, got)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "old.csv")); string(b) != "old\n" {
			t.Errorf("%s: old.csv now holds %.40q", tc.name, b)
		}
	}
}
