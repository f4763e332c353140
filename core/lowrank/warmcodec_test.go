package lowrank

import (
	"context"
	"testing"
)

// TestWarmCodec encodes the end state of an NNLRS and of an LRR solve,
// decodes it, and checks that a warm start from the decoded state is the
// same computation as from the original (same iterations, same objective
// to the bit); and that bytes that are not a state are refused.
func TestWarmCodec(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	for _, tc := range []struct {
		name  string
		solve func(lambda float64, m *ADMM) (*Result, error)
	}{
		{"nnlrs", func(lambda float64, m *ADMM) (*Result, error) {
			return NNLRS(context.Background(), x, nil, Params{Beta: 0.2, Lambda: lambda}, m, nil)
		}},
		{"lrr", func(lambda float64, m *ADMM) (*Result, error) {
			return LRR(context.Background(), x, nil, lambda, m, nil)
		}},
	} {
		prev, err := tc.solve(10, &ADMM{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := prev.Warm.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var w Warm
		if err := w.UnmarshalBinary(b); err != nil {
			t.Fatal(err)
		}
		a, errA := tc.solve(12, &ADMM{Start: prev.Warm})
		c, errC := tc.solve(12, &ADMM{Start: &w})
		if errA != nil || errC != nil {
			t.Fatal(errA, errC)
		}
		if a.Iterations != c.Iterations || a.Objective != c.Objective || w.Params() != prev.Warm.Params() {
			t.Errorf("%s: decoded state: %d iterations, objective %v; original %d, %v", tc.name, c.Iterations, c.Objective, a.Iterations, a.Objective)
		}
		nan := append([]byte(nil), b...)
		for i := len(nan) - 8; i < len(nan); i++ {
			nan[i] = 0xff // a NaN in the last multiplier
		}
		for name, bad := range map[string][]byte{
			"empty": nil, "short": b[:len(b)-8], "long": append(append([]byte(nil), b...), 0),
			"magic": append([]byte("X"), b[1:]...), "nan": nan,
		} {
			var v Warm
			if err := v.UnmarshalBinary(bad); err == nil {
				t.Errorf("%s, %s: decoded", tc.name, name)
			}
		}
	}
}
