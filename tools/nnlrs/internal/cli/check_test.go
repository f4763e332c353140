package cli

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/graph"
	"nnlrs/core/method"
)

// Below zeroLambda, Z = 0 is optimal: no solver finds an objective below
// that of Z = 0, E = X (NNLRS: of the normalized samples), λ Σ ||x_j||₂;
// well below it the solvers' Z is 0. At the paper's λ = 10 it is not.
func TestZeroLambda(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	x := mat.NewDense(6, 20, nil)
	for i := range 6 {
		for j := range 20 {
			x.Set(i, j, rng.NormFloat64())
		}
	}
	for _, m := range []method.Name{method.NNLRS, method.LRR} {
		bound := ZeroLambda(m, x)
		if !(bound > 0) || math.IsInf(bound, 0) {
			t.Fatalf("%s: bound %v", m, bound)
		}
		norms := 0.0 // Σ ||x_j||₂ of the samples the solver is given
		for j := range 20 {
			norms += mat.Norm(x.ColView(j), 2)
		}
		if m == method.NNLRS {
			norms = 20
		}
		solve := func(lambda float64) (objective, share float64) {
			o := graph.DefaultOptions()
			o.NNLRS.Lambda, o.LRR.Lambda = lambda, lambda
			g, err := graph.Build(context.Background(), m, x, o)
			if err != nil {
				t.Fatalf("%s at lambda %v: %v", m, lambda, err)
			}
			var xz mat.Dense
			xz.Mul(x, g.Z)
			return g.Info.Objective, mat.Norm(&xz, 2) / mat.Norm(x, 2)
		}
		for _, f := range []float64{0.5, 0.99} {
			// The objectives are of feasible points (NNLRS) or feasible to
			// the ALM's 1e-8 (LRR): none may lie below the optimum by more
			// than rounding.
			obj, share := solve(f * bound)
			if zero := f * bound * norms; obj < zero*(1-1e-6) {
				t.Errorf("%s at %v times the bound: objective %v below that of Z = 0, %v", m, f, obj, zero)
			}
			// ADMM's certified gap (0.4%) and the ALM's tolerance leave
			// a Z of size about their accuracy.
			if f == 0.5 && share > 1e-3 {
				t.Errorf("%s at half the bound %.4g: XZ holds %.3g of X, want 0", m, bound, share)
			}
		}
		if _, share := solve(10); share < 0.5 {
			t.Errorf("%s at lambda 10: XZ holds %.3g of X, want most of it", m, share)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	for _, tc := range []struct {
		b    float64
		want string
	}{
		{0.5, "1 byte"}, {1, "1 byte"}, {1.07, "2 bytes"}, {1023, "1023 bytes"}, {1024, "1 KiB"}, {16800, "16.4 KiB"},
		{1 << 20, "1 MiB"}, {1.2e6, "1.14 MiB"}, {8 << 30, "8 GiB"}, {1 << 40, "1.02e+03 GiB"},
	} {
		if got := FormatBytes(tc.b); got != tc.want {
			t.Errorf("formatBytes(%v) = %q, want %q", tc.b, got, tc.want)
		}
	}
	for n, want := range map[int]string{0: "0 samples", 1: "1 sample", 2: "2 samples"} {
		if got := Count(n, "sample"); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Count(3, "class"); got != "3 classes" {
		t.Errorf("count(3, class) = %q", got)
	}
}
