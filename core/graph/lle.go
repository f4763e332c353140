package graph

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/weights"
)

// The neighbour counts of the paper's LLE-graphs (Section V, "Comparison
// Methods"): LLE0 uses LLE0K neighbours, LLE1 LLE1K. LLEReg is the
// regularization of the local Gram matrix used by Roweis and Saul's code.
const (
	LLE0K  = 8
	LLE1K  = 10
	LLEReg = 1e-3
)

// LLE builds the LLE-graph of the paper's baselines LLE0 and LLE1 (Wang
// and Zhang, "Label propagation through linear neighborhoods", IEEE TPAMI
// 2009), from the locally linear reconstruction weights of Roweis and Saul
// ("Nonlinear dimensionality reduction by locally linear embedding",
// Science 2000). For each sample x_i with k nearest neighbours N_i
// (Euclidean distance, ties broken by the smaller index) the weights solve
//
//	min_w ||x_i − Σ_{j∈N_i} w_j x_j||²   s.t.  Σ_j w_j = 1,
//
// that is, with the local Gram matrix C_jl = (x_i − x_j)ᵀ(x_i − x_l),
//
//	(C + reg·tr(C)·I) w = 1,   w ← w / Σ_j w_j.
//
// The regularization makes C, which is singular when k > d or when
// neighbours are collinear, positive definite; reg = LLEReg (1e-3) is the
// value of Roweis and Saul's code, and reg = 0 is allowed when C is known
// to be nonsingular. If all k neighbours coincide with x_i (C = 0) every
// weight vector reconstructs x_i exactly and the weights are 1/k.
//
// Wang and Zhang constrain the weights to be nonnegative by a quadratic
// program; the paper remarks that "the weights W of LLE-graph may be
// negative and asymmetric", so LLE computes the unconstrained weights above
// and, as the paper does, symmetrizes W = (|Z| + |Zᵀ|)/2, where column i of
// Graph.Z holds the weights of sample i (Z[j][i] = w_j, Z[i][i] = 0).
//
// Info.Objective is the total reconstruction error
// Σ_i ||x_i − Σ_j Z_ji x_j||². Graph.E is nil. Invalid input (NaN or Inf entries, fewer than 2 samples,
// k < 1 or k ≥ n, reg < 0) returns an error, and so does a local Gram
// matrix that cannot be factorized.
func LLE(x *mat.Dense, k int, reg float64) (*Graph, error) {
	if err := checkData(x); err != nil {
		return nil, err
	}
	d, n := x.Dims()
	if k < 1 || k >= n {
		return nil, errorf("need 1 <= k < n = %d neighbours, have k = %d", n, k)
	}
	if !(reg >= 0) || math.IsInf(reg, 0) {
		return nil, errorf("need regularization reg >= 0, have %v", reg)
	}
	dist := sqDistances(x)
	z := mat.NewDense(n, n, nil)
	diff := mat.NewDense(d, k, nil)
	c := mat.NewSymDense(k, nil)
	w := mat.NewVecDense(k, nil)
	ones := mat.NewVecDense(k, nil)
	for t := 0; t < k; t++ {
		ones.SetVec(t, 1)
	}
	var chol mat.Cholesky
	obj := 0.0 // the reconstruction error
	for i := 0; i < n; i++ {
		nb := nearest(dist, i, k)
		for t, j := range nb {
			for s := 0; s < d; s++ {
				diff.Set(s, t, x.At(s, i)-x.At(s, j))
			}
		}
		c.SymOuterK(1, diff.T())
		tr := mat.Trace(c)
		if tr == 0 {
			for _, j := range nb {
				z.Set(j, i, 1/float64(k))
			}
			continue
		}
		for t := 0; t < k; t++ {
			c.SetSym(t, t, c.At(t, t)+reg*tr)
		}
		if !chol.Factorize(c) {
			return nil, errorf("local Gram matrix of sample %d is singular; use reg > 0", i)
		}
		if err := chol.SolveVecTo(w, ones); err != nil {
			return nil, errorf("local Gram matrix of sample %d: %w", i, err)
		}
		sum := mat.Sum(w)
		if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
			return nil, errorf("reconstruction weights of sample %d cannot be normalized (sum %v)", i, sum)
		}
		for t, j := range nb {
			z.Set(j, i, w.AtVec(t)/sum)
		}
		// x_i − Σ_j w_j x_j = Σ_j w_j (x_i − x_j) as the weights sum to 1.
		for s := 0; s < d; s++ {
			r := 0.0
			for t := range nb {
				r += w.AtVec(t) / sum * diff.At(s, t)
			}
			obj += r * r
		}
	}
	return &Graph{Method: "lle", W: weights.SymmetrizeAbs(z), Z: z, Info: Info{Converged: true, Objective: obj}}, nil
}
