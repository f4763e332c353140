package main

import (
	"bytes"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
)

// TestWriteMAT checks that the site's data files read back as they were
// written, for double and for byte data.
func TestWriteMAT(t *testing.T) {
	for _, x := range [][]float64{
		{0.5, -1, 0.25, 1e-3, 2, 3},
		{0, 255, 17, 3, 9, 128},
	} {
		set := &dataset.Set{X: mat.NewDense(3, 2, x), Labels: []int{4, 7}}
		var b bytes.Buffer
		if err := writeMAT(&b, set); err != nil {
			t.Fatal(err)
		}
		got, err := dataset.LoadMAT(&b)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(got.X, set.X) || !reflect.DeepEqual(got.Labels, set.Labels) {
			t.Errorf("read back %v %v, wrote %v %v", mat.Formatted(got.X), got.Labels, mat.Formatted(set.X), set.Labels)
		}
	}
}
