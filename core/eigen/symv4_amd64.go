//go:build amd64 && !noasm

package eigen

import "golang.org/x/sys/cpu"

// symvHasFMA reports whether the processor runs symv4FMA: AVX2 and
// fused multiply-add (cpu checks that the system saves the registers).
var symvHasFMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// symv4FMA is symv4Generic in AVX2 and FMA assembly (symv4_amd64.s), on
// four columns per instruction: the same operations, the same bits.
// k ≥ 4, a multiple of 4.
//
//go:noescape
func symv4FMA(k int, a *float64, lda int, x, y *float64, xi *[4]float64, p *[16]float64)

// symv4 is symv4Generic, in assembly where the processor allows.
func symv4(k int, a []float64, lda int, x, y []float64, xi *[4]float64, p *[16]float64) {
	if !symvHasFMA || k == 0 {
		symv4Generic(k, a, lda, x, y, xi, p)
		return
	}
	_ = a[3*lda+k-1] // the four rows lie within a
	_ = x[k-1]
	_ = y[k-1]
	symv4FMA(k, &a[0], lda, &x[0], &y[0], xi, p)
}
