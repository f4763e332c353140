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

// Every lists every graph the project builds: All, then those of the
// embedded features (NNLRS-EF, the paper's last column, and PCA+NNLRS, the
// baseline of its joint-learning figure).
var Every = []Name{KNN0, KNN1, LLE0, LLE1, L1, SPG, LRR, NNLRS, NNLRSEF, PCANNLRS}

// names are, for every graph, its title in the paper's tables and its
// label on the page: plain letters, and kNN0 as "kNN", the page's one kNN
// graph.
var names = map[Name]struct{ title, label string }{
	KNN0: {"kNN0", "kNN"}, KNN1: {"kNN1", "kNN1"}, LLE0: {"LLE0", "LLE0"}, LLE1: {"LLE1", "LLE1"},
	L1: {"ℓ1", "l1"}, SPG: {"SPG", "SPG"}, LRR: {"LRR", "LRR"}, NNLRS: {"NNLRS", "NNLRS"},
	NNLRSEF: {"NNLRS-EF", "NNLRS-EF"}, PCANNLRS: {"PCA+NNLRS", "PCA+NNLRS"},
}

// Title returns the name of graph m in the paper's tables ("kNN0", "ℓ1",
// "NNLRS-EF"), m itself for a graph it does not know.
func Title(m Name) string {
	if n, ok := names[m]; ok {
		return n.title
	}
	return string(m)
}

// Label returns the name of graph m on the page ("kNN", "l1",
// "NNLRS-EF"), m itself for a graph it does not know.
func Label(m Name) string {
	if n, ok := names[m]; ok {
		return n.label
	}
	return string(m)
}

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
func Parse(s string) (Name, error) { return ParseIn(s, All) }

// ParseIn returns the graph of among named s, or an error that lists them.
func ParseIn(s string, among []Name) (Name, error) {
	for _, m := range among {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown graph %q (graphs: %s)", s, Join(among, ", "))
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

// Bytes returns an estimate of the memory the graph named m needs on n
// samples of dimension d: Live, with a tenth more for NNLRS and LRR as
// the garbage collector's margin. Callers refuse problems too large for
// the machine or the browser before any work.
func Bytes(m Name, d, n int) int64 {
	words := Live(m, d, n) / 8
	if m == NNLRS || m == LRR {
		words += words / 10
	}
	return 8 * words
}

// Live returns the matrices the graph named m keeps on n samples of
// dimension d: for NNLRS and LRR the peak of the solver's matrices
// (lowrank.ADMM, the default) counted one by one; for the other graphs a
// rough upper count of their n×n and d×n matrices. The command line caps
// its heap near it, so that the collector runs before garbage lifts the
// peak above the matrices.
//
// The ADMM solve keeps, on n samples, k = min(d, n) rows of the data
// after its QR reduction:
//
//   - its iterate, the image and Anderson's history (Memory 3 for NNLRS,
//     10 for LRR): 2·Memory + 2 copies of b n×n blocks (Z, U₂, U₃; b = 3,
//     or 2 where U₂ is implied by the others, from 1000 samples on; one
//     fewer each for LRR, which has no U₃) and of some k×n blocks;
//   - the blocks of a step (J, G₂, H, C), the certificate's AᵀA (formed
//     in a dead block instead from 1000 samples on) and its AᵀU (LRR), the
//     divide and conquer's Δ (LRR; NNLRS lends H for it) and gemm's packed
//     panels: 6 n×n for NNLRS, 5 from 1000 samples on, 8 for LRR (one over
//     these, as a margin). The eigen-decomposition's matrix and vectors,
//     the SVT's kept vectors (in the vectors' block) and its Φ = W Wᵀ or
//     G W (in Δ, see prox.SVT) and NNLRS's AᵀU and Y₂ live in blocks dead
//     while they are used;
//   - 25 to 35 blocks of k×n, and K⁻¹ (n×n) and a temporary where the
//     Z-step cannot use the Woodbury identity (3k ≥ 2n).
//
// Measured peaks of the live heap lie within 5% of the count at n = 300
// (synthetic data) and on USPS digits at n = 2000 (docs/BENCH.md); λ
// changes them little.
func Live(m Name, d, n int) int64 {
	nn, dn := int64(n)*int64(n), int64(d)*int64(n)
	var words int64
	switch m {
	case NNLRS, LRR:
		k := int64(min(d, n))
		implied := nn >= impliedSize
		b, mem, rest, kn := int64(3), int64(3), int64(6), int64(25)
		if m == LRR {
			b, mem, rest, kn = 2, 10, 8, 28
		}
		if implied {
			b--
			kn += 10
			if m == NNLRS {
				rest-- // AᵀA
			}
		}
		blocks := (2*mem+2)*b + rest
		if 3*k >= 2*int64(n) {
			blocks += 2
		}
		words = blocks*nn + kn*k*int64(n) + 2*dn
	case L1:
		words = 3*nn + 4*dn
	case SPG:
		words = 4*nn + 2*dn
	default: // knn, lle: distances, Z, W
		words = 4*nn + 2*dn
	}
	return 8 * words
}

// impliedSize is the n² from which the ADMM solver implies U₂ rather than
// storing it (lowrank's impliedMinSize).
const impliedSize = 1000 * 1000
