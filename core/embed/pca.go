package embed

import (
	"errors"

	"gonum.org/v1/gonum/mat"
)

// DefaultDim is the paper's reduced dimension: "we fix the reduced
// dimensionality to 100 in all our experiments" (Section V-A).
const DefaultDim = 100

// PCA returns the r×d projection whose rows are the first r left singular
// vectors of the d×n data x (one sample per column), the orthonormal P
// that minimizes the reconstruction error ||X − PᵀPX||_F², the γ term of
// NNLRS-EF. The samples are not centered: centering would turn the linear
// subspaces that the NNLRS graph looks for into affine ones, and it would
// not minimize the γ term. r is clipped to min(d, n).
func PCA(x *mat.Dense, r int) (*mat.Dense, error) {
	d, n := x.Dims()
	if r < 1 {
		return nil, errors.New("embed: PCA needs r >= 1")
	}
	r = min(r, d, n)
	var svd mat.SVD
	if !svd.Factorize(x, mat.SVDThinU) {
		return nil, errors.New("embed: SVD of the data failed to converge")
	}
	var u mat.Dense
	svd.UTo(&u)
	p := mat.NewDense(r, d, nil)
	p.Copy(u.Slice(0, d, 0, r).T())
	return p, nil
}
