package sda

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// Unlabeled marks a training sample without label (propagate.Unlabeled).
const Unlabeled = -1

// Defaults of Cai's reference implementation (SDA.m of his toolbox).
const (
	// DefaultGraphWeight is ρ, the weight of the graph regularizer
	// against the labeled total scatter ("ReguBeta", default 0.1).
	DefaultGraphWeight = 0.1
	// DefaultRidge is τ, the Tikhonov regularizer ("ReguAlpha",
	// default 0.1).
	DefaultRidge = 0.1
)

// Params configure Fit. The zero value gives Cai's defaults.
type Params struct {
	// GraphWeight (ρ ≥ 0) weighs the graph Laplacian; 0 means
	// DefaultGraphWeight. Cai et al. call it α in the paper and
	// ReguBeta in their code.
	GraphWeight float64
	// Ridge (τ > 0) is the Tikhonov term; 0 means DefaultRidge. Cai et al.
	// call it β in the paper and ReguAlpha in their code.
	Ridge float64
	// Dim caps the number of projections; 0 means the number of classes.
	// Fit never returns more than the rank of S_b (at most the number of
	// labeled classes), the directions with a positive eigenvalue.
	Dim int
}

// Model is a fitted SDA projection.
type Model struct {
	// Mean is the mean of the training samples, subtracted before
	// projecting.
	Mean []float64
	// A is d×k: its columns are the projections a_i, each of unit norm,
	// in decreasing order of Values.
	A *mat.Dense
	// Values are the generalized eigenvalues η_i = a_iᵀS_b a_i /
	// a_iᵀ(X(Ĩ + ρL)Xᵀ + τI)a_i, decreasing and positive.
	Values []float64
}

// Basis holds the part of SDA that depends on the training samples alone
// (their mean and thin SVD), so that SDA can be fitted many times for
// different labels and graphs, as cross-validation does.
type Basis struct {
	d, n, k int
	mean    []float64
	u       mat.Matrix // d×k, the left singular vectors
	h       *mat.Dense // k×n, H = ΣVᵀ
}

// Prepare centers the d×n training samples x (one per column) and computes
// their thin SVD, X − x̄1ᵀ = UΣVᵀ, keeping the k singular values above
// 1e-10 of the largest.
func Prepare(x *mat.Dense) (*Basis, error) {
	d, n := x.Dims()
	mean := make([]float64, d)
	for i := 0; i < d; i++ {
		s := 0.0
		for j := 0; j < n; j++ {
			s += x.At(i, j)
		}
		mean[i] = s / float64(n)
	}
	xc := mat.NewDense(d, n, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < n; j++ {
			xc.Set(i, j, x.At(i, j)-mean[i])
		}
	}
	var svd mat.SVD
	if !svd.Factorize(xc, mat.SVDThin) {
		return nil, errors.New("sda: SVD of the training samples failed to converge")
	}
	sv := svd.Values(nil)
	k := linalg.Rank(sv, 1e-10)
	if k == 0 {
		return nil, errors.New("sda: the training samples are all equal")
	}
	var u, v mat.Dense
	svd.UTo(&u)
	svd.VTo(&v)
	h := mat.NewDense(k, n, nil)
	for r := 0; r < k; r++ {
		for j := 0; j < n; j++ {
			h.Set(r, j, sv[r]*v.At(j, r))
		}
	}
	return &Basis{d: d, n: n, k: k, mean: mean, u: u.Slice(0, d, 0, k), h: h}, nil
}

// Fit prepares x and fits SDA; see Basis.Fit.
func Fit(x *mat.Dense, labels []int, w mat.Symmetric, p Params) (*Model, error) {
	_, n := x.Dims()
	if len(labels) != n || w.SymmetricDim() != n {
		panic(mat.ErrShape)
	}
	b, err := Prepare(x)
	if err != nil {
		return nil, err
	}
	return b.Fit(labels, w, p)
}

// Fit computes SDA (Cai, He and Han, ICCV 2007, equation (8) and its
// graph-embedding form) on the n training samples of the Basis, their
// labels (Unlabeled for the unlabeled samples) and the n×n symmetric
// nonnegative graph w on all of them. Following Cai's reference code it
//
//  1. centers the samples by their mean, X ← X − x̄1ᵀ (Prepare);
//  2. forms the regularized scatter B = X(Ĩ + ρL)Xᵀ + τI, with Ĩ the
//     diagonal indicator of the labeled samples and L = D − W (W's
//     diagonal cancels in L, so self-loops have no effect);
//  3. forms the between-class scatter S_b = Σ_c l_c μ_c μ_cᵀ of the
//     labeled samples, l_c the count and μ_c the (centered) mean of class
//     c;
//  4. solves S_b a = η B a and keeps the eigenvectors of largest η > 0,
//     scaled to unit norm.
//
// Every a with a positive η lies in the span of the centered samples, so
// Fit works in the coordinates of their thin SVD X = UΣVᵀ (k = rank X ≤
// min(d, n)): with H = ΣVᵀ and a = Uc, B becomes H(Ĩ + ρL)Hᵀ + τI (k×k)
// and S_b becomes GGᵀ, G's columns Σ_{i∈c} h_i/√l_c. With B = RRᵀ
// (Cholesky) and F = R⁻¹G, the nonzero eigenpairs follow from the
// C×C matrix FᵀF = QΛQᵀ: η = Λ, c = R⁻ᵀFq/√η.
//
// Fit returns an error if fewer than two classes are labeled or the
// numerics fail. It panics if the shapes of labels or w do not match,
// and returns an error for negative or non-finite weights.
func (bs *Basis) Fit(labels []int, w mat.Symmetric, p Params) (*Model, error) {
	d, n, k, h, uk, mean := bs.d, bs.n, bs.k, bs.h, bs.u, bs.mean
	if len(labels) != n || w.SymmetricDim() != n {
		panic(mat.ErrShape)
	}
	rho, tau := p.GraphWeight, p.Ridge
	if rho == 0 {
		rho = DefaultGraphWeight
	}
	if tau == 0 {
		tau = DefaultRidge
	}
	if !(rho >= 0) || !(tau > 0) || math.IsInf(rho, 0) || math.IsInf(tau, 0) {
		return nil, fmt.Errorf("sda: need graph weight >= 0 and ridge > 0, have %v and %v", rho, tau)
	}
	if p.Dim < 0 {
		return nil, fmt.Errorf("sda: need Dim >= 0, have %d", p.Dim)
	}
	classes := labeledClasses(labels)
	if len(classes) < 2 {
		return nil, errors.New("sda: need labeled samples of at least two classes")
	}
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if v := w.At(i, j); !(v >= 0) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("sda: weight (%d, %d) is %v; weights must be finite and nonnegative", i, j, v)
			}
		}
	}

	// 1. The samples were centered and decomposed by Prepare.

	// 2. B = H(Ĩ + ρ(D − W))Hᵀ + τI.
	hm := mat.NewDense(k, n, nil)
	hm.Mul(h, w) // H W
	deg := make([]float64, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if j != i {
				deg[i] += w.At(i, j)
			}
		}
	}
	for r := 0; r < k; r++ {
		for j := 0; j < n; j++ {
			// (HM)_rj = h_rj (Ĩ_jj + ρ(D_jj − W_jj)) − ρ Σ_{i≠j} h_ri W_ij.
			diag := rho * deg[j]
			if labels[j] != Unlabeled {
				diag++
			}
			off := hm.At(r, j) - h.At(r, j)*w.At(j, j)
			hm.Set(r, j, h.At(r, j)*diag-rho*off)
		}
	}
	var bd mat.Dense
	bd.Mul(hm, h.T())
	b := mat.NewSymDense(k, nil)
	for i := 0; i < k; i++ {
		for j := i; j < k; j++ {
			v := (bd.At(i, j) + bd.At(j, i)) / 2
			if i == j {
				v += tau
			}
			b.SetSym(i, j, v)
		}
	}

	// 3. S_b = GGᵀ.
	index := map[int]int{}
	for c, l := range classes {
		index[l] = c
	}
	count := make([]float64, len(classes))
	g := mat.NewDense(k, len(classes), nil)
	for j, l := range labels {
		if l == Unlabeled {
			continue
		}
		c := index[l]
		count[c]++
		for r := 0; r < k; r++ {
			g.Set(r, c, g.At(r, c)+h.At(r, j))
		}
	}
	for c := range classes {
		s := 1 / math.Sqrt(count[c])
		for r := 0; r < k; r++ {
			g.Set(r, c, g.At(r, c)*s)
		}
	}

	// 4. S_b a = η B a through B = RRᵀ and F = R⁻¹G.
	var chol mat.Cholesky
	if !chol.Factorize(b) {
		return nil, errors.New("sda: the regularized scatter is not positive definite to working precision")
	}
	var r mat.TriDense
	chol.LTo(&r)
	var f mat.Dense
	if err := r.SolveTo(&f, false, g); err != nil {
		return nil, fmt.Errorf("sda: %w", err)
	}
	var ftf mat.SymDense
	ftf.SymOuterK(1, f.T())
	var eig mat.EigenSym
	if !eig.Factorize(&ftf, true) {
		return nil, errors.New("sda: eigendecomposition failed to converge")
	}
	vals := eig.Values(nil) // ascending
	var q mat.Dense
	eig.VectorsTo(&q)
	dim := p.Dim
	if dim == 0 || dim > len(classes) {
		dim = len(classes)
	}
	var keep []int
	for i := len(vals) - 1; i >= 0 && len(keep) < dim; i-- {
		if !(vals[i] > 1e-12*vals[len(vals)-1]) {
			break
		}
		keep = append(keep, i)
	}
	if len(keep) == 0 {
		return nil, errors.New("sda: the labeled classes have equal means; no discriminant direction")
	}
	// Y = FQΛ^{-1/2} (the eigenvectors of R⁻¹S_bR⁻ᵀ), C = R⁻ᵀY, A = UC.
	qs := mat.NewDense(len(classes), len(keep), nil)
	m := &Model{Mean: mean}
	for t, i := range keep {
		for c := 0; c < len(classes); c++ {
			qs.Set(c, t, q.At(c, i)/math.Sqrt(vals[i]))
		}
		m.Values = append(m.Values, vals[i])
	}
	var y, cm mat.Dense
	y.Mul(&f, qs)
	if err := r.SolveTo(&cm, true, &y); err != nil {
		return nil, fmt.Errorf("sda: %w", err)
	}
	m.A = mat.NewDense(d, len(keep), nil)
	m.A.Mul(uk, &cm)
	for j := range keep {
		col := m.A.ColView(j).(*mat.VecDense)
		col.ScaleVec(1/mat.Norm(col, 2), col)
	}
	return m, nil
}

// Embed returns the k×m projections Aᵀ(x_j − x̄) of the d×m samples x.
func (m *Model) Embed(x mat.Matrix) *mat.Dense {
	d, n := x.Dims()
	if d != len(m.Mean) {
		panic(mat.ErrShape)
	}
	xc := mat.NewDense(d, n, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < n; j++ {
			xc.Set(i, j, x.At(i, j)-m.Mean[i])
		}
	}
	_, k := m.A.Dims()
	y := mat.NewDense(k, n, nil)
	y.Mul(m.A.T(), xc)
	return y
}

// labeledClasses returns the distinct labels other than Unlabeled, sorted.
func labeledClasses(labels []int) []int {
	var c []int
	for _, l := range labels {
		if l != Unlabeled {
			c = append(c, l)
		}
	}
	slices.Sort(c)
	return slices.Compact(c)
}
