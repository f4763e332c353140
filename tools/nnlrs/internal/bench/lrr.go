package bench

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"text/tabwriter"
	"time"

	"nnlrs/core/dataset"
	"nnlrs/core/lowrank"
	"nnlrs/core/weights"
	"nnlrs/tools/nnlrs/internal/cli"
	"nnlrs/ui/params"
)

// lrrSolver is one method of the LRR bench.
type lrrSolver struct {
	name string
	m    lowrank.LRRMethod
}

// lrrSolvers are the default ADMM and the inexact ALM of Liu et al., the
// solver of the LRR graph before ADMM.
var lrrSolvers = []lrrSolver{{"admm", &lowrank.ADMM{}}, {"alm", &lowrank.ALM{}}}

// runLRRBench times LRR by each of lrrSolvers on every case, at the
// page's λ of LRR for the case's data set (params.ForDataset), -repeat
// times interleaved, fastest kept.
func (cfg *benchConfig) runLRRBench(stdout, stderr io.Writer) error {
	fmt.Fprintf(stdout, "nnlrs bench -lrr: Go %s %s/%s, GOMAXPROCS %d; LRR by the default ADMM and by the inexact ALM\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, cfg.procs)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tn\td\tlambda\tsolver\titerations\tseconds\tcpu s\tms/iter\tobjective\tabove bound %\twithin-class %\trank\talm/admm s\talm/admm cpu\t")
	notes, err := cfg.eachCase(stderr, func(c benchCase, set *dataset.Set) error {
		lambda := params.ForDataset(c.dataset()).LRRLambda
		rows := make([]timedSolve, len(lrrSolvers))
		for r := 0; r < cfg.repeat; r++ {
			for i, s := range lrrSolvers {
				t0, c0 := time.Now(), cli.CPUSeconds()
				res, err := lowrank.LRR(context.Background(), set.X, nil, lambda, s.m, nil)
				secs, cpu := time.Since(t0).Seconds(), cli.CPUSeconds()-c0
				if err != nil {
					return fmt.Errorf("%s, lrr %s: %w", c.name, s.name, err)
				}
				fmt.Fprintf(stderr, "  lrr %s: %d iterations, %.2f s\n", s.name, res.Iterations, secs)
				if r == 0 || secs < rows[i].secs {
					rows[i] = timedSolve{res: res, secs: secs, cpu: cpu}
				}
			}
		}
		return writeLRRRows(tw, c.name, set, lambda, rows)
	})
	if err != nil {
		return err
	}
	tw.Flush()
	fmt.Fprint(stdout, lrrLegend)
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
	return nil
}

const lrrLegend = `
objective: ||Z||_* + lambda ||X - XZ||_2,1 at the returned Z (made exactly feasible); above bound %: above the
best certified lower bound on the optimum (LRRBounds on each run's multiplier); within-class %: share of
W = (|Z| + |Z^T|)/2's off-diagonal weight inside the true classes; seconds, cpu s: wall and CPU seconds
of the process during the solve, fastest of -repeat interleaved runs.
`

// writeLRRRows writes the rows of one case, with the ALM/ADMM ratios on
// ALM's row.
func writeLRRRows(tw io.Writer, name string, set *dataset.Set, lambda float64, rows []timedSolve) error {
	d, n := set.X.Dims()
	objective := make([]float64, len(rows))
	lower := math.Inf(-1)
	for i, r := range rows {
		p, l, err := lowrank.LRRBounds(set.X, nil, lambda, r.res.Z, r.res.Y1)
		if err != nil {
			return err
		}
		objective[i], lower = p, math.Max(lower, l)
	}
	for i, r := range rows {
		res := r.res
		ratio, cpuRatio := "-", "-"
		if i > 0 {
			ratio, cpuRatio = fmt.Sprintf("%.2f", r.secs/rows[0].secs), fmt.Sprintf("%.2f", r.cpu/rows[0].cpu)
		}
		within := weights.WithinClass(weights.SymmetrizeAbs(res.Z), set.Labels)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%g\t%s\t%d%s\t%.2f\t%s\t%.1f\t%.6g\t%.3f\t%.2f\t%d\t%s\t%s\t\n",
			name, n, d, lambda, lrrSolvers[i].name, res.Iterations, capMark(res), r.secs, orDash(r.cpu),
			1000*r.secs/float64(max(res.Iterations, 1)), objective[i], 100*(objective[i]-lower)/lower,
			100*within, res.RankZ, ratio, cpuRatio)
	}
	return nil
}
