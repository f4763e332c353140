package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// WriteMatrix reports a writer's failure; commit then removes every
// temporary file and leaves the files it would replace as they were.
func TestOutputsWriterFails(t *testing.T) {
	m := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	if err := WriteMatrix(&failingWriter{n: 4}, m); !errors.Is(err, errDiskFull) {
		t.Errorf("writeMatrix on a failing writer: %v", err)
	}
	dir := t.TempDir()
	old := filepath.Join(dir, "W.csv")
	os.WriteFile(old, []byte("old\n"), 0o644)
	var outs Outputs
	w, err := outs.Add("-w", old)
	if err != nil {
		t.Fatal(err)
	}
	z, err := outs.Add("-z", filepath.Join(dir, "Z.csv"))
	if err != nil {
		t.Fatal(err)
	}
	w.Set(func(w io.Writer) error { return WriteMatrix(w, m) })
	z.Set(func(w io.Writer) error { return WriteMatrix(&failingWriter{n: 3}, m) })
	err = outs.Commit()
	if err == nil || !strings.Contains(err.Error(), "writing -z "+filepath.Join(dir, "Z.csv")+": no space left on device; no file was replaced") {
		t.Errorf("commit: %v", err)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"W.csv"}) {
		t.Errorf("the folder holds %q, want W.csv alone", got)
	}
	if b, _ := os.ReadFile(old); string(b) != "old\n" {
		t.Errorf("W.csv holds %q, want the old content", b)
	}

	// With makeFolders, a missing folder is made at commit and removed
	// again when the commit fails.
	outs = Outputs{MakeFolders: true}
	f, err := outs.Add("-out", filepath.Join(dir, "a", "b", "x.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"W.csv"}) {
		t.Errorf("add made %q", got)
	}
	f.Set(func(w io.Writer) error { return errDiskFull })
	if err := outs.Commit(); !strings.Contains(err.Error(), "no space left on device") {
		t.Errorf("commit: %v", err)
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"W.csv"}) {
		t.Errorf("a failed commit left %q", got)
	}
	f.Set(func(w io.Writer) error { _, err := io.WriteString(w, "new\n"); return err })
	if err := outs.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a", "b", "x.csv")); string(b) != "new\n" {
		t.Errorf("x.csv holds %q", b)
	}
}

// failingWriter takes n bytes, then fails as a full disk does.
type failingWriter struct{ n int }

var errDiskFull = errors.New("no space left on device")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errDiskFull
	}
	w.n -= len(p)
	return len(p), nil
}

// listDir returns the names in dir, sorted (os.ReadDir's order).
func listDir(t *testing.T, dir string) (names []string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
