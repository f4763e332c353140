// Package lowrank solves the low-rank representation problems behind the
// NNLRS and LRR graphs.
//
// NNLRS (Zhuang et al., problem (6)) is solved by LADMAP, Algorithm 1 of the
// paper (Lin, Liu and Su 2011):
//
//	min_{Z,H,E} ||Z||_* + β||H||_1 + λ||E||_2,1   s.t.  X = AZ + E,  Z = H,  H ≥ 0.
//
// LRR (Liu, Lin and Yu 2010) is solved by the inexact augmented Lagrange
// multiplier method of its authors:
//
//	min_{Z,E} ||Z||_* + λ||E||_2,1   s.t.  X = AZ + E.
//
// X is d×n with one sample per column and the dictionary A is d×m (A = X for
// the graphs; NNLRS-EF uses A = PX); Z is m×n.
package lowrank
