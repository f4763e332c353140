package matfile

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// Write writes vars as a Level 5 MAT-file (version 0x0100, little-endian,
// uncompressed: the layout of MATLAB's save -v6) that MATLAB's load,
// scipy.io.loadmat and Read read back: each variable a real double array
// (class double, data type miDOUBLE), Data in column-major order. Class is
// ignored. Names must be MATLAB names: a letter, then letters, digits and
// underscores, at most 63 in all. A variable may hold at most 2³²
// bytes of data (an element's byte count is 32 bits).
func Write(w io.Writer, vars ...Var) error {
	for _, v := range vars {
		if !validName(v.Name) {
			return fmt.Errorf("matfile: %q is not a MATLAB variable name", v.Name)
		}
		if v.Rows < 0 || v.Cols < 0 || len(v.Data) != v.Rows*v.Cols {
			return fmt.Errorf("matfile: variable %s has %d values for %dx%d", v.Name, len(v.Data), v.Rows, v.Cols)
		}
		if size := matrixBytes(v); size > math.MaxUint32 || v.Rows > math.MaxInt32 || v.Cols > math.MaxInt32 {
			return fmt.Errorf("matfile: variable %s (%dx%d) is too large for a Level 5 MAT-file", v.Name, v.Rows, v.Cols)
		}
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	le := binary.LittleEndian
	header := make([]byte, 128)
	for i := range header[:116] {
		header[i] = ' '
	}
	copy(header, "MATLAB 5.0 MAT-file, written by nnlrs/core/matfile")
	le.PutUint16(header[124:], 0x0100)
	copy(header[126:], "IM")
	bw.Write(header)
	var b []byte
	for _, v := range vars {
		name := padded(len(v.Name))
		b = b[:0]
		b = le.AppendUint32(b, miMATRIX)
		b = le.AppendUint32(b, uint32(matrixBytes(v)))
		// Array flags: class double, no flags; nzmax unused.
		b = le.AppendUint32(b, miUINT32)
		b = le.AppendUint32(b, 8)
		b = le.AppendUint32(b, mxDOUBLE)
		b = le.AppendUint32(b, 0)
		// Dimensions.
		b = le.AppendUint32(b, miINT32)
		b = le.AppendUint32(b, 8)
		b = le.AppendUint32(b, uint32(v.Rows))
		b = le.AppendUint32(b, uint32(v.Cols))
		// Name, padded to 8 bytes.
		b = le.AppendUint32(b, miINT8)
		b = le.AppendUint32(b, uint32(len(v.Name)))
		b = append(b, v.Name...)
		b = append(b, make([]byte, name-len(v.Name))...)
		// Real part: 8-byte values need no padding.
		b = le.AppendUint32(b, miDOUBLE)
		b = le.AppendUint32(b, uint32(8*len(v.Data)))
		if _, err := bw.Write(b); err != nil {
			return err
		}
		var x [8]byte
		for _, f := range v.Data {
			le.PutUint64(x[:], math.Float64bits(f))
			if _, err := bw.Write(x[:]); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// matrixBytes is the byte count of the miMATRIX element of v (after its
// tag): array flags, dimensions, the padded name and the real part, each
// with its 8-byte tag.
func matrixBytes(v Var) int64 {
	return 16 + 16 + 8 + int64(padded(len(v.Name))) + 8 + 8*int64(len(v.Data))
}

// padded rounds n up to a multiple of 8.
func padded(n int) int { return (n + 7) / 8 * 8 }

// validName reports whether s is a MATLAB variable name.
func validName(s string) bool {
	if s == "" || len(s) > 63 {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !letter && (i == 0 || !(r == '_' || r >= '0' && r <= '9')) {
			return false
		}
	}
	return true
}
