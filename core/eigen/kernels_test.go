package eigen

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The kernels of Sym timed one by one at the solvers' sizes, each with
// its rate in GFLOP/s from the usual operation counts (LAPACK Working
// Note 41): tridiagonalization 4n³/3, back-transformation 2n³ (n−1
// reflectors on n columns), whole decomposition 4n³/3 + 2n³ + the
// divide and conquer; the divide and conquer's count depends on the
// deflation, so it is reported as 4n³/3, its cost without deflation
// (Cuppen: the last merge is an n×n by n/2 product on each half, and
// the levels sum to 4/3 of it), an upper bound of its rate.
func kernelMatrix(n int) *mat.SymDense {
	rng := rand.New(rand.NewPCG(1, 1))
	g := mat.NewDense(n, n, nil)
	for i := range g.RawMatrix().Data {
		g.RawMatrix().Data[i] = rng.NormFloat64()
	}
	a := mat.NewSymDense(n, nil)
	a.SymOuterK(1, g.T())
	return a
}

func lowerCopy(dst []float64, a *mat.SymDense) {
	n := a.SymmetricDim()
	raw := a.RawSymmetric()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			dst[j*n+i] = raw.Data[i*raw.Stride+j]
		}
	}
}

func reportGFlops(b *testing.B, flops float64) {
	b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

func benchmarkSytrd(b *testing.B, n int) {
	a := kernelMatrix(n)
	buf := make([]float64, n*n)
	d, e, tau := make([]float64, n), make([]float64, n), make([]float64, n)
	work := make([]float64, sytrdWork(n))
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		lowerCopy(buf, a)
		b.StartTimer()
		sytrd(n, buf, n, d, e, tau, work)
	}
	reportGFlops(b, 4*float64(n*n*n)/3)
}

// reduced returns the tridiagonal reduction of kernelMatrix(n): the
// reflectors below the diagonal of buf, the diagonal d, the off-diagonal
// e and the scalars tau.
func reduced(n int) (buf, d, e, tau []float64) {
	buf = make([]float64, n*n)
	lowerCopy(buf, kernelMatrix(n))
	d, e, tau = make([]float64, n), make([]float64, n), make([]float64, n)
	sytrd(n, buf, n, d, e, tau, make([]float64, sytrdWork(n)))
	return buf, d, e, tau
}

func benchmarkTridiagDC(b *testing.B, n int) {
	var s Sym
	_, d, e, _ := reduced(n)
	dd, ee := make([]float64, n), make([]float64, n)
	q := make([]float64, n*n)
	b.ResetTimer()
	for range b.N {
		copy(dd, d)
		copy(ee, e)
		if !s.tridiagDC(n, dd, ee, q, n, math.Inf(-1)) {
			b.Fatal("tridiagDC failed")
		}
	}
	reportGFlops(b, 4*float64(n*n*n)/3)
}

func benchmarkOrmqr(b *testing.B, n int) {
	var s Sym
	buf, _, _, tau := reduced(n)
	q := make([]float64, n*n)
	b.ResetTimer()
	for range b.N {
		s.ormqr(n-1, n, n-1, buf[n:], n, tau, q[n:], n)
	}
	reportGFlops(b, 2*float64(n*n*n))
}

func benchmarkSym(b *testing.B, n int) {
	a := kernelMatrix(n)
	var s Sym
	b.ResetTimer()
	for range b.N {
		if !s.Factorize(a, true) {
			b.Fatal("Sym failed")
		}
	}
	reportGFlops(b, (4.0/3+2+4.0/3)*float64(n*n*n))
}

func BenchmarkSytrd200(b *testing.B)     { benchmarkSytrd(b, 200) }
func BenchmarkSytrd800(b *testing.B)     { benchmarkSytrd(b, 800) }
func BenchmarkSytrd2000(b *testing.B)    { benchmarkSytrd(b, 2000) }
func BenchmarkTridiagDC200(b *testing.B) { benchmarkTridiagDC(b, 200) }
func BenchmarkTridiagDC800(b *testing.B) { benchmarkTridiagDC(b, 800) }
func BenchmarkOrmqr200(b *testing.B)     { benchmarkOrmqr(b, 200) }
func BenchmarkOrmqr800(b *testing.B)     { benchmarkOrmqr(b, 800) }
func BenchmarkOrmqr2000(b *testing.B)    { benchmarkOrmqr(b, 2000) }
func BenchmarkSym200(b *testing.B)       { benchmarkSym(b, 200) }
func BenchmarkSym800(b *testing.B)       { benchmarkSym(b, 800) }
