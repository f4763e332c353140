package kernels

// The tile of the packed matrix multiply, as core/gemm packs it in
// WebAssembly: gemmMR rows of A by gemmNR columns of B.
const (
	gemmMR = 3
	gemmNR = 4
)

// GemmTiles is the name of the kernel gemmTiles writes.
const GemmTiles = "gemm_tiles"

// gemmTiles writes the kernel
//
//	gemm_tiles(a, b, mt, nt, kc, c, ldc i32)
//
// the full tiles of core/gemm's macro-kernel: for every tile (i, j),
// i < mt, j < nt, it adds the product of the 3×kc micro-panel of A at
// a + 8·i·3·kc (packed column by column) and the kc×4 micro-panel of B at
// b + 8·j·4·kc (packed row by row) to the 3×4 block of the row-major C at
// c + 8·(3i·ldc + 4j) (row stride ldc). a, b and c are byte addresses in
// the memory; kc ≥ 1.
//
// Each tile is core/gemm's micro-kernel in f64x2 lanes, in its order: the
// twelve sums start at +0, take a[q]·b[q] (a multiply, rounded, then an
// add, rounded: SIMD128 has no fused multiply-add) for q = 0, ..., kc-1,
// and are then added to C, so that every entry of C gets the same bits as
// from the Go micro-kernel. Two lanes hold a row's columns 0-1 and 2-3.
//
// Under Node 20 (V8) a tile a trip with one step of q a trip is the
// fastest form measured (docs/BENCH.md): two tiles stacked (24 sums in
// 12 registers, sharing B's loads) was 1.23 times slower, the loop over q
// unrolled four times 1.23 times slower; the engine spills either.
func gemmTiles() Func {
	// The parameters, then the locals.
	const (
		la = iota
		lb
		lmt
		lnt
		lkc
		lc
		lldc
		lj    // tile column
		li    // tile row
		lq    // steps left
		lap   // address in A's micro-panel i
		lap2  // address in A's micro-panel i+1
		lbp   // address in B's micro-panel
		lcp   // address in C
		lldcb // row stride of C in bytes
		lastr // bytes of an A micro-panel
		lbstr // bytes of a B micro-panel
		lacc  // the sums: row r of the tiles, columns 2h..2h+1 at lacc + 2r + h
		lb0   = lacc + 4*gemmMR
		lb1   = lb0 + 1
		lsa   = lb1 + 1 // an entry of A in both lanes
	)
	var c Code
	// ldcb = ldc << 3; astr = kc·24; bstr = kc·32
	c.LocalGet(lldc).I32Const(3).I32Shl().LocalSet(lldcb)
	c.LocalGet(lkc).I32Const(8 * gemmMR).I32Mul().LocalSet(lastr)
	c.LocalGet(lkc).I32Const(8 * gemmNR).I32Mul().LocalSet(lbstr)
	// tiles writes a loop over the tile rows i of column j, n tiles
	// (stacked) a trip, while n are left: n = 1 (see above).
	tiles := func(n uint32) {
		rows := n * gemmMR
		c.Block().Loop()
		c.LocalGet(lmt).LocalGet(li).I32Sub().I32Const(int32(n)).I32LtS().BrIf(1)
		// ap = a + i·astr; ap2 = ap + astr; bp = b + j·bstr
		c.LocalGet(la).LocalGet(li).LocalGet(lastr).I32Mul().I32Add().LocalTee(lap)
		c.LocalGet(lastr).I32Add().LocalSet(lap2)
		c.LocalGet(lb).LocalGet(lj).LocalGet(lbstr).I32Mul().I32Add().LocalSet(lbp)
		for r := uint32(0); r < 2*rows; r++ {
			c.V128Zero().LocalSet(lacc + r)
		}
		c.LocalGet(lkc).LocalSet(lq)
		c.Block().Loop() // over the steps q
		c.LocalGet(lq).I32Eqz().BrIf(1)
		c.LocalGet(lbp).V128Load(0).LocalSet(lb0)
		c.LocalGet(lbp).V128Load(16).LocalSet(lb1)
		for r := uint32(0); r < rows; r++ {
			ap := uint32(lap)
			if r >= gemmMR {
				ap = lap2
			}
			c.LocalGet(ap).V128Load64Splat(8 * (r % gemmMR)).LocalSet(lsa)
			for h := uint32(0); h < 2; h++ {
				acc := lacc + 2*r + h
				c.LocalGet(acc).LocalGet(lsa).LocalGet(lb0 + h).F64x2Mul().F64x2Add().LocalSet(acc)
			}
		}
		c.LocalGet(lap).I32Const(8 * gemmMR).I32Add().LocalSet(lap)
		c.LocalGet(lap2).I32Const(8 * gemmMR).I32Add().LocalSet(lap2)
		c.LocalGet(lbp).I32Const(8 * gemmNR).I32Add().LocalSet(lbp)
		c.LocalGet(lq).I32Const(1).I32Sub().LocalSet(lq)
		c.Br(0)
		c.End().End()
		// cp = c + 8·(3i·ldc + 4j); then C's rows += the sums
		c.LocalGet(lc)
		c.LocalGet(li).I32Const(gemmMR).I32Mul().LocalGet(lldcb).I32Mul().I32Add()
		c.LocalGet(lj).I32Const(8 * gemmNR).I32Mul().I32Add()
		c.LocalSet(lcp)
		for r := uint32(0); r < rows; r++ {
			if r > 0 {
				c.LocalGet(lcp).LocalGet(lldcb).I32Add().LocalSet(lcp)
			}
			for h := uint32(0); h < 2; h++ {
				c.LocalGet(lcp)
				c.LocalGet(lcp).V128Load(16 * h).LocalGet(lacc + 2*r + h).F64x2Add()
				c.V128Store(16 * h)
			}
		}
		c.LocalGet(li).I32Const(int32(n)).I32Add().LocalSet(li)
		c.Br(0)
		c.End().End()
	}
	c.I32Const(0).LocalSet(lj)
	c.Block().Loop() // over the tile columns j
	c.LocalGet(lj).LocalGet(lnt).I32GeS().BrIf(1)
	c.I32Const(0).LocalSet(li)
	tiles(1)
	c.LocalGet(lj).I32Const(1).I32Add().LocalSet(lj)
	c.Br(0)
	c.End().End()
	var locals []ValType
	for range lacc - 7 {
		locals = append(locals, I32)
	}
	for range 4*gemmMR + 3 {
		locals = append(locals, V128)
	}
	return Func{
		Name:   GemmTiles,
		Params: []ValType{I32, I32, I32, I32, I32, I32, I32},
		Locals: locals,
		Body:   c,
	}
}
