// Package method names the graphs of the NNLRS paper (Zhuang et al.,
// Section V, "Comparison Methods") and tells how much memory each needs.
// It imports nothing beyond the standard library, so that programs that
// must not link the solvers (the page, which only checks sizes before it
// asks its workers) can use it; package graph builds the graphs it names.
package method

import "fmt"

// Name names a graph construction, as the command line, the page and the
// results files spell it.
type Name string

// The graphs, by the names the command line, the page and the results use.
const (
	KNN0  Name = "knn0"  // k nearest neighbours, heat-kernel weights
	KNN1  Name = "knn1"  // k nearest neighbours, more neighbours
	LLE0  Name = "lle0"  // locally linear embedding weights
	LLE1  Name = "lle1"  // locally linear embedding, more neighbours
	L1    Name = "l1"    // the ℓ1-graph (sparse coding)
	SPG   Name = "spg"   // sparsity preserving graph
	LRR   Name = "lrr"   // low-rank representation
	NNLRS Name = "nnlrs" // the paper's non-negative low-rank and sparse graph

	// The graphs of the embedded features (Section IV), built by package
	// embed rather than graph; they are not in All.
	NNLRSEF  Name = "nnlrs-ef"  // NNLRS with embedded features (Algorithms 3, 4)
	PCANNLRS Name = "pca-nnlrs" // PCA to a lower dimension, then NNLRS (Section V-E)
)

// All lists the graphs in the column order of the paper's tables.
var All = []Name{KNN0, KNN1, LLE0, LLE1, L1, SPG, LRR, NNLRS}

// Known reports whether m is one of All.
func Known(m Name) bool {
	for _, a := range All {
		if a == m {
			return true
		}
	}
	return false
}

// Parse returns the graph of All named s, or an error that lists the names
// if there is none: for names that come from outside (a command line, a
// URL, a message).
func Parse(s string) (Name, error) {
	if m := Name(s); Known(m) {
		return m, nil
	}
	return "", fmt.Errorf("unknown graph %q (graphs: %s)", s, Join(All, ", "))
}

// Join returns the names of ms separated by sep, as strings.Join.
func Join(ms []Name, sep string) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += sep
		}
		s += string(m)
	}
	return s
}

// Bytes returns a rough upper estimate of the memory the graph named m
// needs on n samples of dimension d, counting its n×n and d×n float64
// matrices (iterates, multipliers, decomposition factors and workspace),
// so that callers can refuse problems too large for the machine or the
// browser before any work.
func Bytes(m Name, d, n int) int64 {
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
