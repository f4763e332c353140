package embed

import (
	"context"
	"errors"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"

	"nnlrs/core/linalg"
	"nnlrs/core/prox"
)

// Algorithm 3 of the paper: the P step of NNLRS-EF, the inexact ALM that
// updates the projection (with E) for a fixed Z.

// ALMSettings configure Algorithm 3. Zero fields take the paper's values.
type ALMSettings struct {
	Mu0   float64 // μ₀, default 0.1
	MuMax float64 // μ_max, default 1e10
	Rho   float64 // ρ, default 1.1
	Eps1  float64 // feasibility tolerance ε₁, default 1e-6
	Eps2  float64 // change tolerance ε₂, default 1e-3
	// MaxIter caps the ALM iterations, default 300.
	MaxIter int
	// LBFGSIter caps the L-BFGS iterations of each P update, default 10;
	// the updates are warm-started, so a few iterations track the optimum.
	LBFGSIter int
}

// pStep runs Algorithm 3 for fixed Z from Q and returns the new Q. The
// constraint's left side is QM̃ with M̃ = X̃(I − Z), or, normalizing,
// Â(Q)(I − Z) with Â(Q) = proj(Q), which is not linear in Q; the L-BFGS
// subproblem then uses the exact map and its gradient.
func (pr *problem) pStep(ctx context.Context, z, q0 *mat.Dense, s ALMSettings) (*mat.Dense, int, bool, error) {
	r, n := pr.r, pr.n
	obj := &pObjective{pr: pr}
	if pr.normalize {
		m := mat.NewDense(n, n, nil)
		m.Sub(identity(n), z)
		obj.m = m
	} else {
		// M̃ = X̃(I − Z) and G = M̃M̃ᵀ are fixed for the whole ALM.
		var mt, g mat.Dense
		mt.Mul(pr.xt, z)
		mt.Sub(pr.xt, &mt)
		g.Mul(&mt, mt.T())
		obj.mt, obj.g = &mt, &g
	}

	q := mat.DenseCopyOf(q0)
	e := mat.NewDense(r, n, nil)
	y := mat.NewDense(r, n, nil)
	var c, t mat.Dense
	pm, err := obj.lhs(q)
	if err != nil {
		return nil, 0, false, err
	}
	mu := s.Mu0
	for it := 1; it <= s.MaxIter; it++ {
		if err := ctx.Err(); err != nil {
			return nil, 0, false, err
		}
		// E ← Ω_{λ/μ}(QM̃ + Y/μ).
		eOld := mat.DenseCopyOf(e)
		t.Scale(1/mu, y)
		t.Add(pm, &t)
		prox.L21(e, pr.p.Lambda/mu, &t)

		// Q ← argmin γ g(Q) + μ/2 ||QM̃ − C||², C = E − Y/μ.
		c.Scale(-1/mu, y)
		c.Add(e, &c)
		obj.setTarget(mu, &c)
		qOld := mat.DenseCopyOf(q)
		q = obj.minimize(q, s.LBFGSIter)

		// Y ← Y + μ(QM̃ − E).
		if pm, err = obj.lhs(q); err != nil {
			return nil, 0, false, err
		}
		t.Sub(pm, e)
		t.Scale(mu, &t)
		y.Add(y, &t)

		px, err := pr.proj(q)
		if err != nil {
			return nil, 0, false, err
		}
		norm := mat.Norm(px, 2)
		if norm == 0 {
			return nil, 0, false, errors.New("embed: P step: the projection collapsed to zero")
		}
		t.Sub(pm, e)
		feas := mat.Norm(&t, 2) / norm
		eOld.Sub(e, eOld)
		qOld.Sub(q, qOld)
		if feas < s.Eps1 && mat.Norm(eOld, 2)/norm < s.Eps2 && mat.Norm(qOld, 2)/norm < s.Eps2 {
			return q, it, true, nil
		}
		mu = math.Min(s.MuMax, s.Rho*mu)
	}
	return q, s.MaxIter, false, nil
}

func identity(n int) *mat.Dense {
	m := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		m.Set(i, i, 1)
	}
	return m
}

// pObjective is the P subproblem of Algorithm 3 in the reduced
// coordinates,
//
//	f(Q) = γ(tr S − 2tr(QSQᵀ) + tr(QQᵀQSQᵀ)) + μ/2 ||L(Q) − C||²,
//
// where L(Q) = QM̃ is the left side of the constraint. Without
// normalization it is expanded with G = M̃M̃ᵀ and N = M̃Cᵀ as
// μ/2 (tr(QGQᵀ) − 2tr(QN) + ||C||²), and the gradient is
//
//	∇f = γ(−4QS + 2QQᵀQS + 2QSQᵀQ) + μ(QG − Nᵀ).
//
// With normalization L(Q) = Â(Q)M, M = I − Z, where column j of Â is
// aⱼ/||aⱼ||, aⱼ = Qx̃ⱼ; with R = L(Q) − C and Ĝ = μRMᵀ, the gradient of the
// second term is Σⱼ (I − âⱼâⱼᵀ)ĝⱼ x̃ⱼᵀ/||aⱼ||.
type pObjective struct {
	pr *problem
	// Without normalization: M̃, G = M̃M̃ᵀ, and N = M̃Cᵀ for the current C.
	mt, g, n *mat.Dense
	// With normalization: M = I − Z and the current C.
	m, c   *mat.Dense
	mu, cc float64
}

// lhs returns the constraint's left side L(Q).
func (o *pObjective) lhs(q *mat.Dense) (*mat.Dense, error) {
	var l mat.Dense
	if o.m == nil {
		l.Mul(q, o.mt)
		return &l, nil
	}
	a, err := o.pr.proj(q)
	if err != nil {
		return nil, err
	}
	l.Mul(a, o.m)
	return &l, nil
}

// setTarget sets μ and C of the subproblem.
func (o *pObjective) setTarget(mu float64, c *mat.Dense) {
	o.mu = mu
	cc := mat.Norm(c, 2)
	o.cc = cc * cc
	if o.m != nil {
		o.c = c
		return
	}
	var nn mat.Dense
	nn.Mul(o.mt, c.T()) // N = M̃Cᵀ, k×r
	o.n = &nn
}

func (o *pObjective) eval(x, grad []float64) float64 {
	pr := o.pr
	q := mat.NewDense(pr.r, pr.k, x)
	qs := pr.scaleCols(q)
	var t, kk mat.Dense
	t.Mul(qs, q.T()) // QSQᵀ
	kk.Mul(q, q.T()) // QQᵀ
	f := o.pr.gamma * (pr.trS - 2*mat.Trace(&t) + linalg.Inner(&kk, &t))
	var gm *mat.Dense
	if grad != nil {
		gm = mat.NewDense(pr.r, pr.k, grad)
		var a, b mat.Dense
		a.Mul(&kk, qs) // QQᵀQS
		b.Mul(&t, q)   // QSQᵀQ
		// γ(2QQᵀQS + 2QSQᵀQ − 4QS).
		a.Add(&a, &b)
		a.Scale(2, &a)
		gm.Scale(-4, qs)
		gm.Add(gm, &a)
		gm.Scale(o.pr.gamma, gm)
	}
	if o.m == nil {
		var qg mat.Dense
		qg.Mul(q, o.g) // QG
		f += o.mu / 2 * (linalg.Inner(&qg, q) - 2*linalg.Inner(q, o.n.T()) + o.cc)
		if gm != nil {
			qg.Sub(&qg, o.n.T())
			qg.Scale(o.mu, &qg)
			gm.Add(gm, &qg)
		}
		return f
	}
	a := mat.NewDense(pr.r, pr.n, nil)
	a.Mul(q, pr.xt)
	norms := linalg.NormalizeColumns(a) // a is now Â
	for _, v := range norms {
		if v == 0 {
			if gm != nil {
				gm.Zero()
			}
			return math.Inf(1)
		}
	}
	var res mat.Dense
	res.Mul(a, o.m)
	res.Sub(&res, o.c)
	rn := mat.Norm(&res, 2)
	f += o.mu / 2 * rn * rn
	if gm != nil {
		var gh mat.Dense
		gh.Mul(&res, o.m.T()) // Ĝ/μ
		for j := 0; j < pr.n; j++ {
			dot := 0.0
			for i := 0; i < pr.r; i++ {
				dot += a.At(i, j) * gh.At(i, j)
			}
			for i := 0; i < pr.r; i++ {
				gh.Set(i, j, o.mu*(gh.At(i, j)-dot*a.At(i, j))/norms[j])
			}
		}
		var g2 mat.Dense
		g2.Mul(&gh, pr.xt.T())
		gm.Add(gm, &g2)
	}
	return f
}

// minimize runs gonum's L-BFGS (10 curvature pairs) from q for at most
// iters major iterations and returns the best point found (q itself if
// nothing better was found). The objective and its gradient come from one
// evaluation, kept for the gradient request at the same point.
func (o *pObjective) minimize(q *mat.Dense, iters int) *mat.Dense {
	x0 := mat.DenseCopyOf(q).RawMatrix().Data
	f0 := o.eval(x0, nil)
	var atX, grad []float64
	p := optimize.Problem{
		Func: func(x []float64) float64 {
			atX = append(atX[:0], x...)
			grad = slices.Grow(grad[:0], len(x))[:len(x)]
			return o.eval(x, grad)
		},
		Grad: func(g, x []float64) {
			if floats.Equal(x, atX) {
				copy(g, grad)
				return
			}
			o.eval(x, g)
		},
	}
	// An error (the iteration limit, a line search that cannot decrease f)
	// still leaves in res the best point found, which is all Algorithm 3
	// asks of the P step.
	res, _ := optimize.Minimize(p, x0, &optimize.Settings{MajorIterations: iters}, &optimize.LBFGS{Store: 10})
	if res == nil || !(res.F < f0) {
		return q
	}
	return mat.NewDense(o.pr.r, o.pr.k, res.X)
}
