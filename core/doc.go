// Package core is the root of NNLRS Explorer's solver library: pure Go on
// gonum, with no browser and no ebiten imports (deps_test.go proves it).
//
//	linalg      dense helpers: finiteness checks, norms, rank, inner
//	            products, column scaling
//	eigen       the symmetric eigen-decomposition by divide and conquer
//	gemm        a packed matrix multiply (AVX2/FMA assembly on amd64) and
//	            a BLAS on it, installed by gemm.Use (the command line and
//	            the solver Web Worker do)
//	prox        proximal operators Θ (SVT), S (shrinkage), Ω (l2,1)
//	lowrank     NNLRS and LRR by a certified ADMM (the default), NNLRS by
//	            LADMAP (Algorithm 1), LRR by inexact ALM, duality bounds
//	lasso       per-sample sparse coding for the l1-graph and SPG
//	graph       the paper's graphs: NNLRS (Algorithm 2), LRR, l1, SPG, kNN, LLE
//	weights     W from Z (Algorithm 2's steps 3-4, |Z| + |Zᵀ|) and its
//	            measures; gonum only, so the page re-weights without a solve
//	method      the graphs' names and memory estimates; a leaf package
//	            (standard library only) for programs that do not link solvers
//	embed       NNLRS-EF, the embedding learned with the graph (Algorithms 3
//	            and 4), and the PCA+NNLRS baseline
//	propagate   label propagation: GHF and LGC, closed form or step by step,
//	            and the draw of the labeled samples
//	sda         semi-supervised discriminant analysis with a graph, and the
//	            nearest-neighbour classifier after it
//	experiment  the paper's experiments: protocols, seeded trials, error
//	            tables beside the paper's, tuning, the page's presets
//	matfile     a MATLAB v5 MAT-file reader (numeric matrices)
//	dataset     data sets, the paper's sampling protocol, synthetic subspaces
//	demo        the in-browser demo's runs, in the terms its page, workers
//	            and command line share; demo/draw draws their samples
//
// Data matrices are d×n with one sample per column, as in the paper.
package core
