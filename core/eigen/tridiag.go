package eigen

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/gonum"

	"nnlrs/core/gemm"
	"nnlrs/core/parallel"
)

// dcMinSize is the order below which the divide and conquer hands a block
// to the implicit QL/QR iteration (LAPACK's SMLSIZ is 25).
const dcMinSize = 32

// tridiagDC computes all eigenvalues and eigenvectors of the symmetric
// tridiagonal n×n matrix with diagonal d and off-diagonal e by Cuppen's
// divide and conquer with the deflation of Dongarra and Sorensen and the
// eigenvector formula of Gu and Eisenstat (SIAM J. Matrix Anal. Appl. 16,
// 1995), the method of LAPACK's dstedc/dlaed0-4:
//
//	T = [T₁ 0; 0 T₂] + ρvvᵀ,  v = e_m + sign(β)e_{m+1},  ρ = |β|,
//
// where β is the off-diagonal entry joining the halves and T₁, T₂ have
// their touching diagonal entries reduced by ρ. With T_i = Q_iΛ_iQ_iᵀ
// solved recursively, T = Q(Λ + ρzzᵀ)Qᵀ with Q = diag(Q₁, Q₂), and the
// eigenvalues of the rank-one update are the roots of the secular equation
//
//	f(λ) = 1 + ρ Σ z_i²/(d_i − λ) = 0.
//
// On return d holds the eigenvalues in ascending order and the columns of
// the n×n row-major q (stride ldq) the eigenvectors of those above lo
// (−Inf: all); the columns of the others are left unspecified: the last
// merge of each block forms only the vectors of its roots above lo, as
// FactorizeAbove back-transforms only those. e is destroyed. It reports
// false if the QL/QR iteration of a small block failed.
func (s *Sym) tridiagDC(n int, d, e, q []float64, ldq int, lo float64) bool {
	for i := 0; i < n; i++ {
		row := q[i*ldq : i*ldq+n]
		clear(row)
	}
	// Split where the off-diagonal is negligible, as LAPACK does, so that
	// each independent block is solved on its own.
	eps := dlamchE
	start := 0
	for start < n {
		end := start
		for end < n-1 {
			tiny := eps * math.Sqrt(math.Abs(d[end])) * math.Sqrt(math.Abs(d[end+1]))
			if math.Abs(e[end]) <= tiny {
				e[end] = 0
				break
			}
			end++
		}
		// Block [start, end].
		m := end - start + 1
		if !s.dcBlock(m, d[start:], e[start:], q[start*ldq+start:], ldq, lo) {
			return false
		}
		start = end + 1
	}
	// Sort the eigenvalues of all blocks, with their vectors.
	return s.sortEigen(n, d, q, ldq)
}

const dlamchE = 1.0 / (1 << 53) // unit roundoff, LAPACK's dlamch('E')

// dcBlock solves one unreduced block of order n by divide and conquer,
// the eigenvectors of the eigenvalues above lo alone at its last merge.
func (s *Sym) dcBlock(n int, d, e, q []float64, ldq int, lo float64) bool {
	if n <= dcMinSize {
		for i := 0; i < n; i++ {
			q[i*ldq+i] = 1
		}
		work := s.grow(&s.steqrWork, max(1, 2*n-2))
		return gonum.Implementation{}.Dsteqr(lapack.EVTridiag, n, d[:n], e[:max(n-1, 0)], q, ldq, work)
	}
	m := n / 2
	beta := e[m-1]
	rho := math.Abs(beta)
	d[m-1] -= rho
	d[m] -= rho
	all := math.Inf(-1) // the halves' vectors all enter the merge
	if !s.dcBlock(m, d, e, q, ldq, all) {
		return false
	}
	if !s.dcBlock(n-m, d[m:], e[m:], q[m*ldq+m:], ldq, all) {
		return false
	}
	return s.merge(n, m, d, q, ldq, rho, math.Copysign(1, beta), lo)
}

// merge combines the eigen-decompositions of the two halves (rows and
// columns [0, m) and [m, n) of q, eigenvalues ascending in d[:m], d[m:n])
// into that of diag(Q₁Λ₁Q₁ᵀ, Q₂Λ₂Q₂ᵀ) + ρvvᵀ (LAPACK's dlaed1-3). The
// vectors of the roots at or below lo are not formed: their columns keep
// the halves' vectors. Each vector formed is the same product of the same
// entries whatever lo.
func (s *Sym) merge(n, m int, d, q []float64, ldq int, rho, sign, lo float64) bool {
	// z = Qᵀv / √2 (unit norm) and ρ ← 2ρ.
	z := s.grow(&s.z, n)
	for j := 0; j < m; j++ {
		z[j] = q[(m-1)*ldq+j] / math.Sqrt2
	}
	for j := m; j < n; j++ {
		z[j] = sign * q[m*ldq+j] / math.Sqrt2
	}
	rho *= 2

	// Sort the poles, merging the two ascending lists; perm[i] is the
	// column of q holding the i-th smallest.
	perm := s.growInt(&s.perm, n)
	for i, i1, i2 := 0, 0, m; i < n; i++ {
		if i2 == n || (i1 < m && d[i1] <= d[i2]) {
			perm[i] = i1
			i1++
		} else {
			perm[i] = i2
			i2++
		}
	}
	// Column types, as in dlaed2: 1 lives in the top rows only, 3 in the
	// bottom rows only, 2 in both (after a deflating rotation).
	ctype := s.growInt(&s.ctype, n)
	for j := 0; j < n; j++ {
		if j < m {
			ctype[j] = 1
		} else {
			ctype[j] = 3
		}
	}

	zmax, dmax := 0.0, 0.0
	for j := 0; j < n; j++ {
		zmax = math.Max(zmax, math.Abs(z[j]))
		dmax = math.Max(dmax, math.Abs(d[j]))
	}
	tol := 8 * dlamchE * math.Max(dmax, zmax)

	// Deflation. keep lists the non-deflated columns in ascending pole
	// order; deflated columns keep their eigenvalue d and vector.
	keep := s.growInt(&s.keep, n)[:0]
	defl := s.growInt(&s.defl, n)[:0]
	if rho*zmax <= tol {
		// The coupling is negligible: nothing to do but sort.
		return s.sortEigen(n, d, q, ldq)
	}
	pj := -1
	for _, j := range perm {
		if rho*math.Abs(z[j]) <= tol {
			defl = append(defl, j)
			continue
		}
		if pj < 0 {
			pj = j
			continue
		}
		// Two poles close enough that a rotation zeroing z[pj] changes
		// the matrix by less than tol deflate pj.
		sv, cv := z[pj], z[j]
		tau := math.Hypot(cv, sv)
		t := d[j] - d[pj]
		c, sn := cv/tau, -sv/tau
		if math.Abs(t*c*sn) <= tol {
			z[j] = tau
			z[pj] = 0
			if ctype[pj] != ctype[j] {
				ctype[j] = 2
			}
			ctype[pj] = 4
			// Rotate columns pj and j of q.
			for i := 0; i < n; i++ {
				a, b := q[i*ldq+pj], q[i*ldq+j]
				q[i*ldq+pj] = c*a + sn*b
				q[i*ldq+j] = c*b - sn*a
			}
			tt := d[pj]*c*c + d[j]*sn*sn
			d[j] = d[pj]*sn*sn + d[j]*c*c
			d[pj] = tt
			defl = append(defl, pj)
			pj = j
			continue
		}
		keep = append(keep, pj)
		pj = j
	}
	if pj >= 0 {
		keep = append(keep, pj)
	}
	k := len(keep)
	if k == 0 {
		return s.sortEigen(n, d, q, ldq)
	}

	// Secular equation on the k kept poles (ascending).
	dl := s.grow(&s.dlamda, k)
	w := s.grow(&s.w, k)
	for i, j := range keep {
		dl[i] = d[j]
		w[i] = z[j]
	}
	lam := s.grow(&s.lam, k)
	// delta[i*k+j] = dl[i] − λ_j, computed accurately by the solver.
	delta := s.lent(s.Lent.Delta, &s.delta, k*k, s.n*s.n)
	// Each root, each ẑ_i and each column of S is computed alone: the
	// loops share out their indices over the cores (package parallel).
	parallel.For(k, grainOf(10*k), func(lo, hi int) {
		for j := lo; j < hi; j++ {
			lam[j] = secular(k, j, dl, w, rho, delta, k)
		}
	})
	// The roots ascend (one between consecutive poles): those above lo,
	// whose vectors are formed, are lam[j0:].
	j0 := 0
	for j0 < k && !(lam[j0] > lo) {
		j0++
	}
	kv := k - j0
	// Gu-Eisenstat: recompute z from the computed eigenvalues, so that
	// the eigenvectors below are orthogonal to working precision.
	zh := s.grow(&s.zh, k)
	parallel.For(k, grainOf(k), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			p := delta[i*k+i]
			for j := 0; j < k; j++ {
				if j != i {
					p *= delta[i*k+j] / (dl[i] - dl[j])
				}
			}
			zh[i] = math.Copysign(math.Sqrt(math.Max(-p, 0)), w[i])
		}
	})
	// New vectors: q[:, keep] · S, using the zero blocks of the column
	// types: rows [0, m) only meet columns of types 1 and 2, rows [m, n)
	// types 2 and 3. Order the kept columns by type.
	order := s.growInt(&s.order, k)[:0]
	for _, t := range []int{1, 2, 3} {
		for i, j := range keep {
			if ctype[j] == t {
				order = append(order, i)
			}
		}
	}
	n1, n2, n3 := 0, 0, 0
	for _, j := range keep {
		switch ctype[j] {
		case 1:
			n1++
		case 2:
			n2++
		default:
			n3++
		}
	}
	// Eigenvectors of Λ + ρzzᵀ: S[i][j] = ẑ_i/(d_i − λ_j), normalized,
	// its rows in the type order of the kept columns: row c of sk is row
	// order[c] of S.
	sk := s.lent(s.Lent.S, &s.sk, k*k, s.n*s.n)
	pos := s.growInt(&s.pos, k)
	for c, i := range order {
		pos[i] = c
	}
	parallel.For(kv, grainOf(2*k), func(lo, hi int) {
		for j := j0 + lo; j < j0+hi; j++ {
			nrm := 0.0
			for i := 0; i < k; i++ {
				v := zh[i] / delta[i*k+j]
				nrm += v * v
			}
			nrm = 1 / math.Sqrt(nrm)
			for i := 0; i < k; i++ {
				sk[pos[i]*k+j] = zh[i] / delta[i*k+j] * nrm
			}
		}
	})
	// Row block by row block: gather the kept columns of q (in type
	// order), multiply by the columns j0.. of S, and scatter the new
	// vectors into the kept columns, in ascending order of their
	// eigenvalues λ_j.
	rows := min(n, dcRows)
	qk := s.growUpTo(&s.qk, rows*k, dcRows*s.n)
	out := s.growUpTo(&s.out, rows*kv, dcRows*s.n)
	skv := sk[j0:]
	for r0 := 0; r0 < n; r0 += rows {
		r1 := min(n, r0+rows)
		parallel.For(r1-r0, grainOf(k), func(lo, hi int) {
			for r := lo; r < hi; r++ {
				for c, i := range order {
					qk[r*k+c] = q[(r0+r)*ldq+keep[i]]
				}
			}
		})
		// Top rows [0, m) meet the columns of types 1, 2; the bottom
		// rows those of types 2, 3.
		if t1 := min(r1, m); r0 < t1 {
			if n1+n2 > 0 {
				gemm.Gemm(false, false, t1-r0, kv, n1+n2, 1, qk, k, skv, k, 0, out, kv)
			} else {
				clear(out[:(t1-r0)*kv])
			}
		}
		if b0 := max(r0, m); b0 < r1 {
			if n2+n3 > 0 {
				gemm.Gemm(false, false, r1-b0, kv, n2+n3, 1, qk[(b0-r0)*k+n1:], k, skv[n1*k:], k, 0, out[(b0-r0)*kv:], kv)
			} else {
				clear(out[(b0-r0)*kv : (r1-r0)*kv])
			}
		}
		parallel.For(r1-r0, grainOf(k), func(lo, hi int) {
			for r := lo; r < hi; r++ {
				for c, j := range keep[j0:] {
					q[(r0+r)*ldq+j] = out[r*kv+c]
				}
			}
		})
	}
	for c, j := range keep {
		d[j] = lam[c]
	}
	return s.sortEigen(n, d, q, ldq)
}

// dcRows is the number of rows of q that merge multiplies at a time, so
// that its workspace grows as k·dcRows rather than n·k.
const dcRows = 256

// grainOf is the number of loop indices of cost units each (about a
// multiply-add) that make a range of parallel.For worth its goroutine.
func grainOf(cost int) int { return max(1, 1<<14/max(cost, 1)) }

// sortEigen sorts d ascending and permutes the columns of q to match.
func (s *Sym) sortEigen(n int, d, q []float64, ldq int) bool {
	if slices.IsSorted(d[:n]) {
		return true
	}
	idx := s.growInt(&s.sortIdx, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case d[a] < d[b]:
			return -1
		case d[a] > d[b]:
			return 1
		}
		return 0
	})
	tmp := s.grow(&s.sortTmp, n)
	grain := n // one range, in tmp, on one thread
	if w := parallel.Workers(); w > 1 {
		grain = max(grainOf(n), n/(4*w)+1)
	}
	parallel.For(n, grain, func(lo, hi int) {
		tmp := tmp
		if lo > 0 {
			tmp = make([]float64, n) // another goroutine's range
		}
		for r := lo; r < hi; r++ {
			row := q[r*ldq : r*ldq+n]
			for c, j := range idx {
				tmp[c] = row[j]
			}
			copy(row, tmp)
		}
	})
	for c, j := range idx {
		tmp[c] = d[j]
	}
	copy(d[:n], tmp)
	return true
}

// secular returns the j-th smallest root λ_j of
//
//	f(λ) = 1 + ρ Σ_i z_i²/(d_i − λ),  d ascending, z_i ≠ 0, ||z|| = 1, ρ > 0,
//
// which lies in (d_j, d_{j+1}) (in (d_{k−1}, d_{k−1} + ρ) for the last),
// and stores d_i − λ_j in delta[i*ld+j] for every i, computed as
// (d_i − d_K) − τ from the pole d_K nearer to the root, which keeps every
// difference accurate to working precision (the condition of the formula
// of Gu and Eisenstat).
//
// The iteration interpolates the terms of f with poles at or left of d_j
// by a + b/(d_j − λ) and the others by c + e/(d_{j+1} − λ), matching values
// and derivatives (the "middle way" of Li, as in LAPACK's dlaed4),
// safeguarded by bisection on a bracket of the root.
func secular(k, j int, d, z []float64, rho float64, delta []float64, ld int) float64 {
	if k == 1 {
		lam := d[0] + rho*z[0]*z[0]
		delta[0] = d[0] - lam
		return lam
	}
	last := j == k-1
	// Bracket [lo, hi] of τ = λ − d_K, and the origin K.
	var origin int
	var lo, hi float64
	if last {
		origin = k - 1
		lo, hi = 0, rho
	} else {
		mid := (d[j+1] - d[j]) / 2
		// f at the midpoint, relative to d_j.
		f := 1.0
		for i := 0; i < k; i++ {
			f += rho * z[i] * z[i] / ((d[i] - d[j]) - mid)
		}
		if f >= 0 {
			origin = j
			lo, hi = 0, mid
		} else {
			origin = j + 1
			lo, hi = -mid, 0
		}
	}
	dk := d[origin]
	// δ_i = d_i − d_K, exact or nearly so.
	del := func(i int) float64 { return d[i] - dk }

	// Start in the middle of the bracket.
	tau := (lo + hi) / 2
	if last {
		tau = hi / 2
	}
	for iter := 0; iter < 200; iter++ {
		// Evaluate f, split into ψ (poles ≤ j) and φ (poles > j), and
		// their derivatives, at λ = d_K + τ.
		var psi, dpsi, phi, dphi, absSum float64
		for i := 0; i <= j; i++ {
			t := z[i] / (del(i) - tau)
			psi += z[i] * t
			dpsi += t * t
			absSum += math.Abs(z[i] * t)
		}
		for i := j + 1; i < k; i++ {
			t := z[i] / (del(i) - tau)
			phi += z[i] * t
			dphi += t * t
			absSum += math.Abs(z[i] * t)
		}
		f := 1 + rho*(psi+phi)
		// Error bound of the evaluation, as in dlaed4.
		errBound := 8*(1+rho*absSum)*dlamchE*float64(k) + math.Abs(tau)*rho*(dpsi+dphi)*dlamchE
		if math.Abs(f) <= errBound {
			break
		}
		if f < 0 {
			lo = math.Max(lo, tau)
		} else {
			hi = math.Min(hi, tau)
		}
		if hi-lo <= 2*dlamchE*math.Max(math.Abs(lo), math.Abs(hi)) {
			break
		}
		// Interpolate: ψ ≈ a + b/(δ_j − τ'), φ ≈ c + e/(δ_{j+1} − τ').
		var next float64
		dj := del(j)
		if last {
			// Only ψ: 1 + ρ(a + b/(δ_j − τ')) = 0 with
			// b = dψ (δ_j − τ)², a = ψ − dψ (δ_j − τ).
			g := dj - tau
			b := dpsi * g * g
			a := psi - dpsi*g
			den := 1 + rho*a
			if den > 0 {
				next = dj + rho*b/den
			} else {
				next = math.NaN()
			}
		} else {
			dj1 := del(j + 1)
			g1, g2 := dj-tau, dj1-tau
			b := dpsi * g1 * g1
			e := dphi * g2 * g2
			a := psi - dpsi*g1
			c := phi - dphi*g2
			// 1 + ρ(a + c) + ρb/(δ_j − t) + ρe/(δ_{j+1} − t) = 0, a
			// quadratic in t: with s = 1 + ρ(a + c),
			// s(δ_j − t)(δ_{j+1} − t) + ρb(δ_{j+1} − t) + ρe(δ_j − t) = 0.
			sc := 1 + rho*(a+c)
			qa := sc
			qb := -(sc*(dj+dj1) + rho*b + rho*e)
			qc := sc*dj*dj1 + rho*b*dj1 + rho*e*dj
			next = quadRootIn(qa, qb, qc, lo, hi)
		}
		if math.IsNaN(next) || next <= lo || next >= hi {
			next = (lo + hi) / 2
		}
		tau = next
	}
	for i := 0; i < k; i++ {
		delta[i*ld+j] = del(i) - tau
	}
	return dk + tau
}

// quadRootIn returns a root of a t² + b t + c = 0 inside (lo, hi), or NaN.
func quadRootIn(a, b, c, lo, hi float64) float64 {
	if a == 0 {
		if b == 0 {
			return math.NaN()
		}
		return -c / b
	}
	disc := b*b - 4*a*c
	if disc < 0 {
		disc = 0
	}
	sq := math.Sqrt(disc)
	// Stable pair of roots.
	var q float64
	if b >= 0 {
		q = -(b + sq) / 2
	} else {
		q = -(b - sq) / 2
	}
	r1 := q / a
	r2 := math.NaN()
	if q != 0 {
		r2 = c / q
	}
	if r1 > lo && r1 < hi {
		return r1
	}
	if r2 > lo && r2 < hi {
		return r2
	}
	return math.NaN()
}
