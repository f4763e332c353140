package gemm

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// TestDgemv checks BLAS.Dgemv against gonum's, bit for bit, on shapes
// whose entries of y are shared out in parts (and one that is not), with
// both transposes, unit and wider increments, every beta case and at 1,
// 2 and 4 threads.
func TestDgemv(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	type shape struct{ m, n int }
	for _, sh := range []shape{{3, 5}, {gemvRows*3 + 7, 300}, {301, gemvRows*2 + 5}, {1031, 1030}} {
		m, n := sh.m, sh.n
		lda := n + 3
		a := make([]float64, (m-1)*lda+n)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			lenX, lenY := n, m
			if tA == blas.Trans {
				lenX, lenY = m, n
			}
			for _, inc := range []int{1, 3} {
				x := make([]float64, (lenX-1)*inc+1)
				y := make([]float64, (lenY-1)*inc+1)
				for i := range x {
					x[i] = rng.NormFloat64()
				}
				for i := range y {
					y[i] = rng.NormFloat64()
				}
				for _, ab := range [][2]float64{{1, 0}, {-0.7, 1}, {1.3, 0.4}, {0, 0.5}} {
					want := append([]float64(nil), y...)
					gonum.Implementation{}.Dgemv(tA, m, n, ab[0], a, lda, x, inc, ab[1], want, inc)
					for _, procs := range []int{1, 2, 4} {
						runtime.GOMAXPROCS(procs)
						got := append([]float64(nil), y...)
						BLAS{}.Dgemv(tA, m, n, ab[0], a, lda, x, inc, ab[1], got, inc)
						for i := range got {
							if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
								t.Fatalf("m=%d n=%d %c inc=%d alpha=%v beta=%v, %d threads: y[%d] = %v, want %v",
									m, n, tA, inc, ab[0], ab[1], procs, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

func benchmarkDgemv(b *testing.B, tA blas.Transpose, n int, impl blas.Float64Level2) {
	rng := rand.New(rand.NewPCG(1, 1))
	a := make([]float64, n*n)
	for i := range a {
		a[i] = rng.NormFloat64()
	}
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	b.ResetTimer()
	for range b.N {
		impl.Dgemv(tA, n, n, 1, a, n, x, 1, 0, y, 1)
	}
	b.ReportMetric(2*float64(n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

func BenchmarkDgemvN2000(b *testing.B) { benchmarkDgemv(b, blas.NoTrans, 2000, BLAS{}) }
func BenchmarkDgemvT2000(b *testing.B) { benchmarkDgemv(b, blas.Trans, 2000, BLAS{}) }
func BenchmarkGonumDgemvN2000(b *testing.B) {
	benchmarkDgemv(b, blas.NoTrans, 2000, gonum.Implementation{})
}
func BenchmarkGonumDgemvT2000(b *testing.B) {
	benchmarkDgemv(b, blas.Trans, 2000, gonum.Implementation{})
}

// TestUseGemvT: Dgemv hands its transposed products of gemvKernel
// entries or more, alpha ≠ 0 and positive increments, to the installed
// GemvT, and no others; with gonum's loop as the GemvT the bits are
// gonum's.
func TestUseGemvT(t *testing.T) {
	defer UseGemvT(nil)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	calls := 0
	UseGemvT(func(m, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
		calls++
		gonum.Implementation{}.Dgemv(blas.Trans, m, n, alpha, a, lda, x, incX, beta, y, incY)
	})
	rng := rand.New(rand.NewPCG(3, 3))
	for _, c := range []struct {
		tA          blas.Transpose
		m, n, incX  int
		alpha, beta float64
		handed      bool
	}{
		{blas.Trans, 40, 7, 1, 1, 0, true},
		{blas.Trans, 16, 16, 2, -1, 0.5, true},
		{blas.ConjTrans, 300, 300, 1, 1, 1, true},
		{blas.Trans, 3, 5, 1, 1, 0, false},    // below gemvKernel
		{blas.Trans, 40, 7, 1, 0, 0.5, false}, // alpha = 0
		{blas.Trans, 40, 7, -1, 1, 0, false},  // negative increment
		{blas.NoTrans, 40, 7, 1, 1, 0, false},
	} {
		lenX, lenY := c.m, c.n
		if c.tA == blas.NoTrans {
			lenX, lenY = c.n, c.m
		}
		a := make([]float64, c.m*c.n)
		x := make([]float64, lenX*max(c.incX, -c.incX))
		y := make([]float64, lenY)
		for _, s := range [][]float64{a, x, y} {
			for i := range s {
				s[i] = rng.NormFloat64()
			}
		}
		got, want := append([]float64(nil), y...), append([]float64(nil), y...)
		calls = 0
		BLAS{}.Dgemv(c.tA, c.m, c.n, c.alpha, a, c.n, x, c.incX, c.beta, got, 1)
		gonum.Implementation{}.Dgemv(c.tA, c.m, c.n, c.alpha, a, c.n, x, c.incX, c.beta, want, 1)
		if (calls > 0) != c.handed {
			t.Errorf("%+v: GemvT called %d times", c, calls)
		}
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("%+v: y[%d] = %v, gonum's %v", c, i, got[i], want[i])
			}
		}
	}
}
