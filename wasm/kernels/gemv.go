package kernels

// GemvT is the name of the kernel gemvT writes.
const GemvT = "gemv_t"

// gemvGroup is the number of f64x2 sums of a group of columns of gemv_t:
// 2·gemvGroup columns a pass over the rows of A.
const gemvGroup = 4

// gemvT writes the kernel
//
//	gemv_t(m, n i32, alpha f64, a, lda, x, incx, zero i32, beta f64, y, incy i32)
//
// core/gemm's GemvT: y = alpha Aᵀ x + beta y for the m×n row-major A at a
// (row stride lda entries), x of m entries at stride incx, y of n at
// stride incy, all byte addresses in the memory; zero ≠ 0 says beta = 0
// (y is then set to 0, not read).
//
// gonum's Dgemv scales y by beta, then adds the rows in ascending i:
// y_j += (alpha x_i) a_ij. Each y_j is thus its own chain of adds in i,
// and the kernel runs the chains of 2·gemvGroup columns at once, in f64x2
// sums held over the whole pass down the rows (then of 2 columns, then a
// last one in scalars): the same products and adds in the same order as
// gonum's loop, the same bits, with y read and written once.
func gemvT() Func {
	var f frame
	pm, pn := f.param(I32), f.param(I32)
	palpha := f.param(F64)
	pa, plda, px, pincx, pzero := f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	pbeta := f.param(F64)
	py, pincy := f.param(I32), f.param(I32)
	j, i := f.local(I32), f.local(I32)
	ap, xp, yp := f.local(I32), f.local(I32), f.local(I32)
	last := f.local(I32) // n − (columns of a group) + 1: groups run while j < last
	t := f.local(F64)
	var acc [gemvGroup]uint32
	for v := range acc {
		acc[v] = f.local(V128)
	}
	tv, bv := f.local(V128), f.local(V128)

	var c Code
	c.LocalGet(plda).I32Const(3).I32Shl().LocalSet(plda)
	c.LocalGet(pincx).I32Const(3).I32Shl().LocalSet(pincx)
	c.LocalGet(pincy).I32Const(3).I32Shl().LocalSet(pincy)
	c.LocalGet(pbeta).F64x2Splat().LocalSet(bv)
	c.I32Const(0).LocalSet(j)
	// group writes the loop over the groups of 2·sums columns.
	group := func(sums int) {
		c.LocalGet(pn).I32Const(int32(2*sums - 1)).I32Sub().LocalSet(last)
		c.while(j, last, func() {
			// yp = y + j·incy; the sums start at beta·y or 0.
			c.LocalGet(py).LocalGet(j).LocalGet(pincy).I32Mul().I32Add().LocalSet(yp)
			for v := range sums {
				c.LocalGet(pzero)
				c.If()
				c.V128Zero().LocalSet(acc[v])
				c.Else()
				c.LocalGet(yp).F64Load(0).F64x2Splat()
				c.LocalGet(yp).LocalGet(pincy).I32Add().F64Load(0).F64x2ReplaceLane(1)
				c.LocalGet(bv).F64x2Mul().LocalSet(acc[v])
				c.End()
				c.LocalGet(yp).LocalGet(pincy).I32Const(1).I32Shl().I32Add().LocalSet(yp)
			}
			c.LocalGet(pa).LocalGet(j).I32Const(3).I32Shl().I32Add().LocalSet(ap)
			c.LocalGet(px).LocalSet(xp)
			c.I32Const(0).LocalSet(i)
			c.while(i, pm, func() {
				c.LocalGet(palpha).LocalGet(xp).F64Load(0).F64Mul().F64x2Splat().LocalSet(tv)
				for v := range sums {
					c.LocalGet(acc[v]).LocalGet(tv).LocalGet(ap).V128Load(uint32(16 * v)).F64x2Mul().F64x2Add().LocalSet(acc[v])
				}
				c.LocalGet(ap).LocalGet(plda).I32Add().LocalSet(ap)
				c.LocalGet(xp).LocalGet(pincx).I32Add().LocalSet(xp)
				c.addTo(i, 1)
			})
			c.LocalGet(py).LocalGet(j).LocalGet(pincy).I32Mul().I32Add().LocalSet(yp)
			for v := range sums {
				for h := byte(0); h < 2; h++ {
					c.LocalGet(yp).LocalGet(acc[v]).F64x2ExtractLane(h).F64Store(0)
					c.LocalGet(yp).LocalGet(pincy).I32Add().LocalSet(yp)
				}
			}
			c.addTo(j, int32(2*sums))
		})
	}
	group(gemvGroup)
	group(1)
	// A last column in scalars.
	c.while(j, pn, func() {
		c.LocalGet(py).LocalGet(j).LocalGet(pincy).I32Mul().I32Add().LocalSet(yp)
		c.LocalGet(pzero)
		c.If()
		c.F64Const(0).LocalSet(t)
		c.Else()
		c.LocalGet(pbeta).LocalGet(yp).F64Load(0).F64Mul().LocalSet(t)
		c.End()
		c.LocalGet(pa).LocalGet(j).I32Const(3).I32Shl().I32Add().LocalSet(ap)
		c.LocalGet(px).LocalSet(xp)
		c.I32Const(0).LocalSet(i)
		c.while(i, pm, func() {
			c.LocalGet(t)
			c.LocalGet(palpha).LocalGet(xp).F64Load(0).F64Mul()
			c.LocalGet(ap).F64Load(0).F64Mul().F64Add().LocalSet(t)
			c.LocalGet(ap).LocalGet(plda).I32Add().LocalSet(ap)
			c.LocalGet(xp).LocalGet(pincx).I32Add().LocalSet(xp)
			c.addTo(i, 1)
		})
		c.LocalGet(yp).LocalGet(t).F64Store(0)
		c.addTo(j, 1)
	})
	return f.fn(GemvT, c)
}
