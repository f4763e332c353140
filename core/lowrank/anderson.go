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
// The ring holds mem slots of (ΔG, ΔF), and the last image and residual
// live in it too: once the mix has read the oldest difference, its slot
// is dead until the next push, which overwrites it, so the mix leaves
// −g_k and −f_k there, and the next push adds g_{k+1} and f_{k+1} to them
// in place (a + (−b) is a − b, bit for bit). So the history costs mem
// copies of the state, not mem + 1.
//
// The norms are those of the full iterate, its implied U₂ block included
// (metric.go): each residual difference keeps its companions.
type anderson struct {
	mem      int
	size     int
	metric   *metric
	dg, df   [][]float64 // ring of differences (flattened state); at head −g, −f of the last image
	dfc      [][]float64 // the companions of the residual differences
	daz      [][]float64 // A·Z of the image differences
	fPrevC   []float64   // the companions of the last residual
	azPrev   []float64   // A·Z of the last image
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

// slot allocates ring slot i if it is not yet.
func (a *anderson) slot(i, companions, azLen int) {
	if a.dg[i] == nil {
		a.dg[i] = make([]float64, a.size)
		a.df[i] = make([]float64, a.size)
		a.dfc[i] = make([]float64, companions)
		a.daz[i] = make([]float64, azLen)
	}
}

// next overwrites x with the next iterate, given x and its image g;
// ff = ||g − x||² and fc the companions of g − x.
func (a *anderson) next(x, g state, ff float64, fc []float64) {
	gp, xp := g.parts(), x.parts()
	az := raw(g.az)
	if a.azPrev == nil {
		a.fPrevC = make([]float64, len(fc))
		a.azPrev = make([]float64, len(az))
	}
	if a.havePrev && ff > a.prevFF {
		last := a.head // −g_{k−1}, −f_{k−1}
		a.count, a.head = 0, 0
		a.havePrev = false
		if a.revert {
			o := 0
			for _, p := range xp {
				neg := a.dg[last][o : o+len(p)]
				each(len(p), func(lo, hi int) {
					for i := lo; i < hi; i++ {
						p[i] = -neg[i]
					}
				})
				o += len(p)
			}
			copy(raw(x.az), a.azPrev)
			return
		}
	}
	f := diff{g: gp, x: xp}
	if a.havePrev {
		// Push Δg = g + (−g_prev), Δf = f + (−f_prev) into the slot
		// that holds the negated last image and residual.
		slot := a.head
		dg, df, dfc, daz := a.dg[slot], a.df[slot], a.dfc[slot], a.daz[slot]
		for i, v := range fc {
			dfc[i] = v - a.fPrevC[i]
		}
		o := 0
		for pi, p := range gp {
			xq := xp[pi]
			dg, df := dg[o:o+len(p)], df[o:o+len(p)]
			each(len(p), func(lo, hi int) {
				kern.Push(dg[lo:hi], df[lo:hi], p[lo:hi], xq[lo:hi])
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
			v, r := a.metric.dot2(a.df[si], a.dfc[si], df, dfc, f, fc)
			a.gram[slot*a.mem+si] = v
			a.gram[si*a.mem+slot] = v
			a.rhs[i] = r
		}
	}
	copy(a.azPrev, az)
	copy(a.fPrevC, fc)
	a.havePrev = true
	a.prevFF = ff

	idx := a.coefficients()
	// −g and −f go to the slot at head: free, or the oldest difference,
	// which the mix reads in its first pass before it is overwritten.
	save := a.head
	a.slot(save, len(fc), len(az))
	ng, nf := a.dg[save], a.df[save]
	if idx == nil {
		o := 0
		for pi, p := range gp {
			xq := xp[pi]
			ng, nf := ng[o:o+len(p)], nf[o:o+len(p)]
			each(len(p), func(lo, hi int) {
				for i := lo; i < hi; i++ {
					ng[i] = -p[i]
					nf[i] = -(p[i] - xq[i])
				}
			})
			o += len(p)
		}
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
	for pi, p := range xp {
		mix(p, gp[pi], a.gam[:c], dg, o, ng, nf)
		o += len(p)
	}
	mix(raw(x.az), az, a.gam[:c], daz, 0, nil, nil)
}

// last returns the last image, with the shape of g's blocks, negated
// back in the slot of the ring that holds it: the history is not to be
// used again. A·g is the copy kept. Not after a revert.
func (a *anderson) last(g state) state {
	v := a.dg[a.head]
	each(len(v), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			v[i] = -v[i]
		}
	})
	o := 0
	view := func(m *mat.Dense) *mat.Dense {
		if m == nil {
			return nil
		}
		r, c := m.Dims()
		o += r * c
		return mat.NewDense(r, c, v[o-r*c:o])
	}
	st := state{z: view(g.z), u1: view(g.u1), u2: view(g.u2), u3: view(g.u3)}
	r, c := g.az.Dims()
	st.az = mat.NewDense(r, c, a.azPrev)
	return st
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
// cores (each). Unless ng is nil it also sets ng = −src and
// nf = −(src − dst) (from dst before the mix) at off, in the first pass,
// entry by entry after that pass has read d_0..d_3: ng may be d_0.
func mix(dst, src, gam []float64, d [][]float64, off int, ng, nf []float64) {
	each(len(dst), func(lo, hi int) {
		ds := make([][]float64, len(d))
		for i, di := range d {
			ds[i] = di[off+lo : off+hi]
		}
		var g, f []float64
		if ng != nil {
			g, f = ng[off+lo:off+hi], nf[off+lo:off+hi]
		}
		mixRange(dst[lo:hi], src[lo:hi], gam, ds, g, f)
	})
}

// mixRange is mix on one range: d_i, ng and nf hold that range of the
// columns.
func mixRange(dst, src, gam []float64, d [][]float64, ng, nf []float64) {
	n := len(dst)
	for i := 0; i < len(gam); i += 4 {
		var g [4]float64
		var c [4][]float64
		for k := range c {
			c[k] = d[i][:n] // past the last column: γ = 0
			if i+k < len(gam) {
				g[k], c[k] = gam[i+k], d[i+k][:n]
			}
		}
		if i == 0 {
			kern.Mix4(dst, src, g, c[0], c[1], c[2], c[3], ng, nf)
		} else {
			kern.Mix4(dst, dst, g, c[0], c[1], c[2], c[3], nil, nil)
		}
	}
}

// mix4Go is Kernels.Mix4 in Go.
func mix4Go(dst, src []float64, g [4]float64, d0, d1, d2, d3, ng, nf []float64) {
	n := len(dst)
	g0, g1, g2, g3 := g[0], g[1], g[2], g[3]
	s, d0, d1, d2, d3 := src[:n], d0[:n], d1[:n], d2[:n], d3[:n]
	if ng != nil {
		ng, nf := ng[:n], nf[:n]
		for q := range dst {
			v := s[q]
			y := v - g0*d0[q] - g1*d1[q] - g2*d2[q] - g3*d3[q]
			ng[q] = -v
			nf[q] = -(v - dst[q])
			dst[q] = y
		}
		return
	}
	for q := range dst {
		dst[q] = s[q] - g0*d0[q] - g1*d1[q] - g2*d2[q] - g3*d3[q]
	}
}

// diff is the residual f = g − x of an image and its iterate, given by
// their parts (state.parts), read as one flattened vector: it is taken
// where it is read rather than stored.
type diff struct{ g, x [][]float64 }

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

// dot2Diff is dot2(a, b, c) for c entries off to off+len(a) of the
// residual f, each c_i = g_i − x_i formed as it is read: the same
// additions in the same order (entries of even index into the first sum,
// of odd into the second), so the same bits as dot2 of the stored
// residual.
func dot2Diff(a, b []float64, f diff, off int) (ab, ac float64) {
	n := len(a)
	b = b[:n]
	var s [4]float64 // s0, s1, t0, t1 of Kernels.Dot2Diff
	o := 0           // offset of the part in the flattened vector
	for pi, gq := range f.g {
		lo, hi := max(off, o), min(off+n, o+len(gq))
		if lo < hi {
			as, bs := a[lo-off:hi-off], b[lo-off:hi-off]
			gs, xs := gq[lo-o:hi-o], f.x[pi][lo-o:hi-o]
			if (lo-off)%2 == 0 {
				s = kern.Dot2Diff(as, bs, gs, xs, s)
			} else { // the part's first entry is of odd index
				s = swapPairs(kern.Dot2Diff(as, bs, gs, xs, swapPairs(s)))
			}
		}
		o += len(gq)
	}
	return s[0] + s[1], s[2] + s[3]
}

// swapPairs returns (s₁, s₀, t₁, t₀): the sums of Kernels.Dot2Diff for
// a range whose first entry is of odd index.
func swapPairs(s [4]float64) [4]float64 { return [4]float64{s[1], s[0], s[3], s[2]} }

// dot2DiffGo is Kernels.Dot2Diff in Go.
func dot2DiffGo(a, b, g, x []float64, s [4]float64) [4]float64 {
	n := len(a)
	b, g, x = b[:n], g[:n], x[:n]
	s0, s1, t0, t1 := s[0], s[1], s[2], s[3]
	i := 0
	for ; i+1 < n; i += 2 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		t0 += a[i] * (g[i] - x[i])
		t1 += a[i+1] * (g[i+1] - x[i+1])
	}
	if i < n {
		s0 += a[i] * b[i]
		t0 += a[i] * (g[i] - x[i])
	}
	return [4]float64{s0, s1, t0, t1}
}
