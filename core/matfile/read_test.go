package matfile

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

var orders = []byteOrder{binary.LittleEndian, binary.BigEndian}

// writers returns every kind of writer: both byte orders, compressed or
// not, with and without small data elements.
func writers() []writer {
	var ws []writer
	for _, o := range orders {
		for _, c := range []bool{false, true} {
			for _, big := range []bool{false, true} {
				ws = append(ws, writer{order: o, compress: c, big: big})
			}
		}
	}
	return ws
}

func (w writer) String() string {
	return fmt.Sprintf("%v/compress=%t/big=%t", w.order, w.compress, w.big)
}

// storedTypes are the numeric data types with values each can hold exactly.
var storedTypes = []struct {
	typ  uint32
	vals []float64
}{
	{miINT8, []float64{-128, -1, 0, 1, 127, 5}},
	{miUINT8, []float64{0, 1, 2, 128, 255, 7}},
	{miINT16, []float64{-32768, -1, 0, 300, 32767, 9}},
	{miUINT16, []float64{0, 1, 300, 40000, 65535, 11}},
	{miINT32, []float64{math.MinInt32, -1, 0, 1 << 20, math.MaxInt32, 13}},
	{miUINT32, []float64{0, 1, 1 << 20, 1 << 31, math.MaxUint32, 15}},
	{miSINGLE, []float64{-1.5, 0.25, 0, 1e10, -0x1p-20, 17}},
	{miDOUBLE, []float64{-1.5, math.Pi, 0, 1e300, -math.SmallestNonzeroFloat64, math.Inf(1)}},
	{miINT64, []float64{-1 << 62, -1, 0, 1 << 53, 1 << 40, 19}},
	{miUINT64, []float64{0, 1, 1 << 63, 1 << 53, 1 << 40, 21}},
}

// TestReadRoundTrip writes variables of every stored type, as double and as
// their own class, with every writer, and reads them back.
func TestReadRoundTrip(t *testing.T) {
	for _, w := range writers() {
		for _, st := range storedTypes {
			for _, class := range []uint32{mxDOUBLE, mxINT32} {
				// A 2x3 matrix, a 1x1 scalar (whose data may be a small
				// element), and an empty 0x5 matrix, each with a
				// name short enough for the small form and one not.
				vars := []wvar{
					{name: "fea", class: class, dims: []int32{2, 3}, typ: st.typ, data: st.vals},
					{name: "x", class: class, dims: []int32{1, 1}, typ: st.typ, data: st.vals[1:2]},
					{name: "emptymatrix", class: class, dims: []int32{0, 5}, typ: st.typ},
				}
				got, err := Read(bytes.NewReader(w.file(vars...)))
				if err != nil {
					t.Fatalf("%v type %d class %d: %v", w, st.typ, class, err)
				}
				if len(got) != len(vars) {
					t.Fatalf("%v type %d: got %d variables, want %d", w, st.typ, len(got), len(vars))
				}
				for i, v := range vars {
					want := Var{Name: v.name, Rows: int(v.dims[0]), Cols: int(v.dims[1]),
						Data: v.data, Class: classNames[class-mxDOUBLE]}
					if want.Data == nil {
						want.Data = []float64{}
					}
					if !sameVar(got[i], want) {
						t.Errorf("%v type %d: got %+v, want %+v", w, st.typ, got[i], want)
					}
				}
			}
		}
	}
}

func sameVar(a, b Var) bool {
	return a.Name == b.Name && a.Rows == b.Rows && a.Cols == b.Cols && a.Class == b.Class &&
		slices.Equal(a.Data, b.Data)
}

// TestReadClasses checks the class names, logical arrays, skipped classes
// and trailing singleton dimensions.
func TestReadClasses(t *testing.T) {
	for _, w := range writers() {
		char := wvar{name: "label", class: mxCHAR, dims: []int32{1, 3}, typ: miUINT16, data: []float64{'a', 'b', 'c'}}
		// A 1x1 cell holding an empty matrix.
		cell := wvar{name: "c", class: mxCELL, subs: [][]byte{
			w.element(miINT32, w.encode(miINT32, []float64{1, 1})),
			w.element(miINT8, []byte("c")),
			w.tag(miMATRIX, 0),
		}}
		// A 2x2 sparse matrix with one nonzero (flags word 2 is nzmax).
		sparse := wvar{name: "s", class: mxSPARSE, subs: [][]byte{
			w.element(miINT32, w.encode(miINT32, []float64{2, 2})),
			w.element(miINT8, []byte("s")),
			w.element(miINT32, w.encode(miINT32, []float64{1})),
			w.element(miINT32, w.encode(miINT32, []float64{0, 0, 1})),
			w.element(miDOUBLE, w.encode(miDOUBLE, []float64{5})),
		}}
		vars := []wvar{
			char,
			{name: "b", class: mxUINT8, flags: flagLogical, dims: []int32{1, 2}, typ: miUINT8, data: []float64{1, 0}},
			cell,
			{name: "f", class: mxSINGLE, dims: []int32{2, 1, 1}, typ: miSINGLE, data: []float64{1, 2}},
			sparse,
			// A complex matrix and an unnamed array (MATLAB's subsystem
			// data) are skipped too.
			{name: "z", class: mxDOUBLE, flags: flagComplex, dims: []int32{1, 2}, typ: miDOUBLE, data: []float64{1, 2}, imag: []float64{3, 4}},
			{name: "", class: mxUINT8, dims: []int32{1, 3}, typ: miUINT8, data: []float64{1, 2, 3}},
			{name: "i8", class: mxINT8, dims: []int32{1, 1}, typ: miINT8, data: []float64{-3}},
			{name: "u8", class: mxUINT8, dims: []int32{1, 1}, typ: miUINT8, data: []float64{3}},
			{name: "i16", class: mxINT16, dims: []int32{1, 1}, typ: miINT16, data: []float64{-3}},
			{name: "u16", class: mxUINT16, dims: []int32{1, 1}, typ: miUINT16, data: []float64{3}},
			{name: "i32", class: mxINT32, dims: []int32{1, 1}, typ: miINT32, data: []float64{-3}},
			{name: "u32", class: mxUINT32, dims: []int32{1, 1}, typ: miUINT32, data: []float64{3}},
			{name: "i64", class: mxINT64, dims: []int32{1, 1}, typ: miINT64, data: []float64{-3}},
			{name: "u64", class: mxUINT64, dims: []int32{1, 1}, typ: miUINT64, data: []float64{3}},
		}
		file := w.file(vars...)
		// An element of another type at the top level is skipped too.
		file = append(file, w.element(miUINT32, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})...)
		file = append(file, w.element(miUINT8, []byte{1})...)
		got, err := Read(bytes.NewReader(file))
		if err != nil {
			t.Fatalf("%v: %v", w, err)
		}
		want := []Var{
			{"b", 1, 2, []float64{1, 0}, "logical"},
			{"f", 2, 1, []float64{1, 2}, "single"},
			{"i8", 1, 1, []float64{-3}, "int8"},
			{"u8", 1, 1, []float64{3}, "uint8"},
			{"i16", 1, 1, []float64{-3}, "int16"},
			{"u16", 1, 1, []float64{3}, "uint16"},
			{"i32", 1, 1, []float64{-3}, "int32"},
			{"u32", 1, 1, []float64{3}, "uint32"},
			{"i64", 1, 1, []float64{-3}, "int64"},
			{"u64", 1, 1, []float64{3}, "uint64"},
		}
		if !slices.EqualFunc(got, want, sameVar) {
			t.Errorf("%v:\ngot  %+v\nwant %+v", w, got, want)
		}
	}
}

// TestReadOneByteReader reads through a reader that returns one byte at a
// time, as a slow network stream might.
func TestReadOneByteReader(t *testing.T) {
	for _, w := range writers() {
		v := wvar{name: "fea", class: mxDOUBLE, dims: []int32{3, 2}, typ: miUINT8, data: []float64{1, 2, 3, 4, 5, 6}}
		got, err := Read(iotest.OneByteReader(bytes.NewReader(w.file(v, v))))
		if err != nil {
			t.Fatalf("%v: %v", w, err)
		}
		if len(got) != 2 || !slices.Equal(got[1].Data, v.data) {
			t.Errorf("%v: got %+v", w, got)
		}
	}
}

func TestReadError(t *testing.T) {
	// A reader failing after the header, as a broken upload would.
	w := writer{order: binary.LittleEndian}
	file := w.file(wvar{name: "x", class: mxDOUBLE, dims: []int32{1, 1}, typ: miDOUBLE, data: []float64{1}})
	r := ioReaderThenError{bytes.NewReader(file[:140]), errors.New("connection reset")}
	_, err := Read(r)
	if err == nil || err.Error() != "matfile: connection reset" {
		t.Errorf("got error %v, want matfile: connection reset", err)
	}
}

type ioReaderThenError struct {
	r   *bytes.Reader
	err error
}

func (r ioReaderThenError) Read(p []byte) (int, error) {
	if r.r.Len() == 0 {
		return 0, r.err
	}
	return r.r.Read(p)
}

// TestReadMalformed checks that malformed files give the expected errors.
func TestReadMalformed(t *testing.T) {
	le := writer{order: binary.LittleEndian, big: true}
	be := writer{order: binary.BigEndian, compress: true}
	x := wvar{name: "x", class: mxDOUBLE, dims: []int32{2, 2}, typ: miDOUBLE, data: []float64{1, 2, 3, 4}}
	good := le.file(x)
	goodz := be.file(x)
	hdr := le.header("MATLAB 5.0 MAT-file", 0x0100)
	// with returns x changed by f.
	with := func(f func(*wvar)) wvar {
		v := x
		v.dims = slices.Clone(x.dims)
		f(&v)
		return v
	}
	// inner returns a file holding one compressed element of content b.
	inner := func(b []byte) []byte { return append(slices.Clone(hdr), le.compressed(b)...) }
	// flipped returns b with byte i inverted.
	flipped := func(b []byte, i int) []byte {
		b = slices.Clone(b)
		b[i] ^= 0xff
		return b
	}
	// matrixOf returns the uncompressed miMATRIX content of v.
	matrixOf := func(v wvar) []byte { return le.matrix(v) }

	for _, test := range []struct {
		name string
		in   []byte
		want string // the error, or its beginning when it ends in "..."
	}{
		{"empty", nil, "matfile: empty input"},
		{"text", []byte("1,2,3\n4,5,6\n"), "matfile: not a MAT-file (missing MATLAB 5.0 header)"},
		{"short header", []byte("MATLAB 5.0 MAT-file"), "matfile: truncated header (19 of 128 bytes)"},
		{"bad endian", append(slices.Clone(hdr[:126]), 'X', 'X'), "matfile: not a MAT-file (missing MATLAB 5.0 header)"},
		{"version", le.header("MATLAB 5.0 MAT-file", 0x0200), "matfile: unsupported MAT-file version 0x0200 (want 0x0100)"},
		{"hdf5", le.header("MATLAB 7.3 MAT-file, Platform: GLNXA64", 0x0200), "matfile: MATLAB 7.3 MAT-files (HDF5) are not supported; save with -v7"},
		{"truncated tag", good[:131], "matfile: truncated element tag at byte 128"},
		{"truncated element", good[:len(good)-9], "matfile: truncated element at byte 128 (88 bytes declared, 79 present)"},
		{"truncated compressed", goodz[:len(goodz)-3], "matfile: truncated element at byte 128 (..."},
		{"truncated header of variable", append(slices.Clone(hdr), le.tag(miMATRIX, 88)...), "matfile: truncated element at byte 128 (88 bytes declared, 0 present)"},
		{"small tag too big", append(slices.Clone(hdr), 0x02, 0, 0x05, 0, 1, 2, 3, 4), "matfile: element at byte 128: small data element declares 5 bytes (at most 4)"},
		{"not zlib", append(append(slices.Clone(hdr), le.tag(miCOMPRESSED, 8)...), "garbage!"...), "matfile: element at byte 128: zlib: invalid header"},
		{"checksum", flipped(goodz, len(goodz)-1), "matfile: element at byte 128: zlib: invalid checksum"},
		{"empty zlib", inner(nil), "matfile: element at byte 128: compressed data end early"},
		{"zlib ends in tag", inner([]byte{14, 0, 0}), "matfile: element at byte 128: compressed data end early"},
		{"zlib bomb", inner(le.tag(miMATRIX, 2<<30)), "matfile: element at byte 128: array of 2147483648 bytes, above the limit of 1073741824"},
		{"zlib short", inner(matrixOf(x)[:50]), "matfile: element at byte 128: compressed data end early"},
		{"no flags", inner(append(le.tag(miMATRIX, 4), 1, 2, 3, 4)), "matfile: element at byte 128: array flags: truncated tag"},
		{"flags type", inner(append(le.tag(miMATRIX, 16), le.element(miDOUBLE, make([]byte, 8))...)), "matfile: element at byte 128: array flags are not an miUINT32 element"},
		{"flags size", inner(append(append(le.tag(miMATRIX, 16), le.tag(miUINT32, 100)...), make([]byte, 8)...)), "matfile: element at byte 128: array flags: declares 100 bytes, 8 present"},
		{"dims type", le.file(with(func(v *wvar) {
			v.subs = [][]byte{le.element(miUINT8, []byte{2, 2}), le.element(miINT8, []byte("x"))}
		})), "matfile: element at byte 128: dimensions are not an miINT32 element of at least two values"},
		{"one dim", le.file(with(func(v *wvar) { v.dims = []int32{4} })), "matfile: element at byte 128: dimensions are not an miINT32 element of at least two values"},
		{"no dims", le.file(with(func(v *wvar) { v.subs = [][]byte{} })), "matfile: element at byte 128: dimensions: missing"},
		{"negative dim", le.file(with(func(v *wvar) { v.dims = []int32{-1, 2} })), "matfile: element at byte 128: negative dimension -1"},
		{"name type", le.file(with(func(v *wvar) {
			v.subs = [][]byte{le.element(miINT32, le.encode(miINT32, []float64{1, 1})), le.element(miDOUBLE, make([]byte, 8))}
		})), "matfile: element at byte 128: array name has data type 9, want miINT8 (1)"},
		{"no name", le.file(with(func(v *wvar) {
			v.subs = [][]byte{le.element(miINT32, le.encode(miINT32, []float64{1, 1}))}
		})), "matfile: element at byte 128: array name: missing"},
		{"3-D", le.file(with(func(v *wvar) { v.dims = []int32{2, 1, 2} })),
			`matfile: variable "x" (element at byte 128): 3-D array (2x1x2); only 2-D matrices are supported`},
		{"too many values", le.file(with(func(v *wvar) { v.dims = []int32{1 << 14, 1 << 14} })),
			`matfile: variable "x" (element at byte 128): 16384x16384 values bring the data read to more than 1073741824 bytes`},
		{"huge dims", le.file(with(func(v *wvar) { v.dims = []int32{math.MaxInt32, math.MaxInt32} })),
			`matfile: variable "x" (element at byte 128): 2147483647x2147483647 values bring the data read to more than 1073741824 bytes`},
		{"data size", le.file(with(func(v *wvar) { v.dims = []int32{2, 3} })),
			`matfile: variable "x" (element at byte 128): real part holds 32 bytes of data type 9, want 6 values (2x3)`},
		{"data not whole", le.file(with(func(v *wvar) { v.typ = miUINT8; v.dims = []int32{2, 2}; v.data = v.data[:3] })),
			`matfile: variable "x" (element at byte 128): real part holds 3 bytes of data type 2, want 4 values (2x2)`},
		{"data type", le.file(with(func(v *wvar) {
			v.subs = [][]byte{le.element(miINT32, le.encode(miINT32, []float64{1, 1})), le.element(miINT8, []byte("x")), le.element(miUTF8, []byte("a"))}
		})), `matfile: variable "x" (element at byte 128): real part has unsupported data type 16`},
		{"no data", le.file(with(func(v *wvar) {
			v.subs = [][]byte{le.element(miINT32, le.encode(miINT32, []float64{1, 1})), le.element(miINT8, []byte("x"))}
		})), `matfile: variable "x" (element at byte 128): missing real part`},
		{"data truncated", le.file(with(func(v *wvar) {
			v.subs = [][]byte{le.element(miINT32, le.encode(miINT32, []float64{1, 1})), le.element(miINT8, []byte("x")), le.tag(miDOUBLE, 8)}
		})), `matfile: variable "x" (element at byte 128): real part: declares 8 bytes, 0 present`},
		{"second variable", append(slices.Clone(good), le.matrix(with(func(v *wvar) { v.dims = []int32{-5, 1} }))...),
			"matfile: element at byte 224: negative dimension -5"},
	} {
		_, err := Read(bytes.NewReader(test.in))
		if err == nil {
			t.Errorf("%s: no error, want %q", test.name, test.want)
			continue
		}
		if want, ok := strings.CutSuffix(test.want, "..."); ok {
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%s: got error %q, want %q", test.name, err, test.want)
			}
		} else if err.Error() != test.want {
			t.Errorf("%s: got error\n\t%q, want\n\t%q", test.name, err, test.want)
		}
	}
}

func TestDense(t *testing.T) {
	v := Var{Name: "a", Rows: 2, Cols: 3, Data: []float64{1, 2, 3, 4, 5, 6}}
	d := v.Dense()
	// Column-major: column j holds Data[2j], Data[2j+1].
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			if got, want := d.At(i, j), v.Data[i+2*j]; got != want {
				t.Errorf("At(%d, %d) = %v, want %v", i, j, got, want)
			}
		}
	}
	d.Set(0, 0, 100)
	if v.Data[0] != 1 {
		t.Error("Dense shares Data")
	}
	if r, c := (&Var{Rows: 0, Cols: 4, Data: []float64{}}).Dense().Dims(); r != 0 || c != 0 {
		t.Errorf("empty Dense has dims %dx%d", r, c)
	}
	defer func() {
		if recover() == nil {
			t.Error("Dense did not panic on inconsistent Var")
		}
	}()
	(&Var{Rows: 2, Cols: 2, Data: []float64{1}}).Dense()
}

// TestReadRandom reads random matrices of random shapes and stored types.
func TestReadRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for iter := 0; iter < 50; iter++ {
		w := writers()[rng.IntN(len(writers()))]
		rows, cols := rng.IntN(20), rng.IntN(20)
		data := make([]float64, rows*cols)
		for i := range data {
			data[i] = float64(rng.IntN(256)) - 128
		}
		v := wvar{name: strings.Repeat("v", 1+rng.IntN(70)), class: mxDOUBLE, dims: []int32{int32(rows), int32(cols)},
			typ: []uint32{miINT16, miINT32, miSINGLE, miDOUBLE, miINT64}[rng.IntN(5)], data: data}
		got, err := Read(bytes.NewReader(w.file(v)))
		if err != nil {
			t.Fatalf("%v: %v", w, err)
		}
		want := Var{Name: v.name, Rows: rows, Cols: cols, Data: data, Class: "double"}
		if len(got) != 1 || !sameVar(got[0], want) {
			t.Fatalf("%v: got %+v, want %+v", w, got, want)
		}
	}
}

// TestReadLimit lowers the memory limit to check that it counts the data of
// all variables together and bounds the size of every element.
func TestReadLimit(t *testing.T) {
	defer func(m int64) { maxBytes = m }(maxBytes)
	maxBytes = 100
	w := writer{order: binary.LittleEndian, compress: true}
	v := wvar{name: "v", class: mxDOUBLE, dims: []int32{2, 3}, typ: miUINT8, data: []float64{1, 2, 3, 4, 5, 6}}
	if _, err := Read(bytes.NewReader(w.file(v))); err != nil {
		t.Fatalf("one variable of 48 bytes: %v", err)
	}
	_, err := Read(bytes.NewReader(w.file(v, v, v)))
	third := 128 + 2*(len(w.file(v))-128)
	if want := fmt.Sprintf(`matfile: variable "v" (element at byte %d): 2x3 values bring the data read to more than 100 bytes`, third); err == nil || err.Error() != want {
		t.Errorf("three variables of 48 bytes: got error\n\t%v, want\n\t%s", err, want)
	}
	big := v
	big.name = strings.Repeat("n", 64) // 16 + 16 + 72 + 16 bytes
	_, err = Read(bytes.NewReader(w.file(big)))
	if want := "matfile: element at byte 128: array of 120 bytes, above the limit of 100"; err == nil || err.Error() != want {
		t.Errorf("element of 120 bytes: got error\n\t%v, want\n\t%s", err, want)
	}
}
