package lowrank

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/mat"
)

// ErrStartMismatch is wrapped by the *Error that ADMM returns when its
// Start was saved from a solve with other data X, another dictionary A or
// the other problem (NNLRS or LRR). Test for it with errors.Is; solving
// again with Start nil (a cold start) is always possible.
var ErrStartMismatch = errors.New("lowrank: warm start from another problem")

// Warm is the end state of an ADMM solve of problem (6) or of LRR, kept
// in Result.Warm so that a later solve of the same problem on the same
// data X and dictionary A, with other β and λ (a step of the page's
// sliders), can start from it: &ADMM{Start: res.Warm}. Its fields are
// unexported; it is only read.
//
// It holds the fixed-point state of ADMM (see ADMM) after the last
// iteration: Z and the scaled multipliers U₁, U₂, U₃ of the constraints
// X = AZ + E, Z = J and Z = H (no U₃ for LRR), with the penalties μ they
// are scaled by; U₂ is left out where the solve implied it by U₁ and U₃
// (metric.go), and formed from them where the next solve stores it.
// U₁ lives in the coordinates the solver iterates in: QᵀX for the thin
// QR factor Q of X (or of [A X]) when d exceeds its number of columns,
// X itself otherwise. Householder QR is deterministic, so the same X and
// A give the same Q and the saved U₁ means the same multiplier Y₁ = μ₁QU₁
// in the next solve.
//
// Any start gives a correct answer: the stopping rule certifies the gap
// from the multipliers and from a feasible point of the new problem,
// whatever the iteration started from (certificate.go). A start only
// changes how many iterations the certificate takes. Still, a state from
// other data or the other problem is refused (ErrStartMismatch), since it
// is a caller's mistake: the state records the problem, the shapes and a
// fingerprint of the bits of X and A. A state saved with other penalties
// μ is rescaled to the new ones (Y = μU is what carries over), and β and
// λ may differ freely.
//
// A Warm takes (3m + k)·n floats (m×n Z, U₂, U₃ and k×n U₁, k ≤ d),
// three to four times the size of Z, m·n fewer without U₂; (2m + k)·n for
// LRR.
type Warm struct {
	lrr        bool // the state of an LRR solve
	d, k, m, n int
	fp         uint64     // fingerprint of X and A
	mu         [3]float64 // penalties the multipliers are scaled by
	p          Params     // the problem solved, for Params
	// The state: z, u2, u3 are m×n, u1 is k×n; u2 is nil where implied,
	// u3 for LRR.
	z, u1, u2, u3 *mat.Dense
}

// Params returns the β and λ of the solve that left w (β = 0 for LRR).
func (w *Warm) Params() Params { return w.p }

// fingerprint hashes the bits of x and a (FNV-1a over 64-bit words, with
// the shapes): equal for equal data, different for different data but for
// a chance of about 2⁻⁶⁴. A = X hashes X twice, which costs O(dn), little
// next to one iteration.
func fingerprint(x, a *mat.Dense) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	word := func(v uint64) { h = (h ^ v) * prime }
	hash := func(m *mat.Dense) {
		r, c := m.Dims()
		word(uint64(r))
		word(uint64(c))
		raw := m.RawMatrix()
		for i := 0; i < r; i++ {
			for _, v := range raw.Data[i*raw.Stride : i*raw.Stride+c] {
				word(math.Float64bits(v))
			}
		}
	}
	hash(x)
	hash(a)
	return h
}

// saveWarm returns the state st of s as a Warm, which takes its
// matrices: s is not used after.
func (s *admm) saveWarm(st state) *Warm {
	d, _ := s.x.Dims()
	return &Warm{
		lrr: s.pr.lrr,
		d:   d, k: s.k, m: s.m, n: s.n,
		fp: s.fp,
		mu: [3]float64{s.mu1, s.mu2, s.mu3},
		p:  s.pr.Params,
		z:  st.z, u1: st.u1, u2: st.u2, u3: st.u3,
	}
}

// start sets the state of s to w, with the multipliers rescaled to the
// penalties of s (U = Y/μ), and A·Z recomputed; or leaves the zero state
// if Z = 0 is already optimal to within Gap (zeroGap, certificate.go),
// where a cold start certifies at the first check: for small λ (the ends
// of the page's λ slider) a warm start would first have to undo the
// previous Z. The test only chooses the start; the answer is certified by
// the iteration either way. It returns an *Error wrapping
// ErrStartMismatch if w was saved from other data or the other problem.
func (s *admm) start(w *Warm) error {
	d, _ := s.x.Dims()
	if w.lrr != s.pr.lrr {
		return errorf("start state is from %s, the problem is %s: %w", problem{lrr: w.lrr}.name(), s.pr.name(), ErrStartMismatch)
	}
	if w.d != d || w.k != s.k || w.m != s.m || w.n != s.n {
		return errorf("start state is for %d×%d data and %d atoms, the problem has %d×%d and %d: %w",
			w.d, w.n, w.m, d, s.n, s.m, ErrStartMismatch)
	}
	if w.fp != s.fp {
		return errorf("start state is for other data or another dictionary of the same shape: %w", ErrStartMismatch)
	}
	if s.zeroGap() < s.set.Gap {
		return nil
	}
	s.xs.z.Copy(w.z)
	s.xs.u1.Scale(w.mu[0]/s.mu1, w.u1)
	if !s.pr.lrr {
		s.xs.u3.Scale(w.mu[2]/s.mu3, w.u3)
	}
	switch {
	case s.xs.u2 != nil && w.u2 != nil:
		s.xs.u2.Scale(w.mu[1]/s.mu2, w.u2)
	case s.xs.u2 != nil:
		// Stored here, implied in the saved solve: μ₂U₂ = μ₁AᵀU₁ − μ₃U₃.
		s.xs.u2.Mul(s.opA().T(), s.xs.u1)
		s.xs.u2.Scale(s.mu1/s.mu2, s.xs.u2)
		if !s.pr.lrr {
			var u3 mat.Dense
			u3.Scale(s.mu3/s.mu2, s.xs.u3)
			s.xs.u2.Sub(s.xs.u2, &u3)
		}
	}
	s.xs.az.Mul(s.opA(), s.xs.z)
	return nil
}
