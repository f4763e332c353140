// Package propagate spreads labels over a weighted graph, the two
// semi-supervised classifiers of the NNLRS paper (Section V-B):
//
//	GHF  Zhu, Ghahramani and Lafferty 2003: the harmonic solution
//	     F_u = (D_uu − W_uu)⁻¹ W_ul Y_l, labeled nodes clamped
//	LGC  Zhou, Bousquet, Lal, Weston and Schölkopf 2004:
//	     F = (I − αS)⁻¹ Y with S = D^{-1/2} W D^{-1/2}
//
// Both come as a closed form and as an iterator whose F(t) converges to
// it, for watching propagation step by step.
//
// Labels are given as one int per node, with Unlabeled (−1) for the nodes to
// classify; class values are arbitrary non-negative ints.
//
// Conventions, decided here because the paper is silent:
//   - Self-loops (W's diagonal, which Algorithm 2 keeps) do not enter
//     propagation: GHF's Laplacian cancels them anyway, and in LGC a
//     self-loop would only hold a node to its own initial value. Zhou et al.
//     set W_ii = 0; so do both methods here.
//   - A node that no labeled node reaches (an isolated node, or a connected
//     component without labels, common after thresholding) has no defined
//     harmonic value and F = 0 under LGC. It gets no prediction: Predict
//     returns Unlabeled for it, Result.Unreached marks it, and ErrorRate
//     counts it as an error. It never silently becomes the first class.
package propagate
