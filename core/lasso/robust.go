package lasso

import (
	"context"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Robust codes every column x_i of x over the dictionary [X_{\i}, I] of the
// l1-graph (Yan and Wang, SDM 2009; Cheng et al., "Learning with l1-graph
// for image analysis", IEEE TIP 2010), whose identity columns absorb noise:
//
//	min_{c,e} ½||x_i − Xc − e||² + λ(||c||_1 + ||e||_1),   c_i = 0,
//
// the lasso form of Cheng et al.'s min ||c||_1 + ||e||_1 s.t. x_i =
// X_{\i}c + e, by cyclic coordinate descent with an active set and exact
// solves on the supports; the package documentation (doc.go) derives it
// and its optimality conditions.
//
// Column i of Result.Z is c, column i of Result.E is e, and Stat.Objective
// is ½||x_i − Xc − e||² + λ(||c||_1 + ||e||_1). λ must be positive. Invalid
// input returns an error, and so does a non-finite iterate; a sample that
// reaches the sweep cap is reported by its Stat.Converged, not by an
// error. ctx is checked between samples and every 64 sweeps; a cancelled
// ctx returns ctx.Err().
func Robust(ctx context.Context, x *mat.Dense, lambda float64, s *Settings) (*Result, error) {
	p, err := newProblem(x, lambda, s)
	if err != nil {
		return nil, err
	}
	if lambda == 0 {
		return nil, errorf("need lambda > 0 for the robust problem")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d, n := p.d, p.n
	w := &robust{
		problem: p,
		xr:      mat.DenseCopyOf(x).RawMatrix().Data,
		c:       make([]float64, n),
		e:       make([]float64, d),
		r:       make([]float64, d),
		allC:    make([]int, n),
		allE:    make([]int, d),
		activeC: make([]int, 0, n),
		activeE: make([]int, 0, d),
	}
	for j := range w.allC {
		w.allC[j] = j
	}
	for k := range w.allE {
		w.allE[k] = k
	}
	res := &Result{Z: mat.NewDense(n, n, nil), E: mat.NewDense(d, n, nil), Stats: make([]Stat, n)}
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
		res.E.SetCol(i, w.e)
		res.Stats[i] = st
		if p.set.Progress != nil {
			p.set.Progress(i+1, n)
		}
	}
	return res, nil
}

// robust is the state of Robust's coordinate descent, reused across samples.
type robust struct {
	*problem
	xr               []float64 // X row-major, d×n
	c, e, r          []float64 // the codes and the residual x_i − Xc − e
	allC, allE       []int
	activeC, activeE []int

	// i, x = x_i and tol describe the current sample.
	i   int
	x   []float64
	tol float64

	// polish buffers
	supC, rows []int
	supE       []int
	v, h, z    []float64
	eig        mat.EigenSym
	y, a, rhs  []float64
	et         []float64
	spd        spdWork
	mSup, keep []int
	inK        []bool
	yk         []float64
}

// robustViolation returns by how much a coefficient a with correlation
// p = b_jᵀr violates the lasso condition a ≠ 0 ⇒ p = λ sign(a),
// a = 0 ⇒ |p| ≤ λ.
func robustViolation(a, p, lambda float64) float64 {
	switch {
	case a > 0:
		return math.Abs(p - lambda)
	case a < 0:
		return math.Abs(p + lambda)
	}
	return math.Max(0, math.Abs(p)-lambda)
}

// pass implements sweeper.
func (w *robust) pass(full bool) (changed, moved bool) {
	setC, setE := w.activeC, w.activeE
	if full {
		setC, setE = w.allC, w.allE
	}
	lambda := w.lambda
	for _, k := range setE {
		if robustViolation(w.e[k], w.r[k], lambda) <= w.tol {
			continue
		}
		ek := soft(w.e[k]+w.r[k], lambda)
		if ek != w.e[k] {
			moved = moved || ek == 0 || w.e[k] == 0
			w.r[k] -= ek - w.e[k]
			w.e[k] = ek
			changed = true
		}
	}
	for _, j := range setC {
		sq := w.sq[j]
		if j == w.i || sq == 0 {
			continue
		}
		xj := w.sample(j)
		dot := kern.Dot(xj, w.r)
		if robustViolation(w.c[j], dot, lambda) <= w.tol {
			continue
		}
		cj := soft(w.c[j]+dot/sq, lambda/sq)
		if delta := cj - w.c[j]; delta != 0 {
			moved = moved || cj == 0 || w.c[j] == 0
			kern.Axpy(-delta, xj, w.r)
			w.c[j] = cj
			changed = true
		}
	}
	if full {
		w.activeC, w.activeE = w.activeC[:0], w.activeE[:0]
		for j, v := range w.c {
			if v != 0 {
				w.activeC = append(w.activeC, j)
			}
		}
		for k, v := range w.e {
			if v != 0 {
				w.activeE = append(w.activeE, k)
			}
		}
	}
	return changed, moved
}

// refresh recomputes the residual r = x_i − Xc − e from the codes.
func (w *robust) refresh() {
	copy(w.r, w.x)
	floats.Sub(w.r, w.e)
	for j, v := range w.c {
		if v != 0 {
			kern.Axpy(-v, w.sample(j), w.r)
		}
	}
}

// polish implements sweeper. It minimizes the objective over the orthant
// face of the current supports and signs, in the manner of the inner loop
// of Lawson and Hanson's NNLS: it solves the conditions on the supports
// (see Robust); if the solution keeps the signs it takes it and reports
// true, otherwise it moves the codes towards it, which decreases the
// objective, until the first coefficient reaches 0, drops that coefficient
// and repeats. It reports false, having decreased the objective or not, if
// a reduced system is singular to working precision.
func (w *robust) polish() bool {
	d, n, lambda := w.d, w.n, w.lambda
	defer w.refresh()
	w.et = grow(w.et, d)
	valid := false // whether w.a holds the reduced matrix of w.mSup, w.inK
	for {
		w.supC = w.supC[:0]
		for j, v := range w.c {
			if v != 0 {
				w.supC = append(w.supC, j)
			}
		}
		w.rows = w.rows[:0]
		for k, v := range w.e {
			if v == 0 {
				w.rows = append(w.rows, k)
			}
		}
		kc, kr := len(w.supC), len(w.rows)
		// rhs = X_{K,A}ᵀ x_K + λ X_{A_e,A}ᵀ σ − λ s, and Y = X_{K,A}.
		w.rhs = grow(w.rhs, kc)
		w.y = grow(w.y, kr*kc)
		for t, j := range w.supC {
			w.rhs[t] = -lambda * sign(w.c[j])
		}
		for k, v := range w.e {
			if v != 0 {
				row := w.xr[k*n : (k+1)*n]
				for t, j := range w.supC {
					w.rhs[t] += lambda * sign(v) * row[j]
				}
			}
		}
		for t, k := range w.rows {
			row := w.xr[k*n : (k+1)*n]
			yt := w.y[t*kc : (t+1)*kc]
			for u, j := range w.supC {
				yt[u] = row[j]
			}
			floats.AddScaled(w.rhs, w.x[k], yt)
		}
		if kc > 0 {
			a := w.gram(valid)
			valid = true
			// X_{K,A} has more columns than rows if kc > kr: singular.
			if kc > kr || !spd(a, w.rhs, &w.spd) {
				if !w.reduce(a) {
					return false
				}
				continue
			}
		}
		// The target e on A_e: e_k = x_k − (X_A c_A)_k − λσ_k.
		copy(w.et, w.x)
		for t, j := range w.supC {
			kern.Axpy(-w.rhs[t], w.sample(j), w.et)
		}
		for k, v := range w.e {
			if v != 0 {
				w.et[k] -= lambda * sign(v)
			}
		}

		// The face objective, with the l1 norms extended linearly by the
		// current signs, is least at the target; check it, as a guard
		// against rounding. The target's residual is et on the rows K and
		// λσ on A_e.
		ft := 0.0
		for t, j := range w.supC {
			ft += lambda * sign(w.c[j]) * w.rhs[t]
		}
		for k, v := range w.e {
			if v == 0 {
				ft += 0.5 * w.et[k] * w.et[k]
			} else {
				ft += 0.5*lambda*lambda + lambda*sign(v)*w.et[k]
			}
		}
		w.refresh()
		fc := 0.5*floats.Dot(w.r, w.r) + lambda*(floats.Norm(w.c, 1)+floats.Norm(w.e, 1))
		if ft > fc+1e-12*(math.Abs(ft)+math.Abs(fc)) {
			return false
		}

		// The step α ∈ [0, 1) to the first coefficient that reaches 0;
		// block indexes c (< n) or e (n + k).
		alpha, block := 1.0, -1
		ratio := func(v, target float64, idx int) {
			if target*v <= 0 {
				if t := v / (v - target); t < alpha || block < 0 {
					alpha, block = t, idx
				}
			}
		}
		for t, j := range w.supC {
			ratio(w.c[j], w.rhs[t], j)
		}
		for k, v := range w.e {
			if v != 0 {
				ratio(v, w.et[k], n+k)
			}
		}
		if block < 0 {
			for t, j := range w.supC {
				w.c[j] = w.rhs[t]
			}
			for k, v := range w.e {
				if v != 0 {
					w.e[k] = w.et[k]
				}
			}
			return true
		}
		// step moves v towards target by α, stopping at 0.
		step := func(v, target float64) float64 {
			u := v + alpha*(target-v)
			if u*v <= 0 {
				return 0
			}
			return u
		}
		for t, j := range w.supC {
			w.c[j] = step(w.c[j], w.rhs[t])
		}
		for k, v := range w.e {
			if v != 0 {
				w.e[k] = step(v, w.et[k])
			}
		}
		if block < n {
			w.c[block] = 0
		} else {
			w.e[block-n] = 0
		}
	}
}

// gram returns the reduced matrix M = X_{K,A}ᵀX_{K,A} of the supports in
// w.supC and w.rows (its upper triangle, in w.a). Within a polish the
// supports only shrink: if valid, w.a holds M for the larger supports
// w.mSup and the rows w.inK of an earlier step, and gram updates it,
// deleting the rows and columns of the coefficients c that left A and
// adding y_k y_kᵀ, y_k = X_{k,A}ᵀ, for every row k that joined K, in
// O(|A|²) per change instead of the O(|A|²|K|) of forming M afresh.
func (w *robust) gram(valid bool) *mat.SymDense {
	n, kc := w.n, len(w.supC)
	if !valid {
		w.a = grow(w.a, kc*kc)
		a := mat.NewSymDense(kc, w.a)
		if kr := len(w.rows); kr > 0 {
			a.SymOuterK(1, mat.NewDense(kr, kc, w.y).T())
		} else {
			a.Zero()
		}
		w.mSup = append(w.mSup[:0], w.supC...)
		w.inK = w.inK[:0]
		for _, v := range w.e {
			w.inK = append(w.inK, v == 0)
		}
		return a
	}
	// Delete: the positions in w.mSup of the coefficients still in A.
	// Both lists ascend; the compaction moves every entry to a lower
	// index, in increasing order, so it never overwrites one still to
	// move.
	old := len(w.mSup)
	w.keep = w.keep[:0]
	for p, j := range w.mSup {
		if w.c[j] != 0 {
			w.keep = append(w.keep, p)
		}
	}
	if len(w.keep) != kc {
		panic("lasso: support grew within a polish")
	}
	if kc < old {
		for u, pu := range w.keep {
			for v := u; v < kc; v++ {
				w.a[u*kc+v] = w.a[pu*old+w.keep[v]]
			}
		}
	}
	w.mSup = append(w.mSup[:0], w.supC...)
	// Add the rows that joined K.
	w.yk = grow(w.yk, kc)
	for k, v := range w.e {
		if v != 0 || w.inK[k] {
			continue
		}
		w.inK[k] = true
		row := w.xr[k*n : (k+1)*n]
		for u, j := range w.supC {
			w.yk[u] = row[j]
		}
		for u := 0; u < kc; u++ {
			if yu := w.yk[u]; yu != 0 {
				floats.AddScaled(w.a[u*kc+u:(u+1)*kc], yu, w.yk[u:kc])
			}
		}
	}
	return mat.NewSymDense(kc, w.a[:kc*kc])
}

// reduce moves the codes along a null direction of the singular reduced
// system (see nullStep) until a coefficient reaches 0, without increasing
// the objective, and reports whether it could. The direction is v_c, a
// unit eigenvector of X_{K,A}ᵀX_{K,A} for its smallest eigenvalue μ, on c_A
// and v_e = −X_{A_e,A}v_c on e_{A_e}, which keeps the fit on the rows A_e;
// the curvature along it is ||X_{K,A}v_c||² = μ.
func (w *robust) reduce(a *mat.SymDense) bool {
	n, lambda := w.n, w.lambda
	kc := len(w.supC)
	w.supE = w.supE[:0]
	for k, v := range w.e {
		if v != 0 {
			w.supE = append(w.supE, k)
		}
	}
	m := kc + len(w.supE)
	w.v = grow(w.v, m)
	w.h = grow(w.h, m)
	w.z = grow(w.z, m)
	mu, hi, ok := smallestEigen(&w.eig, a, w.v[:kc])
	if !ok {
		return false
	}
	w.refresh()
	for t, j := range w.supC {
		w.z[t] = w.c[j]
		w.h[t] = lambda*sign(w.c[j]) - floats.Dot(w.sample(j), w.r)
	}
	for t, k := range w.supE {
		row := w.xr[k*n : (k+1)*n]
		s := 0.0
		for u, j := range w.supC {
			s += row[j] * w.v[u]
		}
		w.v[kc+t] = -s
		w.z[kc+t] = w.e[k]
		w.h[kc+t] = lambda*sign(w.e[k]) - w.r[k]
	}
	t, block := nullStep(w.z, w.v, w.h, mu, hi)
	if block < 0 {
		return false
	}
	// step moves z_k by −t v_k, stopping at 0.
	step := func(k int) float64 {
		if k == block {
			return 0
		}
		u := w.z[k] - t*w.v[k]
		if u*w.z[k] <= 0 {
			return 0
		}
		return u
	}
	for u, j := range w.supC {
		w.c[j] = step(u)
	}
	for u, k := range w.supE {
		w.e[k] = step(kc + u)
	}
	return true
}

// solve codes sample i; the codes are left in w.c and w.e.
func (w *robust) solve(ctx context.Context, i int) (Stat, error) {
	for j := range w.c {
		w.c[j] = 0
	}
	for k := range w.e {
		w.e[k] = 0
	}
	w.i = i
	w.x = w.sample(i)
	copy(w.r, w.x)
	scale := math.Sqrt(w.sq[i]) * math.Max(1, w.maxNrm)
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
		if !finite(w.c, w.e, w.r) {
			return st, errorf("sample %d: code has non-finite entries", i)
		}
		// Check the conditions on a residual free of the drift of the
		// incremental updates, and go on if the drift hid a violation.
		w.refresh()
		st.Violation = 0
		for k, v := range w.e {
			st.Violation = math.Max(st.Violation, robustViolation(v, w.r[k], w.lambda))
		}
		for j, v := range w.c {
			if j != i && w.sq[j] != 0 {
				st.Violation = math.Max(st.Violation, robustViolation(v, floats.Dot(w.sample(j), w.r), w.lambda))
			}
		}
		st.Converged = st.Violation <= w.tol
		if st.Converged || st.Iterations >= maxIter {
			break
		}
	}
	st.Violation /= scale
	st.Residual = floats.Norm(w.r, 2)
	st.Objective = 0.5*st.Residual*st.Residual + w.lambda*(floats.Norm(w.c, 1)+floats.Norm(w.e, 1))
	if math.IsNaN(st.Objective) || math.IsInf(st.Objective, 0) {
		return st, errorf("sample %d: objective is %v", i, st.Objective)
	}
	return st, nil
}
