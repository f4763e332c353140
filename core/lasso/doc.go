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
package lasso
