package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/embed"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// graphMethods lists the graphs of `nnlrs graph`: graph.Methods, then
// those of Section IV and V-E of the paper, built by core/embed.
func graphMethods() []method.Name {
	return append(slices.Clone(graph.Methods), method.NNLRSEF, method.PCANNLRS)
}

var errHelp = flag.ErrHelp

func init() {
	register(command{"graph", "build one graph from a data file and write W, Z and stats", graphCmd})
}

// stats is the content of -stats FILE.
type stats struct {
	Method     method.Name `json:"method"`
	N          int         `json:"n"`
	D          int         `json:"d"`
	Iterations int         `json:"iterations"`
	Converged  bool        `json:"converged"`
	Objective  float64     `json:"objective"`
	Residual   float64     `json:"residual"`
	Seconds    float64     `json:"seconds"`
	// WithinClass is the fraction of W's weight joining samples of the same
	// class, present when the data has labels.
	WithinClass *float64 `json:"within_class,omitempty"`
	// Density is the fraction of nonzero off-diagonal entries of W.
	Density float64 `json:"density"`
	// DiagonalShare is the fraction of W's weight on its diagonal (near 1:
	// Z is close to the identity).
	DiagonalShare float64 `json:"diagonal_share"`
}

func graphCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("nnlrs graph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	methodName := fs.String("method", string(method.NNLRS), "graph: "+method.Join(graphMethods(), "|"))
	out := struct{ w, z, stats *string }{
		fs.String("w", "", "write the symmetric n×n weights W to this CSV file"),
		fs.String("z", "", "write the n×n coefficients Z to this CSV file (entry i,j: coefficient of sample i for sample j)"),
		fs.String("stats", "", "write run statistics to this JSON file"),
	}
	progress := fs.Int("progress", 0, "print solver progress to stderr every N iterations (0: off); for nnlrs-ef, any N > 0 prints every half step of Algorithm 4")
	gamma := fs.Float64("gamma", embed.DefaultGamma, "NNLRS-EF: weight gamma of the reconstruction term ||X - P'PX||^2")
	dim := fs.Int("dim", embed.DefaultDim, "NNLRS-EF and PCA+NNLRS: reduced dimension")
	efOuter := fs.Int("ef-outer", 0, "NNLRS-EF: cap on the alternations of Algorithm 4 (0: its default)")
	efNorm := fs.Bool("ef-normalize", false, "NNLRS-EF: normalize the projected samples before each Z step, as Algorithm 2 does")
	df := addDataFlags(fs)
	of := addOptionFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs graph -method METHOD -in FILE [flags]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if df.in == "" {
		return usagef("-in FILE is required (a CSV or MAT-file, or %q for the built-in data)", syntheticName)
	}
	m := method.Name(*methodName)
	if !slices.Contains(graphMethods(), m) {
		return usagef("unknown method %q (methods: %s)", *methodName, method.Join(graphMethods(), ", "))
	}
	if !(*gamma > 0) || math.IsInf(*gamma, 0) || *dim < 1 || *efOuter < 0 {
		return usagef("need -gamma > 0 and finite, -dim >= 1 and -ef-outer >= 0, have %v, %d and %d", *gamma, *dim, *efOuter)
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
	sizeMethod := m
	if m == method.NNLRSEF || m == method.PCANNLRS {
		sizeMethod = method.NNLRS // the Z step dominates; the projected data is smaller
	}
	if err := checkSize(sizeMethod, d, n, of.maxMem); err != nil {
		return err
	}
	if *progress > 0 {
		every := *progress
		opts.Progress = func(p lowrank.Progress) {
			if p.Iter%every == 0 {
				fmt.Fprintf(stderr, "iter %6d  residual %.3e  change %.3e  mu %.3e  rank %d  nnz %d  objective %.6g\n",
					p.Iter, p.Residual, p.Change, p.Mu, p.RankZ, p.NNZH, p.Objective)
			}
		}
	}

	start := time.Now()
	var g *graph.Graph
	switch m {
	case method.NNLRSEF:
		s := &embed.Settings{MaxOuter: *efOuter, NNLRS: opts.NNLRS.Solver, Normalize: *efNorm}
		if *progress > 0 {
			s.Progress = func(p embed.Progress) {
				fmt.Fprintf(stderr, "alternation %d  %s step  iterations %d  objective %.6g  accepted %v\n",
					p.Outer, p.Step, p.Iterations, p.Objective, p.Accepted)
			}
		}
		var pm *mat.Dense
		g, pm, err = embed.Graph(context.Background(), set.X, embed.Params{Params: lowrank.Params{Beta: opts.NNLRS.Beta, Lambda: opts.NNLRS.Lambda}, Gamma: *gamma, Dim: *dim}, opts.NNLRS.Theta, s)
		if pm != nil {
			// ||P||_F^2 / r: 1 for the PCA start, falling as P shrinks.
			r, _ := pm.Dims()
			fmt.Fprintf(stderr, "nnlrs graph: ||P||_F^2/r = %.3f\n", math.Pow(mat.Norm(pm, 2), 2)/float64(r))
		}
	case method.PCANNLRS:
		g, err = embed.PCAGraph(context.Background(), set.X, opts.NNLRS, *dim)
	default:
		g, err = graph.Build(context.Background(), m, set.X, opts)
	}
	secs := time.Since(start).Seconds()
	notConverged := graph.NotConverged(err)
	if err != nil && !notConverged {
		return err
	}
	if notConverged || !g.Info.Converged {
		fmt.Fprintf(stderr, "nnlrs graph: warning: %s did not converge within its iteration cap; the outputs are the last iterate\n", m)
	}

	st := stats{
		Method: m, N: n, D: d, Iterations: g.Info.Iterations, Converged: g.Info.Converged,
		Objective: g.Info.Objective, Residual: g.Info.Residual, Seconds: secs, Density: graph.Density(g.W),
		DiagonalShare: graph.DiagonalShare(g.W),
	}
	summary := fmt.Sprintf("%s: n=%d d=%d iterations=%d converged=%v objective=%.6g residual=%.3g seconds=%.2f density=%.3f diagonal=%.1f%%",
		m, n, d, st.Iterations, st.Converged, st.Objective, st.Residual, secs, st.Density, 100*st.DiagonalShare)
	if set.Labels != nil {
		wc := graph.WithinClass(g.W, set.Labels)
		st.WithinClass = &wc
		summary += fmt.Sprintf(" within-class=%.1f%%", 100*wc)
	}
	fmt.Fprintln(stdout, summary)

	if *out.w != "" {
		if err := writeCSV(*out.w, g.W); err != nil {
			return err
		}
	}
	if *out.z != "" {
		if g.Z == nil {
			return usagef("method %s has no coefficient matrix Z (-z)", m)
		}
		if err := writeCSV(*out.z, g.Z); err != nil {
			return err
		}
	}
	if *out.stats != "" {
		if err := writeStats(*out.stats, st); err != nil {
			return err
		}
	}
	return nil
}

func writeStats(path string, st stats) error {
	// JSON has no NaN: a failed nuclear norm would make Marshal fail.
	if math.IsNaN(st.Objective) || math.IsInf(st.Objective, 0) {
		return fmt.Errorf("objective is %v", st.Objective)
	}
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
