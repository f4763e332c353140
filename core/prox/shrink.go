package prox

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Shrink sets dst to S_τ(a), the entrywise soft thresholding
//
//	S_τ(a)_ij = sign(a_ij) max(|a_ij| − τ, 0),
//
// the minimizer of τ||H||_1 + ½||H − A||_F² (Lin, Chen and Ma 2009). dst is
// resized to the shape of a if it is empty and may be a.
func Shrink(dst *mat.Dense, tau float64, a mat.Matrix) {
	apply(dst, a, func(v float64) float64 {
		switch {
		case v > tau:
			return v - tau
		case v < -tau:
			return v + tau
		}
		return 0
	})
}

// ShrinkNonneg sets dst to max(S_τ(a), 0) = max(a − τ, 0) entrywise, the
// minimizer of τ||H||_1 + ½||H − A||_F² subject to H ≥ 0: the H-update of
// equation (9) of the NNLRS paper.
func ShrinkNonneg(dst *mat.Dense, tau float64, a mat.Matrix) {
	apply(dst, a, func(v float64) float64 { return math.Max(v-tau, 0) })
}

func apply(dst *mat.Dense, a mat.Matrix, f func(float64) float64) {
	r, c := a.Dims()
	if dst.IsEmpty() {
		dst.ReuseAs(r, c)
	}
	if dr, dc := dst.Dims(); dr != r || dc != c {
		panic(mat.ErrShape)
	}
	if ad, ok := a.(*mat.Dense); ok {
		src, out := ad.RawMatrix(), dst.RawMatrix()
		for i := 0; i < r; i++ {
			srow := src.Data[i*src.Stride : i*src.Stride+c]
			drow := out.Data[i*out.Stride : i*out.Stride+c]
			for j, v := range srow {
				drow[j] = f(v)
			}
		}
		return
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			dst.Set(i, j, f(a.At(i, j)))
		}
	}
}
