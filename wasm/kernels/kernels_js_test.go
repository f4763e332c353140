//go:build js && wasm

package kernels

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"nnlrs/core/gemm"
)

// TestInstall: under tools/wasmexec the SIMD128 kernels load, and with
// NNLRS_KERNELS=off (an engine that refuses SIMD128) the pure-Go ones run.
// Under Go's go_js_wasm_exec, which loads no kernels, it is skipped.
func TestInstall(t *testing.T) {
	defer gemm.UseTiles(nil)
	path := Install()
	switch {
	case os.Getenv("NNLRS_KERNELS") == "off":
		if path != PathGo {
			t.Fatalf("kernels refused, yet Install runs %q", path)
		}
	case path != PathSIMD:
		t.Skip("no kernels loaded: run under tools/wasmexec (make test-wasm)")
	}
}

// TestGemmTiles: Gemm through the SIMD128 kernel gives the bits of Gemm
// through the Go micro-kernel (the same multiplies and adds in the same
// order), on sizes around the tile, the block and the panel, transposed
// or not; and both agree with the plain triple loop within rounding.
func TestGemmTiles(t *testing.T) {
	defer gemm.UseTiles(nil)
	if Install() != PathSIMD {
		t.Skip("no SIMD128 kernels here (NNLRS_KERNELS=off, or not under tools/wasmexec)")
	}
	rng := rand.New(rand.NewPCG(3, 9))
	fill := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
		}
		return s
	}
	sizes := []int{1, 2, 3, 4, 5, 13, 64, 67}
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range []int{1, 3, 256, 261} {
				for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}} {
					lda, ldb, ldc := max(m, k)+1, max(n, k)+3, n+2
					a, b, c := fill(max(m, k)*lda), fill(max(n, k)*ldb), fill(m*ldc)
					c0 := append([]float64(nil), c...)
					want := append([]float64(nil), c...)
					gemm.UseTiles(nil)
					gemm.Gemm(tr[0], tr[1], m, n, k, 1.5, a, lda, b, ldb, 0.5, want, ldc)
					gemm.UseTiles(tiles)
					gemm.Gemm(tr[0], tr[1], m, n, k, 1.5, a, lda, b, ldb, 0.5, c, ldc)
					for i := 0; i < m; i++ {
						for j := 0; j < ldc; j++ {
							got, w := c[i*ldc+j], want[i*ldc+j]
							if math.Float64bits(got) != math.Float64bits(w) {
								t.Fatalf("%d×%d×%d %v: C[%d,%d] = %v through SIMD128, %v through Go", m, n, k, tr, i, j, got, w)
							}
							if j >= n {
								if got != c0[i*ldc+j] {
									t.Fatalf("%d×%d×%d: C[%d,%d] past the row written", m, n, k, i, j)
								}
								continue
							}
							var s, abs float64
							for q := 0; q < k; q++ {
								x := a[i*lda+q]
								if tr[0] {
									x = a[q*lda+i]
								}
								y := b[q*ldb+j]
								if tr[1] {
									y = b[j*ldb+q]
								}
								s += x * y
								abs += math.Abs(x * y)
							}
							ref := 1.5*s + 0.5*c0[i*ldc+j]
							if bound := 4 * float64(k+2) * 0x1p-53 * (1.5*abs + 0.5*math.Abs(c0[i*ldc+j])); math.Abs(got-ref) > bound {
								t.Fatalf("%d×%d×%d: C[%d,%d] = %v, the triple loop %v (bound %.3g)", m, n, k, i, j, got, ref, bound)
							}
						}
					}
				}
			}
		}
	}
}

// BenchmarkGemm times a square product through each path (GFLOP/s as
// flop/ns: 2n³ flops a product).
func BenchmarkGemm(b *testing.B) {
	defer gemm.UseTiles(nil)
	simd := Install() == PathSIMD
	for _, n := range []int{96, 384} {
		x := make([]float64, n*n)
		for i := range x {
			x[i] = float64(i%7) - 3
		}
		c := make([]float64, n*n)
		for _, p := range []struct {
			name string
			t    gemm.Tiles
		}{{PathGo, nil}, {PathSIMD, tiles}} {
			if p.t != nil && !simd {
				continue
			}
			b.Run(p.name+"/"+strconv.Itoa(n), func(b *testing.B) {
				gemm.UseTiles(p.t)
				for b.Loop() {
					gemm.Gemm(false, false, n, n, n, 1, x, n, x, n, 0, c, n)
				}
				b.ReportMetric(2*float64(n*n*n)*float64(b.N)/float64(b.Elapsed().Nanoseconds()), "GFLOP/s")
			})
		}
	}
}
