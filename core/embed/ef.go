package embed

import (
	"context"
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
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
	if err != nil {
		return nil, 0, false, fmt.Errorf("embed: Z step: %w", err)
	}
	if res.Status == lowrank.Cancelled {
		return nil, 0, false, fmt.Errorf("embed: Z step: %w", ctx.Err())
	}
	conv := res.Status == lowrank.Converged
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

// relChange returns ||a − b||_F/||b||_F (||a − b||_F when b = 0; +Inf
// without b).
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
