//go:build amd64 && !noasm

package gemm

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGemmGeneric runs TestGemm on the pure-Go kernel of the amd64 shape,
// the one processors without AVX2 and FMA take.
func TestGemmGeneric(t *testing.T) {
	if !hasFMA {
		t.Skip("this processor has no AVX2 and FMA: TestGemm runs the Go kernel")
	}
	pair := hasPair
	hasFMA, hasPair = false, false
	defer func() { hasFMA, hasPair = true, pair }()
	TestGemm(t)
}

// kernel12x8 has the bits of kernel6x8 on each of its two tiles: whole
// products with and without it are equal bit for bit, on shapes with
// whole pairs of tiles, an odd tile and edges, and several k-panels.
func TestGemmPair(t *testing.T) {
	if !hasPair {
		t.Skip("this processor has no AVX-512: the pairs run as two kernel6x8")
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for _, s := range [][3]int{{12, 8, 1}, {60, 64, 300}, {67, 45, 513}, {130, 200, 256}, {200, 200, 700}} {
		m, n, k := s[0], s[1], s[2]
		a, b := make([]float64, m*k), make([]float64, k*n)
		for i := range a {
			a[i] = rng.NormFloat64()
		}
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		c0 := make([]float64, m*n)
		for i := range c0 {
			c0[i] = rng.NormFloat64()
		}
		with := slices.Clone(c0)
		Gemm(false, false, m, n, k, 1.5, a, k, b, n, 0.5, with, n)
		hasPair = false
		without := slices.Clone(c0)
		Gemm(false, false, m, n, k, 1.5, a, k, b, n, 0.5, without, n)
		hasPair = true
		if !slices.Equal(with, without) {
			t.Errorf("%d×%d×%d: kernel12x8 changes the product's bits", m, n, k)
		}
	}
}
