package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/demo/draw"
	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
	"nnlrs/ui/params"
)

// TestMuGrid prints the iterations of the default ADMM over the steps of the
// page's λ slider, on the page's synthetic data and its USPS and Yale B
// presets (n = 100, unit-norm samples, the preset's β), for the penalty
// μ₁ = 40 and for μ₁ = cλ, c = 2 to 12: the first measurement behind
// ADMM's μ₁ proportional to λ (docs/BENCH.md); `nnlrs bench -penalties`
// measures the defaults now (μ₁ = 3λ up to λ = 3, 5λ above). The real
// data come from the site (make dist); without them only the synthetic
// rows are printed.
//
//	make dist && NNLRS_MU_GRID=1 go test -count=1 -v -run TestMuGrid ./wasm/solver/
func TestMuGrid(t *testing.T) {
	if os.Getenv("NNLRS_MU_GRID") == "" {
		t.Skip("set NNLRS_MU_GRID=1 (about 2 minutes)")
	}
	fetch := func(name string) ([]byte, error) {
		return os.ReadFile(filepath.Join("..", "..", "dist", "data", name+".mat"))
	}
	cs := []float64{0, 2, 3, 5, 8, 12} // 0: μ₁ = 40
	for _, ds := range []string{"synthetic", "usps", "yaleb"} {
		p := params.Default()
		if ds != "synthetic" {
			p = params.ForDataset(ds)
		}
		set, err := draw.Samples(p.Data, demo.File{}, fetch)
		if err != nil {
			t.Logf("%s: skipped (%v)", ds, err)
			continue
		}
		x := mat.DenseCopyOf(set.X)
		linalg.NormalizeColumns(x) // as graph.NNLRS does
		total := make([]int, len(cs))
		for _, l := range params.Lookup("lambda").Steps {
			line := fmt.Sprintf("%-9s β %-4g λ %-4g", ds, p.Beta, l)
			for k, c := range cs {
				mu := [3]float64{c * l, 0, 0}
				if c == 0 {
					mu[0] = 40
				}
				r, err := lowrank.NNLRS(context.Background(), x, nil, lowrank.Params{Beta: p.Beta, Lambda: l}, &lowrank.ADMM{Mu: mu, MaxIter: 2000}, nil)
				if err != nil {
					t.Fatal(err)
				}
				total[k] += r.Iterations
				line += fmt.Sprintf("  %5d", r.Iterations)
			}
			t.Log(line)
		}
		t.Logf("%-9s total over the slider: μ₁ = 40: %d; μ₁ = cλ, c = %v: %v", ds, total[0], cs[1:], total[1:])
	}
}
