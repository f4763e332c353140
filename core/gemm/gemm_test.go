package gemm

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// TestGemm compares Gemm with gonum's reference Dgemm on every transpose
// combination, sizes around the blocking and micro-kernel edges, strides
// wider than the rows, and the special values of alpha and beta.
func TestGemm(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	fill := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
		}
		return s
	}
	sizes := []int{1, 3, 4, 5, 17, gemmMC + 3}
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range []int{1, 7, gemmKC + 5} {
				for _, tc := range []struct {
					ta, tb      bool
					alpha, beta float64
				}{
					{false, false, 1, 0}, {true, false, 0.5, 1}, {false, true, -2, 0.25}, {true, true, 1, -1}, {false, false, 0, 2},
				} {
					ar, ac := m, k
					if tc.ta {
						ar, ac = k, m
					}
					br, bc := k, n
					if tc.tb {
						br, bc = n, k
					}
					lda, ldb, ldc := ac+2, bc+1, n+3
					a, b, c := fill(ar*lda), fill(br*ldb), fill(m*ldc)
					want := append([]float64(nil), c...)
					if tc.beta == 0 {
						for i := range c {
							c[i] = math.NaN() // beta = 0 must overwrite
						}
					}
					tr := func(f bool) blas.Transpose {
						if f {
							return blas.Trans
						}
						return blas.NoTrans
					}
					gonum.Implementation{}.Dgemm(tr(tc.ta), tr(tc.tb), m, n, k, tc.alpha, a, lda, b, ldb, tc.beta, want, ldc)
					BLAS{}.Dgemm(tr(tc.ta), tr(tc.tb), m, n, k, tc.alpha, a, lda, b, ldb, tc.beta, c, ldc)
					for i := 0; i < m; i++ {
						for j := 0; j < n; j++ {
							got, w := c[i*ldc+j], want[i*ldc+j]
							// Sums of k products of unit normals: rounding
							// error well below 1e-12 relative to sqrt(k).
							if math.Abs(got-w) > 1e-12*math.Sqrt(float64(k))*(1+math.Abs(w)) {
								t.Fatalf("m=%d n=%d k=%d %+v: C[%d,%d] = %v, want %v", m, n, k, tc, i, j, got, w)
							}
						}
						for j := n; j < ldc && i < m-1; j++ {
							if c[i*ldc+j] != want[i*ldc+j] && !math.IsNaN(c[i*ldc+j]) {
								t.Fatalf("m=%d n=%d k=%d: wrote outside C at (%d,%d)", m, n, k, i, j)
							}
						}
					}
				}
			}
		}
	}
}

var sinkC []float64

func benchmarkGemm(b *testing.B, n int, impl blas.Float64Level3) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, n*n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	c := make([]float64, n*n)
	b.ResetTimer()
	for range b.N {
		impl.Dgemm(blas.NoTrans, blas.NoTrans, n, n, n, 1, x, n, x, n, 0, c, n)
	}
	b.ReportMetric(2*float64(n*n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
	sinkC = c
}

func BenchmarkGemm100(b *testing.B)      { benchmarkGemm(b, 100, BLAS{}) }
func BenchmarkGemm200(b *testing.B)      { benchmarkGemm(b, 200, BLAS{}) }
func BenchmarkGemm400(b *testing.B)      { benchmarkGemm(b, 400, BLAS{}) }
func BenchmarkGemm800(b *testing.B)      { benchmarkGemm(b, 800, BLAS{}) }
func BenchmarkGonumGemm100(b *testing.B) { benchmarkGemm(b, 100, gonum.Implementation{}) }
func BenchmarkGonumGemm200(b *testing.B) { benchmarkGemm(b, 200, gonum.Implementation{}) }
func BenchmarkGonumGemm400(b *testing.B) { benchmarkGemm(b, 400, gonum.Implementation{}) }
func BenchmarkGonumGemm800(b *testing.B) { benchmarkGemm(b, 800, gonum.Implementation{}) }

// TestSyrk compares the blocked Dsyrk and Dsyr2k with gonum's on both
// triangles and transposes, and checks that the other triangle is left
// alone.
func TestSyrk(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, n := range []int{3, syrkBlock - 1, syrkBlock + 5, 2*syrkBlock + 7} {
		for _, k := range []int{1, 9, 70} {
			for _, ul := range []blas.Uplo{blas.Upper, blas.Lower} {
				for _, tr := range []blas.Transpose{blas.NoTrans, blas.Trans} {
					for _, beta := range []float64{0, 0.5} {
						ar, ac := n, k
						if tr == blas.Trans {
							ar, ac = k, n
						}
						lda, ldc := ac+3, n+2
						a := make([]float64, ar*lda)
						b := make([]float64, ar*lda)
						c := make([]float64, n*ldc)
						for i := range a {
							a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
						}
						for i := range c {
							c[i] = rng.NormFloat64()
						}
						for _, two := range []bool{false, true} {
							want := append([]float64(nil), c...)
							got := append([]float64(nil), c...)
							if two {
								gonum.Implementation{}.Dsyr2k(ul, tr, n, k, 1.5, a, lda, b, lda, beta, want, ldc)
								BLAS{}.Dsyr2k(ul, tr, n, k, 1.5, a, lda, b, lda, beta, got, ldc)
							} else {
								gonum.Implementation{}.Dsyrk(ul, tr, n, k, 1.5, a, lda, beta, want, ldc)
								BLAS{}.Dsyrk(ul, tr, n, k, 1.5, a, lda, beta, got, ldc)
							}
							for i := range got {
								if math.Abs(got[i]-want[i]) > 1e-12*math.Sqrt(float64(k))*(1+math.Abs(want[i])) {
									t.Fatalf("n=%d k=%d ul=%c tr=%c beta=%v syr2k=%v: entry %d = %v, want %v",
										n, k, ul, tr, beta, two, i, got[i], want[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

func benchmarkSyrk(b *testing.B, n int, impl blas.Float64Level3) {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, n*n)
	for i := range x {
		x[i] = rng.NormFloat64()
	}
	c := make([]float64, n*n)
	b.ResetTimer()
	for range b.N {
		impl.Dsyrk(blas.Upper, blas.Trans, n, n, 1, x, n, 0, c, n)
	}
	sinkC = c
}

func BenchmarkSyrk200(b *testing.B)      { benchmarkSyrk(b, 200, BLAS{}) }
func BenchmarkSyrk800(b *testing.B)      { benchmarkSyrk(b, 800, BLAS{}) }
func BenchmarkGonumSyrk200(b *testing.B) { benchmarkSyrk(b, 200, gonum.Implementation{}) }
func BenchmarkGonumSyrk800(b *testing.B) { benchmarkSyrk(b, 800, gonum.Implementation{}) }

// TestDtrmm checks the blocked Dtrmm against gonum's reference for every
// uplo, transpose and diag, on sizes around the row block, with garbage
// in the triangle of A that must not be read.
func TestDtrmm(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, m := range []int{1, 40, trmmBlock + 1, 2*trmmBlock + 7, 200} {
		for _, n := range []int{1, 9, 100} {
			for _, ul := range []blas.Uplo{blas.Upper, blas.Lower} {
				for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
					for _, d := range []blas.Diag{blas.NonUnit, blas.Unit} {
						for _, alpha := range []float64{1, -0.5, 0} {
							lda, ldb := m+2, n+3
							a := make([]float64, m*lda)
							for i := range a {
								a[i] = rng.NormFloat64()
							}
							b := make([]float64, m*ldb)
							for i := range b {
								b[i] = rng.NormFloat64()
							}
							want := append([]float64(nil), b...)
							gonum.Implementation{}.Dtrmm(blas.Left, ul, tA, d, m, n, alpha, a, lda, want, ldb)
							BLAS{}.Dtrmm(blas.Left, ul, tA, d, m, n, alpha, a, lda, b, ldb)
							for i := range b {
								// Sums of m products of unit normals.
								if math.Abs(b[i]-want[i]) > 1e-12*math.Sqrt(float64(m))*(1+math.Abs(want[i])) {
									t.Fatalf("m=%d n=%d %c %c %c alpha=%v: B[%d] = %v, want %v", m, n, ul, tA, d, alpha, i, b[i], want[i])
								}
							}
						}
					}
				}
			}
		}
	}
}

func BenchmarkTrmm400(b *testing.B)      { benchmarkTrmm(b, 400, BLAS{}) }
func BenchmarkGonumTrmm400(b *testing.B) { benchmarkTrmm(b, 400, gonum.Implementation{}) }

func benchmarkTrmm(b *testing.B, n int, impl blas.Float64Level3) {
	rng := rand.New(rand.NewPCG(1, 1))
	r := make([]float64, n*n)
	x0 := make([]float64, n*n)
	for i := range r {
		r[i], x0[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	x := make([]float64, n*n)
	b.ResetTimer()
	for range b.N {
		copy(x, x0) // a fresh B: repeated products would overflow
		impl.Dtrmm(blas.Left, blas.Upper, blas.Trans, blas.NonUnit, n, n, 1, r, n, x, n)
	}
	// The flops of a triangular product, n²·n.
	b.ReportMetric(float64(n*n*n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
