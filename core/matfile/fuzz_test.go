package matfile

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRead checks that Read never panics and that what it returns is
// consistent. Run it with
//
//	go test -run XXX -fuzz FuzzRead -fuzztime 3m ./core/matfile
//
// The seeds are files of the test writer: every byte order and form, and
// a few damaged ones.
func FuzzRead(f *testing.F) {
	for _, w := range writers() {
		f.Add(w.file(
			wvar{name: "fea", class: mxDOUBLE, dims: []int32{2, 3}, typ: miUINT8, data: []float64{1, 2, 3, 4, 5, 6}},
			wvar{name: "gnd", class: mxUINT8, dims: []int32{3, 1}, typ: miUINT8, data: []float64{1, 1, 2}},
			wvar{name: "s", class: mxCHAR, dims: []int32{1, 2}, typ: miUINT16, data: []float64{'h', 'i'}},
			wvar{name: "x", class: mxSINGLE, dims: []int32{1, 1, 1}, typ: miDOUBLE, data: []float64{0.5}},
		))
	}
	w := writers()[0]
	good := w.file(wvar{name: "a", class: mxINT16, dims: []int32{2, 2}, typ: miINT16, data: []float64{-1, 2, -3, 4}})
	f.Add(good[:len(good)-5])
	f.Add(w.header("MATLAB 5.0 MAT-file", 0x0100))
	f.Add([]byte("MATLAB 5.0 MAT-file"))
	f.Fuzz(func(t *testing.T, b []byte) {
		vars, err := Read(bytes.NewReader(b))
		if err != nil {
			if vars != nil {
				t.Errorf("variables returned with error %v", err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "matfile: ") || strings.Contains(msg, "\n") {
				t.Errorf("error %q is not one line starting with matfile: ", msg)
			}
			return
		}
		total := 0
		for _, v := range vars {
			if v.Rows < 0 || v.Cols < 0 || len(v.Data) != v.Rows*v.Cols {
				t.Fatalf("variable %q is %dx%d with %d values", v.Name, v.Rows, v.Cols, len(v.Data))
			}
			if v.Name == "" || v.Class == "" {
				t.Errorf("variable %+v has no name or class", v)
			}
			total += len(v.Data)
			v.Dense()
		}
		if 8*total > MaxBytes {
			t.Errorf("%d values returned, above MaxBytes", total)
		}
	})
}
