//go:build js && wasm

package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"nnlrs/core/gemm"
)

// TestPack: the SIMD128 packers give the bits of core/gemm's Go loops on
// depths kc around the pairs the kernels take (odd and even) and the
// block, one or more panels, transposed or not, row strides past the
// panels and slices starting at odd entries; they read nothing outside
// the panels (NaNs there) and write nothing past them.
func TestPack(t *testing.T) {
	simdOrSkip(t)
	rng := rand.New(rand.NewPCG(4, 4))
	g := gemm.GoPackers()
	for _, kc := range []int{1, 2, 3, 4, 5, 16, 255, 256} {
		for _, panels := range []int{1, 2, 5} {
			for _, trans := range []bool{false, true} {
				for _, c := range []struct{ pad, off int }{{0, 0}, {1, 1}, {3, 0}} {
					for _, side := range []struct {
						name string
						mr   int
					}{{"A", gemmMR}, {"B", gemmNR}} {
						// The panels' source: rows × cols entries at
						// stride ld, NaN elsewhere.
						rows, cols := side.mr*panels, kc
						if (side.name == "A") == trans {
							rows, cols = kc, side.mr*panels
						}
						ld := cols + c.pad
						src := make([]float64, c.off+rows*ld+1)
						for i := range src {
							src[i] = math.NaN()
						}
						for i := 0; i < rows; i++ {
							for j := 0; j < cols; j++ {
								src[c.off+i*ld+j] = rng.NormFloat64()
							}
						}
						got := make([]float64, c.off+panels*kc*side.mr+3)
						for i := range got {
							got[i] = rng.NormFloat64()
						}
						want := append([]float64(nil), got...)
						const alpha = 0.7
						if side.name == "A" {
							packASIMD(got[c.off:], trans, src[c.off:], ld, kc, panels, alpha)
							g.A(want[c.off:], trans, src[c.off:], ld, kc, panels, alpha)
						} else {
							packBSIMD(got[c.off:], trans, src[c.off:], ld, kc, panels)
							g.B(want[c.off:], trans, src[c.off:], ld, kc, panels)
						}
						for i := range got {
							if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
								t.Fatalf("%s kc=%d panels=%d trans=%v %+v: buf[%d] = %v through SIMD128, %v through Go", side.name, kc, panels, trans, c, i-c.off, got[i], want[i])
							}
							if math.IsNaN(got[i]) {
								t.Fatalf("%s kc=%d panels=%d trans=%v: buf[%d] read outside the panels", side.name, kc, panels, trans, i-c.off)
							}
						}
					}
				}
			}
		}
	}
}

// TestGemmPackers: Gemm and the rank-2k update with the SIMD128 packers
// give the bits they give with the Go ones, transposed or not, on sizes
// around the micro-panels, the block and the panel.
func TestGemmPackers(t *testing.T) {
	simdOrSkip(t)
	defer gemm.UsePackers(packers)
	rng := rand.New(rand.NewPCG(6, 6))
	fill := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
		}
		return s
	}
	sizes := []int{2, 3, 4, 7, 64, 67}
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range []int{1, 5, 257} {
				for _, tr := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
					lda, ldb, ldc := max(m, k)+1, max(n, k)+3, n+2
					a, b, c := fill(max(m, k)*lda), fill(max(n, k)*ldb), fill(m*ldc)
					want := append([]float64(nil), c...)
					gemm.UsePackers(gemm.Packers{})
					gemm.Gemm(tr[0], tr[1], m, n, k, 1.5, a, lda, b, ldb, 0.5, want, ldc)
					gemm.UsePackers(packers)
					gemm.Gemm(tr[0], tr[1], m, n, k, 1.5, a, lda, b, ldb, 0.5, c, ldc)
					for i := range c {
						if math.Float64bits(c[i]) != math.Float64bits(want[i]) {
							t.Fatalf("%d×%d×%d %v: c[%d] = %v with SIMD128 packers, %v with Go", m, n, k, tr, i, c[i], want[i])
						}
					}
				}
			}
		}
	}
}

// BenchmarkPack times the packing of a 63×256 block of op(A) and a
// 256×512 panel of op(B), transposed or not, through the Go loops and
// the SIMD128 kernels.
func BenchmarkPack(b *testing.B) {
	simd := Install() == PathSIMD
	const kc, ld = 256, 600
	src := make([]float64, ld*ld)
	for i := range src {
		src[i] = float64(i%9) - 4
	}
	buf := make([]float64, 512*kc)
	g := gemm.GoPackers()
	for _, side := range []string{"A", "B"} {
		for _, trans := range []bool{false, true} {
			for _, p := range []struct {
				name string
				pk   gemm.Packers
			}{{PathGo, g}, {PathSIMD, packers}} {
				if p.name == PathSIMD && !simd {
					continue
				}
				name := side + "/N/" + p.name
				if trans {
					name = side + "/T/" + p.name
				}
				b.Run(name, func(b *testing.B) {
					for b.Loop() {
						if side == "A" {
							p.pk.A(buf, trans, src, ld, kc, 21, 0.5)
						} else {
							p.pk.B(buf, trans, src, ld, kc, 128)
						}
					}
				})
			}
		}
	}
}
