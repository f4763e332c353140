package matfile

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"math"
)

// This file holds a small Level 5 MAT-file writer for the tests: it writes
// both byte orders, compressed and uncompressed variables, every numeric
// stored type and the small data element form, and lets a test damage any
// part of a file.

// Array classes used by the tests beyond those of read.go.
const (
	mxCELL   = 1
	mxCHAR   = 4
	mxSPARSE = 5
	mxSINGLE = 7
	mxINT8   = 8
	mxUINT8  = 9
	mxINT16  = 10
	mxUINT16 = 11
	mxINT32  = 12
	mxUINT32 = 13
	mxINT64  = 14
)

// wvar describes one variable to write.
type wvar struct {
	name  string
	class uint32 // mx class
	flags uint32 // flag byte: flagComplex, flagLogical
	dims  []int32
	typ   uint32    // stored data type of the real part
	data  []float64 // values of the real part, encoded as typ
	imag  []float64 // imaginary part, written when flags has flagComplex
	// subs, when not nil, replaces everything after the array flags
	// (dimensions, name, parts) with these raw subelements.
	subs [][]byte
}

// byteOrder is binary.LittleEndian or binary.BigEndian.
type byteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// writer writes MAT-files.
type writer struct {
	order    byteOrder
	compress bool // wrap every variable in an miCOMPRESSED element
	big      bool // never use the small data element form
}

func (w writer) file(vars ...wvar) []byte {
	b := w.header("MATLAB 5.0 MAT-file, written by the matfile tests", 0x0100)
	for _, v := range vars {
		b = append(b, w.variable(v)...)
	}
	return b
}

func (w writer) header(text string, version uint16) []byte {
	h := make([]byte, 128)
	copy(h, bytes.Repeat([]byte{' '}, 116))
	copy(h, text)
	w.order.PutUint16(h[124:], version)
	if w.order == byteOrder(binary.LittleEndian) {
		copy(h[126:], "IM")
	} else {
		copy(h[126:], "MI")
	}
	return h
}

// variable returns the top-level element of v, compressed if w.compress.
func (w writer) variable(v wvar) []byte {
	m := w.matrix(v)
	if !w.compress {
		return m
	}
	return w.compressed(m)
}

// compressed wraps the element elem in an miCOMPRESSED element.
func (w writer) compressed(elem []byte) []byte {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(elem)
	zw.Close()
	return append(w.tag(miCOMPRESSED, uint32(z.Len())), z.Bytes()...) // not padded
}

// matrix returns the miMATRIX element of v.
func (w writer) matrix(v wvar) []byte {
	flags := make([]byte, 8)
	w.order.PutUint32(flags, v.class|v.flags<<8)
	content := w.element(miUINT32, flags)
	subs := v.subs
	if subs == nil {
		dims := make([]byte, 4*len(v.dims))
		for i, k := range v.dims {
			w.order.PutUint32(dims[4*i:], uint32(k))
		}
		subs = [][]byte{w.element(miINT32, dims), w.element(miINT8, []byte(v.name)), w.element(v.typ, w.encode(v.typ, v.data))}
		if v.flags&flagComplex != 0 {
			subs = append(subs, w.element(v.typ, w.encode(v.typ, v.imag)))
		}
	}
	for _, s := range subs {
		content = append(content, s...)
	}
	return w.element(miMATRIX, content)
}

func (w writer) tag(typ, n uint32) []byte {
	t := make([]byte, 8)
	w.order.PutUint32(t, typ)
	w.order.PutUint32(t[4:], n)
	return t
}

// element returns a data element of type typ holding data, in the small
// form when data fit in 4 bytes (unless w.big), padded to 8 bytes.
func (w writer) element(typ uint32, data []byte) []byte {
	if len(data) <= 4 && !w.big && len(data) > 0 {
		b := make([]byte, 8)
		w.order.PutUint32(b, uint32(len(data))<<16|typ)
		copy(b[4:], data)
		return b
	}
	b := append(w.tag(typ, uint32(len(data))), data...)
	return append(b, make([]byte, -len(data)&7)...)
}

// encode returns the values x in the numeric data type typ.
func (w writer) encode(typ uint32, x []float64) []byte {
	var b []byte
	for _, v := range x {
		switch typ {
		case miINT8:
			b = append(b, byte(int8(v)))
		case miUINT8:
			b = append(b, byte(v))
		case miINT16:
			b = w.order.AppendUint16(b, uint16(int16(v)))
		case miUINT16:
			b = w.order.AppendUint16(b, uint16(v))
		case miINT32:
			b = w.order.AppendUint32(b, uint32(int32(v)))
		case miUINT32:
			b = w.order.AppendUint32(b, uint32(v))
		case miSINGLE:
			b = w.order.AppendUint32(b, math.Float32bits(float32(v)))
		case miDOUBLE:
			b = w.order.AppendUint64(b, math.Float64bits(v))
		case miINT64:
			b = w.order.AppendUint64(b, uint64(int64(v)))
		case miUINT64:
			b = w.order.AppendUint64(b, uint64(v))
		default:
			panic("encode: bad type")
		}
	}
	return b
}

// tinyMAT returns a little-endian, uncompressed MAT-file holding the 2×3
// double matrix fea = [1 2 3; 4 5 6], for ExampleRead.
func tinyMAT() []byte {
	return writer{order: binary.LittleEndian}.file(wvar{name: "fea", class: mxDOUBLE, dims: []int32{2, 3},
		typ: miDOUBLE, data: []float64{1, 4, 2, 5, 3, 6}})
}
