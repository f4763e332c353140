package lowrank

import (
	"math"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
	"nnlrs/core/linalg"
	"nnlrs/core/parallel"
)

// The certificate of both problems. Write them as
//
//	min_{Z,H,E} ||Z||_* + g(H) + λ||E||_2,1   s.t.  X = AZ + E,  Z = H,
//
// with g(H) = β||H||_1 + ι(H ≥ 0) for NNLRS (problem (7), the split form
// of problem (6)) and g = 0 for LRR. The Lagrangian
// ||Z||_* + g(H) + λ||E||_2,1 + ⟨Y₁, X − AZ − E⟩ + ⟨Y₂, Z − H⟩ is bounded
// below in Z, H and E exactly when
//
//	||AᵀY₁ − Y₂||₂ ≤ 1,   ||(Y₁)_j||₂ ≤ λ for every column j,   Y₂ ∈ C,
//
// where C = dom g* is {Y₂ ≤ β} (entrywise) for NNLRS and {0} for LRR; the
// dual function is then ⟨Y₁, X⟩. So every such (Y₁, Y₂) gives a lower
// bound D = ⟨Y₁, X⟩ ≤ p* on the optimum, whatever point it came from, and
// the objective P of any feasible point an upper bound: (P − D)/D bounds
// the relative distance of P to the optimum. For LRR the conditions are
// those of Liu et al.'s dual, ||AᵀY₁||₂ ≤ 1 and ||(Y₁)_j||₂ ≤ λ.
//
// Each of the three uses below moves a candidate into that set the same
// way: the columns of U = Y₁ scaled to norm at most λ (columnsToNorm), Y₂
// projected onto C (problem.projC), then (U, Y₂) divided by some
// ς ≥ max(1, ||AᵀU − Y₂||₂); 1/ς ≤ 1 keeps the other two conditions, as
// the ball of each column and C are convex and contain 0. They differ in
// Y₂ and in how the spectral norm is bounded:
//
//   - Bounds and LRRBounds: Y₂ the given multiplier projected onto C, and
//     the exact spectral norm;
//   - ADMM's stopping rule (dualBound): Y₂ = P_C(W) for W = AᵀU − Ŷ₂, so
//     that AᵀU − Y₂ = Ŷ₂ + V with V = W − P_C(W) (problem.excess), where
//     Ŷ₂, the dual estimate of the J-step, has spectral norm at most 1 by
//     construction and ||V||₂ is bounded by normBound; U is the multiplier
//     Ŷ₁, or Ŷ₁ moved off V (correctV), or either with scaled columns. At
//     the checks whose stop depends on it (decide), ||AᵀU − Y₂||₂ is
//     computed instead (exactDual);
//   - the choice of a warm start (zeroGap): U = λX̂ and Y₂ = P_C(AᵀU), so
//     that AᵀU − Y₂ = V, the excess of AᵀU over C.

// dualBound returns a lower bound D ≤ p* on the optimum, built from the
// dual estimates of the last step. U = Ŷ₁ with its columns clipped to
// norm λ (Ŷ₁ has them already, by the E-step, up to rounding) and
// Y₂ = P_C(AᵀU − Ŷ₂), so that AᵀU − Y₂ = Ŷ₂ + V with ||Ŷ₂||₂ ≤ 1 by the
// J-step. Hence ||AᵀU − Y₂||₂ ≤ 1 + δ + ||V||₂ =: ς, with δ bounding the
// rounding of the SVT, and (U, Y₂)/ς is dual feasible:
//
//	D = ⟨U, X⟩/ς.
//
// The scale ς pays for every entry of V across all of U. For NNLRS two
// ways of removing V where it is are tried, and the largest D of the
// four points kept: U moved off V by correctV, and, for U or the moved
// U, each column j scaled by the largest t_j ≤ 1 with
// t_j(AᵀU)_ij ≤ β + (Ŷ₂)_ij for every i (columnFactors). The move costs
// ⟨U, X⟩ little when the violated constraints are few and nearly
// independent (real data), the factors when V sits in a few columns. For
// LRR, V = AᵀU − Ŷ₂ and U is kept.
//
// It leaves U and Y₂ of the kept point in certU and certY2 (NNLRS).
func (s *admm) dualBound() float64 {
	// The certificate works in blocks dead at a check: its own AᵀU and
	// Y₂ (for NNLRS the image's Z and U₃, the next iterate taken from
	// them), and the step's scratch C.
	lend(raw(s.certM), raw(s.cm))
	if s.certY2 != nil {
		lend(raw(s.certY2))
	}
	s.plain()
	// δ: J = Θ(G₂) is computed with an error of a few n·ε·||G₂||; allow
	// ten times that in ||Ŷ₂||₂ = μ₂||G₂ − J||₂.
	var g2f float64
	for _, v := range raw(s.g2) {
		g2f += v * v
	}
	delta := s.mu2 * 10 * float64(max(s.m, s.n)) * epsilon * math.Sqrt(g2f)
	d := s.dualValue(s.certU, s.certM, nil, delta)
	if s.pr.lrr {
		return d
	}
	moved, scaled := false, false
	if dt := s.dualValue(s.certU, s.certM, s.columnFactors(s.certM), delta); dt > d {
		d, scaled = dt, true
	}
	if s.correctV(correctSweeps, false) {
		if dc := s.dualValue(s.corrU, s.cm, nil, delta); dc > d {
			d, moved, scaled = dc, true, false
		}
		if dt := s.dualValue(s.corrU, s.cm, s.columnFactors(s.cm), delta); dt > d {
			d, moved, scaled = dt, true, true
		}
	}
	if moved {
		s.certU, s.corrU = s.corrU, s.certU
		s.certM, s.cm = s.cm, s.certM
	}
	var t []float64
	if scaled {
		t = s.columnFactors(s.certM)
	}
	s.keep(t)
	return d
}

// plain sets certU to Ŷ₁ with its columns clipped to norm λ, and certM
// to AᵀU for it.
func (s *admm) plain() {
	copy(raw(s.certU), raw(s.yh1))
	columnsToNorm(s.certU, s.pr.Lambda, true)
	s.certM.Mul(s.opA().T(), s.certU)
}

// keep makes certU, whose AᵀU is certM, the point kept: U scaled by t
// (nil: all 1, kept in certT for exactDual) and
// Y₂ = P_C(t_j(AᵀU)_ij − (Ŷ₂)_ij) in certY2.
func (s *admm) keep(t []float64) {
	n, u, mm, g2, js, y2 := s.n, raw(s.certU), raw(s.certM), raw(s.g2), raw(s.j), raw(s.certY2)
	parallel.For(s.m, rowGrain(n), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			for j := 0; j < n; j++ {
				a := factor(t, j) * mm[i*n+j]
				y2[i*n+j] = s.pr.projC(i, j, a-s.yh2(g2, js, i*n+j))
			}
		}
	})
	s.certT = nil
	if t != nil {
		s.certT = append(s.certT[:0:0], t...)
	}
	if t != nil {
		for i := 0; i < s.k; i++ {
			for j := 0; j < n; j++ {
				u[i*n+j] *= t[j]
			}
		}
	}
}

// scaleDecides reports whether the bound of the kept dual point with
// ς = 1, ⟨U, X⟩, would certify primal to within gap: only then can
// exactDual's ς change the stop.
func (s *admm) scaleDecides(primal, gap float64) bool {
	dot := linalg.Inner(s.certU, s.xr)
	return (primal-dot)/math.Abs(dot) < gap
}

// exactDual returns the value ⟨U, X⟩/ς of the point dualBound kept, with
// ς = max(1, ||W||₂) for W = AᵀU − Y₂ computed rather than bounded by
// 1 + δ + normBound(V): the triangle inequality ||Ŷ₂ + V||₂ ≤ 1 + ||V||₂
// adds every entry of V at full weight, where V mostly lies off the
// singular vectors of Ŷ₂ whose values are 1. ||W||₂ is bounded by the
// largest singular value from gramValues (normBound if that fails). It
// costs a Gram matrix and a tridiagonal reduction without eigenvectors,
// about half an iteration in wasm at n = 100: run asks for it only where
// it can decide the stop.
func (s *admm) exactDual() float64 {
	w := s.certM // LRR: W = AᵀU, Y₂ = 0
	if !s.pr.lrr {
		// W = t_j(AᵀU)_ij − Y₂ of the point kept, in the step's scratch.
		w = s.cm
		n, ws, mm, y2 := s.n, raw(s.cm), raw(s.certM), raw(s.certY2)
		parallel.For(s.m, rowGrain(n), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				for j := 0; j < n; j++ {
					ws[i*n+j] = factor(s.certT, j)*mm[i*n+j] - y2[i*n+j]
				}
			}
		})
	}
	norm := normBound(w) // if the eigenvalues fail
	// The Gram matrix of W in the n×n block not holding W: AᵀU, read
	// into W already and formed again before it is read next (plain).
	work := s.certM
	if w == s.certM {
		work = s.cm
	}
	if vals, delta, ok := gramValues(&s.eig, w, raw(work)); ok {
		norm = math.Sqrt(math.Max(vals[len(vals)-1], 0) + delta)
	}
	return linalg.Inner(s.certU, s.xr) / math.Max(1, norm)
}

// columnFactors returns, for the point whose AᵀU is mm, each column's
// largest t_j ∈ [0, 1] with t_j(AᵀU)_ij ≤ β + (Ŷ₂)_ij for every i, in
// colT.
func (s *admm) columnFactors(mm *mat.Dense) []float64 {
	n := s.n
	s.colT = resize(s.colT, n)
	t := s.colT
	for j := range t {
		t[j] = 1
	}
	mr, g2, js := raw(mm), raw(s.g2), raw(s.j)
	// Each column's minimum over its rows, columns shared out over the
	// cores: the minimum does not depend on the order.
	parallel.For(n, max(1, n/(4*parallel.Workers())), func(lo, hi int) {
		for i := 0; i < s.m; i++ {
			for j := lo; j < hi; j++ {
				if a := mr[i*n+j]; a > 0 && !s.pr.fixed(i, j) {
					if r := (s.pr.Beta + s.yh2(g2, js, i*n+j)) / a; r < t[j] {
						t[j] = math.Max(r, 0)
					}
				}
			}
		}
	})
	return t
}

// factor returns t_j, or 1 for t = nil.
func factor(t []float64, j int) float64 {
	if t == nil {
		return 1
	}
	return t[j]
}

// correctSweeps caps the sweeps of correctV at an ordinary check: on the
// page's real data one sweep leaves no violation, on the synthetic data
// eight remove more than two (docs/BENCH.md). refineSweeps caps them
// where the point is projected (decide): 30 certified as early as 50 on
// the default data's β step, seeds 1-6, where 15 took five iterations
// more on one (docs/BENCH.md).
const (
	correctSweeps = 8
	refineSweeps  = 30
)

// correctV sets corrU to U = certU moved off the entries of the excess
// V = (AᵀU − Ŷ₂ − β)₊ (NNLRS), and cm (the step's scratch, free at a
// check) to AᵀU for it; it reports false
// when V is zero, with nothing to correct.
//
// Each column's dual constraints are separable: column j of U meets
// a_iᵀu_j ≤ c_ij = β + (Ŷ₂)_ij for every i, a_i column i of A. Hildreth's
// method (Hildreth 1957; Censor and Zenios, Parallel Optimization, 1997)
// projects u_j onto that polyhedron one constraint at a time: with
// a multiplier z_i ≥ 0 for each, a step on constraint i sets
// z_i ← max(0, z_i + v_i/||a_i||²), v_i = a_iᵀu_j − c_ij, and moves u_j by
// −(change of z_i)·a_i, keeping Aᵀu_j current through the Gram matrix
// AᵀA; a move that overshot is taken back in a later sweep. A column is
// done after a sweep that finds no violated constraint, or, with
// project, one that moves u_j by no more than a relative 1e-9 (close to
// the projection, which loses less of ⟨u_j, x_j⟩), or after sweeps
// sweeps. The columns are then clipped to norm λ again and AᵀU
// recomputed from U, so that the point's value is exact whatever the
// rounding of the sweeps.
func (s *admm) correctV(sweeps int, project bool) bool {
	k, n, m := s.k, s.n, s.m
	if s.corrU == nil {
		s.corrU = mat.NewDense(k, n, nil)
	}
	u, mm, g2, js := raw(s.corrU), raw(s.certM), raw(s.g2), raw(s.j)
	copy(u, raw(s.certU))
	beta := s.pr.Beta
	// c_ij, +Inf where the entry is held at zero.
	bound := func(i, j int) float64 {
		if s.pr.fixed(i, j) {
			return math.Inf(1)
		}
		return beta + s.yh2(g2, js, i*n+j)
	}
	var moved atomic.Bool
	parallel.For(n, max(1, n/(8*parallel.Workers())), func(lo, hi int) {
		for j := lo; j < hi && !moved.Load(); j++ {
			for i := 0; i < m; i++ {
				if mm[i*n+j] > bound(i, j) {
					moved.Store(true)
					break
				}
			}
		}
	})
	if !moved.Load() {
		return false
	}
	s.gramA()
	at := raw(s.at)
	// The columns are projected each alone, shared out over the cores.
	parallel.For(n, max(1, n/(8*parallel.Workers())), func(lo, hi int) {
		col := make([]float64, k+3*m)
		uj, mj, cj, z := col[:k], col[k:k+m], col[k+m:k+2*m], col[k+2*m:]
		for j := lo; j < hi; j++ {
			violated := false
			for i := 0; i < m; i++ {
				mj[i], cj[i] = mm[i*n+j], bound(i, j)
				violated = violated || mj[i] > cj[i]
			}
			if !violated {
				continue
			}
			for r := range uj {
				uj[r] = u[r*n+j]
			}
			clear(z)
			for sweep := 0; sweep < sweeps; sweep++ {
				change, violated := 0.0, false
				for i, c := range cj {
					v := mj[i] - c
					if v <= 0 && z[i] == 0 {
						continue
					}
					violated = violated || v > 0
					gii := s.gram[i*m+i]
					if gii == 0 {
						continue // a_i = 0: the constraint does not depend on U
					}
					zn := math.Max(0, z[i]+v/gii)
					d := zn - z[i]
					if d == 0 {
						continue
					}
					z[i] = zn
					change = math.Max(change, math.Abs(d)*math.Sqrt(gii))
					for r, a := range at[i*k : (i+1)*k] {
						uj[r] -= d * a
					}
					for r, g := range s.gram[i*m : (i+1)*m] {
						mj[r] -= d * g
					}
				}
				if !violated && !project || change <= 1e-9*s.pr.Lambda {
					break
				}
			}
			for r, v := range uj {
				u[r*n+j] = v
			}
		}
	})
	columnsToNorm(s.corrU, s.pr.Lambda, true)
	s.cm.Mul(s.opA().T(), s.corrU)
	return true
}

// gramA computes Aᵀ, once, and AᵀA (m×m) for correctV: kept from call
// to call for problems of fewer than lentGramMinSize entries m·n per
// block, else formed again at every call in the block of Y₂, which
// correctV's callers write after it (keep). The same product either way.
func (s *admm) gramA() {
	if s.at == nil {
		s.at = mat.DenseCopyOf(s.ar.T())
	}
	if s.gram != nil && !s.gramLent {
		return
	}
	var g *mat.Dense
	if y2 := raw(s.certY2); s.m*s.n >= lentGramMinSize && len(y2) >= s.m*s.m {
		g = mat.NewDense(s.m, s.m, y2[:s.m*s.m])
		s.gramLent = true
	} else {
		g = mat.NewDense(s.m, s.m, nil)
	}
	g.Mul(s.at, s.ar)
	s.gram = raw(g)
}

// lentGramMinSize is the m·n from which AᵀA is formed in Y₂'s block at
// every correction rather than kept (gramA): the page's problems keep it.
// A variable for the tests.
var lentGramMinSize = 1000 * 1000

// dualValue evaluates the dual point of dualBound whose U has AᵀU = mm,
// its columns scaled by t (nil: all 1): it returns
// D = Σ_j t_j⟨U_j, X_j⟩/ς with ς = 1 + δ + normBound(V), V the excess of
// t_j(AᵀU)_ij − (Ŷ₂)_ij over C, whose entries are bounded as they come.
func (s *admm) dualValue(u, mm *mat.Dense, t []float64, delta float64) float64 {
	k, n, m := s.k, s.n, s.m
	mr, g2, js := raw(mm), raw(s.g2), raw(s.j)
	var nb normBounder
	nb.reset(n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			nb.add(j, s.pr.excess(i, j, factor(t, j)*mr[i*n+j]-s.yh2(g2, js, i*n+j)))
		}
		nb.endRow()
	}
	dot, ur, xr := 0.0, raw(u), raw(s.xr)
	for i := 0; i < k; i++ {
		for j := 0; j < n; j++ {
			dot += factor(t, j) * ur[i*n+j] * xr[i*n+j]
		}
	}
	return dot / (1 + delta + nb.bound())
}

// yh2 returns entry i of the dual estimate of the J-step,
// Ŷ₂ = μ₂(G₂ − J), from g2 and js, the raw G₂ and J of the last step.
func (s *admm) yh2(g2, js []float64, i int) float64 { return s.mu2 * (g2[i] - js[i]) }

// zeroGap returns the relative gap certified for the point Z = 0, E = X,
// whose objective is λ||X||_2,1, by the dual point U = λX̂ (the columns of
// X scaled to norm λ, the subgradient of λ||E||_2,1 at E = X),
// Y₂ = P_C(AᵀU): then AᵀU − Y₂ = V, the excess of AᵀU over C, and
// (U, Y₂)/ς with ς = max(1, ||V||₂) is dual feasible with value
// λ||X||_2,1/ς, a relative gap of ς − 1.
func (s *admm) zeroGap() float64 {
	u := mat.DenseCopyOf(s.xr)
	columnsToNorm(u, s.pr.Lambda, false)
	v := s.certM // m×n scratch
	v.Mul(s.opA().T(), u)
	v.Apply(s.pr.excess, v)
	return math.Max(1, normBound(v)) - 1
}

// Bounds brackets the optimal value p* of the NNLRS problem (6) from an
// approximate solution, independently of how it was obtained:
//
//	dual ≤ p* ≤ primal.
//
// The upper bound is the objective at the exactly feasible point Z = H₊,
// E = X − AH₊, where H₊ = max(H, 0):
//
//	primal = ||H₊||_* + β||H₊||_1 + λ||X − AH₊||_2,1.
//
// The lower bound is the value ⟨Y₁, X⟩ of the dual problem (certificate.go)
// at the multipliers moved into its feasible set: Y₂ ← min(Y₂, β), each
// column of Y₁ scaled to norm at most λ, then both scaled by
// 1/max(1, ||AᵀY₁ − Y₂||₂). A small relative gap (primal − dual)/primal
// certifies that H₊ is nearly optimal.
func Bounds(x, a *mat.Dense, p Params, h, y1, y2 *mat.Dense) (primal, dual float64, err error) {
	return bounds(x, a, problem{Params: p}, h, y1, y2)
}

// LRRBounds brackets the optimal value p* of LRR,
//
//	min_{Z,E} ||Z||_* + λ||E||_2,1   s.t.  X = AZ + E,
//
// from an approximate solution Z and a multiplier Y₁ of X = AZ + E,
// independently of how they were obtained: dual ≤ p* ≤ primal, with
// primal = ||Z||_* + λ||X − AZ||_2,1 and dual = ⟨Y₁, X⟩ at Y₁ with its
// columns scaled to norm at most λ and then by 1/max(1, ||AᵀY₁||₂), a
// point of Liu et al.'s dual problem max ⟨Y₁, X⟩ s.t. ||AᵀY₁||₂ ≤ 1,
// ||(Y₁)_j||₂ ≤ λ (certificate.go).
func LRRBounds(x, a *mat.Dense, lambda float64, z, y1 *mat.Dense) (primal, dual float64, err error) {
	return bounds(x, a, problem{Params: Params{Lambda: lambda}, lrr: true}, z, y1, nil)
}

// bounds is Bounds for the problem pr; y2 is not read for LRR.
func bounds(x, a *mat.Dense, pr problem, z, y1, y2 *mat.Dense) (primal, dual float64, err error) {
	if a == nil {
		a = x
	}
	d, n := x.Dims()
	_, m := a.Dims()
	for _, c := range []struct {
		name string
		mat  *mat.Dense
		r, c int
	}{{"Z", z, m, n}, {"Y1", y1, d, n}, {"Y2", y2, m, n}} {
		if c.mat == nil && pr.lrr {
			continue // Y2 is not read
		}
		if r, cc := c.mat.Dims(); r != c.r || cc != c.c {
			return 0, 0, errorf("bounds: %s is %d×%d, want %d×%d", c.name, r, cc, c.r, c.c)
		}
	}

	zp := mat.DenseCopyOf(z)
	zp.Apply(pr.feasible, zp)
	var e mat.Dense
	e.Mul(a, zp)
	e.Sub(x, &e)
	primal = pr.Objective(zp, &e)

	u := mat.DenseCopyOf(y1)
	columnsToNorm(u, pr.Lambda, true)
	var w mat.Dense
	w.Mul(a.T(), u)
	if !pr.lrr {
		u2 := mat.DenseCopyOf(y2)
		u2.Apply(pr.projC, u2)
		w.Sub(&w, u2)
	}
	dual = linalg.Inner(u, x) / math.Max(1, linalg.Norm2(&w))
	return primal, dual, nil
}

// columnsToNorm scales the columns of u (contiguous rows) to norm lam:
// every nonzero column, or with atMost only those of norm above lam.
func columnsToNorm(u *mat.Dense, lam float64, atMost bool) {
	k, n := u.Dims()
	ur := raw(u)
	for j := 0; j < n; j++ {
		nr := 0.0
		for i := 0; i < k; i++ {
			nr += ur[i*n+j] * ur[i*n+j]
		}
		if nr == 0 || atMost && math.Sqrt(nr) <= lam {
			continue
		}
		f := lam / math.Sqrt(nr)
		for i := 0; i < k; i++ {
			ur[i*n+j] *= f
		}
	}
}

// normBound returns an upper bound on the spectral norm of v,
// min(||v||_F, √(||v||₁||v||_∞)).
func normBound(v *mat.Dense) float64 {
	r, c := v.Dims()
	var nb normBounder
	nb.reset(c)
	for i := 0; i < r; i++ {
		for j, t := range v.RawRowView(i) {
			nb.add(j, t)
		}
		nb.endRow()
	}
	return nb.bound()
}

// normBounder is normBound of a matrix whose entries are given row by
// row (add, then endRow), without storing them.
type normBounder struct {
	fro, row, maxRow float64
	cols             []float64
}

func (b *normBounder) reset(c int) {
	*b = normBounder{cols: make([]float64, c)}
}

func (b *normBounder) add(j int, t float64) {
	b.fro += t * t
	b.row += math.Abs(t)
	b.cols[j] += math.Abs(t)
}

func (b *normBounder) endRow() {
	b.maxRow = math.Max(b.maxRow, b.row)
	b.row = 0
}

func (b *normBounder) bound() float64 {
	maxCol := 0.0
	for _, t := range b.cols {
		maxCol = math.Max(maxCol, t)
	}
	return math.Min(math.Sqrt(b.fro), math.Sqrt(maxCol*b.maxRow))
}

// rowGrain is the rows of n entries that make a range of parallel.For
// worth its goroutine.
func rowGrain(n int) int { return max(1, elementGrain/max(n, 1)) }

// resize returns s with length n, reusing its array when it can.
func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

const epsilon = 1.0 / (1 << 52)

// primalBound returns the objective of the feasible point returned (Z = H
// ≥ 0 for NNLRS, Z = J for LRR) with E = X − AZ, an upper bound on the
// optimum; it leaves AZ in ah. The nuclear norm comes from the eigenvalues
// of ZᵀZ (or ZZᵀ), each raised by a bound on its rounding error, so that
// the sum of square roots stays an upper bound.
func (s *admm) primalBound() float64 {
	s.ah.Mul(s.opA(), s.ret)
	xr, ah := raw(s.xr), raw(s.ah)
	k, n := s.k, s.n
	l21 := 0.0
	for j := 0; j < n; j++ {
		nr := 0.0
		for i := 0; i < k; i++ {
			v := xr[i*n+j] - ah[i*n+j]
			nr += v * v
		}
		l21 += math.Sqrt(nr)
	}
	// The Gram matrix of Z in the step's scratch, dead after dualBound
	// (a moved AᵀU it kept was swapped into certM).
	var nuclear float64
	lend(raw(s.cm))
	nuclear, s.retGram = nuclearUpper(&s.eig, s.ret, raw(s.cm))
	return nuclear + s.pr.Beta*s.l1H + s.pr.Lambda*l21
}

// nuclearUpper returns an upper bound on ||h||_*, tight to about
// √(10 n ε)·||h||_F per singular value, and the nuclear norm and rank the
// same eigenvalues give (gramNuclearRank; not ok when the SVD was used).
func nuclearUpper(eig *eigen.Sym, h *mat.Dense, work []float64) (float64, gramSummary) {
	vals, delta, ok := gramValues(eig, h, work)
	if !ok {
		// Fall back on the SVD.
		return NuclearNorm(h), gramSummary{}
	}
	sum := 0.0
	for _, l := range vals {
		sum += math.Sqrt(math.Max(l, 0) + delta)
	}
	return sum, gramNuclearRank(vals, delta)
}

// gramValues returns the eigenvalues of the Gram matrix of h's shorter
// side, the squared singular values of h, ascending, and δ, a bound on
// the rounding of the Gram matrix and of its eigenvalues: √(l + δ) bounds
// each singular value above. It reports false if the eigenvalues failed.
// The Gram matrix is formed in work (eig's own buffer if work is too
// short), which must not be h.
func gramValues(eig *eigen.Sym, h *mat.Dense, work []float64) (vals []float64, delta float64, ok bool) {
	eig.Lent = eigen.Buffers{Matrix: work}
	r, c := h.Dims()
	// FactorizeOuter(A) decomposes A Aᵀ: the Gram matrix of the shorter
	// side.
	var hm mat.Matrix = h.T() // hᵀh, c×c
	if r < c {
		hm = h // hhᵀ, r×r
	}
	if _, ok := eig.FactorizeOuter(hm, false, math.Inf(-1)); !ok {
		return nil, 0, false
	}
	fro := mat.Norm(h, 2)
	return eig.Values(nil), 10 * float64(max(r, c)) * epsilon * fro * fro, true
}

// decide is the bound at a check that the dual point's scale ς can
// decide (scaleDecides): it returns the bound and the gap to primal of
// exactDual for the point kept, and, if that does not certify within
// gap, of the point Ŷ₁ projected by correctV (project, at most
// refineSweeps sweeps), whatever its value: the point left in certU and
// certY2 is always the one bounded. NNLRS only; for LRR the first.
func (s *admm) decide(primal, gap, dual float64) (bound, certGap float64) {
	dual = math.Max(dual, s.exactDual())
	if certGap = (primal - dual) / math.Abs(dual); certGap < gap || s.pr.lrr {
		return dual, certGap
	}
	s.plain()
	if s.correctV(refineSweeps, true) {
		s.certU, s.corrU = s.corrU, s.certU
		s.certM, s.cm = s.cm, s.certM
	}
	s.keep(nil)
	dual = s.exactDual()
	return dual, (primal - dual) / math.Abs(dual)
}
