package graph

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/weights"
)

// A unit-norm sample built as a nonnegative combination of 3 of 40 random
// unit-norm samples of R^60 is coded by SPG on exactly those samples with
// positive coefficients (the coefficients are checked against the closed
// form of the lasso solution in package lasso). As Z ≥ 0, W must be
// (Z + Zᵀ)/2 exactly.
func TestSPGPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const d, m = 60, 40
	support := []int{3, 17, 29}
	x := mat.NewDense(d, m+1, nil)
	x.Slice(0, d, 0, m).(*mat.Dense).Copy(randomUnit(rng, d, m))
	y := x.ColView(m).(*mat.VecDense)
	for k, j := range support {
		y.AddScaledVec(y, []float64{0.5, 0.3, 0.8}[k], x.ColView(j))
	}
	y.ScaleVec(1/mat.Norm(y, 2), y)

	g, err := SPG(context.Background(), x, SPGParams{Lambda: 1e-3})
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, m+1, "spg")
	if g.E != nil {
		t.Errorf("E is not nil")
	}
	if got := codeSupport(g.Z, m); fmt.Sprint(got) != fmt.Sprint(support) {
		t.Errorf("support of the code: %v, want %v", got, support)
	}
	for i := 0; i <= m; i++ {
		for j := 0; j <= m; j++ {
			if z := g.Z.At(i, j); z < 0 {
				t.Fatalf("Z[%d,%d] = %v < 0", i, j, z)
			}
			if got, want := g.W.At(i, j), (g.Z.At(i, j)+g.Z.At(j, i))/2; got != want {
				t.Fatalf("W[%d,%d] = %v, want (Z_ij + Z_ji)/2 = %v", i, j, got, want)
			}
		}
	}
}

// On independent subspaces almost all of SPG's weight stays within the
// subspaces; nonnegativity rules out some in-subspace combinations, so
// 1% of the weight may cross, unlike the l1-graph.
func TestSPGSubspaces(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	x, labels := unionOfSubspaces(rng, 30, 3, []int{15, 12, 18})
	g, err := SPG(context.Background(), x, SPGParams{})
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, len(labels), "spg")
	if wc := weights.WithinClass(g.W, labels); wc < 0.99 {
		t.Errorf("within-class weight %.4f, want >= 0.99", wc)
	}
}

func TestDefaultSPGLambda(t *testing.T) {
	for _, tc := range []struct {
		d    int
		want float64
	}{{256, 0.075}, {1024, 0.0375}, {36, 0.2}} {
		if got := DefaultSPGLambda(tc.d); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("DefaultSPGLambda(%d) = %v, want %v", tc.d, got, tc.want)
		}
	}
}

func benchmarkSPG(b *testing.B, n int) {
	x := benchData(n)
	b.ResetTimer()
	for range b.N {
		g, err := SPG(context.Background(), x, SPGParams{})
		if err != nil {
			b.Fatal(err)
		}
		benchGraph = g
	}
}

func BenchmarkSPG200(b *testing.B) { benchmarkSPG(b, 200) }
func BenchmarkSPG800(b *testing.B) { benchmarkSPG(b, 800) }
