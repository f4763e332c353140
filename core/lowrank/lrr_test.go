package lowrank

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// lrrMethods are the two methods for LRR, by name.
var lrrMethods = []struct {
	name string
	m    LRRMethod
}{{"admm", &ADMM{}}, {"alm", &ALM{}}}

// Noiseless LRR: for large λ the solution has E = 0 and Z is the shape
// interaction matrix V_r V_rᵀ from the skinny SVD X = U_r Σ_r V_rᵀ (Liu et
// al. 2010, Theorem 3.1), computed here independently of the solvers; its
// objective is ||V_r V_rᵀ||_* = r.
//   - ALM, stopped at max-entry feasibility 1e-8, returns Z within 1e-4 of
//     V_r V_rᵀ (relative, Frobenius) and E within 1e-6 of 0.
//   - ADMM certifies its objective within its gap of the optimum: it must
//     lie in [r, r(1 + Gap)] (its point is feasible, so not below r), and
//     its certified lower bound, rechecked by LRRBounds, in [r/(1 + Gap), r].
func TestLRRClosedForm(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		ambient, dim int
		sizes        []int
	}{
		{60, 3, []int{12, 15, 10}},
		{40, 2, []int{8, 8, 8, 8}},
		{30, 5, []int{20, 20}}, // rank 10 < d = 30 < n = 40
	} {
		x, _ := subspaces(rng, tc.ambient, tc.dim, tc.sizes)
		var svd mat.SVD
		svd.Factorize(x, mat.SVDThin)
		sv := svd.Values(nil)
		r := 0
		for _, v := range sv {
			if v > 1e-10*sv[0] {
				r++
			}
		}
		if want := tc.dim * len(tc.sizes); r != want {
			t.Fatalf("data rank %d, want %d", r, want)
		}
		var v mat.Dense
		svd.VTo(&v)
		_, n := x.Dims()
		vr := v.Slice(0, n, 0, r)
		var want mat.Dense
		want.Mul(vr, vr.T())
		const lambda = 1e4

		res, err := LRR(context.Background(), x, nil, lambda, &ALM{}, nil)
		if err != nil || res.Status != Converged {
			t.Fatalf("%+v: alm: status %v, err %v", tc, res.Status, err)
		}
		var diff mat.Dense
		diff.Sub(res.Z, &want)
		if rel := mat.Norm(&diff, 2) / mat.Norm(&want, 2); rel > 1e-4 {
			t.Errorf("%+v: alm: ||Z - VVᵀ||/||VVᵀ|| = %.3g after %d iterations, want <= 1e-4", tc, rel, res.Iterations)
		}
		if e := mat.Norm(res.E, 2); e > 1e-6 {
			t.Errorf("%+v: alm: ||E|| = %.3g, want 0", tc, e)
		}

		res, err = LRR(context.Background(), x, nil, lambda, nil, nil)
		if err != nil || res.Status != Converged {
			t.Fatalf("%+v: admm: status %v, err %v", tc, res.Status, err)
		}
		opt := float64(r)
		dual := checkLRRResult(t, "closed form", x, nil, lambda, res, admmDefaultGap)
		// 1e-12: the rounding of the objective of a feasible point.
		if res.Objective < opt*(1-1e-12) || res.Objective > opt*(1+admmDefaultGap) || dual > opt*(1+1e-12) {
			t.Errorf("%+v: admm: objective %.10g, lower bound %.10g; the optimum is %d", tc, res.Objective, dual, r)
		}
		t.Logf("%+v: admm %d iterations, objective %.8g (optimum %d), gap %.2g", tc, res.Iterations, res.Objective, r, res.Gap)
	}
}

// checkLRRResult checks a result of ADMM for LRR against mathematics:
//   - the returned point is feasible, X = AZ + E to rounding (1e-12
//     relative), and has no H or Y2;
//   - its objective is certified by Lagrangian duality, recomputed here
//     by LRRBounds from the returned Y1 with the exact spectral norm (so
//     that its lower bound is at least the solver's own):
//     (objective − dual)/dual ≤ gap.
//
// It returns the certified lower bound on the optimum.
func checkLRRResult(t *testing.T, name string, x, a *mat.Dense, lambda float64, res *Result, gap float64) float64 {
	t.Helper()
	if res.Residual > 1e-12 || res.H != nil || res.Y2 != nil {
		t.Errorf("%s: residual %.3g, H %v, Y2 %v: want a feasible point and no H, Y2", name, res.Residual, res.H != nil, res.Y2 != nil)
	}
	primal, dual, err := LRRBounds(x, a, lambda, res.Z, res.Y1)
	if err != nil {
		t.Fatal(err)
	}
	checkCertified(t, name, res, primal, dual, gap)
	return dual
}

// lrrCases are LRR problems on which ADMM and ALM are compared: clean and
// noisy subspaces, a few grossly corrupted samples, λ from small (E takes
// much of X) to large, a tall X (ADMM's QR reduction), a projected X with
// fewer rows than samples (its Woodbury Z-step) and a dictionary A ≠ X.
func lrrCases() []struct {
	name   string
	x, a   *mat.Dense
	lambda float64
} {
	rng := rand.New(rand.NewPCG(5, 5))
	clean, _ := subspaces(rng, 60, 4, []int{15, 15, 15})
	noisy := mat.DenseCopyOf(clean)
	for i := range noisy.RawMatrix().Data {
		noisy.RawMatrix().Data[i] += 0.05 * rng.NormFloat64() / math.Sqrt(60)
	}
	corrupt := mat.DenseCopyOf(clean)
	for _, j := range []int{3, 20, 31} {
		for i := 0; i < 60; i++ {
			corrupt.Set(i, j, rng.NormFloat64()/math.Sqrt(60))
		}
	}
	tall, _ := subspaces(rng, 200, 3, []int{15, 15, 15})
	pm := mat.NewDense(20, 60, nil)
	for i := range pm.RawMatrix().Data {
		pm.RawMatrix().Data[i] = rng.NormFloat64() / math.Sqrt(60)
	}
	var px mat.Dense
	px.Mul(pm, noisy)
	return []struct {
		name   string
		x, a   *mat.Dense
		lambda float64
	}{
		{"clean λ 1", clean, nil, 1},
		{"noisy λ 0.5", noisy, nil, 0.5},
		{"noisy λ 2", noisy, nil, 2},
		{"noisy λ 10", noisy, nil, 10},
		{"corrupted λ 0.3", corrupt, nil, 0.3},
		{"tall (QR reduction) λ 1", tall, nil, 1},
		{"projected (Woodbury) λ 1", &px, nil, 1},
		{"dictionary != data λ 1", noisy, mat.DenseCopyOf(noisy.Slice(0, 60, 0, 30)), 1},
	}
}

// TestLRRADMMAgainstALM solves each of lrrCases by ADMM and by the inexact
// ALM of Liu et al., an independent method, and checks the answers against
// each other by Lagrangian duality (every dual value is at most every
// feasible objective):
//   - ADMM's answer is feasible and certified within its gap, D ≤ p* ≤
//     P_admm ≤ (1 + Gap)D (checkLRRResult);
//   - ALM with its reference settings (ρ = 1.1, the solver LRR used
//     before): its answer made feasible, E = X − AZ, has an objective
//     P_alm ≥ D, and ADMM's objective is at least the lower bound D_alm of
//     ALM's own multipliers (LRRBounds); ADMM's is not above P_alm by more
//     than its gap. That ALM stops at max-entry feasibility once μ has
//     grown to 1e10, which need not be optimal: on the noisy data at
//     λ = 10 its objective is 0.3% above ADMM's;
//   - ALM with a slower penalty growth (ρ = 1.02, Tol 1e-10), which
//     reaches the optimum on these problems, matches ADMM's objective
//     within the certified gap on both sides: |P_admm − P_ref| ≤ Gap·D.
func TestLRRADMMAgainstALM(t *testing.T) {
	t.Parallel()
	for _, tc := range lrrCases() {
		res, err := LRR(context.Background(), tc.x, tc.a, tc.lambda, nil, nil)
		if err != nil || res.Status != Converged {
			t.Fatalf("%s: admm: status %v, err %v", tc.name, res.Status, err)
		}
		dual := checkLRRResult(t, tc.name, tc.x, tc.a, tc.lambda, res, admmDefaultGap)
		for _, m := range []*ALM{{}, {Rho: 1.02, Tol: 1e-10}} {
			alm, err := LRR(context.Background(), tc.x, tc.a, tc.lambda, m, nil)
			if err != nil || alm.Status != Converged {
				t.Fatalf("%s: alm %+v: status %v, err %v", tc.name, *m, alm.Status, err)
			}
			pAlm, dAlm, err := LRRBounds(tc.x, tc.a, tc.lambda, alm.Z, alm.Y1)
			if err != nil {
				t.Fatal(err)
			}
			// 1e-12: the rounding of two objectives.
			if pAlm < dual*(1-1e-12) || res.Objective < dAlm*(1-1e-12) {
				t.Errorf("%s, alm ρ %g: weak duality fails: ALM P %.10g D %.10g, ADMM P %.10g D %.10g",
					tc.name, m.Rho, pAlm, dAlm, res.Objective, dual)
			}
			if res.Objective > pAlm+admmDefaultGap*dual {
				t.Errorf("%s, alm ρ %g: ADMM's objective %.10g above ALM's %.10g by more than the gap", tc.name, m.Rho, res.Objective, pAlm)
			}
			if m.Rho != 0 && pAlm > res.Objective+admmDefaultGap*dual {
				t.Errorf("%s, alm ρ %g: ALM's objective %.10g above ADMM's %.10g by more than the gap", tc.name, m.Rho, pAlm, res.Objective)
			}
			t.Logf("%s: admm %d iterations, objective %.8g (gap %.2g); alm ρ %g: %d iterations, objective %.8g, %.2g above ADMM's bound",
				tc.name, res.Iterations, res.Objective, res.Gap, m.withDefaults().Rho, alm.Iterations, pAlm, (pAlm-dual)/dual)
		}
	}
}

// TestLRROptimality checks the optimality conditions of LRR at ADMM's
// answer to the gap 1e-5, independently of its certificate's code: with
// the returned multiplier scaled into the dual set,
// Y = Y₁/max(1, ||AᵀY₁||₂) (columns of norm at most λ as returned), and
// G = AᵀY, the conditions
//
//	X = AZ + E,   G ∈ ∂_ε₁||Z||_*,   Y ∈ ∂_ε₂ λ||E||_2,1
//
// hold with ε₁ = ||Z||_* − ⟨G, Z⟩ ≥ 0 and ε₂ = Σ_j (λ||E_j|| − ⟨Y_j, E_j⟩) ≥ 0
// (an ε-subgradient of a norm at x is a point of the dual ball whose
// pairing with x falls short of the norm by at most ε), and
// ε₁ + ε₂ = P − ⟨Y, X⟩ ≤ 1e-5·⟨Y, X⟩: the conditions of the exact optimum up
// to the gap. ||Z||_* comes from an SVD, the norms from gonum.
func TestLRROptimality(t *testing.T) {
	t.Parallel()
	for _, tc := range lrrCases() {
		const gap = 1e-5
		res, err := LRR(context.Background(), tc.x, tc.a, tc.lambda, &ADMM{Gap: gap}, nil)
		if err != nil || res.Status != Converged {
			t.Fatalf("%s: status %v, err %v", tc.name, res.Status, err)
		}
		a := tc.a
		if a == nil {
			a = tc.x
		}
		var g mat.Dense
		g.Mul(a.T(), res.Y1)
		var sv mat.SVD
		if !sv.Factorize(&g, mat.SVDNone) {
			t.Fatal("SVD failed")
		}
		scale := 1 / math.Max(1, sv.Values(nil)[0])
		y := mat.DenseCopyOf(res.Y1)
		y.Scale(scale, y)
		g.Scale(scale, &g)

		var az, resid mat.Dense
		az.Mul(a, res.Z)
		resid.Sub(tc.x, &az)
		resid.Sub(&resid, res.E)
		if r := mat.Norm(&resid, 2) / mat.Norm(tc.x, 2); r > 1e-12 {
			t.Errorf("%s: ||X − AZ − E||/||X|| = %.3g", tc.name, r)
		}
		eps1 := NuclearNorm(res.Z) - mat.Sum(mulElem(&g, res.Z))
		_, n := tc.x.Dims()
		eps2 := 0.0
		for j := 0; j < n; j++ {
			yj, ej := y.ColView(j), res.E.ColView(j)
			if ny := mat.Norm(yj, 2); ny > tc.lambda*(1+1e-12) {
				t.Errorf("%s: column %d of Y has norm %.10g above λ = %g", tc.name, j, ny, tc.lambda)
			}
			eps2 += tc.lambda*mat.Norm(ej, 2) - mat.Dot(yj, ej)
		}
		dual := mat.Sum(mulElem(y, tc.x))
		// 1e-12 of the objective: the rounding of the sums.
		tol := 1e-12 * res.Objective
		if eps1 < -tol || eps2 < -tol || eps1+eps2 > gap*dual+tol {
			t.Errorf("%s: ε₁ = %.3g, ε₂ = %.3g, want both ≥ 0 and their sum ≤ %g·%.8g", tc.name, eps1, eps2, gap, dual)
		}
		if d := math.Abs(eps1 + eps2 - (res.Objective - dual)); d > 1e-9*res.Objective {
			t.Errorf("%s: ε₁ + ε₂ = %.10g, objective − ⟨Y, X⟩ = %.10g", tc.name, eps1+eps2, res.Objective-dual)
		}
		t.Logf("%s: %d iterations, ε₁ = %.2g, ε₂ = %.2g, objective %.10g", tc.name, res.Iterations, eps1, eps2, res.Objective)
	}
}

// mulElem returns the entrywise product of a and b.
func mulElem(a, b mat.Matrix) *mat.Dense {
	var m mat.Dense
	m.MulElem(a, b)
	return &m
}

func TestLRRIterationLimitAndBadInput(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	for _, m := range []LRRMethod{&ADMM{MaxIter: 3}, &ALM{MaxIter: 3}} {
		res, err := LRR(context.Background(), x, nil, 1, m, nil)
		if err != nil || res.Status != IterationLimit || res.Iterations != 3 {
			t.Fatalf("%v: err = %v, status %v after %d iterations: want IterationLimit after 3", m, err, res.Status, res.Iterations)
		}
	}
	if _, err := LRR(context.Background(), x, nil, -1, nil, nil); err == nil {
		t.Error("negative lambda: no error")
	}
	if _, err := LRR(context.Background(), x, mat.NewDense(2, 2, nil), 1, nil, nil); err == nil {
		t.Error("wrong dictionary shape: no error")
	}
	for _, m := range []LRRMethod{&ALM{Rho: 0.5}, &ADMM{Relax: 3}} {
		if _, err := LRR(context.Background(), x, nil, 1, m, nil); !errors.As(err, new(*Error)) {
			t.Errorf("%v: bad settings: error %v, want an *Error", m, err)
		}
	}
}

// TestLRRCancel cancels each method from its progress report after the
// 3rd iteration: the solve stops there with Status Cancelled and the last
// iterate, which for ADMM is feasible with an honest certificate.
func TestLRRCancel(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	for _, tc := range lrrMethods {
		ctx, cancel := context.WithCancel(context.Background())
		res, err := LRR(ctx, x, nil, 1, tc.m, func(p Progress) {
			if p.Iter == 3 {
				cancel()
			}
		})
		cancel()
		if err != nil || res.Status != Cancelled || res.Iterations != 3 {
			t.Fatalf("%s: err %v, status %v after %d iterations; want Cancelled after 3", tc.name, err, res.Status, res.Iterations)
		}
		if tc.name == "admm" {
			checkLRRResult(t, "cancelled", x, nil, 1, res, math.Inf(1))
		}
	}
}
