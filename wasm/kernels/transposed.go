package kernels

// Transposed is the name of the kernel transposed writes.
const Transposed = "transposed"

// transposed writes the kernel
//
//	transposed(v, a, lda, w, ldw, m, rows, tW, tA i32)
//
// core/eigen's Kernels.Transposed after its clearing of tW and tA: for
// the rows k = 0, 1, ... < rows of W₁ at w (stride ldw entries) and of V₁
// at a (stride lda), m entries each, and v_k at v + 8k,
//
//	tW_j += v_k w_kj + v_{k+1} w_{k+1,j},   tA_j += v_k a_kj + v_{k+1} a_{k+1,j}
//
// two rows a pass, in ascending pairs; an odd last row k takes
// v_k w_kj + 0·w_kj. These are core/eigen's axpy2 in f64x2 lanes (an odd
// last column in scalars): the same products, rounded, and sums in the
// same order, so tW and tA get the bits of the Go loop.
func transposed() Func {
	var f frame
	pv, pa, plda, pw, pldw, pm, prows, ptw, pta := f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32), f.param(I32)
	k, j, pairs := f.local(I32), f.local(I32), f.local(I32)
	a0, a1, w0, w1 := f.local(I32), f.local(I32), f.local(I32), f.local(I32)
	v0, v1 := f.local(F64), f.local(F64)
	vv0, vv1 := f.local(V128), f.local(V128)

	var c Code
	c.LocalGet(plda).I32Const(3).I32Shl().LocalSet(plda)
	c.LocalGet(pldw).I32Const(3).I32Shl().LocalSet(pldw)
	c.LocalGet(pm).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	c.LocalGet(pa).LocalSet(a0)
	c.LocalGet(pw).LocalSet(w0)
	c.I32Const(0).LocalSet(k)
	c.while(k, prows, func() {
		c.LocalGet(pv).LocalGet(k).I32Const(3).I32Shl().I32Add().F64Load(0).LocalTee(v0)
		c.F64x2Splat().LocalSet(vv0)
		// Rows k+1 of W₁ and V₁, or row k again with v = 0 when k is
		// the last.
		c.LocalGet(k).I32Const(1).I32Add().LocalGet(prows).I32LtS()
		c.If()
		c.LocalGet(pv).LocalGet(k).I32Const(3).I32Shl().I32Add().F64Load(8).LocalSet(v1)
		c.LocalGet(a0).LocalGet(plda).I32Add().LocalSet(a1)
		c.LocalGet(w0).LocalGet(pldw).I32Add().LocalSet(w1)
		c.Else()
		c.F64Const(0).LocalSet(v1)
		c.LocalGet(a0).LocalSet(a1)
		c.LocalGet(w0).LocalSet(w1)
		c.End()
		c.LocalGet(v1).F64x2Splat().LocalSet(vv1)
		c.I32Const(0).LocalSet(j)
		c.while(j, pairs, func() {
			for _, t := range [][3]uint32{{ptw, w0, w1}, {pta, a0, a1}} {
				c.LocalGet(t[0]).LocalGet(j).I32Add()
				c.LocalGet(t[0]).LocalGet(j).I32Add().V128Load(0)
				c.LocalGet(vv0).LocalGet(t[1]).LocalGet(j).I32Add().V128Load(0).F64x2Mul()
				c.LocalGet(vv1).LocalGet(t[2]).LocalGet(j).I32Add().V128Load(0).F64x2Mul()
				c.F64x2Add().F64x2Add().V128Store(0)
			}
			c.addTo(j, 16)
		})
		c.LocalGet(pm).I32Const(1).I32And()
		c.If()
		for _, t := range [][3]uint32{{ptw, w0, w1}, {pta, a0, a1}} {
			c.LocalGet(t[0]).LocalGet(j).I32Add()
			c.LocalGet(t[0]).LocalGet(j).I32Add().F64Load(0)
			c.LocalGet(v0).LocalGet(t[1]).LocalGet(j).I32Add().F64Load(0).F64Mul()
			c.LocalGet(v1).LocalGet(t[2]).LocalGet(j).I32Add().F64Load(0).F64Mul()
			c.F64Add().F64Add().F64Store(0)
		}
		c.End()
		c.LocalGet(a1).LocalGet(plda).I32Add().LocalSet(a0)
		c.LocalGet(w1).LocalGet(pldw).I32Add().LocalSet(w0)
		c.addTo(k, 2)
	})
	return f.fn(Transposed, c)
}
