// Package prox implements the proximal operators used by the LADMAP solver
// of the NNLRS paper (Zhuang et al., Section III-B, equation (9)):
//
//	Θ_τ(G) = argmin_Z τ||Z||_* + ½||Z − G||_F²      singular value thresholding (Cai et al. 2010)
//	S_τ(A) = argmin_H τ||H||_1 + ½||H − A||_F²      shrinkage (Lin et al. 2009)
//	max(S_τ(A), 0) = argmin_{H≥0} τ||H||_1 + ½||H − A||_F²
//	Ω_τ(A) = argmin_E τ||E||_2,1 + ½||E − A||_F²    the l2,1 operator (Liu et al. 2010)
//
// Every function writes its result into a destination that may alias the
// input, following gonum's receiver-as-destination convention.
package prox
