// Package core is the root of NNLRS Explorer's solver library: pure Go on
// gonum, with no browser and no ebiten imports (deps_test.go proves it).
//
//	linalg   dense helpers: finiteness checks, norms, column scaling
//	prox     proximal operators Θ (SVT), S (shrinkage), Ω (l2,1)
//	lowrank  NNLRS by LADMAP (Algorithm 1), LRR by inexact ALM, duality bounds
//	lasso    per-sample sparse coding for the l1-graph and SPG
//	graph    the paper's graphs: NNLRS (Algorithm 2), LRR, l1, SPG, kNN, LLE
//	matfile  a MATLAB v5 MAT-file reader (numeric matrices)
//	dataset  data sets, the paper's sampling protocol, synthetic subspaces
//
// Data matrices are d×n with one sample per column, as in the paper.
package core
