//go:build wasm

package gemm

// The micro-kernel shape in WebAssembly: 3×4. Go's WebAssembly backend
// has 16 float registers (kept in the engine's locals, the rest spilled
// to the Go stack in linear memory): 12 sums, 3 entries of A and one of B
// fill them exactly, where 4×4 needs 21 and spills (docs/BENCH.md
// compares the shapes under Node).
const (
	gemmMR = 3
	gemmNR = 4
)

// microKernel adds the product of a 3×kc micro-panel of A (packed column
// by column) and a kc×4 micro-panel of B (packed row by row) to the 3×4
// block of c at row stride ldc, keeping the 12 sums in locals. The
// entries of B are loaded one at a time, which leaves the engine fewer
// live values than loading a whole row. The loop over kc is unrolled four
// times: a trip of a Go loop in WebAssembly pays the loop's slice checks
// and reslicing, about as much as a step's 24 flops, and the unrolled
// steps pay them once (docs/BENCH.md measures it under Node).
func microKernel(a, b []float64, kc int, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 float64
	var c20, c21, c22, c23 float64
	a = a[:kc*3]
	b = b[:kc*4]
	for len(a) >= 12 && len(b) >= 16 {
		a0, a1, a2 := a[0], a[1], a[2]
		bj := b[0]
		c00 += a0 * bj
		c10 += a1 * bj
		c20 += a2 * bj
		bj = b[1]
		c01 += a0 * bj
		c11 += a1 * bj
		c21 += a2 * bj
		bj = b[2]
		c02 += a0 * bj
		c12 += a1 * bj
		c22 += a2 * bj
		bj = b[3]
		c03 += a0 * bj
		c13 += a1 * bj
		c23 += a2 * bj
		a0, a1, a2 = a[3], a[4], a[5]
		bj = b[4]
		c00 += a0 * bj
		c10 += a1 * bj
		c20 += a2 * bj
		bj = b[5]
		c01 += a0 * bj
		c11 += a1 * bj
		c21 += a2 * bj
		bj = b[6]
		c02 += a0 * bj
		c12 += a1 * bj
		c22 += a2 * bj
		bj = b[7]
		c03 += a0 * bj
		c13 += a1 * bj
		c23 += a2 * bj
		a0, a1, a2 = a[6], a[7], a[8]
		bj = b[8]
		c00 += a0 * bj
		c10 += a1 * bj
		c20 += a2 * bj
		bj = b[9]
		c01 += a0 * bj
		c11 += a1 * bj
		c21 += a2 * bj
		bj = b[10]
		c02 += a0 * bj
		c12 += a1 * bj
		c22 += a2 * bj
		bj = b[11]
		c03 += a0 * bj
		c13 += a1 * bj
		c23 += a2 * bj
		a0, a1, a2 = a[9], a[10], a[11]
		bj = b[12]
		c00 += a0 * bj
		c10 += a1 * bj
		c20 += a2 * bj
		bj = b[13]
		c01 += a0 * bj
		c11 += a1 * bj
		c21 += a2 * bj
		bj = b[14]
		c02 += a0 * bj
		c12 += a1 * bj
		c22 += a2 * bj
		bj = b[15]
		c03 += a0 * bj
		c13 += a1 * bj
		c23 += a2 * bj
		a = a[12:]
		b = b[16:]
	}
	for len(a) >= 3 && len(b) >= 4 {
		a0, a1, a2 := a[0], a[1], a[2]
		bj := b[0]
		c00 += a0 * bj
		c10 += a1 * bj
		c20 += a2 * bj
		bj = b[1]
		c01 += a0 * bj
		c11 += a1 * bj
		c21 += a2 * bj
		bj = b[2]
		c02 += a0 * bj
		c12 += a1 * bj
		c22 += a2 * bj
		bj = b[3]
		c03 += a0 * bj
		c13 += a1 * bj
		c23 += a2 * bj
		a = a[3:]
		b = b[4:]
	}
	r0 := c[0:4:4]
	r0[0] += c00
	r0[1] += c01
	r0[2] += c02
	r0[3] += c03
	r1 := c[ldc : ldc+4 : ldc+4]
	r1[0] += c10
	r1[1] += c11
	r1[2] += c12
	r1[3] += c13
	r2 := c[2*ldc : 2*ldc+4 : 2*ldc+4]
	r2[0] += c20
	r2[1] += c21
	r2[2] += c22
	r2[3] += c23
}

// hasPair is false: no kernel for two tiles at once on this target.
const hasPair = false

// microKernelPair is microKernel on each of two stacked tiles (not
// called: hasPair is false).
func microKernelPair(a, b []float64, kc int, c []float64, ldc int) {
	microKernel(a[:gemmMR*kc], b, kc, c, ldc)
	microKernel(a[gemmMR*kc:], b, kc, c[gemmMR*ldc:], ldc)
}
