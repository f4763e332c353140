package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
)

// findSciPy returns a python3 that imports NumPy and SciPy (make deps
// installs both), or skips the test.
func findSciPy(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(p, "-c", "import numpy, scipy.io, scipy.sparse").Run() == nil {
			return p
		}
	}
	t.Skip("no python3 with NumPy and SciPy (Debian: apt-get install -y python3-numpy python3-scipy; make deps does)")
	return ""
}

// runPython runs tools/numpy/outputs.py with args and fails the test
// unless it says ok.
func runPython(t *testing.T, python string, args ...string) {
	t.Helper()
	out, err := exec.Command(python, append([]string{filepath.Join("..", "numpy", "outputs.py")}, args...)...).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "ok: ") {
		t.Fatalf("outputs.py %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("outputs.py %s: %s", args[0], strings.TrimSpace(string(out)))
}

// Every format graph writes reads back in NumPy and SciPy (numpy.load,
// scipy.io.loadmat, scipy.sparse.load_npz) as the very numbers of the CSV
// file; what NumPy and SciPy write (a float32 Fortran-ordered array, a
// savemat file, a save_npz CSR matrix) propagate reads as the same graph.
func TestFormatsReadByNumPyAndSciPy(t *testing.T) {
	python := findSciPy(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	writeSubspaceCSV(t, in)
	for _, ext := range cli.MatrixExts {
		args := []string{"graph", "-in", in, "-lambda", "1", "-theta", "0.1", "-w", filepath.Join(dir, "W"+ext), "-z", filepath.Join(dir, "Z"+ext)}
		if status, _, errs := runCLI(t, args...); status != 0 {
			t.Fatalf("%s: status %d: %s", ext, status, errs)
		}
	}
	runPython(t, python, "formats", dir, "W", "Z")

	labels := filepath.Join(dir, "y.csv")
	os.WriteFile(labels, []byte("1\n-1\n-1\n-1\n-1\n-1\n2\n-1\n-1\n-1\n-1\n-1\n3\n-1\n-1\n-1\n-1\n-1\n"), 0o644)
	predict := func(w string) string {
		t.Helper()
		out := filepath.Join(dir, "pred.csv")
		if status, _, errs := runCLI(t, "propagate", "-w", w, "-labels", labels, "-out", out); status != 0 {
			t.Fatalf("propagate -w %s: status %d: %s", w, status, errs)
		}
		b, _ := os.ReadFile(out)
		return string(b)
	}
	want := predict(filepath.Join(dir, "W.csv"))
	for _, ext := range cli.MatrixExts[1:] {
		if got := predict(filepath.Join(dir, "W"+ext)); got != want {
			t.Errorf("predictions on W%s differ from those on W.csv:\n%s\nwant\n%s", ext, got, want)
		}
	}
	theirs := filepath.Join(dir, "numpy")
	os.Mkdir(theirs, 0o755)
	runPython(t, python, "write", filepath.Join(dir, "W.csv"), theirs)
	for _, ext := range cli.MatrixExts[1:] {
		// float32 rounds the weights: the predictions, not the numbers,
		// must agree.
		if got := predict(filepath.Join(theirs, "W"+ext)); got != want {
			t.Errorf("predictions on NumPy's W%s differ from those on W.csv:\n%s\nwant\n%s", ext, got, want)
		}
	}
}

// An extension that names no format is refused in one line, for the
// Outputs before any work and for the inputs.
func TestFormatsUnknownExtension(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	writeSubspaceCSV(t, in)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"graph", "-in", in, "-w", filepath.Join(dir, "W.txt")}, "-w " + filepath.Join(dir, "W.txt") + ": unknown extension .txt; name the file .csv, .npy, .mat or .npz"},
		{[]string{"graph", "-in", in, "-z", filepath.Join(dir, "Z")}, "has no extension"},
		{[]string{"graph", "-in", filepath.Join(dir, "x.data")}, "-in " + filepath.Join(dir, "x.data") + ": unknown extension .data"},
		{[]string{"propagate", "-w", filepath.Join(dir, "W.json"), "-labels", in, "-out", filepath.Join(dir, "p.csv")}, "unknown extension .json"},
	} {
		status, _, errs := runCLI(t, tc.args...)
		if status != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line with %q", tc.args, status, errs, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d files, want only the input", len(entries))
	}
}

// Data as a .npy array or a .npz sparse matrix, one sample per row, give
// the graph of the same data as a CSV file.
func TestGraphReadsNpyData(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.csv")
	writeSubspaceCSV(t, in)
	set, err := dataset.Load(in)
	if err != nil {
		t.Fatal(err)
	}
	m := mat.DenseCopyOf(set.X.T())
	if err := cli.WriteNpyFile(filepath.Join(dir, "x.npy"), m); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Create(filepath.Join(dir, "x.npz"))
	if err := cli.WriteCSRNpz(f, m); err != nil {
		t.Fatal(err)
	}
	f.Close()
	summary := func(data string) string {
		status, out, errs := runCLI(t, "graph", "-in", data, "-lambda", "1")
		if status != 0 {
			t.Fatalf("%s: status %d: %s", data, status, errs)
		}
		return out[:strings.Index(out, " seconds=")]
	}
	want := summary(in)
	for _, data := range []string{"x.npy", "x.npz"} {
		if got := summary(filepath.Join(dir, data)); got != want {
			t.Errorf("%s: %q, the CSV's %q", data, got, want)
		}
	}
}

// The provenance of a run on a subset, read in Python: the input's
// SHA-256 and path, every flag, the build, and the rows drawn with their
// labels as the input file holds them, also in the -samples file.
func TestProvenanceReadByPython(t *testing.T) {
	python := findSciPy(t)
	dir := t.TempDir()
	plain, in := filepath.Join(dir, "plain.csv"), filepath.Join(dir, "named.csv")
	writeSubspaceCSV(t, plain)
	b, _ := os.ReadFile(plain)
	var named strings.Builder
	named.WriteString("a,b,c,d,label\n")
	for i, row := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		named.WriteString(row + "," + []string{"first", "second", "third"}[(i*7)%3] + "\n")
	}
	os.WriteFile(in, []byte(named.String()), 0o644)
	st, samples := filepath.Join(dir, "s.json"), filepath.Join(dir, "samples.csv")
	status, _, errs := runCLI(t, "graph", "-in", in, "-lambda", "1", "-classes", "third,first", "-per-class", "3", "-seed", "7", "-stats", st, "-samples", samples)
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	runPython(t, python, "provenance", st, in, samples)
	var got struct {
		Provenance struct{ Parameters map[string]any }
	}
	js, _ := os.ReadFile(st)
	if err := json.Unmarshal(js, &got); err != nil {
		t.Fatal(err)
	}
	p := got.Provenance.Parameters
	if p["lambda"] != 1.0 || p["seed"] != 7.0 || p["classes"] != "third,first" || p["per-class"] != 3.0 || p["beta"] != 0.2 || p["method"] != "nnlrs" {
		t.Errorf("parameters %v: not the flags given (lambda 1, seed 7, classes third,first, per-class 3) and defaults (beta 0.2, method nnlrs)", p)
	}
}
