package lowrank

import (
	"context"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/prox"
)

// ALM solves LRR by the inexact augmented Lagrange multiplier method of
// its authors (Liu, Lin and Yu 2010; their inexact_alm_lrr_l21.m),
// splitting Z = J:
//
//	J = Θ_{1/μ}(Z + Y₂/μ)
//	Z = (I + AᵀA)⁻¹ (Aᵀ(X − E) + J + (AᵀY₁ − Y₂)/μ)
//	E = Ω_{λ/μ}(X − AZ + Y₁/μ)
//	Y₁ += μ(X − AZ − E),  Y₂ += μ(Z − J),  μ = min(ρμ, μ_max),
//
// until max(|X − AZ − E|_max, |Z − J|_max) < Tol. The result holds the
// Z-iterate and E, and the multipliers Y₁ for LRRBounds; it certifies
// nothing (Result.Gap is +Inf).
//
// The zero value gives the defaults of the reference code, field by
// field.
type ALM struct {
	Mu0   float64 // initial penalty μ₀, default 1e-6
	MuMax float64 // penalty cap μ_max, default 1e10
	Rho   float64 // penalty growth ρ ≥ 1, default 1.1
	// Tol bounds max(|X − AZ − E|_max, |Z − J|_max) at convergence,
	// default 1e-8 (entries, so it assumes data of unit scale such as
	// unit-norm samples).
	Tol float64
	// MaxIter caps the iterations, default 10000. Reaching it returns the
	// last iterate with Status IterationLimit.
	MaxIter int
}

// String returns "alm".
func (*ALM) String() string { return "alm" }

func (s *ALM) withDefaults() ALM {
	var c ALM
	if s != nil {
		c = *s
	}
	orDefault(&c.Mu0, 1e-6)
	orDefault(&c.MuMax, 1e10)
	orDefault(&c.Rho, 1.1)
	orDefault(&c.Tol, 1e-8)
	if c.MaxIter == 0 {
		c.MaxIter = 10000
	}
	return c
}

func (s *ALM) solveLRR(ctx context.Context, x, a *mat.Dense, lambda float64, progress func(Progress)) (*Result, error) {
	set := s.withDefaults()
	if !(set.Mu0 > 0) || !(set.MuMax >= set.Mu0) || !(set.Rho >= 1) || !(set.Tol > 0) || set.MaxIter < 0 {
		return nil, errorf("invalid ALM settings %+v", set)
	}
	d, n := x.Dims()
	_, m := a.Dims()

	// (I + AᵀA) is symmetric positive definite: factorize once.
	ata := mat.NewSymDense(m, nil)
	ata.SymOuterK(1, a.T())
	for i := 0; i < m; i++ {
		ata.SetSym(i, i, ata.At(i, i)+1)
	}
	var chol mat.Cholesky
	if !chol.Factorize(ata) {
		return nil, errorf("LRR: I + AᵀA is not positive definite (non-finite dictionary?)")
	}

	z := mat.NewDense(m, n, nil)
	j := mat.NewDense(m, n, nil)
	e := mat.NewDense(d, n, nil)
	y1 := mat.NewDense(d, n, nil)
	y2 := mat.NewDense(m, n, nil)
	az := mat.NewDense(d, n, nil)
	t := mat.NewDense(d, n, nil)
	rhs := mat.NewDense(m, n, nil)
	g := mat.NewDense(m, n, nil)
	svt := prox.SVT{Method: prox.GramMethod}
	normX := mat.Norm(x, 2)

	mu := set.Mu0
	res := &Result{Z: z, E: e, Y1: y1, Gap: math.Inf(1)}
	p := Params{Lambda: lambda}
	for k := 0; ; k++ {
		if ctx.Err() != nil || k == set.MaxIter {
			res.Status = IterationLimit
			if ctx.Err() != nil {
				res.Status = Cancelled
			}
			res.finish(x, a, p, gramSummary{})
			return res, nil
		}
		// J step.
		g.Scale(1/mu, y2)
		g.Add(g, z)
		rank, nuclear, err := svt.Apply(j, 1/mu, g)
		if err != nil {
			return nil, errorf("LRR iteration %d: %w", k+1, err)
		}
		// Z step: rhs = Aᵀ(X − E + Y₁/μ) + J − Y₂/μ.
		t.Sub(x, e)
		t.Apply(func(i, c int, v float64) float64 { return v + y1.At(i, c)/mu }, t)
		rhs.Mul(a.T(), t)
		rhs.Add(rhs, j)
		g.Scale(1/mu, y2)
		rhs.Sub(rhs, g)
		if err := chol.SolveTo(z, rhs); err != nil {
			return nil, errorf("LRR iteration %d: %w", k+1, err)
		}
		// E step.
		az.Mul(a, z)
		t.Sub(x, az)
		t.Apply(func(i, c int, v float64) float64 { return v + y1.At(i, c)/mu }, t)
		prox.L21(e, lambda/mu, t)

		// Multipliers and convergence.
		t.Sub(x, az)
		t.Sub(t, e) // X − AZ − E
		var zj mat.Dense
		zj.Sub(z, j)
		c1, c2 := maxAbs(t), maxAbs(&zj)
		if !finite(c1, c2, nuclear) {
			return nil, errorf("LRR iteration %d: iterates are not finite", k+1)
		}
		res.Iterations = k + 1
		res.Residual = mat.Norm(t, 2) / normX
		res.Change = math.Max(c1, c2)
		res.RankZ = rank
		if progress != nil {
			progress(Progress{Iter: k + 1, Residual: res.Residual, Change: res.Change, Mu: mu,
				RankZ: rank, NNZH: nnz(z), Objective: nuclear + lambda*L21Norm(e), Z: z,
				Gap: math.Inf(1), Stop: res.Change / set.Tol})
		}
		if res.Change < set.Tol {
			res.Status = Converged
			res.finish(x, a, p, gramSummary{})
			return res, nil
		}
		t.Scale(mu, t)
		y1.Add(y1, t)
		zj.Scale(mu, &zj)
		y2.Add(y2, &zj)
		mu = math.Min(set.Rho*mu, set.MuMax)
	}
}

func nnz(m *mat.Dense) int {
	c := 0
	for _, v := range m.RawMatrix().Data {
		if v != 0 {
			c++
		}
	}
	return c
}

// maxAbs returns the largest absolute entry of m.
func maxAbs(m *mat.Dense) float64 {
	v := 0.0
	for _, x := range m.RawMatrix().Data {
		v = math.Max(v, math.Abs(x))
	}
	return v
}
