package democmd

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/weights"
	"nnlrs/tools/nnlrs/internal/cli"
)

// Command is the demo command: build every graph on the built-in synthetic data and print a summary.
var Command = cli.Command{Name: "demo", Summary: "build every graph on the built-in synthetic data and print a summary", Run: demoCmd}

// demoCmd builds every graph of the paper on the data of -in (by default
// the built-in synthetic union of subspaces) and prints one line per
// graph; the within-class column needs labels and is left out without.
func demoCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nnlrs demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	df := cli.AddDataFlags(fs)
	of := cli.AddOptionFlags(fs)
	df.In = cli.SyntheticName
	if err := cli.ParseFlags(fs, args); err != nil {
		return err
	}
	opts, err := of.Options()
	if err != nil {
		return err
	}
	set, err := df.Load()
	if err != nil {
		return err
	}
	d, n := set.X.Dims()
	var cost cli.GraphCost
	for _, m := range method.All {
		c := cli.EstimateGraph(m, d, n, of.SolverName(), of.MaxIter, 0, 0)
		cost.Seconds += c.Seconds
		if err := cli.CheckSamples(df.In, n, m); err != nil {
			return err
		}
		if err := cli.CheckSize(m, d, n, of.MaxMem); err != nil {
			return err
		}
		if err := cli.CheckLambda(m, set.X, of.Lambda); err != nil {
			return err
		}
	}
	cli.Announce(stderr, "nnlrs demo", fmt.Sprintf("every graph on %s of dimension %d", cli.Count(n, "sample"), d), cost)
	classes := "no labels"
	if set.Labels != nil {
		classes = cli.Count(len(set.Classes()), "class")
	}
	fmt.Fprintf(stdout, "NNLRS Explorer demo: %s, n = %s of dimension %d, %s\n", cli.Describe(df.In), cli.Count(n, "sample"), d, classes)
	scaled := "samples scaled to unit norm"
	if !df.Normalize {
		scaled = "samples as given"
	}
	fmt.Fprintf(stdout, "NNLRS with beta = %g, lambda = %g, theta = %g; %s\n\n", opts.NNLRS.Beta, opts.NNLRS.Lambda, opts.NNLRS.Theta, scaled)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	within := func(g *graph.Graph) string {
		if set.Labels == nil {
			return ""
		}
		return fmt.Sprintf("%.1f\t", 100*weights.WithinClass(g.W, set.Labels))
	}
	head := "graph\titerations\tconverged\tseconds\tobjective\t"
	if set.Labels != nil {
		head += "within-class %\t"
	}
	fmt.Fprintln(tw, head+"density %\tdiagonal %\t")
	line := cli.NewStatusLine(stderr)
	for _, m := range method.All {
		opts.Progress = func(p lowrank.Progress) { line.Show(0, 0, "nnlrs demo: %s iteration %d", m, p.Iter) }
		opts.SampleProgress = func(done, total int) { line.Show(done, total, "nnlrs demo: %s sample %d of %d", m, done, total) }
		start := time.Now()
		g, err := graph.Build(context.Background(), m, set.X, opts)
		line.Clear()
		if err != nil {
			return fmt.Errorf("%s: %w", m, err)
		}
		obj := "-"
		if g.Info.Iterations > 0 {
			obj = fmt.Sprintf("%.5g", g.Info.Objective)
		}
		fmt.Fprintf(tw, "%s\t%d\t%v\t%.2f\t%s\t%s%.1f\t%.1f\t\n", m, g.Info.Iterations, g.Info.Converged,
			time.Since(start).Seconds(), obj, within(g), 100*weights.Density(g.W), 100*weights.DiagonalShare(g.W))
	}
	tw.Flush()
	if set.Labels != nil {
		fmt.Fprintln(stdout, "\nwithin-class %: share of the off-diagonal weight joining samples of the same class (higher is better);")
	} else {
		fmt.Fprintln(stdout, "\nwithout labels, how well each graph keeps classes apart is not measured;")
	}
	fmt.Fprintln(stdout, "density %: nonzero off-diagonal entries; diagonal %: weight on self-loops (near 100: Z is close to I).")
	fmt.Fprintln(stdout, "Try: go run ./tools/nnlrs graph -method nnlrs -in ../shared/datasets/USPS.mat -classes 1,2,3,4 -per-class 50 -w W.csv")
	return nil
}
