package cli

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// The NumPy .npy format (numpy.lib.format, version 1.0): the magic
// "\x93NUMPY", the version bytes 1 0, a little-endian uint16 header
// length, and a header that is a Python dict literal naming the data type
// (descr), the order and the shape, padded with spaces and a newline so
// that the data start at a multiple of 64 bytes; then the data.

// writeNpyHeader writes the preamble and header of an array of data type
// descr (as '<f8') and shape (a Python tuple, as "(3, 4)").
func writeNpyHeader(w io.Writer, descr, shape string) error {
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': %s, }", descr, shape)
	// Magic (6) + version (2) + length (2) + header + newline, padded to
	// a multiple of 64 bytes.
	for (10+len(header)+1)%64 != 0 {
		header += " "
	}
	header += "\n"
	b := append([]byte("\x93NUMPY\x01\x00"), 0, 0)
	binary.LittleEndian.PutUint16(b[8:], uint16(len(header)))
	_, err := w.Write(append(b, header...))
	return err
}

// writeNpy writes m as a .npy array of little-endian float64, C order.
func writeNpy(w io.Writer, m mat.Matrix) error {
	r, c := m.Dims()
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := writeNpyHeader(bw, "<f8", fmt.Sprintf("(%d, %d)", r, c)); err != nil {
		return err
	}
	var x [8]byte
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			binary.LittleEndian.PutUint64(x[:], math.Float64bits(m.At(i, j)))
			if _, err := bw.Write(x[:]); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// WriteNpyFile writes m to a new .npy file at path.
func WriteNpyFile(path string, m mat.Matrix) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeNpy(f, m); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// ReadNpyFile reads the 2-d numeric .npy array at path (readNpy).
func ReadNpyFile(path string) (*mat.Dense, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	m, err := readNpy(br)
	if err == nil {
		if _, extra := br.ReadByte(); extra == nil {
			err = errors.New("bytes follow the array's data")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return m, nil
}

var (
	npyDescr   = regexp.MustCompile(`'descr':\s*'([^']*)'`)
	npyShape   = regexp.MustCompile(`'shape':\s*\(([^)]*)\)`)
	npyFortran = regexp.MustCompile(`'fortran_order':\s*(True|False)`)
)

// maxNpyValues bounds the arrays readNpy reads: 2³¹ values, 16 GiB.
const maxNpyValues = 1 << 31

// readNpy reads a 2-d .npy array (versions 1 to 3) of a real numeric type
// stored little-endian or as single bytes (float64, float32, signed and
// unsigned integers of 1 to 8 bytes, bool), in C or Fortran order, as
// float64.
func readNpy(r io.Reader) (*mat.Dense, error) {
	descr, shape, fortran, err := readNpyHeader(r)
	if err != nil {
		return nil, err
	}
	if len(shape) != 2 {
		return nil, fmt.Errorf("want a 2-d array, have shape %v", shape)
	}
	rows, cols := shape[0], shape[1]
	size, decode := npyDecoder(descr)
	if decode == nil {
		return nil, fmt.Errorf("data type %q is not a real number type (want '<f8', '<f4', '<i8', ..., '|u1')", descr)
	}
	if rows == 0 || cols == 0 {
		return nil, fmt.Errorf("the array is empty (shape (%d, %d))", rows, cols)
	}
	if rows > maxNpyValues/cols {
		return nil, fmt.Errorf("the array (%d, %d) is too large", rows, cols)
	}
	m := mat.NewDense(rows, cols, nil)
	data := m.RawMatrix().Data
	buf := make([]byte, size*cols)
	if fortran {
		buf = make([]byte, size*rows)
	}
	for k := 0; k < len(data); k += len(buf) / size {
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, fmt.Errorf("the data end after %d of %d values", k, len(data))
		}
		for t := 0; t < len(buf)/size; t++ {
			v := decode(buf[t*size:])
			if fortran {
				j := k / rows
				data[t*cols+j] = v
			} else {
				data[k+t] = v
			}
		}
	}
	return m, nil
}

// readNpyHeader reads the preamble and header of a .npy array: its data
// type, shape and order.
func readNpyHeader(r io.Reader) (descr string, shape []int, fortran bool, err error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil || string(pre[:6]) != "\x93NUMPY" {
		return "", nil, false, errors.New("not a .npy file (no \\x93NUMPY magic)")
	}
	var hlen int
	switch pre[6] {
	case 1:
		var b [2]byte
		_, err = io.ReadFull(r, b[:])
		hlen = int(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		_, err = io.ReadFull(r, b[:])
		hlen = int(binary.LittleEndian.Uint32(b[:]))
	default:
		return "", nil, false, fmt.Errorf("unknown .npy version %d", pre[6])
	}
	if err != nil || hlen > 1<<20 {
		return "", nil, false, errors.New("truncated or oversized .npy header")
	}
	hb := make([]byte, hlen)
	if _, err := io.ReadFull(r, hb); err != nil {
		return "", nil, false, errors.New("truncated .npy header")
	}
	header := string(hb)
	d, s, f := npyDescr.FindStringSubmatch(header), npyShape.FindStringSubmatch(header), npyFortran.FindStringSubmatch(header)
	if d == nil || s == nil || f == nil {
		return "", nil, false, fmt.Errorf("unreadable .npy header %q", Excerpt(header))
	}
	for _, t := range strings.Split(s[1], ",") {
		if t = strings.TrimSpace(t); t == "" {
			continue
		}
		v, err := strconv.Atoi(t)
		if err != nil || v < 0 {
			return "", nil, false, fmt.Errorf("bad shape (%s) in the .npy header", Excerpt(s[1]))
		}
		shape = append(shape, v)
	}
	return d[1], shape, f[1] == "True", nil
}

// npyDecoder returns the size of a value of the .npy data type descr and
// a function that reads one as float64; nil for a type it does not read.
func npyDecoder(descr string) (int, func([]byte) float64) {
	le := binary.LittleEndian
	switch descr {
	case "<f8":
		return 8, func(b []byte) float64 { return math.Float64frombits(le.Uint64(b)) }
	case "<f4":
		return 4, func(b []byte) float64 { return float64(math.Float32frombits(le.Uint32(b))) }
	case "<i8":
		return 8, func(b []byte) float64 { return float64(int64(le.Uint64(b))) }
	case "<u8":
		return 8, func(b []byte) float64 { return float64(le.Uint64(b)) }
	case "<i4":
		return 4, func(b []byte) float64 { return float64(int32(le.Uint32(b))) }
	case "<u4":
		return 4, func(b []byte) float64 { return float64(le.Uint32(b)) }
	case "<i2":
		return 2, func(b []byte) float64 { return float64(int16(le.Uint16(b))) }
	case "<u2":
		return 2, func(b []byte) float64 { return float64(le.Uint16(b)) }
	case "|i1":
		return 1, func(b []byte) float64 { return float64(int8(b[0])) }
	case "|u1", "|b1":
		return 1, func(b []byte) float64 { return float64(b[0]) }
	}
	return 0, nil
}
