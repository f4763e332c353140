package kernels

// The names of the kernels of core/lowrank's Anderson acceleration.
const (
	Mix4     = "mix4"
	Dot2Diff = "dot2_diff"
	Push     = "push"
)

// push writes push(n, dg, df, g, x i32), core/lowrank's Kernels.Push:
// dg = g + dg, df = (g − x) + df.
func push() Func {
	return elementwise(Push, 4, 0, []store{{0, add(vec(2), vec(0))}, {1, add(sub(vec(2), vec(3)), vec(1))}})
}

// mix4 writes the kernel
//
//	mix4(n, dst, src, g, d0, d1, d2, d3, ng, nf, first i32)
//
// core/lowrank's Kernels.Mix4 on n entries: dst_q =
// (((src_q − g₀d0_q) − g₁d1_q) − g₂d2_q) − g₃d3_q with g the 4 float64 at
// g, and, where first is not 0, ng_q = −src_q and nf_q = −(src_q − dst_q)
// from dst before the pass. All are byte addresses in the memory. Each
// lane of a pair of entries makes the Go loop's operations on its entry
// in their order (a multiply, then a subtraction), and every entry of the
// pair is read before any is written, so that ng may be d0 and src dst.
func mix4() Func {
	var f frame
	pn, pdst, psrc, pg := f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	pd := [4]uint32{f.param(I32), f.param(I32), f.param(I32), f.param(I32)}
	png, pnf, pfirst := f.param(I32), f.param(I32), f.param(I32)
	j, pairs := f.local(I32), f.local(I32)
	var gv [4]uint32
	for k := range gv {
		gv[k] = f.local(V128)
	}
	v, y := f.local(V128), f.local(V128)
	gs := [4]uint32{f.local(F64), f.local(F64), f.local(F64), f.local(F64)}
	sv, sy := f.local(F64), f.local(F64)

	var c Code
	for k := range gv {
		c.LocalGet(pg).V128Load64Splat(uint32(8 * k)).LocalSet(gv[k])
		c.LocalGet(pg).F64Load(uint32(8 * k)).LocalSet(gs[k])
	}
	c.LocalGet(pn).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	at := func(p uint32) *Code { return c.LocalGet(p).LocalGet(j).I32Add() }
	// y = the mix of the pair (or entry) at byte j from v = src there.
	mixPair := func() {
		at(psrc).V128Load(0).LocalTee(v)
		for k := range pd {
			c.LocalGet(gv[k])
			at(pd[k]).V128Load(0)
			c.F64x2Mul().F64x2Sub()
		}
		c.LocalSet(y)
	}
	mixOne := func() {
		at(psrc).F64Load(0).LocalTee(sv)
		for k := range pd {
			c.LocalGet(gs[k])
			at(pd[k]).F64Load(0)
			c.F64Mul().F64Sub()
		}
		c.LocalSet(sy)
	}
	c.I32Const(0).LocalSet(j)
	c.LocalGet(pfirst).If()
	c.while(j, pairs, func() {
		mixPair()
		at(png)
		c.LocalGet(v).F64x2Neg().V128Store(0)
		at(pnf)
		c.LocalGet(v)
		at(pdst).V128Load(0)
		c.F64x2Sub().F64x2Neg().V128Store(0)
		at(pdst)
		c.LocalGet(y).V128Store(0)
		c.addTo(j, 16)
	})
	c.LocalGet(pn).I32Const(1).I32And().If()
	mixOne()
	at(png)
	c.LocalGet(sv).F64Neg().F64Store(0)
	at(pnf)
	c.LocalGet(sv)
	at(pdst).F64Load(0)
	c.F64Sub().F64Neg().F64Store(0)
	at(pdst)
	c.LocalGet(sy).F64Store(0)
	c.End()
	c.Else()
	c.while(j, pairs, func() {
		mixPair()
		at(pdst)
		c.LocalGet(y).V128Store(0)
		c.addTo(j, 16)
	})
	c.LocalGet(pn).I32Const(1).I32And().If()
	mixOne()
	at(pdst)
	c.LocalGet(sy).F64Store(0)
	c.End()
	c.End()
	return f.fn(Mix4, c)
}

// dot2Diff writes the kernel
//
//	dot2_diff(n, a, b, g, x, s i32)
//
// core/lowrank's Kernels.Dot2Diff on n entries: with s the 4 float64
// (s₀, s₁, t₀, t₁) at s, s₀ += a_i b_i and t₀ += a_i (g_i − x_i) for even
// i, s₁ and t₁ for odd, in ascending i. The sums are two f64x2, (s₀, s₁)
// and (t₀, t₁), each lane the Go loop's sum of its parity in its order,
// an odd last entry added to s₀ and t₀.
func dot2Diff() Func {
	var f frame
	pn, pa, pb, pg, px, ps := f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	j, pairs := f.local(I32), f.local(I32)
	accS, accT, av := f.local(V128), f.local(V128), f.local(V128)
	a1 := f.local(F64)

	var c Code
	at := func(p uint32) *Code { return c.LocalGet(p).LocalGet(j).I32Add() }
	c.LocalGet(pn).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	c.LocalGet(ps).V128Load(0).LocalSet(accS)
	c.LocalGet(ps).V128Load(16).LocalSet(accT)
	c.I32Const(0).LocalSet(j)
	c.while(j, pairs, func() {
		c.LocalGet(accS)
		at(pa).V128Load(0).LocalTee(av)
		at(pb).V128Load(0)
		c.F64x2Mul().F64x2Add().LocalSet(accS)
		c.LocalGet(accT)
		c.LocalGet(av)
		at(pg).V128Load(0)
		at(px).V128Load(0)
		c.F64x2Sub().F64x2Mul().F64x2Add().LocalSet(accT)
		c.addTo(j, 16)
	})
	c.LocalGet(ps).LocalGet(accS).V128Store(0)
	c.LocalGet(ps).LocalGet(accT).V128Store(16)
	c.LocalGet(pn).I32Const(1).I32And().If()
	c.LocalGet(ps)
	c.LocalGet(ps).F64Load(0)
	at(pa).F64Load(0).LocalTee(a1)
	at(pb).F64Load(0)
	c.F64Mul().F64Add().F64Store(0)
	c.LocalGet(ps)
	c.LocalGet(ps).F64Load(16)
	c.LocalGet(a1)
	at(pg).F64Load(0)
	at(px).F64Load(0)
	c.F64Sub().F64Mul().F64Add().F64Store(16)
	c.End()
	return f.fn(Dot2Diff, c)
}
