package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/matfile"
)

// The matrices the commands read and write are files whose extension
// names their format:
//
//	.csv  one row per line, comma-separated (writeMatrix)
//	.npy  NumPy's array format, float64 (numpy.load)
//	.mat  a MATLAB Level 5 MAT-file, one double variable (load, scipy.io.loadmat)
//	.npz  SciPy's sparse matrix in the CSR format (scipy.sparse.load_npz)
var MatrixExts = []string{".csv", ".npy", ".mat", ".npz"}

// matrixExt returns the extension of path in lower case.
func matrixExt(path string) string { return strings.ToLower(filepath.Ext(path)) }

// CheckMatrixExt refuses a matrix file of flag whose extension names no
// format, in one line saying which do.
func CheckMatrixExt(flag, path string) error {
	if path == "" || slices.Contains(MatrixExts, matrixExt(path)) {
		return nil
	}
	ext := matrixExt(path)
	if ext == "" {
		return Usagef("%s %s has no extension; name the file .csv, .npy, .mat or .npz, which chooses its format", flag, path)
	}
	return Usagef("%s %s: unknown extension %s; name the file .csv, .npy, .mat or .npz, which chooses its format", flag, path, Excerpt(ext))
}

// WriteMatrixFile writes m to w in the format of path's extension;
// name is the variable of a .mat file.
func WriteMatrixFile(w io.Writer, path, name string, m mat.Matrix) error {
	switch matrixExt(path) {
	case ".npy":
		return writeNpy(w, m)
	case ".mat":
		r, c := m.Dims()
		v := matfile.Var{Name: name, Rows: r, Cols: c, Data: make([]float64, r*c)}
		for j := 0; j < c; j++ {
			for i := 0; i < r; i++ {
				v.Data[i+j*r] = m.At(i, j)
			}
		}
		return matfile.Write(w, v)
	case ".npz":
		return WriteCSRNpz(w, m)
	}
	return WriteMatrix(w, m)
}

// ReadMatrixFile reads the matrix file at path in the format of its
// extension, csv reading a .csv file; name is the variable of a .mat
// file, or its only variable. The errors name the file.
func ReadMatrixFile(path, name string, csv func(io.Reader) (*mat.Dense, error)) (*mat.Dense, error) {
	switch matrixExt(path) {
	case ".npy":
		return ReadNpyFile(path)
	case ".npz":
		return readSparseNpz(path)
	case ".mat":
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		vars, err := matfile.Read(bufio.NewReader(f))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		var names []string
		for _, v := range vars {
			if v.Name == name {
				return v.Dense(), nil
			}
			names = append(names, v.Name)
		}
		if len(vars) == 1 {
			return vars[0].Dense(), nil
		}
		return nil, fmt.Errorf("%s holds no variable %s and not one numeric matrix alone (its variables: %s)", path, name, Excerpt(strings.Join(names, ", ")))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := csv(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return m, nil
}
