package lowrank

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
	"nnlrs/core/prox"
)

// LADMAP solves problem (6) by Algorithm 1 of the paper, the linearized
// alternating direction method with adaptive penalty (Lin, Liu and Su
// 2011), exactly as written: with H the auxiliary copy of Z,
//
//	Z_{k+1} = Θ_{(η₁μ_k)⁻¹}(Z_k + [Aᵀ(X − AZ_k − E_k + Y₁/μ_k) − (Z_k − H_k + Y₂/μ_k)]/η₁)
//	H_{k+1} = max(S_{β/μ_k}(Z_{k+1} + Y₂/μ_k), 0)
//	E_{k+1} = Ω_{λ/μ_k}(X − AZ_{k+1} + Y₁/μ_k)
//	Y₁ += μ_k(X − AZ_{k+1} − E_{k+1}),  Y₂ += μ_k(Z_{k+1} − H_{k+1})
//	μ_{k+1} = min(μ_max, ρμ_k), ρ = ρ₀ if the change measure is below ε₂, else 1,
//
// stopping when ||X − AZ − E||_F/||X||_F < ε₁ and
// μ_k max(√η₁||Z_{k+1} − Z_k||, ||H_{k+1} − H_k||, ||E_{k+1} − E_k||)/||X||_F < ε₂.
// The result holds Z, H and E.
//
// The zero value gives the paper's parameters, field by field.
type LADMAP struct {
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

	// MaxIter caps the iterations, default 20000 (the paper's schedule
	// needs over 8000 on USPS). Reaching it returns the last iterate with
	// Status IterationLimit.
	MaxIter int
}

// String returns "ladmap".
func (*LADMAP) String() string { return "ladmap" }

func (s *LADMAP) withDefaults() LADMAP {
	var c LADMAP
	if s != nil {
		c = *s
	}
	orDefault(&c.Mu0, 0.1)
	orDefault(&c.MuMax, 1e10)
	orDefault(&c.Rho0, 1.1)
	orDefault(&c.Eps1, 1e-6)
	orDefault(&c.Eps2, 1e-2)
	if c.MaxIter == 0 {
		c.MaxIter = 20000
	}
	return c
}

func (s *LADMAP) validate() error {
	switch {
	case !(s.Mu0 > 0) || !(s.MuMax >= s.Mu0):
		return errorf("need 0 < mu0 <= mumax, have mu0 = %v, mumax = %v", s.Mu0, s.MuMax)
	case !(s.Rho0 >= 1):
		return errorf("need rho0 >= 1, have %v", s.Rho0)
	case !(s.Eps1 > 0) || !(s.Eps2 > 0):
		return errorf("need positive tolerances, have eps1 = %v, eps2 = %v", s.Eps1, s.Eps2)
	case s.Eta < 0 || math.IsNaN(s.Eta) || math.IsInf(s.Eta, 0):
		return errorf("need eta >= 0, have %v", s.Eta)
	case s.MaxIter < 0:
		return errorf("need maxiter >= 0, have %d", s.MaxIter)
	}
	return nil
}

func (s *LADMAP) solveNNLRS(ctx context.Context, x, a *mat.Dense, p Params, progress func(Progress)) (*Result, error) {
	set := s.withDefaults()
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
		return nil, errorf("dictionary is all zero")
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
	svt := prox.SVT{Method: prox.GramMethod}

	xs, zs, hs, es := x.RawMatrix().Data, z.RawMatrix().Data, h.RawMatrix().Data, e.RawMatrix().Data
	y1s, y2s, azs, rs, gs := y1.RawMatrix().Data, y2.RawMatrix().Data, az.RawMatrix().Data, r.RawMatrix().Data, g.RawMatrix().Data
	zns := zNew.RawMatrix().Data
	if x.RawMatrix().Stride != n {
		x = mat.DenseCopyOf(x) // the loops below need contiguous rows
		xs = x.RawMatrix().Data
	}

	mu := set.Mu0
	res := &Result{Z: z, H: h, E: e, Y1: y1, Y2: y2, Eta: eta, Gap: math.Inf(1)}
	for k := 0; ; k++ {
		if ctx.Err() != nil || k == set.MaxIter {
			res.Status = IterationLimit
			if ctx.Err() != nil {
				res.Status = Cancelled
			}
			res.finish(x, a, p, gramSummary{})
			return res, nil
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
			return nil, errorf("NNLRS iteration %d: %w", k+1, err)
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
			return nil, errorf("NNLRS iteration %d: iterates are not finite (is the problem scaled sensibly?)", k+1)
		}
		res.Iterations = k + 1
		res.Residual = math.Sqrt(feas) / normX
		res.ResidualZH = math.Sqrt(zh) / normX
		res.Change = mu * math.Max(sqrtEta*math.Sqrt(dz), math.Max(math.Sqrt(dh), math.Sqrt(de))) / normX
		res.RankZ = rank
		if progress != nil {
			progress(Progress{
				Iter: k + 1, Residual: res.Residual, Change: res.Change, Mu: mu,
				RankZ: rank, NNZH: nnz, Objective: nuclear + p.Beta*l1h + p.Lambda*l21, Z: z,
				Gap: math.Inf(1), Stop: math.Max(res.Residual/set.Eps1, res.Change/set.Eps2),
			})
		}
		if res.Residual < set.Eps1 && res.Change < set.Eps2 {
			res.Status = Converged
			res.finish(x, a, p, gramSummary{})
			return res, nil
		}
		if res.Change < set.Eps2 {
			mu = math.Min(set.MuMax, set.Rho0*mu)
		}
	}
}
