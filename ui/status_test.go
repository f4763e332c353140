package ui

import (
	"math"
	"testing"

	"nnlrs/core/demo"
)

func TestIterProgress(t *testing.T) {
	inf := math.Inf(1)
	for _, tc := range []struct {
		name  string
		iters []demo.Iter
		want  float64
	}{
		// log(100/10)/log(100): halfway down from 100 to 1 on a log scale
		{"halfway", []demo.Iter{{Stop: 100}, {Stop: 30}, {Stop: 10}}, 0.5},
		{"at the start", []demo.Iter{{Stop: 100}}, 0},
		{"an estimate below the threshold", []demo.Iter{{Stop: 100}, {Stop: -0.5}}, 0.99},
		{"ADMM before its first bound: the residual", []demo.Iter{{Stop: inf, Residual: 1e-3}}, 0.5},
		{"ADMM's first bound", []demo.Iter{{Stop: inf, Residual: 1e-1}, {Stop: 1000}, {Stop: 10}}, 2.0 / 3},
		{"no Stop at all: the residual", []demo.Iter{{Residual: 1e-2}}, 1.0 / 3},
		{"nothing yet", []demo.Iter{{}}, 0},
	} {
		if got := iterProgress(tc.iters); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
