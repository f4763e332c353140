package prox

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The Gram method must give the operator of the SVD method: the same
// result up to rounding, with the optimality conditions of
// TestSVTOptimality (checked here through ||M||₂ ≤ 1 and UᵀMV = I on the
// kept singular vectors of the SVD method). Shapes cover r < c, both
// multiply paths (low rank and high rank), the low rank path between
// ranks c/3 and 2c/3 that lowRank takes from order lowRankWide, a
// rank-deficient G and dst aliasing g.
func TestSVTGramMatchesSVD(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 6))
	for _, tc := range []struct {
		r, c, rank int // rank 0: full
		tau        float64
		alias      bool
	}{
		{10, 10, 0, 0.5, false}, {12, 7, 0, 2, false}, {6, 15, 0, 3.5, false},
		{40, 40, 0, 4, false}, {40, 40, 0, 9, false}, {9, 9, 0, 100, false},
		{60, 50, 5, 0.1, false}, {50, 60, 30, 0.3, true}, {80, 80, 0, 1, true},
		// σ > √c keeps about 0.39c of a Gaussian square matrix's
		// singular values (the quarter-circle law).
		{lowRankWide + 6, lowRankWide + 6, 0, math.Sqrt(lowRankWide + 6), false},
	} {
		if tc.c >= lowRankWide && runtime.GOARCH == "wasm" {
			// A minute under Node for the reference SVD; the page's
			// problems (at most 400 samples) never take this path.
			continue
		}
		g := randDense(rng, tc.r, tc.c)
		if tc.rank > 0 {
			var lr mat.Dense
			lr.Mul(randDense(rng, tc.r, tc.rank), randDense(rng, tc.rank, tc.c))
			g = &lr
		}
		var ref mat.Dense
		refRank, refNuc, err := (&SVT{}).Apply(&ref, tc.tau, g)
		if err != nil {
			t.Fatal(err)
		}
		s := SVT{Method: GramMethod}
		var z mat.Dense
		src := mat.Matrix(g)
		if tc.alias {
			z.CloneFrom(g)
			src = &z
		}
		gn := spectral(g)
		// Apply twice: the workspace is reused.
		for range 2 {
			if tc.alias {
				z.CloneFrom(g)
			}
			rank, nuc, err := s.Apply(&z, tc.tau, src)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%dx%d rank %d tau=%v", tc.r, tc.c, tc.rank, tc.tau)
			if rank != refRank {
				t.Errorf("%s: rank %d, SVD method %d", name, rank, refRank)
			}
			if tc.c >= lowRankWide && (3*rank < tc.c || 3*rank >= 2*tc.c) {
				t.Errorf("%s: rank %d, outside the wide low rank path", name, rank)
			}
			// Singular values from eigenvalues of GᵀG: absolute error
			// about ε||G||²/τ per value; 1e-10 relative to ||G||²/τ
			// bounds it with a wide margin.
			tol := 1e-10 * gn * math.Max(gn/tc.tau, 1)
			if math.Abs(nuc-refNuc) > tol*float64(max(rank, 1)) {
				t.Errorf("%s: nuclear norm %v, SVD method %v", name, nuc, refNuc)
			}
			var d mat.Dense
			d.Sub(&z, &ref)
			if e := mat.Norm(&d, 2); e > tol*math.Sqrt(float64(tc.c)) {
				t.Errorf("%s: ||Θ_gram − Θ_svd||_F = %.3g, want <= %.3g", name, e, tol*math.Sqrt(float64(tc.c)))
			}
			var m mat.Dense
			m.Sub(g, &z)
			m.Scale(1/tc.tau, &m)
			if n := spectral(&m); n > 1+tol/tc.tau {
				t.Errorf("%s: ||(G − Z)/τ||₂ = %v > 1", name, n)
			}
		}
	}
}

var sinkSVT float64

func benchmarkSVT(b *testing.B, n int, method SVTMethod) {
	rng := rand.New(rand.NewPCG(1, 1))
	// G = I + noise, like Z + Y₂/μ in the NNLRS solvers, whose Z stays
	// close to a high-rank matrix; τ keeps most singular values.
	g := randDense(rng, n, n)
	g.Scale(0.5/math.Sqrt(float64(n)), g)
	for i := 0; i < n; i++ {
		g.Set(i, i, g.At(i, i)+1)
	}
	s := SVT{Method: method}
	var z mat.Dense
	b.ResetTimer()
	for range b.N {
		_, nuc, err := s.Apply(&z, 0.5, g)
		if err != nil {
			b.Fatal(err)
		}
		sinkSVT = nuc
	}
}

func BenchmarkSVT100(b *testing.B)     { benchmarkSVT(b, 100, SVDMethod) }
func BenchmarkSVT200(b *testing.B)     { benchmarkSVT(b, 200, SVDMethod) }
func BenchmarkSVT400(b *testing.B)     { benchmarkSVT(b, 400, SVDMethod) }
func BenchmarkSVT800(b *testing.B)     { benchmarkSVT(b, 800, SVDMethod) }
func BenchmarkSVTGram100(b *testing.B) { benchmarkSVT(b, 100, GramMethod) }
func BenchmarkSVTGram200(b *testing.B) { benchmarkSVT(b, 200, GramMethod) }
func BenchmarkSVTGram400(b *testing.B) { benchmarkSVT(b, 400, GramMethod) }
func BenchmarkSVTGram800(b *testing.B) { benchmarkSVT(b, 800, GramMethod) }
