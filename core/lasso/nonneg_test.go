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

// A sample built as a nonnegative combination y = D a of 3 of 40 random
// unit-norm columns of R^60 is recovered by the nonnegative lasso: the
// support of its code is the planted one, and on that support the
// optimality conditions D_Sᵀ(y − D_S c_S) = λ1 give
//
//	c_S = a_S − λ (D_SᵀD_S)⁻¹ 1,
//
// the shrinkage bias of the lasso. The test checks the code against this
// closed form to 1e-9 (the solver's tolerance 1e-12 on the gradient, times
// ||(D_SᵀD_S)⁻¹|| ≈ 1 for nearly orthogonal columns, plus rounding), and
// against the planted a within the bias bound λ||(D_SᵀD_S)⁻¹1||_∞.
func TestNonNegPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const d, m = 60, 40
	support := []int{3, 17, 29}
	coef := []float64{0.5, 0.3, 0.8}
	x := mat.NewDense(d, m+1, nil)
	x.Slice(0, d, 0, m).(*mat.Dense).Copy(unitColumns(rng, d, m))
	y := x.ColView(m).(*mat.VecDense)
	for k, j := range support {
		y.AddScaledVec(y, coef[k], x.ColView(j))
	}
	for _, lambda := range []float64{1e-3, 1e-2} {
		res, err := NonNeg(context.Background(), x, lambda, &Settings{Tol: 1e-12})
		if err != nil {
			t.Fatal(err)
		}
		c := mat.Col(nil, m, res.Z)

		var got []int
		for j, v := range c {
			if v != 0 {
				got = append(got, j)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(support) {
			t.Fatalf("λ = %v: support %v, want %v", lambda, got, support)
		}

		// c_S = a_S − λ (D_SᵀD_S)⁻¹ 1.
		ds := mat.NewDense(d, len(support), nil)
		for k, j := range support {
			ds.SetCol(k, mat.Col(nil, j, x))
		}
		var gss mat.Dense
		gss.Mul(ds.T(), ds)
		bias := mat.NewVecDense(len(support), nil)
		ones := mat.NewVecDense(len(support), []float64{1, 1, 1})
		if err := bias.SolveVec(&gss, ones); err != nil {
			t.Fatal(err)
		}
		bound := lambda * mat.Norm(bias, math.Inf(1))
		for k, j := range support {
			want := coef[k] - lambda*bias.AtVec(k)
			if diff := math.Abs(c[j] - want); diff > 1e-9 {
				t.Errorf("λ = %v: c[%d] = %.12g, want a − λ(DᵀD)⁻¹1 = %.12g (diff %.3g)", lambda, j, c[j], want, diff)
			}
			if diff := math.Abs(c[j] - coef[k]); diff > bound+1e-9 {
				t.Errorf("λ = %v: c[%d] = %.6g, planted %.6g: diff %.3g exceeds the bias bound %.3g", lambda, j, c[j], coef[k], diff, bound)
			}
		}
	}
}

// checkNonNegKKT checks the optimality conditions of
// min ½||x_i − Xc||² + λ||c||_1 s.t. c ≥ 0, c_i = 0 for every column of
// res.Z, with g = Xᵀ(Xc − x_i) computed afresh:
//
//	c_j ≥ 0,   c_j > 0 ⇒ g_j = −λ,   c_j = 0 ⇒ g_j ≥ −λ,
//
// to the solver's tolerance Tol·||x_i||·max_j ||x_j|| plus 1e-12 times that
// scale for the rounding of recomputing g by another route. It also checks
// the reported objective.
func checkNonNegKKT(t *testing.T, name string, x *mat.Dense, lambda, tol float64, res *Result) {
	t.Helper()
	d, n := x.Dims()
	norms := make([]float64, n)
	maxNrm := 0.0
	for j := range norms {
		norms[j] = mat.Norm(x.ColView(j), 2)
		maxNrm = math.Max(maxNrm, norms[j])
	}
	r := mat.NewVecDense(d, nil)
	g := mat.NewVecDense(n, nil)
	for i := 0; i < n; i++ {
		c := mat.NewVecDense(n, mat.Col(nil, i, res.Z))
		if c.AtVec(i) != 0 {
			t.Fatalf("%s: sample %d codes itself: c_i = %v", name, i, c.AtVec(i))
		}
		r.MulVec(x, c)
		r.SubVec(r, x.ColView(i)) // Xc − x_i
		g.MulVec(x.T(), r)
		scale := norms[i] * maxNrm
		eps := (tol + 1e-12) * scale
		for j := 0; j < n; j++ {
			cj, gj := c.AtVec(j), g.AtVec(j)
			switch {
			case cj < 0:
				t.Fatalf("%s: sample %d: c_%d = %v < 0", name, i, j, cj)
			case cj > 0 && math.Abs(gj+lambda) > eps:
				t.Fatalf("%s: sample %d: c_%d = %.3g > 0 but g_j + λ = %.3g, want |·| <= %.3g", name, i, j, cj, gj+lambda, eps)
			case cj == 0 && j != i && norms[j] > 0 && gj+lambda < -eps:
				t.Fatalf("%s: sample %d: c_%d = 0 but g_j + λ = %.3g, want >= %.3g", name, i, j, gj+lambda, -eps)
			}
		}
		if got, want := res.Stats[i].Residual, mat.Norm(r, 2); math.Abs(got-want) > 1e-10*math.Max(1, want) {
			t.Errorf("%s: sample %d: residual %.12g, want %.12g", name, i, got, want)
		}
		want := 0.5*mat.Dot(r, r) + lambda*floats.Sum(c.RawVector().Data)
		if got := res.Stats[i].Objective; math.Abs(got-want) > 1e-10*math.Max(1, want) {
			t.Errorf("%s: sample %d: objective %.12g, want %.12g", name, i, got, want)
		}
		if st := res.Stats[i]; !st.Converged || st.Violation > tol {
			t.Errorf("%s: sample %d: stat %+v, want converged with violation <= %v", name, i, st, tol)
		}
	}
}

// The optimality conditions hold on random instances: Gaussian data of
// varied scale (not normalized), more samples than dimensions, duplicated
// samples (which make the reduced systems singular), and λ from large to
// nonnegative least squares.
func TestNonNegKKT(t *testing.T) {
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
		var gmax float64 // max_ij |x_iᵀx_j|, the scale of λ
		var g mat.Dense
		g.Mul(x.T(), x)
		for _, v := range g.RawMatrix().Data {
			gmax = math.Max(gmax, math.Abs(v))
		}
		for _, rel := range []float64{0.5, 0.1, 0.01, 0} {
			lambda := rel * gmax
			name := fmt.Sprintf("d=%d n=%d dup=%v λ=%.3g", tc.d, tc.n, tc.dup, lambda)
			res, err := NonNeg(context.Background(), x, lambda, &Settings{Tol: tol})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkNonNegKKT(t, name, x, lambda, tol, res)
		}
	}
}
