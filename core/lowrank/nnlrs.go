package lowrank

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
	"nnlrs/core/prox"
)

// Params are the model parameters of the NNLRS problem (6).
type Params struct {
	// Beta (β ≥ 0) weighs sparsity against low rank.
	Beta float64
	// Lambda (λ > 0) weighs the sample-specific error term ||E||_2,1.
	Lambda float64
}

// DefaultParams returns the paper's β = 0.2 and λ = 10 (Section V).
func DefaultParams() Params { return Params{Beta: 0.2, Lambda: 10} }

// Method names an algorithm for problem (6).
type Method int

const (
	// Default leaves the choice to the caller of the solver: NNLRS runs
	// LADMAP, the paper's algorithm, and graph.NNLRS runs ADMM.
	Default Method = iota
	// LADMAP is Algorithm 1 of the paper, as written.
	LADMAP
	// ADMM is the exact alternating direction method of admm.go, with a
	// certified duality gap as its stopping rule. It needs far fewer
	// iterations than LADMAP and returns an exactly feasible point.
	ADMM
)

// String returns the name of the method.
func (m Method) String() string {
	switch m {
	case Default:
		return "default"
	case LADMAP:
		return "ladmap"
	case ADMM:
		return "admm"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Settings configure the NNLRS solvers. The zero value gives the paper's
// parameters for Algorithm 1; every zero field takes its default. The
// fields from Mu0 to PaperEta apply to LADMAP only, Gap and Tuning to ADMM
// only; MaxIter and Progress to both.
type Settings struct {
	// Method selects the algorithm (Default: LADMAP here, see Method).
	Method Method

	Mu0   float64 // initial penalty μ₀, default 0.1
	MuMax float64 // penalty cap μ_max, default 1e10
	Rho0  float64 // penalty growth ρ₀ > 1, default 1.1
	Eps1  float64 // feasibility tolerance ε₁, default 1e-6
	Eps2  float64 // change tolerance ε₂, default 1e-2

	// Eta is the linearization constant η₁. Zero selects ||A||₂² + 1; see
	// PaperEta.
	Eta float64
	// PaperEta selects the paper's η₁ = ||A||₂² when Eta is zero.
	//
	// The linearized quadratic q of equation (8) holds both
	// ||X − AZ − E + Y₁/μ||² and ||Z − H + Y₂/μ||², so ∇_Z q/μ is Lipschitz
	// with constant ||[A; I]||₂² = ||A||₂² + 1, and the convergence theory of
	// LADMAP (Lin et al. 2011, Theorem 3) asks for η₁ above that constant.
	// The default therefore uses ||A||₂² + 1; the paper's value is kept for
	// fidelity. The difference is small when ||A||₂² ≫ 1 (for unit-norm
	// samples ||X||₂² ≥ n/d).
	PaperEta bool

	// MaxIter caps the iterations, default 20000 for LADMAP (the paper's
	// schedule needs over 8000 on USPS) and 5000 for ADMM. Reaching it
	// returns ErrNotConverged.
	MaxIter int

	// Gap is the stopping rule of ADMM: it stops when the relative
	// duality gap (P − D)/D between the objective P of its feasible point
	// and a certified lower bound D ≤ p* falls below Gap, which certifies
	// that the returned objective is within a fraction Gap of the
	// optimum. Default 4e-3.
	Gap float64
	// Tuning holds ADMM's internal parameters; the zero value gives the
	// defaults.
	Tuning ADMMTuning

	// Progress, if not nil, is called after every iteration. It must not
	// modify Progress.Z, and it runs on the solver's goroutine.
	Progress func(Progress)
}

// Progress reports one iteration of a solver.
type Progress struct {
	Iter int // iterations done, from 1
	// Residual is ||X − AZ − E||_F/||X||_F for LADMAP and LRR; for ADMM
	// the residual of its three constraints X = AZ + E, Z = J, Z = H.
	Residual float64
	// Change is μ max(√η₁||ΔZ||, ||ΔH||, ||ΔE||)/||X||_F for LADMAP, the
	// fixed-point residual ||T(x) − x||_F/||X||_F of ADMM's iterate
	// x = (Z, Y₁/μ₁, Y₂/μ₂, Y₃/μ₃), and ||Z − J||_max for LRR.
	Change    float64
	Mu        float64 // penalty μ used in this iteration
	RankZ     int     // rank of Z (of J for ADMM) after the thresholding step
	NNZH      int     // nonzeros of H (NNLRS) or of Z (LRR)
	Objective float64 // ||Z||_* + β||H||_1 + λ||E||_2,1 (NNLRS), ||J||_* + λ||E||_2,1 (LRR)
	// Gap is ADMM's last certified relative duality gap (+Inf before
	// the first certificate; 0 for the other solvers).
	Gap float64
	// Stop is the solver's stopping measure over its threshold: the
	// solver stops once Stop ≤ 1. LADMAP: max(Residual/ε₁, Change/ε₂);
	// LRR: Change/Tol; ADMM: the relative gap between the objective of
	// the iterate and the latest Lagrangian lower bound, over
	// Settings.Gap (+Inf before the first bound; ADMM then certifies the
	// gap at a feasible point before it stops). A progress bar can follow
	// log Stop.
	Stop float64
	// Z is the current iterate, valid only during the call. For ADMM it
	// is the nonnegative block H, the iterate that the solver returns.
	Z mat.Matrix
}

// Result is the outcome of a solver.
type Result struct {
	Z, H, E *mat.Dense // H is nil for LRR
	// Y1 and Y2 are the Lagrange multipliers of X = AZ + E and of Z = H
	// (Z = J for LRR); Bounds turns them into a certificate of optimality.
	Y1, Y2     *mat.Dense
	Iterations int
	Converged  bool
	// Objective is ||Z||_* + β||Z||_1 + λ||E||_2,1 at the returned Z and E
	// (β = 0 for LRR).
	Objective float64
	// Residual is ||X − AZ − E||_F / ||X||_F at the returned iterate.
	Residual float64
	// ResidualZH is ||Z − H||_F / ||X||_F, the residual of the second
	// constraint of problem (7), which the paper's stopping rule omits.
	ResidualZH float64
	// Change is the last change measure (see Progress.Change).
	Change float64
	// Gap is ADMM's certified relative duality gap (P − D)/D at the
	// returned point: its objective exceeds the optimum by at most this
	// fraction (0 for the other solvers).
	Gap float64
	// Eta is the linearization constant used (NNLRS).
	Eta float64
	// RankZ is the rank of Z.
	RankZ int
}

func (s *Settings) defaults() Settings {
	var c Settings
	if s != nil {
		c = *s
	}
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&c.Mu0, 0.1)
	def(&c.MuMax, 1e10)
	def(&c.Rho0, 1.1)
	def(&c.Eps1, 1e-6)
	def(&c.Eps2, 1e-2)
	if c.MaxIter == 0 {
		c.MaxIter = 20000
	}
	return c
}

func (s *Settings) validate() error {
	switch {
	case !(s.Mu0 > 0) || !(s.MuMax >= s.Mu0):
		return fmt.Errorf("lowrank: need 0 < mu0 <= mumax, have mu0 = %v, mumax = %v", s.Mu0, s.MuMax)
	case !(s.Rho0 >= 1):
		return fmt.Errorf("lowrank: need rho0 >= 1, have %v", s.Rho0)
	case !(s.Eps1 > 0) || !(s.Eps2 > 0):
		return fmt.Errorf("lowrank: need positive tolerances, have eps1 = %v, eps2 = %v", s.Eps1, s.Eps2)
	case s.Eta < 0 || math.IsNaN(s.Eta) || math.IsInf(s.Eta, 0):
		return fmt.Errorf("lowrank: need eta >= 0, have %v", s.Eta)
	case s.MaxIter < 0:
		return fmt.Errorf("lowrank: need maxiter >= 0, have %d", s.MaxIter)
	}
	return nil
}

func checkProblem(x, a *mat.Dense) error {
	d, n := x.Dims()
	if d == 0 || n == 0 {
		return fmt.Errorf("lowrank: empty data")
	}
	if ad, _ := a.Dims(); ad != d {
		return fmt.Errorf("lowrank: dictionary has %d rows, data has %d", ad, d)
	}
	if err := linalg.Finite(x); err != nil {
		return fmt.Errorf("lowrank: data: %w", err)
	}
	if a != x {
		if err := linalg.Finite(a); err != nil {
			return fmt.Errorf("lowrank: dictionary: %w", err)
		}
	}
	if mat.Norm(x, 2) == 0 {
		return fmt.Errorf("lowrank: data is all zero")
	}
	return nil
}

// NNLRS solves the nonnegative low-rank and sparse representation problem
// (6) of the paper with dictionary a (a = nil means a = x),
//
//	min_{Z,E} ||Z||_* + β||Z||_1 + λ||E||_2,1   s.t.  X = AZ + E,  Z ≥ 0,
//
// by LADMAP exactly as Algorithm 1: with H the auxiliary copy of Z,
//
//	Z_{k+1} = Θ_{(η₁μ_k)⁻¹}(Z_k + [Aᵀ(X − AZ_k − E_k + Y₁/μ_k) − (Z_k − H_k + Y₂/μ_k)]/η₁)
//	H_{k+1} = max(S_{β/μ_k}(Z_{k+1} + Y₂/μ_k), 0)
//	E_{k+1} = Ω_{λ/μ_k}(X − AZ_{k+1} + Y₁/μ_k)
//	Y₁ += μ_k(X − AZ_{k+1} − E_{k+1}),  Y₂ += μ_k(Z_{k+1} − H_{k+1})
//	μ_{k+1} = min(μ_max, ρμ_k), ρ = ρ₀ if the change measure is below ε₂, else 1,
//
// stopping when ||X − AZ − E||_F/||X||_F < ε₁ and
// μ_k max(√η₁||Z_{k+1} − Z_k||, ||H_{k+1} − H_k||, ||E_{k+1} − E_k||)/||X||_F < ε₂.
//
// The result holds Z, H and E. If the iteration cap is reached first, NNLRS
// returns the last iterate together with an error wrapping ErrNotConverged.
// A cancelled ctx returns ctx.Err().
//
// That is the default, Method LADMAP. With Settings.Method = ADMM, NNLRS
// solves the same problem by the exact alternating direction method of
// nnlrsADMM (admm.go) instead: far fewer iterations, a stopping rule that
// certifies the objective within Settings.Gap of the optimum, and an
// exactly feasible result (Z = H ≥ 0, E = X − AZ).
func NNLRS(ctx context.Context, x, a *mat.Dense, p Params, s *Settings) (*Result, error) {
	if a == nil {
		a = x
	}
	if err := checkProblem(x, a); err != nil {
		return nil, err
	}
	if !(p.Beta >= 0) || !(p.Lambda > 0) || math.IsInf(p.Beta, 0) || math.IsInf(p.Lambda, 0) {
		return nil, fmt.Errorf("lowrank: need beta >= 0 and lambda > 0, have beta = %v, lambda = %v", p.Beta, p.Lambda)
	}
	var method Method
	if s != nil {
		method = s.Method
	}
	switch method {
	case Default, LADMAP:
	case ADMM:
		var raw Settings
		if s != nil {
			raw = *s
		}
		return nnlrsADMM(ctx, x, a, p, raw)
	default:
		return nil, fmt.Errorf("lowrank: unknown method %v", method)
	}
	set := s.defaults()
	if err := set.validate(); err != nil {
		return nil, err
	}
	d, n := x.Dims()
	_, m := a.Dims()

	eta := set.Eta
	if eta == 0 {
		eta = linalg.Norm2(a)
		eta *= eta
		if !set.PaperEta {
			eta++
		}
	}
	if eta == 0 {
		return nil, fmt.Errorf("lowrank: dictionary is all zero")
	}
	sqrtEta := math.Sqrt(eta)
	normX := mat.Norm(x, 2) // Frobenius

	z := mat.NewDense(m, n, nil)
	h := mat.NewDense(m, n, nil)
	e := mat.NewDense(d, n, nil)
	y1 := mat.NewDense(d, n, nil)
	y2 := mat.NewDense(m, n, nil)
	az := mat.NewDense(d, n, nil) // A Z_k, kept across iterations
	r := mat.NewDense(d, n, nil)
	g := mat.NewDense(m, n, nil)
	zNew := mat.NewDense(m, n, nil)
	var svt prox.SVT

	xs, zs, hs, es := x.RawMatrix().Data, z.RawMatrix().Data, h.RawMatrix().Data, e.RawMatrix().Data
	y1s, y2s, azs, rs, gs := y1.RawMatrix().Data, y2.RawMatrix().Data, az.RawMatrix().Data, r.RawMatrix().Data, g.RawMatrix().Data
	zns := zNew.RawMatrix().Data
	if x.RawMatrix().Stride != n {
		x = mat.DenseCopyOf(x) // the loops below need contiguous rows
		xs = x.RawMatrix().Data
	}

	mu := set.Mu0
	res := &Result{Z: z, H: h, E: e, Y1: y1, Y2: y2, Eta: eta}
	for k := 0; ; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if k == set.MaxIter {
			res.finish(x, a, p)
			return res, fmt.Errorf("%w: NNLRS after %d iterations (residual %.3g, change %.3g)",
				ErrNotConverged, k, res.Residual, res.Change)
		}
		inv := 1 / mu

		// Z step: G = Z + [Aᵀ(X − AZ − E + Y₁/μ) − (Z − H + Y₂/μ)]/η₁.
		for i := range rs {
			rs[i] = xs[i] - azs[i] - es[i] + y1s[i]*inv
		}
		g.Mul(a.T(), r)
		for i := range gs {
			gs[i] = zs[i] + (gs[i]-(zs[i]-hs[i]+y2s[i]*inv))/eta
		}
		rank, nuclear, err := svt.Apply(zNew, 1/(eta*mu), g)
		if err != nil {
			return nil, fmt.Errorf("lowrank: NNLRS iteration %d: %w", k+1, err)
		}

		// H step: H = max(Z_{k+1} + Y₂/μ − β/μ, 0); ΔZ and ΔH on the way.
		var dz, dh, l1h float64
		nnz := 0
		for i, zn := range zns {
			hn := math.Max(zn+y2s[i]*inv-p.Beta*inv, 0)
			dz += (zn - zs[i]) * (zn - zs[i])
			dh += (hn - hs[i]) * (hn - hs[i])
			zs[i] = zn
			hs[i] = hn
			l1h += hn
			if hn != 0 {
				nnz++
			}
		}

		// E step: E = Ω_{λ/μ}(X − AZ_{k+1} + Y₁/μ), computed in r.
		az.Mul(a, z)
		for i := range rs {
			rs[i] = xs[i] - azs[i] + y1s[i]*inv
		}
		l21 := prox.L21(r, p.Lambda*inv, r)
		var de float64 // ||E_{k+1} − E_k||²
		for i, v := range rs {
			de += (v - es[i]) * (v - es[i])
		}
		copy(es, rs)

		// Multipliers and the feasibility residual.
		var feas float64
		for i := range y1s {
			v := xs[i] - azs[i] - es[i]
			feas += v * v
			y1s[i] += mu * v
		}
		var zh float64
		for i := range y2s {
			v := zs[i] - hs[i]
			zh += v * v
			y2s[i] += mu * v
		}
		if !finite(nuclear, l1h, l21, feas, zh) {
			return nil, fmt.Errorf("lowrank: NNLRS iteration %d: iterates are not finite (is the problem scaled sensibly?)", k+1)
		}
		res.Iterations = k + 1
		res.Residual = math.Sqrt(feas) / normX
		res.ResidualZH = math.Sqrt(zh) / normX
		res.Change = mu * math.Max(sqrtEta*math.Sqrt(dz), math.Max(math.Sqrt(dh), math.Sqrt(de))) / normX
		res.RankZ = rank
		if set.Progress != nil {
			set.Progress(Progress{
				Iter: k + 1, Residual: res.Residual, Change: res.Change, Mu: mu,
				RankZ: rank, NNZH: nnz, Objective: nuclear + p.Beta*l1h + p.Lambda*l21, Z: z,
				Stop: math.Max(res.Residual/set.Eps1, res.Change/set.Eps2),
			})
		}
		if res.Residual < set.Eps1 && res.Change < set.Eps2 {
			res.Converged = true
			res.finish(x, a, p)
			return res, nil
		}
		if res.Change < set.Eps2 {
			mu = math.Min(set.MuMax, set.Rho0*mu)
		}
	}
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// finish fills the Objective, Residual and RankZ of the returned iterate,
// with the paper's objective ||Z||_* + β||Z||_1 + λ||E||_2,1 evaluated at
// Z itself (not at its copy H).
func (r *Result) finish(x, a *mat.Dense, p Params) {
	nuclear, rank := nuclearRank(r.Z)
	r.Objective = p.objectiveAt(nuclear, r.Z, r.E)
	r.RankZ = rank
	var res mat.Dense
	res.Mul(a, r.Z)
	res.Sub(x, &res)
	res.Sub(&res, r.E)
	r.Residual = mat.Norm(&res, 2) / mat.Norm(x, 2)
	if r.H != nil {
		var zh mat.Dense
		zh.Sub(r.Z, r.H)
		r.ResidualZH = mat.Norm(&zh, 2) / mat.Norm(x, 2)
	}
}
