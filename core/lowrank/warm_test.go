package lowrank

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestADMMWarmStart solves problem (6) at the paper's β = 0.2, λ = 10,
// then at a nearby point (a larger λ, a larger β) both cold and warm
// (ADMM.Start from the first solve), and checks against mathematics:
//   - both answers are feasible and certified within the default gap by
//     Bounds (checkADMMResult);
//   - each objective is at least the other's certified lower bound, as it
//     must be for two feasible points of the same problem, so that the two
//     objectives differ by no more than the larger certified gap;
//   - the warm solve takes fewer iterations than the cold one: it starts
//     from the fixed point of a nearby problem (a property of the
//     iteration counts, not of timing).
//
// The cases cover the plain path and the QR reduction (d > n), whose
// state is kept in the reduced coordinates.
func TestADMMWarmStart(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	tall, _ := subspaces(rand.New(rand.NewPCG(8, 8)), 200, 3, []int{15, 15, 15}) // d = 200 > n = 45
	for _, tc := range []struct {
		name string
		x    *mat.Dense
		from Params
		to   Params
	}{
		{"lambda 10 to 12", x, DefaultParams(), Params{Beta: 0.2, Lambda: 12}},
		{"beta 0.2 to 0.25", x, DefaultParams(), Params{Beta: 0.25, Lambda: 10}},
		{"tall, lambda 10 to 12", tall, DefaultParams(), Params{Beta: 0.2, Lambda: 12}},
		{"tall, beta 0.2 to 0.25", tall, DefaultParams(), Params{Beta: 0.25, Lambda: 10}},
	} {
		prev, err := NNLRS(context.Background(), tc.x, nil, tc.from, &ADMM{}, nil)
		if err != nil {
			t.Fatalf("%s: first solve: %v", tc.name, err)
		}
		if prev.Warm == nil || prev.Warm.Params() != tc.from {
			t.Fatalf("%s: first solve left Warm %v, want the state of β, λ = %v", tc.name, prev.Warm, tc.from)
		}
		cold, err := NNLRS(context.Background(), tc.x, nil, tc.to, &ADMM{}, nil)
		if err != nil {
			t.Fatalf("%s: cold: %v", tc.name, err)
		}
		warm, err := NNLRS(context.Background(), tc.x, nil, tc.to, &ADMM{Start: prev.Warm}, nil)
		if err != nil {
			t.Fatalf("%s: warm: %v", tc.name, err)
		}
		dc := checkADMMResult(t, tc.name+", cold", tc.x, nil, tc.to, cold, admmDefaultGap)
		dw := checkADMMResult(t, tc.name+", warm", tc.x, nil, tc.to, warm, admmDefaultGap)
		if warm.Objective < dc || cold.Objective < dw {
			t.Errorf("%s: objectives warm %.8g, cold %.8g below the other's lower bound (cold %.8g, warm %.8g)",
				tc.name, warm.Objective, cold.Objective, dc, dw)
		}
		if d := math.Abs(warm.Objective - cold.Objective); d > admmDefaultGap*math.Max(dc, dw) {
			t.Errorf("%s: objectives warm %.8g, cold %.8g differ by %.3g, more than the certified gaps allow",
				tc.name, warm.Objective, cold.Objective, d)
		}
		if warm.Iterations >= cold.Iterations {
			t.Errorf("%s: warm start took %d iterations, cold %d: want fewer", tc.name, warm.Iterations, cold.Iterations)
		}
		t.Logf("%s: cold %d iterations (objective %.7g, gap %.2g), warm %d (objective %.7g, gap %.2g)",
			tc.name, cold.Iterations, cold.Objective, cold.Gap, warm.Iterations, warm.Objective, warm.Gap)
	}
}

// TestADMMWarmPenalties starts from a solve with other penalties μ. The
// scaled multipliers are rescaled so that the multipliers Y_i = μ_iU_i
// carry over unchanged (checked on the start state to rounding, a few
// ulps), and A·Z is recomputed; so a step of λ still starts near the
// fixed point and takes fewer iterations than a cold start, with the same
// certificate.
func TestADMMWarmPenalties(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	muFrom := [3]float64{20, 1, 5}
	prev, err := NNLRS(context.Background(), x, nil, DefaultParams(), &ADMM{Mu: muFrom}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := Params{Beta: 0.2, Lambda: 12}
	set := (&ADMM{Start: prev.Warm}).withDefaults(problem{Params: p}, x.RawMatrix().Cols)
	s := newADMM(x, x, problem{Params: p}, set)
	if err := s.start(set.Start); err != nil {
		t.Fatal(err)
	}
	w := prev.Warm
	for i, pair := range [][2]*mat.Dense{{s.xs.u1, w.u1}, {s.xs.u2, w.u2}, {s.xs.u3, w.u3}} {
		if pair[0] == nil || pair[1] == nil {
			t.Fatalf("U%d not stored: the test's data is small", i+1)
		}
		for j, v := range raw(pair[0]) {
			want := muFrom[i] * raw(pair[1])[j]
			if got := set.Mu[i] * v; math.Abs(got-want) > 4*epsilon*math.Abs(want) {
				t.Fatalf("Y%d entry %d: %v after the start, %v before", i+1, j, got, want)
			}
		}
	}
	if !mat.Equal(s.xs.z, w.z) {
		t.Error("start changed Z")
	}
	var az mat.Dense
	az.Mul(x, w.z)
	if !mat.Equal(s.xs.az, &az) {
		t.Error("start state's A·Z is not A times its Z")
	}

	cold, err := NNLRS(context.Background(), x, nil, p, &ADMM{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	warm, err := NNLRS(context.Background(), x, nil, p, &ADMM{Start: prev.Warm}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkADMMResult(t, "warm, other mu", x, nil, p, warm, admmDefaultGap)
	if warm.Iterations >= cold.Iterations {
		t.Errorf("warm start from other penalties took %d iterations, cold %d: want fewer", warm.Iterations, cold.Iterations)
	}
	t.Logf("cold %d iterations, warm from other penalties %d", cold.Iterations, warm.Iterations)
}

// TestADMMWarmContinue restarts a solve capped by MaxIter from its last
// state, with the same β and λ: the continuation converges, certified,
// in fewer iterations than a cold solve needs.
func TestADMMWarmContinue(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	p := DefaultParams()
	capped, err := NNLRS(context.Background(), x, nil, p, &ADMM{MaxIter: 40}, nil)
	if err != nil || capped.Status != IterationLimit || capped.Warm == nil {
		t.Fatalf("capped solve: err %v, status %v, Warm %v; want IterationLimit with a state", err, capped.Status, capped.Warm)
	}
	cold, err := NNLRS(context.Background(), x, nil, p, &ADMM{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cont, err := NNLRS(context.Background(), x, nil, p, &ADMM{Start: capped.Warm}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkADMMResult(t, "continued", x, nil, p, cont, admmDefaultGap)
	if cont.Iterations >= cold.Iterations {
		t.Errorf("continuation after 40 iterations took %d more, cold %d: want fewer", cont.Iterations, cold.Iterations)
	}
	t.Logf("cold %d iterations; capped at 40, then %d more", cold.Iterations, cont.Iterations)
}

// TestADMMWarmMismatch: a Start saved from other data (another size,
// other values of the same shape, another dictionary) is refused with an
// *Error wrapping ErrStartMismatch, before any iteration; a copy of the
// same data is the same problem and is accepted.
func TestADMMWarmMismatch(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	prev, err := NNLRS(context.Background(), x, nil, DefaultParams(), &ADMM{MaxIter: 10}, nil)
	if err != nil || prev.Status != IterationLimit {
		t.Fatalf("err = %v, status %v, want IterationLimit", err, prev.Status)
	}
	d, n := x.Dims()
	changed := mat.DenseCopyOf(x)
	changed.Set(d-1, n-1, changed.At(d-1, n-1)*(1+1e-12))
	dict := mat.DenseCopyOf(x)
	dict.Set(0, 0, dict.At(0, 0)+1e-12)
	for _, tc := range []struct {
		name string
		x, a *mat.Dense
	}{
		{"other size", smallData(), nil},
		{"fewer samples", mat.DenseCopyOf(x.Slice(0, d, 0, n-1)), nil},
		{"one entry changed", changed, nil},
		{"other dictionary", x, dict},
	} {
		progress := func(Progress) { t.Errorf("%s: the solver iterated", tc.name) }
		res, err := NNLRS(context.Background(), tc.x, tc.a, DefaultParams(), &ADMM{Start: prev.Warm}, progress)
		var e *Error
		if res != nil || !errors.Is(err, ErrStartMismatch) || !errors.As(err, &e) {
			t.Errorf("%s: result %v, error %v; want no result and an *Error wrapping ErrStartMismatch", tc.name, res, err)
		}
	}
	// The same bits in another matrix: the same problem.
	res, err := NNLRS(context.Background(), mat.DenseCopyOf(x), nil, Params{Beta: 0.2, Lambda: 12}, &ADMM{Start: prev.Warm}, nil)
	if err != nil {
		t.Fatalf("copy of the data: %v", err)
	}
	checkADMMResult(t, "copy of the data", mat.DenseCopyOf(x), nil, Params{Beta: 0.2, Lambda: 12}, res, admmDefaultGap)
}

// TestADMMWarmZeroOptimal: for λ so small that Z = 0, E = X is optimal to
// within the gap (here λ = 0.05 on unit-norm samples, whose objective there
// is λn), the start state is not used: the solve is the cold one, step for
// step (the same iterations and the same Z), which certifies at its first
// check. The optimum is λ||X||_2,1 = λn up to the certified gap.
func TestADMMWarmZeroOptimal(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	_, n := x.Dims()
	prev, err := NNLRS(context.Background(), x, nil, DefaultParams(), &ADMM{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := Params{Beta: 0.2, Lambda: 0.05}
	cold, err := NNLRS(context.Background(), x, nil, p, &ADMM{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	warm, err := NNLRS(context.Background(), x, nil, p, &ADMM{Start: prev.Warm}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dual := checkADMMResult(t, "warm", x, nil, p, warm, admmDefaultGap)
	if warm.Iterations != cold.Iterations || !mat.Equal(warm.Z, cold.Z) {
		t.Errorf("warm start took %d iterations, cold %d (Z equal: %v): want the cold solve",
			warm.Iterations, cold.Iterations, mat.Equal(warm.Z, cold.Z))
	}
	// Z = 0 is feasible with objective λn ≥ p* ≥ dual.
	if zero := p.Lambda * float64(n); dual > zero || (zero-dual)/dual > admmDefaultGap {
		t.Errorf("lower bound %.8g, objective of Z = 0 %.8g: want within the gap", dual, zero)
	}
	t.Logf("cold %d iterations, warm %d, objective %.8g, λn %.8g", cold.Iterations, warm.Iterations, warm.Objective, p.Lambda*float64(n))
}

// TestLRRWarmStart is TestADMMWarmStart for LRR: a λ step solved cold and
// warm (from the end state at the first λ), both answers feasible and
// certified within the gap (checkLRRResult), each objective at least the
// other's lower bound, and the warm solve in fewer iterations (a property
// of the iteration counts, not of timing). The cases cover the plain path,
// the QR reduction and a dictionary A ≠ X.
func TestLRRWarmStart(t *testing.T) {
	t.Parallel()
	cs := lrrCases()
	for _, tc := range []struct {
		i        int
		from, to float64
	}{{0, 1, 1.5}, {2, 2, 3}, {5, 1, 2}, {7, 1, 1.5}} {
		c := cs[tc.i]
		name := fmt.Sprintf("%s → %g", c.name, tc.to)
		prev, err := LRR(context.Background(), c.x, c.a, tc.from, nil, nil)
		if err != nil || prev.Warm == nil || prev.Warm.Params() != (Params{Lambda: tc.from}) {
			t.Fatalf("%s: first solve: err %v, Warm %v", name, err, prev.Warm)
		}
		cold, err := LRR(context.Background(), c.x, c.a, tc.to, nil, nil)
		if err != nil {
			t.Fatalf("%s: cold: %v", name, err)
		}
		warm, err := LRR(context.Background(), c.x, c.a, tc.to, &ADMM{Start: prev.Warm}, nil)
		if err != nil {
			t.Fatalf("%s: warm: %v", name, err)
		}
		dc := checkLRRResult(t, name+", cold", c.x, c.a, tc.to, cold, admmDefaultGap)
		dw := checkLRRResult(t, name+", warm", c.x, c.a, tc.to, warm, admmDefaultGap)
		if warm.Objective < dc || cold.Objective < dw {
			t.Errorf("%s: objectives warm %.8g, cold %.8g below the other's lower bound (cold %.8g, warm %.8g)",
				name, warm.Objective, cold.Objective, dc, dw)
		}
		if warm.Status != Converged || warm.Iterations >= cold.Iterations {
			t.Errorf("%s: warm start took %d iterations (%v), cold %d: want fewer", name, warm.Iterations, warm.Status, cold.Iterations)
		}
		t.Logf("%s: cold %d iterations, warm %d", name, cold.Iterations, warm.Iterations)
	}
}

// TestWarmOtherProblem: the end state of an NNLRS solve does not start an
// LRR solve of the same data, nor the reverse (ErrStartMismatch, before any
// iteration).
func TestWarmOtherProblem(t *testing.T) {
	t.Parallel()
	x, _ := subspaceData()
	nn, err := NNLRS(context.Background(), x, nil, DefaultParams(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	lrr, err := LRR(context.Background(), x, nil, 1, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	progress := func(Progress) { t.Error("the solver iterated") }
	if _, err := LRR(context.Background(), x, nil, 1, &ADMM{Start: nn.Warm}, progress); !errors.Is(err, ErrStartMismatch) {
		t.Errorf("LRR from an NNLRS state: error %v, want ErrStartMismatch", err)
	}
	if _, err := NNLRS(context.Background(), x, nil, DefaultParams(), &ADMM{Start: lrr.Warm}, progress); !errors.Is(err, ErrStartMismatch) {
		t.Errorf("NNLRS from an LRR state: error %v, want ErrStartMismatch", err)
	}
}
