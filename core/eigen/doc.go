// Package eigen computes the eigen-decomposition of a symmetric matrix by
// divide and conquer (Sym), as LAPACK's dsyevd: the method behind the Gram
// form of singular value thresholding (prox.GramMethod), which costs one
// n×n symmetric eigen-decomposition per iteration of the NNLRS solvers.
//
// gonum v0.17 has no divide and conquer (no Dstedc): its mat.EigenSym runs
// the implicit QL/QR iteration, whose plane rotations dominate at the
// solvers' sizes. The benchmarks BenchmarkSym* against BenchmarkGonumSym*
// here, and BenchmarkSVTGram* in core/prox, compare the two (figures in
// docs/BENCH.md).
package eigen
