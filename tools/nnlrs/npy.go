package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// writeNpy writes m as a NumPy .npy file (version 1.0, little-endian
// float64, C order).
func writeNpy(path string, m mat.Matrix) error {
	r, c := m.Dims()
	header := fmt.Sprintf("{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }", r, c)
	// Magic (6) + version (2) + length (2) + header + newline, padded to
	// a multiple of 64 bytes.
	for (10+len(header)+1)%64 != 0 {
		header += " "
	}
	header += "\n"
	buf := make([]byte, 0, 10+len(header)+8*r*c)
	buf = append(buf, "\x93NUMPY\x01\x00"...)
	buf = binary.LittleEndian.AppendUint16(buf, uint16(len(header)))
	buf = append(buf, header...)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(m.At(i, j)))
		}
	}
	return os.WriteFile(path, buf, 0o644)
}

var npyShape = regexp.MustCompile(`'shape':\s*\((\d+),\s*(\d*)\)`)

// readNpy reads a 2-d little-endian float64 .npy file in C or Fortran
// order.
func readNpy(path string) (*mat.Dense, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < 10 || string(b[:6]) != "\x93NUMPY" {
		return nil, fmt.Errorf("%s: not a .npy file", path)
	}
	var hlen, off int
	switch b[6] {
	case 1:
		hlen, off = int(binary.LittleEndian.Uint16(b[8:10])), 10
	case 2, 3:
		if len(b) < 12 {
			return nil, fmt.Errorf("%s: truncated", path)
		}
		hlen, off = int(binary.LittleEndian.Uint32(b[8:12])), 12
	default:
		return nil, fmt.Errorf("%s: unknown .npy version %d", path, b[6])
	}
	if len(b) < off+hlen {
		return nil, fmt.Errorf("%s: truncated header", path)
	}
	header := string(b[off : off+hlen])
	if !strings.Contains(header, "'<f8'") {
		return nil, fmt.Errorf("%s: want little-endian float64, header %s", path, header)
	}
	sm := npyShape.FindStringSubmatch(header)
	if sm == nil || sm[2] == "" {
		return nil, fmt.Errorf("%s: want a 2-d array, header %s", path, header)
	}
	r, _ := strconv.Atoi(sm[1])
	c, _ := strconv.Atoi(sm[2])
	data := b[off+hlen:]
	if r <= 0 || c <= 0 || len(data) != 8*r*c {
		return nil, fmt.Errorf("%s: %d bytes of data for shape (%d, %d)", path, len(data), r, c)
	}
	fortran := strings.Contains(header, "'fortran_order': True")
	m := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			k := i*c + j
			if fortran {
				k = j*r + i
			}
			m.Set(i, j, math.Float64frombits(binary.LittleEndian.Uint64(data[8*k:])))
		}
	}
	return m, nil
}
