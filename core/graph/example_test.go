package graph_test

import (
	"context"
	"fmt"
	"log"
	"math/rand/v2"

	"nnlrs/core/dataset"
	"nnlrs/core/gemm"
	"nnlrs/core/graph"
	"nnlrs/core/weights"
)

// ExampleBuild builds the NNLRS graph (Algorithm 2) of samples drawn from
// a union of three subspaces, scaled to unit norm as the paper does, and
// measures how much of its weight stays within the subspaces. gemm.Use,
// once in main, puts the solver's products on the fast multiply.
func ExampleBuild() {
	gemm.Use()
	set, err := dataset.Synthetic(dataset.SyntheticParams{Classes: 3, PerClass: 15, Dim: 3, Ambient: 30},
		rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		log.Fatal(err)
	}
	set.NormalizeUnit()
	o := graph.DefaultOptions()
	o.NNLRS.Lambda = 1 // the paper's 10 leaves Z close to I when n ≤ d
	g, err := graph.Build(context.Background(), "nnlrs", set.X, o)
	if err != nil {
		log.Fatal(err)
	}
	n, _ := g.W.Dims()
	fmt.Printf("%d×%d weights, converged: %v\n", n, n, g.Info.Converged)
	fmt.Printf("within the subspaces: more than 99%%: %v\n", weights.WithinClass(g.W, set.Labels) > 0.99)
	// Output:
	// 45×45 weights, converged: true
	// within the subspaces: more than 99%: true
}
