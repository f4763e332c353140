package embed

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
)

func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }

// smallSubspaces returns 3 classes of 12 unit-norm samples on independent
// 3-dimensional subspaces of R^30, with light noise and one in ten samples
// grossly corrupted: n = 36, small enough for the wasm test run.
func smallSubspaces(t *testing.T) *dataset.Set {
	t.Helper()
	s, err := dataset.Synthetic(dataset.SyntheticParams{Classes: 3, PerClass: 12, Dim: 3, Ambient: 30, Noise: 0.05, Corrupt: 0.1}, newRand())
	if err != nil {
		t.Fatal(err)
	}
	s.NormalizeUnit()
	return s
}

// TestPObjectiveGradient compares the gradient of the P subproblem with
// central differences. The objective is a quartic polynomial in Q of
// order-one coefficients, so with step h the difference quotient errs by
// O(h²) ≈ 1e-8 relative to the gradient's scale, far below the 1e-5
// tolerance, which still catches any wrong term.
func TestPObjectiveGradient(t *testing.T) {
	s := smallSubspaces(t)
	pr, err := newProblem(s.X, Params{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Dim: 5}, 0)
	if err != nil {
		t.Fatal(err)
	}
	rng := newRand()
	n := pr.n
	z := mat.NewDense(n, n, nil)
	c := mat.NewDense(pr.r, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			z.Set(i, j, math.Max(0, rng.NormFloat64()*0.1))
		}
	}
	for i := 0; i < pr.r; i++ {
		for j := 0; j < n; j++ {
			c.Set(i, j, rng.NormFloat64())
		}
	}
	var mt, g, nn mat.Dense
	mt.Mul(pr.xt, z)
	mt.Sub(pr.xt, &mt)
	g.Mul(&mt, mt.T())
	nn.Mul(&mt, c.T())
	cn := mat.Norm(c, 2)
	o := &pObjective{pr: pr, g: &g, n: &nn, mu: 3, cc: cn * cn}
	x := make([]float64, pr.r*pr.k)
	for i := range x {
		x[i] = rng.NormFloat64() * 0.3
	}
	grad := make([]float64, len(x))
	f := o.eval(x, grad)
	// f must equal its definition, evaluated directly.
	q := mat.NewDense(pr.r, pr.k, x)
	var qm, rec mat.Dense
	qm.Mul(q, &mt)
	qm.Sub(&qm, c)
	fm := mat.Norm(&qm, 2)
	var px mat.Dense
	px.Mul(q, pr.xt)
	rec.Mul(q.T(), &px)
	rec.Sub(pr.xt, &rec)
	fr := mat.Norm(&rec, 2)
	tail := outside(pr)
	if want := pr.gamma*(fr*fr+tail) + o.mu/2*fm*fm; math.Abs(f-want) > 1e-10*want {
		t.Fatalf("f = %v, want %v", f, want)
	}
	checkGradient(t, o, x, grad, 1e-5)
}

// TestNNLRSEFObjectiveNonIncreasing runs Algorithm 4 on subspace data and
// checks that F(Z, P) never increases across the half steps, that learning
// P lowers it below the PCA+NNLRS starting point, and that the result is
// feasible and consistent with Objective in the original coordinates.
func TestNNLRSEFObjectiveNonIncreasing(t *testing.T) {
	s := smallSubspaces(t)
	p := Params{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Dim: 8, Gamma: 1} // a small γ, so that P moves
	var steps []Progress
	res, err := NNLRSEF(context.Background(), s.X, p, &Settings{MaxOuter: 3, Progress: func(pg Progress) { steps = append(steps, pg) }})
	if err != nil {
		t.Fatal(err)
	}
	obj := res.Objective
	checkNonIncreasing(t, obj, 3)
	// The P step must do real work: at least 0.1% below the PCA start.
	if last := obj[len(obj)-1]; !(last < obj[0]*(1-1e-3)) {
		t.Errorf("objective %v after learning P, %v at the PCA start: no decrease", last, obj[0])
	}
	if len(steps) < len(obj) {
		t.Errorf("%d progress reports for %d accepted steps", len(steps), len(obj))
	}
	d, n := s.X.Dims()
	if r, c := res.P.Dims(); r != 8 || c != d {
		t.Fatalf("P is %d×%d, want 8×%d", r, c, d)
	}
	for _, v := range res.Z.RawMatrix().Data {
		if v < 0 {
			t.Fatalf("Z has a negative entry %v", v)
		}
	}
	// E = PX(I − Z) exactly, and F from the original coordinates matches
	// the reduced ones up to rounding (relative 1e-9: sums of O(n²) terms),
	// though P was sought in the span of 3r = 24 of the 30 singular
	// vectors.
	var px, e mat.Dense
	px.Mul(res.P, s.X)
	e.Mul(&px, res.Z)
	e.Sub(&px, &e)
	e.Sub(&e, res.E)
	if r := mat.Norm(&e, 2) / mat.Norm(&px, 2); r > 1e-12 {
		t.Errorf("||PX − PXZ − E||/||PX|| = %v", r)
	}
	if got, want := Objective(s.X, res.Z, res.P, p), obj[len(obj)-1]; math.Abs(got-want) > 1e-9*want {
		t.Errorf("Objective = %v, last traced value %v", got, want)
	}
	if _, c := res.Z.Dims(); c != n {
		t.Fatalf("Z has %d columns, want %d", c, n)
	}
}

func TestNNLRSEFErrors(t *testing.T) {
	s := smallSubspaces(t)
	for _, p := range []Params{
		{Params: lowrank.Params{Beta: 0.2, Lambda: 0}},
		{Params: lowrank.Params{Beta: -1, Lambda: 1}},
		{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Gamma: -1},
		{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Dim: -1},
	} {
		if _, err := NNLRSEF(context.Background(), s.X, p, nil); err == nil {
			t.Errorf("%+v: no error", p)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NNLRSEF(ctx, s.X, Params{Params: lowrank.Params{Beta: 0.2, Lambda: 1}}, nil); err == nil {
		t.Error("cancelled context: no error")
	}
}

// TestNNLRSEFNormalize checks Settings.Normalize: F̃ never increases, the
// traced value equals F̃ computed in the original coordinates from the
// returned P and Z, E is the error of the normalized projection, the
// error term does not change when P is scaled (so shrinking P cannot pay),
// and the first Z step is the NNLRS solution on the normalized PCA
// projection, which is what PCA+NNLRS computes.
func TestNNLRSEFNormalize(t *testing.T) {
	s := smallSubspaces(t)
	p := Params{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Dim: 8, Gamma: 1}
	res, err := NNLRSEF(context.Background(), s.X, p, &Settings{MaxOuter: 3, Normalize: true})
	if err != nil {
		t.Fatal(err)
	}
	obj := res.Objective
	checkNonIncreasing(t, obj, 2)
	// F̃ and E from their definitions.
	var px mat.Dense
	px.Mul(res.P, s.X)
	_, n := px.Dims()
	for j := 0; j < n; j++ {
		c := mat.Col(nil, j, &px)
		nc := mat.Norm(mat.NewVecDense(len(c), c), 2)
		for i := range c {
			px.Set(i, j, c[i]/nc)
		}
	}
	var e mat.Dense
	e.Mul(&px, res.Z)
	e.Sub(&px, &e)
	var de mat.Dense
	de.Sub(&e, res.E)
	if r := mat.Norm(&de, 2) / mat.Norm(&e, 2); r > 1e-12 {
		t.Errorf("E differs from PXD⁻¹(I − Z) by %v relative", r)
	}
	errTerm := 0.0
	for j := 0; j < n; j++ {
		errTerm += mat.Norm(e.ColView(j), 2)
	}
	var rec, pp mat.Dense
	pp.Mul(res.P, s.X)
	rec.Mul(res.P.T(), &pp)
	rec.Sub(s.X, &rec)
	g := mat.Norm(&rec, 2)
	want := lowrank.NuclearNorm(res.Z) + p.Beta*lowrank.L1Norm(res.Z) + p.Lambda*errTerm + p.Gamma*g*g
	if got := obj[len(obj)-1]; math.Abs(got-want) > 1e-9*want {
		t.Errorf("traced F̃ %v, from the definition %v", got, want)
	}

	// Scale invariance of the error term, in the reduced coordinates.
	pr, err := newProblem(s.X, p, 0)
	if err != nil {
		t.Fatal(err)
	}
	pr.normalize = true
	q := mat.NewDense(pr.r, pr.k, nil)
	rng := newRand()
	for i := 0; i < pr.r; i++ {
		for j := 0; j < pr.k; j++ {
			q.Set(i, j, rng.NormFloat64())
		}
	}
	var q3 mat.Dense
	q3.Scale(0.3, q)
	var d mat.Dense
	e1, e2 := pr.residual(res.Z, q), pr.residual(res.Z, &q3)
	d.Sub(e1, e2)
	if r := mat.Norm(&d, 2) / mat.Norm(e1, 2); r > 1e-12 {
		t.Errorf("scaling P by 0.3 changed the normalized error by %v relative", r)
	}

	// The first Z step is the NNLRS solution on the normalized PCA
	// projection: the same problem graph.NNLRS solves for PCA+NNLRS (up to
	// an orthogonal change of the projected coordinates, which NNLRS does
	// not see). Both solvers stop within 0.4% of the optimum, so their
	// NNLRS objectives agree to about that.
	// One alternation: its P step does not change Z, the first Z step's.
	first, err := NNLRSEF(context.Background(), s.X, p, &Settings{MaxOuter: 1, Normalize: true})
	if err != nil {
		t.Fatal(err)
	}
	pcaG, err := PCAGraph(context.Background(), s.X, graph.NNLRSParams{Params: p.Params}, p.Dim)
	if err != nil {
		t.Fatal(err)
	}
	var fz, fp float64
	for _, c := range []struct {
		z *mat.Dense
		f *float64
	}{{first.Z, &fz}, {mat.DenseCopyOf(pcaG.Z), &fp}} {
		var e mat.Dense
		pa, _ := pr.proj(pr.pcaStart())
		e.Mul(pa, c.z)
		e.Sub(pa, &e)
		et := 0.0
		for j := 0; j < n; j++ {
			et += mat.Norm(e.ColView(j), 2)
		}
		*c.f = lowrank.NuclearNorm(c.z) + p.Beta*lowrank.L1Norm(c.z) + p.Lambda*et
	}
	if math.Abs(fz-fp) > 0.01*fp {
		t.Errorf("NNLRS objective of the first Z step %v, of PCA+NNLRS %v: more than 1%% apart", fz, fp)
	}
}

// TestPObjectiveGradientNormalized compares the gradient of the P
// subproblem under Settings.Normalize, where the constraint's left side
// Â(Q)(I − Z) is not linear in Q, with central differences.
func TestPObjectiveGradientNormalized(t *testing.T) {
	s := smallSubspaces(t)
	pr, err := newProblem(s.X, Params{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Dim: 5}, 0)
	if err != nil {
		t.Fatal(err)
	}
	pr.normalize = true
	rng := newRand()
	n := pr.n
	m := mat.NewDense(n, n, nil)
	c := mat.NewDense(pr.r, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			m.Set(i, j, -math.Max(0, rng.NormFloat64()*0.1))
		}
		m.Set(i, i, 1)
	}
	for i := 0; i < pr.r; i++ {
		for j := 0; j < n; j++ {
			c.Set(i, j, rng.NormFloat64())
		}
	}
	o := &pObjective{pr: pr, m: m}
	o.setTarget(3, c)
	x := make([]float64, pr.r*pr.k)
	for i := range x {
		x[i] = rng.NormFloat64() * 0.3
	}
	grad := make([]float64, len(x))
	f := o.eval(x, grad)
	// f from its definition: γ||X̃ − QᵀQX̃||² + ||X⊥||² + μ/2||Â(Q)M − C||².
	q := mat.NewDense(pr.r, pr.k, x)
	l, err := o.lhs(q)
	if err != nil {
		t.Fatal(err)
	}
	l.Sub(l, c)
	fl := mat.Norm(l, 2)
	var px, rec mat.Dense
	px.Mul(q, pr.xt)
	rec.Mul(q.T(), &px)
	rec.Sub(pr.xt, &rec)
	fr := mat.Norm(&rec, 2)
	tail := outside(pr)
	if want := pr.gamma*(fr*fr+tail) + o.mu/2*fl*fl; math.Abs(f-want) > 1e-10*want {
		t.Fatalf("f = %v, want %v", f, want)
	}
	checkGradient(t, o, x, grad, 1e-6)
}

// outside returns ||X⊥||², the energy of the data outside the span of the
// reduced coordinates.
func outside(pr *problem) float64 {
	tail := pr.trS
	for _, v := range pr.s {
		tail -= v
	}
	return tail
}

// checkGradient compares grad, the gradient of o at x, with central
// differences of step h on every 7th coordinate, to 1e-5 of its largest
// entry.
func checkGradient(t *testing.T, o *pObjective, x, grad []float64, h float64) {
	t.Helper()
	scale := floats.Norm(grad, math.Inf(1))
	for i := 0; i < len(x); i += 7 {
		xp := append([]float64(nil), x...)
		xm := append([]float64(nil), x...)
		xp[i] += h
		xm[i] -= h
		fd := (o.eval(xp, nil) - o.eval(xm, nil)) / (2 * h)
		if math.Abs(fd-grad[i]) > 1e-5*scale {
			t.Errorf("gradient %d: %v, central difference %v", i, grad[i], fd)
		}
	}
}

// checkNonIncreasing checks that the objective trace obj has at least
// least accepted half steps and never rises.
func checkNonIncreasing(t *testing.T, obj []float64, least int) {
	t.Helper()
	if len(obj) < least {
		t.Fatalf("objective trace %v: fewer than %d accepted half steps", obj, least)
	}
	for i := 1; i < len(obj); i++ {
		if obj[i] > obj[i-1] {
			t.Errorf("objective rose from %v to %v at half step %d", obj[i-1], obj[i], i)
		}
	}
}
