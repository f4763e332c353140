package kernels

// The names of the kernels of core/lasso's coordinate descent.
const (
	Dot4 = "dot4"
	Axpy = "axpy"
)

// dot4 writes the kernel
//
//	dot4(n, x, y i32) f64
//
// core/lasso's Kernels.Dot on WebAssembly: xᵀy over n entries in four
// sums, s_m of the entries i ≡ m (mod 4) of the quadruples in ascending
// i, the n mod 4 last entries added to s₀, then (s₀ + s₁) + (s₂ + s₃).
// A quadruple is two f64x2 products, (s₀, s₁) and (s₂, s₃) the lanes of
// two sums, so each lane is the Go loop's sum of its class in its order.
func dot4() Func {
	var f frame
	pn, px, py := f.param(I32), f.param(I32), f.param(I32)
	j, quads, end := f.local(I32), f.local(I32), f.local(I32)
	acc01, acc23 := f.local(V128), f.local(V128)
	s0, s1 := f.local(F64), f.local(F64)

	var c Code
	at := func(p uint32) *Code { return c.LocalGet(p).LocalGet(j).I32Add() }
	c.LocalGet(pn).I32Const(-4).I32And().I32Const(3).I32Shl().LocalSet(quads)
	c.LocalGet(pn).I32Const(3).I32Shl().LocalSet(end)
	c.V128Zero().LocalSet(acc01)
	c.V128Zero().LocalSet(acc23)
	c.I32Const(0).LocalSet(j)
	c.while(j, quads, func() {
		for k, acc := range []uint32{acc01, acc23} {
			c.LocalGet(acc)
			at(px).V128Load(uint32(16 * k))
			at(py).V128Load(uint32(16 * k))
			c.F64x2Mul().F64x2Add().LocalSet(acc)
		}
		c.addTo(j, 32)
	})
	c.LocalGet(acc01).F64x2ExtractLane(0).LocalSet(s0)
	c.while(j, end, func() {
		c.LocalGet(s0)
		at(px).F64Load(0)
		at(py).F64Load(0)
		c.F64Mul().F64Add().LocalSet(s0)
		c.addTo(j, 8)
	})
	c.LocalGet(acc01).F64x2ExtractLane(1).LocalSet(s1)
	c.LocalGet(s0).LocalGet(s1).F64Add()
	c.LocalGet(acc23).F64x2ExtractLane(0)
	c.LocalGet(acc23).F64x2ExtractLane(1)
	c.F64Add().F64Add()
	fn := f.fn(Dot4, c)
	fn.Results = []ValType{F64}
	return fn
}

// axpy writes axpy(n, x, y i32, a f64), core/lasso's Kernels.Axpy:
// y = y + a·x.
func axpy() Func {
	return elementwise(Axpy, 2, 1, []store{{1, add(vec(1), mul(scalar(0), vec(0)))}})
}
