package lowrank

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The test case of the optimality tests: 5 random 4-dimensional subspaces
// of R^100 with 20 to 26 unit-norm points each.
func subspaceData() (*mat.Dense, []int) {
	rng := rand.New(rand.NewPCG(1, 1))
	sizes := make([]int, 5)
	for i := range sizes {
		sizes[i] = 20 + rng.IntN(7)
	}
	return subspaces(rng, 100, 4, sizes)
}

// smallData is a smaller case for the tests of the solvers' plumbing: 3
// random 3-dimensional subspaces of R^40 with 12 unit-norm points each.
func smallData() *mat.Dense {
	x, _ := subspaces(rand.New(rand.NewPCG(2, 2)), 40, 3, []int{12, 12, 12})
	return x
}

// ladmapDefault returns LADMAP's solve of subspaceData with the paper's
// parameters and the default settings, made once for the tests that
// check it (each in its own way).
var ladmapDefault = sync.OnceValues(func() (*Result, error) {
	x, _ := subspaceData()
	return NNLRS(context.Background(), x, nil, DefaultParams(), &LADMAP{}, nil)
})

// tightDefault returns ADMM's solve of subspaceData with the paper's
// parameters to a certified gap of 1e-5, whose objective brackets the
// optimum from above within 1e-5 (shared by the tests that need it).
var tightDefault = sync.OnceValues(func() (*Result, error) {
	x, _ := subspaceData()
	return NNLRS(context.Background(), x, nil, DefaultParams(), &ADMM{Gap: 1e-5}, nil)
})

// TestNNLRSOptimal checks a run with the paper's parameters against
// mathematics rather than against earlier output:
//   - it stops by the paper's rule (residual < ε₁ and change < ε₂);
//   - Z ≥ 0 up to the residual of the constraint Z = H (H ≥ 0 exactly);
//   - its objective lies within 1% of the optimum, certified by Lagrangian
//     duality: a tight run of the other solver, ADMM to a certified gap of
//     1e-5 (tightDefault), yields multipliers whose dual value is a lower
//     bound on the optimum whatever solver produced them (2 s here, where
//     LADMAP took 21 s to a tighter ε₂).
//
// The paper's η₁ (PaperEta) is checked for the first two on the smaller
// smallData, which they do not need the size of.
func TestNNLRSOptimal(t *testing.T) {
	t.Parallel()
	p := DefaultParams()
	for _, paperEta := range []bool{false, true} {
		x, _ := subspaceData()
		res, err := ladmapDefault()
		if paperEta {
			x = smallData()
			res, err = NNLRS(context.Background(), x, nil, p, &LADMAP{PaperEta: true}, nil)
		}
		if err != nil {
			t.Fatalf("paperEta=%v: %v", paperEta, err)
		}
		if res.Status != Converged || res.Residual >= 1e-6 || res.Change >= 1e-2 {
			t.Errorf("paperEta=%v: stopping rule not met: status %v residual=%.3g change=%.3g",
				paperEta, res.Status, res.Residual, res.Change)
		}
		// ||Z − H||_F bounds every entry of Z − H; H ≥ 0 exactly.
		bound := res.ResidualZH * mat.Norm(x, 2)
		if res.ResidualZH > 1e-4 {
			t.Errorf("paperEta=%v: ||Z-H||/||X|| = %.3g, want <= 1e-4", paperEta, res.ResidualZH)
		}
		for i, v := range res.Z.RawMatrix().Data {
			if v < -bound {
				t.Fatalf("paperEta=%v: Z entry %d = %.3g below -||Z-H||_F = %.3g", paperEta, i, v, -bound)
			}
		}
		for _, v := range res.H.RawMatrix().Data {
			if v < 0 {
				t.Fatalf("paperEta=%v: H has a negative entry %v", paperEta, v)
			}
		}
		t.Logf("paperEta=%v: %d iterations, objective %.6g, rank %d", paperEta, res.Iterations, res.Objective, res.RankZ)
		if paperEta {
			continue
		}
		tight, err := tightDefault()
		if err != nil {
			t.Fatal(err)
		}
		primal, dual, err := Bounds(x, nil, p, tight.H, tight.Y1, tight.Y2)
		if err != nil {
			t.Fatal(err)
		}
		if gap := (primal - dual) / primal; gap > 5e-3 || gap < 0 {
			t.Errorf("tight run: duality gap %.3g (primal %.7g, dual %.7g), want in [0, 5e-3]", gap, primal, dual)
		}
		t.Logf("ADMM's certificate: primal %.7g, dual %.7g", primal, dual)
		if res.Objective < dual*(1-1e-6) || res.Objective > dual*1.01 {
			t.Errorf("objective %.7g not within 1%% above the certified lower bound %.7g", res.Objective, dual)
		}
	}
}

// Bounds must bracket the optimum for any input, even a poor one: the
// primal bound of the point H = 0 is λ||X||_2,1, and any dual value is at
// most any primal value.
func TestBoundsWeakDuality(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(2, 2))
	x, _ := subspaces(rng, 20, 2, []int{6, 6})
	p := Params{Beta: 0.3, Lambda: 0.7}
	_, n := x.Dims()
	for trial := 0; trial < 20; trial++ {
		h := mat.NewDense(n, n, nil)
		y1 := mat.NewDense(20, n, nil)
		y2 := mat.NewDense(n, n, nil)
		for _, m := range []*mat.Dense{h, y1, y2} {
			for i := range m.RawMatrix().Data {
				m.RawMatrix().Data[i] = rng.NormFloat64() * float64(trial%4)
			}
		}
		primal, dual, err := Bounds(x, nil, p, h, y1, y2)
		if err != nil {
			t.Fatal(err)
		}
		if dual > primal {
			t.Errorf("trial %d: dual %v > primal %v", trial, dual, primal)
		}
	}
}

func TestLADMAPIterationLimit(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	res, err := NNLRS(context.Background(), x, nil, DefaultParams(), &LADMAP{MaxIter: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != IterationLimit || res.Iterations != 5 {
		t.Fatalf("status %v after %d iterations, want the 5th iterate with IterationLimit", res.Status, res.Iterations)
	}
}

func TestNNLRSProgressAndCancel(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	last := 0
	res, err := NNLRS(ctx, x, nil, DefaultParams(), &LADMAP{}, func(p Progress) {
		if p.Iter != last+1 {
			t.Errorf("progress iteration %d after %d", p.Iter, last)
		}
		last = p.Iter
		if r, c := p.Z.Dims(); r != c || p.Mu <= 0 || p.Residual < 0 || math.IsNaN(p.Objective) {
			t.Errorf("bad progress %+v (Z %d×%d)", p, r, c)
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
}

func TestNNLRSBadInput(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	nan := mat.DenseCopyOf(x)
	nan.Set(3, 4, math.NaN())
	for _, tc := range []struct {
		name string
		x, a *mat.Dense
		p    Params
		s    Method
	}{
		{"nan", nan, nil, DefaultParams(), nil},
		{"inf dictionary", x, func() *mat.Dense { a := mat.DenseCopyOf(x); a.Set(0, 0, math.Inf(1)); return a }(), DefaultParams(), nil},
		{"shape", x, mat.NewDense(3, 4, nil), DefaultParams(), nil},
		{"zero data", mat.NewDense(4, 4, nil), nil, DefaultParams(), nil},
		{"negative beta", x, nil, Params{Beta: -1, Lambda: 1}, nil},
		{"zero lambda", x, nil, Params{Beta: 1, Lambda: 0}, nil},
		{"nan lambda", x, nil, Params{Beta: 1, Lambda: math.NaN()}, nil},
		{"rho below 1", x, nil, DefaultParams(), &LADMAP{Rho0: 0.5}},
		{"negative eta", x, nil, DefaultParams(), &LADMAP{Eta: -1}},
	} {
		_, err := NNLRS(context.Background(), tc.x, tc.a, tc.p, tc.s, nil)
		if e := (*Error)(nil); !errors.As(err, &e) || e.Reason == "" {
			t.Errorf("%s: error %v, want an *Error", tc.name, err)
		}
	}
}

// With a dictionary A ≠ X (NNLRS-EF solves with A = PX, a reduced
// dimension) the solver must handle d×m dictionaries with m = n and
// any d: here a random 20×n projection of the data.
func TestNNLRSProjectedDictionary(t *testing.T) {
	t.Parallel()
	x := smallData()
	d, n := x.Dims()
	rng := rand.New(rand.NewPCG(3, 3))
	pm := mat.NewDense(20, d, nil)
	for i := range pm.RawMatrix().Data {
		pm.RawMatrix().Data[i] = rng.NormFloat64() / math.Sqrt(float64(d))
	}
	var px mat.Dense
	px.Mul(pm, x)
	p := DefaultParams()
	res, err := NNLRS(context.Background(), &px, &px, p, &LADMAP{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := res.Z.Dims(); r != n || c != n {
		t.Fatalf("Z is %d×%d, want %d×%d", r, c, n, n)
	}
	if r, c := res.E.Dims(); r != 20 || c != n {
		t.Fatalf("E is %d×%d, want 20×%d", r, c, n)
	}
	primal, dual, _ := Bounds(&px, &px, p, res.H, res.Y1, res.Y2)
	if dual > primal || res.Objective > primal*1.001 {
		t.Errorf("bounds dual %v primal %v objective %v", dual, primal, res.Objective)
	}
}

// TestNNLRSZeroDiagonal solves NNLRS with diag Z = 0 on data where the
// unconstrained Z puts much of its weight on the diagonal (λ = 10): the
// answer has a zero diagonal and is nonnegative; Bounds, with exact
// spectral norms, certifies it within the solver's gap; and its objective
// is at least the certified lower bound of the unconstrained problem,
// whose feasible set contains it. A dictionary other than X and the
// LADMAP solver are refused.
func TestNNLRSZeroDiagonal(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	_, n := x.Dims()
	p := DefaultParams()
	free, err := NNLRS(context.Background(), x, nil, p, &ADMM{Gap: 1e-4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, freeDual, err := Bounds(x, nil, p, free.H, free.Y1, free.Y2)
	if err != nil {
		t.Fatal(err)
	}
	diag := 0.0
	for i := 0; i < n; i++ {
		diag += free.H.At(i, i)
	}
	pz := p
	pz.ZeroDiagonal = true
	res, err := NNLRS(context.Background(), x, nil, pz, &ADMM{Gap: 1e-4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Converged {
		t.Fatalf("status %v after %d iterations", res.Status, res.Iterations)
	}
	for i := 0; i < n; i++ {
		if res.H.At(i, i) != 0 || res.Z.At(i, i) != 0 {
			t.Fatalf("diagonal entry %d: H %v, Z %v", i, res.H.At(i, i), res.Z.At(i, i))
		}
	}
	for _, v := range res.H.RawMatrix().Data {
		if v < 0 {
			t.Fatalf("H has a negative entry %v", v)
		}
	}
	primal, dual, err := Bounds(x, nil, pz, res.H, res.Y1, res.Y2)
	if err != nil {
		t.Fatal(err)
	}
	if gap := (primal - dual) / dual; gap < 0 || gap > 1e-4*(1+1e-6) {
		t.Errorf("Bounds: primal %.8g, dual %.8g, gap %.3g, want in [0, 1e-4]", primal, dual, gap)
	}
	if math.Abs(primal-res.Objective) > 1e-9*primal {
		t.Errorf("objective %.10g, Bounds' primal %.10g", res.Objective, primal)
	}
	if res.Objective < freeDual {
		t.Errorf("objective %.8g below the unconstrained problem's lower bound %.8g", res.Objective, freeDual)
	}
	t.Logf("unconstrained: objective %.6g, diagonal sum %.3g; zero diagonal: objective %.6g in %d iterations",
		free.Objective, diag, res.Objective, res.Iterations)

	if _, err := NNLRS(context.Background(), x, mat.DenseCopyOf(x), pz, nil, nil); err == nil {
		t.Error("a zero diagonal with another dictionary: no error")
	}
	if _, err := NNLRS(context.Background(), x, nil, pz, &LADMAP{}, nil); err == nil {
		t.Error("a zero diagonal by LADMAP: no error")
	}
}
