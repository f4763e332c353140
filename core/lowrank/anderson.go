package lowrank

import (
	"gonum.org/v1/gonum/mat"
)

// anderson is type-II Anderson acceleration of the fixed-point map
// x ← T(x) (Walker and Ni 2011): with the differences ΔG of the last
// images g_i = T(x_i) and ΔF of the residuals f_i = g_i − x_i, the next
// iterate is g − ΔG γ, γ = argmin ||f − ΔF γ||. The history restarts when
// the residual grows. With revert, the iteration also goes back to the
// last plain image T(x_{k−1}), dropping the extrapolated x_k whose
// residual grew (the safeguard of Zhang, Peng et al. 2019): where T
// translates along a direction, as ADMM for LRR does on the null space of
// A (no H-step contracts it), an extrapolation that only restarts keeps
// the point it reached and can drift without bound.
//
// The norms are those of the full iterate, its implied U₂ block included
// (metric.go): each residual difference keeps its companions.
type anderson struct {
	mem      int
	size     int
	metric   *metric
	dg, df   [][]float64 // ring of differences (flattened state)
	dfc      [][]float64 // the companions of the residual differences
	daz      [][]float64 // A·Z of the image differences
	gPrev    []float64
	fPrev    []float64
	fPrevC   []float64 // the companions of fPrev
	azPrev   []float64
	count    int
	head     int
	havePrev bool
	prevFF   float64
	gram     []float64 // mem×mem, ΔFᵀΔF
	rhs, gam []float64
	revert   bool
}

func newAnderson(mem int, parts [][]float64, g *metric, revert bool) *anderson {
	size := 0
	for _, p := range parts {
		size += len(p)
	}
	a := &anderson{mem: mem, size: size, metric: g, revert: revert}
	a.dg = make([][]float64, mem)
	a.df = make([][]float64, mem)
	a.dfc = make([][]float64, mem)
	a.daz = make([][]float64, mem)
	a.gram = make([]float64, mem*mem)
	a.rhs = make([]float64, mem)
	a.gam = make([]float64, mem)
	return a
}

// next overwrites x with the next iterate, given x and its image g;
// ff = ||g − x||² and fc the companions of g − x.
func (a *anderson) next(x, g state, ff float64, fc []float64) {
	gp, xp := g.parts(), x.parts()
	az := raw(g.az)
	if a.gPrev == nil {
		a.gPrev = make([]float64, a.size)
		a.fPrev = make([]float64, a.size)
		a.fPrevC = make([]float64, len(fc))
		a.azPrev = make([]float64, len(az))
	}
	if a.havePrev && ff > a.prevFF {
		a.count, a.head = 0, 0
		a.havePrev = false
		if a.revert {
			o := 0
			for _, p := range x.parts() {
				copy(p, a.gPrev[o:o+len(p)])
				o += len(p)
			}
			copy(raw(x.az), a.azPrev)
			return
		}
	}
	if a.havePrev {
		// Push Δg, Δf into the ring.
		slot := a.head
		if a.dg[slot] == nil {
			a.dg[slot] = make([]float64, a.size)
			a.df[slot] = make([]float64, a.size)
			a.dfc[slot] = make([]float64, len(fc))
			a.daz[slot] = make([]float64, len(az))
		}
		// Push the differences and save g and f in the same pass.
		dg, df, dfc, daz := a.dg[slot], a.df[slot], a.dfc[slot], a.daz[slot]
		for i, v := range fc {
			dfc[i] = v - a.fPrevC[i]
		}
		o := 0
		for pi, p := range gp {
			xq := xp[pi]
			dg, df, gPrev, fPrev := dg[o:o+len(p)], df[o:o+len(p)], a.gPrev[o:o+len(p)], a.fPrev[o:o+len(p)]
			each(len(p), func(lo, hi int) {
				for i := lo; i < hi; i++ {
					v := p[i]
					f := v - xq[i]
					dg[i] = v - gPrev[i]
					df[i] = f - fPrev[i]
					gPrev[i] = v
					fPrev[i] = f
				}
			})
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
			v, r := a.metric.dot2(a.df[si], a.dfc[si], df, dfc, a.fPrev, fc)
			a.gram[slot*a.mem+si] = v
			a.gram[si*a.mem+slot] = v
			a.rhs[i] = r
		}
	} else {
		// Save g and f.
		o := 0
		for pi, p := range gp {
			xq := xp[pi]
			gPrev, fPrev := a.gPrev[o:o+len(p)], a.fPrev[o:o+len(p)]
			each(len(p), func(lo, hi int) {
				for i := lo; i < hi; i++ {
					gPrev[i] = p[i]
					fPrev[i] = p[i] - xq[i]
				}
			})
			o += len(p)
		}
	}
	copy(a.azPrev, az)
	copy(a.fPrevC, fc)
	a.havePrev = true
	a.prevFF = ff

	idx := a.coefficients()
	if idx == nil {
		x.copyFrom(g)
		return
	}
	// x = g − ΔG γ, and A·x = A·g − (AΔG) γ.
	c := len(idx)
	dg, daz := make([][]float64, c), make([][]float64, c)
	for i, k := range idx {
		dg[i], daz[i] = a.dg[k], a.daz[k]
	}
	o := 0
	for pi, p := range x.parts() {
		mix(p, gp[pi], a.gam[:c], dg, o)
		o += len(p)
	}
	mix(raw(x.az), az, a.gam[:c], daz, 0)
}

// coefficients solves (ΔFᵀΔF + reg I) γ = ΔFᵀ f on the stored slots into
// a.gam and returns the slots, oldest first; nil when there is no step to
// mix (no history, or a singular system, which also clears the history).
func (a *anderson) coefficients() []int {
	c := a.count
	if c == 0 {
		return nil
	}
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
		return nil
	}
	for i := 0; i < c; i++ {
		m.SetSym(i, i, m.At(i, i)+1e-10*trace)
	}
	var ch mat.Cholesky
	if !ch.Factorize(m) {
		a.count, a.head = 0, 0
		return nil
	}
	gam := mat.NewVecDense(c, a.gam[:c])
	if err := ch.SolveVecTo(gam, mat.NewVecDense(c, a.rhs[:c])); err != nil {
		a.count, a.head = 0, 0
		return nil
	}
	return idx
}

// mix sets dst = src − Σ_i γ_i d_i[off:off+len(dst)], subtracting in the
// order of i, four columns a pass over dst, so that dst is read and
// written once per four columns; the entries are shared out over the
// cores (each).
func mix(dst, src, gam []float64, d [][]float64, off int) {
	each(len(dst), func(lo, hi int) {
		ds := make([][]float64, len(d))
		for i, di := range d {
			ds[i] = di[off+lo : off+hi]
		}
		mixRange(dst[lo:hi], src[lo:hi], gam, ds)
	})
}

// mixRange is mix on one range: d_i holds that range of the columns.
func mixRange(dst, src, gam []float64, d [][]float64) {
	n := len(dst)
	for i := 0; i < len(gam); i += 4 {
		s := src[:n]
		if i > 0 {
			s = dst
		}
		var g [4]float64
		var c [4][]float64
		for k := range c {
			c[k] = d[i][:n] // past the last column: γ = 0
			if i+k < len(gam) {
				g[k], c[k] = gam[i+k], d[i+k][:n]
			}
		}
		g0, g1, g2, g3 := g[0], g[1], g[2], g[3]
		d0, d1, d2, d3 := c[0][:n], c[1][:n], c[2][:n], c[3][:n]
		for q := range dst {
			dst[q] = s[q] - g0*d0[q] - g1*d1[q] - g2*d2[q] - g3*d3[q]
		}
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
