// Package lowrank solves the low-rank representation problems behind the
// NNLRS and LRR graphs.
//
// NNLRS (Zhuang et al., problem (6)),
//
//	min_{Z,E} ||Z||_* + β||Z||_1 + λ||E||_2,1   s.t.  X = AZ + E,  Z ≥ 0,
//
// is solved by a Method, a value that carries its own settings, as the
// methods of gonum's optimize do: &ADMM{}, the default (nil), an exact
// alternating direction method whose stopping rule certifies the objective
// by Lagrangian duality (admm.go, certificate.go, anderson.go), or
// &LADMAP{}, Algorithm 1 of the paper (Lin, Liu and Su 2011) as written
// (ladmap.go). The zero value of each gives its documented defaults.
// ADMM returns its end state in Result.Warm; &ADMM{Start: res.Warm}
// solves the same data with other β and λ from there, with the same
// certificate, in fewer iterations after a small step (warm.go).
//
// LRR (Liu, Lin and Yu 2010) is solved by the inexact augmented Lagrange
// multiplier method of its authors (lrr.go):
//
//	min_{Z,E} ||Z||_* + λ||E||_2,1   s.t.  X = AZ + E.
//
// Every solver returns a Result whose Status says how it ended:
// Converged, or with its last iterate when the iteration cap
// (IterationLimit) or a cancelled context (Cancelled) stopped it first.
// Errors are for failures only: input refused before any work (an *Error),
// a warm start from other data (ErrStartMismatch), iterates that are not
// finite.
//
// Bounds brackets the optimum of problem (6) from any approximate solution
// and its multipliers (bounds.go).
//
// X is d×n with one sample per column and the dictionary A is d×m (A = X for
// the graphs; NNLRS-EF uses A = PX); Z is m×n.
package lowrank
