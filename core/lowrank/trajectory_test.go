package lowrank

import (
	"context"
	"math/rand/v2"
	"testing"

	"nnlrs/core/dataset"
)

// TestADMMTrajectory follows both sides of ADMM's certificate at every
// check of a cold and a warm solve (the page's default data at λ = 20,
// the warm one from λ = 10): the objective P of the feasible point
// Z = H, E = X − AH and the lower bound D of the dual point. Each must
// bracket the optimum p*, which a solve to gap 1e-5 brackets in turn:
// D_k ≤ P_ref and P_k ≥ D_ref at every check, or the certificate is
// wrong somewhere along the way, not only at the end.
//
// With -v it prints the trajectory as distances to the reference,
// docs/BENCH.md, "The feasible point lags too": the certified gap closes
// from both sides at a similar pace, and a warm start saves only the first
// few checks.
func TestADMMTrajectory(t *testing.T) {
	t.Parallel()
	set, err := dataset.Synthetic(dataset.DefaultSynthetic(), rand.New(rand.NewPCG(1, 0x6e6e6c7273))) // the CLI's -seed 1
	if err != nil {
		t.Fatal(err)
	}
	x := set.X
	from, to := Params{Beta: 0.2, Lambda: 10}, Params{Beta: 0.2, Lambda: 20}
	ref, err := NNLRS(context.Background(), x, nil, to, &ADMM{Gap: 1e-5, MaxIter: 20000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pRef := ref.Objective
	dRef := pRef / (1 + ref.Gap)
	base, err := NNLRS(context.Background(), x, nil, from, &ADMM{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, start := range []*Warm{nil, base.Warm} {
		name := "cold"
		if start != nil {
			name = "warm"
		}
		pr := problem{Params: to}
		s := newADMM(x, x, pr, (&ADMM{}).withDefaults(pr, x.RawMatrix().Cols))
		if start != nil {
			if err := s.start(start); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("%s: iteration, iterate's objective, P and D as %% of p* = %.6g", name, pRef)
		for it := 1; it <= 120; it++ {
			if err := s.step(); err != nil {
				t.Fatal(err)
			}
			// The next iterate first, as run takes it: the check works
			// in the image's blocks.
			ff, _ := s.residuals()
			s.advance(ff)
			if it%5 == 0 {
				f := s.objective()
				pk, dk := s.primalBound(), s.dualBound()
				if dk > pRef*(1+1e-12) || pk < dRef*(1-1e-12) {
					t.Errorf("%s, iteration %d: P = %.10g, D = %.10g do not bracket p* ∈ [%.10g, %.10g]", name, it, pk, dk, dRef, pRef)
				}
				rel := func(v float64) float64 { return 100 * (v - pRef) / pRef }
				t.Logf("%s %4d  f %+7.3f%%  P %+7.3f%%  D %+7.3f%%  gap %.3f%%", name, it, rel(f), rel(pk), rel(dk), 100*(pk-dk)/dk)
			}
		}
	}
}
