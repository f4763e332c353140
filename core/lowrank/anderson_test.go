package lowrank

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestAndersonLinear checks the acceleration on its own, on a linear
// contraction T(x) = Mx + b of the 22 numbers of a small state, whose
// fixed point x* = (I − M)⁻¹b is known in closed form. M is symmetric with
// eigenvalues in [0.5, 0.98], so the plain iteration gains at most a factor
// 0.98 per step (0.98⁸⁰ ≈ 0.2); Anderson mixing, which on a linear map
// minimizes the residual over the Krylov space of its history as GMRES
// does (Walker and Ni 2011), must reach x* far sooner. The image carries
// A·Z, linear in Z, which the mixing must keep equal to A times the mixed
// Z.
func TestAndersonLinear(t *testing.T) {
	t.Parallel()
	const k, m, n = 2, 3, 2
	rng := rand.New(rand.NewPCG(4, 4))
	x, g := newState(k, m, n, false, false), newState(k, m, n, false, false)
	size := 0
	for _, p := range x.parts() {
		size += len(p)
	}
	// M = Q diag(λ) Qᵀ for a random orthogonal Q.
	q0 := mat.NewDense(size, size, nil)
	for i := range q0.RawMatrix().Data {
		q0.RawMatrix().Data[i] = rng.NormFloat64()
	}
	var qr mat.QR
	qr.Factorize(q0)
	var q mat.Dense
	qr.QTo(&q)
	lam := make([]float64, size)
	for i := range lam {
		lam[i] = 0.5 + 0.48*float64(i)/float64(size-1)
	}
	var mm mat.Dense
	mm.Mul(&q, mat.NewDiagDense(size, lam))
	mm.Mul(&mm, q.T())
	b := mat.NewVecDense(size, nil)
	for i := 0; i < size; i++ {
		b.SetVec(i, rng.NormFloat64())
	}
	a := mat.NewDense(k, m, []float64{1, 2, 3, -1, 0.5, 2})
	// x* solves (I − M)x = b.
	var im mat.Dense
	im.Sub(eye(size), &mm)
	var want mat.VecDense
	if err := want.SolveVec(&im, b); err != nil {
		t.Fatal(err)
	}

	flat := func(st state) *mat.VecDense {
		v := mat.NewVecDense(size, nil)
		o := 0
		for _, p := range st.parts() {
			for i, e := range p {
				v.SetVec(o+i, e)
			}
			o += len(p)
		}
		return v
	}
	apply := func() float64 { // g = T(x); returns ||g − x||²
		var v mat.VecDense
		v.MulVec(&mm, flat(x))
		v.AddVec(&v, b)
		o, ff := 0, 0.0
		xp := x.parts()
		for pi, p := range g.parts() {
			for i := range p {
				p[i] = v.AtVec(o + i)
				ff += (p[i] - xp[pi][i]) * (p[i] - xp[pi][i])
			}
			o += len(p)
		}
		g.az.Mul(a, g.z)
		return ff
	}
	dist := func() float64 {
		var d mat.VecDense
		d.SubVec(flat(x), &want)
		return d.Norm(2) / want.Norm(2)
	}

	// The Euclidean inner product of the state's blocks, U₂ stored.
	acc := newAnderson(10, x.parts(), newMetric(k, m, n, 1, 1, 1, false, false), false)
	for range 80 {
		acc.next(x, g, apply(), nil)
	}
	if d := dist(); !(d < 1e-9) {
		t.Errorf("Anderson: relative distance to the fixed point %.3g after 80 steps, want < 1e-9", d)
	}
	var az mat.Dense
	az.Mul(a, x.z)
	az.Sub(&az, x.az)
	if d := mat.Norm(&az, math.Inf(1)); d > 1e-12 {
		t.Errorf("Anderson: A·Z carried with an error of %.3g", d)
	}

	// The plain iteration from the same start, for comparison.
	for _, p := range x.parts() {
		clear(p)
	}
	for range 80 {
		apply()
		x.copyFrom(g)
	}
	if d := dist(); !(d > 1e-2) {
		t.Errorf("plain iteration: distance %.3g after 80 steps; the test no longer shows acceleration", d)
	}
}

func eye(n int) *mat.Dense {
	m := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		m.Set(i, i, 1)
	}
	return m
}
