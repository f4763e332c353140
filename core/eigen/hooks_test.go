package eigen

import (
	"math"
	"sync/atomic"
	"testing"
)

// TestUseKernels: with kernels that count their calls and run the Go
// loops, the decomposition gives the bits it gives without, at orders
// that take the unblocked and the blocked reduction; at each, every
// kernel the reduction has is called.
func TestUseKernels(t *testing.T) {
	defer UseKernels(Kernels{})
	g := GoKernels()
	var symv, dot2s, trans atomic.Int64
	counting := Kernels{
		SymvRows: func(n int, a []float64, lda int, x, y []float64) {
			symv.Add(1)
			g.SymvRows(n, a, lda, x, y)
		},
		SubDot2Rows: func(rows, m int, x1 []float64, ld1 int, y1, x2 []float64, ld2 int, y2, out []float64, ldo int) {
			dot2s.Add(1)
			g.SubDot2Rows(rows, m, x1, ld1, y1, x2, ld2, y2, out, ldo)
		},
		Transposed: func(v, a []float64, lda int, w []float64, ldw, i, k0, k1 int, tW, tA []float64) {
			trans.Add(1)
			g.Transposed(v, a, lda, w, ldw, i, k0, k1, tW, tA)
		},
	}
	for _, n := range []int{7, 64, 97, 150} {
		a := kernelMatrix(n)
		var s [2]Sym
		symv.Store(0)
		dot2s.Store(0)
		trans.Store(0)
		for k, ker := range []Kernels{{}, counting} {
			UseKernels(ker)
			if !s[k].Factorize(a, true) {
				t.Fatalf("n=%d: Factorize failed", n)
			}
		}
		v0, v1 := s[0].Values(nil), s[1].Values(nil)
		for i := range v0 {
			if math.Float64bits(v0[i]) != math.Float64bits(v1[i]) {
				t.Fatalf("n=%d: λ_%d = %v with kernels, %v without", n, i, v1[i], v0[i])
			}
		}
		e0, e1 := s[0].Vectors().RawMatrix().Data, s[1].Vectors().RawMatrix().Data
		for i := range e0 {
			if math.Float64bits(e0[i]) != math.Float64bits(e1[i]) {
				t.Fatalf("n=%d: vectors differ at %d", n, i)
			}
		}
		if symv.Load() == 0 || (n > sytrdCross && (dot2s.Load() == 0 || trans.Load() == 0)) {
			t.Fatalf("n=%d: kernels called %d (symv), %d (dot2), %d (transposed) times", n, symv.Load(), dot2s.Load(), trans.Load())
		}
	}
}
