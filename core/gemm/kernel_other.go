//go:build !wasm && (!amd64 || noasm)

package gemm

// The micro-kernel shape natively: 2×2. With only 15 floating-point
// registers available to Go on amd64 and no fused multiply-add in the
// default GOAMD64=v1, larger tiles spill their sums to the stack every
// iteration: of 4×4, 4×2, 2×4, 3×4, 2×3 and 2×2, 2×2 unrolled twice in k
// is the fastest (docs/BENCH.md).
const (
	gemmMR = 2
	gemmNR = 2
)

// microKernel adds the product of a 2×kc micro-panel of A (packed column
// by column) and a kc×2 micro-panel of B (packed row by row) to the 2×2
// block of c at row stride ldc, keeping the 4 sums in registers.
func microKernel(a, b []float64, kc int, c []float64, ldc int) {
	var c00, c01, c10, c11 float64
	a = a[:2*kc]
	b = b[:2*kc]
	q := 0
	for ; q+1 < kc; q += 2 {
		aq := a[2*q : 2*q+4 : 2*q+4]
		bq := b[2*q : 2*q+4 : 2*q+4]
		a0, a1 := aq[0], aq[1]
		b0, b1 := bq[0], bq[1]
		c00 += a0 * b0
		c10 += a1 * b0
		c01 += a0 * b1
		c11 += a1 * b1
		a0, a1 = aq[2], aq[3]
		b0, b1 = bq[2], bq[3]
		c00 += a0 * b0
		c10 += a1 * b0
		c01 += a0 * b1
		c11 += a1 * b1
	}
	if q < kc {
		a0, a1 := a[2*q], a[2*q+1]
		b0, b1 := b[2*q], b[2*q+1]
		c00 += a0 * b0
		c10 += a1 * b0
		c01 += a0 * b1
		c11 += a1 * b1
	}
	r0 := c[0:2:2]
	r0[0] += c00
	r0[1] += c01
	r1 := c[ldc : ldc+2 : ldc+2]
	r1[0] += c10
	r1[1] += c11
}

// hasPair is false: no kernel for two tiles at once on this target.
const hasPair = false

// microKernelPair is microKernel on each of two stacked tiles (not
// called: hasPair is false).
func microKernelPair(a, b []float64, kc int, c []float64, ldc int) {
	microKernel(a[:gemmMR*kc], b, kc, c, ldc)
	microKernel(a[gemmMR*kc:], b, kc, c[gemmMR*ldc:], ldc)
}
