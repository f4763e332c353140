package lowrank

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// refAnderson is type-II Anderson mixing written plainly, as a check of
// anderson's bookkeeping (the last image and residual kept in the ring):
// the last image g, residual f, their companions and A·g kept apart, the
// differences in a list, oldest first, and the textbook formulas
//
//	ΔG_i = g_{i+1} − g_i,  ΔF_i = f_{i+1} − f_i,
//	(ΔFᵀΔF + 10⁻¹⁰ tr(ΔFᵀΔF) I) γ = ΔFᵀ f,  x = g − Σ_i γ_i ΔG_i,
//
// with the restart when ||f||² grows (and, with revert, x = g_{k−1}),
// and x = g when there is no history or the system is singular. The
// inner products are the map's own metric. It counts the paths it took.
type refAnderson struct {
	mem                    int
	metric                 *metric
	revert                 bool
	have                   bool
	prevFF                 float64
	gPrev, fPrev           []float64
	fPrevC, azPrev         []float64
	dG, dF, dFC, dAZ       [][]float64
	mixes, restarts, plain int
	reverts, full          int // restarts that reverted, mixes of a full history
}

func flatten(st state) []float64 {
	var v []float64
	for _, p := range st.parts() {
		v = append(v, p...)
	}
	return v
}

func (r *refAnderson) next(x, g state, ff float64, fc []float64) {
	gv, xv, az := flatten(g), flatten(x), raw(g.az)
	f := make([]float64, len(gv))
	for i := range f {
		f[i] = gv[i] - xv[i]
	}
	setX := func(v, vaz []float64) {
		o := 0
		for _, p := range x.parts() {
			copy(p, v[o:o+len(p)])
			o += len(p)
		}
		copy(raw(x.az), vaz)
	}
	if r.have && ff > r.prevFF {
		r.restarts++
		r.dG, r.dF, r.dFC, r.dAZ = nil, nil, nil, nil
		r.have = false
		if r.revert {
			r.reverts++
			setX(r.gPrev, r.azPrev)
			return
		}
	}
	if r.have {
		sub := func(a, b []float64) []float64 {
			d := make([]float64, len(a))
			for i := range a {
				d[i] = a[i] - b[i]
			}
			return d
		}
		r.dG = append(r.dG, sub(gv, r.gPrev))
		r.dF = append(r.dF, sub(f, r.fPrev))
		r.dFC = append(r.dFC, sub(fc, r.fPrevC))
		r.dAZ = append(r.dAZ, sub(az, r.azPrev))
		if len(r.dG) > r.mem {
			r.dG, r.dF, r.dFC, r.dAZ = r.dG[1:], r.dF[1:], r.dFC[1:], r.dAZ[1:]
		}
	}
	r.gPrev, r.fPrev = gv, f
	r.fPrevC, r.azPrev = append([]float64(nil), fc...), append([]float64(nil), az...)
	r.have, r.prevFF = true, ff

	c := len(r.dF)
	plain := func() {
		r.plain++
		setX(gv, az)
	}
	if c == 0 {
		plain()
		return
	}
	// ⟨a, b⟩ and ⟨a, f⟩ in the metric, f stored (one part, minus zero).
	fd := diff{g: [][]float64{f}, x: [][]float64{make([]float64, len(f))}}
	m := mat.NewSymDense(c, nil)
	rhs := mat.NewVecDense(c, nil)
	trace := 0.0
	for i := 0; i < c; i++ {
		for j := i; j < c; j++ {
			v, _ := r.metric.dot2(r.dF[i], r.dFC[i], r.dF[j], r.dFC[j], fd, fc)
			m.SetSym(i, j, v)
		}
		_, b := r.metric.dot2(r.dF[i], r.dFC[i], r.dF[i], r.dFC[i], fd, fc)
		rhs.SetVec(i, b)
		trace += m.At(i, i)
	}
	if trace == 0 {
		plain()
		return
	}
	for i := 0; i < c; i++ {
		m.SetSym(i, i, m.At(i, i)+1e-10*trace)
	}
	var ch mat.Cholesky
	var gam mat.VecDense
	if !ch.Factorize(m) || ch.SolveVecTo(&gam, rhs) != nil {
		r.dG, r.dF, r.dFC, r.dAZ = nil, nil, nil, nil
		plain()
		return
	}
	r.mixes++
	if c == r.mem {
		r.full++
	}
	xv, az = append([]float64(nil), gv...), append([]float64(nil), az...)
	for i := 0; i < c; i++ {
		for q := range xv {
			xv[q] -= gam.AtVec(i) * r.dG[i][q]
		}
		for q := range az {
			az[q] -= gam.AtVec(i) * r.dAZ[i][q]
		}
	}
	setX(xv, az)
}

// sameBits reports whether the blocks of two states hold the same bits.
func sameBits(a, b state) bool {
	pa, pb := append(a.parts(), raw(a.az)), append(b.parts(), raw(b.az))
	if len(pa) != len(pb) {
		return false
	}
	for i := range pa {
		for q := range pa[i] {
			if math.Float64bits(pa[i][q]) != math.Float64bits(pb[i][q]) {
				return false
			}
		}
	}
	return true
}

// A whole ADMM solve, certificate and all, takes the same iterates bit
// for bit as the same map driven by refAnderson: a second solver is
// stepped in lockstep from the first one's progress function, mixed by
// the reference, and its next iterate and change measure compared with
// the first's at every iteration. NNLRS (depth 3, restarts) and LRR (depth 10: several
// passes of the mix; restarts that revert), with U₂ stored and implied,
// on 110 samples of 5 subspaces; every case must hit the restart (and
// LRR the revert), and mix with a full history.
func TestAndersonSameIterates(t *testing.T) {
	x, _ := subspaceData()
	_, n := x.Dims()
	for _, tc := range []struct {
		name     string
		lrr      bool
		implied  bool
		maxIters int
	}{
		{"nnlrs", false, false, 300},
		{"nnlrs implied", false, true, 300},
		{"lrr", true, false, 300},
		{"lrr implied", true, true, 300},
	} {
		t.Run(tc.name, func(t *testing.T) {
			size := impliedMinSize
			if tc.implied {
				size = 1
			}
			withImplied(size, func() {
				pr := problem{Params: Params{Beta: 0.2, Lambda: 1}, lrr: tc.lrr}
				if tc.lrr {
					pr.Params = Params{Lambda: 1}
				}
				set := (&ADMM{MaxIter: tc.maxIters}).withDefaults(pr, n)
				s, ref := newADMM(x, x, pr, set), newADMM(x, x, pr, set)
				if s.metric.implied != tc.implied {
					t.Fatalf("implied U₂ %v, want %v", s.metric.implied, tc.implied)
				}
				ref.anderson = nil
				ra := &refAnderson{mem: set.Memory, metric: ref.metric, revert: tc.lrr}
				bad := 0
				// run has taken the next iterate when it reports progress.
				res, err := s.run(context.Background(), func(p Progress) {
					if err := ref.step(); err != nil {
						t.Fatal(err)
					}
					ff, _ := ref.residuals()
					ra.next(ref.xs, ref.gs, ff, ref.fc)
					if (!sameBits(s.xs, ref.xs) || math.Sqrt(ff)/ref.normX != p.Change) && bad == 0 {
						bad = p.Iter
					}
				})
				if err != nil {
					t.Fatal(err)
				}
				if bad != 0 {
					t.Fatalf("iterate %d differs from the reference's", bad)
				}
				t.Logf("%d iterations (%v): %d mixes (%d of a full history), %d restarts (%d reverted), %d plain steps",
					res.Iterations, res.Status, ra.mixes, ra.full, ra.restarts, ra.reverts, ra.plain)
				if res.Status != Converged || ra.restarts == 0 || tc.lrr && ra.reverts == 0 || ra.full < 2 {
					t.Errorf("the run did not take every path: %v, %d mixes of a full history, %d restarts, %d reverts", res.Status, ra.full, ra.restarts, ra.reverts)
				}
			})
		})
	}
}

// On a map that translates (f constant, ΔF = 0: the system has zero
// trace, x = g with the image and residual still saved), then contracts,
// then jumps (restarts, with and without the revert), anderson takes the
// reference's iterates bit for bit, at depths 1, 3 and 6.
func TestAndersonRingPaths(t *testing.T) {
	const k, m, n = 2, 3, 3
	for _, mem := range []int{1, 3, 6} {
		for _, revert := range []bool{false, true} {
			rng := rand.New(rand.NewPCG(uint64(mem), 8))
			x, g := newState(k, m, n, false, false), newState(k, m, n, false, false)
			x2, g2 := newState(k, m, n, false, false), newState(k, m, n, false, false)
			size := len(flatten(x))
			mt := newMetric(k, m, n, 1, 1, 1, false, false)
			a := newAnderson(mem, x.parts(), mt, revert)
			r := &refAnderson{mem: mem, metric: mt, revert: revert}
			shift := make([]float64, size)
			scale := make([]float64, size)
			for i := range shift {
				// Integers: from x = 0, x + shift and the residual are exact.
				shift[i], scale[i] = float64(rng.IntN(9)-4), 0.3+0.6*rng.Float64()
			}
			am := mat.NewDense(k, m, []float64{1, 2, 3, -1, 0.5, 2})
			// T(x) = x + shift for 4 steps, then scale·x + shift, with a
			// jump of the shift every 13 steps.
			apply := func(it int, x, g state) float64 {
				xv := flatten(x)
				o, ff := 0, 0.0
				for _, p := range g.parts() {
					for i := range p {
						v := xv[o+i] + shift[o+i]
						if it >= 4 {
							v = scale[o+i]*xv[o+i] + shift[o+i]
						}
						p[i] = v
						ff += (v - xv[o+i]) * (v - xv[o+i])
					}
					o += len(p)
				}
				g.az.Mul(am, g.z)
				return ff
			}
			for it := 0; it < 60; it++ {
				if it%13 == 12 {
					for i := range shift {
						shift[i] += 5 * rng.NormFloat64()
					}
				}
				ff, ff2 := apply(it, x, g), apply(it, x2, g2)
				a.next(x, g, ff, nil)
				r.next(x2, g2, ff2, nil)
				if !sameBits(x, x2) {
					t.Fatalf("depth %d, revert %v: iterate %d differs from the reference's", mem, revert, it+1)
				}
			}
			if r.plain < 4 || r.restarts == 0 || r.full < 2 || revert && r.reverts == 0 {
				t.Errorf("depth %d, revert %v: %d plain steps, %d restarts, %d reverts, %d mixes of a full history: a path was not taken",
					mem, revert, r.plain, r.restarts, r.reverts, r.full)
			}
		}
	}
}

// dot2Diff has the bits of dot2 on the stored residual, whatever the
// parts' lengths (odd ones move the pairing across their boundaries) and
// the range read.
func TestDot2Diff(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	lens := []int{3, 4, 1, 5}
	var g, x [][]float64
	var f []float64
	for _, l := range lens {
		gp, xp := make([]float64, l), make([]float64, l)
		for i := range gp {
			gp[i], xp[i] = rng.NormFloat64(), rng.NormFloat64()
			f = append(f, gp[i]-xp[i])
		}
		g, x = append(g, gp), append(x, xp)
	}
	a, b := make([]float64, len(f)), make([]float64, len(f))
	for i := range a {
		a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	for lo := 0; lo <= len(f); lo++ {
		for hi := lo; hi <= len(f); hi++ {
			wb, wf := dot2(a[lo:hi], b[lo:hi], f[lo:hi])
			gb, gf := dot2Diff(a[lo:hi], b[lo:hi], diff{g: g, x: x}, lo)
			if math.Float64bits(gb) != math.Float64bits(wb) || math.Float64bits(gf) != math.Float64bits(wf) {
				t.Errorf("[%d, %d): dot2Diff %v, %v; dot2 of the stored residual %v, %v", lo, hi, gb, gf, wb, wf)
			}
		}
	}
}

// AᵀA formed at every correction in Y₂'s block (gramA, problems from
// lentGramMinSize entries) gives the solve of AᵀA kept, bit for bit: the
// same iterations, Z, Y₂ and certified gap, on data whose checks move U
// off its excess (correctV runs, and with the block lent).
func TestGramLentSameResult(t *testing.T) {
	x, _ := subspaceData()
	_, n := x.Dims()
	pr := problem{Params: Params{Beta: 0.2, Lambda: 1}}
	set := (&ADMM{}).withDefaults(pr, n)
	solve := func(minSize int) (*Result, bool) {
		old := lentGramMinSize
		lentGramMinSize = minSize
		defer func() { lentGramMinSize = old }()
		s := newADMM(x, x, pr, set)
		res, err := s.run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return res, s.gramLent
	}
	kept, lentKept := solve(1 << 40)
	lent, lentLent := solve(1)
	if lentKept || !lentLent {
		t.Fatalf("AᵀA lent: %v with it kept, %v with it lent (did correctV run?)", lentKept, lentLent)
	}
	if kept.Iterations != lent.Iterations || kept.Gap != lent.Gap || !sameData(kept.Z, lent.Z) || !sameData(kept.Y2, lent.Y2) {
		t.Errorf("AᵀA lent: %d iterations, gap %v; kept: %d, %v; or Z or Y₂ differ", lent.Iterations, lent.Gap, kept.Iterations, kept.Gap)
	}
}

func sameData(a, b *mat.Dense) bool {
	x, y := a.RawMatrix().Data, b.RawMatrix().Data
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
			return false
		}
	}
	return true
}
