package sda

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 1)) }

// randomProblem returns d×n Gaussian samples with classes labels (half of
// the samples unlabeled) and a random symmetric nonnegative graph with
// about a third of its entries nonzero.
func randomProblem(rng *rand.Rand, d, n, classes int) (*mat.Dense, []int, *mat.SymDense) {
	x := mat.NewDense(d, n, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < n; j++ {
			x.Set(i, j, rng.NormFloat64()+float64(j%classes)*float64(i%3))
		}
	}
	labels := make([]int, n)
	for j := range labels {
		labels[j] = Unlabeled
		if (j/classes)%2 == 0 {
			labels[j] = 10 + j%classes
		}
	}
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if rng.Float64() < 1.0/3 {
				w.SetSym(i, j, rng.Float64())
			}
		}
	}
	return x, labels, w
}

// fullSpace returns the d×d matrices of SDA's generalized eigenproblem
// S_b a = η B a, computed directly from their definitions (Cai et al.,
// equation (8)) without the reduction Fit uses.
func fullSpace(x *mat.Dense, labels []int, w mat.Symmetric, rho, tau float64) (sb, b *mat.SymDense) {
	d, n := x.Dims()
	xc := mat.DenseCopyOf(x)
	for i := 0; i < d; i++ {
		m := 0.0
		for j := 0; j < n; j++ {
			m += x.At(i, j) / float64(n)
		}
		for j := 0; j < n; j++ {
			xc.Set(i, j, x.At(i, j)-m)
		}
	}
	mm := mat.NewDense(n, n, nil) // Ĩ + ρ(D − W)
	for i := 0; i < n; i++ {
		deg := 0.0
		for j := 0; j < n; j++ {
			mm.Set(i, j, -rho*w.At(i, j))
			deg += w.At(i, j)
		}
		mm.Set(i, i, mm.At(i, i)+rho*deg)
		if labels[i] != Unlabeled {
			mm.Set(i, i, mm.At(i, i)+1)
		}
	}
	var t, bb mat.Dense
	t.Mul(xc, mm)
	bb.Mul(&t, xc.T())
	b = mat.NewSymDense(d, nil)
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			v := (bb.At(i, j) + bb.At(j, i)) / 2
			if i == j {
				v += tau
			}
			b.SetSym(i, j, v)
		}
	}
	sb = mat.NewSymDense(d, nil)
	for _, c := range labeledClasses(labels) {
		mu := mat.NewVecDense(d, nil)
		l := 0.0
		for j, lj := range labels {
			if lj == c {
				mu.AddVec(mu, xc.ColView(j))
				l++
			}
		}
		mu.ScaleVec(1/l, mu)
		sb.SymRankOne(sb, l, mu)
	}
	return sb, b
}

// TestFitGeneralizedEigen checks Fit's projections against the definition:
// each solves S_b a = η B a in the full d-dimensional space, and the
// eigenvalues are the largest of that problem, both when d < n and when
// d > n (where Fit's reduction to the span of the samples matters).
func TestFitGeneralizedEigen(t *testing.T) {
	rng := newRand()
	for _, tc := range []struct{ d, n, classes int }{{12, 40, 3}, {40, 20, 4}, {5, 30, 2}} {
		x, labels, w := randomProblem(rng, tc.d, tc.n, tc.classes)
		for _, p := range []Params{{}, {GraphWeight: 2, Ridge: 0.01}} {
			m, err := Fit(x, labels, w, p)
			if err != nil {
				t.Fatalf("%+v %+v: %v", tc, p, err)
			}
			rho, tau := p.GraphWeight, p.Ridge
			if rho == 0 {
				rho, tau = DefaultGraphWeight, DefaultRidge
			}
			sb, b := fullSpace(x, labels, w, rho, tau)
			// The reference eigenvalues: those of R⁻¹S_bR⁻ᵀ with B = RRᵀ.
			var chol mat.Cholesky
			if !chol.Factorize(b) {
				t.Fatal("B not positive definite")
			}
			var r mat.TriDense
			chol.LTo(&r)
			var ri mat.TriDense
			if err := ri.InverseTri(&r); err != nil {
				t.Fatal(err)
			}
			var tmp, c mat.Dense
			tmp.Mul(&ri, sb)
			c.Mul(&tmp, ri.T())
			cs := mat.NewSymDense(tc.d, nil)
			for i := 0; i < tc.d; i++ {
				for j := i; j < tc.d; j++ {
					cs.SetSym(i, j, (c.At(i, j)+c.At(j, i))/2)
				}
			}
			var eig mat.EigenSym
			if !eig.Factorize(cs, false) {
				t.Fatal("eigen failed")
			}
			ref := eig.Values(nil)
			_, k := m.A.Dims()
			if k != len(m.Values) || k > tc.classes {
				t.Fatalf("%+v: %d projections, %d values, %d classes", tc, k, len(m.Values), tc.classes)
			}
			scale := mat.Norm(b, 2)
			for i := 0; i < k; i++ {
				a := m.A.ColView(i)
				if got := mat.Norm(a, 2); math.Abs(got-1) > 1e-12 {
					t.Errorf("%+v: ||a_%d|| = %v, want 1", tc, i, got)
				}
				// ||S_b a − η B a|| relative to ||B|| ||a||: the
				// reduction and the solves lose a few digits to the
				// condition of B (τ keeps it below ~1e4 here).
				var sa, ba mat.VecDense
				sa.MulVec(sb, a)
				ba.MulVec(b, a)
				ba.ScaleVec(m.Values[i], &ba)
				sa.SubVec(&sa, &ba)
				if res := mat.Norm(&sa, 2) / (scale * (1 + m.Values[i])); res > 1e-9 {
					t.Errorf("%+v %+v: eigenpair %d residual %.3g", tc, p, i, res)
				}
				want := ref[tc.d-1-i]
				if math.Abs(m.Values[i]-want) > 1e-8*math.Max(1, want) {
					t.Errorf("%+v %+v: eigenvalue %d is %v, want %v", tc, p, i, m.Values[i], want)
				}
			}
		}
	}
}

// TestFitSelfLoops: W's diagonal cancels in the Laplacian.
func TestFitSelfLoops(t *testing.T) {
	x, labels, w := randomProblem(newRand(), 8, 24, 3)
	m1, err := Fit(x, labels, w, Params{})
	if err != nil {
		t.Fatal(err)
	}
	w2 := mat.NewSymDense(24, nil)
	w2.CopySym(w)
	for i := 0; i < 24; i++ {
		w2.SetSym(i, i, 5)
	}
	m2, err := Fit(x, labels, w2, Params{})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range m1.Values {
		if math.Abs(v-m2.Values[i]) > 1e-10*v {
			t.Errorf("eigenvalue %d: %v without self-loops, %v with", i, v, m2.Values[i])
		}
	}
}

// TestSDASeparatesToy builds a toy set where the classes differ along one
// axis of small variance while two other axes carry large class-blind
// variance, so that nearest neighbours in the raw space err often. With 3
// labels per class and a graph joining same-class neighbours, SDA's
// projection must classify the held-out test samples without error.
func TestSDASeparatesToy(t *testing.T) {
	rng := newRand()
	const d, classes, perClass = 10, 3, 30
	draw := func(n int) (*mat.Dense, []int) {
		x := mat.NewDense(d, n, nil)
		y := make([]int, n)
		for j := 0; j < n; j++ {
			c := j % classes
			y[j] = c + 1
			for i := 0; i < d; i++ {
				s := 0.3
				if i < 2 {
					s = 4 // class-blind, large variance
				}
				x.Set(i, j, s*rng.NormFloat64())
			}
			x.Set(2, j, 2*float64(c)+0.2*rng.NormFloat64())
		}
		return x, y
	}
	n := classes * perClass
	x, truth := draw(n)
	labels := make([]int, n)
	count := map[int]int{}
	for j, c := range truth {
		labels[j] = Unlabeled
		if count[c] < 3 {
			labels[j] = c
			count[c]++
		}
	}
	// A graph on the discriminant coordinate only, standing in for a good
	// graph: samples closer than 0.5 along axis 2 are joined.
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if math.Abs(x.At(2, i)-x.At(2, j)) < 0.5 {
				w.SetSym(i, j, 1)
			}
		}
	}
	m, err := Fit(x, labels, w, Params{})
	if err != nil {
		t.Fatal(err)
	}
	test, testTruth := draw(60)
	var ref []int
	var refIdx []int
	for j, l := range labels {
		if l != Unlabeled {
			ref = append(ref, l)
			refIdx = append(refIdx, j)
		}
	}
	refX := mat.NewDense(d, len(refIdx), nil)
	for k, j := range refIdx {
		refX.SetCol(k, mat.Col(nil, j, x))
	}
	errs := func(pred []int) int {
		e := 0
		for j, p := range pred {
			if p != testTruth[j] {
				e++
			}
		}
		return e
	}
	raw := errs(NearestNeighbor(refX, ref, test))
	got := errs(NearestNeighbor(m.Embed(refX), ref, m.Embed(test)))
	if got != 0 {
		t.Errorf("SDA + nearest neighbour: %d of 60 test samples wrong, want 0 (raw nearest neighbour: %d)", got, raw)
	}
	if raw < 10 {
		t.Errorf("raw nearest neighbour errs on only %d of 60; the toy set does not test SDA", raw)
	}
}

func TestFitErrors(t *testing.T) {
	x, labels, w := randomProblem(newRand(), 6, 12, 3)
	one := make([]int, 12)
	for i := range one {
		one[i] = Unlabeled
	}
	one[0], one[3] = 4, 4
	if _, err := Fit(x, one, w, Params{}); err == nil {
		t.Error("one labeled class: no error")
	}
	neg := mat.NewSymDense(12, nil)
	neg.CopySym(w)
	neg.SetSym(1, 2, -1)
	if _, err := Fit(x, labels, neg, Params{}); err == nil {
		t.Error("negative weight: no error")
	}
	if _, err := Fit(x, labels, w, Params{Ridge: -1}); err == nil {
		t.Error("negative ridge: no error")
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("short labels: no panic")
			}
		}()
		Fit(x, labels[:5], w, Params{})
	}()
}
