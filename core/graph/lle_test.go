package graph

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Four points in the plane, p0 = (0,0), p1 = (1,0), p2 = (−2,0),
// p3 = (0,5), with k = 2. The neighbours by squared distance are
// p0 → {p1 (1), p2 (4)}, p1 → {p0 (1), p2 (9)}, p2 → {p0 (4), p1 (9)} and
// p3 → {p0 (25), p1 (26)}. With ε = reg·tr(C), the weights solve
// (C + εI)w = 1 and are normalized to sum 1:
//
//	p0: D = [(−1,0), (2,0)],  C = [1 −2; −2 4],  w ∝ (6+ε, 3+ε)
//	p1: D = [(1,0), (3,0)],   C = [1 3; 3 9],    w ∝ (6+ε, ε−2)
//	p2: D = [(−2,0), (−3,0)], C = [4 6; 6 9],    w ∝ (3+ε, ε−2)
//	p3: D = [(0,5), (−1,5)],  C = [25 25; 25 26], w ∝ (1+ε, ε)
//
// where D holds x_i − x_j for the neighbours and w ∝ adj(C + εI)·1. As
// ε → 0 they tend to the exact affine reconstructions, for instance
// p1 = 1.5·p0 − 0.5·p2, with a negative weight.
func TestLLEHand(t *testing.T) {
	x := mat.NewDense(2, 4, []float64{
		0, 1, -2, 0,
		0, 0, 0, 5,
	})
	for _, reg := range []float64{LLEReg, 0.1} {
		g, err := LLE(x, 2, reg)
		if err != nil {
			t.Fatalf("reg = %v: %v", reg, err)
		}
		checkGraph(t, g, 4, "lle")
		want := mat.NewDense(4, 4, nil)
		set := func(i, j1, j2 int, tr, a, b float64) {
			eps := reg * tr
			want.Set(j1, i, (a+eps)/(a+b+2*eps))
			want.Set(j2, i, (b+eps)/(a+b+2*eps))
		}
		set(0, 1, 2, 5, 6, 3)
		set(1, 0, 2, 10, 6, -2)
		set(2, 0, 1, 13, 3, -2)
		set(3, 0, 1, 51, 1, 0)
		// Cholesky solves of 2×2 systems with condition numbers below
		// 1e4 (ε ≥ 5e-3): a relative error near 1e-12 at most.
		if !mat.EqualApprox(g.Z, want, 1e-11) {
			t.Errorf("reg = %v: Z =\n%v\nwant\n%v", reg, mat.Formatted(g.Z), mat.Formatted(want))
		}
		var abs mat.Dense
		abs.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) }, want)
		var wantW mat.Dense
		wantW.Add(&abs, abs.T())
		wantW.Scale(0.5, &wantW)
		if !mat.EqualApprox(g.W, &wantW, 1e-11) {
			t.Errorf("reg = %v: W =\n%v\nwant\n%v", reg, mat.Formatted(g.W), mat.Formatted(&wantW))
		}
	}
}

// The centre of a plus sign, (0,0), with its four arms (±1,0), (0,±1) as
// neighbours: C = DᵀD is singular (rank 2), C·1 = 0, so (C + εI)·1 = ε·1
// and the weights are 1/4 each for every ε > 0: the centre is the mean of
// the arms. All points coinciding (C = 0) also gives 1/k.
func TestLLESingular(t *testing.T) {
	x := mat.NewDense(2, 5, []float64{
		0, 1, -1, 0, 0,
		0, 0, 0, 1, -1,
	})
	g, err := LLE(x, 4, LLEReg)
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, 5, "lle")
	for j := 1; j < 5; j++ {
		// (C + εI)·1 = ε·1 holds exactly in floating point; the solve
		// rounds at the level of cond(C + εI)·ulp ≈ 4/ε·1e-16 ≈ 1e-13.
		if got := g.Z.At(j, 0); math.Abs(got-0.25) > 1e-12 {
			t.Errorf("Z[%d,0] = %v, want 0.25", j, got)
		}
	}

	same := mat.NewDense(3, 4, nil)
	g, err = LLE(same, 3, LLEReg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			want := 1.0 / 3
			if i == j {
				want = 0
			}
			if got := g.Z.At(i, j); got != want {
				t.Errorf("coincident points: Z[%d,%d] = %v, want %v", i, j, got, want)
			}
		}
	}
}

// On random data the weights of every column sum to 1 over exactly k
// neighbours, and they satisfy the optimality condition of the
// regularized problem: (C + εI)w is constant over the neighbours (the
// Lagrange multiplier of Σw = 1).
func TestLLERandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const d = 6
	for _, n := range []int{12, 40} {
		x := randomUnit(rng, d, n)
		for _, k := range []int{3, LLE0K, LLE1K} {
			g, err := LLE(x, k, LLEReg)
			if err != nil {
				t.Fatalf("n = %d, k = %d: %v", n, k, err)
			}
			checkGraph(t, g, n, "lle")
			// Info.Objective is Σ_i ||x_i − X z_i||².
			var r mat.Dense
			r.Mul(x, g.Z)
			r.Sub(x, &r)
			if got, want := g.Info.Objective, mat.Norm(&r, 2)*mat.Norm(&r, 2); math.Abs(got-want) > 1e-12*math.Max(1, want) {
				t.Errorf("n = %d, k = %d: objective %v, want the reconstruction error %v", n, k, got, want)
			}
			for i := 0; i < n; i++ {
				var nb []int
				var w []float64
				for j := 0; j < n; j++ {
					if v := g.Z.At(j, i); v != 0 {
						nb = append(nb, j)
						w = append(w, v)
					}
				}
				if len(nb) != k {
					t.Fatalf("n = %d, k = %d: column %d has %d nonzeros, want %d", n, k, i, len(nb), k)
				}
				if s := floats.Sum(w); math.Abs(s-1) > 1e-12 {
					t.Errorf("n = %d, k = %d: column %d sums to %v, want 1", n, k, i, s)
				}
				// (C + εI)w = μ1 with C_jl = (x_i − x_j)ᵀ(x_i − x_l).
				diff := mat.NewDense(d, k, nil)
				for t2, j := range nb {
					for s := 0; s < d; s++ {
						diff.Set(s, t2, x.At(s, i)-x.At(s, j))
					}
				}
				var c mat.Dense
				c.Mul(diff.T(), diff)
				eps := LLEReg * mat.Trace(&c)
				cw := make([]float64, k)
				for a := 0; a < k; a++ {
					cw[a] = eps * w[a]
					for b := 0; b < k; b++ {
						cw[a] += c.At(a, b) * w[b]
					}
				}
				// The solve's error is about cond(C + εI)·ulp relative to
				// μ; with ε = 1e-3·tr(C) the condition number is at most
				// about 1e3·k.
				mu := floats.Sum(cw) / float64(k)
				for a := range cw {
					if math.Abs(cw[a]-mu) > 1e-9*math.Abs(mu) {
						t.Errorf("n = %d, k = %d: column %d: (C+εI)w = %v, not constant", n, k, i, cw)
						break
					}
				}
			}
		}
	}
}

func TestLLEErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := randomUnit(rng, 3, 6)
	inf := mat.DenseCopyOf(x)
	inf.Set(0, 0, math.Inf(1))
	for _, test := range []struct {
		name string
		x    *mat.Dense
		k    int
		reg  float64
	}{
		{"nil", nil, 2, LLEReg},
		{"Inf", inf, 2, LLEReg},
		{"k = 0", x, 0, LLEReg},
		{"k = n", x, 6, LLEReg},
		{"reg < 0", x, 2, -1e-3},
		{"reg NaN", x, 2, math.NaN()},
		// k = 5 > d = 3: C is singular without regularization.
		{"singular", x, 5, 0},
	} {
		if g, err := LLE(test.x, test.k, test.reg); err == nil {
			t.Errorf("%s: got graph %v, want error", test.name, g)
		}
	}
}
