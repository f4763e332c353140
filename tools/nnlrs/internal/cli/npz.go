package cli

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// SciPy's sparse matrix file (scipy.sparse.save_npz, read by
// scipy.sparse.load_npz): a NumPy .npz archive, a zip of .npy arrays,
// here compressed as save_npz does by default, holding for the CSR
// format
//
//	format   the 0-d bytes array b'csr'
//	shape    int64 (rows, cols)
//	data     float64, the nonzero values row by row
//	indices  their columns
//	indptr   rows+1 offsets: row i's values are data[indptr[i]:indptr[i+1]]
//
// with indices and indptr int32 when they fit, as SciPy writes them.

// WriteCSRNpz writes the nonzero entries of m as a SciPy CSR .npz archive.
func WriteCSRNpz(w io.Writer, m mat.Matrix) error {
	r, c := m.Dims()
	var data []float64
	var indices []int64
	indptr := make([]int64, r+1)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if v := m.At(i, j); v != 0 {
				data = append(data, v)
				indices = append(indices, int64(j))
			}
		}
		indptr[i+1] = int64(len(data))
	}
	index := "<i4"
	if len(data) > math.MaxInt32 || c > math.MaxInt32 {
		index = "<i8"
	}
	z := zip.NewWriter(w)
	member := func(name, descr, shape string, write func(io.Writer) error) error {
		f, err := z.CreateHeader(&zip.FileHeader{Name: name + ".npy", Method: zip.Deflate})
		if err != nil {
			return err
		}
		bw := bufio.NewWriterSize(f, 1<<16)
		if err := writeNpyHeader(bw, descr, shape); err != nil {
			return err
		}
		if err := write(bw); err != nil {
			return err
		}
		return bw.Flush()
	}
	ints := func(v []int64, descr string) func(io.Writer) error {
		return func(w io.Writer) error {
			var b [8]byte
			for _, x := range v {
				if descr == "<i4" {
					binary.LittleEndian.PutUint32(b[:], uint32(int32(x)))
					if _, err := w.Write(b[:4]); err != nil {
						return err
					}
					continue
				}
				binary.LittleEndian.PutUint64(b[:], uint64(x))
				if _, err := w.Write(b[:]); err != nil {
					return err
				}
			}
			return nil
		}
	}
	err := member("indices", index, fmt.Sprintf("(%d,)", len(indices)), ints(indices, index))
	if err == nil {
		err = member("indptr", index, fmt.Sprintf("(%d,)", len(indptr)), ints(indptr, index))
	}
	if err == nil {
		err = member("format", "|S3", "()", func(w io.Writer) error { _, err := io.WriteString(w, "csr"); return err })
	}
	if err == nil {
		err = member("shape", "<i8", "(2,)", ints([]int64{int64(r), int64(c)}, "<i8"))
	}
	if err == nil {
		err = member("data", "<f8", fmt.Sprintf("(%d,)", len(data)), func(w io.Writer) error {
			var b [8]byte
			for _, v := range data {
				binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
				if _, err := w.Write(b[:]); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err != nil {
		return err
	}
	return z.Close()
}

// readSparseNpz reads a SciPy sparse matrix .npz archive at path in the
// CSR or CSC format (duplicate entries are summed, as SciPy does) as a
// dense matrix.
func readSparseNpz(path string) (*mat.Dense, error) {
	z, err := zip.OpenReader(path)
	if err != nil {
		return nil, fmt.Errorf("%s: not a .npz archive (%v)", path, err)
	}
	defer z.Close()
	arrays := map[string]*zip.File{}
	for _, f := range z.File {
		arrays[strings.TrimSuffix(f.Name, ".npy")] = f
	}
	for _, name := range []string{"format", "shape", "data", "indices", "indptr"} {
		if arrays[name] == nil {
			return nil, fmt.Errorf("%s: not a SciPy sparse matrix archive (scipy.sparse.save_npz): no %s array", path, name)
		}
	}
	read := func(name string) (descr string, values []float64, raw []byte, err error) {
		f, err := arrays[name].Open()
		if err != nil {
			return "", nil, nil, err
		}
		defer f.Close()
		descr, shape, _, err := readNpyHeader(f)
		if err != nil {
			return "", nil, nil, fmt.Errorf("array %s: %v", name, err)
		}
		if len(shape) == 0 { // a 0-d array: the format's bytes
			raw, err = io.ReadAll(io.LimitReader(f, 64))
			return descr, nil, raw, err
		}
		if len(shape) != 1 || shape[0] > maxNpyValues {
			return "", nil, nil, fmt.Errorf("array %s has shape %v, want a vector", name, shape)
		}
		size, decode := npyDecoder(descr)
		if decode == nil {
			return "", nil, nil, fmt.Errorf("array %s has data type %q", name, descr)
		}
		br := bufio.NewReader(f)
		values = make([]float64, shape[0])
		b := make([]byte, size)
		for i := range values {
			if _, err := io.ReadFull(br, b); err != nil {
				return "", nil, nil, fmt.Errorf("array %s ends after %d of %d values", name, i, len(values))
			}
			values[i] = decode(b)
		}
		return descr, values, nil, nil
	}
	fail := func(err error) (*mat.Dense, error) { return nil, fmt.Errorf("%s: %v", path, err) }
	descr, _, raw, err := read("format")
	if err != nil {
		return fail(err)
	}
	format := strings.TrimRight(string(raw), "\x00")
	if strings.HasPrefix(descr, "<U") { // a str array: UTF-32
		format = strings.ReplaceAll(format, "\x00", "")
	}
	if format != "csr" && format != "csc" {
		return fail(fmt.Errorf("sparse format %q; want csr or csc", format))
	}
	_, shape, _, err := read("shape")
	if err != nil {
		return fail(err)
	}
	_, data, _, err := read("data")
	if err != nil {
		return fail(err)
	}
	_, indices, _, err := read("indices")
	if err != nil {
		return fail(err)
	}
	_, indptr, _, err := read("indptr")
	if err != nil {
		return fail(err)
	}
	if len(shape) != 2 || shape[0] < 1 || shape[1] < 1 || shape[0] > maxNpyValues/shape[1] {
		return fail(fmt.Errorf("bad shape %v", shape))
	}
	rows, cols := int(shape[0]), int(shape[1])
	major, minor := rows, cols
	if format == "csc" {
		major, minor = cols, rows
	}
	if len(indptr) != major+1 || len(indices) != len(data) || indptr[0] != 0 || int(indptr[major]) != len(data) {
		return fail(errors.New("indptr, indices and data do not agree"))
	}
	m := mat.NewDense(rows, cols, nil)
	for a := 0; a < major; a++ {
		lo, hi := int(indptr[a]), int(indptr[a+1])
		if lo > hi || hi > len(data) {
			return fail(fmt.Errorf("indptr decreases at %d", a))
		}
		for k := lo; k < hi; k++ {
			b := int(indices[k])
			if b < 0 || b >= minor || float64(b) != indices[k] {
				return fail(fmt.Errorf("index %v out of range [0, %d)", indices[k], minor))
			}
			i, j := a, b
			if format == "csc" {
				i, j = b, a
			}
			m.Set(i, j, m.At(i, j)+data[k])
		}
	}
	return m, nil
}
