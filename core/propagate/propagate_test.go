package propagate

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randomGraph returns a symmetric nonnegative weight matrix on n nodes with
// about the given edge density, positive diagonal (self-loops, as
// Algorithm 2 produces) and two labels per class of three.
func randomGraph(rng *rand.Rand, n int, density float64) (*mat.SymDense, []int, []int) {
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		w.SetSym(i, i, rng.Float64())
		for j := i + 1; j < n; j++ {
			if rng.Float64() < density {
				w.SetSym(i, j, rng.Float64())
			}
		}
	}
	truth := make([]int, n)
	labels := make([]int, n)
	for i := range truth {
		truth[i] = 10 + i%3 // arbitrary class values
		labels[i] = Unlabeled
	}
	for i := 0; i < 6; i++ {
		labels[i] = truth[i]
	}
	return w, labels, truth
}

// GHF's F is harmonic: every reached unlabeled value is the weighted mean
// of its neighbours' values (self-loops excluded), and labeled rows are
// their indicator vectors. The solve is by Cholesky of a well-conditioned
// diagonally dominant matrix, so 1e-10 is generous.
func TestGHFHarmonic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, density := range []float64{0.05, 0.2, 1} {
		w, labels, _ := randomGraph(rng, 40, density)
		r, err := GHF(w, labels)
		if err != nil {
			t.Fatal(err)
		}
		c := len(r.Classes)
		for i, l := range labels {
			if l != Unlabeled {
				for k := 0; k < c; k++ {
					want := 0.0
					if r.Classes[k] == l {
						want = 1
					}
					if r.F.At(i, k) != want {
						t.Fatalf("labeled node %d: F = %v", i, mat.Row(nil, i, r.F))
					}
				}
				if r.Pred[i] != l {
					t.Errorf("labeled node %d predicted %d, labeled %d", i, r.Pred[i], l)
				}
				continue
			}
			if r.Unreached[i] {
				continue
			}
			deg := 0.0
			mean := make([]float64, c)
			for j := 0; j < 40; j++ {
				if j == i {
					continue
				}
				deg += w.At(i, j)
				for k := range mean {
					mean[k] += w.At(i, j) * r.F.At(j, k)
				}
			}
			for k := range mean {
				if got := r.F.At(i, k); math.Abs(got-mean[k]/deg) > 1e-10 {
					t.Errorf("density %v node %d class %d: F = %v, neighbour mean %v", density, i, k, got, mean[k]/deg)
				}
			}
		}
	}
}

// LGC's F solves (I − αS)F = Y with S = D^{-1/2} W D^{-1/2} (zero
// diagonal W), checked by forming the residual directly.
func TestLGCSolvesSystem(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, alpha := range []float64{DefaultAlpha, PaperAlpha, 0.1} {
		w, labels, _ := randomGraph(rng, 30, 0.3)
		r, err := LGC(w, labels, alpha)
		if err != nil {
			t.Fatal(err)
		}
		n, c := 30, len(r.Classes)
		deg := make([]float64, n)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if i != j {
					deg[i] += w.At(i, j)
				}
			}
		}
		for i := 0; i < n; i++ {
			for k := 0; k < c; k++ {
				lhs := r.F.At(i, k)
				for j := 0; j < n; j++ {
					if i != j && deg[i] > 0 && deg[j] > 0 {
						lhs -= alpha * w.At(i, j) / math.Sqrt(deg[i]*deg[j]) * r.F.At(j, k)
					}
				}
				y := 0.0
				if labels[i] == r.Classes[k] {
					y = 1
				}
				// (I − αS) has condition number ≤ (1+α)/(1−α) = 199 at
				// α = 0.99, so the residual of a backward-stable solve is
				// a few hundred ulps at most.
				if math.Abs(lhs-y) > 1e-11 {
					t.Errorf("alpha %v: row %d class %d: ((I-aS)F) = %v, Y = %v", alpha, i, k, lhs, y)
				}
			}
		}
	}
}

// The iterators converge to the closed forms: GHF exactly, LGC up to the
// factor 1 − α. The Jacobi and power iterations contract geometrically; a
// change below 1e-13 per step leaves F within about 1e-9 of the fixed point
// for these well-connected graphs.
func TestIteratorsConverge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	w, labels, _ := randomGraph(rng, 35, 0.3)
	ghf, _ := GHF(w, labels)
	lgc, _ := LGC(w, labels, 0.9)
	for _, tc := range []struct {
		name  string
		new   func() (*Iterator, error)
		want  *Result
		scale float64
	}{
		{"GHF", func() (*Iterator, error) { return NewGHFIterator(w, labels) }, ghf, 1},
		{"LGC", func() (*Iterator, error) { return NewLGCIterator(w, labels, 0.9) }, lgc, 1 - 0.9},
	} {
		it, err := tc.new()
		if err != nil {
			t.Fatal(err)
		}
		for it.Step() > 1e-13 {
			if it.Steps() > 100000 {
				t.Fatalf("%s: no convergence after %d steps", tc.name, it.Steps())
			}
		}
		got := it.Result()
		var diff mat.Dense
		want := mat.DenseCopyOf(tc.want.F)
		want.Scale(tc.scale, want)
		diff.Sub(got.F, want)
		if d := mat.Norm(&diff, math.Inf(1)); d > 1e-9 {
			t.Errorf("%s: after %d steps max |F(t) - F| = %.3g", tc.name, it.Steps(), d)
		}
		for i := range got.Pred {
			if got.Pred[i] != tc.want.Pred[i] {
				t.Errorf("%s: node %d predicted %d by the iterator, %d by the closed form", tc.name, i, got.Pred[i], tc.want.Pred[i])
			}
		}
	}
}

// A hand-made case: path 0 —2— 1 —1— 2 plus an isolated node 3 and an
// unlabeled pair 4 —1— 5 with no label. Node 0 is class 7, node 2 class 9.
// GHF: F_1 = (2·e₇ + 1·e₉)/3 = (2/3, 1/3), so node 1 is class 7; nodes 3,
// 4, 5 are unreached and get no prediction, and count as errors. LGC does
// not clamp labeled nodes (at α = 0.99 node 2's own label is outvoted), so
// for LGC only the unreached nodes are determined by hand.
func TestUnreachedNodes(t *testing.T) {
	w := mat.NewSymDense(6, nil)
	w.SetSym(0, 1, 2)
	w.SetSym(1, 2, 1)
	w.SetSym(4, 5, 1)
	w.SetSym(3, 3, 5) // a self-loop does not connect anything
	labels := []int{7, Unlabeled, 9, Unlabeled, Unlabeled, Unlabeled}
	truth := []int{7, 7, 9, 9, 7, 9}
	for _, name := range []string{"GHF", "LGC"} {
		var r *Result
		var err error
		if name == "GHF" {
			r, err = GHF(w, labels)
		} else {
			r, err = LGC(w, labels, DefaultAlpha)
		}
		if err != nil {
			t.Fatal(err)
		}
		if name == "GHF" && (math.Abs(r.F.At(1, 0)-2.0/3) > 1e-15 || math.Abs(r.F.At(1, 1)-1.0/3) > 1e-15) {
			t.Errorf("GHF: F_1 = %v, want (2/3, 1/3)", mat.Row(nil, 1, r.F))
		}
		wantPred := []int{7, 7, 9, Unlabeled, Unlabeled, Unlabeled}
		wantUnreached := []bool{false, false, false, true, true, true}
		for i := range wantPred {
			if name == "LGC" && !wantUnreached[i] {
				continue
			}
			if r.Pred[i] != wantPred[i] || r.Unreached[i] != wantUnreached[i] {
				t.Errorf("%s node %d: pred %d unreached %v, want %d %v", name, i, r.Pred[i], r.Unreached[i], wantPred[i], wantUnreached[i])
			}
		}
		// 4 unlabeled nodes: 1 right, 3 unreached.
		if e := ErrorRate(r.Pred, truth, labels); name == "GHF" && e != 0.75 {
			t.Errorf("%s: error rate %v, want 0.75", name, e)
		}
	}
}

// Self-loops do not change either method.
func TestSelfLoopsIgnored(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 4))
	w, labels, _ := randomGraph(rng, 25, 0.3)
	w0 := mat.NewSymDense(25, nil)
	w0.CopySym(w)
	for i := 0; i < 25; i++ {
		w0.SetSym(i, i, 0)
	}
	a, _ := LGC(w, labels, 0.5)
	b, _ := LGC(w0, labels, 0.5)
	if !mat.Equal(a.F, b.F) {
		t.Error("LGC depends on the diagonal")
	}
	a, _ = GHF(w, labels)
	b, _ = GHF(w0, labels)
	if !mat.Equal(a.F, b.F) {
		t.Error("GHF depends on the diagonal")
	}
}

func TestBadInput(t *testing.T) {
	w := mat.NewSymDense(3, []float64{0, 1, 0, 1, 0, 1, 0, 1, 0})
	neg := mat.NewSymDense(3, []float64{0, -1, 0, -1, 0, 1, 0, 1, 0})
	nan := mat.NewSymDense(3, []float64{0, math.NaN(), 0, math.NaN(), 0, 1, 0, 1, 0})
	for _, tc := range []struct {
		name   string
		w      mat.Symmetric
		labels []int
		alpha  float64
	}{
		{"length", w, []int{1, Unlabeled}, 0.5},
		{"no labels", w, []int{Unlabeled, Unlabeled, Unlabeled}, 0.5},
		{"negative label", w, []int{-5, Unlabeled, 1}, 0.5},
		{"negative weight", neg, []int{1, Unlabeled, 2}, 0.5},
		{"nan weight", nan, []int{1, Unlabeled, 2}, 0.5},
		{"alpha 1", w, []int{1, Unlabeled, 2}, 1},
		{"alpha 0", w, []int{1, Unlabeled, 2}, 0},
	} {
		_, errL := LGC(tc.w, tc.labels, tc.alpha)
		_, errI := NewLGCIterator(tc.w, tc.labels, tc.alpha)
		if errL == nil || errI == nil {
			t.Errorf("%s: LGC err %v, iterator err %v", tc.name, errL, errI)
		}
		if tc.name != "alpha 1" && tc.name != "alpha 0" {
			if _, err := GHF(tc.w, tc.labels); err == nil {
				t.Errorf("%s: GHF no error", tc.name)
			}
		}
	}
}

// Two unlabeled nodes tied to each other and to the labeled node by a
// weight below rounding make GHF's system singular to working precision
// ([[1 + 1e-17, −1], [−1, 1]] is exactly singular in floating point): the
// error says so through ErrSingular. Bad input gives an *Error whose Reason
// does not name the package.
func TestErrors(t *testing.T) {
	w := mat.NewSymDense(3, []float64{0, 1e-17, 0, 1e-17, 0, 1, 0, 1, 0})
	_, err := GHF(w, []int{0, Unlabeled, Unlabeled})
	if !errors.Is(err, ErrSingular) {
		t.Errorf("isolated unlabeled node: err %v, want ErrSingular", err)
	}
	_, err = LGC(w, []int{0, Unlabeled, Unlabeled}, 1.5)
	e := (*Error)(nil)
	if !errors.As(err, &e) || strings.HasPrefix(e.Reason, "propagate") || errors.Is(err, ErrSingular) {
		t.Errorf("alpha 1.5: err %v, want an *Error with a reason", err)
	}
}
