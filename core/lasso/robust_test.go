package lasso

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// A sample y = D a + e₀ + ν, a combination of 3 of 40 random unit-norm
// columns of R^60 with 2 gross errors e₀ (spikes of ±0.5) and a small dense
// noise ν (entries of standard deviation 1e-4), is recovered over
// [D, I]: the support of c is the planted one and e is nonzero exactly on
// the spikes. On the recovered supports, with B_A the dictionary's columns
// there and s the signs, the optimality conditions B_Aᵀ(y − B_A u) = λs
// give u = u₀ + (B_AᵀB_A)⁻¹(B_Aᵀν − λs), so
//
//	|u − u₀| ≤ ||(B_AᵀB_A)⁻¹||_∞ (||B_Aᵀν||_∞ + λ),
//
// the lasso's shrinkage bias plus the noise; the test checks this bound,
// computed from the instance, and the closed form itself to 1e-9 (the
// tolerance 1e-12 amplified by ||(B_AᵀB_A)⁻¹|| of order 1, plus rounding).
func TestRobustPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const d, m = 60, 40
	support := []int{3, 17, 29}
	coef := []float64{0.5, 0.3, 0.8}
	spikes := []int{7, 41}
	spike := []float64{0.5, -0.5}
	x := mat.NewDense(d, m+1, nil)
	x.Slice(0, d, 0, m).(*mat.Dense).Copy(unitColumns(rng, d, m))
	nu := make([]float64, d)
	for k := range nu {
		nu[k] = 1e-4 * rng.NormFloat64()
	}
	y := mat.NewVecDense(d, nil)
	for k, j := range support {
		y.AddScaledVec(y, coef[k], x.ColView(j))
	}
	for k, r := range spikes {
		y.SetVec(r, y.AtVec(r)+spike[k])
	}
	y.AddVec(y, mat.NewVecDense(d, nu))
	x.SetCol(m, y.RawVector().Data)

	for _, lambda := range []float64{1e-3, 1e-2} {
		res, err := Robust(context.Background(), x, lambda, &Settings{Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		c := mat.Col(nil, m, res.Z)
		e := mat.Col(nil, m, res.E)
		var gotC, gotE []int
		for j, v := range c {
			if v != 0 {
				gotC = append(gotC, j)
			}
		}
		for k, v := range e {
			if v != 0 {
				gotE = append(gotE, k)
			}
		}
		if fmt.Sprint(gotC) != fmt.Sprint(support) || fmt.Sprint(gotE) != fmt.Sprint(spikes) {
			t.Fatalf("λ = %v: supports c %v, e %v; want %v, %v", lambda, gotC, gotE, support, spikes)
		}

		// B_A = [D_S, I_T], u₀ = (a, e₀), s = sign(u).
		k := len(support) + len(spikes)
		b := mat.NewDense(d, k, nil)
		u0 := make([]float64, k)
		u := make([]float64, k)
		for q, j := range support {
			b.SetCol(q, mat.Col(nil, j, x))
			u0[q], u[q] = coef[q], c[j]
		}
		for q, r := range spikes {
			b.Set(r, len(support)+q, 1)
			u0[len(support)+q], u[len(support)+q] = spike[q], e[r]
		}
		var btb, inv mat.Dense
		btb.Mul(b.T(), b)
		if err := inv.Inverse(&btb); err != nil {
			t.Fatal(err)
		}
		rhs := mat.NewVecDense(k, nil)
		rhs.MulVec(b.T(), mat.NewVecDense(d, nu))
		bound := mat.Norm(&inv, math.Inf(1)) * (mat.Norm(rhs, math.Inf(1)) + lambda)
		for q := range u0 {
			rhs.SetVec(q, rhs.AtVec(q)-lambda*sign(u0[q]))
		}
		want := mat.NewVecDense(k, nil)
		want.MulVec(&inv, rhs)
		for q := range u {
			name := fmt.Sprintf("c[%d]", support[min(q, len(support)-1)])
			if q >= len(support) {
				name = fmt.Sprintf("e[%d]", spikes[q-len(support)])
			}
			if diff := math.Abs(u[q] - u0[q] - want.AtVec(q)); diff > 1e-9 {
				t.Errorf("λ = %v: %s = %.12g, want the closed form %.12g (diff %.3g)", lambda, name, u[q], u0[q]+want.AtVec(q), diff)
			}
			if diff := math.Abs(u[q] - u0[q]); diff > bound+1e-9 {
				t.Errorf("λ = %v: %s = %.6g, planted %.6g: diff %.3g exceeds the bound %.3g", lambda, name, u[q], u0[q], diff, bound)
			}
		}
	}
}

// checkRobustKKT checks the optimality conditions of
// min ½||x_i − Xc − e||² + λ(||c||_1 + ||e||_1), c_i = 0, for every sample,
// with r = x_i − Xc − e computed afresh:
//
//	c_j ≠ 0 ⇒ x_jᵀr = λ sign(c_j),   c_j = 0 ⇒ |x_jᵀr| ≤ λ,
//	e_k ≠ 0 ⇒ r_k = λ sign(e_k),     e_k = 0 ⇒ |r_k| ≤ λ,
//
// that is, y = r/λ is dual feasible, ||[X_{\i}, I]ᵀy||_∞ ≤ 1, with equality
// of the right sign on the support. The tolerance is the solver's,
// Tol·||x_i||·max(1, max_j ||x_j||), plus 1e-12 times that scale for the
// rounding of recomputing r by another route. It also checks the reported
// objective.
func checkRobustKKT(t *testing.T, name string, x *mat.Dense, lambda, tol float64, res *Result) {
	t.Helper()
	d, n := x.Dims()
	norms := make([]float64, n)
	maxNrm := 1.0
	for j := range norms {
		norms[j] = mat.Norm(x.ColView(j), 2)
		maxNrm = math.Max(maxNrm, norms[j])
	}
	r := mat.NewVecDense(d, nil)
	g := mat.NewVecDense(n, nil)
	// viol returns the violation of the condition of a coefficient a whose
	// column has correlation p with r.
	viol := func(a, p float64) float64 {
		if a != 0 {
			return math.Abs(p - lambda*sign(a))
		}
		return math.Max(0, math.Abs(p)-lambda)
	}
	for i := 0; i < n; i++ {
		c := mat.NewVecDense(n, mat.Col(nil, i, res.Z))
		e := mat.NewVecDense(d, mat.Col(nil, i, res.E))
		if c.AtVec(i) != 0 {
			t.Fatalf("%s: sample %d codes itself: c_i = %v", name, i, c.AtVec(i))
		}
		r.MulVec(x, c)
		r.AddVec(r, e)
		r.SubVec(x.ColView(i), r)
		g.MulVec(x.T(), r)
		eps := (tol + 1e-12) * norms[i] * maxNrm
		for j := 0; j < n; j++ {
			if j == i || norms[j] == 0 {
				continue
			}
			if v := viol(c.AtVec(j), g.AtVec(j)); v > eps {
				t.Fatalf("%s: sample %d: c_%d = %.3g, x_jᵀr = %.6g, λ = %.6g: violation %.3g > %.3g", name, i, j, c.AtVec(j), g.AtVec(j), lambda, v, eps)
			}
		}
		for k := 0; k < d; k++ {
			if v := viol(e.AtVec(k), r.AtVec(k)); v > eps {
				t.Fatalf("%s: sample %d: e_%d = %.3g, r_k = %.6g, λ = %.6g: violation %.3g > %.3g", name, i, k, e.AtVec(k), r.AtVec(k), lambda, v, eps)
			}
		}
		if got, want := res.Stats[i].Residual, mat.Norm(r, 2); math.Abs(got-want) > 1e-10*math.Max(1, want) {
			t.Errorf("%s: sample %d: residual %.12g, want %.12g", name, i, got, want)
		}
		want := 0.5*mat.Dot(r, r) + lambda*(floats.Norm(c.RawVector().Data, 1)+floats.Norm(e.RawVector().Data, 1))
		if got := res.Stats[i].Objective; math.Abs(got-want) > 1e-10*math.Max(1, want) {
			t.Errorf("%s: sample %d: objective %.12g, want %.12g", name, i, got, want)
		}
		if st := res.Stats[i]; !st.Converged || st.Violation > tol {
			t.Errorf("%s: sample %d: stat %+v, want converged with violation <= %v", name, i, st, tol)
		}
	}
}

// The optimality conditions hold on random instances: Gaussian data of
// varied scale, more samples than dimensions, duplicated samples, and λ from
// large (c = 0, e = 0) to small (nearly the equality-constrained problem).
func TestRobustKKT(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const tol = 1e-9
	for _, tc := range []struct {
		d, n int
		dup  bool
	}{
		{5, 12, false},
		{30, 20, false},
		{20, 50, false},
		{15, 30, true},
	} {
		x := gaussian(rng, tc.d, tc.n)
		for j := 0; j < tc.n; j++ {
			col := x.ColView(j).(*mat.VecDense)
			col.ScaleVec(math.Exp(rng.NormFloat64()), col)
		}
		if tc.dup {
			for j := 0; j < tc.n/2; j += 2 {
				x.SetCol(j+1, mat.Col(nil, j, x))
			}
		}
		xmax := mat.Norm(x, math.Inf(1)) // a scale for λ
		for _, rel := range []float64{1, 0.1, 0.01, 0.001} {
			lambda := rel * xmax
			name := fmt.Sprintf("d=%d n=%d dup=%v λ=%.3g", tc.d, tc.n, tc.dup, lambda)
			res, err := Robust(context.Background(), x, lambda, &Settings{Tol: tol})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkRobustKKT(t, name, x, lambda, tol, res)
		}
	}
}
