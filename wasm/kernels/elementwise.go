package kernels

// A term is a float64 expression of an element-wise kernel on entry q of
// its vectors: an input vector's entry, a scalar parameter, an output
// already formed for q, a sum, difference or product of two terms,
// rounded as Go rounds it, or a term negated (its sign bit flipped).
type term struct {
	kind byte // 'v' vector entry, 's' scalar, 'o' output, '+', '-', '*', or 'n' negation (of x)
	i    int  // the vector, scalar or output
	x, y *term
}

func vec(i int) *term      { return &term{kind: 'v', i: i} }
func scalar(i int) *term   { return &term{kind: 's', i: i} }
func output(i int) *term   { return &term{kind: 'o', i: i} }
func add(x, y *term) *term { return &term{kind: '+', x: x, y: y} }
func sub(x, y *term) *term { return &term{kind: '-', x: x, y: y} }
func mul(x, y *term) *term { return &term{kind: '*', x: x, y: y} }
func neg(x *term) *term    { return &term{kind: 'n', x: x} }

// vecs marks in m the vectors whose entries t reads.
func (t *term) vecs(m []bool) {
	switch t.kind {
	case 'v':
		m[t.i] = true
	case 'n':
		t.x.vecs(m)
	case '+', '-', '*':
		t.x.vecs(m)
		t.y.vecs(m)
	}
}

// store is one output of an element-wise kernel: the term t, stored into
// vector parameter to.
type store struct {
	to int
	t  *term
}

// elementwise writes the kernel
//
//	name(n i32, v_0, ..., v_{vecs−1} i32, s_0, ..., s_{scalars−1} f64)
//
// that, for q = 0, ..., n−1, reads the entries q of the vectors its
// terms name (byte addresses in the memory), then forms and stores the
// outputs in their order, each output a later term may name. A pair of
// entries is one f64x2 per term, each lane making the term's operations
// on its entry in their order (a multiply, then an addition: no fused
// multiply-add), an odd last entry the same in f64: the bits of the Go
// loop that writes the same terms. Every entry of the pair is read
// before any is written, so that an output vector may be an input.
func elementwise(name string, vecs, scalars int, outs []store) Func {
	var f frame
	pn := f.param(I32)
	pv := make([]uint32, vecs)
	for i := range pv {
		pv[i] = f.param(I32)
	}
	ps := make([]uint32, scalars)
	for i := range ps {
		ps[i] = f.param(F64)
	}
	j, pairs := f.local(I32), f.local(I32)
	read := make([]bool, vecs)
	for _, o := range outs {
		o.t.vecs(read)
	}
	// The locals of one entry (f64) or pair (v128): the vectors' entries
	// read and the outputs formed; the scalars splatted once.
	type lanes struct{ vec, out []uint32 }
	one := func(t ValType) lanes {
		l := lanes{make([]uint32, vecs), make([]uint32, len(outs))}
		for i := range l.vec {
			if read[i] {
				l.vec[i] = f.local(t)
			}
		}
		for i := range l.out {
			l.out[i] = f.local(t)
		}
		return l
	}
	pair, single := one(V128), one(F64)
	splat := make([]uint32, scalars)
	for i := range splat {
		splat[i] = f.local(V128)
	}

	var c Code
	for i := range splat {
		c.LocalGet(ps[i]).F64x2Splat().LocalSet(splat[i])
	}
	var emit func(t *term, l lanes, simd bool)
	emit = func(t *term, l lanes, simd bool) {
		switch t.kind {
		case 'v':
			c.LocalGet(l.vec[t.i])
		case 'o':
			c.LocalGet(l.out[t.i])
		case 's':
			if simd {
				c.LocalGet(splat[t.i])
			} else {
				c.LocalGet(ps[t.i])
			}
		case 'n':
			emit(t.x, l, simd)
			if simd {
				c.F64x2Neg()
			} else {
				c.F64Neg()
			}
		default:
			emit(t.x, l, simd)
			emit(t.y, l, simd)
			switch {
			case t.kind == '+' && simd:
				c.F64x2Add()
			case t.kind == '+':
				c.F64Add()
			case t.kind == '-' && simd:
				c.F64x2Sub()
			case t.kind == '-':
				c.F64Sub()
			case simd:
				c.F64x2Mul()
			default:
				c.F64Mul()
			}
		}
	}
	entry := func(l lanes, simd bool) {
		for i, r := range read {
			if r {
				c.LocalGet(pv[i]).LocalGet(j).I32Add()
				if simd {
					c.V128Load(0)
				} else {
					c.F64Load(0)
				}
				c.LocalSet(l.vec[i])
			}
		}
		for k, o := range outs {
			emit(o.t, l, simd)
			c.LocalSet(l.out[k])
		}
		for k, o := range outs {
			c.LocalGet(pv[o.to]).LocalGet(j).I32Add().LocalGet(l.out[k])
			if simd {
				c.V128Store(0)
			} else {
				c.F64Store(0)
			}
		}
	}
	c.LocalGet(pn).I32Const(-2).I32And().I32Const(3).I32Shl().LocalSet(pairs)
	c.I32Const(0).LocalSet(j)
	c.while(j, pairs, func() {
		entry(pair, true)
		c.addTo(j, 16)
	})
	c.LocalGet(pn).I32Const(1).I32And().If()
	entry(single, false)
	c.End()
	return f.fn(name, c)
}
