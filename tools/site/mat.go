package main

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"math"

	"nnlrs/core/dataset"
)

// MAT-file v5 constants (The MathWorks, "MAT-File Format", 2023).
const (
	miINT8       = 1
	miUINT8      = 2
	miINT32      = 5
	miUINT32     = 6
	miDOUBLE     = 9
	miMATRIX     = 14
	miCOMPRESSED = 15
	mxDOUBLE     = 6
	mxUINT8      = 9
)

// writeMAT writes set in the layout of the paper's data (Deng Cai's): the
// variables fea (n×d, one sample per row) and gnd (n×1 labels), each a
// zlib-compressed element. fea is stored as uint8 when every value is an
// integer in [0, 255] (the face images), as double otherwise.
func writeMAT(w io.Writer, set *dataset.Set) error {
	d, n := set.X.Dims()
	head := make([]byte, 128)
	copy(head, bytes.Repeat([]byte{' '}, 116))
	copy(head, "MATLAB 5.0 MAT-file, NNLRS Explorer site data")
	binary.LittleEndian.PutUint16(head[124:], 0x0100)
	copy(head[126:], "IM")
	if _, err := w.Write(head); err != nil {
		return err
	}
	// fea in column-major order: fea(i, j) = X(j, i).
	fea := make([]float64, 0, n*d)
	bytesOK := true
	for j := 0; j < d; j++ {
		for i := 0; i < n; i++ {
			v := set.X.At(j, i)
			bytesOK = bytesOK && v >= 0 && v <= 255 && v == math.Trunc(v)
			fea = append(fea, v)
		}
	}
	gnd := make([]float64, n)
	for i, l := range set.Labels {
		gnd[i] = float64(l)
	}
	for _, v := range []struct {
		name       string
		rows, cols int
		data       []float64
		uint8      bool
	}{{"fea", n, d, fea, bytesOK}, {"gnd", n, 1, gnd, false}} {
		var m bytes.Buffer
		matrix(&m, v.name, v.rows, v.cols, v.data, v.uint8)
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(m.Bytes())
		if err := zw.Close(); err != nil {
			return err
		}
		tag := make([]byte, 8)
		binary.LittleEndian.PutUint32(tag, miCOMPRESSED)
		binary.LittleEndian.PutUint32(tag[4:], uint32(z.Len()))
		if _, err := w.Write(append(tag, z.Bytes()...)); err != nil {
			return err
		}
	}
	return nil
}

// matrix writes one miMATRIX element.
func matrix(b *bytes.Buffer, name string, rows, cols int, data []float64, asUint8 bool) {
	var body bytes.Buffer
	class, typ, size := uint32(mxDOUBLE), uint32(miDOUBLE), 8
	if asUint8 {
		class, typ, size = mxUINT8, miUINT8, 1
	}
	element(&body, miUINT32, le32(class, 0))
	element(&body, miINT32, le32(uint32(rows), uint32(cols)))
	element(&body, miINT8, []byte(name))
	raw := make([]byte, 0, size*len(data))
	for _, v := range data {
		if asUint8 {
			raw = append(raw, byte(v))
		} else {
			raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(v))
		}
	}
	element(&body, typ, raw)
	element(b, miMATRIX, body.Bytes())
}

// element writes a tagged data element, padded to 8 bytes.
func element(b *bytes.Buffer, typ uint32, data []byte) {
	b.Write(le32(typ, uint32(len(data))))
	b.Write(data)
	if pad := (8 - len(data)%8) % 8; pad > 0 {
		b.Write(make([]byte, pad))
	}
}

func le32(v ...uint32) []byte {
	b := make([]byte, 0, 4*len(v))
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}
