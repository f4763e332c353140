// Package method names the graphs of the NNLRS paper (Zhuang et al.,
// Section V, "Comparison Methods") and tells how much memory each needs.
// It imports nothing beyond the standard library, so that programs that
// must not link the solvers (the page, which only checks sizes before it
// asks its workers) can use it; package graph builds the graphs it names.
package method

// The graphs, by the names the command line, the page and the results use.
const (
	KNN0  = "knn0"  // k nearest neighbours, heat-kernel weights
	KNN1  = "knn1"  // k nearest neighbours, more neighbours
	LLE0  = "lle0"  // locally linear embedding weights
	LLE1  = "lle1"  // locally linear embedding, more neighbours
	L1    = "l1"    // the ℓ1-graph (sparse coding)
	SPG   = "spg"   // sparsity preserving graph
	LRR   = "lrr"   // low-rank representation
	NNLRS = "nnlrs" // the paper's non-negative low-rank and sparse graph
)

// All lists the graphs in the column order of the paper's tables.
var All = []string{KNN0, KNN1, LLE0, LLE1, L1, SPG, LRR, NNLRS}

// Bytes returns a rough upper estimate of the memory the graph named m
// needs on n samples of dimension d, counting its n×n and d×n float64
// matrices (iterates, multipliers, decomposition factors and workspace),
// so that callers can refuse problems too large for the machine or the
// browser before any work.
func Bytes(m string, d, n int) int64 {
	nn, dn := int64(n)*int64(n), int64(d)*int64(n)
	var words int64
	switch m {
	case NNLRS, LRR:
		// Z, H, Y2, G, Z_new, U, V, SVD work; X, E, Y1, AZ, R.
		words = 12*nn + 6*dn
	case L1:
		words = 3*nn + 4*dn
	case SPG:
		words = 4*nn + 2*dn
	default: // knn, lle: distances, Z, W
		words = 4*nn + 2*dn
	}
	return 8 * words
}
