package cost

import (
	"fmt"
	"testing"

	"nnlrs/core/method"
)

// The work of a build grows with n, the iteration cap caps it, and an
// iterative build's work is its iterations at PerIteration.
func TestGraph(t *testing.T) {
	all := []method.Name{method.KNN0, method.KNN1, method.LLE0, method.LLE1, method.L1, method.SPG, method.LRR, method.NNLRS, method.NNLRSEF, method.PCANNLRS}
	for _, m := range all {
		prev := 0.0
		for _, n := range []int{50, 100, 400, 1600} {
			w := Graph(m, 256, n, Options{})
			if !(w.Units > prev) {
				t.Errorf("%s: %g units at n = %d, %g below it", m, w.Units, n, prev)
			}
			prev = w.Units
		}
	}
	for _, m := range []method.Name{method.NNLRS, method.LRR} {
		w := Graph(m, 1024, 400, Options{})
		if got := float64(w.Iterations) * PerIteration(1024, 400); got != w.Units {
			t.Errorf("%s: %d iterations of %g units, estimated %g", m, w.Iterations, PerIteration(1024, 400), w.Units)
		}
		if c := Graph(m, 1024, 400, Options{MaxIter: 3}); c.Iterations != 3 || c.Units != 3*PerIteration(1024, 400) {
			t.Errorf("%s capped at 3: %+v", m, c)
		}
	}
	if a, l := Graph(method.NNLRS, 256, 800, Options{}), Graph(method.NNLRS, 256, 800, Options{Solver: "ladmap"}); l.Iterations <= a.Iterations {
		t.Errorf("LADMAP: %d iterations, ADMM %d", l.Iterations, a.Iterations)
	}
}

// The estimated work of the NNLRS graph of 400 faces of 32×32 pixels, and
// the time it takes at a rate of 1.3e9 units a second.
func ExampleGraph() {
	w := Graph(method.NNLRS, 1024, 400, Options{})
	fmt.Printf("%d iterations, %.2g units, about %.0f s\n", w.Iterations, w.Units, w.Units/1.3e9)
	// Output: 132 iterations, 1.7e+10 units, about 13 s
}
