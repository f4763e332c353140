package main

import (
	"context"
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/core/weights"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

func TestZZGap(t *testing.T) {
	for _, ds := range []string{"yaleb", "pie", "usps"} {
		p := params.ForDataset(ds)
		p.Seed = 1
		setup := func(r *runner) {
			r.fetch = func(name string) ([]byte, error) { return os.ReadFile("/work/main/dist/data/" + name + ".mat") }
		}
		ms := record(t, context.Background(), newJob(specOf(p), demo.Job{Method: method.NNLRS, SendData: true}), setup)
		g := last[*protocol.Graph](t, ms)
		d := ms[0].(*protocol.Data)
		given := demo.Labels(d.Labels, p.Labeled, p.LabelsSeed())
		w := mat.NewSymDense(g.N, g.W)
		rg, _ := propagate.GHF(w, given)
		rl, _ := propagate.LGC(w, given, 0.99)
		rl5, _ := propagate.LGC(w, given, 0.5)
		// without the diagonal
		w0 := mat.NewSymDense(g.N, nil)
		w0.CopySym(w)
		for i := 0; i < g.N; i++ {
			w0.SetSym(i, i, 0)
		}
		rl0, _ := propagate.LGC(w0, given, 0.99)
		rg0, _ := propagate.GHF(w0, given)
		comps := weights.Components(w)
		// unreached: unlabeled in components without labels
		lab := componentsLabeled(w, given)
		t.Logf("%s: n=%d comps=%d diag=%.2f unreached=%d GHF=%.3f LGC.99=%.3f LGC.5=%.3f | no diag: GHF=%.3f LGC.99=%.3f",
			ds, g.N, comps, g.DiagonalShare, lab, propagate.ErrorRate(rg.Pred, d.Labels, given), propagate.ErrorRate(rl.Pred, d.Labels, given),
			propagate.ErrorRate(rl5.Pred, d.Labels, given), propagate.ErrorRate(rg0.Pred, d.Labels, given), propagate.ErrorRate(rl0.Pred, d.Labels, given))
	}
}

func componentsLabeled(w *mat.SymDense, given []int) int {
	n, _ := w.Dims()
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	c := 0
	for s := 0; s < n; s++ {
		if comp[s] >= 0 {
			continue
		}
		stack := []int{s}
		comp[s] = c
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for j := 0; j < n; j++ {
				if j != i && w.At(i, j) > 0 && comp[j] < 0 {
					comp[j] = c
					stack = append(stack, j)
				}
			}
		}
		c++
	}
	has := map[int]bool{}
	for i, l := range given {
		if l != propagate.Unlabeled {
			has[comp[i]] = true
		}
	}
	k := 0
	for i, l := range given {
		if l == propagate.Unlabeled && !has[comp[i]] {
			k++
		}
	}
	return k
}
