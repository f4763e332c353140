package embed

import (
	"math"
	"testing"
)

// TestLBFGSRosenbrock minimizes the Rosenbrock function in 6 dimensions
// from the standard start; its minimum 0 lies at (1, ..., 1). L-BFGS with
// backtracking reaches it to 1e-6 in well under 500 iterations.
func TestLBFGSRosenbrock(t *testing.T) {
	fg := func(x, g []float64) float64 {
		f := 0.0
		for i := range g {
			g[i] = 0
		}
		for i := 0; i+1 < len(x); i++ {
			a, b := 1-x[i], x[i+1]-x[i]*x[i]
			f += a*a + 100*b*b
			g[i] += -2*a - 400*x[i]*b
			g[i+1] += 200 * b
		}
		return f
	}
	x0 := []float64{-1.2, 1, -1.2, 1, -1.2, 1}
	x, f := lbfgs(fg, x0, 500, 10, 1e-10)
	if f > 1e-10 {
		t.Errorf("f = %v, want ~0", f)
	}
	for i, v := range x {
		if math.Abs(v-1) > 1e-4 {
			t.Errorf("x[%d] = %v, want 1", i, v)
		}
	}
	if x0[0] != -1.2 {
		t.Error("x0 modified")
	}
}
