package draw

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"nnlrs/core/demo"

	"gonum.org/v1/gonum/mat"
)

// TestSite checks, when the paper's data are at hand, that every built-in data set
// draws its classes in order with PerClass samples each, the same samples
// every time.
func TestSite(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "datasets")
	for _, s := range demo.Builtins {
		if _, err := os.Stat(filepath.Join(dir, s.File)); err != nil {
			t.Logf("skipping %s: %v", s.Name, err)
			continue
		}
		a, err := Site(s, dir)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Site(s, dir)
		if err != nil {
			t.Fatal(err)
		}
		if _, n := a.X.Dims(); n != s.Classes*s.PerClass || !slices.Equal(a.Classes(), s.Labels) || len(s.Labels) != s.Classes {
			t.Errorf("%s: %d samples of classes %v", s.Name, n, a.Classes())
		}
		if !mat.Equal(a.X, b.X) || !slices.Equal(a.Labels, b.Labels) {
			t.Errorf("%s: two draws differ", s.Name)
		}
	}
	if _, err := Site(demo.Builtins[0], t.TempDir()); err == nil {
		t.Error("no error for a missing file")
	}
}
