package lowrank

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestLentBlocksDead solves with every lent block filled with NaN where it
// is dead (poisonLent): a read of what a block held before it was lent,
// or of what the borrower left in it, would spread NaN into the iterates.
// Each solve must give the bits of the solve without poisoning, on every
// path that lends: the Woodbury Z-step (d < 2n/3) and the triangular one
// (d > n, QR), NNLRS and LRR, with Anderson mixing and without, U₂ stored
// and implied, AᵀA kept and formed in Y₂'s block, to convergence (the
// certificate's checks, the refined dual point) and to the iteration cap.
func TestLentBlocksDead(t *testing.T) {
	wide, _ := subspaces(rand.New(rand.NewPCG(11, 1)), 30, 4, []int{15, 15, 15, 15})  // d = 30 < 2n/3: Woodbury
	tall, _ := subspaces(rand.New(rand.NewPCG(12, 1)), 120, 4, []int{20, 20, 20, 20}) // d > n: QR, triangular
	type config struct {
		name    string
		x       *mat.Dense
		lrr     bool
		memory  int
		implied bool
		lent    bool
		maxIter int
	}
	var cases []config
	for _, x := range []struct {
		name string
		x    *mat.Dense
	}{{"woodbury", wide}, {"triangular", tall}} {
		for _, lrr := range []bool{false, true} {
			for _, memory := range []int{0, -1} {
				for _, implied := range []bool{false, true} {
					cases = append(cases, config{x.name, x.x, lrr, memory, implied, implied, 0})
				}
			}
			cases = append(cases, config{x.name + ", capped", x.x, lrr, 0, false, false, 7})
		}
	}
	solve := func(c config) *Result {
		t.Helper()
		set := &ADMM{Memory: c.memory, MaxIter: c.maxIter}
		var res *Result
		var err error
		run := func() {
			if c.lrr {
				res, err = LRR(context.Background(), c.x, nil, 0.5, set, nil)
			} else {
				res, err = NNLRS(context.Background(), c.x, nil, Params{Beta: 0.2, Lambda: 1}, set, nil)
			}
		}
		implied, lent := impliedMinSize, lentGramMinSize
		defer func() { impliedMinSize, lentGramMinSize = implied, lent }()
		if c.implied {
			impliedMinSize = 1
		}
		if c.lent {
			lentGramMinSize = 1
		}
		run()
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		return res
	}
	for _, c := range cases {
		plain := solve(c)
		poisonLent = true
		poisoned := solve(c)
		poisonLent = false
		if poisoned.Iterations != plain.Iterations || poisoned.Status != plain.Status || poisoned.Gap != plain.Gap ||
			!slices.Equal(poisoned.Z.RawMatrix().Data, plain.Z.RawMatrix().Data) ||
			!slices.Equal(poisoned.E.RawMatrix().Data, plain.E.RawMatrix().Data) {
			t.Errorf("%s, lrr %v, memory %d, implied %v: poisoned %d iterations (%v, gap %v), plain %d (%v, gap %v), or Z or E differ",
				c.name, c.lrr, c.memory, c.implied, poisoned.Iterations, poisoned.Status, poisoned.Gap, plain.Iterations, plain.Status, plain.Gap)
		}
	}
}
