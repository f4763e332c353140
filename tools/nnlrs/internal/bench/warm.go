package bench

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"
	"time"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/lowrank"
	"nnlrs/ui/params"
)

// warmMove is one change of β and λ from the bench's base point, as the
// page's sliders make it.
type warmMove struct {
	name string
	to   lowrank.Params
}

// warmMoves lists the moves from the base point (β 0.2, λ 10): one step of
// the λ and β sliders each way (params.Steps), and jumps to the ends of
// each slider.
func warmMoves() []warmMove {
	base := lowrank.DefaultParams()
	var moves []warmMove
	for _, key := range []string{"lambda", "beta"} {
		steps := params.Lookup(key).Steps
		v := base.Lambda
		if key == "beta" {
			v = base.Beta
		}
		i := slices.Index(steps, v)
		for _, j := range []int{i + 1, i - 1, len(steps) - 1, 0} {
			kind := "step"
			if j != i+1 && j != i-1 {
				kind = "jump"
			}
			to := base
			if key == "lambda" {
				to.Lambda = steps[j]
			} else {
				to.Beta = steps[j]
			}
			moves = append(moves, warmMove{fmt.Sprintf("%s %s %g -> %g", key, kind, v, steps[j]), to})
		}
	}
	return moves
}

// timedSolve is a solve with its wall and CPU seconds.
type timedSolve struct {
	res       *lowrank.Result
	secs, cpu float64 // cpu: NaN if unknown
}

// warmRow is a cold and a warm solve of one move.
type warmRow struct {
	move       string
	cold, warm timedSolve
}

// runWarmBench prints, for each case, the cold solve at the base point
// and the cold and warm solves of every move.
func (cfg *benchConfig) runWarmBench(stdout, stderr io.Writer) error {
	fmt.Fprintf(stdout, "nnlrs bench -warm: GOMAXPROCS %d; default ADMM; warm = &ADMM{Start: the base solve's Warm}\n", cfg.procs)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tn\tmove\tcold iter\tcold s\tcold cpu s\twarm iter\twarm s\twarm cpu s\titer warm/cold\ts warm/cold\tcpu warm/cold\tcold gap\twarm gap\tcold objective\twarm objective\t")
	notes, err := cfg.eachCase(stderr, func(c benchCase, set *dataset.Set) error {
		return cfg.warmCase(tw, c.name, set, stderr)
	})
	if err != nil {
		return err
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\ncold: from zero; warm: from the end state of the base solve (beta 0.2, lambda 10), unless Z = 0 is certified")
	fmt.Fprintln(stdout, "optimal (then the solve is the cold one); moves: one step of the page's slider each way, and jumps to its")
	fmt.Fprintln(stdout, "ends (ui/params.Steps); s, cpu s: wall and CPU seconds of the process, fastest of -repeat runs; gap:")
	fmt.Fprintln(stdout, "certified relative duality gap (P - D)/D, the stopping rule (< 4e-3).")
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
	return nil
}

// warmCase solves the base point cold, then each move cold and warm, and
// writes the rows.
func (cfg *benchConfig) warmCase(tw io.Writer, name string, set *dataset.Set, stderr io.Writer) error {
	_, n := set.X.Dims()
	base, err := cfg.timeSolve(set.X, lowrank.DefaultParams(), nil)
	if err != nil {
		return fmt.Errorf("%s, base: %w", name, err)
	}
	b := base.res
	fmt.Fprintf(tw, "%s\t%d\tbase beta 0.2, lambda 10\t%d%s\t%.3f\t%s\t-\t-\t-\t-\t-\t-\t%.4g\t-\t%.7g\t-\t\n",
		name, n, b.Iterations, capMark(b), base.secs, orDash3(base.cpu), b.Gap, b.Objective)
	for _, m := range warmMoves() {
		r := warmRow{move: m.name}
		if r.cold, err = cfg.timeSolve(set.X, m.to, nil); err != nil {
			return fmt.Errorf("%s, %s, cold: %w", name, m.name, err)
		}
		if r.warm, err = cfg.timeSolve(set.X, m.to, b.Warm); err != nil {
			return fmt.Errorf("%s, %s, warm: %w", name, m.name, err)
		}
		fmt.Fprintf(stderr, "  %s: cold %d, warm %d iterations\n", m.name, r.cold.res.Iterations, r.warm.res.Iterations)
		r.write(tw, name, n)
	}
	return nil
}

func (r warmRow) write(tw io.Writer, name string, n int) {
	c, w := r.cold.res, r.warm.res
	fmt.Fprintf(tw, "%s\t%d\t%s\t%d%s\t%.3f\t%s\t%d%s\t%.3f\t%s\t%.2f\t%.2f\t%.2f\t%.4g\t%.4g\t%.7g\t%.7g\t\n",
		name, n, r.move, c.Iterations, capMark(c), r.cold.secs, orDash3(r.cold.cpu),
		w.Iterations, capMark(w), r.warm.secs, orDash3(r.warm.cpu),
		float64(w.Iterations)/float64(c.Iterations), r.warm.secs/r.cold.secs, r.warm.cpu/r.cold.cpu,
		c.Gap, w.Gap, c.Objective, w.Objective)
}

// orDash3 formats v with three decimals, "-" if it is NaN (unknown).
func orDash3(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}

func capMark(r *lowrank.Result) string {
	if r.Status == lowrank.Converged {
		return ""
	}
	return " (cap)"
}

// timeSolve solves problem (6) on x by the default ADMM from start (nil:
// cold), -repeat times, and returns the last result with the fastest wall
// and CPU seconds. A capped solve is returned, marked by its Status.
func (cfg *benchConfig) timeSolve(x *mat.Dense, p lowrank.Params, start *lowrank.Warm) (timedSolve, error) {
	best := timedSolve{secs: math.Inf(1), cpu: math.Inf(1)}
	for range cfg.repeat {
		t0, c0 := time.Now(), cli.CPUSeconds()
		r, err := lowrank.NNLRS(context.Background(), x, nil, p, &lowrank.ADMM{Start: start}, nil)
		secs, cpu := time.Since(t0).Seconds(), cli.CPUSeconds()-c0
		if err != nil {
			return timedSolve{}, err
		}
		best.res, best.secs = r, math.Min(best.secs, secs)
		best.cpu = math.Min(best.cpu, cpu) // NaN stays NaN
	}
	return best, nil
}
