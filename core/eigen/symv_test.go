package eigen

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// TestSymvLower compares symvLower with gonum's Dsymv (lower, alpha = 1,
// beta = 0) on every order 1..64, 40 random orders in 65..300, 299 and
// 300, and 1023, 1024, 1027 and 1501, in one pass and in slabs, with
// lda ≥ n and NaN in the upper triangle and the padding,
// which must not be read. The two sum in different orders; each y_i of
// either is within n·ε·Σ_j |a_ij x_j| of the exact value (Higham,
// Accuracy and Stability of Numerical Algorithms, eq. 3.5), so they
// differ by at most twice that.
func TestSymvLower(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	sizes := []int{}
	for n := 1; n <= 64; n++ {
		sizes = append(sizes, n)
	}
	for range 40 {
		sizes = append(sizes, 65+rng.IntN(236))
	}
	sizes = append(sizes, 299, 300, 1023, 1024, 1027, 1501)
	for _, n := range sizes {
		lda := n + rng.IntN(3)
		a := make([]float64, (n-1)*lda+n)
		for i := range a {
			a[i] = math.NaN()
		}
		abs := make([]float64, len(a))
		for i := 0; i < n; i++ {
			for j := 0; j <= i; j++ {
				a[i*lda+j] = rng.NormFloat64()
				abs[i*lda+j] = math.Abs(a[i*lda+j])
			}
		}
		x := make([]float64, n)
		absx := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64()
			absx[i] = math.Abs(x[i])
		}
		want := make([]float64, n)
		gonum.Implementation{}.Dsymv(blas.Lower, n, 1, a, lda, x, 1, 0, want, 1)
		bound := make([]float64, n)
		gonum.Implementation{}.Dsymv(blas.Lower, n, 1, abs, lda, absx, 1, 0, bound, 1)
		for _, work := range [][]float64{nil, make([]float64, symvWork(n))} {
			got := make([]float64, n)
			for i := range got {
				got[i] = math.NaN() // overwritten, not added to
			}
			symvLower(n, a, lda, x, got, work)
			for i := range got {
				tol := 2 * float64(n) * 0x1p-52 * bound[i]
				if diff := math.Abs(got[i] - want[i]); !(diff <= tol) {
					t.Errorf("n=%d lda=%d slabs %v: y[%d] = %v, want %v (diff %.3g > tol %.3g)", n, lda, work != nil, i, got[i], want[i], diff, tol)
				}
			}
		}
	}
}

func benchmarkSymv(b *testing.B, n int, f func(n int, a []float64, lda int, x, y []float64)) {
	buf := make([]float64, n*n)
	lowerCopy(buf, kernelMatrix(n))
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = float64(i%7) - 3
	}
	b.ResetTimer()
	for range b.N {
		f(n, buf, n, x, y)
	}
	reportGFlops(b, 2*float64(n*n))
}

func ourSymv(n int, a []float64, lda int, x, y []float64) {
	symvLower(n, a, lda, x, y, make([]float64, symvWork(n)))
}

func gonumSymv(n int, a []float64, lda int, x, y []float64) {
	gonum.Implementation{}.Dsymv(blas.Lower, n, 1, a, lda, x, 1, 0, y, 1)
}

func BenchmarkSymv200(b *testing.B)      { benchmarkSymv(b, 200, ourSymv) }
func BenchmarkSymv800(b *testing.B)      { benchmarkSymv(b, 800, ourSymv) }
func BenchmarkSymv2000(b *testing.B)     { benchmarkSymv(b, 2000, ourSymv) }
func BenchmarkGonumSymv200(b *testing.B) { benchmarkSymv(b, 200, gonumSymv) }
func BenchmarkGonumSymv800(b *testing.B) { benchmarkSymv(b, 800, gonumSymv) }

// symvLower's slabs are summed in a fixed order: the same bits at 1, 2,
// 3 and 4 threads, below symvShared (in turn) and from it (in parallel).
func TestSymvLowerThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, n := range []int{5, 100, symvShared - 1, symvShared, 1025, 2003} {
		lda := n + 1
		a := make([]float64, n*lda)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		var first []float64
		for _, procs := range []int{1, 2, 3, 4} {
			runtime.GOMAXPROCS(procs)
			y := make([]float64, n)
			symvLower(n, a, lda, x, y, make([]float64, symvWork(n)))
			if first == nil {
				first = y
			} else if !slices.Equal(y, first) {
				t.Errorf("n = %d, %d threads: not the bits of 1 thread", n, procs)
			}
		}
	}
}

// symv4 (in assembly where the processor has AVX2 and FMA) has the bits
// of symv4Generic, its definition in Go: lane sums and y, for k = 0 to 64
// and 1000, on a stride wider than k.
func TestSymv4(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, k := range []int{0, 4, 8, 12, 16, 20, 32, 60, 64, 1000} {
		lda := k + 5
		a := make([]float64, 3*lda+k)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		x := make([]float64, k)
		y := make([]float64, k)
		for i := range x {
			x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		xi := [4]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		want := slices.Clone(y)
		var pw, pg [16]float64
		symv4Generic(k, a, lda, x, want, &xi, &pw)
		got := slices.Clone(y)
		for i := range pg {
			pg[i] = math.NaN() // set, not added to
		}
		symv4(k, a, lda, x, got, &xi, &pg)
		if pg != pw || !slices.Equal(got, want) {
			t.Errorf("k = %d: symv4 differs from symv4Generic", k)
		}
	}
}
