package embed

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"

	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
	"nnlrs/core/prox"
)

// DefaultGamma is the γ of NNLRS-EF when Params.Gamma is 0; the paper
// sets γ "empirically" and does not report it. The error term always pays
// for shrinking P, and γ = 100 is what keeps P at PCA's scale and the
// graph at PCA+NNLRS's quality: the package documentation gives the
// measurements.
const DefaultGamma = 100

// Params are the model parameters of NNLRS-EF, problem (14).
type Params struct {
	lowrank.Params // β and λ of the NNLRS part
	// Gamma (γ > 0) weighs the reconstruction error ||X − PᵀPX||_F²; 0
	// means DefaultGamma.
	Gamma float64
	// Dim is the reduced dimension r, the number of rows of P; 0 means
	// DefaultDim. It is clipped to the rank of X.
	Dim int
}

// Settings configure Algorithm 4. The zero value gives the defaults.
type Settings struct {
	// MaxOuter caps the alternations of Algorithm 4, default 5.
	MaxOuter int
	// Eps3 (ε₃) stops the alternation when the relative changes of Z, P
	// and E all fall below it, default 1e-3.
	Eps3 float64
	// NNLRS is the method of the Z step; nil means &lowrank.ADMM{}.
	NNLRS lowrank.Method
	// ALM configures Algorithm 3 for the P step.
	ALM ALMSettings
	// Span bounds the search for P: its rows are sought in the span of the
	// first Span left singular vectors of X; 0 means 3·r, and it is
	// clipped to the rank of X. The γ term ties P to the leading principal
	// directions, so little is lost (the objective is still evaluated
	// exactly), while the cost of the P step falls with Span²: on Yale B
	// faces (rank 750, r = 100) it makes the step about 5 times faster.
	Span int
	// Normalize, if set, normalizes the projected samples to unit l2
	// norm before the Z step, as Algorithm 2 normalizes X before NNLRS:
	// the Z step solves problem (15) for Ã = PX D⁻¹, D = diag(||PXᵢ||),
	// and the objective becomes
	//
	//	F̃(Z, P) = ||Z||_* + β||Z||_1 + λ||PX D⁻¹(I − Z)||_2,1 + γ||X − PᵀPX||_F²,
	//
	// which no longer rewards shrinking P as a whole (see DefaultGamma):
	// the error term is invariant to P's scale, so only the relative
	// weights of the projected features adapt. Measured, it does not
	// prevent the collapse at γ = 1 either: P shrinks its weak directions
	// and the samples crowd onto the strong ones. The P step holds D at its
	// value for the current P (Algorithm 3 is otherwise unchanged) and, as
	// every step, is kept only if F̃ does not increase.
	Normalize bool
	// Progress, if not nil, is called after every half step.
	Progress func(Progress)
}

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

// Progress reports a half step of Algorithm 4.
type Progress struct {
	Outer int    // alternation, from 1
	Step  string // "Z" (Algorithm 1) or "P" (Algorithm 3)
	// Objective is F(Z, P) after the step (see Objective).
	Objective float64
	// Iterations of the inner solver (ADMM/LADMAP or ALM).
	Iterations int
	// Accepted reports whether the step was kept (see NNLRSEF).
	Accepted bool
}

// Result is the outcome of NNLRSEF.
type Result struct {
	// Z (n×n, nonnegative) is the representation, E = PX(I − Z) (r×n)
	// the error and P (r×d) the projection.
	Z, E, P *mat.Dense
	// Objective holds F(Z, P) after the first Z step (the PCA+NNLRS point)
	// and after every later half step; it never increases.
	Objective []float64
	// Outer is the number of alternations done.
	Outer int
	// Iterations is the total number of iterations of the Z steps.
	Iterations int
	// Converged reports whether the alternation met ε₃ (and every inner
	// solver its own stopping rule) before MaxOuter.
	Converged bool
}

func (s *Settings) defaults() Settings {
	var c Settings
	if s != nil {
		c = *s
	}
	if c.MaxOuter == 0 {
		c.MaxOuter = 5
	}
	if c.Eps3 == 0 {
		c.Eps3 = 1e-3
	}
	a := &c.ALM
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&a.Mu0, 0.1)
	def(&a.MuMax, 1e10)
	def(&a.Rho, 1.1)
	def(&a.Eps1, 1e-6)
	def(&a.Eps2, 1e-3)
	if a.MaxIter == 0 {
		a.MaxIter = 300
	}
	if a.LBFGSIter == 0 {
		a.LBFGSIter = 10
	}
	return c
}

// problem holds the data of NNLRS-EF in the coordinates of the range of X.
//
// With the thin SVD X = UΣVᵀ every P can be written P = QUᵀ + P⊥ with
// P⊥X = 0; P⊥ only adds ||P⊥ᵀPX||² ≥ 0 to the γ term and nothing
// elsewhere, so the optimal P⊥ is 0 and the problem lives in Q (r×k) and
// X̃ = UᵀX = ΣVᵀ (k×n), with k = rank X. Settings.Span may restrict U to
// the first k < rank X singular vectors; with X = U X̃ + X⊥ (X⊥ the rest)
// all quantities stay exact for P = QUᵀ: PX = QX̃ and
// ||X − PᵀPX||_F² = ||X̃ − QᵀQX̃||_F² + ||X⊥||_F², where X̃X̃ᵀ = Σ_k² is
// diagonal and trS = ||X||_F² accounts for ||X⊥||².
type problem struct {
	p     Params
	u     *mat.Dense // d×k
	xt    *mat.Dense // X̃, k×n
	s     []float64  // σ², the diagonal of X̃X̃ᵀ
	trS   float64    // ||X||_F²
	r, k  int
	n     int
	gamma float64
	// normalize: the error term uses the normalized projection (see
	// Settings.Normalize).
	normalize bool
}

// NNLRSEF solves NNLRS-EF, problem (14) of the paper, on the d×n samples
// x (one per column; the paper normalizes them to unit norm first, as Graph
// does), by Algorithm 4: starting from the PCA projection P₀ (see PCA),
// it alternates
//
//  1. (Z, E) for fixed P: problem (15), NNLRS with X = A = PX, solved by
//     lowrank's ADMM, or by LADMAP (Algorithm 1, the paper's choice) if
//     Settings.NNLRS asks for it;
//  2. (E, P) for fixed Z by the inexact ALM of Algorithm 3:
//     E ← Ω_{λ/μ}(PX(I − Z) + Y/μ),
//     P ← argmin γ||X − PᵀPX||² + μ/2||PX(I − Z) − E + Y/μ||² (L-BFGS),
//     Y ← Y + μ(PX(I − Z) − E), μ ← min(ρμ, μ_max),
//
// until the relative changes of Z, P and E fall below ε₃. Algorithm 3
// starts from P₀ = I in the paper, which has the wrong shape for r < d; it
// is warm-started here from the current P.
//
// Progress is measured by the objective of problem (14) at feasible points,
//
//	F(Z, P) = ||Z||_* + β||Z||_1 + λ||PX(I − Z)||_2,1 + γ||X − PᵀPX||_F²
//
// (E eliminated by the constraint), see Objective. Neither the Z step's
// solver (which stops at a tolerance) nor the ALM (whose P subproblem is
// not convex) guarantees that F decreases, so a step is kept only if it
// does not increase F; otherwise the previous iterate stays and the
// alternation stops. The first Z step is always kept: it defines the
// starting value, the NNLRS solution on the PCA projection (PCA+NNLRS up
// to the normalization of the projected samples). Result.Objective
// therefore never increases.
//
// If an inner solver reaches its iteration cap, its last iterate is used and
// Result.Converged is false; a cancelled ctx returns ctx.Err().
func NNLRSEF(ctx context.Context, x *mat.Dense, p Params, s *Settings) (*Result, error) {
	set := s.defaults()
	pr, err := newProblem(x, p, set.Span)
	if err != nil {
		return nil, err
	}
	pr.normalize = set.Normalize
	if set.MaxOuter < 1 || !(set.Eps3 > 0) {
		return nil, fmt.Errorf("embed: need MaxOuter >= 0 (0: the default) and Eps3 > 0, have %d and %v", set.MaxOuter, set.Eps3)
	}

	q := pr.pcaStart()
	res := &Result{Converged: true}
	var z *mat.Dense
	var f float64
	report := func(outer int, step string, obj float64, iters int, ok bool) {
		if set.Progress != nil {
			set.Progress(Progress{Outer: outer, Step: step, Objective: obj, Iterations: iters, Accepted: ok})
		}
	}
	for outer := 1; outer <= set.MaxOuter; outer++ {
		res.Outer = outer
		// 1. Z step.
		zNew, iters, conv, err := pr.zStep(ctx, q, set.NNLRS)
		if err != nil {
			return nil, err
		}
		res.Iterations += iters
		fz := pr.objective(zNew, q)
		if z != nil && !(fz <= f) {
			report(outer, "Z", fz, iters, false)
			break
		}
		res.Converged = res.Converged && conv
		dz := relChange(zNew, z)
		z, f = zNew, fz
		res.Objective = append(res.Objective, f)
		report(outer, "Z", f, iters, true)

		// 2. P step.
		qNew, iters, conv, err := pr.pStep(ctx, z, q, set.ALM)
		if err != nil {
			return nil, err
		}
		fp := pr.objective(z, qNew)
		if !(fp <= f) {
			report(outer, "P", fp, iters, false)
			break
		}
		res.Converged = res.Converged && conv
		dp := relChange(qNew, q)
		de := relChange(pr.residual(z, qNew), pr.residual(z, q))
		q, f = qNew, fp
		res.Objective = append(res.Objective, f)
		report(outer, "P", f, iters, true)
		if outer > 1 && dz < set.Eps3 && dp < set.Eps3 && de < set.Eps3 {
			break
		}
		if outer == set.MaxOuter {
			res.Converged = false
		}
	}
	res.Z = z
	res.E = pr.residual(z, q)
	res.P = mat.NewDense(pr.r, x.RawMatrix().Rows, nil)
	res.P.Mul(q, pr.u.T())
	return res, nil
}

// Objective returns the objective of problem (14) at a feasible point,
//
//	F(Z, P) = ||Z||_* + β||Z||_1 + λ||PX − PXZ||_2,1 + γ||X − PᵀPX||_F²,
//
// for the d×n data x, the n×n representation z and the r×d projection
// pm; γ = 0 in p means DefaultGamma.
func Objective(x, z, pm *mat.Dense, p Params) float64 {
	gamma := p.Gamma
	if gamma == 0 {
		gamma = DefaultGamma
	}
	var px, e, rec mat.Dense
	px.Mul(pm, x)
	e.Mul(&px, z)
	e.Sub(&px, &e)
	rec.Mul(pm.T(), &px)
	rec.Sub(x, &rec)
	g := mat.Norm(&rec, 2)
	return p.Params.Objective(z, &e) + gamma*g*g
}

// newProblem prepares the reduced coordinates, in the span of the first
// span left singular vectors of x (0: 3r).
func newProblem(x *mat.Dense, p Params, span int) (*problem, error) {
	if x == nil {
		return nil, errors.New("embed: no data")
	}
	d, n := x.Dims()
	if d == 0 || n < 2 {
		return nil, fmt.Errorf("embed: need at least 2 samples of dimension >= 1, have %d of dimension %d", n, d)
	}
	if err := linalg.Finite(x); err != nil {
		return nil, fmt.Errorf("embed: data: %w", err)
	}
	if !(p.Beta >= 0) || !(p.Lambda > 0) || math.IsInf(p.Beta, 0) || math.IsInf(p.Lambda, 0) {
		return nil, fmt.Errorf("embed: need beta >= 0 and lambda > 0, have %v and %v", p.Beta, p.Lambda)
	}
	gamma := p.Gamma
	if gamma == 0 {
		gamma = DefaultGamma
	}
	if !(gamma > 0) || math.IsInf(gamma, 0) {
		return nil, fmt.Errorf("embed: need gamma > 0, have %v", p.Gamma)
	}
	if p.Dim < 0 || span < 0 {
		return nil, fmt.Errorf("embed: need Dim >= 0 and Span >= 0, have %d and %d", p.Dim, span)
	}
	var svd mat.SVD
	if !svd.Factorize(x, mat.SVDThin) {
		return nil, errors.New("embed: SVD of the data failed to converge")
	}
	sv := svd.Values(nil)
	k := linalg.Rank(sv, 1e-12)
	if k == 0 {
		return nil, errors.New("embed: data is all zero")
	}
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	r := p.Dim
	if r == 0 {
		r = DefaultDim
	}
	r = min(r, k)
	if span == 0 {
		span = 3 * r
	}
	trS := 0.0
	for _, v := range sv {
		trS += v * v
	}
	k = min(k, max(span, r))
	pr := &problem{p: p, gamma: gamma, k: k, n: n, r: r, s: make([]float64, k), trS: trS}
	pr.u = mat.DenseCopyOf(u.Slice(0, d, 0, k))
	pr.xt = mat.NewDense(k, n, nil)
	for i := 0; i < k; i++ {
		pr.s[i] = sv[i] * sv[i]
		for j := 0; j < n; j++ {
			pr.xt.Set(i, j, sv[i]*v.At(j, i))
		}
	}
	return pr, nil
}

// pcaStart returns Q₀ = [I_r 0]: P₀ = Q₀Uᵀ is the PCA projection.
func (pr *problem) pcaStart() *mat.Dense {
	q := mat.NewDense(pr.r, pr.k, nil)
	for i := 0; i < pr.r; i++ {
		q.Set(i, i, 1)
	}
	return q
}

// zStep solves problem (15) for the projection QUᵀ and returns
// Z₊ = max(Z, 0), by the method m (nil: lowrank's ADMM).
func (pr *problem) zStep(ctx context.Context, q *mat.Dense, m lowrank.Method) (*mat.Dense, int, bool, error) {
	a, err := pr.proj(q)
	if err != nil {
		return nil, 0, false, err
	}
	res, err := lowrank.NNLRS(ctx, a, a, pr.p.Params, m, nil)
	if res == nil {
		return nil, 0, false, fmt.Errorf("embed: Z step: %w", err)
	}
	conv := err == nil && res.Converged
	if err != nil && !errors.Is(err, lowrank.ErrNotConverged) {
		return nil, 0, false, fmt.Errorf("embed: Z step: %w", err)
	}
	z := mat.DenseCopyOf(res.Z)
	z.Apply(func(_, _ int, v float64) float64 { return math.Max(v, 0) }, z)
	return z, res.Iterations, conv, nil
}

// proj returns the projected samples QX̃ the Z step represents, with
// unit-norm columns if pr.normalize.
func (pr *problem) proj(q *mat.Dense) (*mat.Dense, error) {
	px := mat.NewDense(pr.r, pr.n, nil)
	px.Mul(q, pr.xt)
	if pr.normalize {
		for j, v := range linalg.NormalizeColumns(px) {
			if v == 0 {
				return nil, fmt.Errorf("embed: the projection maps sample %d to zero", j+1)
			}
		}
	}
	return px, nil
}

// residual returns E = Ã(I − Z) with Ã = proj(Q), the error that makes
// (Z, E, QUᵀ) feasible. A projection that maps a sample to zero (possible
// only with normalization) gives an infinite objective through a NaN-free
// sentinel: E is then all +Inf.
func (pr *problem) residual(z, q *mat.Dense) *mat.Dense {
	px, err := pr.proj(q)
	if err != nil {
		e := mat.NewDense(pr.r, pr.n, nil)
		e.Apply(func(_, _ int, _ float64) float64 { return math.Inf(1) }, e)
		return e
	}
	var e mat.Dense
	e.Mul(px, z)
	e.Sub(px, &e)
	return &e
}

// objective is F(Z, QUᵀ) (see Objective) in the reduced coordinates.
func (pr *problem) objective(z, q *mat.Dense) float64 {
	e := pr.residual(z, q)
	return pr.p.Params.Objective(z, e) + pr.gamma*pr.recon(q)
}

// recon returns ||X̃ − QᵀQX̃||_F² = tr S − 2 tr(QSQᵀ) + tr(QQᵀQSQᵀ), S = Σ².
func (pr *problem) recon(q *mat.Dense) float64 {
	var t, kk mat.Dense
	qs := pr.scaleCols(q)
	t.Mul(qs, q.T()) // QSQᵀ
	kk.Mul(q, q.T()) // QQᵀ
	return pr.trS - 2*mat.Trace(&t) + linalg.Inner(&kk, &t)
}

// scaleCols returns QS.
func (pr *problem) scaleCols(q *mat.Dense) *mat.Dense {
	qs := mat.DenseCopyOf(q)
	for i := 0; i < pr.r; i++ {
		row := qs.RawRowView(i)
		for j := range row {
			row[j] *= pr.s[j]
		}
	}
	return qs
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

func relChange(a, b *mat.Dense) float64 {
	if b == nil {
		return math.Inf(1)
	}
	var d mat.Dense
	d.Sub(a, b)
	nb := mat.Norm(b, 2)
	if nb == 0 {
		return mat.Norm(&d, 2)
	}
	return mat.Norm(&d, 2) / nb
}
