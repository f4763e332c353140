package kernels

// The names of the kernels of core/lowrank's Anderson acceleration.
const (
	Mix4      = "mix4"
	Mix4First = "mix4_first"
	Dot2Diff  = "dot2_diff"
	Push      = "push"
)

// push writes push(n, dg, df, g, x i32), core/lowrank's Kernels.Push:
// dg = g + dg, df = (g − x) + df.
func push() Func {
	return elementwise(Push, 4, 0, []store{{0, add(vec(2), vec(0))}, {1, add(sub(vec(2), vec(3)), vec(1))}})
}

// mix4 writes the kernels
//
//	mix4(n, dst, src, d0, d1, d2, d3 i32, g0, g1, g2, g3 f64)
//	mix4_first(n, dst, src, d0, d1, d2, d3, ng, nf i32, g0, g1, g2, g3 f64)
//
// core/lowrank's Kernels.Mix4 on n entries, without and with ng and nf:
// dst = (((src − g₀d0) − g₁d1) − g₂d2) − g₃d3, ng = −src, nf = −(src − dst)
// from dst before the pass. Every entry of a pair is read before any is
// written (elementwise), so that ng may be d0 and src dst.
func mix4(first bool) Func {
	src, d := vec(1), [4]*term{vec(2), vec(3), vec(4), vec(5)}
	y := src
	for k := range d {
		y = sub(y, mul(scalar(k), d[k]))
	}
	if !first {
		return elementwise(Mix4, 6, 4, []store{{0, y}})
	}
	return elementwise(Mix4First, 8, 4, []store{{0, y}, {6, neg(src)}, {7, neg(sub(src, vec(0)))}})
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
