//go:build js && wasm

package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"nnlrs/core/gemm"
)

// TestGemvT: the SIMD128 y = alpha Aᵀ x + beta y gives the bits of gonum's
// Dgemv on widths n around the groups of columns (8, 2, 1), unit and
// wider increments, beta = 0 (y not read: NaNs there), 1 and other,
// row strides past n and slices starting at odd entries; the entries of
// y between its strides keep their bits (and, with beta = 0 at unit
// stride, are cleared past n as gonum clears them). Through gemm.BLAS's
// Dgemv, which hands the products over from gemvKernel entries, the same.
func TestGemvT(t *testing.T) {
	simdOrSkip(t)
	defer gemm.UseGemvT(gemvTSIMD)
	rng := rand.New(rand.NewPCG(9, 2))
	for _, m := range []int{1, 2, 5, 40} {
		for _, n := range []int{1, 2, 3, 7, 8, 9, 10, 17, 33} {
			for _, c := range []struct {
				incX, incY, pad, off int
				alpha, beta          float64
			}{{1, 1, 0, 0, 1, 0}, {1, 1, 1, 1, -0.7, 1}, {2, 3, 3, 0, 1.3, 0.5}, {3, 1, 0, 1, 1, 0}, {1, 2, 2, 1, -1, 0}} {
				lda := n + c.pad
				a := make([]float64, c.off+(m-1)*lda+n)
				for i := range a {
					a[i] = rng.NormFloat64()
				}
				x := make([]float64, c.off+(m-1)*c.incX+1)
				for i := range x {
					x[i] = rng.NormFloat64()
				}
				y := make([]float64, c.off+(n-1)*c.incY+1+2)
				for i := range y {
					y[i] = rng.NormFloat64()
					if c.beta == 0 && i >= c.off && (i-c.off)%c.incY == 0 {
						y[i] = math.NaN()
					}
				}
				for _, via := range []string{"kernel", "BLAS"} {
					got, want := append([]float64(nil), y...), append([]float64(nil), y...)
					if via == "kernel" {
						gemvTSIMD(m, n, c.alpha, a[c.off:], lda, x[c.off:], c.incX, c.beta, got[c.off:], c.incY)
					} else {
						gemm.UseGemvT(gemvTSIMD)
						gemm.BLAS{}.Dgemv(blas.Trans, m, n, c.alpha, a[c.off:], lda, x[c.off:], c.incX, c.beta, got[c.off:], c.incY)
					}
					gonum.Implementation{}.Dgemv(blas.Trans, m, n, c.alpha, a[c.off:], lda, x[c.off:], c.incX, c.beta, want[c.off:], c.incY)
					for i := range got {
						if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
							t.Fatalf("%s m=%d n=%d %+v: y[%d] = %v through SIMD128, %v through gonum", via, m, n, c, i-c.off, got[i], want[i])
						}
					}
				}
			}
		}
	}
}
