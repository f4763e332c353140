package dataset

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// matVar is a double matrix to write into a test MAT-file.
type matVar struct {
	name       string
	rows, cols int
	data       []float64 // column-major
}

// matFile returns a little-endian Level 5 MAT-file holding vars as
// compressed double matrices, the way MATLAB 7 writes them. The package
// matfile has the thorough tests of the format; this is just enough to
// feed LoadMAT.
func matFile(vars ...matVar) []byte {
	le := binary.LittleEndian
	elem := func(typ uint32, data []byte) []byte {
		b := le.AppendUint32(nil, typ)
		b = le.AppendUint32(b, uint32(len(data)))
		b = append(b, data...)
		return append(b, make([]byte, -len(data)&7)...)
	}
	out := make([]byte, 128)
	copy(out, "MATLAB 5.0 MAT-file, written by the dataset tests")
	le.PutUint16(out[124:], 0x0100)
	copy(out[126:], "IM")
	for _, v := range vars {
		var m []byte
		m = append(m, elem(6, le.AppendUint32(le.AppendUint32(nil, 6), 0))...) // array flags: double
		m = append(m, elem(5, le.AppendUint32(le.AppendUint32(nil, uint32(v.rows)), uint32(v.cols)))...)
		m = append(m, elem(1, []byte(v.name))...)
		var data []byte
		for _, x := range v.data {
			data = le.AppendUint64(data, math.Float64bits(x))
		}
		m = append(m, elem(9, data)...)
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(elem(14, m))
		zw.Close()
		out = append(out, elem(15, z.Bytes())[:8+z.Len()]...) // compressed elements are not padded
	}
	return out
}

func TestLoadMAT(t *testing.T) {
	// Three samples of dimension 16 (4×4 images): fea is 3×16, sample i
	// has features i+1, i+11, i+21, ...
	n, d := 3, 16
	fea := make([]float64, n*d)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			fea[i+j*n] = float64(i + 1 + 10*j)
		}
	}
	other := matVar{"info", 1, 2, []float64{7, 8}}
	s, err := LoadMAT(bytes.NewReader(matFile(other, matVar{"fea", n, d, fea}, matVar{"gnd", n, 1, []float64{2, 1, 2}})))
	if err != nil {
		t.Fatal(err)
	}
	if r, c := s.X.Dims(); r != d || c != n {
		t.Fatalf("X is %dx%d, want %dx%d", r, c, d, n)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			if got, want := s.X.At(j, i), float64(i+1+10*j); got != want {
				t.Errorf("X(%d,%d) = %v, want %v", j, i, got, want)
			}
		}
	}
	if !slices.Equal(s.Labels, []int{2, 1, 2}) {
		t.Errorf("labels %v, want [2 1 2]", s.Labels)
	}
	if s.ImageW != 4 || s.ImageH != 4 {
		t.Errorf("image %dx%d, want 4x4", s.ImageW, s.ImageH)
	}

	// gnd may be a row, and may be absent; d = 15 is no image.
	s, err = LoadMAT(bytes.NewReader(matFile(matVar{"fea", 1, 15, make([]float64, 15)}, matVar{"gnd", 1, 1, []float64{-3}})))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Labels, []int{-3}) || s.ImageW != 0 {
		t.Errorf("got labels %v, image width %d; want [-3], 0", s.Labels, s.ImageW)
	}
	s, err = LoadMAT(bytes.NewReader(matFile(matVar{"gnd", 1, 2, []float64{1, 2}}, matVar{"fea", 2, 1, []float64{5, 6}})))
	if err != nil {
		t.Fatal(err)
	}
	if s.X.At(0, 1) != 6 || !slices.Equal(s.Labels, []int{1, 2}) {
		t.Errorf("got X %v, labels %v", s.X.RawMatrix().Data, s.Labels)
	}
	s, err = LoadMAT(bytes.NewReader(matFile(matVar{"fea", 2, 1, []float64{5, 6}})))
	if err != nil || s.Labels != nil {
		t.Errorf("without gnd: labels %v, error %v", s.Labels, err)
	}
}

func TestLoadMATErrors(t *testing.T) {
	fea := matVar{"fea", 2, 2, []float64{1, 2, 3, 4}}
	for _, test := range []struct {
		name string
		in   []byte
		want string
	}{
		{"not MAT", []byte("1,2\n"), "dataset: matfile: not a MAT-file (missing MATLAB 5.0 header)"},
		{"no variables", matFile(), "dataset: MAT-file has no variable fea (nor any other numeric matrix)"},
		{"no fea", matFile(matVar{"X", 1, 1, []float64{1}}, matVar{"y", 1, 1, []float64{1}}), "dataset: MAT-file has no variable fea (its numeric matrices: X, y)"},
		{"empty fea", matFile(matVar{"fea", 0, 3, nil}), "dataset: variable fea is empty (0x3)"},
		{"NaN", matFile(matVar{"fea", 2, 2, []float64{1, 2, 3, math.NaN()}}), "dataset: fea(2,2) is NaN; values must be finite"},
		{"Inf", matFile(matVar{"fea", 2, 2, []float64{1, math.Inf(-1), 3, 4}}), "dataset: fea(2,1) is -Inf; values must be finite"},
		{"gnd length", matFile(fea, matVar{"gnd", 3, 1, []float64{1, 2, 3}}), "dataset: gnd is 3x1, want 2x1: one label per sample (row) of fea"},
		{"gnd matrix", matFile(matVar{"fea", 4, 1, []float64{1, 2, 3, 4}}, matVar{"gnd", 2, 2, []float64{1, 2, 3, 4}}), "dataset: gnd is 2x2, want 4x1: one label per sample (row) of fea"},
		{"gnd fraction", matFile(fea, matVar{"gnd", 2, 1, []float64{1, 2.5}}), "dataset: gnd(2) is 2.5, not an integer label"},
		{"gnd NaN", matFile(fea, matVar{"gnd", 2, 1, []float64{math.NaN(), 1}}), "dataset: gnd(1) is NaN, not an integer label"},
		{"gnd huge", matFile(fea, matVar{"gnd", 2, 1, []float64{1, 1e300}}), "dataset: gnd(2) is 1e+300, not an integer label"},
	} {
		_, err := LoadMAT(bytes.NewReader(test.in))
		if err == nil || err.Error() != test.want {
			t.Errorf("%s: got error\n\t%v, want\n\t%s", test.name, err, test.want)
		}
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Sniffing goes by content, not by extension.
	csvPath := write("points.mat", []byte("1,2\n3,4\n5,6\n"))
	s, err := Load(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := s.X.Dims(); r != 2 || c != 3 || s.Name != "points" {
		t.Errorf("CSV: X is %dx%d named %q, want 2x3 named points", r, c, s.Name)
	}
	matPath := write("digits.bin", matFile(matVar{"fea", 1, 2, []float64{1, 2}}, matVar{"gnd", 1, 1, []float64{4}}))
	s, err = Load(matPath)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := s.X.Dims(); r != 2 || c != 1 || s.Name != "digits" || !slices.Equal(s.Labels, []int{4}) {
		t.Errorf("MAT: X is %dx%d named %q with labels %v", r, c, s.Name, s.Labels)
	}

	// The system's message differs between platforms (js/wasm capitalizes
	// it): check the error's kind.
	missing := filepath.Join(dir, "nothing.csv")
	if _, err := Load(missing); !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "dataset: open "+missing+": ") {
		t.Errorf("missing file: got error %v", err)
	}
	for _, test := range []struct {
		name, path, want string
	}{
		{"empty", write("empty.csv", nil), "dataset: " + filepath.Join(dir, "empty.csv") + " is empty"},
		{"bad CSV", write("bad.csv", []byte("1,2\n3\n")), "dataset: " + filepath.Join(dir, "bad.csv") + ": CSV line 2 has 1 fields, line 1 has 2"},
		{"bad MAT", write("bad.mat", []byte("MATLAB 5.0 MAT-file")), "dataset: " + filepath.Join(dir, "bad.mat") + ": matfile: truncated header (19 of 128 bytes)"},
	} {
		_, err := Load(test.path)
		if err == nil || err.Error() != test.want {
			t.Errorf("%s: got error\n\t%v, want\n\t%s", test.name, err, test.want)
		}
	}
}

// datasets is the shared data folder beside the project (see
// ../shared/datasets/README.md); tests that need it skip without it.
var datasets = filepath.Join("..", "..", "..", "shared", "datasets")

// TestLoadUSPS loads the real USPS file and applies the paper's protocol to
// it: digits 1-4, 200 samples each, unit norm (Section V-B).
func TestLoadUSPS(t *testing.T) {
	path := filepath.Join(datasets, "USPS.mat")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no USPS data: %v", err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if d, n := s.X.Dims(); d != 256 || n != 9298 || len(s.Labels) != n {
		t.Fatalf("X is %dx%d with %d labels, want 256x9298 with 9298", d, n, len(s.Labels))
	}
	if s.Name != "USPS" || s.ImageW != 16 || s.ImageH != 16 {
		t.Errorf("name %q, image %dx%d; want USPS, 16x16", s.Name, s.ImageW, s.ImageH)
	}
	if got, want := s.Classes(), []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}; !slices.Equal(got, want) {
		t.Errorf("classes %v, want %v", got, want)
	}
	for _, v := range s.X.RawMatrix().Data {
		if v < -1 || v > 1 {
			t.Fatalf("value %v outside [-1, 1]", v)
		}
	}
	sub, err := s.Subset([]int{1, 2, 3, 4}, 200, newRand())
	if err != nil {
		t.Fatal(err)
	}
	sub.NormalizeUnit()
	if d, n := sub.X.Dims(); d != 256 || n != 800 || sub.ImageW != 16 {
		t.Errorf("subset is %dx%d with image width %d, want 256x800, 16", d, n, sub.ImageW)
	}
	checkUnit(t, sub)
	// Digit 4 has 852 samples: asking for more fails.
	if _, err := s.Subset([]int{4}, 900, newRand()); err == nil || !strings.Contains(err.Error(), "class 4 has 852 samples") {
		t.Errorf("got error %v, want class 4 has 852 samples", err)
	}
}
