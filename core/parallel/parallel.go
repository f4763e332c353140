// Package parallel runs the independent parts of a computation on every
// core: For hands out the indices of a loop to up to GOMAXPROCS
// goroutines. The caller's parts write disjoint outputs and reduce
// nothing across parts, so that a result does not depend on the number
// of goroutines nor on their timing: the same bits at 1, 2 or 4 threads.
//
// In WebAssembly (one thread) and with GOMAXPROCS = 1, For runs the loop
// in the calling goroutine, in order, without any goroutine or lock.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers returns the number of goroutines For uses at most:
// runtime.GOMAXPROCS.
func Workers() int { return runtime.GOMAXPROCS(0) }

// For calls body(lo, hi) on ranges [lo, hi) that cover [0, n) once each,
// of grain indices (the last may be shorter), and returns when all have
// run. With more than one worker and more than one range, the ranges are
// taken in turn by up to Workers() goroutines, the caller's among them,
// as each finishes its last: uneven ranges balance themselves. The
// others are the members of a team that waits between loops (team.go)
// or, when another For holds the team (a nested loop, or the loops of
// several goroutines at once), goroutines started for this one. body must
// not depend on which goroutine runs a range or in what order the ranges
// run. A grain below 1 counts as 1.
func For(n, grain int, body func(lo, hi int)) {
	grain = max(grain, 1)
	ranges := (n + grain - 1) / grain
	workers := min(Workers(), ranges)
	if workers <= 1 {
		for lo := 0; lo < n; lo += grain {
			body(lo, min(lo+grain, n))
		}
		return
	}
	if teamWorks && forTeam(n, grain, ranges, workers-1, body) {
		return
	}
	spawn(n, grain, ranges, workers, body)
}

// teamWorks is whether For hands its loops to the team (team.go): on
// every platform with threads. WebAssembly has one, where a spinning
// member would only take turns with the caller.
const teamWorks = runtime.GOARCH != "wasm"

// spawn runs For's ranges on the caller and workers − 1 goroutines
// started for this loop.
func spawn(n, grain, ranges, workers int, body func(lo, hi int)) {
	var next atomic.Int64
	run := func() {
		for {
			r := int(next.Add(1) - 1)
			if r >= ranges {
				return
			}
			lo := r * grain
			body(lo, min(lo+grain, n))
		}
	}
	var wg sync.WaitGroup
	wg.Add(workers - 1)
	for w := 1; w < workers; w++ {
		go func() {
			defer wg.Done()
			run()
		}()
	}
	run()
	wg.Wait()
}
