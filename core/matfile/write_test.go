package matfile

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

// Write and Read are inverse on double variables: names, shapes and
// every bit of the values (signed zeros, denormals, the extremes) come
// back, in file order.
func TestWriteReadsBack(t *testing.T) {
	vars := []Var{
		{Name: "W", Rows: 2, Cols: 3, Data: []float64{1, -0.0, 5e-324, math.MaxFloat64, -1.5, 1.0 / 3}},
		{Name: "a_long_name_7", Rows: 1, Cols: 1, Data: []float64{42}},
		{Name: "empty", Rows: 0, Cols: 4, Data: []float64{}},
	}
	var b bytes.Buffer
	if err := Write(&b, vars...); err != nil {
		t.Fatal(err)
	}
	if b.Len()%8 != 0 {
		t.Errorf("file of %d bytes, not a multiple of 8", b.Len())
	}
	got, err := Read(&b)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(vars) {
		t.Fatalf("read %d variables, want %d", len(got), len(vars))
	}
	for i, v := range vars {
		g := got[i]
		same := g.Name == v.Name && g.Rows == v.Rows && g.Cols == v.Cols && g.Class == "double" && len(g.Data) == len(v.Data)
		for k := range v.Data {
			same = same && math.Float64bits(g.Data[k]) == math.Float64bits(v.Data[k])
		}
		if !same {
			t.Errorf("variable %d: read %+v, wrote %+v", i, g, v)
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	for _, tc := range []struct {
		v    Var
		want string
	}{
		{Var{Name: "1x", Rows: 1, Cols: 1, Data: []float64{1}}, "not a MATLAB variable name"},
		{Var{Name: "a-b", Rows: 1, Cols: 1, Data: []float64{1}}, "not a MATLAB variable name"},
		{Var{Name: strings.Repeat("a", 64), Rows: 1, Cols: 1, Data: []float64{1}}, "not a MATLAB variable name"},
		{Var{Name: "x", Rows: 2, Cols: 2, Data: []float64{1}}, "1 values for 2x2"},
	} {
		var b bytes.Buffer
		if err := Write(&b, tc.v); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "matfile: ") {
			t.Errorf("%+v: error %v, want one naming %q", tc.v, err, tc.want)
		}
	}
	if !slices.Equal([]bool{validName("x"), validName("X_1"), validName("_x")}, []bool{true, true, false}) {
		t.Error("validName")
	}
}
