package propagate_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/propagate"
)

// ExampleGHF spreads two labels along a path of four nodes: the harmonic
// function (equation (12)) gives each unlabeled node the weighted mean of
// its neighbours' scores, so the nodes take the class of the nearer end.
func ExampleGHF() {
	w := mat.NewSymDense(4, nil)
	for i := 0; i+1 < 4; i++ {
		w.SetSym(i, i+1, 1)
	}
	u := propagate.Unlabeled
	res, err := propagate.GHF(w, []int{1, u, u, 2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Pred)
	for i := 1; i <= 2; i++ {
		fmt.Printf("node %d: F = (%.3f, %.3f)\n", i+1, res.F.At(i, 0), res.F.At(i, 1))
	}
	// Output:
	// [1 1 2 2]
	// node 2: F = (0.667, 0.333)
	// node 3: F = (0.333, 0.667)
}
