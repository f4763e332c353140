package lowrank

import (
	"encoding/binary"
	"math"

	"gonum.org/v1/gonum/mat"
)

// The magic that starts the encoding of a Warm names its problem and
// version; both have the same length.
const (
	warmMagic    = "NNLRSWARM2"
	warmMagicLRR = "LRRWARM002"
)

// MarshalBinary encodes w (encoding.BinaryMarshaler), so that a state can
// travel between programs: the page keeps the NNLRS graph's state and
// hands it to whichever Web Worker solves the next λ or β. The encoding
// is little-endian: the magic (which says NNLRS or LRR), the shapes, the
// fingerprint, μ, β and λ, whether U₂ is stored (1) or implied (0), then
// Z, U₁, U₂ if stored and (NNLRS) U₃ row after row.
func (w *Warm) MarshalBinary() ([]byte, error) {
	magic, mats := warmMagic, []*mat.Dense{w.z, w.u1}
	if w.lrr {
		magic = warmMagicLRR
	}
	stored := uint64(0)
	if w.u2 != nil {
		stored = 1
		mats = append(mats, w.u2)
	}
	if !w.lrr {
		mats = append(mats, w.u3)
	}
	b := make([]byte, 0, len(magic)+8*(11+(len(mats)-1)*w.m*w.n+w.k*w.n))
	b = append(b, magic...)
	for _, v := range []int{w.d, w.k, w.m, w.n} {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	b = binary.LittleEndian.AppendUint64(b, w.fp)
	for _, v := range []float64{w.mu[0], w.mu[1], w.mu[2], w.p.Beta, w.p.Lambda} {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	b = binary.LittleEndian.AppendUint64(b, stored)
	for _, m := range mats {
		for _, v := range m.RawMatrix().Data {
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
		}
	}
	return b, nil
}

// UnmarshalBinary decodes a Warm encoded by MarshalBinary. It returns an
// *Error for bytes that are not one (a wrong length or magic, absurd
// shapes, values that are not finite); w is then unchanged.
func (w *Warm) UnmarshalBinary(b []byte) error {
	bad := func(why string) error { return errorf("warm start state: %s", why) }
	if len(b) < len(warmMagic)+8*11 {
		return bad("not an encoded state")
	}
	var lrr bool
	switch string(b[:len(warmMagic)]) {
	case warmMagic:
	case warmMagicLRR:
		lrr = true
	default:
		return bad("not an encoded state")
	}
	b = b[len(warmMagic):]
	next := func() uint64 {
		v := binary.LittleEndian.Uint64(b)
		b = b[8:]
		return v
	}
	var dims [4]int
	for i := range dims {
		v := next()
		if v == 0 || v > 1<<20 {
			return bad("absurd dimensions")
		}
		dims[i] = int(v)
	}
	d, k, m, n := dims[0], dims[1], dims[2], dims[3]
	fp := next()
	var f [5]float64
	for i := range f {
		f[i] = math.Float64frombits(next())
	}
	stored := next()
	if stored > 1 {
		return bad("not an encoded state")
	}
	rowsOf := []int{m, k}
	if stored == 1 {
		rowsOf = append(rowsOf, m)
	}
	if !lrr {
		rowsOf = append(rowsOf, m)
	}
	total := uint64(0)
	for _, r := range rowsOf {
		total += uint64(r)
	}
	if uint64(len(b)) != 8*total*uint64(n) {
		return bad("wrong length for its dimensions")
	}
	var mats []*mat.Dense
	for _, rows := range rowsOf {
		data := make([]float64, rows*n)
		for j := range data {
			data[j] = math.Float64frombits(next())
		}
		mats = append(mats, mat.NewDense(rows, n, data))
	}
	if !finite(f[:]...) {
		return bad("values that are not finite")
	}
	for _, m := range mats {
		if !finite(m.RawMatrix().Data...) {
			return bad("values that are not finite")
		}
	}
	*w = Warm{lrr: lrr, d: d, k: k, m: m, n: n, fp: fp, mu: [3]float64{f[0], f[1], f[2]}, p: Params{Beta: f[3], Lambda: f[4]},
		z: mats[0], u1: mats[1]}
	rest := mats[2:]
	if stored == 1 {
		w.u2, rest = rest[0], rest[1:]
	}
	if !lrr {
		w.u3 = rest[0]
	}
	return nil
}
