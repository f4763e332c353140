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
func BenchmarkSyrk2000(b *testing.B)     { benchmarkSyrk(b, 2000, BLAS{}) }
func BenchmarkGonumSyrk200(b *testing.B) { benchmarkSyrk(b, 200, gonum.Implementation{}) }
func BenchmarkGonumSyrk800(b *testing.B) { benchmarkSyrk(b, 800, gonum.Implementation{}) }

// BenchmarkSyr2k2000 is the trailing update of the tridiagonal
// reduction's first panel at order 2000: a rank-2k update of k = 32.
func BenchmarkSyr2k2000(b *testing.B) {
	const n, k = 2000, 32
	rng := rand.New(rand.NewPCG(1, 1))
	x, y := make([]float64, n*k), make([]float64, n*k)
	for i := range x {
		x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	c := make([]float64, n*n)
	b.ResetTimer()
	for range b.N {
		BLAS{}.Dsyr2k(blas.Lower, blas.NoTrans, n, k, -1, x, k, y, k, 1, c, n)
	}
	sinkC = c
}

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

// TestSyrkPackedOnce checks that Dsyrk and Dsyr2k, which pack each
// k-panel of the right operand once for all block rows, compute every
// entry as the Gemm products of their definition do (syrkByGemm), bit for
// bit: several k-panels, a row block split into Gemm's row blocks,
// widths past gemmNC, alpha = 0 and every beta case.
func TestSyrkPackedOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	type shape struct{ n, k, cases int }
	// The widest shape runs the last alpha, beta case only: each case
	// copies its n×n C.
	shapes := []shape{{syrkBlock, 70, 4}, {2*syrkBlock + 7, gemmKC + 45, 4}, {gemmNC + 70, 3, 1}}
	for _, sh := range shapes {
		n, k := sh.n, sh.k
		for _, ul := range []blas.Uplo{blas.Upper, blas.Lower} {
			for _, ta := range []bool{false, true} {
				tr := blas.NoTrans
				ar, ac := n, k
				if ta {
					tr, ar, ac = blas.Trans, k, n
				}
				lda, ldc := ac+1, n+3
				a, b := make([]float64, ar*lda), make([]float64, ar*lda)
				c := make([]float64, n*ldc)
				for i := range a {
					a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
				}
				for i := range c {
					c[i] = rng.NormFloat64()
				}
				cases := [][2]float64{{1.5, 0}, {-0.5, 1}, {0, 0.5}, {1, 0.25}}
				for _, ab := range cases[len(cases)-sh.cases:] {
					alpha, beta := ab[0], ab[1]
					for _, two := range []bool{false, true} {
						want := append([]float64(nil), c...)
						got := append([]float64(nil), c...)
						terms := []syrkTerm{{a, lda, a, lda}}
						if two {
							terms = []syrkTerm{{a, lda, b, lda}, {b, lda, a, lda}}
							BLAS{}.Dsyr2k(ul, tr, n, k, alpha, a, lda, b, lda, beta, got, ldc)
						} else {
							BLAS{}.Dsyrk(ul, tr, n, k, alpha, a, lda, beta, got, ldc)
						}
						syrkByGemm(ul, ta, n, k, alpha, terms, beta, want, ldc)
						for i := range got {
							if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
								t.Fatalf("n=%d k=%d ul=%c ta=%v alpha=%v beta=%v syr2k=%v: entry %d = %v, want %v",
									n, k, ul, ta, alpha, beta, two, i, got[i], want[i])
							}
						}
					}
				}
			}
		}
	}
}

// syrkByGemm is syrkTerms's definition: for each row block, the part of
// its triangle right (upper) or left (lower) of the diagonal block is one
// Gemm per term, with beta on the first and 1 after; the diagonal block
// is the same Gemms into a zeroed block, of which the triangle is copied
// back as beta·c + d (d for beta = 0; writeDiag, which TestSyrk checks
// against gonum).
func syrkByGemm(ul blas.Uplo, ta bool, n, k int, alpha float64, terms []syrkTerm, beta float64, c []float64, ldc int) {
	rows := func(m []float64, ld, i0 int) []float64 {
		if ta {
			return m[i0:]
		}
		return m[i0*ld:]
	}
	for i0 := 0; i0 < n; i0 += syrkBlock {
		i1 := min(n, i0+syrkBlock)
		nb := i1 - i0
		j0, j1 := i1, n
		if ul == blas.Lower {
			j0, j1 = 0, i0
		}
		d := make([]float64, nb*nb)
		for ti, t := range terms {
			bt := 1.0
			if ti == 0 {
				bt = beta
			}
			if j1 > j0 {
				Gemm(ta, !ta, nb, j1-j0, k, alpha, rows(t.x, t.ldx, i0), t.ldx, rows(t.y, t.ldy, j0), t.ldy, bt, c[i0*ldc+j0:], ldc)
			}
			Gemm(ta, !ta, nb, nb, k, alpha, rows(t.x, t.ldx, i0), t.ldx, rows(t.y, t.ldy, i0), t.ldy, 1, d, nb)
		}
		writeDiag(ul, beta, d, nb, c[i0*ldc+i0:], ldc)
	}
}
