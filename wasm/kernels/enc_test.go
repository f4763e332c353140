package kernels

import (
	"bytes"
	"testing"
)

// TestLEB128: the examples of the specification and the edges of each
// byte count, and a decoder's reading of every value written.
func TestLEB128(t *testing.T) {
	for _, c := range []struct {
		v    uint64
		want []byte
	}{
		{0, []byte{0x00}}, {1, []byte{0x01}}, {127, []byte{0x7F}}, {128, []byte{0x80, 0x01}},
		{624485, []byte{0xE5, 0x8E, 0x26}}, {1<<32 - 1, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0x0F}},
	} {
		if got := AppendULEB128(nil, c.v); !bytes.Equal(got, c.want) {
			t.Errorf("unsigned %d: % x, want % x", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		v    int64
		want []byte
	}{
		{0, []byte{0x00}}, {-1, []byte{0x7F}}, {63, []byte{0x3F}}, {64, []byte{0xC0, 0x00}},
		{-64, []byte{0x40}}, {-65, []byte{0xBF, 0x7F}}, {-123456, []byte{0xC0, 0xBB, 0x78}},
		{-1 << 31, []byte{0x80, 0x80, 0x80, 0x80, 0x78}}, {1<<31 - 1, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0x07}},
	} {
		if got := AppendSLEB128(nil, c.v); !bytes.Equal(got, c.want) {
			t.Errorf("signed %d: % x, want % x", c.v, got, c.want)
		}
	}
	for v := int64(-1 << 20); v < 1<<20; v += 997 {
		b := AppendSLEB128(nil, v)
		var x int64
		var shift uint
		for i, c := range b {
			x |= int64(c&0x7F) << shift
			shift += 7
			if c&0x80 == 0 {
				if i != len(b)-1 {
					t.Fatalf("%d: % x ends early", v, b)
				}
				if c&0x40 != 0 {
					x |= -1 << shift
				}
			}
		}
		if x != v {
			t.Fatalf("%d: % x reads %d", v, b, x)
		}
	}
}

// TestModule: a module of one function, written by hand from the
// specification's grammar, is what Encode writes.
func TestModule(t *testing.T) {
	var c Code
	c.LocalGet(0).V128Load64Splat(8).LocalGet(0).V128Load(0).F64x2Mul().F64x2ExtractLane(1)
	m := Module{MinPages: 1, Funcs: []Func{{Name: "f", Params: []ValType{I32}, Results: []ValType{F64}, Locals: []ValType{V128, V128, I32}, Body: c}}}
	want := []byte{
		0x00, 'a', 's', 'm', 0x01, 0x00, 0x00, 0x00,
		1, 6, 1, 0x60, 1, 0x7F, 1, 0x7C, // type: (i32) -> f64
		2, 12, 1, 3, 'e', 'n', 'v', 3, 'm', 'e', 'm', 0x02, 0x00, 1, // import env.mem, min 1 page
		3, 2, 1, 0, // function 0 has type 0
		7, 5, 1, 1, 'f', 0x00, 0, // export "f" = function 0
		10, 26, 1, 24, 2, 2, 0x7B, 1, 0x7F, // code: a body of 24 bytes, locals 2 v128, 1 i32
		0x20, 0, 0xFD, 0x0A, 3, 8, // local.get 0; v128.load64_splat offset 8
		0x20, 0, 0xFD, 0x00, 3, 0, // local.get 0; v128.load
		0xFD, 0xF2, 0x01, // f64x2.mul
		0xFD, 0x21, 1, // f64x2.extract_lane 1
		0x0B,
	}
	if got := m.Encode(); !bytes.Equal(got, want) {
		t.Errorf("module:\n% x\nwant\n% x", got, want)
	}
}
