package sda

import "gonum.org/v1/gonum/mat"

// NearestNeighbor classifies every column of query by the label of the
// nearest column of ref in Euclidean distance (the first on ties), the
// classifier the NNLRS paper applies after SDA (Section V-C). ref is k×m
// with labels refLabels, query is k×q; it returns q labels. It panics if
// the shapes do not match or ref is empty.
func NearestNeighbor(ref mat.Matrix, refLabels []int, query mat.Matrix) []int {
	k, m := ref.Dims()
	qk, q := query.Dims()
	if qk != k || len(refLabels) != m || m == 0 {
		panic(mat.ErrShape)
	}
	r := mat.DenseCopyOf(ref.T()) // m×k: rows are reference points
	qq := mat.DenseCopyOf(query.T())
	pred := make([]int, q)
	for j := 0; j < q; j++ {
		x := qq.RawRowView(j)
		best, bd := 0, 0.0
		for i := 0; i < m; i++ {
			y := r.RawRowView(i)
			s := 0.0
			for t, v := range x {
				e := v - y[t]
				s += e * e
			}
			if i == 0 || s < bd {
				best, bd = i, s
			}
		}
		pred[j] = refLabels[best]
	}
	return pred
}
