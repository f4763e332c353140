package lasso

import (
	"context"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"

	"nnlrs/core/linalg"
)

// Settings configure the solvers. The zero value gives the defaults; every
// zero field takes its default.
type Settings struct {
	// Tol is the optimality tolerance, default 1e-6. A sample's solve stops
	// when no coefficient violates its optimality condition by more than
	// Tol·||x_i||·max_j ||b_j||, b_j the columns of the dictionary: the
	// gradient of the smooth part at the zero code is bounded by that
	// scale, so Tol is relative and unit-free (for unit-norm samples the
	// scale is 1). The conditions are stated with each solver.
	Tol float64
	// MaxIter caps the coordinate-descent sweeps (full or over the active
	// set) of one sample, default 1000. Reaching it is reported by
	// Stat.Converged (and Result.Total).
	MaxIter int
	// Progress, if not nil, is called after each sample with the number
	// of samples done and the total.
	Progress func(done, total int)
}

const (
	defaultTol     = 1e-6
	defaultMaxIter = 1000

	// ctxEvery is the number of sweeps between context checks within a
	// sample's solve.
	ctxEvery = 64

	// polishStable is the number of sweeps over the active set without a
	// change of the support after which the solvers first try to solve the
	// reduced problem on the support exactly (see NonNeg and Robust); the
	// wait doubles after every failed try.
	polishStable = 8

	// maxCond bounds the condition number of a reduced system the polish
	// step solves rather than treating it as singular: its solution keeps
	// about 16 − 14 = 2 significant digits, and the polish takes it only if
	// it does not increase the objective, so an inaccurate solution costs
	// time but no accuracy.
	maxCond = 1e14
)

func (s *Settings) defaults() (Settings, error) {
	var c Settings
	if s != nil {
		c = *s
	}
	if c.Tol == 0 {
		c.Tol = defaultTol
	}
	if c.MaxIter == 0 {
		c.MaxIter = defaultMaxIter
	}
	if !(c.Tol > 0) || math.IsInf(c.Tol, 0) {
		return c, errorf("need tolerance > 0, have %v", c.Tol)
	}
	if c.MaxIter < 0 {
		return c, errorf("need maxiter >= 0, have %d", c.MaxIter)
	}
	return c, nil
}

// Stat reports the solve of one sample.
type Stat struct {
	// Iterations is the number of coordinate-descent sweeps, full or over
	// the active set.
	Iterations int
	// Converged reports whether the optimality conditions hold to the
	// tolerance.
	Converged bool
	// Objective is the sample's objective at its code.
	Objective float64
	// Residual is the norm of the sample's residual at its code,
	// ||x_i − Xc||₂ (NonNeg) or ||x_i − Xc − e||₂ (Robust).
	Residual float64
	// Violation is the largest violation of an optimality condition at the
	// code, relative to the gradient scale as Settings.Tol is. It is at
	// most Tol when Converged.
	Violation float64
}

// Result holds the codes of all samples.
type Result struct {
	// Z is n×n: column i is the code of sample i over the other samples,
	// and Z[i][i] = 0.
	Z *mat.Dense
	// E is d×n: column i is the noise code e of sample i (Robust only; nil
	// for NonNeg).
	E *mat.Dense
	// Stats reports the solve of every sample.
	Stats []Stat
}

// Total sums the iterations and objectives of all samples, reports whether
// all converged and the largest violation.
func (r *Result) Total() Stat {
	t := Stat{Converged: true}
	for _, s := range r.Stats {
		t.Iterations += s.Iterations
		t.Converged = t.Converged && s.Converged
		t.Objective += s.Objective
		t.Violation = math.Max(t.Violation, s.Violation)
	}
	return t
}

// problem holds what the solvers share: the samples stored contiguously
// (sample j is xs[j*d : (j+1)*d]), their squared norms and the scale of
// the gradient.
type problem struct {
	d, n   int
	lambda float64
	set    Settings
	xs     []float64
	sq     []float64 // ||x_j||²
	maxNrm float64   // max_j ||x_j||
}

func newProblem(x *mat.Dense, lambda float64, s *Settings) (*problem, error) {
	if x == nil {
		return nil, errorf("no data")
	}
	d, n := x.Dims()
	if d == 0 || n < 2 {
		return nil, errorf("need at least 2 samples of dimension >= 1, have %d samples of dimension %d", n, d)
	}
	if err := linalg.Finite(x); err != nil {
		return nil, errorf("data: %w", err)
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, errorf("need lambda >= 0, have %v", lambda)
	}
	set, err := s.defaults()
	if err != nil {
		return nil, err
	}
	p := &problem{d: d, n: n, lambda: lambda, set: set, xs: make([]float64, n*d), sq: make([]float64, n)}
	for j := 0; j < n; j++ {
		col := p.xs[j*d : (j+1)*d]
		mat.Col(col, j, x)
		p.sq[j] = floats.Dot(col, col)
		if math.IsInf(p.sq[j], 0) {
			return nil, errorf("squared norm of sample %d overflows", j)
		}
		p.maxNrm = math.Max(p.maxNrm, math.Sqrt(p.sq[j]))
	}
	return p, nil
}

// sample returns x_j.
func (p *problem) sample(j int) []float64 { return p.xs[j*p.d : (j+1)*p.d] }

// gram returns XᵀX as a row-major n×n slice, computed once for all samples
// by a symmetric rank-k update and mirrored so that every row is whole.
func (p *problem) gram() ([]float64, error) {
	xt := mat.NewDense(p.n, p.d, p.xs)
	var g mat.SymDense
	g.SymOuterK(1, xt)
	raw := g.RawSymmetric()
	n := p.n
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			v := raw.Data[i*raw.Stride+j]
			if math.IsInf(v, 0) || math.IsNaN(v) {
				return nil, errorf("Gram matrix overflows")
			}
			raw.Data[j*raw.Stride+i] = v
		}
	}
	if raw.Stride != n {
		panic("lasso: unexpected Gram stride")
	}
	return raw.Data[:n*n], nil
}

// finite reports whether all entries of the slices are finite.
func finite(s ...[]float64) bool {
	for _, v := range s {
		for _, a := range v {
			if math.IsNaN(a) || math.IsInf(a, 0) {
				return false
			}
		}
	}
	return true
}

// soft returns the soft threshold S_t(v) = sign(v) max(|v| − t, 0).
func soft(v, t float64) float64 {
	switch {
	case v > t:
		return v - t
	case v < -t:
		return v + t
	}
	return 0
}

// sign returns −1, 0 or 1.
func sign(v float64) float64 {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// checkCtx returns ctx.Err() every ctxEvery sweeps.
func checkCtx(ctx context.Context, sweep int) error {
	if sweep%ctxEvery == 0 {
		return ctx.Err()
	}
	return nil
}

// sweeper is the coordinate-descent state of one sample's solve.
type sweeper interface {
	// pass updates the coordinates that violate their optimality
	// conditions by more than the tolerance, over all coordinates or over
	// the active set, and reports whether any changed and whether the
	// support changed. A full pass also collects the active set.
	pass(full bool) (changed, moved bool)
	// polish minimizes the objective over the face of the current support
	// and signs, or moves towards that minimum, and reports whether it
	// reached it.
	polish() bool
}

// descend runs the coordinate descent of a sample until a full pass changes
// nothing or st.Iterations reaches maxIter: every full pass is followed by
// passes over the active set until they change nothing, with a polish
// when they settle and whenever the support has not changed for a while.
func descend(ctx context.Context, s sweeper, st *Stat, maxIter int) error {
	for st.Iterations < maxIter {
		st.Iterations++
		if err := checkCtx(ctx, st.Iterations); err != nil {
			return err
		}
		if changed, _ := s.pass(true); !changed {
			return nil
		}
		stable, wait := 0, polishStable
		for st.Iterations < maxIter {
			st.Iterations++
			if err := checkCtx(ctx, st.Iterations); err != nil {
				return err
			}
			changed, moved := s.pass(false)
			if !changed {
				s.polish()
				break
			}
			if moved {
				stable = 0
			} else if stable++; stable >= wait {
				if s.polish() {
					break
				}
				stable, wait = 0, 2*wait
			}
		}
	}
	return nil
}

// spd solves the symmetric positive definite system a·x = b in place of b
// by a Cholesky factorization A = UᵀU of the upper triangle of a (left
// unchanged), computed in w.fac. It reports false if a is not positive
// definite to working precision, if its condition number exceeds maxCond,
// or if the solution is not finite. The condition number is bounded below
// by (max_i U_ii / min_i U_ii)² at no cost, and only when that bound
// exceeds 1e6 is it estimated by LAPACK's Dpocon, whose O(k²) passes cost
// as much as the factorization in the polish steps.
func spd(a *mat.SymDense, b []float64, w *spdWork) bool {
	k := len(b)
	w.fac = grow(w.fac, k*k)
	u := blas64.Symmetric{Uplo: blas.Upper, N: k, Stride: k, Data: w.fac}
	raw := a.RawSymmetric()
	for i := 0; i < k; i++ {
		copy(u.Data[i*k+i:(i+1)*k], raw.Data[i*raw.Stride+i:i*raw.Stride+k])
	}
	t, ok := lapack64.Potrf(u)
	if !ok {
		return false
	}
	lo, hi := math.Inf(1), 0.0
	for i := 0; i < k; i++ {
		d := t.Data[i*k+i]
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	if !(lo > 0) || (hi/lo)*(hi/lo) > maxCond {
		return false
	}
	if (hi/lo)*(hi/lo) > 1e6 {
		w.work = grow(w.work, 3*k)
		if cap(w.iwork) < k {
			w.iwork = make([]int, k)
		}
		anorm := lapack64.Lansy(lapack.MaxColumnSum, raw, w.work)
		if rcond := lapack64.Pocon(u, anorm, w.work, w.iwork[:k]); !(rcond*maxCond >= 1) {
			return false
		}
	}
	v := blas64.Vector{N: k, Inc: 1, Data: b}
	blas64.Trsv(blas.Trans, t, v)   // Uᵀy = b
	blas64.Trsv(blas.NoTrans, t, v) // Ux = y
	return finite(b)
}

// spdWork holds spd's buffers.
type spdWork struct {
	fac, work []float64
	iwork     []int
}

// smallestEigen returns the smallest and the largest eigenvalue of a and
// writes a unit eigenvector for the smallest to v; it reports false if the
// decomposition fails.
func smallestEigen(eig *mat.EigenSym, a *mat.SymDense, v []float64) (lo, hi float64, ok bool) {
	if !eig.Factorize(a, true) {
		return 0, 0, false
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	mat.Col(v, 0, &vecs) // the eigenvalues are in ascending order
	vals := eig.Values(nil)
	return vals[0], vals[len(vals)-1], finite(v)
}

// nullStep prepares a move z ← z − t·v of the coefficients z on a support
// whose reduced system is singular, v a unit eigenvector of its smallest
// eigenvalue: along v the fit hardly changes, and the objective changes by
//
//	Δ(t) = −t vᵀh + ½t² μ,
//
// h the gradient of the objective on the face and μ = ||B v||² the
// curvature along v (B the support's columns). nullStep orients v, in
// place, so that a coefficient reaches 0 at the step t > 0 to the first
// such coefficient and Δ(t) ≤ 0, and returns t and that coefficient's
// index; block < 0 if neither orientation does. For an exactly singular
// system μ = 0 and vᵀh is λ times the change of the l1 norm, so one
// orientation never increases the objective, and the move shrinks the
// support by one, as in the reduction of a solution to a basic one. As Δ is
// then 0 up to rounding when λ = 0, Δ is compared with 1e-12 times the
// size of its terms, μ measured by hi, the largest eigenvalue.
func nullStep(z, v, h []float64, mu, hi float64) (t float64, block int) {
	mu = math.Max(mu, 0)
	for _, o := range [2]float64{1, -1} {
		t, block = math.Inf(1), -1
		for k, zk := range z {
			if vk := o * v[k]; vk != 0 && zk != 0 && (vk > 0) == (zk > 0) {
				if s := zk / vk; s < t {
					t, block = s, k
				}
			}
		}
		if block < 0 {
			continue
		}
		vh, size := 0.0, 0.0
		for k, vk := range v {
			vh += o * vk * h[k]
			size += math.Abs(vk * h[k])
		}
		if -t*vh+0.5*t*t*mu <= 1e-12*(t*size+0.5*t*t*hi) {
			if o < 0 {
				floats.Scale(-1, v)
			}
			return t, block
		}
	}
	return 0, -1
}

// grow returns s resliced to length k, reallocated if too short.
func grow(s []float64, k int) []float64 {
	if cap(s) < k {
		return make([]float64, k)
	}
	return s[:k]
}
