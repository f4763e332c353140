package prox

import (
	"errors"

	"gonum.org/v1/gonum/mat"
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
	svd  mat.SVD
	u, v mat.Dense
	sv   []float64
}

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
