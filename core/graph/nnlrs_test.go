package graph

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lowrank"
	"nnlrs/core/weights"
)

// unionOfSubspaces draws sizes[c] points from each of len(sizes) random
// dim-dimensional subspaces of R^ambient (Gaussian bases and coefficients;
// random subspaces of total dimension ≤ ambient are independent with
// probability one). Samples are columns, not normalized.
func unionOfSubspaces(rng *rand.Rand, ambient, dim int, sizes []int) (*mat.Dense, []int) {
	n := 0
	for _, s := range sizes {
		n += s
	}
	x := mat.NewDense(ambient, n, nil)
	var labels []int
	col := 0
	for c, s := range sizes {
		basis := mat.NewDense(ambient, dim, nil)
		coef := mat.NewDense(dim, s, nil)
		for _, m := range []*mat.Dense{basis, coef} {
			for i := range m.RawMatrix().Data {
				m.RawMatrix().Data[i] = rng.NormFloat64()
			}
		}
		x.Slice(0, ambient, col, col+s).(*mat.Dense).Mul(basis, coef)
		for range s {
			labels = append(labels, c+1)
		}
		col += s
	}
	return x, labels
}

// The case: 5 random 4-dimensional subspaces of R^100, 20 to 40
// points each. On independent subspaces the low-rank term keeps Z block
// diagonal (Liu et al. 2010, Theorem 3.1), so almost all of W's weight
// must join samples of the same subspace.
func TestNNLRSGraphSubspaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	sizes := make([]int, 5)
	for i := range sizes {
		sizes[i] = 20 + rng.IntN(21)
	}
	x, labels := unionOfSubspaces(rng, 100, 4, sizes)
	g, err := NNLRS(context.Background(), x, DefaultNNLRS(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Info.Converged || g.Info.Residual >= 1e-6 {
		t.Errorf("solver did not meet the stopping rule: %+v", g.Info)
	}
	n := len(labels)
	if r, c := g.Z.Dims(); r != n || c != n || g.W.SymmetricDim() != n {
		t.Fatalf("Z is %d×%d, W is %d, want n = %d", r, c, g.W.SymmetricDim(), n)
	}
	checkWeights(t, g.W)
	if wc := weights.WithinClass(g.W, labels); wc < 0.95 {
		t.Errorf("within-class weight %.4f, want >= 0.95", wc)
	}
	// Z ≥ 0 up to the solver's constraint residual: entries of the
	// normalized Z that the θ = 0 threshold dropped were negative and
	// tiny. Bound them by 1e-4 relative to the column norm.
	for j := 0; j < n; j++ {
		col := mat.Col(nil, j, g.Z)
		norm := 0.0
		for _, v := range col {
			norm = math.Hypot(norm, v)
		}
		for i, v := range col {
			if v < -1e-4*norm {
				t.Fatalf("Z[%d,%d] = %.3g is clearly negative (column norm %.3g)", i, j, v, norm)
			}
		}
	}
	t.Logf("n = %d: %d iterations, within-class %.4f, density %.3f", n, g.Info.Iterations, weights.WithinClass(g.W, labels), weights.Density(g.W))
}

// checkWeights asserts W is symmetric with finite nonnegative entries.
func checkWeights(t *testing.T, w mat.Symmetric) {
	t.Helper()
	n := w.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := w.At(i, j)
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("W[%d,%d] = %v", i, j, v)
			}
			if v != w.At(j, i) {
				t.Fatalf("W not symmetric at (%d,%d)", i, j)
			}
		}
	}
}

func TestNNLRSGraphErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	x, _ := unionOfSubspaces(rng, 10, 2, []int{5, 5})
	zeroCol := mat.DenseCopyOf(x)
	for i := 0; i < 10; i++ {
		zeroCol.Set(i, 3, 0)
	}
	nan := mat.DenseCopyOf(x)
	nan.Set(1, 1, math.NaN())
	for _, tc := range []struct {
		name string
		x    *mat.Dense
		p    NNLRSParams
	}{
		{"zero sample", zeroCol, DefaultNNLRS()},
		{"nan", nan, DefaultNNLRS()},
		{"negative theta", x, NNLRSParams{Params: lowrank.DefaultParams(), Theta: -1}},
		{"one sample", mat.NewDense(3, 1, []float64{1, 2, 3}), DefaultNNLRS()},
	} {
		if _, err := NNLRS(context.Background(), tc.x, tc.p, nil); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	p := DefaultNNLRS()
	p.Solver = &lowrank.ADMM{MaxIter: 2}
	g, err := NNLRS(context.Background(), x, p, nil)
	if err != nil || g == nil || g.Info.Converged || g.Info.Iterations != 2 {
		t.Errorf("iteration cap: err = %v, graph %v; want the graph of the 2nd iterate, not converged", err, g)
	}
}

// The LRR graph on noiseless independent subspaces is block diagonal:
// Z = V_r V_rᵀ has no weight across subspaces (Liu et al. 2010).
func TestLRRGraphBlockDiagonal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	x, labels := unionOfSubspaces(rng, 60, 3, []int{12, 15, 10})
	g, err := LRR(context.Background(), x, LRRParams{Lambda: 1e4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkWeights(t, g.W)
	if wc := weights.WithinClass(g.W, labels); wc < 1-1e-6 {
		t.Errorf("within-class weight %.8f, want 1 up to the solver tolerance", wc)
	}
}

// The graph carries the solver's end state: the NNLRS graph of the same
// samples after a step of λ (10 to 20, one step of the page's slider),
// started from it, takes fewer iterations than a cold solve, and both
// objectives are certified within ADMM's default gap of 0.4% of the same
// optimum p*, so they differ by at most 0.4% of the smaller. Other samples
// are refused.
func TestNNLRSGraphWarm(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	x, _ := unionOfSubspaces(rng, 60, 3, []int{15, 15, 15})
	ctx := context.Background()
	first, err := NNLRS(ctx, x, DefaultNNLRS(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.Warm == nil {
		t.Fatal("NNLRS graph without the solver's end state")
	}
	p := DefaultNNLRS()
	p.Lambda = 20
	cold, err := NNLRS(ctx, x, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.Solver = &lowrank.ADMM{Start: first.Warm}
	warm, err := NNLRS(ctx, x, p, nil)
	if err != nil {
		t.Fatal(err)
	}
	pc, pw := cold.Info.Objective, warm.Info.Objective
	if d := math.Abs(pc - pw); d > 4e-3*math.Min(pc, pw) {
		t.Errorf("objectives cold %.8g, warm %.8g differ by %.3g: more than both certificates allow", pc, pw, d)
	}
	if warm.Info.Iterations >= cold.Info.Iterations {
		t.Errorf("warm start took %d iterations, cold %d: want fewer", warm.Info.Iterations, cold.Info.Iterations)
	}
	t.Logf("cold %d iterations, warm %d", cold.Info.Iterations, warm.Info.Iterations)

	other := mat.DenseCopyOf(x.Slice(0, 60, 0, 30))
	if _, err := NNLRS(ctx, other, p, nil); !errors.Is(err, lowrank.ErrStartMismatch) {
		t.Errorf("other samples: error %v, want lowrank.ErrStartMismatch", err)
	}
}
