package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Two triangles joined by one weak edge, node 6 isolated: labels on nodes 0
// and 3 spread over their triangles; node 6 gets no prediction (-1).
const (
	twoTriangles = `0,1,1,0,0,0,0
1,0,1,0,0,0,0
1,1,0,0.01,0,0,0
0,0,0.01,0,1,1,0
0,0,0,1,0,1,0
0,0,0,1,1,0,0
0,0,0,0,0,0,0
`
	twoLabels = "4\n-1\n-1\n9\n-1\n-1\n-1\n"
)

func TestPropagate(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(dir, "w.csv")
	y := filepath.Join(dir, "y.csv")
	os.WriteFile(w, []byte(twoTriangles), 0o644)
	os.WriteFile(y, []byte(twoLabels), 0o644)
	for _, args := range [][]string{
		{"-method", "ghf"},
		{"-method", "lgc"},
		{"-method", "lgc", "-alpha", "0.5025"},
	} {
		out := filepath.Join(dir, "pred.csv")
		status, stdout, stderr := runCLI(t, append([]string{"propagate", "-w", w, "-labels", y, "-out", out}, args...)...)
		if status != 0 {
			t.Fatalf("%v: status %d: %s", args, status, stderr)
		}
		if !strings.Contains(stdout, "n=7 labeled=2 classes=2 unreached=1") {
			t.Errorf("%v: summary %q", args, stdout)
		}
		b, _ := os.ReadFile(out)
		if got, want := string(b), "4\n4\n4\n9\n9\n9\n-1\n"; got != want {
			t.Errorf("%v: predictions %q, want %q", args, got, want)
		}
	}
}

// -truth scores the predictions 4,4,4,9,9,9,-1 of TestPropagate: of the
// unlabeled nodes 1, 2, 4, 5 and 6, node 2 (truth 9) and node 6 (truth 4,
// unreached, no prediction) are wrong, 2 of 5.
func TestPropagateTruth(t *testing.T) {
	dir := t.TempDir()
	w, y, truth := filepath.Join(dir, "w.csv"), filepath.Join(dir, "y.csv"), filepath.Join(dir, "t.csv")
	os.WriteFile(w, []byte(twoTriangles), 0o644)
	os.WriteFile(y, []byte(twoLabels), 0o644)
	os.WriteFile(truth, []byte("4\n4\n9\n9\n9\n9\n4\n"), 0o644)
	status, stdout, stderr := runCLI(t, "propagate", "-w", w, "-labels", y, "-truth", truth, "-out", filepath.Join(dir, "p.csv"))
	if status != 0 || !strings.Contains(stdout, "error=40.00% (of 5 unlabeled)") {
		t.Errorf("status %d, stdout %q, stderr %q; want error=40.00%% (of 5 unlabeled)", status, stdout, stderr)
	}
}

// Class names as labels: the predictions are written as the names, and
// -truth may name them too (a class only the truth names counts as an
// error wherever it is true).
func TestPropagateClassNames(t *testing.T) {
	dir := t.TempDir()
	w, y, truth, out := filepath.Join(dir, "w.csv"), filepath.Join(dir, "y.csv"), filepath.Join(dir, "t.csv"), filepath.Join(dir, "p.csv")
	os.WriteFile(w, []byte(twoTriangles), 0o644)
	os.WriteFile(y, []byte("four\n-1\n-1\nnine 9\n-1\n-1\n-1\n"), 0o644)
	os.WriteFile(truth, []byte("four\nfour\nfour\nnine 9\nfour\nnine 9\nemu\n"), 0o644)
	status, stdout, stderr := runCLI(t, "propagate", "-w", w, "-labels", y, "-truth", truth, "-out", out)
	if status != 0 || !strings.Contains(stdout, "classes=2 unreached=1 error=40.00%") {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	b, _ := os.ReadFile(out)
	if got, want := string(b), "four\nfour\nfour\nnine 9\nnine 9\nnine 9\n-1\n"; got != want {
		t.Errorf("predictions %q, want %q", got, want)
	}
}

// LGC does not clamp the labeled nodes, and -h says so: on a star whose
// centre is labeled A and whose three leaves B, LGC (alpha 0.99) gives
// the centre B, F(0) = (I - alpha S)^-1 Y = (50.25, 86.17) (NumPy), while
// GHF keeps A.
func TestPropagateLGCRelabels(t *testing.T) {
	dir := t.TempDir()
	w, y, out := filepath.Join(dir, "w.csv"), filepath.Join(dir, "y.csv"), filepath.Join(dir, "p.csv")
	os.WriteFile(w, []byte("0,1,1,1\n1,0,0,0\n1,0,0,0\n1,0,0,0\n"), 0o644)
	os.WriteFile(y, []byte("A\nB\nB\nB\n"), 0o644)
	for method, want := range map[string]string{"lgc": "B\nB\nB\nB\n", "ghf": "A\nB\nB\nB\n"} {
		if status, _, stderr := runCLI(t, "propagate", "-w", w, "-labels", y, "-method", method, "-out", out); status != 0 {
			t.Fatalf("%s: status %d: %s", method, status, stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != want {
			t.Errorf("%s: predictions %q, want %q", method, b, want)
		}
	}
	status, _, help := runCLI(t, "propagate", "-h")
	if status != 0 || !strings.Contains(help, "does not clamp the labeled nodes") {
		t.Errorf("propagate -h (status %d) does not say that LGC does not clamp the labeled nodes:\n%s", status, help)
	}
}

// Bad input: exit status 2 and one line on stderr.
func TestPropagateBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(content), 0o644)
		return p
	}
	w := file("w.csv", twoTriangles)
	y := file("y.csv", twoLabels)
	out := filepath.Join(dir, "pred.csv")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no -w", []string{"-labels", y, "-out", out}, "-w"},
		{"no -labels", []string{"-w", w, "-out", out}, "-labels"},
		{"no -out", []string{"-w", w, "-labels", y}, "-out"},
		{"bad method", []string{"-w", w, "-labels", y, "-out", out, "-method", "svm"}, "svm"},
		{"bad alpha", []string{"-w", w, "-labels", y, "-out", out, "-method", "lgc", "-alpha", "1"}, "-alpha"},
		{"missing W", []string{"-w", filepath.Join(dir, "nope.csv"), "-labels", y, "-out", out}, "nope.csv"},
		{"not square", []string{"-w", file("rect.csv", "0,1,2\n1,0,3\n"), "-labels", y, "-out", out}, "square"},
		{"too many rows", []string{"-w", file("tall.csv", "0,1\n1,0\n2,2\n"), "-labels", y, "-out", out}, "square"},
		{"ragged", []string{"-w", file("ragged.csv", "0,1\n1\n"), "-labels", y, "-out", out}, "line 2"},
		{"asymmetric", []string{"-w", file("asym.csv", "0,1\n2,0\n"), "-labels", file("y2.csv", "1\n-1\n"), "-out", out}, "symmetric"},
		{"negative weight", []string{"-w", file("neg.csv", "0,-1\n-1,0\n"), "-labels", y, "-out", out}, "nonnegative"},
		{"not a number", []string{"-w", file("abc.csv", "0,x\nx,0\n"), "-labels", y, "-out", out}, "not a number"},
		{"empty W", []string{"-w", file("empty.csv", ""), "-labels", y, "-out", out}, "empty"},
		{"labels too short", []string{"-w", w, "-labels", file("short.csv", "1\n-1\n"), "-out", out}, "2 labels, W has 7"},
		{"label not int", []string{"-w", w, "-labels", file("float.csv", "1.5\n"), "-out", out}, "line 1"},
		{"truth too short", []string{"-w", w, "-labels", y, "-truth", file("t.csv", "1\n"), "-out", out}, "1 labels, W has 7"},
		{"truth unlabeled", []string{"-w", w, "-labels", y, "-truth", file("t1.csv", "4\n4\n\n4\n9\n-1\n9\n9\n"), "-out", out}, "line 6 is -1"},
		{"label negative", []string{"-w", w, "-labels", file("neglab.csv", "-2\n"), "-out", out}, "negative"},
		{"no labeled", []string{"-w", w, "-labels", file("none.csv", strings.Repeat("-1\n", 7)), "-out", out}, "labels no node"},
		{"extra argument", []string{"-w", w, "-labels", y, "-out", out, "x"}, "unexpected"},
		{"out in a missing folder", []string{"-w", w, "-labels", y, "-out", filepath.Join(dir, "none", "p.csv")}, "folder " + filepath.Join(dir, "none") + " does not exist"},
		{"long field", []string{"-w", file("long.csv", strings.Repeat("x", 300000)+",1\n1,0\n"), "-labels", y, "-out", out}, `line 1, entry 1: "xxxxxxxxxxxxxxxxxxxx..." is not a number`},
		{"long line", []string{"-w", file("wide.csv", "0,1\n"+strings.Repeat("1,", 600000)+"0\n"), "-labels", y, "-out", out}, "line 2 is longer than 1 MiB"},
		{"long label line", []string{"-w", w, "-labels", file("longy.csv", "1\n"+strings.Repeat("2", 2<<20)+"\n"), "-out", out}, "line 2 is longer than 1 MiB"},
		{"hexadecimal weight", []string{"-w", file("hex.csv", "0,0x1p-2\n0x1p-2,0\n"), "-labels", y, "-out", out}, `"0x1p-2" is not a number`},
	} {
		status, _, errs := runCLI(t, append([]string{"propagate"}, tc.args...)...)
		if status != 2 {
			t.Errorf("%s: status %d, want 2 (stderr %q)", tc.name, status, errs)
			continue
		}
		if lines := strings.Split(strings.TrimRight(errs, "\n"), "\n"); len(lines) != 1 || len(errs) > 300 {
			t.Errorf("%s: %d lines, %d bytes on stderr: %.300q", tc.name, len(lines), len(errs), errs)
		}
		if !strings.Contains(errs, tc.want) {
			t.Errorf("%s: stderr %q does not mention %q", tc.name, errs, tc.want)
		}
	}
}

// A failure to write the predictions (a full disk) is status 1, after
// the reading and the propagation, and leaves no file and no success line.
func TestPropagateFullDisk(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	w, y := filepath.Join(dir, "w.csv"), filepath.Join(dir, "y.csv")
	os.WriteFile(w, []byte(twoTriangles), 0o644)
	os.WriteFile(y, []byte(twoLabels), 0o644)
	status, out, errs := runCLI(t, "propagate", "-w", w, "-labels", y, "-out", "/dev/full")
	if want := "nnlrs propagate: writing -out /dev/full: no space left on device; no file was replaced\n"; status != 1 || out != "" || errs != want {
		t.Errorf("status %d, stdout %q, stderr %q; want 1, nothing and %q", status, out, errs, want)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"w.csv", "y.csv"}) {
		t.Errorf("the folder holds %q", got)
	}
}
