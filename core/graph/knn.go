package graph

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// The neighbour counts and the kernel width of the paper's kNN-graphs
// (Section V, "Comparison Methods"): kNN0 uses KNN0K neighbours, kNN1
// KNN1K, both with σ = KNNSigma.
const (
	KNN0K    = 5
	KNN1K    = 8
	KNNSigma = 1.0
)

// KNN builds the k-nearest-neighbour graph of the paper's baselines kNN0
// and kNN1: Euclidean neighbours, with edges re-weighted by a Gaussian
// kernel,
//
//	w_ij = exp(−||x_i − x_j||² / (2σ²))   if j ∈ N_k(i) or i ∈ N_k(j),
//	w_ij = 0                               otherwise, and w_ii = 0,
//
// where N_k(i) holds the k samples nearest to x_i other than x_i itself,
// ties broken by the smaller index. The union ("or") makes W symmetric: an
// edge is kept if either end counts the other among its neighbours, so a
// sample may have more than k edges. The paper sets σ = 1 (KNNSigma), a
// width suited to its unit-norm samples, whose squared distances lie in
// [0, 4]; KNN uses the samples as given. Graph.Z and Graph.E are nil.
//
// KNN returns an error for invalid data (NaN or Inf entries, fewer than 2
// samples), for k < 1 or k ≥ n, and for σ not positive and finite.
func KNN(x *mat.Dense, k int, sigma float64) (*Graph, error) {
	if err := checkData(x); err != nil {
		return nil, err
	}
	_, n := x.Dims()
	if k < 1 || k >= n {
		return nil, errorf("need 1 <= k < n = %d neighbours, have k = %d", n, k)
	}
	if !(sigma > 0) || math.IsInf(sigma, 0) {
		return nil, errorf("need kernel width sigma > 0, have %v", sigma)
	}
	dist := sqDistances(x)
	w := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for _, j := range nearest(dist, i, k) {
			w.SetSym(i, j, math.Exp(-dist.at(i, j)/(2*sigma*sigma)))
		}
	}
	return &Graph{Method: "knn", W: w, Info: Info{Converged: true}}, nil
}

// sqDist holds the squared Euclidean distances between n samples,
// row-major.
type sqDist struct {
	n int
	d []float64
}

func (s sqDist) at(i, j int) float64 { return s.d[i*s.n+j] }

// sqDistances returns the squared distances between the columns of x.
// They are summed from the differences, not from a Gram matrix, so that
// they are exactly symmetric, exactly 0 between equal samples, accurate
// between near-duplicates, and equal distances of exactly representable
// points tie exactly.
func sqDistances(x *mat.Dense) sqDist {
	d, n := x.Dims()
	cols := make([]float64, n*d) // sample j is cols[j*d : (j+1)*d]
	for j := 0; j < n; j++ {
		mat.Col(cols[j*d:(j+1)*d], j, x)
	}
	dist := sqDist{n: n, d: make([]float64, n*n)}
	for i := 0; i < n; i++ {
		xi := cols[i*d : (i+1)*d]
		for j := i + 1; j < n; j++ {
			xj := cols[j*d : (j+1)*d]
			s := 0.0
			for k, v := range xi {
				t := v - xj[k]
				s += t * t
			}
			dist.d[i*n+j], dist.d[j*n+i] = s, s
		}
	}
	return dist
}

// nearest returns the indices of the k samples nearest to sample i, other
// than i, in order of increasing distance, ties broken by the smaller
// index. It keeps a sorted list of k candidates, O(nk).
func nearest(dist sqDist, i, k int) []int {
	nb := make([]int, 0, k)
	for j := 0; j < dist.n; j++ {
		if j == i {
			continue
		}
		dj := dist.at(i, j)
		if len(nb) == k && dj >= dist.at(i, nb[k-1]) {
			// Not nearer than the k-th; on a tie the smaller index, seen
			// first, stays.
			continue
		}
		// Insert after every candidate at distance <= dj.
		p := len(nb)
		for p > 0 && dist.at(i, nb[p-1]) > dj {
			p--
		}
		if len(nb) < k {
			nb = append(nb, 0)
		}
		copy(nb[p+1:], nb[p:len(nb)-1])
		nb[p] = j
	}
	return nb
}
