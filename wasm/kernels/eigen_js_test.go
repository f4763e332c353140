//go:build js && wasm

package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
)

// simdOrSkip installs the kernels and skips the test where they did not
// load.
func simdOrSkip(t *testing.T) {
	t.Helper()
	if Install() != PathSIMD {
		t.Skip("no SIMD128 kernels here (NNLRS_KERNELS=off, or not under tools/wasmexec)")
	}
}

// TestSymvRows: the SIMD128 symv gives the bits of core/eigen's Go loop
// (the same products and sums in the same order) on every order around
// the groups of 4 rows and the pairs of columns, row strides past n, and
// slices starting at odd entries (addresses not 16-byte aligned); it
// reads no entry above the diagonal or past a row (NaNs there), writes
// none past y_n, and agrees with the plain sum: each of the two is within
// γ_{n+1} Σ_j |a_ij x_j| of y_i (n products, n additions), so they are
// within twice that of each other.
func TestSymvRows(t *testing.T) {
	simdOrSkip(t)
	defer eigen.UseKernels(eigen.Kernels{})
	goSymv := eigen.GoKernels().SymvRows
	rng := rand.New(rand.NewPCG(7, 4))
	var sizes []int
	for n := 0; n <= 13; n++ {
		sizes = append(sizes, n)
	}
	sizes = append(sizes, 31, 32, 33, 34, 35, 64, 67, 130)
	for _, n := range sizes {
		for _, pad := range []int{0, 1, 3} {
			for _, off := range []int{0, 1} {
				lda := n + pad
				a := make([]float64, off+n*lda+1)
				for i := range a {
					a[i] = math.NaN()
				}
				for i := 0; i < n; i++ {
					for j := 0; j <= i; j++ {
						a[off+i*lda+j] = rng.NormFloat64()
					}
				}
				x := make([]float64, off+n)
				for i := range x {
					x[i] = rng.NormFloat64()
				}
				got, want := make([]float64, off+n+1), make([]float64, off+n+1)
				for i := range got {
					got[i] = rng.NormFloat64() // overwritten up to y_n
				}
				copy(want, got)
				symvRowsSIMD(n, a[off:], lda, x[off:], got[off:])
				goSymv(n, a[off:], lda, x[off:], want[off:])
				for i := range got {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("n=%d lda=%d off=%d: y[%d] = %v through SIMD128, %v through Go", n, lda, off, i-off, got[i], want[i])
					}
				}
				for i := 0; i < n; i++ {
					var s, abs float64
					for j := 0; j < n; j++ {
						aij := a[off+max(i, j)*lda+min(i, j)]
						s += aij * x[off+j]
						abs += math.Abs(aij * x[off+j])
					}
					if bound := float64(n+1) * 0x1p-53 * 1.01 * abs * 2; math.Abs(got[off+i]-s) > bound {
						t.Fatalf("n=%d: y[%d] = %v, the plain sum %v (bound %.3g)", n, i, got[off+i], s, bound)
					}
				}
			}
		}
	}
}

// symMatrix returns a random symmetric n×n matrix, a Gram matrix as the
// solvers' singular value thresholding decomposes (core/prox).
func symMatrix(n int, seed uint64) *mat.SymDense {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := mat.NewDense(n, n+3, nil)
	for i := range g.RawMatrix().Data {
		g.RawMatrix().Data[i] = rng.NormFloat64()
	}
	a := mat.NewSymDense(n, nil)
	a.SymOuterK(1, g)
	return a
}

// TestSymKernels: eigen.Sym's whole decomposition, values and vectors,
// has the same bits on core/eigen's SIMD128 kernels as on its Go loops,
// at orders below, at and above the reduction's blocked crossover (the
// panels of latrd, then sytd2) and off the groups of 4.
func TestSymKernels(t *testing.T) {
	simdOrSkip(t)
	defer eigen.UseKernels(eigen.Kernels{})
	for _, n := range []int{5, 63, 64, 65, 98, 131, 203} {
		a := symMatrix(n, uint64(n))
		var s [2]eigen.Sym
		for k, ker := range []eigen.Kernels{{}, eigenKernels} {
			eigen.UseKernels(ker)
			if !s[k].Factorize(a, true) {
				t.Fatalf("n=%d: Factorize failed", n)
			}
		}
		v0, v1 := s[0].Values(nil), s[1].Values(nil)
		for i := range v0 {
			if math.Float64bits(v0[i]) != math.Float64bits(v1[i]) {
				t.Fatalf("n=%d: λ_%d = %v on SIMD128, %v in Go", n, i, v1[i], v0[i])
			}
		}
		e0, e1 := s[0].Vectors().RawMatrix().Data, s[1].Vectors().RawMatrix().Data
		for i := range e0 {
			if math.Float64bits(e0[i]) != math.Float64bits(e1[i]) {
				t.Fatalf("n=%d: vectors differ at %d: %v on SIMD128, %v in Go", n, i, e1[i], e0[i])
			}
		}
	}
}

// BenchmarkSym times the decomposition of a 400×400 matrix, with vectors,
// on core/eigen's Go loops and on its SIMD128 kernels (the matrix
// multiply on gemm_tiles in both).
func BenchmarkSym(b *testing.B) {
	simd := Install() == PathSIMD
	defer eigen.UseKernels(eigen.Kernels{})
	a := symMatrix(400, 1)
	for _, p := range []struct {
		name string
		k    eigen.Kernels
	}{{PathGo, eigen.Kernels{}}, {PathSIMD, eigenKernels}} {
		if p.name == PathSIMD && !simd {
			continue
		}
		b.Run(p.name+"/400", func(b *testing.B) {
			eigen.UseKernels(p.k)
			var s eigen.Sym
			for b.Loop() {
				s.Factorize(a, true)
			}
		})
	}
}

// BenchmarkSymv times one symv of order 400 through each kernel
// (GFLOP/s as flop/ns: 2n² flops).
func BenchmarkSymv(b *testing.B) {
	simd := Install() == PathSIMD
	const n = 400
	a, x, y := make([]float64, n*n), make([]float64, n), make([]float64, n)
	for i := range a {
		a[i] = float64(i%7) - 3
	}
	for i := range x {
		x[i] = float64(i%5) - 2
	}
	for _, p := range []struct {
		name string
		f    func(int, []float64, int, []float64, []float64)
	}{{PathGo, eigen.GoKernels().SymvRows}, {PathSIMD, symvRowsSIMD}} {
		if p.name == PathSIMD && !simd {
			continue
		}
		b.Run(p.name+"/400", func(b *testing.B) {
			for b.Loop() {
				p.f(n, a, n, x, y)
			}
			b.ReportMetric(2*n*n*float64(b.N)/float64(b.Elapsed().Nanoseconds()), "GFLOP/s")
		})
	}
}

// TestSubDot2Rows: the SIMD128 rows of dot2 give the bits of core/eigen's
// Go loop on lengths around the pairs of columns (even, odd, zero), row
// strides past the length, output strides of 1 and more, and slices
// starting at odd entries; no entry past a row's m is read (NaNs there),
// none of out between its strides is written, and each result agrees with
// the plain sum: each of the two is within γ_{2m+2} (|out| + Σ |x1 y1| +
// Σ |x2 y2|) of the exact value (2m products, 2m+1 additions), so they
// are within twice that of each other.
func TestSubDot2Rows(t *testing.T) {
	simdOrSkip(t)
	goRows := eigen.GoKernels().SubDot2Rows
	rng := rand.New(rand.NewPCG(2, 8))
	fill := func(n int, nan bool) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = rng.NormFloat64()
			if nan {
				s[i] = math.NaN()
			}
		}
		return s
	}
	for _, m := range []int{0, 1, 2, 3, 4, 5, 6, 7, 31, 32, 33} {
		for _, rows := range []int{0, 1, 2, 3, 17} {
			for _, c := range []struct{ pad1, pad2, ldo, off int }{{0, 0, 1, 0}, {1, 3, 1, 1}, {2, 1, 5, 1}, {5, 0, 3, 0}} {
				ld1, ld2 := m+c.pad1, m+c.pad2
				x1, x2 := fill(c.off+rows*ld1+1, true), fill(c.off+rows*ld2+1, true)
				for k := 0; k < rows; k++ {
					copy(x1[c.off+k*ld1:c.off+k*ld1+m], fill(m, false))
					copy(x2[c.off+k*ld2:c.off+k*ld2+m], fill(m, false))
				}
				y1, y2 := fill(c.off+m, false), fill(c.off+m, false)
				got := fill(c.off+rows*c.ldo+1, false)
				want := append([]float64(nil), got...)
				o := append([]float64(nil), got...)
				subDot2RowsSIMD(rows, m, x1[c.off:], ld1, y1[c.off:], x2[c.off:], ld2, y2[c.off:], got[c.off:], c.ldo)
				goRows(rows, m, x1[c.off:], ld1, y1[c.off:], x2[c.off:], ld2, y2[c.off:], want[c.off:], c.ldo)
				for i := range got {
					if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
						t.Fatalf("m=%d rows=%d %+v: out[%d] = %v through SIMD128, %v through Go", m, rows, c, i-c.off, got[i], want[i])
					}
					if k := i - c.off; k < 0 || k%c.ldo != 0 || k/c.ldo >= rows {
						if got[i] != o[i] {
							t.Fatalf("m=%d rows=%d %+v: out[%d] written", m, rows, c, k)
						}
					}
				}
				for k := 0; k < rows; k++ {
					ref, abs := o[c.off+k*c.ldo], math.Abs(o[c.off+k*c.ldo])
					for j := 0; j < m; j++ {
						p, q := x1[c.off+k*ld1+j]*y1[c.off+j], x2[c.off+k*ld2+j]*y2[c.off+j]
						ref -= p + q
						abs += math.Abs(p) + math.Abs(q)
					}
					if g := got[c.off+k*c.ldo]; math.Abs(g-ref) > float64(2*m+2)*0x1p-53*1.01*abs*2 {
						t.Fatalf("m=%d rows=%d: out[%d] = %v, the plain sum %v", m, rows, k*c.ldo, g, ref)
					}
				}
			}
		}
	}
}

// TestTransposed: the SIMD128 W₁ᵀv and V₁ᵀv give the bits of core/eigen's
// Go loop on widths i around the pairs of columns, even and odd counts
// of rows (the last alone), ranges starting past row 0, row strides past
// i and slices starting at odd entries; they read no entry past a row's
// i (NaNs there) and write none past tW's and tA's i.
func TestTransposed(t *testing.T) {
	simdOrSkip(t)
	goT := eigen.GoKernels().Transposed
	rng := rand.New(rand.NewPCG(5, 3))
	for _, i := range []int{0, 1, 2, 3, 5, 31, 32} {
		for _, k0 := range []int{0, 2} {
			for _, rows := range []int{0, 1, 2, 3, 7} {
				for _, c := range []struct{ padA, padW, off int }{{0, 0, 0}, {1, 3, 1}, {4, 1, 0}} {
					k1 := k0 + rows
					lda, ldw := i+c.padA, i+c.padW
					mat := func(ld int) []float64 {
						s := make([]float64, c.off+k1*ld+1)
						for r := range s {
							s[r] = math.NaN()
						}
						for r := 0; r < k1; r++ {
							for j := 0; j < i; j++ {
								s[c.off+r*ld+j] = rng.NormFloat64()
							}
						}
						return s
					}
					a, w := mat(lda), mat(ldw)
					v := make([]float64, c.off+k1)
					for r := range v {
						v[r] = rng.NormFloat64()
					}
					out := make([][]float64, 4)
					for r := range out {
						out[r] = make([]float64, c.off+i+2)
						for j := range out[r] {
							out[r][j] = float64(j) + 0.5
						}
					}
					e := c.off + i // tW and tA are i entries, the rest of out past them
					transposedSIMD(v[c.off:], a[c.off:], lda, w[c.off:], ldw, i, k0, k1, out[0][c.off:e], out[1][c.off:e])
					goT(v[c.off:], a[c.off:], lda, w[c.off:], ldw, i, k0, k1, out[2][c.off:e], out[3][c.off:e])
					for h := range 2 {
						for j := range out[h] {
							got, want := out[h][j], out[2+h][j]
							if math.Float64bits(got) != math.Float64bits(want) || math.IsNaN(got) {
								t.Fatalf("i=%d k0=%d rows=%d %+v: t%d[%d] = %v through SIMD128, %v through Go", i, k0, rows, c, h, j-c.off, got, want)
							}
						}
					}
				}
			}
		}
	}
}
