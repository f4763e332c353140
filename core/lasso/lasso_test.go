package lasso

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gaussian returns a d×n matrix of standard normal entries.
func gaussian(rng *rand.Rand, d, n int) *mat.Dense {
	x := mat.NewDense(d, n, nil)
	for i := range x.RawMatrix().Data {
		x.RawMatrix().Data[i] = rng.NormFloat64()
	}
	return x
}

// unitColumns returns a d×n matrix of random unit-norm columns.
func unitColumns(rng *rand.Rand, d, n int) *mat.Dense {
	x := gaussian(rng, d, n)
	for j := 0; j < n; j++ {
		col := x.ColView(j).(*mat.VecDense)
		col.ScaleVec(1/mat.Norm(col, 2), col)
	}
	return x
}

// solver is NonNeg or Robust.
type solver func(context.Context, *mat.Dense, float64, *Settings) (*Result, error)

var solvers = []struct {
	name string
	f    solver
}{
	{"NonNeg", NonNeg},
	{"Robust", Robust},
}

func TestInvalidInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := gaussian(rng, 4, 6)
	nan := mat.DenseCopyOf(x)
	nan.Set(2, 3, math.NaN())
	inf := mat.DenseCopyOf(x)
	inf.Set(0, 0, math.Inf(-1))
	for _, s := range solvers {
		for _, tc := range []struct {
			name   string
			x      *mat.Dense
			lambda float64
			set    *Settings
		}{
			{"nil data", nil, 0.1, nil},
			{"one sample", mat.NewDense(3, 1, []float64{1, 2, 3}), 0.1, nil},
			{"NaN", nan, 0.1, nil},
			{"Inf", inf, 0.1, nil},
			{"negative lambda", x, -0.1, nil},
			{"NaN lambda", x, math.NaN(), nil},
			{"Inf lambda", x, math.Inf(1), nil},
			{"negative tolerance", x, 0.1, &Settings{Tol: -1}},
			{"negative maxiter", x, 0.1, &Settings{MaxIter: -1}},
		} {
			res, err := s.f(context.Background(), tc.x, tc.lambda, tc.set)
			if err == nil || res != nil {
				t.Errorf("%s, %s: got result %v, error %v; want an error and no result", s.name, tc.name, res != nil, err)
			}
		}
	}
	if _, err := Robust(context.Background(), x, 0, nil); err == nil {
		t.Errorf("Robust with λ = 0: no error")
	}
}

func TestCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := unitColumns(rng, 20, 30)
	for _, s := range solvers {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if res, err := s.f(ctx, x, 0.05, nil); !errors.Is(err, context.Canceled) || res != nil {
			t.Errorf("%s, cancelled before: got error %v, result %v; want context.Canceled", s.name, err, res != nil)
		}

		// Cancel from the progress hook after the third sample: the
		// solver must stop before the fourth.
		ctx, cancel = context.WithCancel(context.Background())
		var done []int
		set := &Settings{Progress: func(k, n int) {
			if n != 30 {
				t.Errorf("%s: progress total %d, want 30", s.name, n)
			}
			done = append(done, k)
			if k == 3 {
				cancel()
			}
		}}
		res, err := s.f(ctx, x, 0.05, set)
		cancel()
		if !errors.Is(err, context.Canceled) || res != nil {
			t.Errorf("%s, cancelled during: got error %v, result %v; want context.Canceled", s.name, err, res != nil)
		}
		if len(done) != 3 || done[0] != 1 || done[2] != 3 {
			t.Errorf("%s: progress reported %v, want [1 2 3]", s.name, done)
		}
	}
}

func TestSweepCap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := unitColumns(rng, 30, 40)
	for _, s := range solvers {
		// One sweep cannot meet a tolerance of 1e-12 with λ this small.
		res, err := s.f(context.Background(), x, 1e-3, &Settings{MaxIter: 1, Tol: 1e-12})
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		tot := res.Total()
		if tot.Converged || tot.Iterations != 40 {
			t.Errorf("%s: total %+v, want not converged after 40 sweeps (one per sample)", s.name, tot)
		}
	}
}

// The code of a sample never uses the sample itself, and a zero sample is
// neither coded (its code is 0) nor used.
func TestMaskAndZeroSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	x := unitColumns(rng, 10, 15)
	for k := 0; k < 10; k++ {
		x.Set(k, 4, 0)
	}
	for _, s := range solvers {
		res, err := s.f(context.Background(), x, 1e-3, nil)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		for i := 0; i < 15; i++ {
			if v := res.Z.At(i, i); v != 0 {
				t.Errorf("%s: Z[%d,%d] = %v, want 0", s.name, i, i, v)
			}
			if v := res.Z.At(4, i); v != 0 {
				t.Errorf("%s: the zero sample has coefficient %v in the code of %d, want 0", s.name, v, i)
			}
			if v := res.Z.At(i, 4); v != 0 {
				t.Errorf("%s: the code of the zero sample has Z[%d,4] = %v, want 0", s.name, i, v)
			}
		}
	}
}

// The optimality conditions hold on many small random instances that make
// the reduced systems of the polish step singular or ill-conditioned: more
// samples than dimensions (supports larger than the rank), duplicated
// samples, positive data whose samples are all highly correlated, scales
// varying over orders of magnitude, λ over four decades and, for NonNeg,
// λ = 0 (nonnegative least squares, often with an exact fit and many
// solutions).
func TestKKTRandom(t *testing.T) {
	const tol = 1e-9
	for seed := uint64(0); seed < 100; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		d := 1 + rng.IntN(25)
		n := 2 + rng.IntN(40)
		x := gaussian(rng, d, n)
		if rng.IntN(2) == 0 {
			for j := 0; j < n; j++ {
				col := x.ColView(j).(*mat.VecDense)
				col.ScaleVec(math.Exp(rng.NormFloat64()), col)
			}
		}
		if rng.IntN(3) == 0 {
			for j := 0; j+1 < n; j += 3 {
				x.SetCol(j+1, mat.Col(nil, j, x))
			}
		}
		if rng.IntN(4) == 0 {
			x.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) + 3 }, x)
		}
		rel := math.Pow(10, -4*rng.Float64())
		lambda := rel * mat.Norm(x, math.Inf(1))
		name := fmt.Sprintf("seed %d, d = %d, n = %d, λ = %.3g", seed, d, n, lambda)
		res, err := Robust(context.Background(), x, lambda, &Settings{Tol: tol})
		if err != nil {
			t.Fatalf("Robust, %s: %v", name, err)
		}
		checkRobustKKT(t, "Robust, "+name, x, lambda, tol, res)

		var g mat.Dense
		g.Mul(x.T(), x)
		lambda = rel * mat.Norm(&g, math.Inf(1)) / float64(n)
		if rng.IntN(5) == 0 {
			lambda = 0
		}
		name = fmt.Sprintf("seed %d, d = %d, n = %d, λ = %.3g", seed, d, n, lambda)
		res, err = NonNeg(context.Background(), x, lambda, &Settings{Tol: tol})
		if err != nil {
			t.Fatalf("NonNeg, %s: %v", name, err)
		}
		checkNonNegKKT(t, "NonNeg, "+name, x, lambda, tol, res)
	}
}
