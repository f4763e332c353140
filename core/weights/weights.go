package weights

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// ThresholdNormalized carries out steps 3 and 4 of Algorithm 2 on a copy of
// z: each column scaled to unit l2 norm (zero columns stay zero), entries
// below θ zeroed, and W = (Ẑ + Ẑᵀ)/2 returned.
func ThresholdNormalized(z mat.Matrix, theta float64) *mat.SymDense {
	n, c := z.Dims()
	if n != c {
		panic(mat.ErrShape)
	}
	zh := mat.DenseCopyOf(z)
	linalg.NormalizeColumns(zh)
	zh.Apply(func(_, _ int, v float64) float64 {
		if v >= theta {
			return v
		}
		return 0
	}, zh)
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			w.SetSym(i, j, (zh.At(i, j)+zh.At(j, i))/2)
		}
	}
	return w
}

// SymmetrizeAbs returns W = (|Z| + |Zᵀ|)/2 for a square Z, the
// symmetrization the paper applies to the LLE, l1 and LRR graphs.
func SymmetrizeAbs(z mat.Matrix) *mat.SymDense {
	n, c := z.Dims()
	if n != c {
		panic(mat.ErrShape)
	}
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			w.SetSym(i, j, (math.Abs(z.At(i, j))+math.Abs(z.At(j, i)))/2)
		}
	}
	return w
}

// RowMajor returns the entries of m row after row, the layout in which
// the page and its workers exchange W and Z.
func RowMajor(m mat.Matrix) []float64 {
	r, c := m.Dims()
	v := make([]float64, r*c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			v[i*c+j] = m.At(i, j)
		}
	}
	return v
}
