package gemm

import (
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/blas"
)

// TestUseTiles: with a Tiles that calls microKernel on each full tile,
// Gemm gives the bits it gives without (the edge tiles, the blocks'
// split and the panels' order are the same), on sizes around the tile,
// the block and the panel; every tile of every block is handed over once.
func TestUseTiles(t *testing.T) {
	defer UseTiles(nil)
	rng := rand.New(rand.NewPCG(5, 2))
	fill := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
		}
		return s
	}
	var handed atomic.Int64
	goTiles := func(a, b []float64, mt, nt, kc int, c []float64, ldc int) {
		for j := 0; j < nt; j++ {
			for i := 0; i < mt; i++ {
				microKernel(a[i*gemmMR*kc:(i+1)*gemmMR*kc], b[j*gemmNR*kc:(j+1)*gemmNR*kc], kc, c[i*gemmMR*ldc+j*gemmNR:], ldc)
				handed.Add(1)
			}
		}
	}
	sizes := []int{1, gemmMR, gemmNR + 1, 2*gemmMR*gemmNR + 1, gemmMC + gemmMR + 1}
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range []int{1, 5, gemmKC + 3} {
				for _, tr := range [][2]bool{{false, false}, {true, true}} {
					lda, ldb, ldc := max(m, k)+1, max(n, k)+2, n+1
					a, b, c := fill(max(m, k)*lda), fill(max(n, k)*ldb), fill(m*ldc)
					want := append([]float64(nil), c...)
					UseTiles(nil)
					Gemm(tr[0], tr[1], m, n, k, 0.5, a, lda, b, ldb, 1, want, ldc)
					UseTiles(goTiles)
					handed.Store(0)
					Gemm(tr[0], tr[1], m, n, k, 0.5, a, lda, b, ldb, 1, c, ldc)
					if m >= gemmMR && n >= gemmNR && handed.Load() == 0 {
						t.Fatalf("%d×%d×%d: no tile handed to Tiles", m, n, k)
					}
					for i := range c {
						if math.Float64bits(c[i]) != math.Float64bits(want[i]) {
							t.Fatalf("%d×%d×%d %v: c[%d] = %v with Tiles, %v without", m, n, k, tr, i, c[i], want[i])
						}
					}
				}
			}
		}
	}
}

// TestUsePackers: with packers that count their calls and run the Go
// loops, Gemm and the rank-k update (syrkTerms) give the bits they give
// without, transposed or not, on sizes around the micro-panels, the
// block and the panel; both packers are called wherever a full panel is.
func TestUsePackers(t *testing.T) {
	defer UsePackers(Packers{})
	rng := rand.New(rand.NewPCG(8, 1))
	fill := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
		}
		return s
	}
	g := GoPackers()
	var na, nb atomic.Int64
	counting := Packers{
		A: func(buf []float64, trans bool, a []float64, lda, kc, panels int, alpha float64) {
			na.Add(1)
			g.A(buf, trans, a, lda, kc, panels, alpha)
		},
		B: func(buf []float64, trans bool, b []float64, ldb, kc, panels int) {
			nb.Add(1)
			g.B(buf, trans, b, ldb, kc, panels)
		},
	}
	sizes := []int{1, gemmMR, gemmNR + 1, 2*gemmMR*gemmNR + 1, gemmMC + gemmMR + 1}
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range []int{1, 5, gemmKC + 3} {
				for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
					lda, ldb, ldc := max(m, k)+1, max(n, k)+2, n+1
					a, b, c := fill(max(m, k)*lda), fill(max(n, k)*ldb), fill(m*ldc)
					want := append([]float64(nil), c...)
					UsePackers(Packers{})
					Gemm(tr[0], tr[1], m, n, k, 0.5, a, lda, b, ldb, 1, want, ldc)
					UsePackers(counting)
					na.Store(0)
					nb.Store(0)
					Gemm(tr[0], tr[1], m, n, k, 0.5, a, lda, b, ldb, 1, c, ldc)
					if (m >= gemmMR && na.Load() == 0) || (n >= gemmNR && nb.Load() == 0) {
						t.Fatalf("%d×%d×%d %v: packers called %d (A), %d (B) times", m, n, k, tr, na.Load(), nb.Load())
					}
					for i := range c {
						if math.Float64bits(c[i]) != math.Float64bits(want[i]) {
							t.Fatalf("%d×%d×%d %v: c[%d] = %v with packers, %v without", m, n, k, tr, i, c[i], want[i])
						}
					}
				}
			}
		}
	}
	for _, n := range []int{5, 70, 130} {
		for _, k := range []int{3, 40, gemmKC + 1} {
			x, y := fill(n*k), fill(n*k)
			var out [2][]float64
			for p, pk := range []Packers{{}, counting} {
				UsePackers(pk)
				out[p] = make([]float64, n*n)
				BLAS{}.Dsyr2k(blas.Lower, blas.NoTrans, n, k, 1, x, k, y, k, 0, out[p], n)
			}
			for i := range out[0] {
				if math.Float64bits(out[0][i]) != math.Float64bits(out[1][i]) {
					t.Fatalf("Dsyr2k n=%d k=%d: c[%d] = %v with packers, %v without", n, k, i, out[1][i], out[0][i])
				}
			}
		}
	}
}
