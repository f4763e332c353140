package lowrank

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
)

// TestGramNuclearRank compares ||Z||_* and the rank from the eigenvalues
// of ZᵀZ with an SVD's, on a nonnegative sparse matrix of full rank (as
// NNLRS's H) and a matrix of rank 60 (as LRR's J): the nuclear norms
// within the bound nuclearGramError proves, the ranks equal.
func TestGramNuclearRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 1030
	full := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		full.Set(i, i, 0.5+rng.Float64())
		for j := 0; j < n; j++ {
			if rng.Float64() < 0.05 {
				full.Set(i, j, full.At(i, j)+0.05*rng.Float64())
			}
		}
	}
	u, v := mat.NewDense(n, 60, nil), mat.NewDense(n, 60, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < 60; j++ {
			u.Set(i, j, rng.NormFloat64())
			v.Set(i, j, rng.NormFloat64())
		}
	}
	low := mat.NewDense(n, n, nil)
	low.Mul(u, v.T())
	for _, c := range []struct {
		name string
		z    *mat.Dense
		rank int
	}{{"full", full, n}, {"rank 60", low, 60}} {
		var eig eigen.Sym
		vals, delta, ok := gramValues(&eig, c.z, nil)
		if !ok {
			t.Fatalf("%s: the eigenvalues failed", c.name)
		}
		g := gramNuclearRank(vals, delta)
		nuclear, rank := nuclearRank(c.z)
		bound := nuclearGramError(vals, delta)
		if d := math.Abs(g.nuclear - nuclear); !(d <= bound) {
			t.Errorf("%s: ||Z||_* %v from the Gram matrix, %v by the SVD: %g apart, bound %g", c.name, g.nuclear, nuclear, d, bound)
		}
		if g.rank != rank || rank != c.rank {
			t.Errorf("%s: rank %d from the Gram matrix, %d by the SVD, want %d", c.name, g.rank, rank, c.rank)
		}
		t.Logf("%s: ||Z||_* %.17g (Gram) %.17g (SVD), %.2g apart, bound %.2g", c.name, g.nuclear, nuclear, math.Abs(g.nuclear-nuclear), bound)
	}
}

// TestFinishFromCertificate runs ADMM on 1030 samples, from which its
// Result takes ||Z||_* and the rank from the eigenvalues its certificate
// computed: the objective must be that of the returned Z and E with an
// SVD's ||Z||_*, within nuclearGramError, and the rank the SVD's.
func TestFinishFromCertificate(t *testing.T) {
	if testing.Short() {
		t.Skip("1030 samples")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	x, _ := subspaces(rng, 64, 4, []int{258, 258, 257, 257})
	p := DefaultParams()
	res, err := NNLRS(context.Background(), x, nil, p, &ADMM{MaxIter: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	nuclear, rank := nuclearRank(res.Z)
	want := p.objectiveAt(nuclear, res.Z, res.E)
	var eig eigen.Sym
	vals, delta, ok := gramValues(&eig, res.Z, nil)
	if !ok {
		t.Fatal("the eigenvalues failed")
	}
	bound := nuclearGramError(vals, delta)
	if d := math.Abs(res.Objective - want); !(d <= bound) || res.RankZ != rank {
		t.Errorf("objective %v, rank %d; with the SVD %v, rank %d: %g apart, bound %g", res.Objective, res.RankZ, want, rank, d, bound)
	}
	t.Logf("objective %.17g, with the SVD %.17g; rank %d", res.Objective, want, res.RankZ)
}

// nuclearGramError returns Σ min(√δ, δ/√λ_i) over the eigenvalues vals
// of a Gram matrix: a bound on the distance of gramNuclearRank's
// nuclear norm to the sum of the singular values.
func nuclearGramError(vals []float64, delta float64) float64 {
	e := 0.0
	for _, l := range vals {
		b := math.Sqrt(delta)
		if l > 0 {
			b = math.Min(b, delta/math.Sqrt(l))
		}
		e += b
	}
	return e
}
