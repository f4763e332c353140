package lowrank

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// withImplied runs f with impliedMinSize set so that problems of at
// least size entries per block imply U₂.
func withImplied(size int, f func()) {
	old := impliedMinSize
	impliedMinSize = size
	defer func() { impliedMinSize = old }()
	f()
}

// A solve with U₂ implied by U₁ and U₃ (metric.go) takes the iterates of
// the solve that stores U₂, to rounding: at every iteration its objective
// and change measure agree to 1e-9 and its Z (the returned block) to 1e-9
// of its norm (the rounding of forming U₂, amplified over the iterations
// at most that much here), and it stops at the same iteration with the
// same certificate. NNLRS and LRR, the default penalties (μ₁/μ₂ = 1.5 and 2.5
// at λ = 1), with and without Anderson mixing, on 110 samples of 5
// subspaces and, with QR-reduced data (d > n) and the direct Z-step, on
// 36.
func TestImpliedU2SameIterates(t *testing.T) {
	big, _ := subspaceData()
	small, _ := subspaces(rand.New(rand.NewPCG(9, 9)), 80, 3, []int{12, 12, 12})
	type trace struct {
		obj, change []float64
		z           []*mat.Dense
		res         *Result
	}
	run := func(x *mat.Dense, lrr bool, memory int) trace {
		var tr trace
		progress := func(p Progress) {
			tr.obj = append(tr.obj, p.Objective)
			tr.change = append(tr.change, p.Change)
			tr.z = append(tr.z, mat.DenseCopyOf(p.Z))
		}
		var err error
		m := &ADMM{Memory: memory, MaxIter: 300}
		if lrr {
			tr.res, err = LRR(context.Background(), x, nil, 1, m, progress)
		} else {
			tr.res, err = NNLRS(context.Background(), x, nil, Params{Beta: 0.2, Lambda: 1}, m, progress)
		}
		if err != nil {
			t.Fatal(err)
		}
		return tr
	}
	close := func(a, b, scale float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(scale, 1e-300) }
	for _, tc := range []struct {
		name   string
		x      *mat.Dense
		lrr    bool
		memory int
	}{
		{"nnlrs", big, false, 0}, {"nnlrs plain ADMM", big, false, -1}, {"lrr", big, true, 0}, {"nnlrs QR, direct Z-step", small, false, 0},
	} {
		stored := run(tc.x, tc.lrr, tc.memory)
		var implied trace
		withImplied(1, func() { implied = run(tc.x, tc.lrr, tc.memory) })
		if implied.res.Iterations != stored.res.Iterations || implied.res.Status != stored.res.Status {
			t.Errorf("%s: implied U₂ stopped after %d iterations (%v), stored after %d (%v)", tc.name,
				implied.res.Iterations, implied.res.Status, stored.res.Iterations, stored.res.Status)
			continue
		}
		for i := range stored.obj {
			var d mat.Dense
			d.Sub(implied.z[i], stored.z[i])
			if !close(implied.obj[i], stored.obj[i], math.Abs(stored.obj[i])) || !close(implied.change[i], stored.change[i], stored.change[i]) ||
				mat.Norm(&d, 2) > 1e-9*mat.Norm(stored.z[i], 2) {
				t.Fatalf("%s, iteration %d: objective %.15g, change %.6g with U₂ implied; %.15g, %.6g stored; ||ΔZ|| %.3g",
					tc.name, i+1, implied.obj[i], implied.change[i], stored.obj[i], stored.change[i], mat.Norm(&d, 2))
			}
		}
		// The gap (P − D)/D is a difference: its rounding is that of P and
		// D, 1e-9 of 1 rather than of the gap.
		if !close(implied.res.Objective, stored.res.Objective, stored.res.Objective) || !close(implied.res.Gap, stored.res.Gap, 1) {
			t.Errorf("%s: objective %.15g gap %.6g with U₂ implied, %.15g %.6g stored", tc.name,
				implied.res.Objective, implied.res.Gap, stored.res.Objective, stored.res.Gap)
		}
	}
}

// A warm start carries over between a solve that implies U₂ and one that
// stores it (forming U₂ from U₁ and U₃), and through the encoding of both:
// the warm solve from either takes fewer iterations than a cold one and
// reaches the same certified objective.
func TestImpliedU2Warm(t *testing.T) {
	x, _ := subspaceData()
	p, q := DefaultParams(), Params{Beta: 0.2, Lambda: 12}
	cold, err := NNLRS(context.Background(), x, nil, q, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, from := range []bool{false, true} {
		for _, to := range []bool{false, true} {
			size := func(implied bool) int {
				if implied {
					return 1
				}
				return 1 << 60
			}
			var prev *Result
			withImplied(size(from), func() { prev, err = NNLRS(context.Background(), x, nil, p, nil, nil) })
			if err != nil {
				t.Fatal(err)
			}
			b, _ := prev.Warm.MarshalBinary()
			var w Warm
			if err := w.UnmarshalBinary(b); err != nil {
				t.Fatal(err)
			}
			var warm *Result
			withImplied(size(to), func() { warm, err = NNLRS(context.Background(), x, nil, q, &ADMM{Start: &w}, nil) })
			if err != nil {
				t.Fatal(err)
			}
			if warm.Iterations >= cold.Iterations || math.Abs(warm.Objective-cold.Objective) > admmDefaultGap*cold.Objective {
				t.Errorf("implied %v -> %v: warm %d iterations, objective %.8g; cold %d, %.8g", from, to,
					warm.Iterations, warm.Objective, cold.Iterations, cold.Objective)
			}
		}
	}
}
