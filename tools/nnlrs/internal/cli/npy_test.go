package cli

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestNpyRoundTrip(t *testing.T) {
	dir := t.TempDir()
	m := mat.NewDense(3, 5, nil)
	for i := range m.RawMatrix().Data {
		m.RawMatrix().Data[i] = math.Sqrt(float64(i)) - 1.5
	}
	path := filepath.Join(dir, "m.npy")
	if err := WriteNpyFile(path, m); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if hl := 10 + int(b[8]) + int(b[9])<<8; hl%64 != 0 {
		t.Errorf("data starts at %d, want a multiple of 64 (the .npy format)", hl)
	}
	got, err := ReadNpyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(got, m) {
		t.Errorf("round trip changed the matrix:\n%v\nwant\n%v", mat.Formatted(got), mat.Formatted(m))
	}
	// A Fortran-ordered file, as NumPy writes for transposed arrays.
	// The same bytes, now read column by column.
	f := []byte(strings.Replace(string(b), "'fortran_order': False", "'fortran_order': True ", 1))
	fpath := filepath.Join(dir, "f.npy")
	os.WriteFile(fpath, f, 0o644)
	ft, err := ReadNpyFile(fpath)
	if err != nil {
		t.Fatal(err)
	}
	// Bytes k = j*3 + i hold element (i, j): the raw data of m read as a
	// 5×3 row-major matrix, transposed.
	want := mat.NewDense(5, 3, append([]float64(nil), m.RawMatrix().Data...))
	if !mat.Equal(ft, want.T()) {
		t.Errorf("Fortran order read as\n%v", mat.Formatted(ft))
	}
	for _, bad := range [][]byte{[]byte("nope"), b[:40], append(append([]byte(nil), b...), 0)} {
		p := filepath.Join(dir, "bad.npy")
		os.WriteFile(p, bad, 0o644)
		if _, err := ReadNpyFile(p); err == nil {
			t.Errorf("corrupt file %q...: no error", bad[:min(len(bad), 12)])
		}
	}
}
