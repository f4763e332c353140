package linalg

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// ErrNotFinite is wrapped by the errors that report NaN or Inf entries.
var ErrNotFinite = errors.New("linalg: matrix has NaN or Inf entries")

// Finite returns an error naming the first NaN or Inf entry of m, or nil.
func Finite(m mat.Matrix) error {
	r, c := m.Dims()
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v := m.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%w: entry (%d, %d) is %v", ErrNotFinite, i, j, v)
			}
		}
	}
	return nil
}

// Norm2 returns the spectral norm ||m||_2, the largest singular value of m.
func Norm2(m mat.Matrix) float64 {
	r, c := m.Dims()
	if r == 0 || c == 0 {
		return 0
	}
	var svd mat.SVD
	if !svd.Factorize(m, mat.SVDNone) {
		// The SVD failed to converge; fall back on the Frobenius norm, an
		// upper bound of the spectral norm, which keeps step sizes safe.
		return mat.Norm(m, 2)
	}
	return svd.Values(nil)[0]
}

// NormalizeColumns scales every column of m to unit Euclidean norm in place
// and returns the original norms. Columns of norm zero are left unchanged
// and reported as 0.
func NormalizeColumns(m *mat.Dense) []float64 {
	r, c := m.Dims()
	norms := make([]float64, c)
	for j := 0; j < c; j++ {
		col := mat.Col(nil, j, m)
		n := 0.0
		for _, v := range col {
			n = math.Hypot(n, v)
		}
		norms[j] = n
		if n == 0 {
			continue
		}
		for i := 0; i < r; i++ {
			m.Set(i, j, m.At(i, j)/n)
		}
	}
	return norms
}

// ColumnNorms returns the Euclidean norm of every column of m.
func ColumnNorms(dst []float64, m mat.Matrix) []float64 {
	r, c := m.Dims()
	if dst == nil {
		dst = make([]float64, c)
	}
	if len(dst) != c {
		panic(mat.ErrShape)
	}
	for j := 0; j < c; j++ {
		s := 0.0
		for i := 0; i < r; i++ {
			v := m.At(i, j)
			s += v * v
		}
		dst[j] = math.Sqrt(s)
	}
	return dst
}

// Rank returns the numerical rank of a matrix with the singular values
// sv (in decreasing order, as mat.SVD gives them): how many exceed rtol
// times the largest.
func Rank(sv []float64, rtol float64) int {
	k := 0
	for _, v := range sv {
		if v > rtol*sv[0] {
			k++
		}
	}
	return k
}

// Inner returns the Frobenius inner product ⟨A, B⟩ = Σ_ij a_ij b_ij =
// tr(AᵀB) of two matrices of one shape.
func Inner(a, b mat.Matrix) float64 {
	r, c := a.Dims()
	if br, bc := b.Dims(); br != r || bc != c {
		panic(mat.ErrShape)
	}
	s := 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			s += a.At(i, j) * b.At(i, j)
		}
	}
	return s
}
