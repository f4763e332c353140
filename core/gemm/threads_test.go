package gemm

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// The products large enough to be shared out over the cores give the
// reference BLAS's result (to rounding) and the same bits at 1, 2, 3 and
// 4 threads: every entry of C is one goroutine's sum over the k-panels in
// order. The sizes cross the blocks and micro-panels unevenly, with few
// row blocks (parts of the columns) and many.
func TestGemmThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	fill := func(n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
		}
		return s
	}
	tr := func(f bool) blas.Transpose {
		if f {
			return blas.Trans
		}
		return blas.NoTrans
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, sz := range [][3]int{{97, 130, 101}, {301, 67, 263}, {61, 2100, 100}, {5, 3000, 300}, {700, 700, 40}} {
		m, n, k := sz[0], sz[1], sz[2]
		if m*n*k < gemmParallel {
			t.Fatalf("%v is below the parallel size", sz)
		}
		for _, tc := range []struct{ ta, tb bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			ar, ac, br, bc := m, k, k, n
			if tc.ta {
				ar, ac = k, m
			}
			if tc.tb {
				br, bc = n, k
			}
			a, b, c0 := fill(ar*ac), fill(br*bc), fill(m*n)
			want := slices.Clone(c0)
			gonum.Implementation{}.Dgemm(tr(tc.ta), tr(tc.tb), m, n, k, 1.5, a, ac, b, bc, 0.5, want, n)
			var first []float64
			for _, procs := range []int{1, 2, 3, 4} {
				runtime.GOMAXPROCS(procs)
				c := slices.Clone(c0)
				Gemm(tc.ta, tc.tb, m, n, k, 1.5, a, ac, b, bc, 0.5, c, n)
				for i := range c {
					if math.Abs(c[i]-want[i]) > 1e-13*float64(k)*(1+math.Abs(want[i])) {
						t.Fatalf("%v %+v, %d threads: entry %d = %v, want %v", sz, tc, procs, i, c[i], want[i])
					}
				}
				if first == nil {
					first = c
				} else if !slices.Equal(c, first) {
					t.Errorf("%v %+v: %d threads differ from 1 thread", sz, tc, procs)
				}
			}
		}
	}
	// Dsyrk and Dsyr2k share out their block rows.
	n, k := 300, 120
	a, b := fill(n*k), fill(n*k)
	for _, two := range []bool{false, true} {
		var first []float64
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			c, want := make([]float64, n*n), make([]float64, n*n)
			if two {
				BLAS{}.Dsyr2k(blas.Upper, blas.NoTrans, n, k, 1, a, k, b, k, 0, c, n)
				gonum.Implementation{}.Dsyr2k(blas.Upper, blas.NoTrans, n, k, 1, a, k, b, k, 0, want, n)
			} else {
				BLAS{}.Dsyrk(blas.Lower, blas.Trans, n, k, 1, a, n, 0, c, n)
				gonum.Implementation{}.Dsyrk(blas.Lower, blas.Trans, n, k, 1, a, n, 0, want, n)
			}
			for i := range c {
				if math.Abs(c[i]-want[i]) > 1e-13*float64(k)*(1+math.Abs(want[i])) {
					t.Fatalf("syr2k %v, %d threads: entry %d = %v, want %v", two, procs, i, c[i], want[i])
				}
			}
			if first == nil {
				first = c
			} else if !slices.Equal(c, first) {
				t.Errorf("syr2k %v: %d threads differ from 1 thread", two, procs)
			}
		}
	}
}
