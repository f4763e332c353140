package kernels

// SubDot2Rows is the name of the kernel subDot2Rows writes.
const SubDot2Rows = "sub_dot2_rows"

// subDot2Rows writes the kernel
//
//	sub_dot2_rows(rows, m, x1, ld1, y1, x2, ld2, y2, out, ldo i32)
//
// core/eigen's Kernels.SubDot2Rows: for k = 0, ..., rows−1,
//
//	out[k·ldo] −= x1_kᵀ y1 + x2_kᵀ y2
//
// with x1_k the m entries at x1 + 8·k·ld1 and x2_k those at x2 + 8·k·ld2;
// x1, y1, x2, y2 and out are byte addresses in the memory, the strides
// counted in entries.
//
// core/eigen's dot2 keeps four sums, s0 and s2 of x1ᵀy1 over the even and
// odd columns, s1 and s3 of x2ᵀy2, takes the columns in ascending pairs,
// then an odd last column into s0 and s1, and returns (s0 + s2) +
// (s1 + s3). Here a pair of columns is one f64x2 product of each
// vector's (lane 0 even, lane 1 odd), so the lanes are those four sums
// in their order, and the row gets the bits of the Go loop.
func subDot2Rows() Func {
	var f frame
	prows, pm := f.param(I32), f.param(I32)
	px1, pld1, py1 := f.param(I32), f.param(I32), f.param(I32)
	px2, pld2, py2 := f.param(I32), f.param(I32), f.param(I32)
	pout, pldo := f.param(I32), f.param(I32)
	k := f.local(I32)
	j := f.local(I32)
	pairs := f.local(I32) // 8·(m rounded down to even): the bytes of the pairs
	p1, p2, po := f.local(I32), f.local(I32), f.local(I32)
	s0, s1, s2, s3 := f.local(F64), f.local(F64), f.local(F64), f.local(F64)
	acc1, acc2 := f.local(V128), f.local(V128)

	var c Code
	c.LocalGet(pm).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	for _, l := range []uint32{pld1, pld2, pldo} {
		c.LocalGet(l).I32Const(3).I32Shl().LocalSet(l)
	}
	c.LocalGet(px1).LocalSet(p1)
	c.LocalGet(px2).LocalSet(p2)
	c.LocalGet(pout).LocalSet(po)
	c.I32Const(0).LocalSet(k)
	c.while(k, prows, func() {
		c.V128Zero().LocalSet(acc1)
		c.V128Zero().LocalSet(acc2)
		c.I32Const(0).LocalSet(j)
		c.while(j, pairs, func() {
			for _, v := range [][3]uint32{{acc1, p1, py1}, {acc2, p2, py2}} {
				c.LocalGet(v[0])
				c.LocalGet(v[1]).LocalGet(j).I32Add().V128Load(0)
				c.LocalGet(v[2]).LocalGet(j).I32Add().V128Load(0)
				c.F64x2Mul().F64x2Add().LocalSet(v[0])
			}
			c.addTo(j, 16)
		})
		c.LocalGet(acc1).F64x2ExtractLane(0).LocalSet(s0)
		c.LocalGet(acc1).F64x2ExtractLane(1).LocalSet(s2)
		c.LocalGet(acc2).F64x2ExtractLane(0).LocalSet(s1)
		c.LocalGet(acc2).F64x2ExtractLane(1).LocalSet(s3)
		// An odd last column, at byte j = pairs, into s0 and s1.
		c.LocalGet(pm).I32Const(1).I32And()
		c.If()
		for _, v := range [][3]uint32{{s0, p1, py1}, {s1, p2, py2}} {
			c.LocalGet(v[0])
			c.LocalGet(v[1]).LocalGet(j).I32Add().F64Load(0)
			c.LocalGet(v[2]).LocalGet(j).I32Add().F64Load(0)
			c.F64Mul().F64Add().LocalSet(v[0])
		}
		c.End()
		c.LocalGet(po)
		c.LocalGet(po).F64Load(0)
		c.LocalGet(s0).LocalGet(s2).F64Add().LocalGet(s1).LocalGet(s3).F64Add().F64Add()
		c.F64Sub().F64Store(0)
		c.LocalGet(p1).LocalGet(pld1).I32Add().LocalSet(p1)
		c.LocalGet(p2).LocalGet(pld2).I32Add().LocalSet(p2)
		c.LocalGet(po).LocalGet(pldo).I32Add().LocalSet(po)
		c.addTo(k, 1)
	})
	return f.fn(SubDot2Rows, c)
}
