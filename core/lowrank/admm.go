package lowrank

import (
	"context"
	"math"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
	"nnlrs/core/linalg"
	"nnlrs/core/parallel"
	"nnlrs/core/prox"
)

// ADMM solves NNLRS, problem (6), and LRR by the exact alternating
// direction method with the splitting
//
//	min ||J||_* + β||H||_1 + λ||E||_2,1  s.t.  X = AZ + E,  Z = J,  Z = H,  H ≥ 0,
//
// two blocks, (J, H, E) and Z, so that the classical convergence theory of
// ADMM applies (Boyd et al. 2011, Section 3.2). With penalties μ₁, μ₂, μ₃
// and scaled multipliers U_i = Y_i/μ_i, one iteration is
//
//	J = Θ_{1/μ₂}(Z + U₂)
//	H = max(Z + U₃ − β/μ₃, 0)
//	E = Ω_{λ/μ₁}(X − AZ + U₁)
//	Z = (μ₁AᵀA + (μ₂+μ₃)I)⁻¹ [μ₁Aᵀ(X − Ê + U₁) + μ₂(Ĵ − U₂) + μ₃(Ĥ − U₃)]
//	U₁ += X − AZ − Ê,  U₂ += Z − Ĵ,  U₃ += Z − Ĥ,
//
// where Ê, Ĵ, Ĥ are the over-relaxed blocks (Ĵ = αJ + (1 − α)Z_old, ...).
// LRR (Liu, Lin and Yu 2010) is the same problem without β||Z||_1 and
// Z ≥ 0: its splitting has no H, no U₃ and no μ₃ terms. The Z-step
// matrix is factorized once: the penalties do not change. The iteration
// is a fixed-point map of (Z, U₁, U₂, U₃), accelerated by Anderson mixing
// (anderson.go) with a restart when the fixed-point residual grows, and
// for LRR a return to the last plain step then (Zhang, Peng et al.,
// "Accelerating ADMM for efficient simulation and optimization", 2019).
//
// When d exceeds the number of columns of [A X], X and A are first
// replaced by QᵀX and QᵀA for a thin QR factor Q: E and Y₁ stay in the
// range of Q, the column norms of ||E||_2,1 are unchanged, so the
// iterates are the same at a smaller size.
//
// Stopping rule: every CheckEvery iterations the solver builds, from its
// multipliers, a point of the dual problem and evaluates its value
// D ≤ p* (a lower bound on the optimum, whatever the iterate), and the
// objective P of an exactly feasible point: Z = H ≥ 0, E = X − AH for
// NNLRS, Z = J, E = X − AJ for LRR (certificate.go). It stops when
// (P − D)/D < Gap, which certifies that the returned objective lies
// within a fraction Gap of the optimum, and returns that feasible point.
// Where the cheap bound of D fails but its numerator would certify, the
// dual point is refined and its norm computed before deciding (decide).
//
// The zero value gives the defaults, field by field. The defaults of the
// internal parameters (Mu, Relax, Memory, CheckEvery) were measured on the
// synthetic data and on the page's real data (docs/BENCH.md); they rarely
// need changing.
type ADMM struct {
	// Gap is the stopping rule: the relative duality gap (P − D)/D to
	// reach, default 4e-3.
	Gap float64
	// MaxIter caps the iterations, default 5000. Reaching it returns the
	// last feasible point with Status IterationLimit.
	MaxIter int

	// Mu are the penalties of the constraints X = AZ + E, Z = J and
	// Z = H (μ₃ is not used for LRR). Zero entries take the defaults:
	// for NNLRS on n samples μ₁ = 3λ up to λ = 3 and 5λ above, μ₂ = 2,
	// μ₃ = 0.4√(n·min(λ, 6.25)) (4√λ up to 10 at n = 100); for LRR 5λ
	// and 2. μ₁ proportional to λ keeps the threshold λ/μ₁ of the E-step
	// fixed whatever λ, on unit-norm samples. The rest is measured: the
	// fewest iterations over the page's data, its β and λ sliders, at
	// n = 100 and 400 (nnlrs bench -penalties, docs/BENCH.md).
	Mu [3]float64
	// Relax is the over-relaxation α ∈ (0, 2) of Eckstein and Bertsekas,
	// default 1.6; 1 is plain ADMM.
	Relax float64
	// Memory is the depth of the Anderson acceleration, default 3 for
	// NNLRS and 10 for LRR; a negative value turns it off. It keeps
	// 2·Memory copies of the iterate (Z and the multipliers), and each
	// mixing reads them all: NNLRS takes about as many iterations with 3
	// as with 10, each cheaper, where LRR needs the depth (measured over
	// the page's data and sliders, docs/BENCH.md).
	Memory int
	// CheckEvery is the number of iterations between two evaluations of
	// the duality-gap certificate, default 5.
	CheckEvery int

	// Start, if not nil, is the state to start from: Result.Warm of an
	// earlier solve of the same problem (NNLRS or LRR) on the same X and
	// A, with any β and λ (warm.go). nil starts from zero, as does a
	// Start when Z = 0 is already optimal to within Gap (small λ or large
	// β), where the cold start certifies at its first check. A Start from
	// other data or the other problem makes the solve fail with an *Error
	// wrapping ErrStartMismatch. The stopping rule is the same either way,
	// so a warm answer is certified as tightly as a cold one.
	Start *Warm
}

// The defaults of ADMM's stopping rule, penalties and Anderson depth:
// μ₁ = 3λ for NNLRS up to λ = 3, 5λ above and for LRR;
// μ₃ = 0.4√(n·min(λ, 6.25)).
const (
	admmDefaultGap     = 4e-3
	admmDefaultMaxIter = 5000
	admmMu1Small       = 3
	admmMu1Large       = 5
	admmMu1Lambda      = 3
	admmMu3PerRoot     = 0.4
	admmMu3Lambda      = 6.25
	admmMemory         = 3
	admmMemoryLRR      = 10
)

// String returns "admm".
func (*ADMM) String() string { return "admm" }

// withDefaults returns a copy of m (nil: the zero value) with every zero
// field set to its default for the problem pr on n samples.
func (m *ADMM) withDefaults(pr problem, n int) ADMM {
	var c ADMM
	if m != nil {
		c = *m
	}
	mu1 := float64(admmMu1Small) // μ₁/λ
	if pr.lrr || pr.Lambda > admmMu1Lambda {
		mu1 = admmMu1Large
	}
	def := [3]float64{mu1 * pr.Lambda, 2, admmMu3PerRoot * math.Sqrt(float64(n)*math.Min(pr.Lambda, admmMu3Lambda))}
	for i, d := range def {
		orDefault(&c.Mu[i], d)
	}
	orDefault(&c.Relax, 1.6)
	orDefault(&c.Gap, admmDefaultGap)
	if c.Memory == 0 {
		c.Memory = admmMemory
		if pr.lrr {
			c.Memory = admmMemoryLRR
		}
	}
	if c.CheckEvery == 0 {
		c.CheckEvery = 5
	}
	if c.MaxIter == 0 {
		c.MaxIter = admmDefaultMaxIter
	}
	return c
}

func (m *ADMM) validate() error {
	for _, v := range m.Mu {
		if !(v > 0) || math.IsInf(v, 0) {
			return errorf("ADMM penalties must be positive and finite, have %v", m.Mu)
		}
	}
	switch {
	case !(m.Relax > 0 && m.Relax < 2):
		return errorf("ADMM relaxation must lie in (0, 2), have %v", m.Relax)
	case m.CheckEvery < 1:
		return errorf("ADMM CheckEvery must be >= 1, have %d", m.CheckEvery)
	case !(m.Gap > 0):
		return errorf("need gap > 0, have %v", m.Gap)
	case m.MaxIter < 0:
		return errorf("need maxiter >= 0, have %d", m.MaxIter)
	}
	return nil
}

func (m *ADMM) solveNNLRS(ctx context.Context, x, a *mat.Dense, p Params, progress func(Progress)) (*Result, error) {
	return m.solve(ctx, x, a, problem{Params: p}, progress)
}

func (m *ADMM) solveLRR(ctx context.Context, x, a *mat.Dense, lambda float64, progress func(Progress)) (*Result, error) {
	return m.solve(ctx, x, a, problem{Params: Params{Lambda: lambda}, lrr: true}, progress)
}

func (m *ADMM) solve(ctx context.Context, x, a *mat.Dense, pr problem, progress func(Progress)) (*Result, error) {
	_, n := x.Dims()
	c := m.withDefaults(pr, n)
	if err := c.validate(); err != nil {
		return nil, err
	}
	s := newADMM(x, a, pr, c)
	if c.Start != nil {
		if err := s.start(c.Start); err != nil {
			return nil, err
		}
	}
	return s.run(ctx, progress)
}

// admm holds the problem, the factorized Z-step and every buffer of the
// iteration, so that the loop does not allocate, grouped by the sub-step
// of step that writes them. A block dead between the sub-steps that use it
// may be lent to another computation, always through lend.
type admm struct {
	// The problem and its settings (with defaults); the data and, after
	// the QR reduction, X and A as k×n and k×m (q the d×k basis, nil
	// without reduction); the fingerprint of X and A (warm.go).
	pr      problem
	set     ADMM
	x, a    *mat.Dense
	q       *mat.Dense
	xr, ar  *mat.Dense
	k, m, n int
	fp      uint64
	normX   float64
	// The penalties μ₁, μ₂, μ₃ (0 for LRR), c = μ₂ + μ₃, the relaxation α.
	mu1, mu2, mu3, c, alpha float64

	// The state x = (Z, U₁, U₂, U₃) with A·Z (U₂ nil where implied), the
	// image g = T(x) that step writes, their inner product (with U₂
	// implied, the residual's companions in fc; metric.go) and Anderson
	// mixing.
	xs, gs   state
	metric   *metric
	fc       []float64
	anderson *anderson

	// jStep: G₂ = Z + U₂, the SVT's input (Ŷ₂ = μ₂(G₂ − J), yh2), and
	// J = Θ(G₂), its rank and nuclear norm; the eigen-decomposition's
	// workspace, shared with the certificate.
	g2, j    *mat.Dense
	svt      prox.SVT
	eig      eigen.Sym
	rankJ    int
	nuclearJ float64

	// hStep: H (nil for LRR), ||H||₁ and the nonzeros of the returned
	// block ret (H for NNLRS, J for LRR), whose nuclear norm and rank
	// primalBound leaves in retGram until the next step; and cm, the
	// Z-step's right-hand side C, the certificate's scratch between steps.
	h, ret  *mat.Dense
	l1H     float64
	nnzH    int
	retGram gramSummary
	cm      *mat.Dense

	// eStep: E, ||E||₂,₁, Ŷ₁ = μ₁(R − E), and the k×n T and W.
	e, yh1 *mat.Dense
	l21E   float64
	t, w   *mat.Dense

	// zStep: K = μ₁AᵀA + cI factorized by newADMM: by Woodbury
	// (S = AAᵀ, K₂⁻¹ and the k×n rc, w1, w2), else K⁻¹ with R when A = X
	// is upper triangular (tri), or with K⁻¹Aᵀ (pmat); zt, its m×n
	// temporary (nil with Woodbury). S also serves the implied U₂.
	woodbury   bool
	tri        *mat.TriDense
	s, k2inv   *mat.Dense
	kinv, pmat *mat.Dense
	rc, w1, w2 *mat.Dense
	zt         *mat.Dense

	// The certificate (certificate.go): AᵀU (NNLRS: in the image's Z),
	// U, Y₂ (in the image's U₃; nil for LRR) and the column factors of
	// the point kept; AZ (ah); correctV's moved point and its factors,
	// Aᵀ and AᵀA (in Y₂'s block when gramLent); the iteration of the last
	// feasible point.
	certM, certU, certY2 *mat.Dense
	certT                []float64
	ah                   *mat.Dense
	corrU                *mat.Dense
	colT                 []float64
	at                   *mat.Dense
	gram                 []float64
	gramLent             bool
	lastPrimalAt         int
}

// state is one point of the fixed-point iteration: Z, the scaled
// multipliers (u2 nil where U₂ is implied by U₁ and U₃, metric.go; u3 nil
// for LRR), and A·Z (kept so that the E-step needs no product).
type state struct {
	z, u1, u2, u3, az *mat.Dense
}

func newState(k, m, n int, lrr, implied bool) state {
	st := state{z: mat.NewDense(m, n, nil), u1: mat.NewDense(k, n, nil), az: mat.NewDense(k, n, nil)}
	if !implied {
		st.u2 = mat.NewDense(m, n, nil)
	}
	if !lrr {
		st.u3 = mat.NewDense(m, n, nil)
	}
	return st
}

// parts lists the raw storage of the blocks that Anderson mixing treats as
// the iterate (A·Z is carried along: it is linear in Z), in the order of
// metric's flattened iterates.
func (st state) parts() [][]float64 {
	p := [][]float64{st.z.RawMatrix().Data, st.u1.RawMatrix().Data}
	for _, u := range []*mat.Dense{st.u2, st.u3} {
		if u != nil {
			p = append(p, u.RawMatrix().Data)
		}
	}
	return p
}

func (st state) copyFrom(o state) {
	st.z.Copy(o.z)
	st.u1.Copy(o.u1)
	if st.u2 != nil {
		st.u2.Copy(o.u2)
	}
	if st.u3 != nil {
		st.u3.Copy(o.u3)
	}
	st.az.Copy(o.az)
}

func newADMM(x, a *mat.Dense, pr problem, set ADMM) *admm {
	d, n := x.Dims()
	_, m := a.Dims()
	s := &admm{pr: pr, set: set, x: x, a: a, m: m, n: n}
	s.fp = fingerprint(x, a)
	s.normX = mat.Norm(x, 2)
	s.xr, s.ar = x, a
	cols := n
	if a != x {
		cols += m
	}
	if d > cols {
		// Thin QR of X (or of [A X]): E, Y₁ live in the range of Q, and
		// QᵀX, QᵀA are the columns of R.
		b := x
		if a != x {
			b = mat.NewDense(d, m+n, nil)
			b.Slice(0, d, 0, m).(*mat.Dense).Copy(a)
			b.Slice(0, d, m, m+n).(*mat.Dense).Copy(x)
		}
		var r *mat.Dense
		s.q, r = linalg.ThinQR(b)
		if a == x {
			s.xr = r
			s.ar = s.xr
			s.tri = mat.NewTriDense(n, mat.Upper, r.RawMatrix().Data)
		} else {
			s.ar = mat.DenseCopyOf(r.Slice(0, cols, 0, m))
			s.xr = mat.DenseCopyOf(r.Slice(0, cols, m, m+n))
		}
	} else if x.RawMatrix().Stride != n || a.RawMatrix().Stride != m {
		s.xr = mat.DenseCopyOf(x)
		s.ar = s.xr
		if a != x {
			s.ar = mat.DenseCopyOf(a)
		}
	}
	s.k, _ = s.xr.Dims()
	k := s.k
	s.mu1, s.mu2 = set.Mu[0], set.Mu[1]
	if !pr.lrr {
		s.mu3 = set.Mu[2]
	}
	s.c = s.mu2 + s.mu3
	s.alpha = set.Relax

	// Z-step: K = μ₁AᵀA + cI. Woodbury through the k×k matrix
	// K₂ = cI + μ₁AAᵀ costs 2kmn + 3k²n per solve against m²n + 2kmn for
	// the explicit inverse: the first wins when k < 2m/3. Both invert
	// their matrix once, so that every solve is a matrix product (the
	// penalties do not change); K and K₂ are well conditioned, their
	// eigenvalues at least c.
	var chol mat.Cholesky
	var inv mat.SymDense
	s.woodbury = 3*k < 2*m
	if s.woodbury {
		s.s = mat.NewDense(k, k, nil)
		s.s.Mul(s.ar, s.ar.T())
		k2 := mat.NewSymDense(k, nil)
		for i := 0; i < k; i++ {
			for j := i; j < k; j++ {
				v := s.mu1 * s.s.At(i, j)
				if i == j {
					v += s.c
				}
				k2.SetSym(i, j, v)
			}
		}
		chol.Factorize(k2) // positive definite: c > 0
		chol.InverseTo(&inv)
		s.k2inv = mat.DenseCopyOf(&inv)
	} else {
		kk := mat.NewSymDense(m, nil)
		kk.SymOuterK(s.mu1, s.ar.T())
		for i := 0; i < m; i++ {
			kk.SetSym(i, i, kk.At(i, i)+s.c)
		}
		chol.Factorize(kk)
		chol.InverseTo(&inv)
		s.kinv = mat.DenseCopyOf(&inv)
		if s.tri == nil {
			s.pmat = mat.NewDense(m, k, nil)
			s.pmat.Mul(s.kinv, s.ar.T())
		}
	}

	implied := impliedU2(m, n, s.mu1, s.mu2)
	s.metric = newMetric(k, m, n, s.mu1, s.mu2, s.mu3, pr.lrr, implied)
	s.fc = make([]float64, s.metric.companions())
	if implied {
		if s.s == nil {
			// S = AAᵀ, for the companions of the implied U₂.
			s.s = mat.NewDense(k, k, nil)
			s.s.Mul(s.ar, s.ar.T())
		}
	}
	s.xs, s.gs = newState(k, m, n, pr.lrr, implied), newState(k, m, n, pr.lrr, implied)
	s.j, s.g2 = mat.NewDense(m, n, nil), mat.NewDense(m, n, nil)
	s.ret = s.j
	if !pr.lrr {
		s.h = mat.NewDense(m, n, nil)
		s.ret = s.h
		// The certificate's AᵀU and Y₂ are written at a check and read
		// until its end (Y₂ by the result); run takes the next iterate
		// before the check, so the image is dead then (see image).
		s.certM, s.certY2 = s.gs.z, s.gs.u3
	} else {
		s.certM = mat.NewDense(m, n, nil)
	}
	s.e = mat.NewDense(k, n, nil)
	s.yh1 = mat.NewDense(k, n, nil)
	s.t, s.rc, s.w = mat.NewDense(k, n, nil), mat.NewDense(k, n, nil), mat.NewDense(k, n, nil)
	s.cm = mat.NewDense(m, n, nil)
	if !s.woodbury {
		s.zt = mat.NewDense(m, n, nil)
	}
	if s.woodbury {
		s.w1, s.w2 = mat.NewDense(k, n, nil), mat.NewDense(k, n, nil)
	}
	s.certU = mat.NewDense(k, n, nil)
	s.ah = mat.NewDense(k, n, nil)
	s.svt.Method = prox.GramMethod
	s.svt.Eig = &s.eig // one workspace for the SVT's and the certificate's decompositions
	if set.Memory > 0 {
		s.anderson = newAnderson(set.Memory, s.xs.parts(), s.metric, pr.lrr)
	}
	s.lastPrimalAt = -1 << 30
	return s
}

// step sets s.gs = T(s.xs), one ADMM iteration from the state s.xs, in
// the order of its sub-steps (the type's doc comment): the J-step on
// G₂ = Z + U₂, the H-step with the Z-step's right-hand side C, the
// E-step, the Z-step and the multipliers. It records the blocks J, H, E
// and the dual estimates Ŷ of the step.
func (s *admm) step() error {
	s.retGram = gramSummary{} // ret changes
	// The certificate may have swapped the blocks of C and of its AᵀU
	// (dualBound): C goes back to its own, AᵀU to the image's Z.
	if s.cm == s.gs.z {
		s.cm, s.certM = s.certM, s.cm
	}
	if err := s.jStep(); err != nil {
		return err
	}
	s.hStep()
	s.eStep()
	s.zStep()
	s.multipliers()
	return nil
}

// jStep is the J-step, J = Θ_{1/μ₂}(G₂) with G₂ = Z + U₂ (in g2); where
// U₂ is implied, μ₂U₂ = μ₁AᵀU₁ − μ₃U₃ (metric.go), and AᵀU₁ stays in cm
// for hStep. The decomposition of the SVT works in n×n blocks dead until
// after it (lend): J, which it writes at its end; the certificate's AᵀU
// (formed again at every check; for NNLRS the image's Z, which zStep
// writes); and for NNLRS H and the certificate's Y₂ (the image's U₃),
// which hStep and multipliers write.
func (s *admm) jStep() error {
	in := s.xs
	zs, g2, cm := raw(in.z), raw(s.g2), raw(s.cm)
	mu1, mu2, mu3 := s.mu1, s.mu2, s.mu3
	var u3 []float64
	if !s.pr.lrr {
		u3 = raw(in.u3)
	}
	if in.u2 != nil {
		u2 := raw(in.u2)
		each(len(g2), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				g2[i] = zs[i] + u2[i]
			}
		})
	} else {
		s.cm.Mul(s.opA().T(), in.u1)
		each(len(g2), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				mu2u2 := mu1 * cm[i]
				if u3 != nil {
					mu2u2 -= mu3 * u3[i]
				}
				g2[i] = zs[i] + mu2u2/mu2
			}
		})
	}
	lent := eigen.Buffers{Matrix: raw(s.j), Vectors: raw(s.certM)}
	if s.h != nil {
		lent.Delta, lent.S = raw(s.h), raw(s.certY2)
	}
	s.eig.Lent = lent
	lend(lent.Matrix, lent.Vectors, lent.Delta, lent.S)
	rank, nuclear, err := s.svt.Apply(s.j, 1/mu2, s.g2)
	lend(lent.Vectors, lent.Delta, lent.S) // what the decomposition left
	if err != nil {
		return err
	}
	s.rankJ, s.nuclearJ = rank, nuclear
	return nil
}

// hStep is the H-step, H = max(Z + U₃ − β/μ₃, 0) (NNLRS; held at zero on
// the diagonal with ZeroDiagonal), with ||H||₁ and its nonzeros; and the
// Z-step's right-hand side in cm, C = μ₂(Ĵ − U₂) + μ₃(Ĥ − U₃), or
// μ₂Ĵ + μ₃Ĥ − μ₁AᵀU₁ with U₂ implied, from the over-relaxed blocks
// Ĵ = αJ + (1 − α)Z, Ĥ = αH + (1 − α)Z. For LRR, C = μ₂(Ĵ − U₂), or
// μ₂Ĵ − μ₁AᵀU₁; nonzeros are then J's.
func (s *admm) hStep() {
	in := s.xs
	zs, js, cm := raw(in.z), raw(s.j), raw(s.cm)
	mu1, mu2, mu3, alpha := s.mu1, s.mu2, s.mu3, s.alpha
	var u2 []float64
	if in.u2 != nil {
		u2 = raw(in.u2)
	}
	var l1 float64
	var nnz atomic.Int64
	if s.pr.lrr {
		each(len(zs), func(lo, hi int) {
			k := 0
			for i := lo; i < hi; i++ {
				if js[i] != 0 {
					k++
				}
				if u2 != nil {
					cm[i] = mu2 * (alpha*js[i] + (1-alpha)*zs[i] - u2[i])
				} else {
					cm[i] = mu2*(alpha*js[i]+(1-alpha)*zs[i]) - mu1*cm[i]
				}
			}
			nnz.Add(int64(k))
		})
	} else {
		u3, hs := raw(in.u3), raw(s.h)
		bt := s.pr.Beta / mu3
		each(len(zs), func(lo, hi int) {
			k := 0
			for i := lo; i < hi; i++ {
				z := zs[i]
				v := z + u3[i]
				h := v - bt
				if h < 0 { // max(v − β/μ₃, 0); NaN passes, for the finiteness check
					h = 0
				}
				if s.pr.ZeroDiagonal && i%(s.n+1) == 0 {
					h = 0 // the diagonal of H, n×n since A = X, held at zero
				}
				hs[i] = h
				if h != 0 {
					k++
				}
				jh := alpha*js[i] + (1-alpha)*z
				hh := alpha*h + (1-alpha)*z
				if u2 != nil {
					cm[i] = mu2*(jh-u2[i]) + mu3*(hh-u3[i])
				} else {
					cm[i] = mu2*jh + mu3*hh - mu1*cm[i]
				}
			}
			nnz.Add(int64(k))
		})
		// ||H||₁, summed in order: the same bits on any number of threads.
		for _, h := range hs {
			l1 += h
		}
	}
	s.l1H, s.nnzH = l1, int(nnz.Load())
}

// eStep is the E-step, E = Ω_{λ/μ₁}(R) on R = X − AZ + U₁, with
// Ŷ₁ = μ₁(R − E), w = X − Ê (Ê = αE + (1 − α)(X − AZ), relaxed) for the
// multipliers, and T = μ₁(w + U₁) in t for the Z-step.
func (s *admm) eStep() {
	in := s.xs
	u1, az, xr := raw(in.u1), raw(in.az), raw(s.xr)
	r, w, es, yh1 := raw(s.t), raw(s.w), raw(s.e), raw(s.yh1)
	mu1, alpha := s.mu1, s.alpha
	each(len(r), func(lo, hi int) {
		kern.Residual(r[lo:hi], xr[lo:hi], az[lo:hi], u1[lo:hi])
	})
	s.l21E = prox.L21(s.e, s.pr.Lambda/mu1, s.t)
	each(len(r), func(lo, hi int) {
		kern.EUpdate(yh1[lo:hi], w[lo:hi], r[lo:hi], xr[lo:hi], az[lo:hi], es[lo:hi], u1[lo:hi], mu1, alpha)
	})
}

// zStep is the Z-step, Z = K⁻¹(AᵀT + C) with K = μ₁AᵀA + cI, and AZ,
// into the image's Z and AZ: by the Woodbury identity, by the triangle R
// of the QR of A = X, or by K⁻¹ itself (newADMM chose).
func (s *admm) zStep() {
	zo, azo := s.gs.z, s.gs.az
	switch {
	case s.woodbury:
		// K⁻¹ = (I − μ₁Aᵀ K₂⁻¹ A)/c with K₂ = cI + μ₁AAᵀ, so that
		// Z = (C + Aᵀ W)/c and AZ = (AC + S W)/c for
		// W = T − μ₁K₂⁻¹(S T + AC), S = AAᵀ.
		s.rc.Mul(s.ar, s.cm)
		s.w1.Mul(s.s, s.t)
		s.w1.Add(s.w1, s.rc)
		s.w2.Mul(s.k2inv, s.w1)
		r, w1, w2, mu1 := raw(s.t), raw(s.w1), raw(s.w2), s.mu1
		each(len(w1), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				w1[i] = r[i] - mu1*w2[i]
			}
		})
		zo.Mul(s.ar.T(), s.w1)
		azo.Mul(s.s, s.w1)
		zr, azr, rc, cm := raw(zo), raw(azo), raw(s.rc), raw(s.cm)
		ic := 1 / s.c
		each(len(zr), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				zr[i] = (zr[i] + cm[i]) * ic
			}
		})
		each(len(azr), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				azr[i] = (azr[i] + rc[i]) * ic
			}
		})
	case s.tri != nil:
		// A = R upper triangular: Z = K⁻¹(RᵀT + C) and AZ = RZ, the
		// products by R at about half the work of full ones.
		s.zt.Mul(s.tri.T(), s.t)
		s.zt.Add(s.zt, s.cm)
		zo.Mul(s.kinv, s.zt)
		azo.Mul(s.tri, zo)
	default:
		zo.Mul(s.pmat, s.t)
		s.zt.Mul(s.kinv, s.cm)
		zo.Add(zo, s.zt)
		azo.Mul(s.ar, zo)
	}
}

// multipliers updates the scaled multipliers into the image:
// U₁ += X − AZ − Ê, U₂ += Z − Ĵ (unless implied), U₃ += Z − Ĥ (NNLRS).
func (s *admm) multipliers() {
	in, out := s.xs, s.gs
	zs, u1, js := raw(in.z), raw(in.u1), raw(s.j)
	w, zn, azn, o1 := raw(s.w), raw(out.z), raw(out.az), raw(out.u1)
	alpha := s.alpha
	each(len(o1), func(lo, hi int) {
		kern.Increment(o1[lo:hi], u1[lo:hi], w[lo:hi], azn[lo:hi])
	})
	var u2, u3, o2, o3, hs []float64
	if in.u2 != nil {
		u2, o2 = raw(in.u2), raw(out.u2)
	}
	if !s.pr.lrr {
		u3, o3, hs = raw(in.u3), raw(out.u3), raw(s.h)
	}
	if o2 == nil && o3 == nil {
		return
	}
	each(len(zs), func(lo, hi int) {
		if o2 != nil {
			kern.Relaxed(o2[lo:hi], u2[lo:hi], zn[lo:hi], js[lo:hi], zs[lo:hi], alpha)
		}
		if o3 != nil {
			kern.Relaxed(o3[lo:hi], u3[lo:hi], zn[lo:hi], hs[lo:hi], zs[lo:hi], alpha)
		}
	})
}

// run iterates from the state s.xs (zero, or the Start) until the
// certified gap falls below Gap, MaxIter iterations are done or ctx is
// cancelled.
func (s *admm) run(ctx context.Context, progress func(Progress)) (*Result, error) {
	gap, maxIter := s.set.Gap, s.set.MaxIter
	certGap, stop, primal := math.Inf(1), math.Inf(1), math.Inf(1)
	var fnorm, bound float64
	for it := 0; ; it++ {
		if ctx.Err() != nil {
			return s.result(it, Cancelled, fnorm, s.xs), nil
		}
		if it == maxIter {
			return s.result(it, IterationLimit, fnorm, s.xs), nil
		}
		if err := s.step(); err != nil {
			return nil, errorf("%s iteration %d: %w", s.pr.name(), it+1, err)
		}
		ff, feas := s.residuals()
		fnorm = math.Sqrt(ff) / s.normX
		objective := s.objective()
		if !finite(ff, objective) {
			return nil, errorf("%s iteration %d: iterates are not finite (is the problem scaled sensibly?)", s.pr.name(), it+1)
		}
		// The next iterate, before the check, which works in the
		// image's blocks (NNLRS).
		s.advance(ff)
		converged := false
		if (it+1)%s.set.CheckEvery == 0 {
			// The objective of the iterate (not feasible: it may lie
			// below the bound) says when a feasible point is worth its
			// cost: every other check, or at once when the last feasible
			// point is within twice Gap of the new bound. The stopping
			// measure is the gap of that point to the new bound once one
			// is known.
			dual := s.dualBound()
			bound = dual
			stop = (objective - dual) / math.Abs(dual) / gap
			near := (primal-dual)/math.Abs(dual) < 2*gap
			if stop < 1 && (near || it-s.lastPrimalAt >= 2*s.set.CheckEvery) {
				s.lastPrimalAt = it
				primal = s.primalBound()
				certGap = (primal - dual) / math.Abs(dual)
				if certGap >= gap && s.scaleDecides(primal, gap) {
					dual, certGap = s.decide(primal, gap, dual)
					bound = dual
				}
				converged = certGap < gap
			}
			if !math.IsInf(primal, 1) {
				stop = math.Max(stop, (primal-dual)/math.Abs(dual)/gap)
			}
		}
		if progress != nil {
			progress(Progress{
				Iter: it + 1, Residual: math.Sqrt(feas) / s.normX, Change: fnorm, Mu: s.mu1,
				RankZ: s.rankJ, NNZH: s.nnzH, Objective: objective, Gap: certGap, Bound: bound, Stop: stop, Z: s.ret,
			})
		}
		if converged {
			// The certificate is that of this iterate: not computed again.
			return s.resultWith(it+1, Converged, fnorm, s.image(), primal, bound), nil
		}
	}
}

// image returns the image T(x) of the last step once run has taken the
// next iterate from it: for LRR its own blocks, which the certificate
// leaves; for NNLRS, whose certificate works in them, the next iterate
// (a copy of the image) without Anderson mixing, else the image Anderson
// keeps negated in its history, negated back in place (the history is
// not used again).
func (s *admm) image() state {
	switch {
	case s.pr.lrr:
		return s.gs
	case s.anderson == nil:
		return s.xs
	}
	return s.anderson.last(s.gs)
}

// residuals returns the squared norms of the fixed-point residual
// f = T(x) − x of the last step and of the splitting residual (the
// multiplier increments), U₂'s block included; with U₂ implied it leaves
// f's companions in fc (metric.go).
func (s *admm) residuals() (ff, feas float64) {
	if !s.metric.implied {
		for pi, gp := range s.gs.parts() {
			xp := s.xs.parts()[pi]
			for i, v := range gp {
				d := v - xp[i]
				ff += d * d
				if pi > 0 {
					feas += d * d
				}
			}
		}
		return ff, feas
	}
	k, n := s.k, s.n
	// The work of the companions in k×n blocks of the step dead after it
	// (T, W and E: the next step writes them before it reads them).
	fu1m, au3g, au3x := s.t, s.w, s.e
	lend(raw(s.t), raw(s.w), raw(s.e))
	fu1 := raw(fu1m)
	gu1, xu1 := raw(s.gs.u1), raw(s.xs.u1)
	for i := range fu1 {
		fu1[i] = gu1[i] - xu1[i]
	}
	su1 := mat.NewDense(k, n, s.fc[:k*n])
	su1.Mul(s.s, fu1m)
	g := s.metric
	multipliers := dot(fu1, fu1) + g.cS*dot(fu1, s.fc[:k*n])
	if !s.pr.lrr {
		au3g.Mul(s.opA(), s.gs.u3)
		au3x.Mul(s.opA(), s.xs.u3)
		av3, ag, ax := s.fc[k*n:], raw(au3g), raw(au3x)
		for i := range av3 {
			av3[i] = ag[i] - ax[i]
		}
		gu3, xu3 := raw(s.gs.u3), raw(s.xs.u3)
		var uu float64
		for i, v := range gu3 {
			d := v - xu3[i]
			uu += d * d
		}
		multipliers += g.wU3*uu - 2*g.cA*dot(fu1, av3)
	}
	var zz float64
	xz := raw(s.xs.z)
	for i, v := range raw(s.gs.z) {
		d := v - xz[i]
		zz += d * d
	}
	return zz + multipliers, multipliers
}

// objective returns the objective of the problem at the blocks J, H, E of
// the last step (not a feasible point: see primalBound).
func (s *admm) objective() float64 {
	return s.nuclearJ + s.pr.Beta*s.l1H + s.pr.Lambda*s.l21E
}

// advance moves to the next state, given the squared fixed-point residual
// ff of the last step: Anderson mixing of the images, or the plain image.
func (s *admm) advance(ff float64) {
	if s.anderson != nil {
		s.anderson.next(s.xs, s.gs, ff, s.fc)
	} else {
		s.xs.copyFrom(s.gs)
	}
}

// result packages the feasible point (Z = H, E = X − AH for NNLRS;
// Z = J, E = X − AJ for LRR) with its certificate, computed for the
// current iterate, and the state next to start a later solve from.
func (s *admm) result(iters int, status Status, fnorm float64, next state) *Result {
	dual := s.dualBound()
	return s.resultWith(iters, status, fnorm, next, s.primalBound(), dual)
}

// resultWith is result with the certificate of the current iterate
// given: primal and dual as primalBound and dualBound left them (with AZ
// in ah, and U and Y₂ in certU and certY2). The solve is over: the
// result takes the solver's matrices (Z, H, Y₂, the state of Warm)
// rather than copies of them, so that no n×n matrix is copied at its
// end.
func (s *admm) resultWith(iters int, status Status, fnorm float64, next state, primal, dual float64) *Result {
	d, n := s.x.Dims()
	res := &Result{
		Z:          s.ret,
		Iterations: iters, Status: status, Change: fnorm,
		Gap:  (primal - dual) / math.Abs(dual),
		Warm: s.saveWarm(next),
	}
	if !s.pr.lrr {
		res.H = s.ret // Z = H, the feasible point
		res.Y2 = s.certY2
	}
	// E = X − AZ in the original coordinates (primalBound left AZ).
	eh := mat.NewDense(s.k, n, nil)
	eh.Sub(s.xr, s.ah)
	if s.q != nil {
		res.E = mat.NewDense(d, n, nil)
		res.E.Mul(s.q, eh)
		res.Y1 = mat.NewDense(d, n, nil)
		res.Y1.Mul(s.q, s.certU)
	} else {
		res.E = eh
		res.Y1 = s.certU
	}
	res.finish(s.x, s.a, s.pr.Params, s.retGram)
	return res
}

// opA returns A for products by it: R as a triangular matrix when A = R.
func (s *admm) opA() mat.Matrix {
	if s.tri != nil {
		return s.tri
	}
	return s.ar
}

// each runs body over [0, n) in ranges of elementGrain, on every core
// (package parallel): for the elementwise loops of the iteration, whose
// entries are each computed alone, the same bits whatever the threads.
func each(n int, body func(lo, hi int)) { parallel.For(n, elementGrain, body) }

// elementGrain is the number of entries of a range of each.
const elementGrain = 1 << 15

// raw returns the storage of a matrix allocated by mat.NewDense (stride
// equal to the number of columns).
func raw(m *mat.Dense) []float64 { return m.RawMatrix().Data }
