package lowrank

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
	"nnlrs/core/prox"
)

// ADMMTuning holds the internal parameters of the ADMM solver. The zero
// value gives the defaults, which were measured on the synthetic data and
// on USPS digits (see the bench command); they rarely need changing.
type ADMMTuning struct {
	// Mu are the penalties of the constraints X = AZ + E, Z = J and
	// Z = H. Zero entries take the defaults 40, 2 and 10, the fastest of a
	// grid measured on unit-norm samples (synthetic data and USPS digits,
	// n = 100 to 800) with the paper's β and λ.
	Mu [3]float64
	// Relax is the over-relaxation α ∈ (0, 2) of Eckstein and Bertsekas,
	// default 1.6; 1 is plain ADMM.
	Relax float64
	// Memory is the depth of the Anderson acceleration, default 10; a
	// negative value turns it off. It keeps 2·Memory copies of the
	// iterate (Z and the three multipliers).
	Memory int
	// CheckEvery is the number of iterations between two evaluations of
	// the duality-gap certificate, default 5.
	CheckEvery int
}

func (t ADMMTuning) defaults() ADMMTuning {
	for i, d := range [3]float64{40, 2, 10} {
		if t.Mu[i] == 0 {
			t.Mu[i] = d
		}
	}
	if t.Relax == 0 {
		t.Relax = 1.6
	}
	if t.Memory == 0 {
		t.Memory = 10
	}
	if t.CheckEvery == 0 {
		t.CheckEvery = 5
	}
	return t
}

func (t ADMMTuning) validate() error {
	for _, m := range t.Mu {
		if !(m > 0) || math.IsInf(m, 0) {
			return fmt.Errorf("lowrank: ADMM penalties must be positive and finite, have %v", t.Mu)
		}
	}
	if !(t.Relax > 0 && t.Relax < 2) {
		return fmt.Errorf("lowrank: ADMM relaxation must lie in (0, 2), have %v", t.Relax)
	}
	if t.CheckEvery < 1 {
		return fmt.Errorf("lowrank: ADMM CheckEvery must be >= 1, have %d", t.CheckEvery)
	}
	return nil
}

// admmDefaultGap and admmDefaultMaxIter are the defaults of Settings.Gap
// and Settings.MaxIter for ADMM.
const (
	admmDefaultGap     = 4e-3
	admmDefaultMaxIter = 5000
)

// nnlrsADMM solves problem (6) by the exact alternating direction method
// with the splitting
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
// The Z-step matrix is factorized once: the penalties do not change. The
// iteration is a fixed-point map of (Z, U₁, U₂, U₃), accelerated by
// Anderson mixing with a restart when the fixed-point residual grows
// (Zhang, Peng et al., "Accelerating ADMM for efficient simulation and
// optimization", 2019).
//
// When d exceeds the number of columns of [A X], X and A are first
// replaced by QᵀX and QᵀA for a thin QR factor Q: E and Y₁ stay in the
// range of Q, the column norms of ||E||_2,1 are unchanged, so the
// iterates are the same at a smaller size.
//
// Stopping rule: every CheckEvery iterations the solver builds, from its
// multipliers, a point of the dual problem of Bounds and evaluates its
// value D ≤ p* (a lower bound on the optimum, whatever the iterate), and
// the objective P of the exactly feasible point Z = H ≥ 0,
// E = X − AH. It stops when (P − D)/D < Gap, which certifies that the
// returned objective lies within a fraction Gap of the optimum, and
// returns that feasible point: X = AZ + E holds to rounding and Z ≥ 0
// exactly.
func nnlrsADMM(ctx context.Context, x, a *mat.Dense, p Params, set Settings) (*Result, error) {
	tun := set.Tuning.defaults()
	if err := tun.validate(); err != nil {
		return nil, err
	}
	gap := set.Gap
	if gap == 0 {
		gap = admmDefaultGap
	}
	if !(gap > 0) {
		return nil, fmt.Errorf("lowrank: need gap > 0, have %v", gap)
	}
	maxIter := set.MaxIter
	if maxIter == 0 {
		maxIter = admmDefaultMaxIter
	}
	if maxIter < 0 {
		return nil, fmt.Errorf("lowrank: need maxiter >= 0, have %d", maxIter)
	}
	s := newADMM(x, a, p, tun)
	res, err := s.run(ctx, gap, maxIter, set.Progress)
	return res, err
}

// admm holds the problem, the factorized Z-step and every buffer of the
// iteration, so that the loop does not allocate.
type admm struct {
	p          Params
	tun        ADMMTuning
	x, a       *mat.Dense // original data
	q          *mat.Dense // d×k orthonormal basis, nil without reduction
	xr, ar     *mat.Dense // k×n, k×m
	k, m, n    int
	normX      float64
	mu1, mu2   float64
	mu3, c     float64
	alpha      float64
	woodbury   bool
	s          *mat.Dense // Ar Arᵀ (Woodbury)
	chol       mat.Cholesky
	kinv, pmat *mat.Dense // K⁻¹ and K⁻¹Arᵀ (direct)

	// State x = (Z, U₁, U₂, U₃) and A·Z, and the image g = T(x).
	xs, gs state
	// Blocks of the last step, and its dual estimates Ŷ.
	j, h, e      *mat.Dense
	g2           *mat.Dense // Z + U₂, the SVT input
	yh1, yh2     *mat.Dense // Ŷ₁ = μ₁(R − E), Ŷ₂ = μ₂(G₂ − J)
	yh3          *mat.Dense // Ŷ₃ = μ₃(Z + U₃ − H)
	t, rc, w     *mat.Dense // k×n temporaries
	w1, w2       *mat.Dense // k×n temporaries (Woodbury)
	cm, zt       *mat.Dense // m×n temporaries
	svt          prox.SVT
	nuclearJ     float64
	rankJ        int
	l1H, l21E    float64
	nnzH         int
	anderson     *anderson
	certM        *mat.Dense // m×n, AᵀU of the certificate
	certU        *mat.Dense // k×n
	certY2       *mat.Dense // m×n
	eig          linalg.EigenSym
	hth          mat.SymDense
	ah           *mat.Dense // k×n
	certScale    float64
	colSum       []float64
	lastPrimalAt int
}

// state is one point of the fixed-point iteration: Z, the scaled
// multipliers, and A·Z (kept so that the E-step needs no product).
type state struct {
	z, u1, u2, u3, az *mat.Dense
}

func newState(k, m, n int) state {
	return state{mat.NewDense(m, n, nil), mat.NewDense(k, n, nil), mat.NewDense(m, n, nil), mat.NewDense(m, n, nil), mat.NewDense(k, n, nil)}
}

// parts lists the raw storage of the blocks that Anderson mixing treats as
// the iterate (A·Z is carried along: it is linear in Z).
func (st state) parts() [][]float64 {
	return [][]float64{st.z.RawMatrix().Data, st.u1.RawMatrix().Data, st.u2.RawMatrix().Data, st.u3.RawMatrix().Data}
}

func (st state) copyFrom(o state) {
	st.z.Copy(o.z)
	st.u1.Copy(o.u1)
	st.u2.Copy(o.u2)
	st.u3.Copy(o.u3)
	st.az.Copy(o.az)
}

func newADMM(x, a *mat.Dense, p Params, tun ADMMTuning) *admm {
	d, n := x.Dims()
	_, m := a.Dims()
	s := &admm{p: p, tun: tun, x: x, a: a, m: m, n: n}
	s.normX = mat.Norm(x, 2)
	s.xr, s.ar = x, a
	cols := n
	if a != x {
		cols += m
	}
	if d > cols {
		// Thin QR of X (or of [A X]): E, Y₁ live in the range of Q.
		b := x
		if a != x {
			b = mat.NewDense(d, m+n, nil)
			b.Slice(0, d, 0, m).(*mat.Dense).Copy(a)
			b.Slice(0, d, m, m+n).(*mat.Dense).Copy(x)
		}
		var qr mat.QR
		qr.Factorize(b)
		var full mat.Dense
		qr.QTo(&full)
		s.q = mat.DenseCopyOf(full.Slice(0, d, 0, cols))
		s.xr = mat.NewDense(cols, n, nil)
		s.xr.Mul(s.q.T(), x)
		if a == x {
			s.ar = s.xr
		} else {
			s.ar = mat.NewDense(cols, m, nil)
			s.ar.Mul(s.q.T(), a)
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
	s.mu1, s.mu2, s.mu3 = tun.Mu[0], tun.Mu[1], tun.Mu[2]
	s.c = s.mu2 + s.mu3
	s.alpha = tun.Relax

	// Z-step: K = μ₁AᵀA + cI. Woodbury through the k×k matrix
	// cI + μ₁AAᵀ costs 2kmn + 3k²n per solve against m²n + 2kmn for the
	// explicit inverse: the first wins when k < 2m/3.
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
		s.chol.Factorize(k2) // positive definite: c > 0
	} else {
		kk := mat.NewSymDense(m, nil)
		kk.SymOuterK(s.mu1, s.ar.T())
		for i := 0; i < m; i++ {
			kk.SetSym(i, i, kk.At(i, i)+s.c)
		}
		s.chol.Factorize(kk)
		var inv mat.SymDense
		s.chol.InverseTo(&inv)
		s.kinv = mat.DenseCopyOf(&inv)
		s.pmat = mat.NewDense(m, k, nil)
		s.pmat.Mul(s.kinv, s.ar.T())
	}

	s.xs, s.gs = newState(k, m, n), newState(k, m, n)
	s.j, s.h, s.g2 = mat.NewDense(m, n, nil), mat.NewDense(m, n, nil), mat.NewDense(m, n, nil)
	s.e = mat.NewDense(k, n, nil)
	s.yh1, s.yh2, s.yh3 = mat.NewDense(k, n, nil), mat.NewDense(m, n, nil), mat.NewDense(m, n, nil)
	s.t, s.rc, s.w = mat.NewDense(k, n, nil), mat.NewDense(k, n, nil), mat.NewDense(k, n, nil)
	s.cm, s.zt = mat.NewDense(m, n, nil), mat.NewDense(m, n, nil)
	s.w1, s.w2 = mat.NewDense(k, n, nil), mat.NewDense(k, n, nil)
	s.certM, s.certU, s.certY2 = mat.NewDense(m, n, nil), mat.NewDense(k, n, nil), mat.NewDense(m, n, nil)
	s.ah = mat.NewDense(k, n, nil)
	s.svt.Method = prox.GramMethod
	if tun.Memory > 0 {
		s.anderson = newAnderson(tun.Memory, s.xs.parts())
	}
	s.lastPrimalAt = -1 << 30
	return s
}

// step sets s.gs = T(s.xs), one ADMM iteration from the state s.xs, and
// records the blocks J, H, E and the dual estimates Ŷ of the step.
func (s *admm) step() error {
	in, out := s.xs, s.gs
	zs, u1, u2, u3, az := raw(in.z), raw(in.u1), raw(in.u2), raw(in.u3), raw(in.az)
	xr := raw(s.xr)
	js, hs, es, g2 := raw(s.j), raw(s.h), raw(s.e), raw(s.g2)
	yh1, yh2, yh3 := raw(s.yh1), raw(s.yh2), raw(s.yh3)
	mu1, mu2, mu3, alpha := s.mu1, s.mu2, s.mu3, s.alpha

	// J-step.
	for i := range g2 {
		g2[i] = zs[i] + u2[i]
	}
	rank, nuclear, err := s.svt.Apply(s.j, 1/mu2, s.g2)
	if err != nil {
		return err
	}
	s.rankJ, s.nuclearJ = rank, nuclear
	// H-step, Ŷ₂, Ŷ₃, and the relaxed Ĵ, Ĥ folded into the Z-step's
	// right-hand side C = μ₂(Ĵ − U₂) + μ₃(Ĥ − U₃).
	bt := s.p.Beta / mu3
	cm := raw(s.cm)
	var l1 float64
	nnz := 0
	for i, z := range zs {
		v := z + u3[i]
		h := math.Max(v-bt, 0)
		hs[i] = h
		l1 += h
		if h != 0 {
			nnz++
		}
		yh3[i] = mu3 * (v - h)
		yh2[i] = mu2 * (g2[i] - js[i])
		jh := alpha*js[i] + (1-alpha)*z
		hh := alpha*h + (1-alpha)*z
		cm[i] = mu2*(jh-u2[i]) + mu3*(hh-u3[i])
	}
	s.l1H, s.nnzH = l1, nnz
	// E-step on R = X − AZ + U₁; then w = X − Ê (Ê relaxed) for the
	// multiplier update and T = μ₁(X − Ê + U₁) for the Z-step.
	r, w := raw(s.t), raw(s.w)
	for i := range r {
		r[i] = xr[i] - az[i] + u1[i]
	}
	s.l21E = prox.L21(s.e, s.p.Lambda/mu1, s.t)
	for i := range r {
		yh1[i] = mu1 * (r[i] - es[i])
		w[i] = xr[i] - (alpha*es[i] + (1-alpha)*(xr[i]-az[i]))
		r[i] = mu1 * (w[i] + u1[i])
	}
	// Z-step, Z = K⁻¹(AᵀT + C) with K = μ₁AᵀA + cI, and AZ.
	zo, azo := out.z, out.az
	if s.woodbury {
		// K⁻¹ = (I − μ₁Aᵀ K₂⁻¹ A)/c with K₂ = cI + μ₁AAᵀ, so that
		// Z = (C + Aᵀ W)/c and AZ = (AC + S W)/c for
		// W = T − μ₁K₂⁻¹(S T + AC), S = AAᵀ.
		s.rc.Mul(s.ar, s.cm)
		s.w1.Mul(s.s, s.t)
		s.w1.Add(s.w1, s.rc)
		if err := s.chol.SolveTo(s.w2, s.w1); err != nil {
			return err
		}
		w1, w2 := raw(s.w1), raw(s.w2)
		for i := range w1 {
			w1[i] = r[i] - mu1*w2[i]
		}
		zo.Mul(s.ar.T(), s.w1)
		azo.Mul(s.s, s.w1)
		zr, azr, rc := raw(zo), raw(azo), raw(s.rc)
		ic := 1 / s.c
		for i := range zr {
			zr[i] = (zr[i] + cm[i]) * ic
		}
		for i := range azr {
			azr[i] = (azr[i] + rc[i]) * ic
		}
	} else {
		zo.Mul(s.pmat, s.t)
		s.zt.Mul(s.kinv, s.cm)
		zo.Add(zo, s.zt)
		azo.Mul(s.ar, zo)
	}
	// Multipliers: U₁ += X − AZ − Ê, U₂ += Z − Ĵ, U₃ += Z − Ĥ.
	zn, azn := raw(zo), raw(azo)
	o1, o2, o3 := raw(out.u1), raw(out.u2), raw(out.u3)
	for i := range o1 {
		o1[i] = u1[i] + w[i] - azn[i]
	}
	for i, z := range zs {
		jh := alpha*js[i] + (1-alpha)*z
		hh := alpha*hs[i] + (1-alpha)*z
		o2[i] = u2[i] + zn[i] - jh
		o3[i] = u3[i] + zn[i] - hh
	}
	return nil
}

// run iterates from the zero state until the certified gap falls below
// gap or maxIter iterations are done.
func (s *admm) run(ctx context.Context, gap float64, maxIter int, progress func(Progress)) (*Result, error) {
	certGap, stop := math.Inf(1), math.Inf(1)
	var fnorm float64
	for it := 0; ; it++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if it == maxIter {
			res := s.result(it, false, fnorm)
			return res, fmt.Errorf("%w: NNLRS (ADMM) after %d iterations (certified gap %.3g)", ErrNotConverged, it, res.Gap)
		}
		if err := s.step(); err != nil {
			return nil, fmt.Errorf("lowrank: NNLRS iteration %d: %w", it+1, err)
		}
		// Fixed-point residual f = T(x) − x and the splitting residual
		// (the multiplier increments).
		var ff, feas float64
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
		fnorm = math.Sqrt(ff) / s.normX
		objective := s.nuclearJ + s.p.Beta*s.l1H + s.p.Lambda*s.l21E
		if !finite(ff, objective) {
			return nil, fmt.Errorf("lowrank: NNLRS iteration %d: iterates are not finite (is the problem scaled sensibly?)", it+1)
		}
		converged := false
		if (it+1)%s.tun.CheckEvery == 0 {
			dual := s.dualBound()
			stop = (objective - dual) / math.Abs(dual) / gap
			if stop < 1 && it-s.lastPrimalAt >= 2*s.tun.CheckEvery {
				s.lastPrimalAt = it
				primal := s.primalBound()
				certGap = (primal - dual) / math.Abs(dual)
				converged = certGap < gap
				stop = math.Max(stop, certGap/gap)
			}
		}
		if progress != nil {
			progress(Progress{
				Iter: it + 1, Residual: math.Sqrt(feas) / s.normX, Change: fnorm, Mu: s.mu1,
				RankZ: s.rankJ, NNZH: s.nnzH, Objective: objective, Gap: certGap, Stop: stop, Z: s.h,
			})
		}
		if converged {
			return s.result(it+1, true, fnorm), nil
		}
		// Next state: Anderson mixing of the images, or the plain image.
		if s.anderson != nil {
			s.anderson.next(s.xs, s.gs, ff)
		} else {
			s.xs.copyFrom(s.gs)
		}
	}
}

// dualBound returns a lower bound D ≤ p* on the optimum of problem (6),
// built from the dual estimates of the last step as the dual point of
// Bounds: U = Ŷ₁ (columns of norm ≤ λ by the E-step), Y₂ = min(AᵀU − Ŷ₂, β),
// so that AᵀU − Y₂ = Ŷ₂ + V with V = (AᵀU − Ŷ₂ − β)₊ and ||Ŷ₂||₂ ≤ 1 by the
// J-step. Hence ||AᵀU − Y₂||₂ ≤ 1 + δ + ||V||₂ =: ς, with δ bounding the
// rounding of the SVT, and (U, Y₂)/ς is dual feasible:
//
//	D = ⟨U, X⟩/ς.
//
// It leaves U and Y₂ in certU and certY2 and ς in certScale.
func (s *admm) dualBound() float64 {
	u, lam := raw(s.certU), s.p.Lambda
	copy(u, raw(s.yh1))
	k, n := s.k, s.n
	for j := 0; j < n; j++ {
		nr := 0.0
		for i := 0; i < k; i++ {
			nr += u[i*n+j] * u[i*n+j]
		}
		if nr = math.Sqrt(nr); nr > lam {
			f := lam / nr
			for i := 0; i < k; i++ {
				u[i*n+j] *= f
			}
		}
	}
	s.certM.Mul(s.ar.T(), s.certU)
	mm, yh2, y2 := raw(s.certM), raw(s.yh2), raw(s.certY2)
	beta := s.p.Beta
	var vf, g2f float64
	colSum := s.colSum[:0]
	colSum = append(colSum, make([]float64, n)...)
	s.colSum = colSum
	maxRow := 0.0
	m := s.m
	g2 := raw(s.g2)
	for i := 0; i < m; i++ {
		row := 0.0
		for j := 0; j < n; j++ {
			t := mm[i*n+j] - yh2[i*n+j]
			g2f += g2[i*n+j] * g2[i*n+j]
			if t > beta {
				v := t - beta
				vf += v * v
				row += v
				colSum[j] += v
				t = beta
			}
			y2[i*n+j] = t
		}
		maxRow = math.Max(maxRow, row)
	}
	maxCol := 0.0
	for _, v := range colSum {
		maxCol = math.Max(maxCol, v)
	}
	// ||V||₂ ≤ min(||V||_F, √(||V||₁||V||_∞)).
	vn := math.Min(math.Sqrt(vf), math.Sqrt(maxCol*maxRow))
	// J = Θ(G₂) is computed with an error of a few n·ε·||G₂||; allow
	// ten times that in ||Ŷ₂||₂ = μ₂||G₂ − J||₂.
	delta := s.mu2 * 10 * float64(max(m, n)) * epsilon * math.Sqrt(g2f)
	s.certScale = 1 + delta + vn
	dot := 0.0
	xr := raw(s.xr)
	for i, v := range u {
		dot += v * xr[i]
	}
	return dot / s.certScale
}

const epsilon = 1.0 / (1 << 52)

// primalBound returns the objective of the feasible point Z = H ≥ 0,
// E = X − AH, an upper bound on the optimum. The nuclear norm comes from
// the eigenvalues of HᵀH (or HHᵀ), each raised by a bound on its rounding
// error, so that the sum of square roots stays an upper bound.
func (s *admm) primalBound() float64 {
	s.ah.Mul(s.ar, s.h)
	xr, ah := raw(s.xr), raw(s.ah)
	k, n := s.k, s.n
	l21 := 0.0
	for j := 0; j < n; j++ {
		nr := 0.0
		for i := 0; i < k; i++ {
			v := xr[i*n+j] - ah[i*n+j]
			nr += v * v
		}
		l21 += math.Sqrt(nr)
	}
	return nuclearUpper(&s.eig, &s.hth, s.h) + s.p.Beta*s.l1H + s.p.Lambda*l21
}

// nuclearUpper returns an upper bound on ||h||_*, tight to about
// √(10 n ε)·||h||_F per singular value.
func nuclearUpper(eig *linalg.EigenSym, gram *mat.SymDense, h *mat.Dense) float64 {
	r, c := h.Dims()
	// SymOuterK(1, A) is A Aᵀ: the Gram matrix of the shorter side.
	var hm mat.Matrix = h.T() // hᵀh, c×c
	size := c
	if r < c {
		size = r
		hm = h // hhᵀ, r×r
	}
	gram.Reset()
	gram.ReuseAsSym(size)
	gram.SymOuterK(1, hm)
	if !eig.Factorize(gram, false) {
		// Fall back on the SVD.
		return NuclearNorm(h)
	}
	fro := mat.Norm(h, 2)
	delta := 10 * float64(max(r, c)) * epsilon * fro * fro
	sum := 0.0
	for _, l := range eig.Values(nil) {
		sum += math.Sqrt(math.Max(l, 0) + delta)
	}
	return sum
}

// result packages the feasible point Z = H, E = X − AH with the
// certificate of the last check (recomputed if stale).
func (s *admm) result(iters int, converged bool, fnorm float64) *Result {
	dual := s.dualBound()
	primal := s.primalBound()
	d, n := s.x.Dims()
	res := &Result{
		Z: mat.DenseCopyOf(s.h), H: mat.DenseCopyOf(s.h),
		Iterations: iters, Converged: converged, Change: fnorm,
		Gap: (primal - dual) / math.Abs(dual),
	}
	// E = X − AH in the original coordinates (primalBound left AH).
	eh := mat.NewDense(s.k, n, nil)
	eh.Sub(s.xr, s.ah)
	if s.q != nil {
		res.E = mat.NewDense(d, n, nil)
		res.E.Mul(s.q, eh)
		res.Y1 = mat.NewDense(d, n, nil)
		res.Y1.Mul(s.q, s.certU)
	} else {
		res.E = eh
		res.Y1 = mat.DenseCopyOf(s.certU)
	}
	res.Y2 = mat.DenseCopyOf(s.certY2)
	res.finish(s.x, s.a, s.p)
	return res
}

// raw returns the storage of a matrix allocated by mat.NewDense (stride
// equal to the number of columns).
func raw(m *mat.Dense) []float64 { return m.RawMatrix().Data }

// anderson is type-II Anderson acceleration of the fixed-point map
// x ← T(x) (Walker and Ni 2011): with the differences ΔG of the last
// images g_i = T(x_i) and ΔF of the residuals f_i = g_i − x_i, the next
// iterate is g − ΔG γ, γ = argmin ||f − ΔF γ||. The history restarts when
// the residual grows, which keeps the iteration as robust as plain ADMM.
type anderson struct {
	mem      int
	size     int
	dg, df   [][]float64 // ring of differences (flattened state)
	daz      [][]float64 // A·Z of the image differences
	gPrev    []float64
	fPrev    []float64
	azPrev   []float64
	count    int
	head     int
	havePrev bool
	prevFF   float64
	gram     []float64 // mem×mem, ΔFᵀΔF
	rhs, gam []float64
}

func newAnderson(mem int, parts [][]float64) *anderson {
	size := 0
	for _, p := range parts {
		size += len(p)
	}
	a := &anderson{mem: mem, size: size}
	a.dg = make([][]float64, mem)
	a.df = make([][]float64, mem)
	a.daz = make([][]float64, mem)
	a.gram = make([]float64, mem*mem)
	a.rhs = make([]float64, mem)
	a.gam = make([]float64, mem)
	return a
}

// next overwrites x with the next iterate, given x and its image g;
// ff = ||g − x||².
func (a *anderson) next(x, g state, ff float64) {
	gp, xp := g.parts(), x.parts()
	az := raw(g.az)
	if a.gPrev == nil {
		a.gPrev = make([]float64, a.size)
		a.fPrev = make([]float64, a.size)
		a.azPrev = make([]float64, len(az))
	}
	if a.havePrev && ff > a.prevFF {
		a.count, a.head = 0, 0
		a.havePrev = false
	}
	if a.havePrev {
		// Push Δg, Δf into the ring.
		slot := a.head
		if a.dg[slot] == nil {
			a.dg[slot] = make([]float64, a.size)
			a.df[slot] = make([]float64, a.size)
			a.daz[slot] = make([]float64, len(az))
		}
		// Push the differences and save g and f in the same pass.
		dg, df, daz := a.dg[slot], a.df[slot], a.daz[slot]
		o := 0
		for pi, p := range gp {
			xq := xp[pi]
			for i, v := range p {
				f := v - xq[i]
				dg[o+i] = v - a.gPrev[o+i]
				df[o+i] = f - a.fPrev[o+i]
				a.gPrev[o+i] = v
				a.fPrev[o+i] = f
			}
			o += len(p)
		}
		for i, v := range az {
			daz[i] = v - a.azPrev[i]
		}
		a.head = (a.head + 1) % a.mem
		a.count = min(a.count+1, a.mem)
		// Update the Gram matrix row and column of slot, and the
		// right-hand side ΔFᵀf, in one pass over each stored ΔF.
		for i := 0; i < a.count; i++ {
			si := (a.head - a.count + i + 2*a.mem) % a.mem
			v, r := dot2(a.df[si], df, a.fPrev)
			a.gram[slot*a.mem+si] = v
			a.gram[si*a.mem+slot] = v
			a.rhs[i] = r
		}
	} else {
		// Save g and f.
		o := 0
		for pi, p := range gp {
			xq := xp[pi]
			for i, v := range p {
				a.gPrev[o+i] = v
				a.fPrev[o+i] = v - xq[i]
			}
			o += len(p)
		}
	}
	copy(a.azPrev, az)
	a.havePrev = true
	a.prevFF = ff

	x.copyFrom(g)
	if a.count == 0 {
		return
	}
	// Solve (ΔFᵀΔF + reg I) γ = ΔFᵀ f on the stored slots.
	c := a.count
	idx := make([]int, c)
	for i := range idx {
		idx[i] = (a.head - c + i + 2*a.mem) % a.mem
	}
	m := mat.NewSymDense(c, nil)
	trace := 0.0
	for i := 0; i < c; i++ {
		for j := i; j < c; j++ {
			m.SetSym(i, j, a.gram[idx[i]*a.mem+idx[j]])
		}
		trace += a.gram[idx[i]*a.mem+idx[i]]
	}
	if trace == 0 {
		return
	}
	for i := 0; i < c; i++ {
		m.SetSym(i, i, m.At(i, i)+1e-10*trace)
	}
	var ch mat.Cholesky
	if !ch.Factorize(m) {
		a.count, a.head = 0, 0
		return
	}
	gam := mat.NewVecDense(c, a.gam[:c])
	if err := ch.SolveVecTo(gam, mat.NewVecDense(c, a.rhs[:c])); err != nil {
		a.count, a.head = 0, 0
		return
	}
	xp = x.parts()
	for i := 0; i < c; i++ {
		gi := gam.AtVec(i)
		dg := a.dg[idx[i]]
		o := 0
		for _, p := range xp {
			for q := range p {
				p[q] -= gi * dg[o+q]
			}
			o += len(p)
		}
		blas64.Implementation().Daxpy(len(az), -gi, a.daz[idx[i]], 1, raw(x.az), 1)
	}
}

// dot2 returns a·b and a·c in one pass over a, with two accumulators
// each: without assembly (WebAssembly) a single running sum is bound by
// the latency of the additions.
func dot2(a, b, c []float64) (ab, ac float64) {
	n := len(a)
	b, c = b[:n], c[:n]
	var s0, s1, t0, t1 float64
	i := 0
	for ; i+1 < n; i += 2 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		t0 += a[i] * c[i]
		t1 += a[i+1] * c[i+1]
	}
	if i < n {
		s0 += a[i] * b[i]
		t0 += a[i] * c[i]
	}
	return s0 + s1, t0 + t1
}
