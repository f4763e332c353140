package experiment

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/propagate"
)

// TestCrossValidate offers a graph joining every sample to the next one of
// another class and a graph joining samples of the same class: the
// cross-validation must pick the second, whichever comes first, and use
// only the labeled samples.
func TestCrossValidate(t *testing.T) {
	const n = 30
	truth := make([]int, n)
	for i := range truth {
		truth[i] = i % 3
	}
	bad := mat.NewSymDense(n, nil)
	good := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		bad.SetSym(i, (i+1)%n, 1)
		for j := i + 1; j < n; j++ {
			if truth[i] == truth[j] {
				good.SetSym(i, j, 1)
			}
		}
	}
	labels := propagate.DrawLabeled(truth, 0.5, newRand())
	folds := Folds(labels, 3, newRand())
	for _, order := range [][]candidate{{{w: bad, lambda: 1}, {w: good, lambda: 2}}, {{w: good, lambda: 2}, {w: bad, lambda: 1}}} {
		best, cvErr, _, err := crossValidate(order, labels, folds, propagation(GHF))
		if err != nil {
			t.Fatal(err)
		}
		if order[best].lambda != 2 || cvErr != 0 {
			t.Errorf("chose λ = %v with CV error %v, want the within-class graph with 0", order[best].lambda, cvErr)
		}
	}
	// Equal error counts: the higher confidence wins. A weaker copy of the
	// good graph plus a few cross-class edges classifies the same but less
	// surely.
	noisy := mat.NewSymDense(n, nil)
	noisy.CopySym(good)
	for i := 0; i < n; i += 5 {
		noisy.SetSym(i, (i+1)%n, 0.2)
	}
	_, e1, _, _ := crossValidate([]candidate{{w: noisy}}, labels, folds, propagation(GHF))
	_, e2, _, _ := crossValidate([]candidate{{w: good}}, labels, folds, propagation(GHF))
	if e1 != e2 {
		t.Fatalf("CV errors %v and %v differ; the case does not test ties", e1, e2)
	}
	best, _, _, err := crossValidate([]candidate{{w: noisy, lambda: 1}, {w: good, lambda: 2}}, labels, folds, propagation(GHF))
	if err != nil {
		t.Fatal(err)
	}
	if best != 1 {
		t.Errorf("tie broken toward the less confident graph")
	}
}

// TestScoreUnreached: a sample no label reaches is an error of the strict
// rate and left out of the rate among the samples reached. Six samples
// asked about: two unreached (predicted Unlabeled
// and both wrong), one of the four reached wrong: strict 3/6, reached
// 1/4.
func TestScoreUnreached(t *testing.T) {
	truth := []int{1, 1, 2, 2, 3, 3, 1}
	u := propagate.Unlabeled
	o := &outcome{pred: []int{1, 2, 2, u, 3, u}, unreached: []bool{false, false, false, true, false, true}}
	s := o.score(truth, []int{0, 1, 2, 3, 4, 5})
	if !s.reach || s.err != 3.0/6 || s.unreached != 2 || s.reached != 1.0/4 {
		t.Errorf("score %+v, want strict 0.5, 2 unreached, 0.25 among the reached", s)
	}
	// SDA scores every test sample and knows nothing of reach.
	o = &outcome{pred: []int{1, 2, 2}}
	if s := o.score([]int{1, 1, 2}, nil); s.reach || s.err != 1.0/3 {
		t.Errorf("SDA score %+v, want 1/3 and no reach", s)
	}
	// Every sample unreached: no rate among the reached.
	o = &outcome{pred: []int{u, u}, unreached: []bool{true, true}}
	if s := o.score(truth, []int{0, 6}); s.err != 1 || s.unreached != 2 || !math.IsNaN(s.reached) {
		t.Errorf("all unreached: %+v", s)
	}
}
