//go:build amd64 && !noasm

package gemm

import "golang.org/x/sys/cpu"

// The micro-kernel shape on amd64: 6×8, in assembly with AVX2 and fused
// multiply-add (kernel_amd64.s), the shape of BLIS's Haswell kernel: 12
// accumulators of 4 float64 each, two registers for a row of B and two
// for the broadcast entries of A fill the 16 vector registers.
// Processors without AVX2 and FMA run the same shape in Go
// (microKernelGeneric); `-tags noasm` builds the pure-Go 2×2 kernel of
// kernel_other.go.
const (
	gemmMR = 6
	gemmNR = 8
)

// hasFMA reports whether the processor runs kernel6x8: AVX2 and FMA, and
// an operating system that saves the vector registers (cpu checks OSXSAVE).
var hasFMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// kernel6x8 adds the product of the 6×kc micro-panel at a (packed column
// by column) and the kc×8 micro-panel at b (packed row by row) to the
// 6×8 block at c, row stride ldc. kc ≥ 1.
//
//go:noescape
func kernel6x8(kc int, a, b, c *float64, ldc int)

// microKernel adds the product of a 6×kc micro-panel of A and a kc×8
// micro-panel of B to the 6×8 block of c at row stride ldc.
func microKernel(a, b []float64, kc int, c []float64, ldc int) {
	if kc == 0 {
		return
	}
	a = a[:gemmMR*kc]
	b = b[:gemmNR*kc]
	_ = c[(gemmMR-1)*ldc+gemmNR-1] // the block lies within c
	if hasFMA {
		kernel6x8(kc, &a[0], &b[0], &c[0], ldc)
		return
	}
	microKernelGeneric(a, b, kc, c, ldc)
}

// hasPair reports whether the processor runs kernel12x8, two 6×8 tiles
// at once in AVX-512 (the vector registers of 8 float64 that AVX-512F
// adds, checked to be saved by the system).
var hasPair = hasFMA && cpu.X86.HasAVX512F

// kernel12x8 is kernel6x8 on the rows of two consecutive packed
// micro-panels of A (a: 12·kc entries) and 12 rows of c: the same fused
// multiply-adds in the same order for every entry, 8 columns per
// instruction, so the same bits. kc ≥ 1.
//
//go:noescape
func kernel12x8(kc int, a, b, c *float64, ldc int)

// microKernelPair adds the products of the two consecutive 6×kc
// micro-panels at a and the kc×8 micro-panel at b to the 12×8 block of
// c at row stride ldc: kernel12x8, or microKernel on each.
func microKernelPair(a, b []float64, kc int, c []float64, ldc int) {
	if !hasPair || kc == 0 {
		microKernel(a[:gemmMR*kc], b, kc, c, ldc)
		microKernel(a[gemmMR*kc:], b, kc, c[gemmMR*ldc:], ldc)
		return
	}
	a = a[:2*gemmMR*kc]
	b = b[:gemmNR*kc]
	_ = c[(2*gemmMR-1)*ldc+gemmNR-1] // the block lies within c
	kernel12x8(kc, &a[0], &b[0], &c[0], ldc)
}
