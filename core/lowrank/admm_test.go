package lowrank

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"nnlrs/core/linalg"

	"gonum.org/v1/gonum/mat"
)

// checkADMMResult checks a result of ADMM against mathematics:
//   - the returned point is exactly feasible: Z = H ≥ 0 entrywise (no
//     tolerance: H is a maximum with 0) and X = AZ + E to rounding
//     (1e-12 relative, a few thousand ulps of the unit-norm samples);
//   - its objective is certified by Lagrangian duality, recomputed here
//     by Bounds from the returned multipliers (Bounds uses the exact
//     spectral norm, so its lower bound is at least the solver's own):
//     (objective − dual)/dual ≤ gap.
//
// It returns the certified lower bound on the optimum.
func checkADMMResult(t *testing.T, name string, x, a *mat.Dense, p Params, res *Result, gap float64) float64 {
	t.Helper()
	if a == nil {
		a = x
	}
	for i, v := range res.Z.RawMatrix().Data {
		if v < 0 || v != res.H.RawMatrix().Data[i] {
			t.Fatalf("%s: Z entry %d = %v (H %v): want Z = H ≥ 0", name, i, v, res.H.RawMatrix().Data[i])
		}
	}
	if res.Residual > 1e-12 || res.ResidualZH != 0 {
		t.Errorf("%s: residuals %.3g, %.3g: want an exactly feasible point", name, res.Residual, res.ResidualZH)
	}
	primal, dual, err := Bounds(x, a, p, res.H, res.Y1, res.Y2)
	if err != nil {
		t.Fatal(err)
	}
	checkCertified(t, name, res, primal, dual, gap)
	return dual
}

// checkCertified compares a result of ADMM with the bounds recomputed
// from its point and multipliers: primal is the objective at the same
// point, computed with an SVD instead of the eigenvalues of ZᵀZ (equal to
// 1e-9), and the gap of the result's objective to dual lies in
// [0, min(gap, res.Gap)] (the recomputed bound uses the exact spectral
// norm, so it is at least the solver's own).
func checkCertified(t *testing.T, name string, res *Result, primal, dual, gap float64) {
	t.Helper()
	if math.Abs(primal-res.Objective) > 1e-9*primal {
		t.Errorf("%s: objective %.10g, recomputed %.10g", name, res.Objective, primal)
	}
	if g := (res.Objective - dual) / dual; g > gap || g < 0 || res.Gap > gap || g > res.Gap+1e-9 {
		t.Errorf("%s: certified gap %.3g (solver: %.3g), want in [0, %.3g]", name, g, res.Gap, gap)
	}
}

// TestADMMOptimal runs ADMM on the test data of TestNNLRSOptimal and
// checks it against mathematics and against LADMAP: the returned point is
// feasible, its objective is certified within the default gap (0.4%) of
// the optimum by Bounds (a certificate that holds whatever solver produced
// the multipliers), and it agrees with the objective of LADMAP run to the
// paper's stopping rule to 0.5%.
func TestADMMOptimal(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	p := DefaultParams()
	res, err := NNLRS(context.Background(), x, nil, p, &ADMM{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Converged {
		t.Fatalf("not converged after %d iterations", res.Iterations)
	}
	dual := checkADMMResult(t, "default", x, nil, p, res, admmDefaultGap)

	paper, err := ladmapDefault()
	if err != nil {
		t.Fatal(err)
	}
	if d := math.Abs(res.Objective-paper.Objective) / paper.Objective; d > 5e-3 {
		t.Errorf("ADMM objective %.7g, LADMAP %.7g: differ by %.3g", res.Objective, paper.Objective, d)
	}
	t.Logf("ADMM %d iterations, objective %.7g, gap %.3g; LADMAP %d iterations, objective %.7g; lower bound %.7g",
		res.Iterations, res.Objective, res.Gap, paper.Iterations, paper.Objective, dual)

	// A tighter gap is honoured, and Anderson acceleration off gives the
	// same problem's solution (on smallData: neither needs the size).
	small := smallData()
	for _, s := range []*ADMM{
		{Gap: 1e-3},
		{Memory: -1, Relax: 1},
	} {
		r, err := NNLRS(context.Background(), small, nil, p, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := s.Gap
		if g == 0 {
			g = admmDefaultGap
		}
		checkADMMResult(t, "variant", small, nil, p, r, g)
	}
}

// The solver's internal paths: the QR reduction of the d side (d larger
// than n), a dictionary A ≠ X with fewer rows than columns (the Woodbury
// form of the Z-step) and the explicit inverse (d close to n), with other
// values of β and λ, including β = 0 (no sparsity term).
func TestADMMPaths(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(8, 8))
	tall, _ := subspaces(rng, 200, 3, []int{15, 15, 15}) // d = 200 > n = 45
	x, _ := subspaceData()
	d, _ := x.Dims()
	pm := mat.NewDense(30, d, nil)
	for i := range pm.RawMatrix().Data {
		pm.RawMatrix().Data[i] = rng.NormFloat64() / math.Sqrt(float64(d))
	}
	var px mat.Dense
	px.Mul(pm, x)
	for _, tc := range []struct {
		name string
		x, a *mat.Dense
		p    Params
	}{
		{"tall (QR reduction)", tall, nil, DefaultParams()},
		{"projected (Woodbury)", &px, &px, DefaultParams()},
		{"beta 0", x, nil, Params{Beta: 0, Lambda: 10}},
		{"small lambda", x, nil, Params{Beta: 0.5, Lambda: 0.3}},
		{"dictionary != data", tall, mat.DenseCopyOf(tall.Slice(0, 200, 0, 30)), DefaultParams()},
	} {
		res, err := NNLRS(context.Background(), tc.x, tc.a, tc.p, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		dd, n := tc.x.Dims()
		m := n
		if tc.a != nil {
			_, m = tc.a.Dims()
		}
		if r, c := res.Z.Dims(); r != m || c != n {
			t.Fatalf("%s: Z is %d×%d, want %d×%d", tc.name, r, c, m, n)
		}
		if r, c := res.E.Dims(); r != dd || c != n {
			t.Fatalf("%s: E is %d×%d, want %d×%d", tc.name, r, c, dd, n)
		}
		checkADMMResult(t, tc.name, tc.x, tc.a, tc.p, res, admmDefaultGap)
		t.Logf("%s: %d iterations, objective %.6g, gap %.3g", tc.name, res.Iterations, res.Objective, res.Gap)
	}
}

func TestADMMIterationLimit(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	p := DefaultParams()
	res, err := NNLRS(context.Background(), x, nil, p, &ADMM{MaxIter: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != IterationLimit || res.Iterations != 3 {
		t.Fatalf("status %v after %d iterations, want the 3rd iterate with IterationLimit", res.Status, res.Iterations)
	}
	// Even then the point is feasible and its gap honest.
	checkADMMResult(t, "capped", x, nil, p, res, math.Inf(1))
}

func TestADMMProgressAndCancel(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	last := 0
	res, err := NNLRS(ctx, x, nil, DefaultParams(), &ADMM{}, func(p Progress) {
		if p.Iter != last+1 {
			t.Errorf("progress iteration %d after %d", p.Iter, last)
		}
		last = p.Iter
		r, c := p.Z.Dims()
		if r != c || p.Mu <= 0 || p.Residual < 0 || math.IsNaN(p.Objective) || math.IsNaN(p.Gap) {
			t.Errorf("bad progress %+v (Z %d×%d)", p, r, c)
		}
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				if p.Z.At(i, j) < 0 {
					t.Fatalf("progress Z has a negative entry at iteration %d", p.Iter)
				}
			}
		}
		if p.Iter == 7 {
			cancel()
		}
	})
	if err != nil || res.Status != Cancelled || res.Iterations != 7 {
		t.Fatalf("err = %v, status %v after %d iterations; want Cancelled after the 7th", err, res.Status, res.Iterations)
	}
	if last != 7 {
		t.Errorf("solver ran %d iterations, want to stop right after the 7th", last)
	}
	// The last iterate comes back feasible, with an honest gap.
	checkADMMResult(t, "cancelled", x, nil, DefaultParams(), res, math.Inf(1))
}

// TestADMMProgressBound: the lower bound the progress reports is 0 until
// the first check and then never above the optimum, which a much tighter
// solve brackets from above; the last one certifies the answer within Gap.
func TestADMMProgressBound(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	p := DefaultParams()
	var bounds []float64
	const every = 5
	res, err := NNLRS(context.Background(), x, nil, p, &ADMM{CheckEvery: every}, func(pr Progress) {
		bounds = append(bounds, pr.Bound)
	})
	if err != nil {
		t.Fatal(err)
	}
	tight, err := tightDefault()
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range bounds {
		if i+1 < every && b != 0 {
			t.Errorf("iteration %d, before the first check: bound %v, want 0", i+1, b)
		}
		// tight.Objective ≥ p*: a bound above it (beyond rounding) is
		// no lower bound.
		if b > tight.Objective*(1+1e-9) {
			t.Errorf("iteration %d: bound %.10g above the objective %.10g of a solve to gap 1e-5", i+1, b, tight.Objective)
		}
	}
	last := bounds[len(bounds)-1]
	if g := (res.Objective - last) / last; !(g < admmDefaultGap) {
		t.Errorf("last bound %.10g, objective %.10g: gap %.3g, want below %v", last, res.Objective, g, admmDefaultGap)
	}
}

func TestADMMBadSettings(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	for _, s := range []*ADMM{
		{Gap: -1},
		{MaxIter: -1},
		{Relax: 2},
		{Mu: [3]float64{1, -1, 1}},
		{CheckEvery: -2},
	} {
		_, err := NNLRS(context.Background(), x, nil, DefaultParams(), s, nil)
		if e := (*Error)(nil); !errors.As(err, &e) {
			t.Errorf("settings %+v: error %v, want an *Error", s, err)
		}
	}
	nan := mat.DenseCopyOf(x)
	nan.Set(0, 0, math.NaN())
	if _, err := NNLRS(context.Background(), nan, nil, DefaultParams(), nil, nil); err == nil {
		t.Error("NaN data: no error")
	}
}

func TestDot2(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 1))
	for n := 0; n < 9; n++ {
		a, b, c := make([]float64, n), make([]float64, n), make([]float64, n)
		var ab, ac float64
		for i := range a {
			a[i], b[i], c[i] = rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			ab += a[i] * b[i]
			ac += a[i] * c[i]
		}
		gb, gc := dot2(a, b, c)
		// Only the order of the additions differs: a few ulps of the
		// sum of |a_i b_i| at most.
		if math.Abs(gb-ab) > 1e-14 || math.Abs(gc-ac) > 1e-14 {
			t.Errorf("n = %d: dot2 = %v, %v; want %v, %v", n, gb, gc, ab, ac)
		}
	}
}

// TestDualBoundMoved: at every check of a run, the bound D of dualBound
// is at most the value of the dual point it leaves (certU, certY2),
// evaluated independently with the exact spectral norm and the dual's
// constraints (certificate.go), and at most the optimum; exactDual lies
// between D and that value; decide's bound is at most the value of the
// point it leaves and the optimum; and correctV leaves U with a smaller
// excess V than it found.
func TestDualBoundMoved(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	p := DefaultParams()
	pr := problem{Params: p}
	tight, err := tightDefault()
	if err != nil {
		t.Fatal(err)
	}
	s := newADMM(x, x, pr, (&ADMM{}).withDefaults(pr, x.RawMatrix().Cols))
	k, n, m := s.k, s.n, s.m
	excess := func(mm *mat.Dense) float64 {
		f := 0.0
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				v := pr.excess(i, j, mm.At(i, j)-s.yh2(raw(s.g2), raw(s.j), i*n+j))
				f += v * v
			}
		}
		return math.Sqrt(f)
	}
	moved := 0
	for it := 1; it <= 60; it++ {
		if err := s.step(); err != nil {
			t.Fatal(err)
		}
		// The next iterate first, as run takes it: the check works in
		// the image's blocks.
		ff, _ := s.residuals()
		s.advance(ff)
		if it%5 != 0 {
			continue
		}
		d := s.dualBound()
		if d > tight.Objective*(1+1e-9) {
			t.Errorf("iteration %d: bound %.10g above the optimum, at most %.10g", it, d, tight.Objective)
		}
		// The point left: columns of U within λ, Y₂ ≤ β off the fixed
		// entries, and D at most ⟨U, X⟩/max(1, ||AᵀU − Y₂||₂).
		for j := 0; j < n; j++ {
			nr := 0.0
			for i := 0; i < k; i++ {
				nr += s.certU.At(i, j) * s.certU.At(i, j)
			}
			if math.Sqrt(nr) > p.Lambda*(1+1e-12) {
				t.Fatalf("iteration %d: column %d of U has norm %v > λ = %v", it, j, math.Sqrt(nr), p.Lambda)
			}
		}
		exact := func(name string) float64 {
			var w mat.Dense
			w.Mul(s.ar.T(), s.certU)
			for i := 0; i < m; i++ {
				for j := 0; j < n; j++ {
					y2 := s.certY2.At(i, j)
					if !pr.fixed(i, j) && y2 > p.Beta {
						t.Fatalf("iteration %d, %s: Y₂(%d, %d) = %v > β", it, name, i, j, y2)
					}
					w.Set(i, j, w.At(i, j)-y2)
				}
			}
			return linalg.Inner(s.certU, s.xr) / math.Max(1, linalg.Norm2(&w))
		}
		ex := exact("dualBound")
		if d > ex*(1+1e-12) {
			t.Errorf("iteration %d: bound %.10g above the exact value %.10g of its dual point", it, d, ex)
		}
		// exactDual: the same point with ς computed, between the two.
		if e := s.exactDual(); e > ex*(1+1e-12) || e < d*(1-1e-12) {
			t.Errorf("iteration %d: exactDual %.10g, want within [%.10g, %.10g]", it, e, d, ex)
		}
		// decide, asked for a gap it cannot certify: it refines the point
		// and bounds the one it leaves.
		if b, g := s.decide(s.primalBound(), 1e-12, d); b > exact("decide")*(1+1e-12) || b > tight.Objective*(1+1e-9) || !(g >= 1e-12) {
			t.Errorf("iteration %d: decide's bound %.10g (gap %.3g), the value of its point %.10g, the optimum %.10g", it, b, g, exact("decide"), tight.Objective)
		}

		// The move, from the unmoved U.
		copy(s.certU.RawMatrix().Data, s.yh1.RawMatrix().Data)
		columnsToNorm(s.certU, p.Lambda, true)
		s.certM.Mul(s.ar.T(), s.certU)
		before := excess(s.certM)
		if s.correctV(correctSweeps, false) {
			moved++
			if after := excess(s.cm); !(after < before/2) {
				t.Errorf("iteration %d: excess ||V||_F %.3g after the move, %.3g before", it, after, before)
			}
		}
	}
	if moved == 0 {
		t.Fatal("no check had an excess to move off")
	}
}
