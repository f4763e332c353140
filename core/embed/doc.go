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
// by gonum/optimize's L-BFGS. The graph is then built from Z as in Algorithm 2.
//
// PCA+NNLRS projects the samples on their first r principal directions and
// builds the NNLRS graph of the projections: NNLRS-EF without the learning
// of P, and the point NNLRS-EF starts from.
//
// # The choice of γ
//
// The paper sets γ "empirically" and does not report it (DefaultGamma). For
// unit-norm samples and P
// with orthonormal rows, scaling P by s changes λ||PX(I − Z)||_2,1 by the
// factor s and γ||X − PᵀPX||² by γ(s² − 1)²||PX||² to second order, so the
// error term always pays for shrinking P, and the γ term must be large
// enough to stop it: P = 0 satisfies the constraint with E = 0 for any Z.
// Measured on Yale B faces (15 subjects × 20 images, λ = 3, β = 0.2, 5
// alternations; `nnlrs graph -method nnlrs-ef`):
//
//	γ     ||P||_F²/r   off-diagonal weight within classes
//	1     0.21         9.9% (chance: 6.9%)
//	10    0.90         59.1%
//	100   0.99         62.2%
//	PCA+NNLRS          62.6%
//
// With γ = 1 each P step shrinks P, mostly along the weak principal
// directions, the projected samples crowd onto the leading ones, and the
// next Z step's graph degrades while the objective keeps falling;
// normalizing the projected samples (Settings.Normalize) does not prevent
// it (11.7% within classes at γ = 1). γ = 100 keeps the learned P within 1%
// of PCA's scale and the graph at PCA+NNLRS's quality (at λ = 10 too: 87.9%
// against 88.2%; γ = 1 there: 47.2%). In the full runs of docs/RESULTS.md
// NNLRS-EF at γ = 100 errs within 1 point of PCA+NNLRS.
package embed
