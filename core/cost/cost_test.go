package cost

import (
	"fmt"
	"math"
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
	// λ: the paper's 10 by default; more iterations with a larger λ.
	if a, b := Graph(method.NNLRS, 256, 800, Options{}), Graph(method.NNLRS, 256, 800, Options{Lambda: 10}); a != b {
		t.Errorf("default λ: %+v, λ = 10: %+v", a, b)
	}
	for _, n := range []int{400, 1000, 4000} {
		prev := 0
		for _, l := range []float64{0.3, 1, 3, 10} {
			w := Graph(method.NNLRS, 256, n, Options{Lambda: l})
			if w.Iterations < prev {
				t.Errorf("n = %d: %d iterations at λ = %g, %d below it", n, w.Iterations, l, prev)
			}
			prev = w.Iterations
		}
	}
}

// ADMMIterations is within 0.79 to 1.26 times the iterations measured
// (every run it was fitted on, docs/BENCH.md): USPS digits 1-4 with the
// command line, then the page's runs on synthetic data, USPS and faces.
func TestADMMIterations(t *testing.T) {
	for _, c := range []struct {
		n      int
		lambda float64
		iters  float64
	}{
		{500, 0.3, 30}, {500, 1, 35}, {500, 3, 95}, {500, 10, 140}, {1000, 0.3, 35}, {1000, 1, 40},
		{1000, 3, 140}, {1000, 10, 200}, {2000, 0.3, 50}, {2000, 1, 50}, {2000, 3, 185}, {2000, 10, 285},
		{400, 1, 35}, {400, 10, 125}, {600, 10, 150},
		{100, 1, 30}, {400, 1, 35}, {100, 1, 25}, {100, 5, 80}, {100, 5, 70}, {300, 5, 115}, {400, 5, 135}, {400, 5, 140},
	} {
		// 0.785 and 1.265: the fit's extremes, 0.79 and 1.26, to the
		// rounding of its printed constants.
		if r := ADMMIterations(c.n, c.lambda) / c.iters; r < 0.785 || r > 1.265 {
			t.Errorf("n = %d, λ = %g: %.0f iterations estimated, %.0f measured", c.n, c.lambda, ADMMIterations(c.n, c.lambda), c.iters)
		}
	}
}

// The estimated work of the NNLRS graph of 400 faces of 32×32 pixels at
// the paper's λ = 10, and the CPU time it takes at 1.6e9 units a second.
func ExampleGraph() {
	w := Graph(method.NNLRS, 1024, 400, Options{})
	fmt.Printf("%d iterations, %.2g units, about %.0f s\n", w.Iterations, w.Units, w.Units/1.6e9)
	// Output: 132 iterations, 1.7e+10 units, about 11 s
}

// An iteration costs n³ + n²·min(d, n) units up to 500 samples (the
// page's sizes), √(500/n) of that above, at least half, and more with
// every sample.
func TestPerIteration(t *testing.T) {
	full := func(d, n int) float64 {
		nf, df := float64(n), float64(min(d, n))
		return nf*nf*nf + nf*nf*df
	}
	for _, n := range []int{10, 100, 400, 500} {
		if got := PerIteration(256, n); got != full(256, n) {
			t.Errorf("n = %d: %g units, want %g", n, got, full(256, n))
		}
	}
	if got, want := PerIteration(256, 1000), full(256, 1000)*math.Sqrt(0.5); math.Abs(got-want) > 1e-12*want {
		t.Errorf("n = 1000: %g units, want %g", got, want)
	}
	for _, n := range []int{2000, 3874, 9298} {
		if got := PerIteration(256, n); got != full(256, n)/2 {
			t.Errorf("n = %d: %g units, want half of %g", n, got, full(256, n))
		}
	}
	for n := 2; n <= 5000; n++ {
		if !(PerIteration(256, n) > PerIteration(256, n-1)) {
			t.Fatalf("PerIteration(256, %d) = %g is not above n − 1's %g", n, PerIteration(256, n), PerIteration(256, n-1))
		}
	}
}
