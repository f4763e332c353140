package eigen

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"
	"gonum.org/v1/gonum/mat"
)

// TestSytd2 checks sytd2 as LAPACK's test suite checks dsytrd (dsyt21):
// with Q formed from the reflectors (gonum's Dorgtr) and T from d and e,
// the backward error ‖A − Q T Qᵀ‖_F / (n ‖A‖_F ε) must stay below 30,
// the suite's usual threshold, on random symmetric matrices of orders
// 0..70 and a few larger, with lda ≥ n. (Entry by entry, sytd2 and gonum's
// Dsytd2 drift apart along the reduction, as two backward-stable
// reductions summing in different orders may: by 1e-10 at n = 131.)
func TestSytd2(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var sizes []int
	for n := 0; n <= 70; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 99, 100, 131)
	var worst float64
	for _, n := range sizes {
		lda := max(n, 1) + rng.IntN(3)
		a := make([]float64, max(n-1, 0)*lda+n)
		orig := mat.NewSymDense(max(n, 1), nil)
		for i := 0; i < n; i++ {
			for j := 0; j <= i; j++ {
				a[i*lda+j] = rng.NormFloat64()
				orig.SetSym(i, j, a[i*lda+j])
			}
		}
		d, e, tau := make([]float64, n), make([]float64, n), make([]float64, n)
		sytd2(n, a, lda, d, e, tau, make([]float64, 2*n), nil)
		if n == 0 {
			continue
		}
		got := backwardError(n, orig, a, lda, d, e, tau)
		if !(got < 30) {
			t.Errorf("n=%d: ‖A − Q T Qᵀ‖_F / (n ‖A‖_F ε) = %.3g, want < 30", n, got)
		}
		worst = max(worst, got)
	}
	t.Logf("largest ‖A − Q T Qᵀ‖_F / (n ‖A‖_F ε): %.3g", worst)
}

// backwardError returns ‖A − Q T Qᵀ‖_F / (n ‖A‖_F ε) for the reduction
// of A (orig) to the tridiagonal T (d, e) by the reflectors below the
// subdiagonal of a and tau.
func backwardError(n int, orig *mat.SymDense, a []float64, lda int, d, e, tau []float64) float64 {
	q := make([]float64, n*n)
	for i := 0; i < n; i++ {
		copy(q[i*n:i*n+i+1], a[i*lda:i*lda+i+1])
	}
	impl := gonum.Implementation{}
	work := make([]float64, 1)
	impl.Dorgtr(blas.Lower, n, q, n, tau, work, -1)
	work = make([]float64, int(work[0]))
	impl.Dorgtr(blas.Lower, n, q, n, tau, work, len(work))
	tri := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		tri.Set(i, i, d[i])
		if i+1 < n {
			tri.Set(i, i+1, e[i])
			tri.Set(i+1, i, e[i])
		}
	}
	qm := mat.NewDense(n, n, q)
	var r mat.Dense
	r.Mul(qm, tri)
	r.Mul(&r, qm.T())
	r.Sub(orig, &r)
	return mat.Norm(&r, 2) / (float64(n) * mat.Norm(orig, 2) * 0x1p-52)
}
