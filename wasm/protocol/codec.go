package protocol

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// writer appends the encoding of values to b.
type writer struct{ b []byte }

func (w *writer) u8(v uint8)       { w.b = append(w.b, v) }
func (w *writer) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *writer) int(v int)        { w.b = binary.AppendVarint(w.b, int64(v)) }
func (w *writer) u32(v uint32)     { w.uvarint(uint64(v)) }
func (w *writer) f64(v float64)    { w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v)) }

func (w *writer) bool(v bool) {
	if v {
		w.u8(1)
	} else {
		w.u8(0)
	}
}

func (w *writer) str(s string) {
	w.uvarint(uint64(len(s)))
	w.b = append(w.b, s...)
}

func (w *writer) bytes(b []byte) {
	w.uvarint(uint64(len(b)))
	w.b = append(w.b, b...)
}

func (w *writer) f64s(v []float64) {
	w.uvarint(uint64(len(v)))
	for _, x := range v {
		w.f64(x)
	}
}

func (w *writer) ints(v []int) {
	w.uvarint(uint64(len(v)))
	for _, x := range v {
		w.int(x)
	}
}

func (w *writer) bools(v []bool) {
	w.uvarint(uint64(len(v)))
	for _, x := range v {
		w.bool(x)
	}
}

// reader decodes values from b. The first error sticks: later reads return
// zero values, so that a decoder reads its fields without checking each.
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

func (r *reader) u8() uint8 {
	if len(r.b) < 1 {
		r.fail(errShort)
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) int() int {
	v, n := binary.Varint(r.b)
	if n <= 0 || v != int64(int(v)) {
		r.fail(errShort)
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) u32() uint32 {
	v := r.uvarint()
	if v > math.MaxUint32 {
		r.fail(fmt.Errorf("protocol: %d overflows a job id", v))
		return 0
	}
	return uint32(v)
}

func (r *reader) f64() float64 {
	if len(r.b) < 8 {
		r.fail(errShort)
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

func (r *reader) bool() bool {
	switch r.u8() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail(errors.New("protocol: bad boolean"))
	return false
}

// count reads a length prefix and checks that the rest of the message can
// hold that many elements of at least size bytes each.
func (r *reader) count(size int) int {
	n := r.uvarint()
	if r.err != nil {
		return 0
	}
	if n > uint64(len(r.b)/size) {
		r.fail(errShort)
		return 0
	}
	return int(n)
}

func (r *reader) str() string {
	n := r.count(1)
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *reader) bytes() []byte {
	n := r.count(1)
	if n == 0 {
		return nil
	}
	b := append([]byte(nil), r.b[:n]...)
	r.b = r.b[n:]
	return b
}

func (r *reader) f64s() []float64 {
	n := r.count(8)
	if n == 0 {
		return nil
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(r.b[8*i:]))
	}
	r.b = r.b[8*n:]
	return v
}

func (r *reader) ints() []int {
	n := r.count(1)
	if n == 0 {
		return nil
	}
	v := make([]int, n)
	for i := range v {
		v[i] = r.int()
	}
	if r.err != nil {
		return nil
	}
	return v
}

func (r *reader) bools() []bool {
	n := r.count(1)
	if n == 0 {
		return nil
	}
	v := make([]bool, n)
	for i := range v {
		v[i] = r.bool()
	}
	if r.err != nil {
		return nil
	}
	return v
}
