// Package graph builds the weighted sample graphs compared in the NNLRS paper
// (Zhuang et al., "Constructing a Non-Negative Low Rank and Sparse Graph with
// Data-Adaptive Features", Section V, "Comparison Methods").
//
// Call gemm.Use() (package nnlrs/core/gemm) once at the start of main, as
// the command line and the page's worker do, before building a graph: the
// solvers' matrix products go through gonum's BLAS, and Use installs the
// packed multiply, on every core, in its place (5 to 6 times gonum's
// Dgemm on one core natively, docs/BENCH.md). Without it the graphs are
// the same and take longer; the eigen-decompositions of NNLRS and LRR use
// the packed multiply either way. A library does not change the process's
// BLAS on import, so the choice is main's (ExampleBuild).
//
//	NNLRS  Algorithm 2: nonnegative low-rank and sparse representation
//	LRR    Liu et al. 2010: low-rank representation, W = (|Z| + |Zᵀ|)/2
//	L1     Yan and Wang 2009, Cheng et al. 2010: sparse code on [X\xᵢ, I]
//	SPG    He et al. 2011: nonnegative lasso per sample
//	KNN    Euclidean k nearest neighbours, Gaussian kernel
//	LLE    Wang and Zhang 2009: locally linear reconstruction weights
//
// Every builder takes the data as a d×n matrix with one sample per column and
// returns a Graph whose W is symmetric and n×n.
package graph
