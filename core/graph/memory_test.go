package graph

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// method.Live, which the command line caps its heap near (method.Bytes,
// by which the page sizes its runs, adds a tenth), counts what the NNLRS
// solve holds: the live heap the Go runtime reports at each iteration
// (after a collection, the data already held beforehand taken off) peaks
// within 25% of it.
func TestNNLRSMemory(t *testing.T) {
	const d, n = 256, 300
	rng := rand.New(rand.NewPCG(36, 5))
	x, _ := unionOfSubspaces(rng, d, 8, []int{75, 75, 75, 75})
	p := DefaultNNLRS()
	p.Lambda = 1
	p.Solver = &lowrank.ADMM{MaxIter: 10}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, uint64(0)
	if _, err := NNLRS(context.Background(), x, p, func(lowrank.Progress) {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc-min(base, ms.HeapAlloc))
	}); err != nil {
		t.Fatal(err)
	}
	est := float64(method.Live(method.NNLRS, d, n))
	if r := float64(peak) / est; r < 0.75 || r > 1.25 {
		t.Errorf("n = %d: live heap peaked at %.1f MiB, method.Live %.1f MiB (%.2f times)", n, float64(peak)/(1<<20), est/(1<<20), r)
	} else {
		t.Logf("n = %d: live heap peaked at %.1f MiB, method.Live %.1f MiB (%.2f times)", n, float64(peak)/(1<<20), est/(1<<20), r)
	}
}
