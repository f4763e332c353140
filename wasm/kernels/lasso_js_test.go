//go:build js && wasm

package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/lasso"
)

// lassoSizes are lengths around the quadruples of entries.
var lassoSizes = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 31, 32, 33, 34, 35, 1024}

// TestDot4: the SIMD128 dot product gives the bits of core/lasso's Go loop
// on lengths around the quadruples, slices starting at odd entries
// (addresses not 16-byte aligned) and a y longer than x (NaNs past x's
// length, which it must not read); and it is within 2n·u·Σ|x_i y_i| (u
// the unit roundoff) of the sum in float64 taken in order, each of the
// two within n·u·Σ|x_i y_i| of the exact value.
func TestDot4(t *testing.T) {
	simdOrSkip(t)
	goDot := lasso.GoKernels().Dot
	rng := rand.New(rand.NewPCG(3, 11))
	for _, n := range lassoSizes {
		for _, off := range []int{0, 1} {
			x, y := normals(rng, off, n), normals(rng, off, n)
			xs, ys := x[off:off+n], y[off:off+n+1] // y's last entry a NaN
			got, want := dot4SIMD(xs, ys), goDot(xs, ys)
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("n = %d, offset %d: %v through SIMD128, %v through Go", n, off, got, want)
			}
			var plain, abs float64
			for i := range xs {
				plain += xs[i] * ys[i]
				abs += math.Abs(xs[i] * ys[i])
			}
			if bound := 2 * float64(n) * 0x1p-53 * abs; math.Abs(got-plain) > bound {
				t.Fatalf("n = %d: %v against the plain sum %v, beyond %v", n, got, plain, bound)
			}
		}
	}
}

// TestAxpy: the SIMD128 update gives the bits of core/lasso's Go loop on
// lengths around the pairs, odd starts and a y longer than x, whose
// entries past x's length it leaves alone.
func TestAxpy(t *testing.T) {
	simdOrSkip(t)
	goAxpy := lasso.GoKernels().Axpy
	rng := rand.New(rand.NewPCG(4, 12))
	for _, n := range lassoSizes {
		for _, off := range []int{0, 1} {
			a := rng.NormFloat64()
			x := normals(rng, off, n)
			gy, wy := twin(rng, off, n)
			goAxpy(a, x[off:off+n], wy[off:])
			axpySIMD(a, x[off:off+n], gy[off:])
			sameBits(t, "y", gy, wy)
		}
	}
}

// TestRobustKernels: the l1-graph's codes (lasso.Robust, the coordinate
// descent and its polishing) on the SIMD128 kernels are those of the Go
// loops, bit for bit, on random data with more dimensions than samples.
func TestRobustKernels(t *testing.T) {
	simdOrSkip(t)
	defer UseGo()
	rng := rand.New(rand.NewPCG(6, 13))
	const d, n = 67, 30
	x := mat.NewDense(d, n, nil)
	for j := 0; j < n; j++ {
		var s float64
		for i := 0; i < d; i++ {
			v := rng.NormFloat64() + float64(j%3)
			x.Set(i, j, v)
			s += v * v
		}
		for i := 0; i < d; i++ {
			x.Set(i, j, x.At(i, j)/math.Sqrt(s))
		}
	}
	solve := func() *lasso.Result {
		r, err := lasso.Robust(t.Context(), x, 0.05, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	simd := solve()
	UseGo()
	plain := solve()
	sameBits(t, "Z", simd.Z.RawMatrix().Data, plain.Z.RawMatrix().Data)
	sameBits(t, "E", simd.E.RawMatrix().Data, plain.E.RawMatrix().Data)
	if nnz := countNonzero(simd.Z.RawMatrix().Data); nnz == 0 || nnz == n*n-n {
		t.Fatalf("the codes have %d non-zeros of %d: not a sparse problem", nnz, n*n-n)
	}
}

func countNonzero(s []float64) int {
	k := 0
	for _, v := range s {
		if v != 0 {
			k++
		}
	}
	return k
}
