package kernels

import "math"

// The encoder of the WebAssembly binary format (the core specification,
// chapter 5, and its fixed-width SIMD extension), as much of it as the
// kernels use: a module of functions over one imported memory.

// ValType is a WebAssembly value type.
type ValType byte

// The value types.
const (
	I32  ValType = 0x7F
	I64  ValType = 0x7E
	F32  ValType = 0x7D
	F64  ValType = 0x7C
	V128 ValType = 0x7B
)

// AppendULEB128 appends v in unsigned LEB128: seven bits a byte, low
// first, the high bit set on every byte but the last.
func AppendULEB128(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7F)
		v >>= 7
		if v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// AppendSLEB128 appends v in signed LEB128: as AppendULEB128, ending at
// the first byte whose sign bit (0x40) extends to the rest of v.
func AppendSLEB128(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7F)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

// Func is a function of a module: its signature, its locals beyond the
// parameters, and its body, which Code writes.
type Func struct {
	Name            string // exported under this name
	Params, Results []ValType
	Locals          []ValType
	Body            Code
}

// Module is a module of functions that import one memory, env.mem, of at
// least MinPages pages of 64 KiB (the memory of the Go program whose
// data the functions work on), and export every function by its name.
type Module struct {
	MinPages uint32
	Funcs    []Func
}

// Encode writes the module in the binary format: the magic and version,
// then the type, import, function, export and code sections.
func (m *Module) Encode() []byte {
	b := []byte{0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00}
	var types [][]byte
	typeOf := make([]int, len(m.Funcs))
	for i, f := range m.Funcs {
		t := []byte{0x60}
		t = appendTypes(t, f.Params)
		t = appendTypes(t, f.Results)
		typeOf[i] = -1
		for k, u := range types {
			if string(u) == string(t) {
				typeOf[i] = k
			}
		}
		if typeOf[i] < 0 {
			typeOf[i] = len(types)
			types = append(types, t)
		}
	}
	var s []byte
	s = AppendULEB128(s, uint64(len(types)))
	for _, t := range types {
		s = append(s, t...)
	}
	b = appendSection(b, 1, s)

	s = AppendULEB128(nil, 1)
	s = appendName(s, "env")
	s = appendName(s, "mem")
	s = append(s, 0x02, 0x00) // a memory, limits with no maximum
	s = AppendULEB128(s, uint64(m.MinPages))
	b = appendSection(b, 2, s)

	s = AppendULEB128(nil, uint64(len(m.Funcs)))
	for i := range m.Funcs {
		s = AppendULEB128(s, uint64(typeOf[i]))
	}
	b = appendSection(b, 3, s)

	s = AppendULEB128(nil, uint64(len(m.Funcs)))
	for i, f := range m.Funcs {
		s = appendName(s, f.Name)
		s = append(s, 0x00) // a function
		s = AppendULEB128(s, uint64(i))
	}
	b = appendSection(b, 7, s)

	s = AppendULEB128(nil, uint64(len(m.Funcs)))
	for _, f := range m.Funcs {
		var body []byte
		// The locals, run-length coded by type.
		var runs [][2]int
		for _, t := range f.Locals {
			if n := len(runs); n > 0 && runs[n-1][1] == int(t) {
				runs[n-1][0]++
				continue
			}
			runs = append(runs, [2]int{1, int(t)})
		}
		body = AppendULEB128(body, uint64(len(runs)))
		for _, r := range runs {
			body = AppendULEB128(body, uint64(r[0]))
			body = append(body, byte(r[1]))
		}
		body = append(body, f.Body.b...)
		body = append(body, opEnd)
		s = AppendULEB128(s, uint64(len(body)))
		s = append(s, body...)
	}
	return appendSection(b, 10, s)
}

func appendTypes(b []byte, ts []ValType) []byte {
	b = AppendULEB128(b, uint64(len(ts)))
	for _, t := range ts {
		b = append(b, byte(t))
	}
	return b
}

func appendName(b []byte, s string) []byte {
	b = AppendULEB128(b, uint64(len(s)))
	return append(b, s...)
}

func appendSection(b []byte, id byte, content []byte) []byte {
	b = append(b, id)
	b = AppendULEB128(b, uint64(len(content)))
	return append(b, content...)
}

// The opcodes Code writes.
const (
	opBlock    = 0x02
	opLoop     = 0x03
	opIf       = 0x04
	opElse     = 0x05
	opEnd      = 0x0B
	opBr       = 0x0C
	opBrIf     = 0x0D
	opLocalGet = 0x20
	opLocalSet = 0x21
	opLocalTee = 0x22
	opF64Load  = 0x2B
	opF64Store = 0x39
	opI32Const = 0x41
	opF64Const = 0x44
	opI32Eqz   = 0x45
	opI32LtS   = 0x48
	opI32GeS   = 0x4E
	opI32Add   = 0x6A
	opI32Sub   = 0x6B
	opI32Mul   = 0x6C
	opI32And   = 0x71
	opI32Shl   = 0x74
	opF64Neg   = 0x9A
	opF64Add   = 0xA0
	opF64Sub   = 0xA1
	opF64Mul   = 0xA2
	opSIMD     = 0xFD // the prefix of the SIMD instructions

	simdV128Load       = 0x00
	simdV128Load64Splt = 0x0A
	simdV128Store      = 0x0B
	simdV128Const      = 0x0C
	simdI8x16Shuffle   = 0x0D
	simdF64x2Splat     = 0x14
	simdF64x2Extract   = 0x21
	simdF64x2Replace   = 0x22
	simdF64x2Neg       = 0xED
	simdF64x2Add       = 0xF0
	simdF64x2Sub       = 0xF1
	simdF64x2Mul       = 0xF2
)

// Code is the body of a function as it is written: each method appends
// one instruction (with its immediates) and returns the Code, so that a
// kernel reads as its instructions in order. Blocks and loops are closed
// by End; a branch's depth counts the enclosing blocks and loops from 0,
// the innermost.
type Code struct{ b []byte }

// Bytes returns the instructions written so far.
func (c *Code) Bytes() []byte { return c.b }

func (c *Code) op(op byte) *Code { c.b = append(c.b, op); return c }

func (c *Code) opU(op byte, v uint32) *Code {
	c.b = AppendULEB128(append(c.b, op), uint64(v))
	return c
}

func (c *Code) simd(op uint32) *Code {
	c.b = AppendULEB128(append(c.b, opSIMD), uint64(op))
	return c
}

// memarg appends a memory immediate: the alignment as a power of two and
// the offset in bytes.
func (c *Code) memarg(align, offset uint32) *Code {
	c.b = AppendULEB128(AppendULEB128(c.b, uint64(align)), uint64(offset))
	return c
}

// Block opens a block without results; a branch to it leaves it.
func (c *Code) Block() *Code { return c.op(opBlock).op(0x40) }

// Loop opens a loop without results; a branch to it starts it again.
func (c *Code) Loop() *Code { return c.op(opLoop).op(0x40) }

// If pops an i32 and opens a block without results that runs when it is
// not zero.
func (c *Code) If() *Code { return c.op(opIf).op(0x40) }

// Else ends the branch of an If that runs when its i32 is not zero and
// starts the one that runs when it is.
func (c *Code) Else() *Code { return c.op(opElse) }

// End closes the innermost block or loop.
func (c *Code) End() *Code { return c.op(opEnd) }

// Br branches to the block or loop depth levels out.
func (c *Code) Br(depth uint32) *Code { return c.opU(opBr, depth) }

// BrIf pops an i32 and branches as Br when it is not zero.
func (c *Code) BrIf(depth uint32) *Code { return c.opU(opBrIf, depth) }

// LocalGet pushes local i (the parameters first).
func (c *Code) LocalGet(i uint32) *Code { return c.opU(opLocalGet, i) }

// LocalSet pops into local i.
func (c *Code) LocalSet(i uint32) *Code { return c.opU(opLocalSet, i) }

// LocalTee sets local i to the top of the stack, leaving it there.
func (c *Code) LocalTee(i uint32) *Code { return c.opU(opLocalTee, i) }

// I32Const pushes v.
func (c *Code) I32Const(v int32) *Code {
	c.b = AppendSLEB128(append(c.b, opI32Const), int64(v))
	return c
}

// F64Const pushes v.
func (c *Code) F64Const(v float64) *Code {
	c.op(opF64Const)
	u := math.Float64bits(v)
	for i := 0; i < 8; i++ {
		c.b = append(c.b, byte(u>>(8*i)))
	}
	return c
}

// I32Eqz pops x and pushes x == 0.
func (c *Code) I32Eqz() *Code { return c.op(opI32Eqz) }

// I32LtS pops y, then x, and pushes x < y, signed.
func (c *Code) I32LtS() *Code { return c.op(opI32LtS) }

// I32GeS pops y, then x, and pushes x >= y, signed.
func (c *Code) I32GeS() *Code { return c.op(opI32GeS) }

// I32Add pops two i32 and pushes their sum.
func (c *Code) I32Add() *Code { return c.op(opI32Add) }

// I32Sub pops y, then x, and pushes x - y.
func (c *Code) I32Sub() *Code { return c.op(opI32Sub) }

// I32Mul pops two i32 and pushes their product.
func (c *Code) I32Mul() *Code { return c.op(opI32Mul) }

// I32And pops two i32 and pushes their bitwise and.
func (c *Code) I32And() *Code { return c.op(opI32And) }

// I32Shl pops y, then x, and pushes x << y.
func (c *Code) I32Shl() *Code { return c.op(opI32Shl) }

// F64Load pops an address and pushes the float64 at it plus offset.
func (c *Code) F64Load(offset uint32) *Code { return c.op(opF64Load).memarg(3, offset) }

// F64Store pops a float64, then an address, and stores it at the address
// plus offset.
func (c *Code) F64Store(offset uint32) *Code { return c.op(opF64Store).memarg(3, offset) }

// F64Add pops two float64 and pushes their sum, rounded.
func (c *Code) F64Add() *Code { return c.op(opF64Add) }

// F64Sub pops y, then x, and pushes x − y, rounded.
func (c *Code) F64Sub() *Code { return c.op(opF64Sub) }

// F64Mul pops two float64 and pushes their product, rounded.
func (c *Code) F64Mul() *Code { return c.op(opF64Mul) }

// F64Neg pops a float64 and pushes it with its sign bit flipped (Go's
// unary minus).
func (c *Code) F64Neg() *Code { return c.op(opF64Neg) }

// V128Load pops an address and pushes the 16 bytes at it plus offset
// (aligned to 8 bytes: the float64 of Go's slices).
func (c *Code) V128Load(offset uint32) *Code { return c.simd(simdV128Load).memarg(3, offset) }

// V128Load64Splat pops an address and pushes the float64 at it plus
// offset in both lanes.
func (c *Code) V128Load64Splat(offset uint32) *Code {
	return c.simd(simdV128Load64Splt).memarg(3, offset)
}

// V128Store pops a v128, then an address, and stores it at the address
// plus offset.
func (c *Code) V128Store(offset uint32) *Code { return c.simd(simdV128Store).memarg(3, offset) }

// V128Zero pushes a v128 of zero bits (+0 in both f64 lanes).
func (c *Code) V128Zero() *Code {
	c.simd(simdV128Const)
	c.b = append(c.b, make([]byte, 16)...)
	return c
}

// I8x16Shuffle pops y, then x, and pushes the 16 bytes picked by lanes:
// byte k of the result is byte lanes[k] of x's 16 then y's 16.
func (c *Code) I8x16Shuffle(lanes [16]byte) *Code {
	c.simd(simdI8x16Shuffle)
	c.b = append(c.b, lanes[:]...)
	return c
}

// F64x2Shuffle pops y, then x, and pushes the float64 lanes l0 and l1 of
// x's two then y's two (0, 1 of x; 2, 3 of y): I8x16Shuffle by 8 bytes.
func (c *Code) F64x2Shuffle(l0, l1 byte) *Code {
	var lanes [16]byte
	for k := range 8 {
		lanes[k] = 8*l0 + byte(k)
		lanes[8+k] = 8*l1 + byte(k)
	}
	return c.I8x16Shuffle(lanes)
}

// F64x2Splat pops a float64 and pushes it in both lanes.
func (c *Code) F64x2Splat() *Code { return c.simd(simdF64x2Splat) }

// F64x2ExtractLane pops a v128 and pushes its float64 lane (0 or 1).
func (c *Code) F64x2ExtractLane(lane byte) *Code {
	c.simd(simdF64x2Extract)
	c.b = append(c.b, lane)
	return c
}

// F64x2ReplaceLane pops a float64, then a v128, and pushes the v128 with
// its lane (0 or 1) replaced by the float64.
func (c *Code) F64x2ReplaceLane(lane byte) *Code {
	c.simd(simdF64x2Replace)
	c.b = append(c.b, lane)
	return c
}

// F64x2Add pops two v128 and pushes their lanewise sum, each rounded as
// F64Add.
func (c *Code) F64x2Add() *Code { return c.simd(simdF64x2Add) }

// F64x2Mul pops two v128 and pushes their lanewise product, each rounded
// as F64Mul.
func (c *Code) F64x2Mul() *Code { return c.simd(simdF64x2Mul) }

// F64x2Sub pops y, then x, and pushes x − y lanewise, each rounded as
// F64Sub.
func (c *Code) F64x2Sub() *Code { return c.simd(simdF64x2Sub) }

// F64x2Neg pops a v128 and pushes it with each lane's sign bit flipped,
// as F64Neg.
func (c *Code) F64x2Neg() *Code { return c.simd(simdF64x2Neg) }
