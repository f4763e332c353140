package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"nnlrs/core/graph"
	"nnlrs/core/weights"
)

func init() {
	register(command{"demo", "build every graph on the built-in synthetic data and print a summary", demoCmd})
}

// demoCmd builds every graph of the paper on the built-in synthetic union
// of subspaces and prints one line per graph.
func demoCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nnlrs demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	df := addDataFlags(fs)
	of := addOptionFlags(fs)
	df.in = syntheticName
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	opts, err := of.options()
	if err != nil {
		return err
	}
	set, err := df.load()
	if err != nil {
		return err
	}
	d, n := set.X.Dims()
	fmt.Fprintf(stdout, "NNLRS Explorer demo: %s, n = %d samples of dimension %d in %d classes\n",
		describe(df.in), n, d, len(set.Classes()))
	fmt.Fprintf(stdout, "NNLRS with beta = %g, lambda = %g, theta = %g; samples scaled to unit norm\n\n",
		opts.NNLRS.Beta, opts.NNLRS.Lambda, opts.NNLRS.Theta)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "graph\titerations\tconverged\tseconds\tobjective\twithin-class %\tdensity %\tdiagonal %\t")
	for _, m := range graph.Methods {
		if err := checkSize(m, d, n, of.maxMem); err != nil {
			return err
		}
		start := time.Now()
		g, err := graph.Build(context.Background(), m, set.X, opts)
		if err != nil {
			return fmt.Errorf("%s: %w", m, err)
		}
		obj := "-"
		if g.Info.Iterations > 0 {
			obj = fmt.Sprintf("%.5g", g.Info.Objective)
		}
		fmt.Fprintf(tw, "%s\t%d\t%v\t%.2f\t%s\t%.1f\t%.1f\t%.1f\t\n", m, g.Info.Iterations, g.Info.Converged,
			time.Since(start).Seconds(), obj, 100*weights.WithinClass(g.W, set.Labels), 100*weights.Density(g.W), 100*weights.DiagonalShare(g.W))
	}
	tw.Flush()
	fmt.Fprintln(stdout, "\nwithin-class %: share of the off-diagonal weight joining samples of the same class (higher is better);")
	fmt.Fprintln(stdout, "density %: nonzero off-diagonal entries; diagonal %: weight on self-loops (near 100: Z is close to I).")
	fmt.Fprintln(stdout, "Try: go run ./tools/nnlrs graph -method nnlrs -in ../shared/datasets/USPS.mat -classes 1,2,3,4 -per-class 50 -w W.csv")
	return nil
}

func describe(in string) string {
	if in == syntheticName {
		return "built-in synthetic union of subspaces"
	}
	return in
}
