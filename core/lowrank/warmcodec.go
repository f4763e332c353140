package lowrank

import (
	"encoding/binary"
	"math"

	"gonum.org/v1/gonum/mat"
)

// warmMagic starts the encoding of a Warm (and names its version).
const warmMagic = "NNLRSWARM1"

// MarshalBinary encodes w (encoding.BinaryMarshaler), so that a state can
// travel between programs: the page keeps the NNLRS graph's state and
// hands it to whichever Web Worker solves the next λ or β. The encoding
// is little-endian: the magic, the shapes, the fingerprint, μ, β and λ,
// then Z, U₁, U₂, U₃ row after row.
func (w *Warm) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, len(warmMagic)+8*(10+(3*w.m+w.k)*w.n))
	b = append(b, warmMagic...)
	for _, v := range []int{w.d, w.k, w.m, w.n} {
		b = binary.LittleEndian.AppendUint64(b, uint64(v))
	}
	b = binary.LittleEndian.AppendUint64(b, w.fp)
	for _, v := range []float64{w.mu[0], w.mu[1], w.mu[2], w.p.Beta, w.p.Lambda} {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	for _, m := range []*mat.Dense{w.z, w.u1, w.u2, w.u3} {
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
	if len(b) < len(warmMagic)+8*10 || string(b[:len(warmMagic)]) != warmMagic {
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
	if uint64(len(b)) != 8*uint64(3*m+k)*uint64(n) {
		return bad("wrong length for its dimensions")
	}
	mats := [4]*mat.Dense{}
	for i, rows := range []int{m, k, m, m} {
		data := make([]float64, rows*n)
		for j := range data {
			data[j] = math.Float64frombits(next())
		}
		mats[i] = mat.NewDense(rows, n, data)
	}
	if !finite(f[:]...) || !finite(mats[0].RawMatrix().Data...) || !finite(mats[1].RawMatrix().Data...) ||
		!finite(mats[2].RawMatrix().Data...) || !finite(mats[3].RawMatrix().Data...) {
		return bad("values that are not finite")
	}
	*w = Warm{d: d, k: k, m: m, n: n, fp: fp, mu: [3]float64{f[0], f[1], f[2]}, p: Params{Beta: f[3], Lambda: f[4]},
		z: mats[0], u1: mats[1], u2: mats[2], u3: mats[3]}
	return nil
}
