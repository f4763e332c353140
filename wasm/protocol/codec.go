package protocol

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
)

// A coder is either side of the byte encoding: a message lists its fields
// once, in order (Message.code), and the writer appends each field while
// the reader sets it.
type coder interface {
	u8(v *uint8)
	uvarint(v *uint64)
	int(v *int)
	u32(v *uint32)
	f64(v *float64)
	bool(v *bool)
	str(v *string)
	bytes(v *[]byte)
	f64s(v *[]float64)
	ints(v *[]int)
	bools(v *[]bool)
	// length codes the length n of a slice whose elements take at least
	// size bytes each: the reader checks that the rest of the message can
	// hold them.
	length(n *int, size int)
}

// strs codes a list of strings, nil when empty.
func strs(c coder, v *[]string) {
	n := len(*v)
	c.length(&n, 1)
	if len(*v) != n {
		*v = make([]string, n)
	}
	for i := range *v {
		c.str(&(*v)[i])
	}
}

// fields codes the exported fields of the struct that v points at, in
// their order, by their kind: strings, ints, uint64s, float64s and bools.
// A struct of such fields (demo.Data, demo.Params) is thus coded as it is
// defined, with no list of its fields here.
func fields(c coder, v any) {
	s := reflect.ValueOf(v).Elem()
	for i := range s.NumField() {
		f := s.Field(i)
		if !s.Type().Field(i).IsExported() {
			continue
		}
		switch p := f.Addr().Interface().(type) {
		case *string:
			c.str(p)
		case *int:
			c.int(p)
		case *uint64:
			c.uvarint(p)
		case *float64:
			c.f64(p)
		case *bool:
			c.bool(p)
		default:
			panic(fmt.Sprintf("protocol: field %s of %s has a kind the codec does not know", s.Type().Field(i).Name, s.Type()))
		}
	}
}

// writer appends the encoding of values to b.
type writer struct{ b []byte }

func (w *writer) u8(v *uint8)       { w.b = append(w.b, *v) }
func (w *writer) uvarint(v *uint64) { w.b = binary.AppendUvarint(w.b, *v) }
func (w *writer) int(v *int)        { w.b = binary.AppendVarint(w.b, int64(*v)) }
func (w *writer) u32(v *uint32)     { w.b = binary.AppendUvarint(w.b, uint64(*v)) }
func (w *writer) f64(v *float64)    { w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(*v)) }
func (w *writer) length(n *int, _ int) {
	w.b = binary.AppendUvarint(w.b, uint64(*n))
}

func (w *writer) bool(v *bool) {
	b := uint8(0)
	if *v {
		b = 1
	}
	w.u8(&b)
}

func (w *writer) str(s *string) {
	n := len(*s)
	w.length(&n, 1)
	w.b = append(w.b, *s...)
}

func (w *writer) bytes(b *[]byte) {
	n := len(*b)
	w.length(&n, 1)
	w.b = append(w.b, *b...)
}

func (w *writer) f64s(v *[]float64) {
	n := len(*v)
	w.length(&n, 8)
	for _, x := range *v {
		w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(x))
	}
}

func (w *writer) ints(v *[]int) {
	n := len(*v)
	w.length(&n, 1)
	for i := range *v {
		w.int(&(*v)[i])
	}
}

func (w *writer) bools(v *[]bool) {
	n := len(*v)
	w.length(&n, 1)
	for i := range *v {
		w.bool(&(*v)[i])
	}
}

// reader decodes values from b. The first error sticks: later reads set
// zero values, so that a message reads its fields without checking each.
type reader struct {
	b   []byte
	err error
}

var errShort = errors.New("protocol: message ends early")

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *reader) u8(v *uint8) {
	*v = 0
	if len(r.b) < 1 {
		r.fail(errShort)
		return
	}
	*v = r.b[0]
	r.b = r.b[1:]
}

func (r *reader) uvarint(v *uint64) {
	x, n := binary.Uvarint(r.b)
	*v = 0
	if n <= 0 {
		r.fail(errShort)
		return
	}
	*v = x
	r.b = r.b[n:]
}

func (r *reader) int(v *int) {
	x, n := binary.Varint(r.b)
	*v = 0
	if n <= 0 || x != int64(int(x)) {
		r.fail(errShort)
		return
	}
	*v = int(x)
	r.b = r.b[n:]
}

func (r *reader) u32(v *uint32) {
	var x uint64
	r.uvarint(&x)
	*v = 0
	if x > math.MaxUint32 {
		r.fail(fmt.Errorf("protocol: %d overflows a job id", x))
		return
	}
	*v = uint32(x)
}

func (r *reader) f64(v *float64) {
	*v = 0
	if len(r.b) < 8 {
		r.fail(errShort)
		return
	}
	*v = math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
}

func (r *reader) bool(v *bool) {
	var b uint8
	r.u8(&b)
	*v = b == 1
	if b > 1 {
		r.fail(errors.New("protocol: bad boolean"))
		*v = false
	}
}

// length reads a length prefix and checks that the rest of the message can
// hold that many elements of at least size bytes each.
func (r *reader) length(n *int, size int) {
	var x uint64
	r.uvarint(&x)
	*n = 0
	if r.err != nil {
		return
	}
	if x > uint64(len(r.b)/size) {
		r.fail(errShort)
		return
	}
	*n = int(x)
}

func (r *reader) str(s *string) {
	var n int
	r.length(&n, 1)
	*s = string(r.b[:n])
	r.b = r.b[n:]
}

func (r *reader) bytes(b *[]byte) {
	var n int
	r.length(&n, 1)
	*b = nil
	if n == 0 {
		return
	}
	*b = append([]byte(nil), r.b[:n]...)
	r.b = r.b[n:]
}

func (r *reader) f64s(v *[]float64) {
	var n int
	r.length(&n, 8)
	*v = nil
	if n == 0 {
		return
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = math.Float64frombits(binary.LittleEndian.Uint64(r.b[8*i:]))
	}
	r.b = r.b[8*n:]
	*v = x
}

func (r *reader) ints(v *[]int) {
	var n int
	r.length(&n, 1)
	*v = nil
	if n == 0 {
		return
	}
	x := make([]int, n)
	for i := range x {
		r.int(&x[i])
	}
	if r.err == nil {
		*v = x
	}
}

func (r *reader) bools(v *[]bool) {
	var n int
	r.length(&n, 1)
	*v = nil
	if n == 0 {
		return
	}
	x := make([]bool, n)
	for i := range x {
		r.bool(&x[i])
	}
	if r.err == nil {
		*v = x
	}
}
