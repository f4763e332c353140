package graph

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Hand-made W on 4 nodes, classes {0,1} and {2,3}: off-diagonal weights
// 3 (0-1, same class), 1 (1-2, across) and 2 (2-3, same), each counted
// twice; diagonal 1+1+0+2 = 4. Within-class: (6+4)/(6+2+4) = 10/12;
// diagonal share 4/(4+12) = 1/4; density: 6 of 12 off-diagonal entries.
func TestWeightMeasures(t *testing.T) {
	w := mat.NewSymDense(4, []float64{
		1, 3, 0, 0,
		3, 1, 1, 0,
		0, 1, 0, 2,
		0, 0, 2, 2,
	})
	labels := []int{5, 5, 9, 9}
	for _, tc := range []struct {
		name      string
		got, want float64
	}{
		{"WithinClass", WithinClass(w, labels), 10.0 / 12},
		{"DiagonalShare", DiagonalShare(w), 0.25},
		{"Density", Density(w), 0.5},
		{"WithinClass of a diagonal W", WithinClass(mat.NewSymDense(2, []float64{1, 0, 0, 1}), []int{1, 2}), 0},
	} {
		if math.Abs(tc.got-tc.want) > 1e-15 {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}
