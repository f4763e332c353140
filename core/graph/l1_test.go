package graph

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lasso"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// codeSupport returns the rows of column j of m that are nonzero.
func codeSupport(m *mat.Dense, j int) []int {
	r, _ := m.Dims()
	var s []int
	for i := 0; i < r; i++ {
		if m.At(i, j) != 0 {
			s = append(s, i)
		}
	}
	return s
}

// A unit-norm sample built as y ∝ D a + e₀, a combination of 3 of 40 random
// unit-norm samples of R^60 plus 2 gross errors, is coded by the l1-graph
// on the planted samples, with e nonzero exactly on the errors. (The
// coefficients themselves are checked against the closed form of the
// lasso solution in package lasso.) The graph's W must then join y to
// exactly the planted samples, with weight (|Z_jy| + |Z_yj|)/2.
func TestL1Planted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const d, m = 60, 40
	support := []int{3, 17, 29}
	spikes := []int{7, 41}
	x := mat.NewDense(d, m+1, nil)
	x.Slice(0, d, 0, m).(*mat.Dense).Copy(randomUnit(rng, d, m))
	y := x.ColView(m).(*mat.VecDense)
	for k, j := range support {
		y.AddScaledVec(y, []float64{0.5, -0.3, 0.8}[k], x.ColView(j))
	}
	y.SetVec(spikes[0], y.AtVec(spikes[0])+0.5)
	y.SetVec(spikes[1], y.AtVec(spikes[1])-0.5)
	y.ScaleVec(1/mat.Norm(y, 2), y)

	g, err := L1(context.Background(), x, L1Params{Lambda: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, m+1, "l1")
	if got := codeSupport(g.Z, m); fmt.Sprint(got) != fmt.Sprint(support) {
		t.Errorf("support of the code: %v, want %v", got, support)
	}
	if got := codeSupport(g.E, m); fmt.Sprint(got) != fmt.Sprint(spikes) {
		t.Errorf("support of the noise code: %v, want %v", got, spikes)
	}
	for j := 0; j < m; j++ {
		want := (math.Abs(g.Z.At(j, m)) + math.Abs(g.Z.At(m, j))) / 2
		if got := g.W.At(j, m); got != want {
			t.Errorf("W[%d,y] = %v, want (|Z_jy| + |Z_yj|)/2 = %v", j, got, want)
		}
	}
}

// On independent subspaces the equality-constrained l1 codes are subspace
// preserving (Elhamifar and Vidal, "Sparse subspace clustering", IEEE
// TPAMI 2013, Theorem 1): no weight joins different subspaces. Three
// random subspaces of dimension 3 in R^30 are independent; the lasso form
// with the default λ keeps the property up to the 1e-3 allowed here. The
// graph is invariant to the scale of the samples, which L1 normalizes.
func TestL1Subspaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	x, labels := unionOfSubspaces(rng, 30, 3, []int{15, 12, 18})
	g, err := L1(context.Background(), x, L1Params{})
	if err != nil {
		t.Fatal(err)
	}
	n := len(labels)
	checkGraph(t, g, n, "l1")
	if wc := weights.WithinClass(g.W, labels); wc < 1-1e-3 {
		t.Errorf("within-class weight %.6f, want >= 0.999", wc)
	}
	if r, c := g.E.Dims(); r != 30 || c != n {
		t.Errorf("E is %d×%d, want 30×%d", r, c, n)
	}
	// Every residual entry is at most λ (the optimality conditions of e).
	if bound := DefaultL1Lambda * math.Sqrt(30); g.Info.Residual > bound || !g.Info.Converged || g.Info.Iterations < n {
		t.Errorf("Info = %+v, want converged, >= %d sweeps, residual <= λ√d = %.3g", g.Info, n, bound)
	}

	scaled := mat.DenseCopyOf(x)
	for j := 0; j < n; j++ {
		col := scaled.ColView(j).(*mat.VecDense)
		col.ScaleVec(math.Exp(rng.NormFloat64()), col)
	}
	g2, err := L1(context.Background(), scaled, L1Params{})
	if err != nil {
		t.Fatal(err)
	}
	// Normalization rounds differently for scaled samples, and the
	// solver's tolerance 1e-6 bounds the difference of the codes.
	if !mat.EqualApprox(g.Z, g2.Z, 1e-5) {
		t.Errorf("rescaling the samples changed Z by up to %.3g", maxDiff(g.Z, g2.Z))
	}
}

// maxDiff returns max |a_ij − b_ij|.
func maxDiff(a, b mat.Matrix) float64 {
	var d mat.Dense
	d.Sub(a, b)
	return mat.Norm(&d, math.Inf(1))
}

// codeBuilders are the per-sample sparse-coding graphs, with a nondefault
// parameter.
var codeBuilders = []struct {
	name  method.Name
	build func(context.Context, *mat.Dense, float64, *lasso.Settings) (*Graph, error)
}{
	{"l1", func(ctx context.Context, x *mat.Dense, lambda float64, s *lasso.Settings) (*Graph, error) {
		return L1(ctx, x, L1Params{Lambda: lambda, Solver: s})
	}},
	{"spg", func(ctx context.Context, x *mat.Dense, lambda float64, s *lasso.Settings) (*Graph, error) {
		return SPG(ctx, x, SPGParams{Lambda: lambda, Solver: s})
	}},
}

func TestCodeGraphsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, b := range codeBuilders {
		for _, size := range []struct{ d, n int }{{10, 25}, {40, 30}} {
			x := randomUnit(rng, size.d, size.n)
			var done int
			set := &lasso.Settings{Progress: func(k, n int) { done = k }}
			g, err := b.build(context.Background(), x, 0, set)
			if err != nil {
				t.Fatalf("%s, d = %d, n = %d: %v", b.name, size.d, size.n, err)
			}
			checkGraph(t, g, size.n, b.name)
			if done != size.n {
				t.Errorf("%s: progress reached %d, want %d", b.name, done, size.n)
			}
			if !g.Info.Converged || g.Info.Objective <= 0 || g.Info.Residual <= 0 {
				t.Errorf("%s: Info = %+v", b.name, g.Info)
			}
		}
	}
}

func TestCodeGraphsErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := randomUnit(rng, 5, 8)
	nan := mat.DenseCopyOf(x)
	nan.Set(1, 1, math.NaN())
	zero := mat.DenseCopyOf(x)
	zero.SetCol(2, make([]float64, 5))
	for _, b := range codeBuilders {
		for _, tc := range []struct {
			name   string
			x      *mat.Dense
			lambda float64
		}{
			{"nil", nil, 0},
			{"NaN", nan, 0},
			{"zero sample", zero, 0},
			{"one sample", mat.NewDense(3, 1, []float64{1, 2, 3}), 0},
			{"negative lambda", x, -0.1},
			{"NaN lambda", x, math.NaN()},
		} {
			if g, err := b.build(context.Background(), tc.x, tc.lambda, nil); err == nil || g != nil {
				t.Errorf("%s, %s: got graph %v, error %v; want an error", b.name, tc.name, g != nil, err)
			}
		}

		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if g, err := b.build(ctx, x, 0, nil); !errors.Is(err, context.Canceled) || g != nil {
			t.Errorf("%s, cancelled: got graph %v, error %v; want context.Canceled", b.name, g != nil, err)
		}

		// One sweep per sample cannot meet a tolerance of 1e-12: the graph
		// comes back, not converged.
		g, err := b.build(context.Background(), x, 1e-3, &lasso.Settings{MaxIter: 1, Tol: 1e-12})
		if err != nil || g == nil || g.Info.Converged {
			t.Errorf("%s, sweep cap: got graph %v, error %v; want the graph, not converged", b.name, g != nil, err)
		}
	}
}

// benchData is random unit-norm data of USPS's shape, d = 256.
func benchData(n int) *mat.Dense {
	return randomUnit(rand.New(rand.NewPCG(1, 1)), 256, n)
}

var benchGraph *Graph

func benchmarkL1(b *testing.B, n int) {
	x := benchData(n)
	b.ResetTimer()
	for range b.N {
		g, err := L1(context.Background(), x, L1Params{})
		if err != nil {
			b.Fatal(err)
		}
		benchGraph = g
	}
}

func BenchmarkL1Graph200(b *testing.B) { benchmarkL1(b, 200) }
func BenchmarkL1Graph800(b *testing.B) { benchmarkL1(b, 800) }
