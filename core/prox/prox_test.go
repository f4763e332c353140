package prox

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func randDense(rng *rand.Rand, r, c int) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m.Set(i, j, rng.NormFloat64())
		}
	}
	return m
}

// The optimality condition of min τ||H||_1 + ½||H − A||² is
// A − H ∈ τ ∂||H||_1: A_ij − H_ij = τ sign(H_ij) where H_ij ≠ 0 and
// |A_ij| ≤ τ where H_ij = 0. Both sides are computed from a handful of
// floating-point operations, so 1e-12 is a few ulps of the O(1) entries.
func TestShrinkOptimality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const tol = 1e-12
	for _, tau := range []float64{0, 0.1, 0.7, 3} {
		a := randDense(rng, 7, 9)
		var h mat.Dense
		Shrink(&h, tau, a)
		for i := 0; i < 7; i++ {
			for j := 0; j < 9; j++ {
				av, hv := a.At(i, j), h.At(i, j)
				if hv != 0 {
					if got, want := av-hv, tau*math.Copysign(1, hv); math.Abs(got-want) > tol {
						t.Errorf("tau=%v (%d,%d): A-H = %v, want tau*sign(H) = %v", tau, i, j, got, want)
					}
				} else if math.Abs(av) > tau+tol {
					t.Errorf("tau=%v (%d,%d): H = 0 but |A| = %v > tau", tau, i, j, math.Abs(av))
				}
			}
		}
	}
}

// With H ≥ 0 the condition adds the multiplier of the constraint:
// H_ij > 0 ⇒ A_ij − H_ij = τ; H_ij = 0 ⇒ A_ij ≤ τ.
func TestShrinkNonnegOptimality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const tol = 1e-12
	for _, tau := range []float64{0, 0.2, 1.5} {
		a := randDense(rng, 6, 5)
		h := mat.DenseCopyOf(a)
		ShrinkNonneg(h, tau, h) // in place
		for i := 0; i < 6; i++ {
			for j := 0; j < 5; j++ {
				av, hv := a.At(i, j), h.At(i, j)
				switch {
				case hv < 0:
					t.Errorf("tau=%v (%d,%d): H = %v < 0", tau, i, j, hv)
				case hv > 0 && math.Abs(av-hv-tau) > tol:
					t.Errorf("tau=%v (%d,%d): A-H = %v, want %v", tau, i, j, av-hv, tau)
				case hv == 0 && av > tau+tol:
					t.Errorf("tau=%v (%d,%d): H = 0 but A = %v > tau", tau, i, j, av)
				}
			}
		}
	}
}

// Column-wise, A_j − E_j ∈ τ ∂||E_j||_2: A_j − E_j = τ E_j/||E_j|| where
// E_j ≠ 0 and ||A_j|| ≤ τ where E_j = 0.
func TestL21Optimality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	const tol = 1e-12
	const r, c = 8, 12
	for _, tau := range []float64{0, 1, 2.8, 10} {
		a := randDense(rng, r, c)
		var e mat.Dense
		L21(&e, tau, a)
		for j := 0; j < c; j++ {
			ej := mat.Col(nil, j, &e)
			aj := mat.Col(nil, j, a)
			en := norm(ej)
			if en == 0 {
				if an := norm(aj); an > tau+tol {
					t.Errorf("tau=%v column %d: E_j = 0 but ||A_j|| = %v > tau", tau, j, an)
				}
				continue
			}
			for i := range ej {
				if got, want := aj[i]-ej[i], tau*ej[i]/en; math.Abs(got-want) > tol {
					t.Errorf("tau=%v (%d,%d): A-E = %v, want tau*E/||E|| = %v", tau, i, j, got, want)
				}
			}
		}
	}
}

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// Z = Θ_τ(G) is optimal for τ||Z||_* + ½||Z − G||² iff M = (G − Z)/τ is a
// subgradient of the nuclear norm at Z: with Z = U_r Σ_r V_rᵀ (an SVD of Z
// computed independently of the operator),
//
//	U_rᵀ M V_r = I,  (I − U_r U_rᵀ) M V_r = 0,  U_rᵀ M (I − V_r V_rᵀ) = 0,  ||M||_2 ≤ 1.
//
// The SVDs are backward stable, so the conditions hold to a small multiple
// of machine epsilon times ||G||/τ; 1e-9 leaves room for that at these sizes.
func TestSVTOptimality(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 4))
	const tol = 1e-9
	var s SVT
	for _, tc := range []struct {
		r, c int
		tau  float64
	}{
		{10, 10, 0.5}, {12, 7, 2}, {6, 15, 3.5}, {20, 20, 4}, {9, 9, 100},
	} {
		g := randDense(rng, tc.r, tc.c)
		var z mat.Dense
		rank, nuclear, err := s.Apply(&z, tc.tau, g)
		if err != nil {
			t.Fatal(err)
		}
		var m mat.Dense
		m.Sub(g, &z)
		m.Scale(1/tc.tau, &m)
		if n := spectral(&m); n > 1+tol {
			t.Errorf("%dx%d tau=%v: ||M||_2 = %v > 1", tc.r, tc.c, tc.tau, n)
		}
		var svd mat.SVD
		if !svd.Factorize(&z, mat.SVDThin) {
			t.Fatal("SVD of Z failed")
		}
		sv := svd.Values(nil)
		// rank of Z counted independently: singular values above a
		// relative 1e-10 of the largest singular value of G.
		gmax := spectral(g)
		zr := 0
		nuc := 0.0
		for _, v := range sv {
			nuc += v
			if v > 1e-10*gmax {
				zr++
			}
		}
		if zr != rank {
			t.Errorf("%dx%d tau=%v: reported rank %d, Z has rank %d", tc.r, tc.c, tc.tau, rank, zr)
		}
		if math.Abs(nuc-nuclear) > tol*math.Max(1, nuc) {
			t.Errorf("%dx%d tau=%v: reported nuclear norm %v, Z has %v", tc.r, tc.c, tc.tau, nuclear, nuc)
		}
		if zr == 0 {
			continue
		}
		var u, v mat.Dense
		svd.UTo(&u)
		svd.VTo(&v)
		ur := u.Slice(0, tc.r, 0, zr)
		vr := v.Slice(0, tc.c, 0, zr)
		var umv mat.Dense
		umv.Product(ur.T(), &m, vr)
		for i := 0; i < zr; i++ {
			for j := 0; j < zr; j++ {
				want := 0.0
				if i == j {
					want = 1
				}
				if math.Abs(umv.At(i, j)-want) > tol {
					t.Errorf("%dx%d tau=%v: (U_rᵀ M V_r)[%d,%d] = %v, want %v", tc.r, tc.c, tc.tau, i, j, umv.At(i, j), want)
				}
			}
		}
		// (I − U_r U_rᵀ) M V_r and U_rᵀ M (I − V_r V_rᵀ)
		var mv, left, um, right, tmp mat.Dense
		mv.Mul(&m, vr)
		tmp.Mul(ur.T(), &mv)
		left.Mul(ur, &tmp)
		left.Sub(&mv, &left)
		um.Mul(ur.T(), &m)
		tmp.Reset()
		tmp.Mul(&um, vr)
		right.Mul(&tmp, vr.T())
		right.Sub(&um, &right)
		if n := mat.Norm(&left, math.Inf(1)); n > tol {
			t.Errorf("%dx%d tau=%v: |(I-UUᵀ)MV|_max = %v", tc.r, tc.c, tc.tau, n)
		}
		if n := mat.Norm(&right, math.Inf(1)); n > tol {
			t.Errorf("%dx%d tau=%v: |UᵀM(I-VVᵀ)|_max = %v", tc.r, tc.c, tc.tau, n)
		}
	}
}

// The operator's output beats random perturbations of itself on the
// objective it minimizes: a direct check of optimality that does not rely
// on the subgradient characterization.
func TestSVTBeatsPerturbations(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 5))
	const tau = 1.3
	g := randDense(rng, 11, 8)
	var s SVT
	var z mat.Dense
	if _, _, err := s.Apply(&z, tau, g); err != nil {
		t.Fatal(err)
	}
	obj := func(z mat.Matrix) float64 {
		var svd mat.SVD
		svd.Factorize(z, mat.SVDNone)
		nuc := 0.0
		for _, v := range svd.Values(nil) {
			nuc += v
		}
		var d mat.Dense
		d.Sub(z, g)
		f := mat.Norm(&d, 2) // Frobenius
		return tau*nuc + 0.5*f*f
	}
	best := obj(&z)
	for trial := 0; trial < 200; trial++ {
		p := randDense(rng, 11, 8)
		p.Scale(1e-3, p)
		p.Add(p, &z)
		// the objective is 1-strongly convex, so a perturbation of
		// Frobenius size δ raises it by at least δ²/2 ≈ 4e-5 here,
		// far above rounding error.
		if f := obj(p); f < best {
			t.Fatalf("perturbation %d lowers the objective: %v < %v", trial, f, best)
		}
	}
}

func TestProxShapesPanic(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Shrink into a wrongly shaped destination did not panic")
		}
	}()
	Shrink(mat.NewDense(2, 2, nil), 1, mat.NewDense(3, 2, nil))
}

// spectral returns the largest singular value of m (mat.Norm(m, 2) is the
// Frobenius norm for matrices).
func spectral(m mat.Matrix) float64 {
	var svd mat.SVD
	if !svd.Factorize(m, mat.SVDNone) {
		panic("SVD failed")
	}
	return svd.Values(nil)[0]
}
