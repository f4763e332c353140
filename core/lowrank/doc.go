// Package lowrank solves the low-rank representation problems behind the
// NNLRS and LRR graphs:
//
//	NNLRS (Zhuang et al., problem (6)):
//	    min_{Z,E} ||Z||_* + β||Z||_1 + λ||E||_2,1   s.t.  X = AZ + E,  Z ≥ 0,
//	LRR (Liu, Lin and Yu 2010), the same without β||Z||_1 and Z ≥ 0:
//	    min_{Z,E} ||Z||_* + λ||E||_2,1   s.t.  X = AZ + E.
//
// Each has one entry point, NNLRS and LRR, and is solved by a method, a
// value that carries its own settings, as the methods of gonum's optimize
// do; the zero value of each gives its documented defaults:
//
//   - &ADMM{}, the default for both (nil), an exact alternating direction
//     method whose stopping rule certifies the objective by Lagrangian
//     duality (admm.go, certificate.go, anderson.go). ADMM returns its end
//     state in Result.Warm; &ADMM{Start: res.Warm} solves the same problem
//     on the same data with other β and λ from there, with the same
//     certificate, in fewer iterations after a small step (warm.go).
//   - &LADMAP{} for NNLRS, Algorithm 1 of the paper (Lin, Liu and Su 2011)
//     as written (ladmap.go).
//   - &ALM{} for LRR, the inexact augmented Lagrange multiplier method of
//     Liu et al.'s code (alm.go).
//
// Every solver returns a Result whose Status says how it ended:
// Converged, or with its last iterate when the iteration cap
// (IterationLimit) or a cancelled context (Cancelled) stopped it first.
// Errors are for failures only: input refused before any work (an *Error),
// a warm start from other data (ErrStartMismatch), iterates that are not
// finite.
//
// Bounds and LRRBounds bracket the optimum from any approximate solution
// and its multipliers, by the dual problem written in certificate.go.
//
// X is d×n with one sample per column and the dictionary A is d×m (A = X for
// the graphs; NNLRS-EF uses A = PX); Z is m×n.
package lowrank
