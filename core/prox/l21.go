package prox

import (
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// L21 sets dst to Ω_τ(a), the column-wise shrinkage
//
//	Ω_τ(A)_:j = max(1 − τ/||a_j||_2, 0) a_j,
//
// the minimizer of τ||E||_2,1 + ½||E − A||_F² with ||E||_2,1 = Σ_j ||e_j||_2
// (Liu, Lin and Yu 2010, Lemma 3.2). dst is resized to the shape of a if it
// is empty and may be a.
func L21(dst *mat.Dense, tau float64, a *mat.Dense) {
	r, c := a.Dims()
	if dst.IsEmpty() {
		dst.ReuseAs(r, c)
	}
	if dr, dc := dst.Dims(); dr != r || dc != c {
		panic(mat.ErrShape)
	}
	norms := linalg.ColumnNorms(nil, a)
	for j, n := range norms {
		s := 0.0
		if n > tau {
			s = 1 - tau/n
		}
		for i := 0; i < r; i++ {
			dst.Set(i, j, s*a.At(i, j))
		}
	}
}
