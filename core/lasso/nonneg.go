package lasso

import (
	"context"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// NonNeg codes every column x_i of x over the other columns by the
// nonnegative lasso of SPG (He et al., "Nonnegative sparse coding for
// discriminative semi-supervised learning", CVPR 2011),
//
//	min_c ½||x_i − X c||² + λ||c||_1   s.t.  c ≥ 0,  c_i = 0.
//
// He et al. and the NNLRS paper solved it with SparseLab; NonNeg uses cyclic
// coordinate descent in the Gram form (Friedman, Hastie and Tibshirani,
// "Regularization paths for generalized linear models via coordinate
// descent", J. Stat. Softw. 2010). With G = XᵀX computed once for all
// samples, b = Xᵀx_i = G e_i and q = Gc kept up to date, the gradient of
// the smooth part is g = Xᵀ(Xc − x_i) = q − b, and the update of
// coordinate j ≠ i is
//
//	c_j ← max(0, c_j − (g_j + λ)/G_jj),
//
// after which q += Δc_j G e_j costs O(n), independent of d; sample i is left
// out by never updating c_i. Sweeps over the active set {j : c_j > 0}
// alternate with full sweeps, and a coordinate is updated only when it
// violates its optimality condition
//
//	c_j > 0 ⇒ g_j = −λ,   c_j = 0 ⇒ g_j ≥ −λ
//
// by more than Settings.Tol·||x_i||·max_j ||x_j||. Coordinate descent finds
// the support quickly but converges slowly on nearly collinear samples
// (near-duplicate images), so when the active sweeps settle, or leave the
// support unchanged for 8 sweeps (a wait that doubles after every failed
// try), NonNeg polishes: it solves the equalities on the current support
// P = {j : c_j > 0} exactly,
//
//	G_PP c_P = b_P − λ1,
//
// by a Cholesky factorization of G_PP. A positive solution minimizes the
// objective over the face {c ≥ 0, c_j = 0 for j ∉ P} and is taken;
// otherwise c moves towards it until the first coordinate reaches 0, which
// leaves P, and the solve is repeated: the inner loop of Lawson and
// Hanson's NNLS ("Solving Least Squares Problems", 1974, ch. 23). If G_PP
// is singular (a support larger than d, duplicate samples), c moves along
// a null direction of it until a coordinate reaches 0, in the orientation
// that does not increase the objective. Either way the objective does not
// increase. The solve of x_i stops after a full sweep in which no condition
// is violated, checked on a gradient recomputed from scratch. λ = 0 gives
// nonnegative least squares.
//
// Column i of Result.Z is the code of x_i, Result.E is nil, and
// Stat.Objective is ½||x_i − Xc||² + λ||c||_1. Invalid input (NaN or Inf
// entries, fewer than 2 samples, λ < 0) returns an error, and so does a
// non-finite iterate. A sample that reaches the sweep cap is reported by
// its Stat.Converged, not by an error. ctx is checked between samples and
// every 64 sweeps; a cancelled ctx returns ctx.Err().
func NonNeg(ctx context.Context, x *mat.Dense, lambda float64, s *Settings) (*Result, error) {
	p, err := newProblem(x, lambda, s)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	g, err := p.gram()
	if err != nil {
		return nil, err
	}
	n := p.n
	w := &nonneg{
		problem: p,
		g:       g,
		c:       make([]float64, n),
		q:       make([]float64, n),
		r:       make([]float64, p.d),
		all:     make([]int, n),
		active:  make([]int, 0, n),
	}
	for j := range w.all {
		w.all[j] = j
	}
	res := &Result{Z: mat.NewDense(n, n, nil), Stats: make([]Stat, n)}
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st, err := w.solve(ctx, i)
		if err != nil {
			return nil, err
		}
		for j, v := range w.c {
			if v != 0 {
				res.Z.Set(j, i, v)
			}
		}
		res.Stats[i] = st
		if p.set.Progress != nil {
			p.set.Progress(i+1, n)
		}
	}
	return res, nil
}

// nonneg is the state of NonNeg's coordinate descent, reused across
// samples.
type nonneg struct {
	*problem
	g      []float64 // XᵀX, row-major
	c, q   []float64 // the code and q = Gc
	r      []float64 // residual x_i − Xc, for the objective
	all    []int
	active []int

	// i, b = G e_i and tol describe the current sample.
	i   int
	b   []float64
	tol float64

	// polish buffers
	sup     []int
	a, rhs  []float64
	v, h, z []float64
	spd     spdWork
	eig     mat.EigenSym
}

// violation returns by how much coordinate j violates its optimality
// condition.
func (w *nonneg) violation(j int) float64 {
	h := w.q[j] - w.b[j] + w.lambda
	if w.c[j] > 0 {
		return math.Abs(h)
	}
	return math.Max(0, -h)
}

// pass implements sweeper.
func (w *nonneg) pass(full bool) (changed, moved bool) {
	set := w.active
	if full {
		set = w.all
	}
	n := w.n
	for _, j := range set {
		gjj := w.g[j*n+j]
		if j == w.i || gjj == 0 || w.violation(j) <= w.tol {
			continue
		}
		cj := math.Max(0, w.c[j]-(w.q[j]-w.b[j]+w.lambda)/gjj)
		if delta := cj - w.c[j]; delta != 0 {
			moved = moved || cj == 0 || w.c[j] == 0
			w.c[j] = cj
			floats.AddScaled(w.q, delta, w.g[j*n:(j+1)*n])
			changed = true
		}
	}
	if full {
		w.active = w.active[:0]
		for j, v := range w.c {
			if v > 0 {
				w.active = append(w.active, j)
			}
		}
	}
	return changed, moved
}

// refresh recomputes q = Gc from the code.
func (w *nonneg) refresh() {
	n := w.n
	for j := range w.q {
		w.q[j] = 0
	}
	for j, v := range w.c {
		if v != 0 {
			floats.AddScaled(w.q, v, w.g[j*n:(j+1)*n])
		}
	}
}

// polish implements sweeper. It minimizes the objective over the face of
// the current support P = {j : c_j > 0} by the inner loop of Lawson and
// Hanson's NNLS: it solves G_PP s_P = b_P − λ1; if s_P > 0 it sets
// c_P = s_P and reports true, otherwise it moves c towards s, which
// decreases the objective, until the first coordinate reaches 0, drops
// that coordinate from P and repeats. It reports false, having
// decreased the objective or not, if a reduced system is singular to
// working precision.
func (w *nonneg) polish() bool {
	n := w.n
	defer w.refresh()
	for {
		w.sup = w.sup[:0]
		for j, v := range w.c {
			if v > 0 {
				w.sup = append(w.sup, j)
			}
		}
		k := len(w.sup)
		if k == 0 {
			return true
		}
		w.a = grow(w.a, k*k)
		w.rhs = grow(w.rhs, k)
		a := mat.NewSymDense(k, w.a)
		for r, j := range w.sup {
			for s := r; s < k; s++ {
				a.SetSym(r, s, w.g[j*n+w.sup[s]])
			}
			w.rhs[r] = w.b[j] - w.lambda
		}
		if !spd(a, w.rhs, &w.spd) {
			if !w.reduce(a) {
				return false
			}
			continue
		}
		// The face objective F(z) = ½zᵀG_PP z − (b_P − λ1)ᵀz is least at
		// the solution s; check it, as a guard against rounding.
		w.z = grow(w.z, k)
		for r, j := range w.sup {
			w.z[r] = w.c[j]
		}
		face := func(z []float64) float64 {
			v := mat.NewVecDense(k, z)
			f := 0.5 * mat.Inner(v, a, v)
			for r, j := range w.sup {
				f -= (w.b[j] - w.lambda) * z[r]
			}
			return f
		}
		if fs, fc := face(w.rhs), face(w.z); fs > fc+1e-12*(math.Abs(fs)+math.Abs(fc)) {
			return false
		}
		// The step α ∈ [0, 1) to the first coordinate that reaches 0.
		alpha, block := 1.0, -1
		for r, j := range w.sup {
			if s := w.rhs[r]; s <= 0 {
				if t := w.c[j] / (w.c[j] - s); t < alpha || block < 0 {
					alpha, block = t, j
				}
			}
		}
		if block < 0 {
			for r, j := range w.sup {
				w.c[j] = w.rhs[r]
			}
			return true
		}
		for r, j := range w.sup {
			w.c[j] = math.Max(0, w.c[j]+alpha*(w.rhs[r]-w.c[j]))
		}
		w.c[block] = 0
	}
}

// reduce moves c along a null direction of the singular G_PP (see
// nullStep) until a coordinate of P reaches 0, without increasing the
// objective, and reports whether it could.
func (w *nonneg) reduce(a *mat.SymDense) bool {
	k := len(w.sup)
	w.v = grow(w.v, k)
	w.h = grow(w.h, k)
	w.z = grow(w.z, k)
	mu, hi, ok := smallestEigen(&w.eig, a, w.v)
	if !ok {
		return false
	}
	// h = G_PP c_P − b_P + λ1, the gradient on the face.
	for r, j := range w.sup {
		w.z[r] = w.c[j]
	}
	zv := mat.NewVecDense(k, w.z)
	hv := mat.NewVecDense(k, w.h)
	hv.MulVec(a, zv)
	for r, j := range w.sup {
		w.h[r] += w.lambda - w.b[j]
	}
	t, block := nullStep(w.z, w.v, w.h, mu, hi)
	if block < 0 {
		return false
	}
	for r, j := range w.sup {
		w.c[j] = math.Max(0, w.c[j]-t*w.v[r])
	}
	w.c[w.sup[block]] = 0
	return true
}

// solve codes sample i; the code is left in w.c.
func (w *nonneg) solve(ctx context.Context, i int) (Stat, error) {
	n := w.n
	for j := range w.c {
		w.c[j], w.q[j] = 0, 0
	}
	w.i = i
	w.b = w.g[i*n : (i+1)*n]
	scale := math.Sqrt(w.sq[i]) * w.maxNrm
	if scale == 0 {
		scale = 1
	}
	w.tol = w.set.Tol * scale

	var st Stat
	maxIter := w.set.MaxIter
	for {
		if err := descend(ctx, w, &st, maxIter); err != nil {
			return st, err
		}
		if !finite(w.c, w.q) {
			return st, errorf("sample %d: code has non-finite entries", i)
		}
		// Check the conditions on a gradient free of the drift of the
		// incremental updates, and go on if the drift hid a violation.
		w.refresh()
		st.Violation = 0
		for j := 0; j < n; j++ {
			if j != i && w.g[j*n+j] != 0 {
				st.Violation = math.Max(st.Violation, w.violation(j))
			}
		}
		st.Converged = st.Violation <= w.tol
		if st.Converged || st.Iterations >= maxIter {
			break
		}
	}
	st.Violation /= scale

	copy(w.r, w.sample(i))
	l1 := 0.0
	for j, v := range w.c {
		if v != 0 {
			floats.AddScaled(w.r, -v, w.sample(j))
			l1 += v
		}
	}
	st.Residual = floats.Norm(w.r, 2)
	st.Objective = 0.5*st.Residual*st.Residual + w.lambda*l1
	if math.IsNaN(st.Objective) || math.IsInf(st.Objective, 0) {
		return st, errorf("sample %d: objective is %v", i, st.Objective)
	}
	return st, nil
}
