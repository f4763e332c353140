package lasso

import (
	"cmp"
	"context"
	"math"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// PrimalDual configures Equality: the primal-dual interior-point method
// of l1-magic's l1eq_pd (Candès and Romberg, "l1-magic: recovery of sparse
// signals via convex programming", Caltech 2005), with its Newton systems
// solved directly (its "small scale" mode, A a matrix). The zero value
// gives l1-magic's defaults, field by field.
type PrimalDual struct {
	// Tol is l1eq_pd's pdtol: a sample's solve stops when the surrogate
	// duality gap −(f_{u1}ᵀλ_{u1} + f_{u2}ᵀλ_{u2}) is below it, default
	// 1e-3 (vertexTol with Vertex). The gap bounds the objective's
	// distance to the optimum.
	Tol float64
	// MaxIter is l1eq_pd's pdmaxiter, the cap on its Newton steps per
	// sample, default 50.
	MaxIter int
	// Vertex, if set, replaces the interior point by the optimal vertex
	// it points to (Vertex), certified by the linear program's optimality
	// conditions: the exact solution, with exact zeros, where l1-magic's
	// interior point has none.
	Vertex bool
	// Progress, if not nil, is called after each sample with the number
	// of samples done and the total.
	Progress func(done, total int)
}

// The constants of l1eq_pd: the line search's sufficient decrease α and
// step reduction β, the barrier's growth μ, and the reciprocal condition
// number below which a Newton system is deemed singular, the solve then
// returning its last iterate.
const (
	pdAlpha    = 0.01
	pdBeta     = 0.5
	pdMu       = 10
	pdMinRcond = 1e-14
	pdMaxBack  = 32
)

// Equality codes every column x_i of x over the dictionary [X_{\i}, I] of
// the l1-graph in the equality form of Cheng et al. ("Learning with
// l1-graph for image analysis", IEEE TIP 2010),
//
//	min_{c,e} ||c||_1 + ||e||_1   s.t.  x_i = X_{\i}c + e,
//
// which they solved with l1-magic: the linear program
//
//	min_{v,u} 1ᵀu   s.t.  −u ≤ v ≤ u,  Av = b,   A = [X_{\i}, I], b = x_i,
//
// by l1eq_pd's primal-dual interior-point method, started from the
// minimum-energy point v₀ = Aᵀ(AAᵀ)⁻¹b, with l1eq_pd's step rules. An
// interior point has no exact zeros: at the default tolerance the small
// entries of c are of the order of the gap over n.
//
// Column i of Result.Z is c (Z[i][i] = 0), column i of Result.E is e.
// Stat.Iterations counts Newton steps, Stat.Objective is ||c||₁ + ||e||₁,
// Stat.Residual is ||x_i − X_{\i}c − e||₂, Stat.Violation the last
// surrogate duality gap, and Stat.Converged reports that the gap fell
// below Tol (l1eq_pd also stops at its iteration cap, or with the previous
// iterate when a Newton system is singular or the line search stalls).
// Invalid input returns an error, and so does a non-finite iterate; ctx
// is checked between Newton steps.
func Equality(ctx context.Context, x *mat.Dense, s *PrimalDual) (*Result, error) {
	set := PrimalDual{}
	if s != nil {
		set = *s
	}
	if set.Tol == 0 {
		set.Tol = 1e-3
		if set.Vertex {
			set.Tol = vertexTol
		}
	}
	if set.MaxIter == 0 {
		set.MaxIter = 50
	}
	if !(set.Tol > 0) || math.IsInf(set.Tol, 0) || set.MaxIter < 0 {
		return nil, errorf("need tolerance > 0 and maxiter >= 0, have %v and %d", set.Tol, set.MaxIter)
	}
	p, err := newProblem(x, 0, nil)
	if err != nil {
		return nil, err
	}
	d, n := p.d, p.n
	// G = XXᵀ + I, factorized once: AAᵀ = G − x_i x_iᵀ for every sample.
	var g mat.SymDense
	g.SymOuterK(1, x)
	for k := 0; k < d; k++ {
		g.SetSym(k, k, g.At(k, k)+1)
	}
	var gc mat.Cholesky
	if !gc.Factorize(&g) {
		return nil, errorf("XXᵀ + I is not positive definite (non-finite data?)")
	}
	w := newPD(d, n-1, set)
	res := &Result{Z: mat.NewDense(n, n, nil), E: mat.NewDense(d, n, nil), Stats: make([]Stat, n)}
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		w.load(x, i)
		st, err := w.solve(ctx, &gc)
		if err != nil {
			return nil, errorf("sample %d: %w", i+1, err)
		}
		if set.Vertex {
			st = w.vertex(st)
		}
		for j := 0; j < n-1; j++ {
			col := j
			if j >= i {
				col = j + 1
			}
			res.Z.Set(col, i, w.x[j])
		}
		res.E.SetCol(i, w.x[n-1:])
		res.Stats[i] = st
		if set.Progress != nil {
			set.Progress(i+1, n)
		}
	}
	return res, nil
}

// pd is the state of l1eq_pd for one sample, reused across samples: A =
// [a, I] with a the d×m samples other than the one coded, N = m + d
// variables.
type pd struct {
	set  PrimalDual
	d, m int
	a    *mat.Dense // d×m
	b    []float64  // the sample coded
	// Iterates and their constraint values: v (called x in l1eq_pd), u,
	// λ_{u1}, λ_{u2}, the equality's multiplier, f_{u1} = v − u,
	// f_{u2} = −v − u, Aᵀν and the primal residual Av − b.
	x, u, l1, l2, v, f1, f2, atv, rpri []float64
	// Scratch of one Newton step.
	w1, w2, sig1, sig2, sigx, dx, du, dl1, dl2, dv, adx, atdv, tmp, tmpd []float64
	xp, up, l1p, l2p, vp, atvp, f1p, f2p, rpp                            []float64
	as                                                                   *mat.Dense // a scaled by √(1/σ_x), d×m
	h                                                                    *mat.SymDense
	chol                                                                 mat.Cholesky
}

func newPD(d, m int, set PrimalDual) *pd {
	nv := m + d
	vec := func(k int) []float64 { return make([]float64, k) }
	w := &pd{set: set, d: d, m: m, a: mat.NewDense(d, max(m, 1), nil), as: mat.NewDense(d, max(m, 1), nil), h: mat.NewSymDense(d, nil)}
	for _, s := range []*[]float64{&w.x, &w.u, &w.l1, &w.l2, &w.f1, &w.f2, &w.atv, &w.w1, &w.w2, &w.sig1, &w.sig2, &w.sigx,
		&w.dx, &w.du, &w.dl1, &w.dl2, &w.atdv, &w.tmp, &w.xp, &w.up, &w.l1p, &w.l2p, &w.atvp, &w.f1p, &w.f2p} {
		*s = vec(nv)
	}
	for _, s := range []*[]float64{&w.b, &w.v, &w.rpri, &w.dv, &w.adx, &w.vp, &w.rpp, &w.tmpd} {
		*s = vec(d)
	}
	return w
}

// load makes sample i the one coded: b = x_i, a = X without column i.
func (w *pd) load(x *mat.Dense, i int) {
	raw := x.RawMatrix()
	ar := w.a.RawMatrix()
	for r := 0; r < w.d; r++ {
		row := raw.Data[r*raw.Stride : r*raw.Stride+w.m+1]
		dst := ar.Data[r*ar.Stride : r*ar.Stride+w.m]
		copy(dst, row[:i])
		copy(dst[i:], row[i+1:])
		w.b[r] = row[i]
	}
}

// mulA sets dst = Av = a v[:m] + v[m:].
func (w *pd) mulA(dst, v []float64) {
	copy(dst, v[w.m:])
	if w.m > 0 {
		blas64.Gemv(blas.NoTrans, 1, w.a.RawMatrix(), blas64.Vector{N: w.m, Data: v[:w.m], Inc: 1}, 1, blas64.Vector{N: w.d, Data: dst, Inc: 1})
	}
}

// mulAT sets dst = Aᵀy = [aᵀy; y].
func (w *pd) mulAT(dst, y []float64) {
	if w.m > 0 {
		blas64.Gemv(blas.Trans, 1, w.a.RawMatrix(), blas64.Vector{N: w.d, Data: y, Inc: 1}, 0, blas64.Vector{N: w.m, Data: dst[:w.m], Inc: 1})
	}
	copy(dst[w.m:], y)
}

// residual returns ||[r_dual; r_cent; r_pri]||₂ of l1eq_pd at the point
// (f1, f2, l1, l2, atv, rpri) and barrier 1/τ = itau:
//
//	r_dual = [λ₁ − λ₂ + Aᵀν; 1 − λ₁ − λ₂],  r_cent = [−λ₁f₁; −λ₂f₂] − 1/τ.
func residual(f1, f2, l1, l2, atv, rpri []float64, itau float64) float64 {
	var ss float64
	for k := range f1 {
		a := l1[k] - l2[k] + atv[k]
		b := 1 - l1[k] - l2[k]
		c := -l1[k]*f1[k] - itau
		e := -l2[k]*f2[k] - itau
		ss += a*a + b*b + c*c + e*e
	}
	return math.Sqrt(ss + floats.Dot(rpri, rpri))
}

// solve runs l1eq_pd on the loaded sample; gc factorizes XXᵀ + I.
func (w *pd) solve(ctx context.Context, gc *mat.Cholesky) (Stat, error) {
	d, m := w.d, w.m
	nv := m + d
	// v₀ = Aᵀ(AAᵀ)⁻¹b with AAᵀ = G − bbᵀ: for y = G⁻¹b,
	// (G − bbᵀ)⁻¹b = y/(1 − bᵀy) (Sherman–Morrison).
	yv := mat.NewVecDense(d, w.tmpd)
	if err := gc.SolveVecTo(yv, mat.NewVecDense(d, w.b)); err != nil {
		return Stat{}, errorf("minimum-energy start: %w", err)
	}
	den := 1 - floats.Dot(w.b, w.tmpd)
	if !(den > 0) {
		return Stat{}, errorf("AAᵀ is singular")
	}
	floats.Scale(1/den, w.tmpd)
	w.mulAT(w.x, w.tmpd)
	maxAbs := 0.0
	for _, v := range w.x {
		maxAbs = math.Max(maxAbs, math.Abs(v))
	}
	for k, v := range w.x {
		w.u[k] = 0.95*math.Abs(v) + 0.10*maxAbs
		w.f1[k] = v - w.u[k]
		w.f2[k] = -v - w.u[k]
		w.l1[k] = -1 / w.f1[k]
		w.l2[k] = -1 / w.f2[k]
		w.tmp[k] = w.l1[k] - w.l2[k]
	}
	w.mulA(w.v, w.tmp)
	floats.Scale(-1, w.v)
	w.mulAT(w.atv, w.v)
	w.mulA(w.rpri, w.x)
	floats.Sub(w.rpri, w.b)

	sdg := -(floats.Dot(w.f1, w.l1) + floats.Dot(w.f2, w.l2))
	tau := pdMu * 2 * float64(nv) / sdg
	resnorm := residual(w.f1, w.f2, w.l1, w.l2, w.atv, w.rpri, 1/tau)

	st := Stat{}
	finish := func(converged bool) (Stat, error) {
		var obj float64
		for _, v := range w.x {
			obj += math.Abs(v)
		}
		w.mulA(w.tmpd, w.x)
		floats.Sub(w.tmpd, w.b)
		st.Objective, st.Residual, st.Violation, st.Converged = obj, floats.Norm(w.tmpd, 2), sdg, converged
		return st, nil
	}
	for sdg >= w.set.Tol {
		if st.Iterations >= w.set.MaxIter {
			return finish(false)
		}
		if err := ctx.Err(); err != nil {
			return Stat{}, err
		}
		st.Iterations++
		it := 1 / tau
		for k := 0; k < nv; k++ {
			f1, f2, l1, l2 := w.f1[k], w.f2[k], w.l1[k], w.l2[k]
			w.w1[k] = -it*(-1/f1+1/f2) - w.atv[k]
			w.w2[k] = -1 - it*(1/f1+1/f2)
			w.sig1[k] = -l1/f1 - l2/f2
			w.sig2[k] = l1/f1 - l2/f2
			w.sigx[k] = w.sig1[k] - w.sig2[k]*w.sig2[k]/w.sig1[k]
			w.tmp[k] = w.w1[k]/w.sigx[k] - w.w2[k]*w.sig2[k]/(w.sigx[k]*w.sig1[k])
		}
		// w1p = −(w3 − A(w1/σx − w2σ2/(σxσ1))), w3 = −r_pri.
		w.mulA(w.dv, w.tmp)
		floats.Add(w.dv, w.rpri) // dv holds w1p until the solve
		// H11p = A diag(1/σx) Aᵀ = a diag(1/σx[:m]) aᵀ + diag(1/σx[m:]).
		ar, sr := w.a.RawMatrix(), w.as.RawMatrix()
		for r := 0; r < d; r++ {
			src := ar.Data[r*ar.Stride : r*ar.Stride+m]
			dst := sr.Data[r*sr.Stride : r*sr.Stride+m]
			for j, v := range src {
				dst[j] = v / math.Sqrt(w.sigx[j])
			}
		}
		if m > 0 {
			w.h.SymOuterK(1, w.as)
		} else {
			w.h.Zero()
		}
		for k := 0; k < d; k++ {
			w.h.SetSym(k, k, w.h.At(k, k)+1/w.sigx[m+k])
		}
		if !w.chol.Factorize(w.h) || 1/w.chol.Cond() < pdMinRcond {
			st.Iterations--
			return finish(false) // l1eq_pd: "Matrix ill-conditioned. Returning previous iterate."
		}
		dvv := mat.NewVecDense(d, w.dv)
		if err := w.chol.SolveVecTo(dvv, dvv); err != nil {
			st.Iterations--
			return finish(false)
		}
		w.mulAT(w.atdv, w.dv)
		for k := 0; k < nv; k++ {
			w.dx[k] = (w.w1[k] - w.w2[k]*w.sig2[k]/w.sig1[k] - w.atdv[k]) / w.sigx[k]
			w.du[k] = (w.w2[k] - w.sig2[k]*w.dx[k]) / w.sig1[k]
			w.dl1[k] = (w.l1[k]/w.f1[k])*(-w.dx[k]+w.du[k]) - w.l1[k] - it/w.f1[k]
			w.dl2[k] = (w.l2[k]/w.f2[k])*(w.dx[k]+w.du[k]) - w.l2[k] - it/w.f2[k]
		}
		w.mulA(w.adx, w.dx)

		// The largest step that keeps λ > 0 and f < 0, times 0.99.
		s := 1.0
		for k := 0; k < nv; k++ {
			if w.dl1[k] < 0 {
				s = math.Min(s, -w.l1[k]/w.dl1[k])
			}
			if w.dl2[k] < 0 {
				s = math.Min(s, -w.l2[k]/w.dl2[k])
			}
		}
		for k := 0; k < nv; k++ {
			if a := w.dx[k] - w.du[k]; a > 0 {
				s = math.Min(s, -w.f1[k]/a)
			}
			if a := -w.dx[k] - w.du[k]; a > 0 {
				s = math.Min(s, -w.f2[k]/a)
			}
		}
		s *= 0.99

		// Backtracking line search on the residual's norm.
		for back := 0; ; back++ {
			if back >= pdMaxBack {
				st.Iterations--
				return finish(false) // l1eq_pd: "Stuck backtracking, returning last iterate."
			}
			for k := 0; k < nv; k++ {
				w.xp[k] = w.x[k] + s*w.dx[k]
				w.up[k] = w.u[k] + s*w.du[k]
				w.atvp[k] = w.atv[k] + s*w.atdv[k]
				w.l1p[k] = w.l1[k] + s*w.dl1[k]
				w.l2p[k] = w.l2[k] + s*w.dl2[k]
				w.f1p[k] = w.xp[k] - w.up[k]
				w.f2p[k] = -w.xp[k] - w.up[k]
			}
			for k := 0; k < d; k++ {
				w.vp[k] = w.v[k] + s*w.dv[k]
				w.rpp[k] = w.rpri[k] + s*w.adx[k]
			}
			if residual(w.f1p, w.f2p, w.l1p, w.l2p, w.atvp, w.rpp, it) <= (1-pdAlpha*s)*resnorm {
				break
			}
			s *= pdBeta
		}
		w.x, w.xp = w.xp, w.x
		w.u, w.up = w.up, w.u
		w.v, w.vp = w.vp, w.v
		w.atv, w.atvp = w.atvp, w.atv
		w.l1, w.l1p = w.l1p, w.l1
		w.l2, w.l2p = w.l2p, w.l2
		w.f1, w.f1p = w.f1p, w.f1
		w.f2, w.f2p = w.f2p, w.f2
		w.rpri, w.rpp = w.rpp, w.rpri

		sdg = -(floats.Dot(w.f1, w.l1) + floats.Dot(w.f2, w.l2))
		tau = pdMu * 2 * float64(nv) / sdg
		resnorm = residual(w.f1, w.f2, w.l1, w.l2, w.atv, w.rpri, 1/tau)
		if !finite(w.x, w.u) || math.IsNaN(sdg) {
			return Stat{}, errorf("iterates are not finite")
		}
	}
	return finish(true)
}

// vertex replaces the interior point v of the loaded sample by the vertex
// of the linear program it points to, and certifies it. A vertex has at
// most d nonzeros: with B the d entries of largest |v| (the interior
// point's entries outside the optimal support tend to zero), v_B solves
// A_B v_B = b and v is zero elsewhere. It is optimal if its signs s are
// those of the interior point and y, the solution of A_Bᵀy = s, is dual
// feasible, ||Aᵀy||_∞ ≤ 1: then bᵀy = sᵀv_B = ||v||₁ and the duality gap
// is zero. Stat.Violation becomes max(||Aᵀy||_∞ − 1, 0). If the
// certificate fails (a degenerate vertex, a support the interior point did
// not reveal), the interior point stays and Converged is false.
func (w *pd) vertex(st Stat) Stat {
	d, m := w.d, w.m
	nv := m + d
	idx := make([]int, nv)
	for k := range idx {
		idx[k] = k
	}
	abs := func(k int) float64 { return math.Abs(w.x[k]) }
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(abs(b), abs(a)) })
	basis := idx[:d]
	ab := mat.NewDense(d, d, nil)
	for c, k := range basis {
		if k < m {
			for r := 0; r < d; r++ {
				ab.Set(r, c, w.a.At(r, k))
			}
		} else {
			ab.Set(k-m, c, 1)
		}
	}
	var lu mat.LU
	lu.Factorize(ab)
	if c := lu.Cond(); !(c < 1/pdMinRcond) {
		st.Converged = false
		return st
	}
	vb := mat.NewVecDense(d, nil)
	if err := lu.SolveVecTo(vb, false, mat.NewVecDense(d, w.b)); err != nil {
		st.Converged = false
		return st
	}
	sgn := mat.NewVecDense(d, nil)
	for c, k := range basis {
		v := vb.AtVec(c)
		if v == 0 || math.Signbit(v) != math.Signbit(w.x[k]) {
			st.Converged = false
			return st
		}
		sgn.SetVec(c, math.Copysign(1, v))
	}
	y := mat.NewVecDense(d, nil)
	if err := lu.SolveVecTo(y, true, sgn); err != nil {
		st.Converged = false
		return st
	}
	w.mulAT(w.tmp, y.RawVector().Data)
	worst := 0.0
	for _, v := range w.tmp {
		worst = math.Max(worst, math.Abs(v))
	}
	if worst > 1+vertexSlack {
		st.Converged = false
		return st
	}
	for k := range w.x {
		w.x[k] = 0
	}
	var obj float64
	for c, k := range basis {
		w.x[k] = vb.AtVec(c)
		obj += math.Abs(w.x[k])
	}
	w.mulA(w.tmpd, w.x)
	floats.Sub(w.tmpd, w.b)
	st.Objective, st.Residual, st.Violation, st.Converged = obj, floats.Norm(w.tmpd, 2), math.Max(worst-1, 0), true
	return st
}

// vertexTol is the interior-point method's tolerance before the vertex is
// taken: below what its Newton systems allow in double precision (about
// 1e-7 on unit-norm samples, where l1eq_pd returns its last iterate), so
// that the interior point has gone as far towards the vertex as it can.
const vertexTol = 1e-10

// vertexSlack is the rounding allowed in the dual certificate's
// ||Aᵀy||_∞ ≤ 1: y solves a d×d system, so its entries carry relative
// errors of about the condition number times the machine epsilon.
const vertexSlack = 1e-8
