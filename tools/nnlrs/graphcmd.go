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
	"nnlrs/core/weights"
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

// graphConfig is the flags of `nnlrs graph`.
type graphConfig struct {
	method         method.Name
	w, z, stats    string // output files; "" for none
	progress       int
	gamma          float64
	dim, efOuter   int
	efNorm         bool
	data           *dataFlags
	opts           *optionFlags
	methodFlagText string // -method as given, for messages
}

func graphCmd(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseGraphFlags(args, stderr)
	if err != nil {
		return err
	}
	opts, err := cfg.opts.options()
	if err != nil {
		return err
	}
	set, err := cfg.data.load()
	if err != nil {
		return err
	}
	d, n := set.X.Dims()
	if err := checkSize(cfg.sizeMethod(), d, n, cfg.opts.maxMem); err != nil {
		return err
	}
	cfg.setProgress(&opts, stderr)

	start := time.Now()
	g, err := cfg.build(set.X, opts, stderr)
	secs := time.Since(start).Seconds()
	if err != nil {
		return err
	}
	if !g.Info.Converged {
		fmt.Fprintf(stderr, "nnlrs graph: warning: %s did not converge within its iteration cap; the outputs are the last iterate\n", cfg.method)
	}
	st := graphStats(cfg.method, g, set.Labels, n, d, secs, stdout)
	return cfg.write(g, st)
}

// parseGraphFlags declares, parses and checks the flags of `nnlrs graph`.
func parseGraphFlags(args []string, stderr io.Writer) (*graphConfig, error) {
	fs := flag.NewFlagSet("nnlrs graph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &graphConfig{}
	fs.StringVar(&cfg.methodFlagText, "method", string(method.NNLRS), "graph: "+method.Join(graphMethods(), "|"))
	fs.StringVar(&cfg.w, "w", "", "write the symmetric n×n weights W to this CSV file")
	fs.StringVar(&cfg.z, "z", "", "write the n×n coefficients Z to this CSV file (entry i,j: coefficient of sample i for sample j)")
	fs.StringVar(&cfg.stats, "stats", "", "write run statistics to this JSON file")
	fs.IntVar(&cfg.progress, "progress", 0, "print solver progress to stderr every N iterations (0: off); for nnlrs-ef, any N > 0 prints every half step of Algorithm 4")
	fs.Float64Var(&cfg.gamma, "gamma", embed.DefaultGamma, "NNLRS-EF: weight gamma of the reconstruction term ||X - P'PX||^2")
	fs.IntVar(&cfg.dim, "dim", embed.DefaultDim, "NNLRS-EF and PCA+NNLRS: reduced dimension")
	fs.IntVar(&cfg.efOuter, "ef-outer", 0, "NNLRS-EF: cap on the alternations of Algorithm 4 (0: its default)")
	fs.BoolVar(&cfg.efNorm, "ef-normalize", false, "NNLRS-EF: normalize the projected samples before each Z step, as Algorithm 2 does")
	cfg.data = addDataFlags(fs)
	cfg.opts = addOptionFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs graph -method METHOD -in FILE [flags]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return nil, err
	}
	if cfg.data.in == "" {
		return nil, usagef("-in FILE is required (a CSV or MAT-file, or %q for the built-in data)", syntheticName)
	}
	cfg.method = method.Name(cfg.methodFlagText)
	if !slices.Contains(graphMethods(), cfg.method) {
		return nil, usagef("unknown method %q (methods: %s)", cfg.methodFlagText, method.Join(graphMethods(), ", "))
	}
	if !(cfg.gamma > 0) || math.IsInf(cfg.gamma, 0) || cfg.dim < 1 || cfg.efOuter < 0 {
		return nil, usagef("need -gamma > 0 and finite, -dim >= 1 and -ef-outer >= 0, have %v, %d and %d", cfg.gamma, cfg.dim, cfg.efOuter)
	}
	return cfg, nil
}

// sizeMethod is the method whose memory checkSize estimates.
func (cfg *graphConfig) sizeMethod() method.Name {
	if cfg.method == method.NNLRSEF || cfg.method == method.PCANNLRS {
		return method.NNLRS // the Z step dominates; the projected data is smaller
	}
	return cfg.method
}

// setProgress prints the solver's progress every -progress iterations.
func (cfg *graphConfig) setProgress(opts *graph.Options, stderr io.Writer) {
	if cfg.progress <= 0 {
		return
	}
	every := cfg.progress
	opts.Progress = func(p lowrank.Progress) {
		if p.Iter%every == 0 {
			fmt.Fprintf(stderr, "iter %6d  residual %.3e  change %.3e  mu %.3e  rank %d  nnz %d  objective %.6g  lower bound %.6g\n",
				p.Iter, p.Residual, p.Change, p.Mu, p.RankZ, p.NNZH, p.Objective, p.Bound)
		}
	}
}

// build builds the graph of x: by core/embed for NNLRS-EF and PCA+NNLRS,
// by graph.Build for the others.
func (cfg *graphConfig) build(x *mat.Dense, opts graph.Options, stderr io.Writer) (*graph.Graph, error) {
	switch cfg.method {
	case method.NNLRSEF:
		return cfg.buildEF(x, opts, stderr)
	case method.PCANNLRS:
		return embed.PCAGraph(context.Background(), x, opts.NNLRS, cfg.dim)
	default:
		return graph.Build(context.Background(), cfg.method, x, opts)
	}
}

// buildEF builds the NNLRS-EF graph of x and reports the size of its
// projection P on stderr.
func (cfg *graphConfig) buildEF(x *mat.Dense, opts graph.Options, stderr io.Writer) (*graph.Graph, error) {
	s := &embed.Settings{MaxOuter: cfg.efOuter, NNLRS: opts.NNLRS.Solver, Normalize: cfg.efNorm}
	if cfg.progress > 0 {
		s.Progress = func(p embed.Progress) {
			fmt.Fprintf(stderr, "alternation %d  %s step  iterations %d  objective %.6g  accepted %v\n",
				p.Outer, p.Step, p.Iterations, p.Objective, p.Accepted)
		}
	}
	g, pm, err := embed.Graph(context.Background(), x, embed.Params{Params: lowrank.Params{Beta: opts.NNLRS.Beta, Lambda: opts.NNLRS.Lambda}, Gamma: cfg.gamma, Dim: cfg.dim}, opts.NNLRS.Theta, s)
	if pm != nil {
		// ||P||_F^2 / r: 1 for the PCA start, falling as P shrinks.
		r, _ := pm.Dims()
		fmt.Fprintf(stderr, "nnlrs graph: ||P||_F^2/r = %.3f\n", math.Pow(mat.Norm(pm, 2), 2)/float64(r))
	}
	return g, err
}

// graphStats gathers the run's statistics and prints their summary line.
func graphStats(m method.Name, g *graph.Graph, labels []int, n, d int, secs float64, stdout io.Writer) stats {
	st := stats{
		Method: m, N: n, D: d, Iterations: g.Info.Iterations, Converged: g.Info.Converged,
		Objective: g.Info.Objective, Residual: g.Info.Residual, Seconds: secs, Density: weights.Density(g.W),
		DiagonalShare: weights.DiagonalShare(g.W),
	}
	summary := fmt.Sprintf("%s: n=%d d=%d iterations=%d converged=%v objective=%.6g residual=%.3g seconds=%.2f density=%.3f diagonal=%.1f%%",
		m, n, d, st.Iterations, st.Converged, st.Objective, st.Residual, secs, st.Density, 100*st.DiagonalShare)
	if labels != nil {
		wc := weights.WithinClass(g.W, labels)
		st.WithinClass = &wc
		summary += fmt.Sprintf(" within-class=%.1f%%", 100*wc)
	}
	fmt.Fprintln(stdout, summary)
	return st
}

// write writes W, Z and the statistics to the files asked for.
func (cfg *graphConfig) write(g *graph.Graph, st stats) error {
	if cfg.w != "" {
		if err := writeCSV(cfg.w, g.W); err != nil {
			return err
		}
	}
	if cfg.z != "" {
		if g.Z == nil {
			return usagef("method %s has no coefficient matrix Z (-z)", cfg.method)
		}
		if err := writeCSV(cfg.z, g.Z); err != nil {
			return err
		}
	}
	if cfg.stats != "" {
		if err := writeStats(cfg.stats, st); err != nil {
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
