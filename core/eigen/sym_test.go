package eigen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/gemm"
)

// symTestMatrices returns symmetric test matrices of order n that stress
// the divide and conquer: random, clustered and repeated spectra (which
// deflate), low rank (a cluster at zero, as GᵀG in the SVT of a
// rank-deficient G), graded, and diagonal (every coupling zero).
func symTestMatrices(rng *rand.Rand, n int) map[string]*mat.SymDense {
	gauss := func(r, c int) *mat.Dense {
		m := mat.NewDense(r, c, nil)
		for i := range m.RawMatrix().Data {
			m.RawMatrix().Data[i] = rng.NormFloat64()
		}
		return m
	}
	orth := func() *mat.Dense {
		var qr mat.QR
		qr.Factorize(gauss(n, n))
		var q mat.Dense
		qr.QTo(&q)
		return &q
	}
	withSpectrum := func(f func(i int) float64) *mat.SymDense {
		q := orth()
		var qd mat.Dense
		qd.CloneFrom(q)
		for j := 0; j < n; j++ {
			v := f(j)
			for i := 0; i < n; i++ {
				qd.Set(i, j, qd.At(i, j)*v)
			}
		}
		var a mat.Dense
		a.Mul(&qd, q.T())
		s := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				s.SetSym(i, j, (a.At(i, j)+a.At(j, i))/2)
			}
		}
		return s
	}
	out := map[string]*mat.SymDense{}
	g := gauss(n, n)
	r := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			r.SetSym(i, j, g.At(i, j)+g.At(j, i))
		}
	}
	out["random"] = r
	out["repeated"] = withSpectrum(func(i int) float64 { return float64(i % 3) })
	out["cluster"] = withSpectrum(func(i int) float64 { return 1 + 1e-9*float64(i) })
	out["graded"] = withSpectrum(func(i int) float64 { return math.Pow(10, -12*float64(i)/float64(n)) })
	lr := gauss(n/4+1, n)
	gram := mat.NewSymDense(n, nil)
	gram.SymOuterK(1, lr.T())
	out["gram low rank"] = gram
	diag := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		diag.SetSym(i, i, rng.NormFloat64())
	}
	out["diagonal"] = diag
	// Wilkinson-like tridiagonal: pairs of nearly equal eigenvalues.
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		w.SetSym(i, i, math.Abs(float64(i)-float64(n-1)/2))
		if i+1 < n {
			w.SetSym(i, i+1, 1)
		}
	}
	out["wilkinson"] = w
	return out
}

// TestEigenSym checks A V = V Λ and VᵀV = I to working precision and the
// eigenvalues against gonum's mat.EigenSym (Dsteqr), on orders below, at and
// well above the size where the divide and conquer takes over.
func TestEigenSym(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var es Sym // reused across sizes on purpose
	for _, n := range []int{1, 2, 5, dcMinSize, dcMinSize + 1, 70, 150, 257} {
		for name, a := range symTestMatrices(rng, n) {
			if !es.Factorize(a, true) {
				t.Fatalf("n=%d %s: factorization failed", n, name)
			}
			w := es.Values(nil)
			v := es.Vectors()
			var ref mat.EigenSym
			if !ref.Factorize(a, false) {
				t.Fatalf("n=%d %s: gonum failed", n, name)
			}
			wref := ref.Values(nil)
			anorm := mat.Norm(a, 2)
			// Backward stable methods: errors of order n·ε·||A||; 50nε
			// leaves room for both solvers.
			tol := 50 * float64(n) * dlamchE * math.Max(anorm, 1e-300)
			for i := range w {
				if math.Abs(w[i]-wref[i]) > tol {
					t.Errorf("n=%d %s: λ[%d] = %.17g, gonum %.17g", n, name, i, w[i], wref[i])
					break
				}
				if i > 0 && w[i] < w[i-1] {
					t.Errorf("n=%d %s: eigenvalues not ascending at %d", n, name, i)
				}
			}
			checkDecomposition(t, fmt.Sprintf("n=%d %s", n, name), a, w, v, tol)
		}
	}
}

// checkDecomposition checks ||AV − VΛ||_F ≤ tol and ||VᵀV − I||_F ≤ 50nε.
func checkDecomposition(t *testing.T, what string, a mat.Matrix, w []float64, v *mat.Dense, tol float64) {
	t.Helper()
	n := len(w)
	var av, vl mat.Dense
	av.Mul(a, v)
	vl.CloneFrom(v)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			vl.Set(i, j, vl.At(i, j)*w[j])
		}
	}
	av.Sub(&av, &vl)
	if res := mat.Norm(&av, 2); res > tol {
		t.Errorf("%s: ||AV − VΛ||_F = %.3g, want <= %.3g", what, res, tol)
	}
	var vtv mat.Dense
	vtv.Mul(v.T(), v)
	for i := 0; i < n; i++ {
		vtv.Set(i, i, vtv.At(i, i)-1)
	}
	if o := mat.Norm(&vtv, 2); o > 50*float64(n)*dlamchE {
		t.Errorf("%s: ||VᵀV − I||_F = %.3g", what, o)
	}
}

var sinkEig []float64

func benchmarkEigenSym(b *testing.B, n int, gonumRef bool) {
	a := kernelMatrix(n)
	var es Sym
	var ref mat.EigenSym
	b.ResetTimer()
	for range b.N {
		if gonumRef {
			ref.Factorize(a, true)
			sinkEig = ref.Values(nil)
		} else {
			es.Factorize(a, true)
			sinkEig = es.Values(sinkEig)
		}
	}
}

func BenchmarkEigenSym100(b *testing.B)      { benchmarkEigenSym(b, 100, false) }
func BenchmarkEigenSym200(b *testing.B)      { benchmarkEigenSym(b, 200, false) }
func BenchmarkEigenSym400(b *testing.B)      { benchmarkEigenSym(b, 400, false) }
func BenchmarkEigenSym800(b *testing.B)      { benchmarkEigenSym(b, 800, false) }
func BenchmarkGonumEigenSym100(b *testing.B) { benchmarkEigenSym(b, 100, true) }
func BenchmarkGonumEigenSym200(b *testing.B) { benchmarkEigenSym(b, 200, true) }
func BenchmarkGonumEigenSym400(b *testing.B) { benchmarkEigenSym(b, 400, true) }
func BenchmarkGonumEigenSym800(b *testing.B) { benchmarkEigenSym(b, 800, true) }

// TestEigenSymAbove: the eigenvectors FactorizeAbove computes are those of
// Factorize, bit for bit (the same products of the same entries), for
// thresholds below, inside and above the spectrum, at orders from one
// block of the QL/QR iteration to more than one block of rows of the
// divide and conquer's product (dcRows).
func TestEigenSymAbove(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var full, part Sym
	for _, n := range []int{1, 5, dcMinSize + 1, 70, 150, dcRows + 150} {
		for name, a := range symTestMatrices(rng, n) {
			if !full.Factorize(a, true) {
				t.Fatalf("n=%d %s: factorization failed", n, name)
			}
			w := full.Values(nil)
			for _, lo := range []float64{math.Inf(-1), w[0] - 1, w[n/2], w[(3*n)/4], w[n-1]} {
				first, ok := part.FactorizeAbove(a, lo)
				if !ok {
					t.Fatalf("n=%d %s lo=%v: factorization failed", n, name, lo)
				}
				want := 0
				for want < n && !(w[want] > lo) {
					want++
				}
				if first != want {
					t.Errorf("n=%d %s lo=%v: first %d, want %d", n, name, lo, first, want)
					continue
				}
				pv, fv := part.Vectors(), full.Vectors()
				for j := first; j < n; j++ {
					for i := 0; i < n; i++ {
						if pv.At(i, j) != fv.At(i, j) {
							t.Fatalf("n=%d %s lo=%v: V[%d,%d] = %v, Factorize %v", n, name, lo, i, j, pv.At(i, j), fv.At(i, j))
						}
					}
				}
			}
		}
	}
}

// The reduction, the divide and conquer and the back-transformation share
// out their independent parts over the cores: the eigenvalues and vectors
// have the same bits at 1, 2 and 4 threads, at order 700 and at 1030, from
// which the reduction's symv runs in slabs (symvLower), where A V = V Λ
// and VᵀV = I hold to working precision too.
func TestSymThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	sizes := []int{700, symvBlocked + 6}
	if runtime.GOARCH == "wasm" {
		// One thread, and fused multiply-adds in software: order 1030
		// takes a minute. The slabs are checked here by TestSymvLower.
		sizes = sizes[:1]
	}
	for _, n := range sizes {
		a := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				a.SetSym(i, j, rng.NormFloat64())
			}
		}
		var vals []float64
		var vecs *mat.Dense
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			// Above −1 at 700 (the vectors of part of the spectrum), all
			// at 1030.
			var s Sym
			ok := true
			if n < symvBlocked {
				_, ok = s.FactorizeAbove(a, -1)
			} else {
				ok = s.Factorize(a, true)
			}
			if !ok {
				t.Fatal("factorization failed")
			}
			v, q := s.Values(nil), mat.DenseCopyOf(s.Vectors())
			if vals == nil {
				vals, vecs = v, q
				continue
			}
			if !slices.Equal(v, vals) || !slices.Equal(q.RawMatrix().Data, vecs.RawMatrix().Data) {
				t.Errorf("n = %d, %d threads: eigenvalues or vectors differ from 1 thread's", n, procs)
			}
		}
		if n >= symvBlocked {
			checkDecomposition(t, fmt.Sprintf("n = %d", n), a, vals, vecs, 50*float64(n)*dlamchE*mat.Norm(a, 2))
		}
	}
}

// FactorizeOuter forms x xᵀ in its own workspace: the decomposition has
// the same bits as that of the SymDense SymOuterK forms, under gemm.Use.
func TestFactorizeOuter(t *testing.T) {
	defer blas64.Use(blas64.Implementation())
	gemm.Use()
	rng := rand.New(rand.NewPCG(5, 5))
	for _, sz := range [][2]int{{40, 70}, {150, 90}, {300, 300}} {
		r, c := sz[0], sz[1]
		h := mat.NewDense(r, c, nil)
		for i := range h.RawMatrix().Data {
			h.RawMatrix().Data[i] = rng.NormFloat64()
		}
		for _, x := range []mat.Matrix{h, h.T()} {
			var g mat.SymDense
			g.SymOuterK(1, x)
			var want, got Sym
			wantFirst, ok1 := want.FactorizeAbove(&g, 1)
			gotFirst, ok2 := got.FactorizeOuter(x, true, 1)
			if !ok1 || !ok2 || gotFirst != wantFirst {
				t.Fatalf("%v: ok %v %v, first %d, want %d", sz, ok2, ok1, gotFirst, wantFirst)
			}
			if !slices.Equal(got.Values(nil), want.Values(nil)) {
				t.Errorf("%v: eigenvalues differ from those of SymOuterK's matrix", sz)
			}
			gv, wv := got.Vectors().RawMatrix().Data, want.Vectors().RawMatrix().Data
			n := got.Vectors().RawMatrix().Cols
			for i := 0; i < n; i++ {
				if !slices.Equal(gv[i*n+gotFirst:(i+1)*n], wv[i*n+wantFirst:(i+1)*n]) {
					t.Fatalf("%v: kept eigenvectors differ in row %d", sz, i)
				}
			}
		}
	}
}

// A decomposition in lent buffers (Sym.Lent) has the bits of one in the
// Sym's own, whatever the buffers held before: they are filled with NaN,
// which any entry read before it is written would spread. Every test
// matrix (their spectra deflate differently), with and without vectors,
// at n = 100 and 300 (the divide and conquer's merges, past dcMinSize),
// and with buffers too short to lend (the Sym's own then). The Spare
// block, filled with NaN after each decomposition, holds none of its
// results.
func TestSymLent(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for _, n := range []int{100, 300} {
		for name, a := range symTestMatrices(rng, n) {
			for _, vectors := range []bool{false, true} {
				for _, size := range []int{n * n, n*n - 1} {
					nan := func() []float64 {
						b := make([]float64, size)
						for i := range b {
							b[i] = math.NaN()
						}
						return b
					}
					var own, lent Sym
					lent.Lent = Buffers{Matrix: nan(), Vectors: nan(), Delta: nan(), S: nan()}
					ok1, ok2 := own.Factorize(a, vectors), lent.Factorize(a, vectors)
					if !ok1 || !ok2 {
						t.Fatalf("n = %d, %s: ok %v, lent %v", n, name, ok1, ok2)
					}
					if vectors {
						// Spare holds no result: NaN written there
						// would show below.
						for _, s := range []*Sym{&own, &lent} {
							spare := s.Spare()
							if len(spare) != n*n {
								t.Fatalf("n = %d: Spare has %d entries", n, len(spare))
							}
							for i := range spare {
								spare[i] = math.NaN()
							}
						}
					}
					if !slices.Equal(own.Values(nil), lent.Values(nil)) {
						t.Errorf("n = %d, %s, vectors %v, buffers of %d: eigenvalues differ", n, name, vectors, size)
					}
					if vectors && !slices.Equal(own.Vectors().RawMatrix().Data, lent.Vectors().RawMatrix().Data) {
						t.Errorf("n = %d, %s, buffers of %d: eigenvectors differ", n, name, size)
					}
					if vectors && size == n*n && &lent.Vectors().RawMatrix().Data[0] != &lent.Lent.Vectors[0] {
						t.Errorf("n = %d, %s: the eigenvectors are not in the lent buffer", n, name)
					}
				}
			}
		}
	}
}
