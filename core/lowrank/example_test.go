package lowrank_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/lowrank"
)

// ExampleLRR solves low-rank representation on clean samples of two
// independent subspaces. With λ so large that E stays 0, the solution is
// the shape interaction matrix Z = VVᵀ (Liu et al.), V the right singular
// vectors of X: block diagonal, no weight across the subspaces, and its
// objective ||VVᵀ||_* is rank(X) = 4. The default method, ADMM, certifies
// its objective within 0.4% of the optimum by a dual point (LRRBounds
// rechecks it from the returned multiplier).
func ExampleLRR() {
	set, err := dataset.Synthetic(dataset.SyntheticParams{Classes: 2, PerClass: 8, Dim: 2, Ambient: 20},
		rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		log.Fatal(err)
	}
	const lambda = 1e3
	res, err := lowrank.LRR(context.Background(), set.X, nil, lambda, nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	_, lower, err := lowrank.LRRBounds(set.X, nil, lambda, res.Z, res.Y1)
	if err != nil {
		log.Fatal(err)
	}
	var svd mat.SVD
	svd.Factorize(set.X, mat.SVDThin)
	var v mat.Dense
	svd.VTo(&v)
	vr := v.Slice(0, 16, 0, 4) // rank(X) = 4
	var vvt, diff mat.Dense
	vvt.Mul(vr, vr.T())
	diff.Sub(res.Z, &vvt)
	across := 0.0
	for i := 0; i < 8; i++ {
		for j := 8; j < 16; j++ {
			across = max(across, math.Abs(res.Z.At(i, j)))
		}
	}
	fmt.Printf("%v; lower bound ≤ 4 ≤ objective: %v; within 0.4%%: %v\n", res.Status,
		lower <= 4 && 4 <= res.Objective, res.Objective <= 1.004*lower)
	fmt.Printf("|Z − VVᵀ| below 1e-3: %v; largest weight across below 1e-3: %v\n", mat.Norm(&diff, 1) < 1e-3, across < 1e-3)
	// Output:
	// converged; lower bound ≤ 4 ≤ objective: true; within 0.4%: true
	// |Z − VVᵀ| below 1e-3: true; largest weight across below 1e-3: true
}

// ExampleWarm moves λ by one step of the page's slider (10 to 20): the
// second solve starts from the end state of the first, on the same data,
// and reaches the same certified gap in fewer iterations.
func ExampleWarm() {
	set, err := dataset.Synthetic(dataset.SyntheticParams{Classes: 3, PerClass: 15, Dim: 3, Ambient: 40},
		rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	first, err := lowrank.NNLRS(ctx, set.X, nil, lowrank.Params{Beta: 0.2, Lambda: 10}, nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	next := lowrank.Params{Beta: 0.2, Lambda: 20}
	cold, err := lowrank.NNLRS(ctx, set.X, nil, next, &lowrank.ADMM{}, nil)
	if err != nil {
		log.Fatal(err)
	}
	warm, err := lowrank.NNLRS(ctx, set.X, nil, next, &lowrank.ADMM{Start: first.Warm}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("both certified within 0.4%%: %v; warm needs fewer iterations: %v\n",
		cold.Gap < 4e-3 && warm.Gap < 4e-3, warm.Iterations < cold.Iterations)

	// The state belongs to its data: other data are refused.
	other := mat.DenseCopyOf(set.X.Slice(0, 40, 0, 30))
	_, err = lowrank.NNLRS(ctx, other, nil, next, &lowrank.ADMM{Start: first.Warm}, nil)
	fmt.Println(errors.Is(err, lowrank.ErrStartMismatch))
	// Output:
	// both certified within 0.4%: true; warm needs fewer iterations: true
	// true
}
