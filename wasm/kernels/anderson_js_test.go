//go:build js && wasm

package kernels

import (
	"math"
	"math/rand/v2"
	"testing"

	"nnlrs/core/lowrank"
)

// andersonSizes are lengths around the pairs of entries.
var andersonSizes = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 31, 32, 33, 130}

// normals returns off NaNs, n normal draws, then a NaN: a kernel that
// reads or writes outside its n entries shows.
func normals(rng *rand.Rand, off, n int) []float64 {
	s := make([]float64, off+n+1)
	for i := range s {
		s[i] = math.NaN()
		if i >= off && i < off+n {
			s[i] = rng.NormFloat64()
		}
	}
	return s
}

// twin returns normals(rng, off, n) and a copy of it: the start of an
// output for each path.
func twin(rng *rand.Rand, off, n int) ([]float64, []float64) {
	s := normals(rng, off, n)
	return s, append([]float64(nil), s...)
}

// sameBits fails t unless got and want hold the same bits everywhere
// (NaNs outside the n entries included: nothing written there).
func sameBits(t *testing.T, what string, got, want []float64) {
	t.Helper()
	for i := range want {
		if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
			t.Fatalf("%s: [%d] = %v through SIMD128, %v through Go", what, i, got[i], want[i])
		}
	}
}

// TestMix4: the SIMD128 mix gives the bits of core/lowrank's Go loop on
// lengths around the pairs, slices starting at odd entries (addresses
// not 16-byte aligned), the first pass (ng, nf) with ng the same slice as
// d0, and a later pass in place (src = dst); it writes nothing past n.
func TestMix4(t *testing.T) {
	simdOrSkip(t)
	goMix := lowrank.GoKernels().Mix4
	rng := rand.New(rand.NewPCG(5, 9))
	for _, n := range andersonSizes {
		for _, off := range []int{0, 1} {
			g := [4]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), 0}
			var d [4][]float64
			for k := range d {
				d[k] = normals(rng, off, n)
			}
			src, dst := normals(rng, off, n), normals(rng, off, n)
			// The first pass, ng = d0 (a copy of it for each path).
			gd, wd := append([]float64(nil), dst...), append([]float64(nil), dst...)
			gng, wng := append([]float64(nil), d[0]...), append([]float64(nil), d[0]...)
			gnf, wnf := twin(rng, off, n)
			sl := func(s []float64) []float64 { return s[off : off+n] }
			mix4SIMD(sl(gd), sl(src), g, sl(gng), sl(d[1]), sl(d[2]), sl(d[3]), sl(gng), sl(gnf))
			goMix(sl(wd), sl(src), g, sl(wng), sl(d[1]), sl(d[2]), sl(d[3]), sl(wng), sl(wnf))
			sameBits(t, "first pass dst", gd, wd)
			sameBits(t, "first pass ng", gng, wng)
			sameBits(t, "first pass nf", gnf, wnf)
			// A later pass, in place.
			mix4SIMD(sl(gd), sl(gd), g, sl(d[3]), sl(d[2]), sl(d[1]), sl(d[0]), nil, nil)
			goMix(sl(wd), sl(wd), g, sl(d[3]), sl(d[2]), sl(d[1]), sl(d[0]), nil, nil)
			sameBits(t, "in place", gd, wd)
		}
	}
}

// TestDot2Diff: the SIMD128 sums give the bits of core/lowrank's Go loop
// on lengths around the pairs, from sums already begun, with slices
// starting at odd entries; they read nothing past n (NaNs there) and
// agree with the plain sums of products within their rounding.
func TestDot2Diff(t *testing.T) {
	simdOrSkip(t)
	goDot := lowrank.GoKernels().Dot2Diff
	rng := rand.New(rand.NewPCG(3, 1))
	for _, n := range andersonSizes {
		for _, off := range []int{0, 1} {
			a, b, g, x := normals(rng, off, n), normals(rng, off, n), normals(rng, off, n), normals(rng, off, n)
			s0 := [4]float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			sl := func(s []float64) []float64 { return s[off : off+n] }
			got := dot2DiffSIMD(sl(a), sl(b), sl(g), sl(x), s0)
			want := goDot(sl(a), sl(b), sl(g), sl(x), s0)
			sameBits(t, "sums", got[:], want[:])
			ab, af := s0[0]+s0[1], s0[2]+s0[3]
			abAbs, afAbs := math.Abs(s0[0])+math.Abs(s0[1]), math.Abs(s0[2])+math.Abs(s0[3])
			for i := off; i < off+n; i++ {
				p, q := a[i]*b[i], a[i]*(g[i]-x[i])
				ab, af = ab+p, af+q
				abAbs, afAbs = abAbs+math.Abs(p), afAbs+math.Abs(a[i])*(math.Abs(g[i])+math.Abs(x[i]))
			}
			// Each of the two is within γ_{n+3} of the exact sum's terms'
			// magnitudes (n products and differences, n + 1 additions).
			tol := func(abs float64) float64 { return 2 * float64(n+3) * 0x1p-53 * 1.01 * abs }
			if s, e := got[0]+got[1], ab; math.Abs(s-e) > tol(abAbs) {
				t.Fatalf("n=%d: a·b %v, the plain sum %v", n, s, e)
			}
			if s, e := got[2]+got[3], af; math.Abs(s-e) > tol(afAbs) {
				t.Fatalf("n=%d: a·(g−x) %v, the plain sum %v", n, s, e)
			}
		}
	}
}

// TestADMMPasses: the SIMD128 element-wise passes (the ADMM step's and
// Anderson's Push) give the bits of core/lowrank's Go loops on lengths
// around the pairs and slices starting at odd entries, r read before it
// is written (EUpdate), and write nothing past n.
func TestADMMPasses(t *testing.T) {
	simdOrSkip(t)
	gk := lowrank.GoKernels()
	rng := rand.New(rand.NewPCG(8, 2))
	for _, n := range andersonSizes {
		for _, off := range []int{0, 1} {
			sl := func(s []float64) []float64 { return s[off : off+n] }
			in := make([][]float64, 5)
			for i := range in {
				in[i] = normals(rng, off, n)
			}
			two := func() ([]float64, []float64) { return twin(rng, off, n) }
			mu, alpha := 3*rng.Float64(), 1+rng.Float64()

			got, want := two()
			residualSIMD(sl(got), sl(in[0]), sl(in[1]), sl(in[2]))
			gk.Residual(sl(want), sl(in[0]), sl(in[1]), sl(in[2]))
			sameBits(t, "Residual", got, want)

			gy, wy := two()
			gw, ww := two()
			gr, wr := two()
			eUpdateSIMD(sl(gy), sl(gw), sl(gr), sl(in[0]), sl(in[1]), sl(in[2]), sl(in[3]), mu, alpha)
			gk.EUpdate(sl(wy), sl(ww), sl(wr), sl(in[0]), sl(in[1]), sl(in[2]), sl(in[3]), mu, alpha)
			sameBits(t, "EUpdate y", gy, wy)
			sameBits(t, "EUpdate w", gw, ww)
			sameBits(t, "EUpdate r", gr, wr)

			got, want = two()
			incrementSIMD(sl(got), sl(in[0]), sl(in[1]), sl(in[2]))
			gk.Increment(sl(want), sl(in[0]), sl(in[1]), sl(in[2]))
			sameBits(t, "Increment", got, want)

			gdg, wdg := two()
			gdf, wdf := two()
			pushSIMD(sl(gdg), sl(gdf), sl(in[0]), sl(in[1]))
			gk.Push(sl(wdg), sl(wdf), sl(in[0]), sl(in[1]))
			sameBits(t, "Push dg", gdg, wdg)
			sameBits(t, "Push df", gdf, wdf)

			got, want = two()
			relaxedSIMD(sl(got), sl(in[0]), sl(in[1]), sl(in[2]), sl(in[3]), alpha)
			gk.Relaxed(sl(want), sl(in[0]), sl(in[1]), sl(in[2]), sl(in[3]), alpha)
			sameBits(t, "Relaxed", got, want)
		}
	}
}
