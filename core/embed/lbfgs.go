package embed

import "math"

// lbfgs minimizes a smooth function by limited-memory BFGS (Nocedal and
// Wright, Numerical Optimization, 2nd ed., Algorithms 7.4 and 7.5) with a
// backtracking line search on the Armijo condition. It stands in for
// gonum/optimize's LBFGS, which this module cannot build today (the
// package imports gonum/stat/distmv and so golang.org/x/tools, which
// go.sum lacks); the P subproblem of Algorithm 3 is smooth and
// warm-started, which a backtracking line search handles well.
//
// fg returns f(x) and, when grad is not nil, stores ∇f(x) in it. lbfgs
// runs at most maxIter iterations from x0 (which it does not modify), keeps
// the last store curvature pairs, and stops early when ||∇f||_∞ ≤ gtol or
// the line search cannot decrease f. It returns the last point and its
// value, never worse than x0.
func lbfgs(fg func(x, grad []float64) float64, x0 []float64, maxIter, store int, gtol float64) ([]float64, float64) {
	n := len(x0)
	x := append([]float64(nil), x0...)
	g := make([]float64, n)
	f := fg(x, g)
	xn := make([]float64, n)
	gn := make([]float64, n)
	dir := make([]float64, n)
	var ss, ys [][]float64
	var rhos []float64
	alpha := make([]float64, store)
	for it := 0; it < maxIter; it++ {
		if normInf(g) <= gtol {
			break
		}
		// Two-loop recursion: dir = −H∇f.
		copy(dir, g)
		for i := len(ss) - 1; i >= 0; i-- {
			alpha[i] = rhos[i] * dot(ss[i], dir)
			axpy(-alpha[i], ys[i], dir)
		}
		scale := 1.0
		if m := len(ss); m > 0 {
			scale = dot(ss[m-1], ys[m-1]) / dot(ys[m-1], ys[m-1])
		} else {
			scale = 1 / math.Max(norm2(g), 1e-300)
		}
		for i := range dir {
			dir[i] *= scale
		}
		for i := range ss {
			b := rhos[i] * dot(ys[i], dir)
			axpy(alpha[i]-b, ss[i], dir)
		}
		for i := range dir {
			dir[i] = -dir[i]
		}
		slope := dot(g, dir)
		if !(slope < 0) { // not a descent direction: restart on the gradient
			ss, ys, rhos = nil, nil, nil
			for i := range dir {
				dir[i] = -g[i] / math.Max(norm2(g), 1e-300)
			}
			slope = dot(g, dir)
		}
		// Backtracking on f(x + t·dir) ≤ f(x) + 1e-4·t·slope.
		t, fnew, ok := 1.0, 0.0, false
		for ls := 0; ls < 40; ls++ {
			for i := range xn {
				xn[i] = x[i] + t*dir[i]
			}
			fnew = fg(xn, gn)
			if fnew <= f+1e-4*t*slope {
				ok = true
				break
			}
			t /= 2
		}
		if !ok {
			break
		}
		s := make([]float64, n)
		y := make([]float64, n)
		for i := range s {
			s[i] = xn[i] - x[i]
			y[i] = gn[i] - g[i]
		}
		x, xn = xn, x
		g, gn = gn, g
		decrease := f - fnew
		f = fnew
		if sy := dot(s, y); sy > 1e-12*norm2(s)*norm2(y) {
			if len(ss) == store {
				ss, ys, rhos = ss[1:], ys[1:], rhos[1:]
			}
			ss, ys, rhos = append(ss, s), append(ys, y), append(rhos, 1/sy)
		}
		if decrease <= 1e-15*math.Abs(f) {
			break
		}
	}
	return x, f
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

func axpy(a float64, x, y []float64) {
	for i, v := range x {
		y[i] += a * v
	}
}

func norm2(a []float64) float64 { return math.Sqrt(dot(a, a)) }

func normInf(a []float64) float64 {
	m := 0.0
	for _, v := range a {
		m = math.Max(m, math.Abs(v))
	}
	return m
}
