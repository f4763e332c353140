package linalg

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestRank(t *testing.T) {
	for _, c := range []struct {
		sv   []float64
		rtol float64
		want int
	}{
		{[]float64{3, 2, 1}, 1e-10, 3},
		{[]float64{3, 2, 1e-12}, 1e-10, 2},
		{[]float64{1, 1e-11, 0}, 1e-12, 2},
		{[]float64{0, 0}, 1e-10, 0},
	} {
		if got := Rank(c.sv, c.rtol); got != c.want {
			t.Errorf("Rank(%v, %g) = %d, want %d", c.sv, c.rtol, got, c.want)
		}
	}
}

// TestInner checks ⟨A, B⟩ = tr(AᵀB).
func TestInner(t *testing.T) {
	a := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	b := mat.NewDense(2, 3, []float64{-1, 0, 2, 0.5, 1, -2})
	var ab mat.Dense
	ab.Mul(a.T(), b)
	if got, want := Inner(a, b), mat.Trace(&ab); got != want {
		t.Errorf("Inner = %v, tr(AᵀB) = %v", got, want)
	}
}
