package prox

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
)

// ErrSVD is returned when the singular value decomposition fails to
// converge.
var ErrSVD = errors.New("prox: singular value decomposition did not converge")

// SVT computes singular value thresholding, Θ_τ(G) = U S_τ(Σ) Vᵀ for the
// SVD G = U Σ Vᵀ (Cai, Candès and Shen 2010, Theorem 2.1): the minimizer of
//
//	τ||Z||_* + ½||Z − G||_F².
//
// The zero value is ready to use; an SVT reuses its workspace between calls.
type SVT struct {
	// Method selects how the decomposition is computed; the zero value
	// is SVDMethod.
	Method SVTMethod

	svd  mat.SVD
	u, v mat.Dense
	sv   []float64

	// Eig, if not nil, is the eigen-decomposition the Gram method works
	// in, to share its workspace with the caller's other decompositions
	// (it is overwritten by every Apply); nil: the SVT's own. Its lent
	// Vectors and Delta must not share dst's storage: Apply reads them
	// (the kept eigenvectors, and Φ or G W in its Spare block) while it
	// writes dst.
	Eig    *eigen.Sym
	eig    eigen.Sym
	fs     []float64 // √f of the kept eigenvalues
	gvData []float64 // G W (low rank path), when the spare block is short
	dstG   mat.Dense // result when dst aliases g
}

// SVTMethod selects the decomposition behind SVT.
type SVTMethod int

const (
	// SVDMethod uses gonum's singular value decomposition of G.
	SVDMethod SVTMethod = iota
	// GramMethod uses the eigen-decomposition GᵀG = V Λ Vᵀ of the smaller
	// Gram matrix, by divide and conquer (eigen.Sym):
	//
	//	Θ_τ(G) = G V f(Λ) Vᵀ,  f(λ) = max(1 − τ/√λ, 0),
	//
	// with σ_i = √λ_i. It is 2-4 times faster than SVDMethod for square
	// matrices. Squaring costs accuracy only in singular values far
	// below the largest (absolute error about ε||G||²/σ), and those that
	// matter here lie above τ.
	GramMethod
)

// Apply sets dst to Θ_τ(g) and returns the rank of the result and its
// nuclear norm Σ max(σ_i − τ, 0). dst may be g.
func (s *SVT) Apply(dst *mat.Dense, tau float64, g mat.Matrix) (rank int, nuclear float64, err error) {
	r, c := g.Dims()
	if dst.IsEmpty() {
		dst.ReuseAs(r, c)
	}
	if dr, dc := dst.Dims(); dr != r || dc != c {
		panic(mat.ErrShape)
	}
	if s.Method == GramMethod {
		return s.applyGram(dst, tau, g)
	}
	if !s.svd.Factorize(g, mat.SVDThin) {
		return 0, 0, ErrSVD
	}
	if k := min(r, c); cap(s.sv) < k {
		s.sv = make([]float64, k)
	} else {
		s.sv = s.sv[:k]
	}
	s.svd.Values(s.sv)
	for _, sv := range s.sv {
		if sv <= tau {
			break // singular values come in decreasing order
		}
		rank++
		nuclear += sv - tau
	}
	if rank == 0 {
		dst.Zero()
		return 0, 0, nil
	}
	k := len(s.sv)
	reuse(&s.u, r, k)
	reuse(&s.v, c, k)
	s.svd.UTo(&s.u)
	s.svd.VTo(&s.v)
	u := s.u.Slice(0, r, 0, rank).(*mat.Dense)
	v := s.v.Slice(0, c, 0, rank).(*mat.Dense)
	// Scale the kept columns of U by the shrunken singular values, then
	// multiply by the kept rows of Vᵀ. Scaling U in place is safe: it is
	// rebuilt by UTo on the next call.
	for k := 0; k < rank; k++ {
		w := s.sv[k] - tau
		for i := 0; i < r; i++ {
			u.Set(i, k, u.At(i, k)*w)
		}
	}
	dst.Mul(u, v.T())
	return rank, nuclear, nil
}

// reuse empties m unless it already has the shape r×c, as gonum's
// factorization extractors require.
func reuse(m *mat.Dense, r, c int) {
	if mr, mc := m.Dims(); !m.IsEmpty() && (mr != r || mc != c) {
		m.Reset()
	}
}

// applyGram is Apply by the eigen-decomposition of the Gram matrix of the
// shorter side: for r ≥ c, GᵀG = V Λ Vᵀ and Θ_τ(G) = G (V f(Λ) Vᵀ); for
// r < c it works on Gᵀ.
func (s *SVT) applyGram(dst *mat.Dense, tau float64, g mat.Matrix) (rank int, nuclear float64, err error) {
	r, c := g.Dims()
	if r < c {
		// Θ_τ(G) = Θ_τ(Gᵀ)ᵀ.
		var t mat.Dense
		rank, nuclear, err = s.applyGram(&t, tau, g.T())
		if err == nil {
			dst.Copy(t.T())
		}
		return rank, nuclear, err
	}
	eig := s.Eig
	if eig == nil {
		eig = &s.eig
	}
	// Only the eigenvectors of the eigenvalues above τ² of GᵀG enter Θ.
	if _, ok := eig.FactorizeOuter(g.T(), true, tau*tau); !ok {
		return 0, 0, ErrSVD
	}
	lam := eig.Values(s.sv)
	s.sv = lam
	vec := eig.Vectors()
	// Eigenvalues ascend: the kept ones (σ > τ) are the last.
	first := c
	for first > 0 && lam[first-1] > tau*tau && math.Sqrt(lam[first-1]) > tau {
		first--
	}
	rank = c - first
	if rank == 0 {
		dst.Zero()
		return 0, 0, nil
	}
	// W = V_k diag(√f), so that V f Vᵀ = W Wᵀ, scaled in place in the
	// kept columns of the eigenvectors, which nothing reads after.
	fs := grow(&s.fs, rank, c)
	for k := range fs {
		sigma := math.Sqrt(lam[first+k])
		nuclear += sigma - tau
		fs[k] = math.Sqrt(1 - tau/sigma)
	}
	vr := vec.RawMatrix()
	for i := 0; i < c; i++ {
		row := vr.Data[i*vr.Stride+first : i*vr.Stride+c]
		for k, f := range fs {
			row[k] *= f
		}
	}
	w := vec.Slice(0, c, first, c).(*mat.Dense)
	out := dst
	if aliased(dst, g) {
		out = &s.dstG
		out.Reset()
		out.ReuseAs(r, c)
	}
	// G W (r × rank) or Φ (c × c) is written in the decomposition's
	// spare block, dead after it.
	spare := eig.Spare()
	if lowRank(rank, c) {
		// Low rank: Θ = (G W) Wᵀ.
		var gv *mat.Dense
		if len(spare) >= r*rank {
			gv = mat.NewDense(r, rank, spare[:r*rank])
		} else {
			gv = mat.NewDense(r, rank, grow(&s.gvData, r*rank, r*c))
		}
		gv.Mul(g, w)
		out.Mul(gv, w.T())
	} else {
		// Φ = W Wᵀ by a symmetric rank-k update, mirrored, then G Φ.
		wr := w.RawMatrix()
		blas64.Implementation().Dsyrk(blas.Upper, blas.NoTrans, c, rank, 1, wr.Data, wr.Stride, 0, spare, c)
		for i := 0; i < c; i++ {
			for j := 0; j < i; j++ {
				spare[i*c+j] = spare[j*c+i]
			}
		}
		out.Mul(g, mat.NewDense(c, c, spare[:c*c]))
	}
	if out != dst {
		dst.Copy(out)
	}
	return rank, nuclear, nil
}

// lowRank reports whether applyGram forms Θ = (G W) Wᵀ, 4rc·rank flops
// for G r×c, rather than G Φ, c²·rank + 2rc² (the symmetric update of Φ
// and the product). For the square G of the solvers the first takes fewer
// flops up to rank 2c/3; it is taken there from order lowRankWide, and up
// to rank c/3 below it, where the page's problems and the paper's trials
// (at most 800 samples) keep the products, and the bits, of that rule.
func lowRank(rank, c int) bool {
	if c >= lowRankWide {
		return 3*rank < 2*c
	}
	return 3*rank < c
}

// lowRankWide is the order from which lowRank goes up to rank 2c/3.
const lowRankWide = 1024

// grow returns (*b)[:n], reallocated when shorter with a quarter more
// (at most most): the rank, and with it n, creeps from call to call.
func grow(b *[]float64, n, most int) []float64 {
	if cap(*b) < n {
		*b = make([]float64, n, max(n, min(most, n+n/4)))
	}
	return (*b)[:n]
}

// aliased reports whether dst and g may share storage.
func aliased(dst *mat.Dense, g mat.Matrix) bool {
	gd, ok := g.(*mat.Dense)
	if !ok {
		return false
	}
	a, b := dst.RawMatrix().Data, gd.RawMatrix().Data
	return len(a) > 0 && len(b) > 0 && &a[0] == &b[0]
}
