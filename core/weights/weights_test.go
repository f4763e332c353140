package weights

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Hand-made W on 4 nodes, classes {0,1} and {2,3}: off-diagonal weights
// 3 (0-1, same class), 1 (1-2, across) and 2 (2-3, same), each counted
// twice; diagonal 1+1+0+2 = 4. Within-class: (6+4)/(6+2+4) = 10/12;
// diagonal share 4/(4+12) = 1/4; density: 6 of 12 off-diagonal entries.
func TestMeasures(t *testing.T) {
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
		{"Components", float64(Components(w)), 1},
	} {
		if math.Abs(tc.got-tc.want) > 1e-15 {
			t.Errorf("%s = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// Nodes 0-1 joined, node 2 with only a self-loop, node 3 with nothing:
// three components (self-loops join nothing).
func TestComponents(t *testing.T) {
	w := mat.NewSymDense(4, []float64{
		1, 1, 0, 0,
		1, 1, 0, 0,
		0, 0, 1, 0,
		0, 0, 0, 0,
	})
	if c := Components(w); c != 3 {
		t.Errorf("%d components, want 3", c)
	}
}

// Steps 3-4 of Algorithm 2 on a hand-made Z: columns (3, 4, 0), (0, 0, 2)
// and (−1, 0, 0) normalize to (0.6, 0.8, 0), (0, 0, 1) and (−1, 0, 0).
// θ = 0 drops the −1, so Ẑ = [0.6 0 0; 0.8 0 0; 0 1 0] and
// W = (Ẑ + Ẑᵀ)/2 = [0.6 0.4 0; 0.4 0 0.5; 0 0.5 0]; θ = 0.7 also drops 0.6.
func TestThresholdNormalized(t *testing.T) {
	z := mat.NewDense(3, 3, []float64{
		3, 0, -1,
		4, 0, 0,
		0, 2, 0,
	})
	for _, tc := range []struct {
		theta float64
		want  []float64
	}{
		{0, []float64{
			0.6, 0.4, 0,
			0.4, 0, 0.5,
			0, 0.5, 0,
		}},
		{0.7, []float64{
			0, 0.4, 0,
			0.4, 0, 0.5,
			0, 0.5, 0,
		}},
	} {
		w := ThresholdNormalized(z, tc.theta)
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				if got, want := w.At(i, j), tc.want[3*i+j]; math.Abs(got-want) > 1e-15 {
					t.Errorf("theta %v: W[%d,%d] = %v, want %v", tc.theta, i, j, got, want)
				}
			}
		}
	}
}

// W = (|Z| + |Zᵀ|)/2 entry by entry.
func TestSymmetrizeAbs(t *testing.T) {
	z := mat.NewDense(2, 2, []float64{1, -2, 4, -3})
	w := SymmetrizeAbs(z)
	want := []float64{1, 3, 3, 3}
	for i := 0; i < 2; i++ {
		for j := 0; j < 2; j++ {
			if got := w.At(i, j); got != want[2*i+j] {
				t.Errorf("W[%d,%d] = %v, want %v", i, j, got, want[2*i+j])
			}
		}
	}
}

func TestRowMajor(t *testing.T) {
	z := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	w := mat.NewSymDense(2, []float64{1, 2, 2, 3})
	for name, c := range map[string]struct {
		got, want []float64
	}{"dense": {RowMajor(z), []float64{1, 2, 3, 4, 5, 6}}, "symmetric": {RowMajor(w), []float64{1, 2, 2, 3}}} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: %v, want %v", name, c.got, c.want)
		}
	}
}
