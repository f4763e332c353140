package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// For covers [0, n) exactly once, in ranges of grain, whatever the
// number of workers.
func TestForCovers(t *testing.T) {
	// Down from 7 as well: members beyond GOMAXPROCS − 1 stay out.
	for _, procs := range []int{1, 2, 4, 7, 3, 2} {
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

// A For inside a range of another, which finds the team held, and the
// Fors of several goroutines at once each cover their loop once.
func TestForNestedAndConcurrent(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	const outer, inner = 7, 50
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rep := 0; rep < 20; rep++ {
				hits := make([]atomic.Int32, outer*inner)
				For(outer, 1, func(lo, hi int) {
					for o := lo; o < hi; o++ {
						For(inner, 3, func(a, b int) {
							for i := a; i < b; i++ {
								hits[o*inner+i].Add(1)
							}
						})
					}
				})
				for i := range hits {
					if h := hits[i].Load(); h != 1 {
						t.Errorf("goroutine %d: index %d run %d times", g, i, h)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// A For wakes the members that parked, having spun spinWindow without a
// loop, and its ranges' writes are visible to the caller once it returns
// (plain writes: the race detector checks the ordering).
func TestForWakesParkedMembers(t *testing.T) {
	if !teamWorks {
		t.Skip("no team in WebAssembly")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for rep := 0; rep < 3; rep++ {
		out := make([]int, 1000)
		For(len(out), 7, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				out[i] = i + rep
			}
		})
		for i, v := range out {
			if v != i+rep {
				t.Fatalf("rep %d: out[%d] = %d", rep, i, v)
			}
		}
		// Wait until every member has parked.
		for !allParked() {
			runtime.Gosched()
		}
	}
}

func allParked() bool {
	t := &theTeam
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, m := range t.members {
		if m.state.Load() != parked {
			return false
		}
	}
	return len(t.members) > 0
}

// The cost of a loop as fine as the reduction's products (8 ranges of a
// few microseconds each) handed to the team against goroutines started
// for it (spawn); run with -cpu 1,2.
func BenchmarkForFineTeam(b *testing.B)  { benchmarkForFine(b, For) }
func BenchmarkForFineSpawn(b *testing.B) { benchmarkForFine(b, spawnFor) }

func spawnFor(n, grain int, body func(lo, hi int)) {
	ranges := (n + grain - 1) / grain
	spawn(n, grain, ranges, min(Workers(), ranges), body)
}

func benchmarkForFine(b *testing.B, f func(n, grain int, body func(lo, hi int))) {
	const parts, size = 8, 4096
	x := make([]float64, parts*size)
	for i := range x {
		x[i] = float64(i%13) - 6
	}
	var sums [parts]float64
	for range b.N {
		f(parts, 1, func(lo, hi int) {
			for p := lo; p < hi; p++ {
				var s float64
				for _, v := range x[p*size : (p+1)*size] {
					s += v * v
				}
				sums[p] = s
			}
		})
	}
}

// BenchmarkRoundTrip is the time a value takes to go from one spinning
// goroutine to another and back: about 60 ns when the two cores share a
// cache, several times that when they do not (a virtual machine's two
// cores on different core complexes), where the reduction's products
// depend most on each slab staying on its core.
func BenchmarkRoundTrip(b *testing.B) {
	if Workers() < 2 {
		b.Skip("one core")
	}
	var flag atomic.Int64
	n := int64(b.N)
	go func() {
		for i := int64(1); i < 2*n; i += 2 {
			for flag.Load() != i {
			}
			flag.Store(i + 1)
		}
	}()
	for i := int64(0); i < 2*n; i += 2 {
		for flag.Load() != i {
		}
		flag.Store(i + 1)
	}
}
