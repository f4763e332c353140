package dataset

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/matfile"
)

// Load reads a data set from the file at path: a MAT-file if the file
// starts with "MATLAB" (the text of every MAT-file header), as LoadMAT, and
// CSV otherwise, as LoadCSV. The set is named after the file, without its
// extension. Errors name the file.
func Load(path string) (*Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errorf("%w", err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	head, err := r.Peek(len("MATLAB"))
	if len(head) == 0 {
		if err == io.EOF {
			return nil, errorf("%s is empty", path)
		}
		return nil, errorf("%s: %w", path, err)
	}
	var s *Set
	if bytes.Equal(head, []byte("MATLAB")) {
		s, err = loadMAT(r)
	} else {
		s, err = loadCSV(r)
	}
	if err != nil {
		return nil, errorf("%s: %w", path, err)
	}
	s.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return s, nil
}

// LoadMAT reads a data set from a MATLAB Level 5 MAT-file in the layout of
// Deng Cai's collections, where the paper's data sets come from (Zhuang et
// al., Section V-A): the variable fea holds one sample per row (n×d) and the
// optional variable gnd the n class labels, as an n×1 or 1×n array of
// integers. X is fea transposed. When d is a perfect square s² with s ≥ 4,
// the samples are taken for s×s images (USPS 16×16, YaleB and PIE 32×32)
// and ImageW = ImageH = s. The set has no name.
//
// LoadMAT returns an error if the file does not read (see matfile.Read), has
// no numeric variable fea, fea is empty or has NaN or infinite values, or
// gnd has the wrong number of entries or a value that is not an integer.
func LoadMAT(r io.Reader) (*Set, error) {
	s, err := loadMAT(r)
	if err != nil {
		return nil, errorf("%w", err)
	}
	return s, nil
}

// loadMAT is LoadMAT with errors not yet prefixed.
func loadMAT(r io.Reader) (*Set, error) {
	vars, err := matfile.Read(r)
	if err != nil {
		return nil, err
	}
	var fea, gnd *matfile.Var
	var names []string
	for i := range vars {
		v := &vars[i]
		names = append(names, v.Name)
		switch {
		case v.Name == "fea" && fea == nil:
			fea = v
		case v.Name == "gnd" && gnd == nil:
			gnd = v
		}
	}
	if fea == nil {
		if len(names) == 0 {
			return nil, fmt.Errorf("MAT-file has no variable fea (nor any other numeric matrix)")
		}
		return nil, fmt.Errorf("MAT-file has no variable fea (its numeric matrices: %s)", strings.Join(names, ", "))
	}
	n, d := fea.Rows, fea.Cols
	if n == 0 || d == 0 {
		return nil, fmt.Errorf("variable fea is empty (%dx%d)", n, d)
	}
	for k, v := range fea.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			// Column-major: k = i + j*n. MATLAB counts from 1.
			return nil, fmt.Errorf("fea(%d,%d) is %v; values must be finite", k%n+1, k/n+1, v)
		}
	}
	// The column-major n×d data of fea are the row-major data of its d×n
	// transpose: X shares them without a copy.
	s := &Set{X: mat.NewDense(d, n, fea.Data)}
	if gnd != nil {
		if gnd.Rows*gnd.Cols != n || (gnd.Rows != 1 && gnd.Cols != 1) {
			return nil, fmt.Errorf("gnd is %dx%d, want %dx1: one label per sample (row) of fea", gnd.Rows, gnd.Cols, n)
		}
		s.Labels = make([]int, n)
		for i, v := range gnd.Data {
			if v != math.Trunc(v) || math.Abs(v) > 1<<31 {
				return nil, fmt.Errorf("gnd(%d) is %v, not an integer label", i+1, v)
			}
			s.Labels[i] = int(v)
		}
	}
	if side := int(math.Sqrt(float64(d))); side >= 4 && side*side == d {
		s.ImageW, s.ImageH = side, side
	}
	return s, nil
}
