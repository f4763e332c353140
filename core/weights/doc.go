// Package weights makes the weight matrix W of a graph from a
// representation Z and measures it.
//
//	ThresholdNormalized  steps 3-4 of the paper's Algorithm 2 (the NNLRS graph)
//	SymmetrizeAbs        W = (|Z| + |Zᵀ|)/2, for the LLE, l1 and LRR graphs
//	WithinClass, DiagonalShare, Density, Components
//	                     what the experiments and the page report of W
//
// It depends on gonum only, so that the page links it: a change of the
// threshold θ, which only re-weights Z, is redrawn in the page without a
// new solve.
package weights
