// Package lasso codes every sample of a data set sparsely over the other
// samples, the per-sample problems behind the l1-graph and SPG baselines of
// the NNLRS paper (Zhuang et al., Section V, "Comparison Methods").
//
// The data X is d×n with one sample x_i per column, and X_{\i} is X with
// column i left out. Robust solves the l1-graph problem of Yan and Wang
// (SDM 2009) and Cheng et al. ("Learning with l1-graph for image analysis",
// IEEE TIP 2010) in its lasso form over the dictionary [X_{\i}, I]:
//
//	min_{c,e} ½||x_i − X_{\i}c − e||² + λ(||c||_1 + ||e||_1),
//
// and NonNeg the nonnegative lasso of SPG (He et al., "Nonnegative sparse
// coding for discriminative semi-supervised learning", CVPR 2011):
//
//	min_c ½||x_i − X_{\i}c||² + λ||c||_1   s.t.  c ≥ 0.
//
// Both use cyclic coordinate descent (Friedman, Hastie and Tibshirani,
// "Regularization paths for generalized linear models via coordinate
// descent", J. Stat. Softw. 2010) with an active set, polished by exact
// solves of the optimality conditions on the current support in the manner
// of Lawson and Hanson's NNLS, and stop when the optimality (KKT) conditions
// hold to a tolerance. Sample i is left out by masking its coordinate, not
// by copying X. The codes are the columns of an n×n matrix Z (Z[i][i] = 0),
// as in X ≈ XZ.
//
// # The robust problem (Robust)
//
// Robust's problem is the lasso form of the equality-constrained problem
// of Cheng et al.,
//
//	min_{c,e} ||c||_1 + ||e||_1   s.t.  x_i = X_{\i}c + e,
//
// which they solved with the interior-point code l1-magic. Minimizing over
// e first shows what λ does: the lasso form is
//
//	min_c Σ_k H_λ((x_i − Xc)_k) + λ||c||_1,
//
// with the Huber function H_λ(t) = t²/2 for |t| ≤ λ and λ|t| − λ²/2
// otherwise, and H_λ(t)/λ → |t| as λ → 0: the lasso form is Cheng et al.'s
// problem, min_c ||x_i − Xc||_1 + ||c||_1, with the l1 loss smoothed over
// a width λ, and every solution keeps ||x_i − Xc − e||_∞ ≤ λ.
//
// The lasso form is solved by cyclic coordinate descent, which touches
// only the coordinates it changes and so exploits the sparsity of the code,
// where interior-point and ADMM solvers of the equality form spend O(nd) or
// more on every iteration and reach exact zeros only in the limit. With the
// residual r = x_i − Xc − e kept up to date, the updates are
//
//	c_j ← S_{λ/||x_j||²}(c_j + x_jᵀr/||x_j||²),   e_k ← S_λ(e_k + r_k),
//
// S the soft threshold; a c update costs O(d) and an e update O(1). Sweeps
// over the active set alternate with full sweeps, and a coordinate is
// updated only when it violates its optimality condition
//
//	c_j ≠ 0 ⇒ x_jᵀr = λ sign(c_j),   c_j = 0 ⇒ |x_jᵀr| ≤ λ,
//	e_k ≠ 0 ⇒ r_k = λ sign(e_k),     e_k = 0 ⇒ |r_k| ≤ λ,
//
// by more than Settings.Tol·||x_i||·max(1, max_j ||x_j||). In dual terms
// y = r/λ satisfies ||[X_{\i}, I]ᵀy||_∞ ≤ 1 with equality, of the right
// sign, on the support: the optimality certificate of the equality form
// for the nearby sample x_i − r.
//
// For small λ coordinate descent finds the support quickly but then
// converges slowly, so when the active sweeps settle, or leave the supports
// unchanged for 8 sweeps (a wait that doubles after every failed try),
// Robust polishes: with the signs s of c on its support A and σ of e on its
// support A_e, the conditions on the supports say r = λσ on A_e, hence
// e_k = x_k − (Xc)_k − λσ_k there, and with K the other rows
//
//	X_{K,A}ᵀX_{K,A} c_A = X_{K,A}ᵀ x_{i,K} + λ X_{A_e,A}ᵀ σ − λ s,
//
// an |A|×|A| system solved by Cholesky. A solution that keeps the signs
// minimizes the objective over the orthant face of the supports and is
// taken; otherwise the codes move towards it until the first coefficient
// reaches 0, which leaves its support, and the solve is repeated, as in the
// inner loop of Lawson and Hanson's NNLS. If the system is singular (more
// coefficients than rows in K, duplicate samples), the codes move along a
// null direction of it until a coefficient reaches 0, in the orientation
// that does not increase the objective. Either way the objective does not
// increase. The solve of x_i stops after a full sweep in which no condition
// is violated, checked on a residual recomputed from scratch.
package lasso
