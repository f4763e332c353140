package lowrank

import (
	"context"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// Noiseless LRR: for large λ the solution has E = 0 and Z is the shape
// interaction matrix V_r V_rᵀ from the skinny SVD X = U_r Σ_r V_rᵀ (Liu et
// al. 2010, Theorem 3.1), computed here independently of the solver.
func TestLRRClosedForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct {
		ambient, dim int
		sizes        []int
	}{
		{60, 3, []int{12, 15, 10}},
		{40, 2, []int{8, 8, 8, 8}},
		{30, 5, []int{20, 20}}, // rank 10 < d = 30 < n = 40
	} {
		x, _ := subspaces(rng, tc.ambient, tc.dim, tc.sizes)
		res, err := LRR(context.Background(), x, nil, 1e4, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var svd mat.SVD
		svd.Factorize(x, mat.SVDThin)
		sv := svd.Values(nil)
		r := 0
		for _, v := range sv {
			if v > 1e-10*sv[0] {
				r++
			}
		}
		if want := tc.dim * len(tc.sizes); r != want {
			t.Fatalf("data rank %d, want %d", r, want)
		}
		var v mat.Dense
		svd.VTo(&v)
		_, n := x.Dims()
		vr := v.Slice(0, n, 0, r)
		var want mat.Dense
		want.Mul(vr, vr.T())
		var diff mat.Dense
		diff.Sub(res.Z, &want)
		// The solver stops at max-entry feasibility 1e-8; 1e-4 relative in
		// Frobenius norm is the bar and leaves ample room.
		if rel := mat.Norm(&diff, 2) / mat.Norm(&want, 2); rel > 1e-4 {
			t.Errorf("%+v: ||Z - VVᵀ||/||VVᵀ|| = %.3g after %d iterations, want <= 1e-4", tc, rel, res.Iterations)
		}
		if e := mat.Norm(res.E, 2); e > 1e-6 {
			t.Errorf("%+v: ||E|| = %.3g, want 0", tc, e)
		}
	}
}

func TestLRRIterationLimitAndBadInput(t *testing.T) {
	x, _ := subspaceData()
	res, err := LRR(context.Background(), x, nil, 1, &LRRSettings{MaxIter: 3}, nil)
	if err != nil || res.Status != IterationLimit || res.Iterations != 3 {
		t.Fatalf("err = %v, status %v after %d iterations: want IterationLimit after 3", err, res.Status, res.Iterations)
	}
	if _, err := LRR(context.Background(), x, nil, -1, nil, nil); err == nil {
		t.Error("negative lambda: no error")
	}
	if _, err := LRR(context.Background(), x, mat.NewDense(2, 2, nil), 1, nil, nil); err == nil {
		t.Error("wrong dictionary shape: no error")
	}
}
