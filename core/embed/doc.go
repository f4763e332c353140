// Package embed learns the data embedding of NNLRS-EF jointly with the
// graph (Zhuang et al., Section IV), and provides the PCA+NNLRS baseline of
// the paper's Section V-E.
//
// NNLRS-EF, problem (14) of the paper, looks for a projection P (r×d, r =
// 100 in the paper) together with the representation:
//
//	min_{Z,E,P} ||Z||_* + β||Z||_1 + λ||E||_2,1 + γ||X − PᵀPX||_F²
//	s.t.  PX = PXZ + E,  Z ≥ 0.
//
// It is not convex; Algorithm 4 alternates between Z (with E) for a fixed P,
// a convex NNLRS problem with X and A replaced by PX (the paper solves it
// by LADMAP, Algorithm 1; here lowrank's ADMM, the solver of graph.NNLRS,
// solves it unless LADMAP is asked for), and P (with E) for a fixed Z,
// solved by the inexact ALM of Algorithm 3 with the P-subproblem minimized
// by L-BFGS. The graph is then built from Z as in Algorithm 2.
//
// PCA+NNLRS projects the samples on their first r principal directions and
// builds the NNLRS graph of the projections: NNLRS-EF without the learning
// of P, and the point NNLRS-EF starts from.
package embed
