// Package cost estimates the work of building a graph, so that a long run
// can say beforehand how long it will take: the work is counted in units
// that a machine does at a rate measured on it (the command line's one
// core, a browser's worker).
//
// An iteration of the NNLRS and LRR solvers costs about
//
//	n³ + n²·min(d, n)
//
// units on n samples of dimension d: the eigen-decomposition of an n×n
// Gram matrix for the singular value thresholding of problem (6), and the
// products with the data; above 500 samples a little less per n³, down to
// half from 2000 on (PerIteration). ADMM's iterations grow with n, and
// more from λ ≈ 2 on (ADMMIterations); LADMAP (Algorithm 1) takes about
// 240·n^0.57; LRR by the same ADMM 20-35 at n = 100 and 400. The l1 and
// SPG graphs cost a multiple of n²d (a lasso per sample over the n − 1
// others), kNN and LLE about n²d (the distances).
package cost

import (
	"fmt"
	"math"

	"nnlrs/core/method"
)

// Options are the settings of a build that change its cost; the zero
// value means the defaults.
type Options struct {
	// Solver is the NNLRS solver, "admm" (the default) or "ladmap".
	Solver string
	// MaxIter caps the iterations of NNLRS and LRR (0: their defaults).
	MaxIter int
	// Dim and EFOuter are the reduced dimension and the alternations of
	// the embedded graphs, PCA+NNLRS and NNLRS-EF (0: the defaults).
	Dim, EFOuter int
	// Lambda is the weight λ of the error term (0: the paper's 10).
	Lambda float64
}

// ADMMIterations returns the iterations of the default ADMM solver for
// NNLRS on n samples with the error weight λ, as fitted on USPS digits
// 1-4 with the command line (n = 400 to 2000, λ = 0.3 to 10, β = 0.2)
// and on the page's own runs (synthetic data at λ = 1, USPS, Yale B and
// PIE faces at λ = 5; n = 100 to 400; docs/BENCH.md) by least squares in
// the logarithm, within 0.79 to 1.26 times the 23 measured counts:
//
//	exp(2.310 + 0.191 ln n + 0.070 ln λ + 0.211 s(λ) ln n),
//	s(λ) = λ⁴ / (λ⁴ + 1.7⁴),
//
// about 36 at λ = 1 and n = 400, 124 at λ = 5 and n = 400, 252 at λ = 10
// and n = 2000. The counts jump between λ = 1 and 3 (s steps from 0.1 to
// 0.9 there), and from there grow with n; below λ = 1 they barely move
// with λ. They come in fives (the solver tries its certificate every
// fifth iteration), and differ with the data by up to a fifth at the
// same n and λ, which no fit in n and λ follows.
func ADMMIterations(n int, lambda float64) float64 {
	ln, ll := math.Log(float64(n)), math.Log(lambda)
	l4 := lambda * lambda * lambda * lambda
	s := l4 / (l4 + 1.7*1.7*1.7*1.7)
	return math.Exp(2.310 + 0.191*ln + 0.070*ll + 0.211*s*ln)
}

// Work is the estimated work of a build: its iterations (0 for the
// direct and per-sample methods) and its units.
type Work struct {
	Iterations int
	Units      float64
}

// PerIteration returns the units of one iteration of the NNLRS or LRR
// solver on n samples of dimension d: n³ + n²·min(d, n), times
// min(1, max(½, √(500/n))) above 500 samples, where the native kernels do
// more of that work per second (measured on USPS digits with the
// command line, docs/BENCH.md): the packed products fill their vector
// registers for longer runs, and from 1024 samples the tridiagonal
// reduction's matrix-vector half runs in vector lanes on every core
// (package eigen). At most 500 samples, as on the page, the units are
// n³ + n²·min(d, n).
func PerIteration(d, n int) float64 {
	nf, df := float64(n), float64(min(d, n))
	scale := min(1, max(0.5, math.Sqrt(500/nf)))
	return (nf*nf*nf + nf*nf*df) * scale
}

// Graph returns the estimated work of building graph m on n samples of
// dimension d.
func Graph(m method.Name, d, n int, o Options) Work {
	capped := func(iters float64, defaultCap int) int {
		c := defaultCap
		if o.MaxIter > 0 {
			c = o.MaxIter
		}
		return min(c, int(math.Ceil(iters)))
	}
	nf := float64(n)
	lambda := o.Lambda
	if lambda <= 0 {
		lambda = 10
	}
	switch m {
	case method.NNLRS:
		it := capped(ADMMIterations(n, lambda), 5000)
		if o.Solver == "ladmap" {
			it = capped(240*math.Pow(nf, 0.57), 20000)
		}
		return Work{it, float64(it) * PerIteration(d, n)}
	case method.LRR:
		it := capped(30, 10000)
		return Work{it, float64(it) * PerIteration(d, n)}
	case method.PCANNLRS, method.NNLRSEF:
		w := Graph(method.NNLRS, min(d, max(o.Dim, 1)), n, Options{Solver: o.Solver, MaxIter: o.MaxIter, Lambda: o.Lambda})
		if m == method.NNLRSEF {
			outer := 5 // embed.Settings.MaxOuter's default
			if o.EFOuter > 0 {
				outer = o.EFOuter
			}
			w.Iterations *= outer
			w.Units *= float64(outer)
		}
		return w
	case method.L1:
		return Work{0, 35 * nf * nf * float64(d)}
	case method.SPG:
		return Work{0, 5 * nf * nf * float64(d)}
	}
	return Work{0, nf * nf * float64(d)}
}

// Rough writes secs to two significant digits in the unit that suits
// it: "0.25 s", "40 s", "12 min", "1.7 h", "12 days".
func Rough(secs float64) string {
	switch {
	case secs < 1:
		return fmt.Sprintf("%.2g s", secs)
	case secs < 90:
		return fmt.Sprintf("%.0f s", secs)
	case secs < 90*60:
		return fmt.Sprintf("%.0f min", secs/60)
	case secs < 48*3600:
		return fmt.Sprintf("%.2g h", secs/3600)
	}
	return fmt.Sprintf("%.0f days", secs/86400)
}
