// Package linalg holds the small dense linear-algebra helpers shared by the
// solvers of package core: finiteness checks, norms, numerical rank, inner
// products and column scaling. The symmetric eigensolver is package eigen,
// the blocked matrix multiply package gemm.
//
// Data matrices follow the paper's convention throughout core: X is d×n with
// one sample per column.
package linalg
