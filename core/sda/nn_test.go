package sda

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestNearestNeighbor(t *testing.T) {
	ref := mat.NewDense(2, 3, []float64{
		0, 10, 0,
		0, 0, 10,
	})
	query := mat.NewDense(2, 4, []float64{
		1, 9, 1, 5,
		1, 1, 8, 0, // the last is equidistant from the first two: the first wins
	})
	got := NearestNeighbor(ref, []int{7, 8, 9}, query)
	if want := []int{7, 8, 9, 7}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
