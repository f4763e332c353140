package lowrank

import (
	"context"
	"testing"
)

// TestWarmCodec encodes a solve's end state, decodes it, and checks that
// a warm start from the decoded state is the same computation as from the
// original (same iterations, same objective to the bit); and that bytes
// that are not a state are refused.
func TestWarmCodec(t *testing.T) {
	x, _ := subspaceData()
	prev, err := NNLRS(context.Background(), x, nil, DefaultParams(), &ADMM{}, nil)
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
	next := Params{Beta: 0.2, Lambda: 12}
	a, errA := NNLRS(context.Background(), x, nil, next, &ADMM{Start: prev.Warm}, nil)
	c, errC := NNLRS(context.Background(), x, nil, next, &ADMM{Start: &w}, nil)
	if errA != nil || errC != nil {
		t.Fatal(errA, errC)
	}
	if a.Iterations != c.Iterations || a.Objective != c.Objective || w.Params() != prev.Warm.Params() {
		t.Errorf("decoded state: %d iterations, objective %v; original %d, %v", c.Iterations, c.Objective, a.Iterations, a.Objective)
	}
	nan := append([]byte(nil), b...)
	for i := len(nan) - 8; i < len(nan); i++ {
		nan[i] = 0xff // a NaN in U₃
	}
	for name, bad := range map[string][]byte{
		"empty": nil, "short": b[:len(b)-8], "long": append(append([]byte(nil), b...), 0),
		"magic": append([]byte("X"), b[1:]...), "nan": nan,
	} {
		var v Warm
		if err := v.UnmarshalBinary(bad); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}
