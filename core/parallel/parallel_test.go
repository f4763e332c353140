package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// For covers [0, n) exactly once, in ranges of grain, whatever the
// number of workers.
func TestForCovers(t *testing.T) {
	for _, procs := range []int{1, 2, 4, 7} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 5, 64, 1000} {
			for _, grain := range []int{0, 1, 3, 64, 2000} {
				hits := make([]atomic.Int32, n)
				For(n, grain, func(lo, hi int) {
					if lo >= hi || hi > n || (hi-lo > max(grain, 1)) || lo%max(grain, 1) != 0 {
						t.Errorf("procs %d, n %d, grain %d: range [%d, %d)", procs, n, grain, lo, hi)
					}
					for i := lo; i < hi; i++ {
						hits[i].Add(1)
					}
				})
				for i := range hits {
					if h := hits[i].Load(); h != 1 {
						t.Fatalf("procs %d, n %d, grain %d: index %d run %d times", procs, n, grain, i, h)
					}
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

// With one worker the ranges run in order in the caller's goroutine.
func TestForOneWorkerInOrder(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	next := 0
	For(10, 3, func(lo, hi int) {
		if lo != next {
			t.Errorf("range [%d, %d) after %d", lo, hi, next)
		}
		next = hi
	})
	if next != 10 {
		t.Errorf("ended at %d", next)
	}
}
