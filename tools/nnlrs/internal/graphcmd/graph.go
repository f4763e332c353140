package graphcmd

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"time"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/build"
	"nnlrs/core/cost"
	"nnlrs/core/dataset"
	"nnlrs/core/embed"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/weights"
)

// Graph is the graph command: build one graph from a data file and write W, Z and stats.
var Graph = cli.Command{Name: "graph", Summary: "build one graph from a data file and write W, Z and stats", Run: graphCmd}

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
	// Estimate is what the command estimated before the run: the
	// solver's iterations, its CPU seconds on this machine and the peak
	// memory in bytes (the heap's limit), to set beside the run's own
	// (seconds here, and the operating system's accounting).
	Estimate estimate `json:"estimate"`
	// Provenance says how the run was made.
	Provenance cli.Provenance `json:"provenance"`
}

// estimate is the cost estimated before a run.
type estimate struct {
	Iterations int     `json:"iterations"`
	CPUSeconds float64 `json:"cpu_seconds"`
	Bytes      int64   `json:"bytes"`
}

// graphConfig is the flags of `nnlrs graph`.
type graphConfig struct {
	method         method.Name
	w, z, stats    string // output files; "" for none
	samples        string
	cpuProfile     string // pprof profiles; "" for none
	memProfile     string
	out            cli.Outputs
	wOut, zOut     *cli.Output // nil for none
	statsOut       *cli.Output
	samplesOut     *cli.Output
	params         map[string]any  // every flag's value (provenance)
	rows           []cli.SampleRow // the samples of the run (-samples)
	progress       int
	gamma          float64
	dim, efOuter   int
	efNorm         bool
	data           *cli.DataFlags
	opts           *cli.OptionFlags
	methodFlagText string // -method as given, for messages
}

func graphCmd(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseGraphFlags(args, stderr)
	if err != nil {
		return err
	}
	opts, err := cfg.opts.Options()
	if err != nil {
		return err
	}
	set, err := cfg.data.Load()
	if err != nil {
		return err
	}
	d, n := set.X.Dims()
	if err := cli.CheckSamples(cfg.data.In, n, cfg.method); err != nil {
		return err
	}
	if err := cli.CheckSize(cfg.sizeMethod(), d, n, cfg.opts.MaxMem); err != nil {
		return err
	}
	defer cli.LimitHeap(cli.HeapCap(cfg.sizeMethod(), d, n))()
	if err := cli.CheckLambda(cfg.method, set.X, cfg.opts.Lambda); err != nil {
		return err
	}
	est := cli.EstimateBuild(cfg.method, d, n, cost.Options{Solver: cfg.opts.SolverName(), MaxIter: cfg.opts.MaxIter,
		Dim: cfg.dim, EFOuter: cfg.efOuter, Lambda: cfg.opts.Lambda})
	est.Bytes = cli.MemoryEstimate(cfg.sizeMethod(), d, n)
	cli.Announce(stderr, "nnlrs graph", fmt.Sprintf("%s on %s of dimension %d", cfg.method, cli.Count(n, "sample"), d), est)
	var line *cli.StatusLine
	if cfg.progress == 0 {
		line = cli.NewStatusLine(stderr)
	}
	cfg.setProgress(&opts, stderr, line, est)

	stopProfiles, err := cfg.startProfiles()
	if err != nil {
		return err
	}
	defer stopProfiles()
	start := time.Now()
	g, err := cfg.build(set.X, opts, stderr, line)
	line.Clear()
	secs := time.Since(start).Seconds()
	if err != nil {
		return err
	}
	if !g.Info.Converged {
		fmt.Fprintf(stderr, "nnlrs graph: warning: %s did not converge within its iteration cap; the outputs are the last iterate\n", cfg.method)
	}
	summary, st := graphStats(cfg.method, g, set.Labels, n, d, secs)
	st.Estimate = estimate{Iterations: est.Iterations, CPUSeconds: est.Seconds, Bytes: est.Bytes}
	if st.Provenance, err = cfg.provenance(set); err != nil {
		return err
	}
	if err := cfg.write(g, st); err != nil {
		return err
	}
	for _, w := range cli.Warnings(cfg.method, g, set.X, set.Labels, cfg.opts) {
		fmt.Fprintf(stderr, "nnlrs graph: warning: %s\n", w)
	}
	fmt.Fprintln(stdout, summary)
	return nil
}

// parseGraphFlags declares, parses and checks the flags of `nnlrs graph`.
func parseGraphFlags(args []string, stderr io.Writer) (*graphConfig, error) {
	fs := flag.NewFlagSet("nnlrs graph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &graphConfig{}
	fs.StringVar(&cfg.methodFlagText, "method", string(method.NNLRS), "graph: "+method.Join(method.Every, "|"))
	fs.StringVar(&cfg.w, "w", "", "write the symmetric n×n weights W to this file: .csv, .npy, .mat (variable W) or .npz (SciPy sparse CSR)")
	fs.StringVar(&cfg.z, "z", "", "write the n×n coefficients Z to this file, formats as -w (entry i,j: coefficient of sample i for sample j; .mat variable Z)")
	fs.StringVar(&cfg.stats, "stats", "", "write run statistics and their provenance (every flag, the input's SHA-256, the build, the samples drawn) to this JSON file")
	fs.StringVar(&cfg.samples, "samples", "", "write the samples of the run to this CSV file: index (the row of the input file, from 0) and label per sample")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of the run to this file (go tool pprof)")
	fs.StringVar(&cfg.memProfile, "memprofile", "", "write a heap profile at the end of the run to this file (go tool pprof -sample_index=alloc_space: every allocation of the run by its place in the code)")
	fs.IntVar(&cfg.progress, "progress", 0, "print solver progress to stderr every N iterations (0: off); for nnlrs-ef, any N > 0 prints every half step of Algorithm 4")
	fs.Float64Var(&cfg.gamma, "gamma", embed.DefaultGamma, "NNLRS-EF: weight gamma of the reconstruction term ||X - P'PX||^2")
	fs.IntVar(&cfg.dim, "dim", embed.DefaultDim, "NNLRS-EF and PCA+NNLRS: reduced dimension")
	fs.IntVar(&cfg.efOuter, "ef-outer", 0, "NNLRS-EF: cap on the alternations of Algorithm 4 (0: its default)")
	fs.BoolVar(&cfg.efNorm, "ef-normalize", false, "NNLRS-EF: normalize the projected samples before each Z step, as Algorithm 2 does")
	cfg.data = cli.AddDataFlags(fs)
	cfg.opts = cli.AddOptionFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs graph -method METHOD -in FILE [flags]")
		fs.PrintDefaults()
	}
	if err := cli.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	if cfg.data.In == "" {
		return nil, cli.Usagef("-in FILE is required (a CSV or MAT-file, or %q for the built-in data)", cli.SyntheticName)
	}
	cfg.method = method.Name(cfg.methodFlagText)
	if !slices.Contains(method.Every, cfg.method) {
		return nil, cli.Usagef("unknown method %q (methods: %s)", cli.Excerpt(cfg.methodFlagText), method.Join(method.Every, ", "))
	}
	if !(cfg.gamma > 0) || math.IsInf(cfg.gamma, 0) || cfg.dim < 1 || cfg.efOuter < 0 {
		return nil, cli.Usagef("need -gamma > 0 and finite, -dim >= 1 and -ef-outer >= 0, have %v, %d and %d", cfg.gamma, cfg.dim, cfg.efOuter)
	}
	if cfg.z != "" && !hasZ(cfg.method) {
		return nil, cli.Usagef("method %s has no coefficient matrix Z: leave out -z", cfg.method)
	}
	var err error
	if cfg.wOut, err = cfg.out.Add("-w", cfg.w); err != nil {
		return nil, err
	}
	if cfg.zOut, err = cfg.out.Add("-z", cfg.z); err != nil {
		return nil, err
	}
	if cfg.statsOut, err = cfg.out.Add("-stats", cfg.stats); err != nil {
		return nil, err
	}
	if cfg.samplesOut, err = cfg.out.Add("-samples", cfg.samples); err != nil {
		return nil, err
	}
	for _, f := range [][2]string{{"-cpuprofile", cfg.cpuProfile}, {"-memprofile", cfg.memProfile}} {
		if f[1] != "" {
			if err := cli.WritableFolder(filepath.Dir(f[1])); err != nil {
				return nil, cli.Usagef("%s %s: %v", f[0], f[1], err)
			}
		}
	}
	cfg.params = cli.FlagValues(fs)
	for _, f := range [][2]string{{"-w", cfg.w}, {"-z", cfg.z}} {
		if err := cli.CheckMatrixExt(f[0], f[1]); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// hasZ reports whether the graph m comes from a coefficient matrix Z
// (Graph.Z): every graph but kNN's.
func hasZ(m method.Name) bool { return m != method.KNN0 && m != method.KNN1 }

// sizeMethod is the method whose memory checkSize estimates.
func (cfg *graphConfig) sizeMethod() method.Name {
	if cfg.method == method.NNLRSEF || cfg.method == method.PCANNLRS {
		return method.NNLRS // the Z step dominates; the projected data is smaller
	}
	return cfg.method
}

// setProgress prints the solver's progress every -progress iterations,
// or else on line (when on a terminal), against the estimated cost.
func (cfg *graphConfig) setProgress(opts *graph.Options, stderr io.Writer, line *cli.StatusLine, cost cli.GraphCost) {
	if cfg.progress <= 0 {
		opts.Progress = func(p lowrank.Progress) {
			stop := ""
			if p.Stop > 0 && !math.IsInf(p.Stop, 0) {
				stop = fmt.Sprintf(", stopping measure %.3g (stops at 1)", p.Stop)
			}
			line.Show(p.Iter, cost.Iterations, "nnlrs graph: %s iteration %d%s", cfg.method, p.Iter, stop)
		}
		opts.SampleProgress = func(done, total int) {
			line.Show(done, total, "nnlrs graph: %s sample %d of %d", cfg.method, done, total)
		}
		return
	}
	every := cfg.progress
	fmt.Fprintln(stderr, ProgressLegend)
	opts.Progress = func(p lowrank.Progress) {
		if p.Iter%every == 0 {
			fmt.Fprintf(stderr, "iter %6d  residual %.3e  change %.3e  mu %.3e  rank %d  nnz %d  objective %.6g  lower bound %.6g\n",
				p.Iter, p.Residual, p.Change, p.Mu, p.RankZ, p.NNZH, p.Objective, p.Bound)
		}
	}
}

// ProgressLegend says, before the lines of -progress, what their
// objective and lower bound are (lowrank.Progress).
const ProgressLegend = "nnlrs graph: progress: objective = the value of problem (6) at the iterate, " +
	"which does not yet meet its constraints (residual > 0), so it may lie below the optimum and below the bound; " +
	"lower bound = the value of a dual point, never above the optimum (admm; 0 for ladmap); " +
	"admm stops once a feasible point is certified within 0.4% of the bound"

// build builds the graph of x (build.Graph), NNLRS-EF's alternations
// going to line, or to stderr with -progress, and the size of its
// projection P to stderr.
func (cfg *graphConfig) build(x *mat.Dense, opts graph.Options, stderr io.Writer, line *cli.StatusLine) (*graph.Graph, error) {
	o := build.Options{Options: opts, EF: embed.Params{Gamma: cfg.gamma, Dim: cfg.dim},
		EFSettings: &embed.Settings{MaxOuter: cfg.efOuter, Normalize: cfg.efNorm}}
	o.EFSettings.Progress = func(p embed.Progress) {
		line.Show(0, 0, "nnlrs graph: nnlrs-ef alternation %d, %s step done", p.Outer, p.Step)
	}
	if cfg.progress > 0 {
		o.EFSettings.Progress = func(p embed.Progress) {
			fmt.Fprintf(stderr, "alternation %d  %s step  iterations %d  objective %.6g  accepted %v\n",
				p.Outer, p.Step, p.Iterations, p.Objective, p.Accepted)
		}
	}
	o.Projection = func(pm *mat.Dense) {
		line.Clear()
		// ||P||_F^2 / r: 1 for the PCA start, falling as P shrinks.
		r, _ := pm.Dims()
		fmt.Fprintf(stderr, "nnlrs graph: ||P||_F^2/r = %.3f\n", math.Pow(mat.Norm(pm, 2), 2)/float64(r))
	}
	g, err := build.Graph(context.Background(), cfg.method, x, o)
	if cfg.method == method.NNLRSEF {
		line.Clear()
	}
	return g, err
}

// graphStats gathers the run's statistics and their summary line.
func graphStats(m method.Name, g *graph.Graph, labels []int, n, d int, secs float64) (string, stats) {
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
	return summary, st
}

// write writes W, Z and the statistics to the files asked for, all or
// none.
func (cfg *graphConfig) write(g *graph.Graph, st stats) error {
	// JSON has no NaN: a failed nuclear norm would make Marshal fail.
	if math.IsNaN(st.Objective) || math.IsInf(st.Objective, 0) {
		return fmt.Errorf("objective is %v", st.Objective)
	}
	js, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	cfg.wOut.Set(func(w io.Writer) error { return cli.WriteMatrixFile(w, cfg.w, "W", g.W) })
	cfg.zOut.Set(func(w io.Writer) error { return cli.WriteMatrixFile(w, cfg.z, "Z", g.Z) })
	cfg.statsOut.Set(func(w io.Writer) error {
		_, err := w.Write(append(js, '\n'))
		return err
	})
	cfg.samplesOut.Set(func(w io.Writer) error { return cli.WriteSamples(w, cfg.rows) })
	return cfg.out.Commit()
}

// startProfiles starts the CPU profile of -cpuprofile and returns the
// function that stops it and writes the heap profile of -memprofile.
func (cfg *graphConfig) startProfiles() (stop func(), err error) {
	var cpu *os.File
	if cfg.cpuProfile != "" {
		if cpu, err = os.Create(cfg.cpuProfile); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, err
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if cfg.memProfile != "" {
			if f, err := os.Create(cfg.memProfile); err == nil {
				pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
		}
	}, nil
}

// Provenance returns the provenance of the run on set and keeps its
// samples for -samples.
func (cfg *graphConfig) provenance(set *dataset.Set) (cli.Provenance, error) {
	in, err := cli.DescribeInput(cfg.data.In)
	if err != nil {
		return cli.Provenance{}, cli.UsageError{Err: err}
	}
	cfg.rows = cli.SampleRows(set, cfg.data.Drawn)
	p := cli.Provenance{Command: "graph", Parameters: cfg.params, Input: in, Version: cli.ReadBuildInfo()}
	if cfg.data.Drawn != nil {
		p.Samples = cfg.rows
	}
	return p, nil
}
