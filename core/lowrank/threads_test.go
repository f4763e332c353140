package lowrank

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// The solver shares out its products, its eigen-decompositions and its
// elementwise loops over the cores (package parallel), and reduces
// nothing across them: a solve has the same iterations and the same bits
// at 1, 2 and 4 threads. 200 samples of 5 subspaces of R^300, enough that
// the parallel paths run (products past gemm's size, n² past each's
// ranges, merges of the divide and conquer past their grain; symvLower's
// rows are checked in package eigen), 15 iterations of NNLRS and LRR.
func TestSolveThreads(t *testing.T) {
	x, _ := subspaces(rand.New(rand.NewPCG(7, 7)), 300, 5, []int{40, 40, 40, 40, 40})
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, lrr := range []bool{false, true} {
		var first *Result
		for _, procs := range []int{1, 2, 4} {
			runtime.GOMAXPROCS(procs)
			var res *Result
			var err error
			if lrr {
				res, err = LRR(context.Background(), x, nil, 1, &ADMM{MaxIter: 15}, nil)
			} else {
				res, err = NNLRS(context.Background(), x, nil, Params{Beta: 0.2, Lambda: 1}, &ADMM{MaxIter: 15}, nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = res
				continue
			}
			if res.Iterations != first.Iterations || !slices.Equal(res.Z.RawMatrix().Data, first.Z.RawMatrix().Data) ||
				!slices.Equal(res.E.RawMatrix().Data, first.E.RawMatrix().Data) || res.Gap != first.Gap {
				t.Errorf("lrr %v, %d threads: %d iterations, gap %v; 1 thread: %d, gap %v, or Z or E differ",
					lrr, procs, res.Iterations, res.Gap, first.Iterations, first.Gap)
			}
		}
	}
}
