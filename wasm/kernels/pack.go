package kernels

// The names of the kernels packA and packB write.
const (
	PackA = "pack_a"
	PackB = "pack_b"
)

// packB writes the kernel
//
//	pack_b(buf, trans, b, ldb, kc, panels i32)
//
// core/gemm's Packers.B in WebAssembly's 3×4 tiles: for each panel
// j < panels of 4 columns of op(B) at b (row stride ldb entries; op(B) =
// Bᵀ when trans is not 0), its kc rows one after the other, 4 entries
// each, at buf + 8·(j·kc + q)·4. Not transposed, a row of the panel is
// two f64x2 copies; transposed, the panel's 4 columns are rows of B, read
// two entries at a time and regrouped by shuffles into the packed rows
// q, q+1 (an odd last entry in scalars). Copies: the bits of the Go loop.
func packB() Func {
	var f frame
	pbuf, ptrans, pb, pldb, pkc, ppanels := f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	j, q := f.local(I32), f.local(I32)
	dp := f.local(I32)
	pairs := f.local(I32) // bytes of the even part of a row of B (transposed)
	var s [4]uint32
	for r := range s {
		s[r] = f.local(I32)
	}
	var cv [4]uint32
	for r := range cv {
		cv[r] = f.local(V128)
	}
	var c Code
	c.LocalGet(pldb).I32Const(3).I32Shl().LocalSet(pldb) // in bytes
	c.LocalGet(pbuf).LocalSet(dp)
	c.I32Const(0).LocalSet(j)
	c.LocalGet(ptrans).I32Eqz()
	c.If()
	c.while(j, ppanels, func() {
		c.LocalGet(pb).LocalGet(j).I32Const(32).I32Mul().I32Add().LocalSet(s[0])
		c.I32Const(0).LocalSet(q)
		c.while(q, pkc, func() {
			for h := uint32(0); h < 2; h++ {
				c.LocalGet(dp).LocalGet(s[0]).V128Load(16 * h).V128Store(16 * h)
			}
			c.addTo(dp, 32)
			c.LocalGet(s[0]).LocalGet(pldb).I32Add().LocalSet(s[0])
			c.addTo(q, 1)
		})
		c.addTo(j, 1)
	})
	c.Else()
	c.LocalGet(pkc).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	c.while(j, ppanels, func() {
		c.LocalGet(pb).LocalGet(j).I32Const(4).I32Mul().LocalGet(pldb).I32Mul().I32Add().LocalSet(s[0])
		for r := 1; r < 4; r++ {
			c.LocalGet(s[r-1]).LocalGet(pldb).I32Add().LocalSet(s[r])
		}
		c.I32Const(0).LocalSet(q)
		c.while(q, pairs, func() {
			for r := range 4 {
				c.LocalGet(s[r]).LocalGet(q).I32Add().V128Load(0).LocalSet(cv[r])
			}
			for h := byte(0); h < 2; h++ { // packed row q+h: columns 0-1, 2-3
				for g := range 2 {
					c.LocalGet(dp)
					c.LocalGet(cv[2*g]).LocalGet(cv[2*g+1]).F64x2Shuffle(h, 2+h)
					c.V128Store(uint32(32*h) + uint32(16*g))
				}
			}
			c.addTo(dp, 64)
			c.addTo(q, 16)
		})
		c.LocalGet(pkc).I32Const(1).I32And()
		c.If()
		for r := range 4 {
			c.LocalGet(dp).LocalGet(s[r]).LocalGet(q).I32Add().F64Load(0).F64Store(uint32(8 * r))
		}
		c.addTo(dp, 32)
		c.End()
		c.addTo(j, 1)
	})
	c.End()
	return f.fn(PackB, c)
}

// packA writes the kernel
//
//	pack_a(buf, trans, a, lda, kc, panels i32, alpha f64)
//
// core/gemm's Packers.A in WebAssembly's 3×4 tiles: for each panel
// i < panels of 3 rows of op(A) at a (row stride lda entries; op(A) = Aᵀ
// when trans is not 0), its kc columns one after the other, 3 entries
// each, alpha times op(A)'s, at buf + 8·(i·kc + q)·3. Not transposed,
// the panel's rows are read two entries at a time, multiplied by alpha
// and regrouped by shuffles into the 6 packed entries of columns q, q+1
// (an odd last column in scalars); transposed, a column of the panel is
// 3 entries of a row of A, an f64x2 and a scalar. Each entry is alpha·v
// rounded, as in the Go loop: its bits.
func packA() Func {
	var f frame
	pbuf, ptrans, pa, plda, pkc, ppanels := f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	palpha := f.param(F64)
	i, q := f.local(I32), f.local(I32)
	dp := f.local(I32)
	pairs := f.local(I32)
	var s [3]uint32
	for r := range s {
		s[r] = f.local(I32)
	}
	al := f.local(V128)
	var rv [3]uint32
	for r := range rv {
		rv[r] = f.local(V128)
	}
	var c Code
	c.LocalGet(plda).I32Const(3).I32Shl().LocalSet(plda) // in bytes
	c.LocalGet(palpha).F64x2Splat().LocalSet(al)
	c.LocalGet(pbuf).LocalSet(dp)
	c.I32Const(0).LocalSet(i)
	c.LocalGet(ptrans).I32Eqz()
	c.If()
	c.LocalGet(pkc).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	c.while(i, ppanels, func() {
		c.LocalGet(pa).LocalGet(i).I32Const(3).I32Mul().LocalGet(plda).I32Mul().I32Add().LocalSet(s[0])
		for r := 1; r < 3; r++ {
			c.LocalGet(s[r-1]).LocalGet(plda).I32Add().LocalSet(s[r])
		}
		c.I32Const(0).LocalSet(q)
		c.while(q, pairs, func() {
			for r := range 3 {
				c.LocalGet(al).LocalGet(s[r]).LocalGet(q).I32Add().V128Load(0).F64x2Mul().LocalSet(rv[r])
			}
			// (r0 q, r1 q), (r2 q, r0 q+1), (r1 q+1, r2 q+1)
			for k, sh := range [3][4]byte{{0, 1, 0, 2}, {2, 0, 0, 3}, {1, 2, 1, 3}} {
				c.LocalGet(dp)
				c.LocalGet(rv[sh[0]]).LocalGet(rv[sh[1]]).F64x2Shuffle(sh[2], sh[3])
				c.V128Store(uint32(16 * k))
			}
			c.addTo(dp, 48)
			c.addTo(q, 16)
		})
		c.LocalGet(pkc).I32Const(1).I32And()
		c.If()
		for r := range 3 {
			c.LocalGet(dp).LocalGet(palpha).LocalGet(s[r]).LocalGet(q).I32Add().F64Load(0).F64Mul().F64Store(uint32(8 * r))
		}
		c.addTo(dp, 24)
		c.End()
		c.addTo(i, 1)
	})
	c.Else()
	c.while(i, ppanels, func() {
		c.LocalGet(pa).LocalGet(i).I32Const(24).I32Mul().I32Add().LocalSet(s[0])
		c.I32Const(0).LocalSet(q)
		c.while(q, pkc, func() {
			c.LocalGet(dp).LocalGet(al).LocalGet(s[0]).V128Load(0).F64x2Mul().V128Store(0)
			c.LocalGet(dp).LocalGet(palpha).LocalGet(s[0]).F64Load(16).F64Mul().F64Store(16)
			c.addTo(dp, 24)
			c.LocalGet(s[0]).LocalGet(plda).I32Add().LocalSet(s[0])
			c.addTo(q, 1)
		})
		c.addTo(i, 1)
	})
	c.End()
	return f.fn(PackA, c)
}
