package graph

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/method"
)

// randomUnit returns d×n data with independent Gaussian entries and columns
// scaled to unit norm.
func randomUnit(rng *rand.Rand, d, n int) *mat.Dense {
	x := mat.NewDense(d, n, nil)
	for j := 0; j < n; j++ {
		s := 0.0
		for i := 0; i < d; i++ {
			v := rng.NormFloat64()
			x.Set(i, j, v)
			s += v * v
		}
		for i := 0; i < d; i++ {
			x.Set(i, j, x.At(i, j)/math.Sqrt(s))
		}
	}
	return x
}

// checkGraph asserts the invariants every builder promises: W is n×n,
// symmetric, finite and nonnegative with a zero diagonal, and Z, when
// present, is n×n with a zero diagonal.
func checkGraph(t *testing.T, g *Graph, n int, m method.Name) {
	t.Helper()
	if g.Method != m {
		t.Errorf("Method = %q, want %q", g.Method, m)
	}
	if got := g.W.SymmetricDim(); got != n {
		t.Fatalf("W is %d×%d, want %d×%d", got, got, n, n)
	}
	for i := 0; i < n; i++ {
		if v := g.W.At(i, i); v != 0 {
			t.Errorf("W[%d,%d] = %v, want 0", i, i, v)
		}
		for j := 0; j < n; j++ {
			v := g.W.At(i, j)
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("W[%d,%d] = %v, want finite and >= 0", i, j, v)
			}
			if v != g.W.At(j, i) {
				t.Fatalf("W[%d,%d] = %v but W[%d,%d] = %v", i, j, v, j, i, g.W.At(j, i))
			}
		}
	}
	if g.Z != nil {
		r, c := g.Z.Dims()
		if r != n || c != n {
			t.Fatalf("Z is %d×%d, want %d×%d", r, c, n, n)
		}
		for i := 0; i < n; i++ {
			if v := g.Z.At(i, i); v != 0 {
				t.Errorf("Z[%d,%d] = %v, want 0", i, i, v)
			}
		}
	}
}

// Points on a line at 0, 1, 2 and 4 (d = 1).
//
// k = 1: the nearest neighbour of 0 is 1; 1 is at distance 1 from both 0
// and 2, and the tie goes to the smaller index, 0; the nearest of 2 is 1
// and that of 4 is 2. The union gives the edges {0,1}, {1,2} and {2,3},
// weighted exp(−1/2), exp(−1/2) and exp(−4/2) with σ = 1.
//
// k = 2: 0 → {1, 2}; 1 → {0, 2}; 2 → {1, then 0 or 3 at distance 2: 0};
// 3 → {2, 1}. The union adds {0,2} with exp(−4/2) and {1,3} with
// exp(−9/2); only {0,3} stays without edge.
//
// σ = 2 divides every exponent by 4.
func TestKNNLine(t *testing.T) {
	x := mat.NewDense(1, 4, []float64{0, 1, 2, 4})
	h, q := math.Exp(-0.5), math.Exp(-2)
	for _, test := range []struct {
		k     int
		sigma float64
		want  []float64
	}{
		{k: 1, sigma: 1, want: []float64{
			0, h, 0, 0,
			h, 0, h, 0,
			0, h, 0, q,
			0, 0, q, 0,
		}},
		{k: 2, sigma: 1, want: []float64{
			0, h, q, 0,
			h, 0, h, math.Exp(-4.5),
			q, h, 0, q,
			0, math.Exp(-4.5), q, 0,
		}},
		{k: 1, sigma: 2, want: []float64{
			0, math.Exp(-1.0 / 8), 0, 0,
			math.Exp(-1.0 / 8), 0, math.Exp(-1.0 / 8), 0,
			0, math.Exp(-1.0 / 8), 0, math.Exp(-0.5),
			0, 0, math.Exp(-0.5), 0,
		}},
	} {
		g, err := KNN(x, test.k, test.sigma)
		if err != nil {
			t.Fatalf("k = %d: %v", test.k, err)
		}
		checkGraph(t, g, 4, "knn")
		if g.Z != nil || g.E != nil {
			t.Errorf("k = %d: Z or E not nil", test.k)
		}
		// The weights are single exponentials of exact distances: equal up
		// to rounding.
		want := mat.NewDense(4, 4, test.want)
		if !mat.EqualApprox(g.W, want, 1e-15) {
			t.Errorf("k = %d, σ = %v: W =\n%v\nwant\n%v", test.k, test.sigma,
				mat.Formatted(g.W), mat.Formatted(want))
		}
	}
}

// Ties decide edges when the tied samples do not choose the sample back:
// on the line at 0, −1, 1, −1.5, 1.5 with k = 1, sample 0 has samples 1 and
// 2 at distance 1 and takes 1, the smaller index, while 1 and 2 choose 3
// and 4 at distance 0.5 (and 3, 4 choose 1, 2). So the edges are {0,1}
// with exp(−1/2) and {1,3}, {2,4} with exp(−0.25/2); {0,2} has none.
func TestKNNTies(t *testing.T) {
	x := mat.NewDense(1, 5, []float64{0, -1, 1, -1.5, 1.5})
	g, err := KNN(x, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, 5, "knn")
	h, q := math.Exp(-0.5), math.Exp(-0.125)
	want := mat.NewDense(5, 5, []float64{
		0, h, 0, 0, 0,
		h, 0, 0, q, 0,
		0, 0, 0, 0, q,
		0, q, 0, 0, 0,
		0, 0, q, 0, 0,
	})
	if !mat.EqualApprox(g.W, want, 1e-15) {
		t.Errorf("W =\n%v\nwant\n%v", mat.Formatted(g.W), mat.Formatted(want))
	}
}

// On random data every sample has at least k neighbours and at most n − 1,
// and every edge weight is the kernel of the distance.
func TestKNNRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{10, 40} {
		x := randomUnit(rng, 8, n)
		for _, k := range []int{1, KNN0K, KNN1K} {
			g, err := KNN(x, k, KNNSigma)
			if err != nil {
				t.Fatalf("n = %d, k = %d: %v", n, k, err)
			}
			checkGraph(t, g, n, "knn")
			for i := 0; i < n; i++ {
				deg := 0
				for j := 0; j < n; j++ {
					v := g.W.At(i, j)
					if v == 0 {
						continue
					}
					deg++
					d2 := 0.0
					for s := 0; s < 8; s++ {
						dv := x.At(s, i) - x.At(s, j)
						d2 += dv * dv
					}
					// Unit-norm samples are at distance at most 2, so the
					// weights lie in [exp(−2), 1]; the relative error of the
					// exponential is a few ulps.
					if want := math.Exp(-d2 / 2); math.Abs(v-want) > 1e-14 {
						t.Errorf("n = %d, k = %d: W[%d,%d] = %v, want %v", n, k, i, j, v, want)
					}
				}
				if deg < k || deg > n-1 {
					t.Errorf("n = %d, k = %d: sample %d has %d neighbours, want between %d and %d", n, k, i, deg, k, n-1)
				}
			}
			if g.Info.Iterations != 0 || !g.Info.Converged {
				t.Errorf("Info = %+v, want 0 iterations, converged", g.Info)
			}
		}
	}
}

func TestKNNErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := randomUnit(rng, 3, 6)
	nan := mat.DenseCopyOf(x)
	nan.Set(1, 2, math.NaN())
	for _, test := range []struct {
		name  string
		x     *mat.Dense
		k     int
		sigma float64
	}{
		{"nil", nil, 2, 1},
		{"NaN", nan, 2, 1},
		{"one sample", mat.NewDense(3, 1, nil), 1, 1},
		{"k = 0", x, 0, 1},
		{"k = n", x, 6, 1},
		{"sigma = 0", x, 2, 0},
		{"sigma < 0", x, 2, -1},
		{"sigma NaN", x, 2, math.NaN()},
	} {
		if g, err := KNN(test.x, test.k, test.sigma); err == nil {
			t.Errorf("%s: got graph %v, want error", test.name, g)
		}
	}
}
