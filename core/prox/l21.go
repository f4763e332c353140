package prox

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// L21 sets dst to Ω_τ(a), the column-wise shrinkage
//
//	Ω_τ(A)_:j = max(1 − τ/||a_j||_2, 0) a_j,
//
// the minimizer of τ||E||_2,1 + ½||E − A||_F² with ||E||_2,1 = Σ_j ||e_j||_2
// (Liu, Lin and Yu 2010, Lemma 3.2), and returns ||dst||_2,1 =
// Σ_j max(||a_j||_2 − τ, 0). dst is resized to the shape of a if it is
// empty and may be a.
func L21(dst *mat.Dense, tau float64, a *mat.Dense) float64 {
	r, c := a.Dims()
	if dst.IsEmpty() {
		dst.ReuseAs(r, c)
	}
	if dr, dc := dst.Dims(); dr != r || dc != c {
		panic(mat.ErrShape)
	}
	am, dm := a.RawMatrix(), dst.RawMatrix()
	norm := 0.0
	for j := 0; j < c; j++ {
		n := 0.0
		for i := 0; i < r; i++ {
			v := am.Data[i*am.Stride+j]
			n += v * v
		}
		n = math.Sqrt(n)
		s := 0.0
		if n > tau {
			s = 1 - tau/n
			norm += n - tau
		}
		for i := 0; i < r; i++ {
			dm.Data[i*dm.Stride+j] = s * am.Data[i*am.Stride+j]
		}
	}
	return norm
}
