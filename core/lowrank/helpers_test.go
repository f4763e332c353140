package lowrank

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// subspaces returns unit-norm samples drawn from k random independent
// subspaces of dimension dim in R^ambient, sizes[c] samples in class c,
// with their labels. Columns are samples.
func subspaces(rng *rand.Rand, ambient, dim int, sizes []int) (*mat.Dense, []int) {
	n := 0
	for _, s := range sizes {
		n += s
	}
	x := mat.NewDense(ambient, n, nil)
	labels := make([]int, 0, n)
	col := 0
	for c, s := range sizes {
		basis := mat.NewDense(ambient, dim, nil)
		for i := 0; i < ambient; i++ {
			for j := 0; j < dim; j++ {
				basis.Set(i, j, rng.NormFloat64())
			}
		}
		coef := mat.NewDense(dim, s, nil)
		for i := 0; i < dim; i++ {
			for j := 0; j < s; j++ {
				coef.Set(i, j, rng.NormFloat64())
			}
		}
		x.Slice(0, ambient, col, col+s).(*mat.Dense).Mul(basis, coef)
		for j := 0; j < s; j++ {
			labels = append(labels, c)
		}
		col += s
	}
	linalg.NormalizeColumns(x)
	return x, labels
}
