package sitedata

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestDraw checks, when the paper's data are at hand, that every subset
// draws its classes in order with PerClass samples each, the same samples
// every time.
func TestDraw(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "..", "shared", "datasets")
	for _, s := range Subsets {
		if _, err := os.Stat(filepath.Join(dir, s.File)); err != nil {
			t.Logf("skipping %s: %v", s.Name, err)
			continue
		}
		a, err := s.Draw(dir)
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.Draw(dir)
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
	if _, err := Subsets[0].Draw(t.TempDir()); err == nil {
		t.Error("no error for a missing file")
	}
}
