package lowrank

import (
	"context"
	"math"
	"strings"
	"testing"
)

// Progress.Stop is each solver's stopping measure over its threshold: it
// starts above 1, and the solver stops exactly when its rule holds, which
// the last progress report shows as Stop ≤ 1 (for ADMM, whose rule is the
// certified gap, Stop ≥ Gap/ADMM.Gap, so Stop ≤ 1 there too). Gap and
// Bound mean the same for every solver: +Inf and 0, the trivial bound,
// from those that certify nothing.
func TestProgressStop(t *testing.T) {
	t.Parallel()
	x := smallData()
	p := Params{Beta: 0.2, Lambda: 1}
	for _, tc := range []struct {
		name  string
		solve func(progress func(Progress)) (*Result, error)
	}{
		{"ladmap", func(f func(Progress)) (*Result, error) {
			return NNLRS(context.Background(), x, nil, p, &LADMAP{}, f)
		}},
		{"admm", func(f func(Progress)) (*Result, error) {
			return NNLRS(context.Background(), x, nil, p, &ADMM{}, f)
		}},
		{"lrr admm", func(f func(Progress)) (*Result, error) {
			return LRR(context.Background(), x, nil, p.Lambda, &ADMM{}, f)
		}},
		{"lrr alm", func(f func(Progress)) (*Result, error) {
			return LRR(context.Background(), x, nil, p.Lambda, &ALM{}, f)
		}},
	} {
		var first, last Progress
		firstSet := false
		res, err := tc.solve(func(pr Progress) {
			if !firstSet && !math.IsInf(pr.Stop, 1) {
				first, firstSet = pr, true
			}
			last = pr
		})
		if err != nil || res.Status != Converged {
			t.Fatalf("%s: err %v", tc.name, err)
		}
		if !firstSet || !(first.Stop > 1) {
			t.Errorf("%s: first finite Stop %v at iteration %d, want > 1", tc.name, first.Stop, first.Iter)
		}
		if last.Iter != res.Iterations || !(last.Stop <= 1) {
			t.Errorf("%s: last report iteration %d Stop %v, result %d iterations: want Stop <= 1", tc.name, last.Iter, last.Stop, res.Iterations)
		}
		if strings.HasSuffix(tc.name, "admm") && !(last.Stop >= last.Gap/4e-3*(1-1e-12)) {
			t.Errorf("%s: Stop %v below the certified gap over its threshold %v", tc.name, last.Stop, last.Gap/4e-3)
		}
		if !strings.HasSuffix(tc.name, "admm") && (!math.IsInf(last.Gap, 1) || !math.IsInf(res.Gap, 1) || last.Bound != 0) {
			t.Errorf("%s: Gap %v (result %v), Bound %v; want +Inf and 0 from a solver that certifies nothing", tc.name, last.Gap, res.Gap, last.Bound)
		}
	}
}
