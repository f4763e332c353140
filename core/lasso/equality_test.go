package lasso

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// simplexCode solves sample i's equality form min ||v||₁ s.t. [X_{\i}, I]v
// = x_i by gonum's simplex method, an independent solver: with v = p − q,
// p, q ≥ 0, it is the standard-form program min 1ᵀ(p + q) s.t.
// [A, −A][p; q] = x_i. It returns the optimum and v.
func simplexCode(t *testing.T, x *mat.Dense, i int) (float64, []float64) {
	t.Helper()
	d, n := x.Dims()
	nv := n - 1 + d
	a := mat.NewDense(d, 2*nv, nil)
	b := make([]float64, d)
	for r := 0; r < d; r++ {
		b[r] = x.At(r, i)
		k := 0
		for j := 0; j < n; j++ {
			if j == i {
				continue
			}
			a.Set(r, k, x.At(r, j))
			a.Set(r, nv+k, -x.At(r, j))
			k++
		}
		a.Set(r, n-1+r, 1)
		a.Set(r, nv+n-1+r, -1)
	}
	c := make([]float64, 2*nv)
	for k := range c {
		c[k] = 1
	}
	opt, pq, err := lp.Simplex(c, a, b, 1e-10, nil)
	if err != nil {
		t.Fatalf("simplex, sample %d: %v", i, err)
	}
	v := make([]float64, nv)
	for k := range v {
		v[k] = pq[k] - pq[nv+k]
	}
	return opt, v
}

// codeOf returns sample i's code of res as Equality's variable vector:
// the coefficients of the other samples, then e.
func codeOf(res *Result, i int) []float64 {
	d, _ := res.E.Dims()
	n, _ := res.Z.Dims()
	var v []float64
	for j := 0; j < n; j++ {
		if j != i {
			v = append(v, res.Z.At(j, i))
		}
	}
	for r := 0; r < d; r++ {
		v = append(v, res.E.At(r, i))
	}
	return v
}

// TestEqualityMatchesSimplex checks Equality against the simplex method
// on the same linear programs. The surrogate duality gap bounds the
// objective's distance to the optimum once the iterate is feasible (the
// Newton steps keep Av = b from the feasible start up to rounding), so at
// l1-magic's default tolerance the objective lies within 1e-3 of the
// simplex's optimum and never below it by more than rounding; with Vertex
// the code is the simplex's vertex, unique for data in general position,
// to rounding.
func TestEqualityMatchesSimplex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, sz := range []struct{ d, n int }{{6, 10}, {12, 8}, {9, 9}} {
		x := unitColumns(rng, sz.d, sz.n)
		loose, err := Equality(context.Background(), x, nil)
		if err != nil {
			t.Fatal(err)
		}
		tight, err := Equality(context.Background(), x, &PrimalDual{Vertex: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < sz.n; i++ {
			opt, v := simplexCode(t, x, i)
			st := loose.Stats[i]
			if !st.Converged || st.Objective < opt-1e-9 || st.Objective > opt+1e-3 {
				t.Errorf("%d×%d, sample %d, default tolerance: objective %v, converged %v; simplex %v", sz.d, sz.n, i, st.Objective, st.Converged, opt)
			}
			if st.Residual > 1e-9 {
				t.Errorf("%d×%d, sample %d: residual %v", sz.d, sz.n, i, st.Residual)
			}
			ts := tight.Stats[i]
			if !ts.Converged || math.Abs(ts.Objective-opt) > 1e-9 {
				t.Errorf("%d×%d, sample %d, vertex: objective %v, converged %v; simplex %v", sz.d, sz.n, i, ts.Objective, ts.Converged, opt)
			}
			got := codeOf(tight, i)
			for k := range v {
				if math.Abs(got[k]-v[k]) > 1e-9 {
					t.Errorf("%d×%d, sample %d, entry %d: %v, simplex %v", sz.d, sz.n, i, k, got[k], v[k])
					break
				}
			}
			if tight.Z.At(i, i) != 0 {
				t.Errorf("sample %d codes itself: %v", i, tight.Z.At(i, i))
			}
		}
	}
}

// TestEqualityLimitOfRobust checks the two forms against each other: the
// lasso form's objective over λ tends to the equality form's optimum as
// λ → 0 (Robust's problem is the Huber-smoothed one, doc.go), from below.
func TestEqualityLimitOfRobust(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 1))
	x := unitColumns(rng, 10, 12)
	eq, err := Equality(context.Background(), x, &PrimalDual{Vertex: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, lambda := range []float64{1e-3, 1e-4} {
		rb, err := Robust(context.Background(), x, lambda, &Settings{Tol: 1e-10})
		if err != nil {
			t.Fatal(err)
		}
		for i := range eq.Stats {
			// ||c||₁ + ||e||₁ of the lasso code, a point of the equality
			// form up to its residual (whose l1 norm, at most λ√d·√d, it
			// leaves out).
			var l1 float64
			for _, v := range codeOf(rb, i) {
				l1 += math.Abs(v)
			}
			opt := eq.Stats[i].Objective
			if l1 > opt+1e-9 || l1 < opt-10*lambda*10 {
				t.Errorf("λ = %g, sample %d: lasso code's l1 norm %v, equality optimum %v", lambda, i, l1, opt)
			}
		}
	}
}

func TestEqualityInvalid(t *testing.T) {
	x := unitColumns(rand.New(rand.NewPCG(3, 1)), 4, 5)
	for _, s := range []*PrimalDual{{Tol: -1}, {Tol: math.Inf(1)}, {MaxIter: -1}} {
		if _, err := Equality(context.Background(), x, s); err == nil {
			t.Errorf("%+v: no error", *s)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Equality(ctx, x, nil); err == nil {
		t.Error("cancelled context: no error")
	}
}
