package eigen

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"
)

// TestOrmqr applies the reflectors of a tridiagonal reduction to a random
// block of columns and compares Q C with gonum's Dormqr (LAPACK's
// dlarft and dlarfb), at an order of blocks of ormBlock and one of
// ormBlockWide, where T comes from the Gram matrix of V (blockT); and
// compares blockT's T with Dlarft's for one block.
func TestOrmqr(t *testing.T) {
	impl := gonum.Implementation{}
	for _, n := range []int{301, ormWide + 77} {
		buf, _, _, tau := reduced(n)
		m, nc := n-1, 45
		rng := rand.New(rand.NewPCG(uint64(n), 2))
		c := make([]float64, m*nc)
		for i := range c {
			c[i] = rng.NormFloat64()
		}
		want := append([]float64(nil), c...)
		work := make([]float64, 1)
		impl.Dormqr(blas.Left, blas.NoTrans, m, nc, m, buf[n:], n, tau[:m], want, nc, work, -1)
		work = make([]float64, int(work[0]))
		impl.Dormqr(blas.Left, blas.NoTrans, m, nc, m, buf[n:], n, tau[:m], want, nc, work, len(work))
		var s Sym
		s.ormqr(m, nc, m, buf[n:], n, tau, c, nc)
		var worst float64
		for i := range c {
			worst = math.Max(worst, math.Abs(c[i]-want[i]))
		}
		// Q is orthogonal: the entries of Q C are of the order of those
		// of C (unit normal), and each rounding of the m reflectors adds
		// a few ulps.
		if tol := 1e-13 * math.Sqrt(float64(m)); worst > tol {
			t.Errorf("n = %d: |ormqr − Dormqr| = %.3g, want at most %.3g", n, worst, tol)
		}
	}

	// One block: blockT against Dlarft on the same reflectors.
	n := 400
	buf, _, _, tau := reduced(n)
	rows, k := n-1-50, ormBlockWide
	a := buf[n+50*n+50:] // the reflectors 50..50+k−1
	v := make([]float64, rows*k)
	for r := 0; r < rows; r++ {
		for j := 0; j < k; j++ {
			switch {
			case r > j:
				v[r*k+j] = a[r*n+j]
			case r == j:
				v[r*k+j] = 1
			}
		}
	}
	got, want := make([]float64, k*k), make([]float64, k*k)
	blockT(rows, k, v, tau[50:], got)
	impl.Dlarft('F', 'C', rows, k, a, n, tau[50:], want, k)
	var worst, scale float64
	for r := 0; r < k; r++ {
		for j := r; j < k; j++ {
			worst = math.Max(worst, math.Abs(got[r*k+j]-want[r*k+j]))
			scale = math.Max(scale, math.Abs(want[r*k+j]))
		}
	}
	if worst > 1e-13*scale {
		t.Errorf("blockT: |T − Dlarft's T| = %.3g (largest entry %.3g)", worst, scale)
	}
}
