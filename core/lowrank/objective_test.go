package lowrank

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestObjective checks problem (6)'s objective on matrices whose norms are
// known in closed form: a diagonal Z (singular values |z_ii|) and an E whose
// columns are Pythagorean pairs.
func TestObjective(t *testing.T) {
	t.Parallel()
	z := mat.NewDense(3, 3, []float64{2, 0, 0, 0, -3, 0, 0, 0, 0.5})
	e := mat.NewDense(2, 3, []float64{3, 0, 5, 4, 0, 12})
	p := Params{Beta: 0.2, Lambda: 10}
	// ||Z||_* = 5.5, ||Z||_1 = 5.5, ||E||_2,1 = 5 + 0 + 13.
	want := 5.5 + 0.2*5.5 + 10*18
	if got := p.Objective(z, e); math.Abs(got-want) > 1e-12*want {
		t.Errorf("Objective = %v, want %v", got, want)
	}
	if n, r := nuclearRank(z); math.Abs(n-5.5) > 1e-12 || r != 3 {
		t.Errorf("nuclearRank = %v, %d, want 5.5, 3", n, r)
	}
}
