package kernels

// SymvRows is the name of the kernel symvRows writes.
const SymvRows = "symv_rows"

// symvRows writes the kernel
//
//	symv_rows(n, a, lda, x, y i32)
//
// core/eigen's Kernels.SymvRows: y = A x for the symmetric n×n matrix
// whose lower triangle is at a (row-major, row stride lda entries), x and
// y of n entries; a, x and y are byte addresses in the memory.
//
// The operations are those of core/eigen's Go loop, in its order, so
// that y gets its bits: for each group of rows i..i+3 (i a multiple of
// 4, so the columns left of it come in pairs), the four dot products
// over columns j < i run in two f64x2 sums, rows (i, i+1) and (i+2,
// i+3), each lane a row's sum in ascending j (the pair of columns j,
// j+1 of two rows is regrouped by a shuffle: lane r of the sum takes
// a_{i+r,j} x_j, then a_{i+r,j+1} x_{j+1}); the axpys into y_j, y_{j+1}
// are lanewise, ((a_ij x_i + a_{i+1,j} x_{i+1}) + a_{i+2,j} x_{i+2}) +
// a_{i+3,j} x_{i+3} added to y; then the diagonal block, in scalars. The
// last n mod 4 rows go one at a time, in scalars. Each product is
// rounded, then added (SIMD128 has no fused multiply-add).
func symvRows() Func {
	var f frame
	pn, pa, plda, px, py := f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	i := f.local(I32)  // the group's first row
	ib := f.local(I32) // 8i: the bytes of the columns left of it
	j := f.local(I32)  // the column, in bytes
	ldab := f.local(I32)
	var r [4]uint32 // the rows' addresses
	for k := range r {
		r[k] = f.local(I32)
	}
	var xs [4]uint32 // x_i..x_{i+3}
	for k := range xs {
		xs[k] = f.local(F64)
	}
	s := f.local(F64)
	var xv [4]uint32 // x_i..x_{i+3} in both lanes
	for k := range xv {
		xv[k] = f.local(V128)
	}
	acc01, acc23 := f.local(V128), f.local(V128)
	var av [4]uint32 // a_{i+k, j..j+1}
	for k := range av {
		av[k] = f.local(V128)
	}
	four := f.local(I32) // n − 3: the groups run while i < four

	var c Code
	c.LocalGet(plda).I32Const(3).I32Shl().LocalSet(ldab)
	c.LocalGet(pn).I32Const(3).I32Sub().LocalSet(four)
	c.I32Const(0).LocalSet(i)
	c.while(i, four, func() {
		c.LocalGet(i).I32Const(3).I32Shl().LocalSet(ib)
		c.LocalGet(pa).LocalGet(i).LocalGet(ldab).I32Mul().I32Add().LocalSet(r[0])
		for k := 1; k < 4; k++ {
			c.LocalGet(r[k-1]).LocalGet(ldab).I32Add().LocalSet(r[k])
		}
		for k := range 4 {
			c.LocalGet(px).LocalGet(ib).I32Add().F64Load(uint32(8 * k)).LocalTee(xs[k])
			c.F64x2Splat().LocalSet(xv[k])
		}
		c.V128Zero().LocalSet(acc01)
		c.V128Zero().LocalSet(acc23)
		c.I32Const(0).LocalSet(j)
		c.while(j, ib, func() {
			for k := range 4 {
				c.LocalGet(r[k]).LocalGet(j).I32Add().V128Load(0).LocalSet(av[k])
			}
			for h := byte(0); h < 2; h++ { // column j+h
				for g, acc := range []uint32{acc01, acc23} {
					c.LocalGet(acc)
					c.LocalGet(av[2*g]).LocalGet(av[2*g+1]).F64x2Shuffle(h, 2+h)
					c.LocalGet(px).LocalGet(j).I32Add().V128Load64Splat(8 * uint32(h))
					c.F64x2Mul().F64x2Add().LocalSet(acc)
				}
			}
			// y_j, y_{j+1} += ((a0 x0 + a1 x1) + a2 x2) + a3 x3
			c.LocalGet(py).LocalGet(j).I32Add()
			c.LocalGet(py).LocalGet(j).I32Add().V128Load(0)
			c.LocalGet(av[0]).LocalGet(xv[0]).F64x2Mul()
			for k := 1; k < 4; k++ {
				c.LocalGet(av[k]).LocalGet(xv[k]).F64x2Mul().F64x2Add()
			}
			c.F64x2Add().V128Store(0)
			c.addTo(j, 16)
		})
		// The diagonal block: y_{i+p} = (((s_p + a_{p0} x_0) + a_{p1} x_1)
		// + a_{p2} x_2) + a_{p3} x_3 with a_{pq} = A(i+max(p,q), i+min(p,q)).
		for k := range 4 {
			c.LocalGet(r[k]).LocalGet(ib).I32Add().LocalSet(r[k])
		}
		for p := range 4 {
			c.LocalGet(py).LocalGet(ib).I32Add()
			acc := acc01
			if p >= 2 {
				acc = acc23
			}
			c.LocalGet(acc).F64x2ExtractLane(byte(p % 2))
			for q := range 4 {
				c.LocalGet(r[max(p, q)]).F64Load(uint32(8 * min(p, q)))
				c.LocalGet(xs[q]).F64Mul().F64Add()
			}
			c.F64Store(uint32(8 * p))
		}
		c.addTo(i, 4)
	})
	// The last rows, one at a time: s = Σ_{j<i} a_ij x_j, y_j += a_ij x_i,
	// then y_i = s + a_ii x_i.
	c.while(i, pn, func() {
		c.LocalGet(i).I32Const(3).I32Shl().LocalSet(ib)
		c.LocalGet(pa).LocalGet(i).LocalGet(ldab).I32Mul().I32Add().LocalSet(r[0])
		c.LocalGet(px).LocalGet(ib).I32Add().F64Load(0).LocalSet(xs[0])
		c.F64Const(0).LocalSet(s)
		c.I32Const(0).LocalSet(j)
		c.while(j, ib, func() {
			c.LocalGet(s)
			c.LocalGet(r[0]).LocalGet(j).I32Add().F64Load(0)
			c.LocalGet(px).LocalGet(j).I32Add().F64Load(0)
			c.F64Mul().F64Add().LocalSet(s)
			c.LocalGet(py).LocalGet(j).I32Add()
			c.LocalGet(py).LocalGet(j).I32Add().F64Load(0)
			c.LocalGet(r[0]).LocalGet(j).I32Add().F64Load(0).LocalGet(xs[0]).F64Mul()
			c.F64Add().F64Store(0)
			c.addTo(j, 8)
		})
		c.LocalGet(py).LocalGet(ib).I32Add()
		c.LocalGet(s).LocalGet(r[0]).LocalGet(ib).I32Add().F64Load(0).LocalGet(xs[0]).F64Mul().F64Add()
		c.F64Store(0)
		c.addTo(i, 1)
	})
	return f.fn(SymvRows, c)
}
