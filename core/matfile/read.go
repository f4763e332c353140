package matfile

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// MaxBytes bounds the memory Read uses: no element may declare more than
// MaxBytes bytes (after decompression), and the float64 data of all the
// variables Read returns may not exceed MaxBytes together. Larger files are
// reported as errors before anything of that size is allocated.
const MaxBytes = 1 << 30

// maxBytes is MaxBytes; tests lower it to exercise the limit.
var maxBytes int64 = MaxBytes

// Data types of MAT-file data elements.
const (
	miINT8       = 1
	miUINT8      = 2
	miINT16      = 3
	miUINT16     = 4
	miINT32      = 5
	miUINT32     = 6
	miSINGLE     = 7
	miDOUBLE     = 9
	miINT64      = 12
	miUINT64     = 13
	miMATRIX     = 14
	miCOMPRESSED = 15
	miUTF8       = 16
)

// Numeric array classes of miMATRIX elements run from mxDOUBLE to
// mxUINT64; the flags sit in the byte above the class.
const (
	mxDOUBLE = 6
	mxUINT64 = 15

	flagComplex = 0x08
	flagLogical = 0x02
)

// classNames names the numeric classes mxDOUBLE (6) to mxUINT64 (15).
var classNames = [...]string{"double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}

// Var is one real numeric 2-D variable of a MAT-file.
type Var struct {
	// Name is the variable's name.
	Name string
	// Rows and Cols are its dimensions.
	Rows, Cols int
	// Data holds the Rows×Cols values in column-major order, as MATLAB
	// stores them: element (i, j) is Data[i+j*Rows].
	Data []float64
	// Class is the MATLAB class: "double", "single", "int8", "uint8",
	// "int16", "uint16", "int32", "uint32", "int64", "uint64" or
	// "logical".
	Class string
}

// Dense returns v as a new Rows×Cols matrix that does not share v.Data.
// It returns the zero value, an empty matrix, when v has no elements, and
// panics with mat.ErrShape if len(v.Data) != v.Rows*v.Cols.
func (v *Var) Dense() *mat.Dense {
	if v.Rows < 0 || v.Cols < 0 || len(v.Data) != v.Rows*v.Cols {
		panic(mat.ErrShape)
	}
	if len(v.Data) == 0 {
		return &mat.Dense{}
	}
	// Column-major r×c data are the row-major data of the c×r transpose.
	d := mat.NewDense(v.Rows, v.Cols, nil)
	d.Copy(mat.NewDense(v.Cols, v.Rows, v.Data).T())
	return d
}

// Read returns the real numeric 2-D variables of the Level 5 MAT-file read
// from r, in file order. It reads both byte orders and both compressed
// (MATLAB 7) and uncompressed (MATLAB 6) variables. Variables of other
// classes, complex variables and unnamed arrays are skipped; a numeric
// array with more than two non-trivial dimensions is an error. See the
// package documentation for the format and the limits.
func Read(r io.Reader) ([]Var, error) {
	d := &decoder{r: &countReader{r: bufio.NewReader(r)}}
	if err := d.header(); err != nil {
		return nil, err
	}
	var vars []Var
	for {
		v, err := d.element()
		if err == io.EOF {
			return vars, nil
		}
		if err != nil {
			return nil, err
		}
		if v != nil {
			vars = append(vars, *v)
		}
	}
}

// countReader counts the bytes read through it, for error messages.
type countReader struct {
	r   io.Reader
	off int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.off += int64(n)
	return n, err
}

// decoder holds the state of one Read.
type decoder struct {
	r     *countReader
	order binary.ByteOrder
	bytes int64 // float64 bytes of the variables decoded so far
}

// readError wraps an error of the underlying reader (or of zlib) met while
// decoding an element, so that the caller can tell a truncated element
// from malformed content.
type readError struct{ err error }

func (e readError) Error() string { return e.err.Error() }

var errNotMAT = errors.New("matfile: not a MAT-file (missing MATLAB 5.0 header)")

// header reads and checks the 128-byte file header.
func (d *decoder) header() error {
	var h [128]byte
	n, err := io.ReadFull(d.r, h[:])
	switch {
	case n == 0 && err == io.EOF:
		return errors.New("matfile: empty input")
	case err == io.ErrUnexpectedEOF:
		if n >= 6 && string(h[:6]) == "MATLAB" {
			return fmt.Errorf("matfile: truncated header (%d of 128 bytes)", n)
		}
		return errNotMAT
	case err != nil:
		return fmt.Errorf("matfile: %v", err)
	}
	if bytes.HasPrefix(h[:], []byte("MATLAB 7.3")) {
		return errors.New("matfile: MATLAB 7.3 MAT-files (HDF5) are not supported; save with -v7")
	}
	switch string(h[126:128]) {
	case "IM":
		d.order = binary.LittleEndian
	case "MI":
		d.order = binary.BigEndian
	default:
		return errNotMAT
	}
	if v := d.order.Uint16(h[124:126]); v != 0x0100 {
		return fmt.Errorf("matfile: unsupported MAT-file version %#04x (want 0x0100)", v)
	}
	return nil
}

// parseTag decodes the tag at the start of b, which holds at least 8
// bytes. It returns the data type, the byte count and, for a small data
// element, its data.
func (d *decoder) parseTag(b []byte) (typ, n uint32, small []byte, err error) {
	w := d.order.Uint32(b)
	if w>>16 != 0 {
		typ, n = w&0xffff, w>>16
		if n > 4 {
			return 0, 0, nil, fmt.Errorf("small data element declares %d bytes (at most 4)", n)
		}
		return typ, n, b[4 : 4+n], nil
	}
	return w, d.order.Uint32(b[4:]), nil, nil
}

// element reads the next top-level data element. It returns the variable
// it holds, nil for an element it skips, or io.EOF at the end of the file.
func (d *decoder) element() (*Var, error) {
	start := d.r.off
	var b [8]byte
	k, err := io.ReadFull(d.r, b[:])
	switch {
	case err == io.EOF:
		return nil, io.EOF
	case err == io.ErrUnexpectedEOF:
		if bytes.Count(b[:k], []byte{0}) == k {
			return nil, io.EOF // trailing padding
		}
		return nil, fmt.Errorf("matfile: truncated element tag at byte %d", start)
	case err != nil:
		return nil, fmt.Errorf("matfile: %v", err)
	}
	typ, n, small, err := d.parseTag(b[:])
	if err != nil {
		return nil, d.errAt(start, "", "%v", err)
	}
	if small != nil {
		return nil, nil // a small element is never a variable
	}
	body := &io.LimitedReader{R: d.r, N: int64(n)}
	var v *Var
	switch typ {
	case miMATRIX:
		v, err = d.matrix(body, n, start)
	case miCOMPRESSED:
		v, err = d.compressed(body, start)
	}
	var rerr readError
	if err != nil && !errors.As(err, &rerr) {
		return nil, err
	}
	// Skip what was not read: the rest of a skipped variable, or an
	// element of another type.
	if _, cerr := io.Copy(io.Discard, body); cerr != nil {
		return nil, fmt.Errorf("matfile: %v", cerr)
	}
	if body.N > 0 {
		return nil, fmt.Errorf("matfile: truncated element at byte %d (%d bytes declared, %d present)",
			start, n, int64(n)-body.N)
	}
	if typ != miCOMPRESSED {
		// Uncompressed elements are padded to 8 bytes (compressed ones
		// are not); a file may end without the padding of its last
		// element.
		if _, cerr := io.CopyN(io.Discard, d.r, int64(-n&7)); cerr != nil && cerr != io.EOF {
			return nil, fmt.Errorf("matfile: %v", cerr)
		}
	}
	if err != nil {
		// The element's bytes are all there: its compressed data are bad.
		if rerr.err == io.ErrUnexpectedEOF || rerr.err == io.EOF {
			return nil, d.errAt(start, "", "compressed data end early")
		}
		return nil, d.errAt(start, "", "%v", rerr.err)
	}
	return v, nil
}

// compressed decodes the variable inside the miCOMPRESSED element whose
// data are body and which starts at byte start.
func (d *decoder) compressed(body io.Reader, start int64) (*Var, error) {
	zr, err := zlib.NewReader(body)
	if err != nil {
		return nil, readError{err}
	}
	var b [8]byte
	if _, err := io.ReadFull(zr, b[:]); err != nil {
		return nil, readError{err}
	}
	typ, n, small, err := d.parseTag(b[:])
	if err != nil {
		return nil, d.errAt(start, "", "%v", err)
	}
	if small != nil || typ != miMATRIX {
		return nil, nil
	}
	v, err := d.matrix(zr, n, start)
	if err != nil || v == nil {
		return nil, err
	}
	// Read on to the end of the zlib stream, which verifies its checksum.
	// Data past the element, if any, are ignored.
	var one [1]byte
	if _, err := io.ReadFull(zr, one[:]); err != nil && err != io.EOF {
		return nil, readError{err}
	}
	return v, nil
}

// matrix decodes the content, n bytes read from r, of an miMATRIX element
// that starts (or whose compressed element starts) at byte start. It
// returns nil, nil for a variable it skips, leaving the rest of its data
// unread, and a readError if r fails or ends early.
func (d *decoder) matrix(r io.Reader, n uint32, start int64) (*Var, error) {
	if int64(n) > maxBytes {
		return nil, d.errAt(start, "", "array of %d bytes, above the limit of %d", n, maxBytes)
	}
	if n == 0 {
		return nil, nil // an empty miMATRIX: an empty cell's content
	}
	// The array flags come first and hold the class: read them alone, so
	// that a skipped variable is read (and decompressed) no further.
	var buf bytes.Buffer
	if _, err := io.CopyN(&buf, r, int64(min(n, 16))); err != nil {
		return nil, readError{err}
	}
	if buf.Len() < 8 {
		return nil, d.errAt(start, "", "array flags: truncated tag")
	}
	typ, flags, p, err := d.sub(buf.Bytes(), 0)
	if err != nil {
		return nil, d.errAt(start, "", "array flags: %v", err)
	}
	if typ != miUINT32 || len(flags) < 4 {
		return nil, d.errAt(start, "", "array flags are not an miUINT32 element")
	}
	w := d.order.Uint32(flags)
	class, fl := w&0xff, w>>8&0xff
	if class < mxDOUBLE || class > mxUINT64 || fl&flagComplex != 0 {
		return nil, nil // not a real numeric array: skip
	}

	if _, err := io.CopyN(&buf, r, int64(n)-int64(buf.Len())); err != nil {
		return nil, readError{err}
	}
	b := buf.Bytes()

	typ, dimb, p, err := d.sub(b, p)
	if err != nil {
		return nil, d.errAt(start, "", "dimensions: %v", err)
	}
	if typ != miINT32 || len(dimb)%4 != 0 || len(dimb) < 8 {
		return nil, d.errAt(start, "", "dimensions are not an miINT32 element of at least two values")
	}
	dims := make([]int64, len(dimb)/4)
	for i := range dims {
		dims[i] = int64(int32(d.order.Uint32(dimb[4*i:])))
		if dims[i] < 0 {
			return nil, d.errAt(start, "", "negative dimension %d", dims[i])
		}
	}

	typ, nameb, p, err := d.sub(b, p)
	if err != nil {
		return nil, d.errAt(start, "", "array name: %v", err)
	}
	if typ != miINT8 && typ != miUINT8 && typ != miUTF8 {
		return nil, d.errAt(start, "", "array name has data type %d, want miINT8 (1)", typ)
	}
	name := string(nameb)
	if name == "" {
		return nil, nil // unnamed: MATLAB's subsystem data
	}

	for _, k := range dims[2:] {
		if k != 1 {
			s := make([]string, len(dims))
			for i, k := range dims {
				s[i] = strconv.FormatInt(k, 10)
			}
			return nil, d.errAt(start, name, "%d-D array (%s); only 2-D matrices are supported",
				len(dims), strings.Join(s, "x"))
		}
	}
	rows, cols := dims[0], dims[1]
	count := rows * cols // both below 2³¹: no overflow

	var data []byte
	typ = miDOUBLE
	if p < len(b) {
		typ, data, _, err = d.sub(b, p)
		if err != nil {
			return nil, d.errAt(start, name, "real part: %v", err)
		}
	} else if count > 0 {
		return nil, d.errAt(start, name, "missing real part")
	}
	if count > (maxBytes-d.bytes)/8 {
		return nil, d.errAt(start, name, "%dx%d values bring the data read to more than %d bytes",
			rows, cols, maxBytes)
	}
	size := typeSize(typ)
	if size == 0 {
		return nil, d.errAt(start, name, "real part has unsupported data type %d", typ)
	}
	if len(data)%size != 0 || int64(len(data)/size) != count {
		return nil, d.errAt(start, name, "real part holds %d bytes of data type %d, want %d values (%dx%d)",
			len(data), typ, count, rows, cols)
	}

	v := &Var{Name: name, Rows: int(rows), Cols: int(cols), Data: make([]float64, count), Class: classNames[class-mxDOUBLE]}
	if fl&flagLogical != 0 {
		v.Class = "logical"
	}
	d.convert(v.Data, data, typ)
	d.bytes += 8 * count
	return v, nil
}

// errAt returns an error about the variable name (unknown when empty) of
// the element that starts at byte start.
func (d *decoder) errAt(start int64, name, format string, args ...any) error {
	if name == "" {
		return fmt.Errorf("matfile: element at byte %d: "+format, append([]any{start}, args...)...)
	}
	return fmt.Errorf("matfile: variable %q (element at byte %d): "+format, append([]any{name, start}, args...)...)
}

// sub decodes the subelement of an miMATRIX that starts at b[p:]. It
// returns its data type, its data and the position of the next subelement.
func (d *decoder) sub(b []byte, p int) (typ uint32, data []byte, next int, err error) {
	if len(b)-p < 8 {
		if p == len(b) {
			return 0, nil, 0, errors.New("missing")
		}
		return 0, nil, 0, errors.New("truncated tag")
	}
	typ, n, small, err := d.parseTag(b[p:])
	if err != nil {
		return 0, nil, 0, err
	}
	if small != nil {
		return typ, small, p + 8, nil
	}
	if int64(n) > int64(len(b)-p-8) {
		return 0, nil, 0, fmt.Errorf("declares %d bytes, %d present", n, len(b)-p-8)
	}
	end := p + 8 + int(n)
	// The data are padded to 8 bytes; tolerate a missing final padding.
	return typ, b[p+8 : end], min(end+int(-n&7), len(b)), nil
}

// typeSize returns the size in bytes of the numeric data type typ, or 0.
func typeSize(typ uint32) int {
	switch typ {
	case miINT8, miUINT8:
		return 1
	case miINT16, miUINT16:
		return 2
	case miINT32, miUINT32, miSINGLE:
		return 4
	case miDOUBLE, miINT64, miUINT64:
		return 8
	}
	return 0
}

// convert decodes the values b of numeric data type typ into dst.
func (d *decoder) convert(dst []float64, b []byte, typ uint32) {
	o := d.order
	for i := range dst {
		switch typ {
		case miINT8:
			dst[i] = float64(int8(b[i]))
		case miUINT8:
			dst[i] = float64(b[i])
		case miINT16:
			dst[i] = float64(int16(o.Uint16(b[2*i:])))
		case miUINT16:
			dst[i] = float64(o.Uint16(b[2*i:]))
		case miINT32:
			dst[i] = float64(int32(o.Uint32(b[4*i:])))
		case miUINT32:
			dst[i] = float64(o.Uint32(b[4*i:]))
		case miSINGLE:
			dst[i] = float64(math.Float32frombits(o.Uint32(b[4*i:])))
		case miDOUBLE:
			dst[i] = math.Float64frombits(o.Uint64(b[8*i:]))
		case miINT64:
			dst[i] = float64(int64(o.Uint64(b[8*i:])))
		case miUINT64:
			dst[i] = float64(o.Uint64(b[8*i:]))
		}
	}
}
