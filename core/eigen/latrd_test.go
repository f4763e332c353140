package eigen

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"
)

// TestLatrd compares latrd with gonum's Dlatrd (lower) on random
// symmetric matrices, odd and even orders, panels of 1 to 32 columns and
// lda ≥ n: the reduced panel and reflectors in a, e, tau and the rows of
// W that sytrd uses. Both apply the same reflectors (the same Dlarfg) and
// differ only in the order of their sums, so every entry agrees to a
// small multiple of n·ε·max|A| (the backward error of the Householder
// steps, Higham, Accuracy and Stability of Numerical Algorithms, §19.3);
// the factor 20 covers the nb steps of a panel. Orders to 200 in one
// pass, and 300 and 600 with symvLower's work too, where the products of
// the panel run in slabs and ranges of rows on every core.
func TestLatrd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{1, 2, 3, 7, 33, 64, 65, 100, 131, 200, 300, 600} {
		var sw []float64
		if n >= 300 {
			sw = make([]float64, latrdWork(n, 32))
		}
		for _, nb := range []int{1, 4, 13, 32} {
			if nb > n {
				continue
			}
			lda, ldw := n+rng.IntN(3), nb
			a := make([]float64, (n-1)*lda+n)
			var amax float64
			for i := 0; i < n; i++ {
				for j := 0; j <= i; j++ {
					a[i*lda+j] = rng.NormFloat64()
					amax = math.Max(amax, math.Abs(a[i*lda+j]))
				}
			}
			want := append([]float64(nil), a...)
			eWant, tauWant := make([]float64, n), make([]float64, n)
			wWant := make([]float64, n*ldw)
			gonum.Implementation{}.Dlatrd(blas.Lower, n, nb, want, lda, eWant, tauWant, wWant, ldw)
			e, tau := make([]float64, n), make([]float64, n)
			w, vp := make([]float64, n*ldw), make([]float64, n*nb)
			latrd(n, nb, a, lda, e, tau, w, ldw, vp, make([]float64, 2*n+2*nb), sw)
			// vp is a copy of the reflectors as a holds them.
			for r := 0; r < n; r++ {
				for c := 0; c < min(r, nb); c++ {
					if vp[r*nb+c] != a[r*lda+c] {
						t.Fatalf("n=%d nb=%d: vp(%d, %d) = %v, a has %v", n, nb, r, c, vp[r*nb+c], a[r*lda+c])
					}
				}
			}

			tol := 20 * float64(n) * 0x1p-52 * amax
			check := func(what string, i int, got, want float64) {
				t.Helper()
				if diff := math.Abs(got - want); !(diff <= tol) {
					t.Errorf("n=%d nb=%d: %s[%d] = %v, want %v (diff %.3g > tol %.3g)", n, nb, what, i, got, want, diff, tol)
				}
			}
			for i := 0; i < n; i++ {
				for j := 0; j <= i; j++ {
					check("a", i*lda+j, a[i*lda+j], want[i*lda+j])
				}
			}
			for i := 0; i < min(nb, n-1); i++ {
				check("e", i, e[i], eWant[i])
				check("tau", i, tau[i], tauWant[i])
			}
			// W's rows below the panel's diagonal (row r, column c < r).
			for r := 0; r < n; r++ {
				for c := 0; c < min(r, nb); c++ {
					check("w", r*ldw+c, w[r*ldw+c], wWant[r*ldw+c])
				}
			}
		}
	}
}
