package experiment

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }

// dataDir is the shared data folder beside the repository; tests that need
// it skip when it is absent.
var dataDir = filepath.Join("..", "..", "..", "shared", "datasets")

func TestLookup(t *testing.T) {
	for _, name := range []string{"usps", "yaleb", "pie", "synthetic"} {
		p, err := Lookup(name)
		if err != nil || p.Name != name {
			t.Errorf("Lookup(%q) = %+v, %v", name, p, err)
		}
	}
	if _, err := Lookup("mnist"); err == nil {
		t.Error("Lookup(mnist): no error")
	}
}

func TestSyntheticDrawAndSplit(t *testing.T) {
	p, _ := Lookup("synthetic")
	s, err := p.Draw(nil, newRand())
	if err != nil {
		t.Fatal(err)
	}
	if d, n := s.X.Dims(); d != 50 || n != 100 {
		t.Fatalf("draw is %d×%d, want 50×100", d, n)
	}
	train, test, err := p.Split(nil, newRand())
	if err != nil {
		t.Fatal(err)
	}
	if len(train.Labels) != 5*20 || len(test.Labels) != 5*20 {
		t.Errorf("split %d/%d, want 100/100", len(train.Labels), len(test.Labels))
	}
}

// TestRealProtocols draws from the real data sets: the paper's class
// counts, sizes and a split that keeps training and test images apart.
func TestRealProtocols(t *testing.T) {
	if _, err := os.Stat(dataDir); err != nil {
		t.Skip("data folder absent:", err)
	}
	for _, tc := range []struct {
		name     string
		d, n     int
		classes  int
		minTest  int
		maxTrain int
	}{
		{"usps", 256, 800, 4, 4 * 700, 4 * 30},
		{"yaleb", 1024, 750, 15, 15 * 20, 15 * 30},
		{"pie", 1024, 500, 10, 10 * 140, 10 * 30},
	} {
		p, _ := Lookup(tc.name)
		full, err := p.Load(dataDir)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s, err := p.Draw(full, newRand())
		if err != nil {
			t.Fatal(err)
		}
		if d, n := s.X.Dims(); d != tc.d || n != tc.n || len(classesOf(s.Labels)) != tc.classes {
			t.Errorf("%s: draw %d×%d with %d classes", tc.name, d, n, len(classesOf(s.Labels)))
		}
		train, test, err := p.Split(full, newRand())
		if err != nil {
			t.Fatal(err)
		}
		if len(train.Labels) != tc.maxTrain || len(test.Labels) < tc.minTest {
			t.Errorf("%s: %d training and %d test images", tc.name, len(train.Labels), len(test.Labels))
		}
	}
}
