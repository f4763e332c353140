package reproduce

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"nnlrs/core/build"
	"nnlrs/core/embed"
	"nnlrs/core/experiment"
	"nnlrs/core/experiment/report"
	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/tools/nnlrs/internal/cli"
)

// Command is the reproduce command: run the paper's experiments on a data set and write tables, figures and RESULTS.md.
var Command = cli.Command{Name: "reproduce", Summary: "run the paper's experiments on a data set and write tables, figures and RESULTS.md", Run: reproduceCmd}

// reproduceFlags holds the flags of reproduce as parsed, before they are
// checked.
type reproduceFlags struct {
	names                                    []string // the protocols, for messages
	ds, dataDir, labeled, graphs, props      string
	trials, dim, folds, maxIter, efOuter     int
	workers                                  int
	seed                                     uint64
	beta, lambda, theta, lrrLambda, gamma    float64
	sweepLambda                              float64
	tune, sweep, efNorm, quiet, renderOnly   bool
	status, candidates                       bool
	readings                                 string
	solvers                                  cli.SolverFlags
	tuneLambda, tuneBeta, tuneTheta, tuneLRR string
	out, pagePath, shard                     string
}

func reproduceCmd(args []string, stdout, stderr io.Writer) error {
	f, err := parseReproduceFlags(args, stderr)
	if err != nil {
		return err
	}
	switch {
	case f.renderOnly && f.status:
		return cli.Usagef("-render-only and -status do not go together")
	case f.renderOnly || f.status:
		if f.shard != "" || f.ds != "" {
			return cli.Usagef("-render-only and -status take -out DIR alone (every data set in it)")
		}
		if f.status {
			return f.printStatus(stdout)
		}
		return f.render(stdout)
	}
	cfg, err := f.config()
	if err != nil {
		return err
	}
	sh, err := parseShard(f.shard)
	if err != nil {
		return err
	}
	if err := f.loadData(&cfg); err != nil {
		return err
	}
	name := cfg.Protocol.Name
	done, err := ReadTrials(f.out, name)
	if err != nil {
		return err
	}
	if err := checkSettings(f.out, done, cfg.Settings()); err != nil {
		return err
	}
	for t := 0; t < f.trials; t++ {
		if sh.has(t+1) && !slices.Contains(numbers(done), t+1) {
			cfg.Select = append(cfg.Select, t)
		}
	}
	if cfg.Select != nil {
		if err := f.runTrials(cfg, args, sh, len(done), stderr); err != nil {
			return err
		}
	}
	if !sh.whole() {
		ran := make([]int, len(cfg.Select))
		for i, t := range cfg.Select {
			ran[i] = t + 1
		}
		what := "nothing to run (its trials are done)"
		if len(ran) > 0 {
			what = "ran trials " + experiment.TrialRanges(ran)
		}
		fmt.Fprintf(stdout, "%s: shard %s %s, into %s; merge every shard's with: nnlrs reproduce -render-only -out %s\n",
			name, sh, what, trialsDir(f.out, name), f.out)
		return nil
	}
	all, err := ReadTrials(f.out, name)
	if err != nil {
		return err
	}
	res, err := experiment.Merge(all)
	if err != nil {
		return cli.Usagef("%s: %v", trialsDir(f.out, name), err)
	}
	res.Command = mergedCommand(res)
	if err := writeOutputs(f.out, res); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s (%d run now); wrote %s\n", name, trialsLine(res), len(cfg.Select), filepath.Join(f.out, "RESULTS.md"))
	return nil
}

// runTrials runs the trials cfg.Select of shard sh, done trials of the
// -out folder being there already, each written to its trial file as it
// finishes.
func (f *reproduceFlags) runTrials(cfg experiment.Config, args []string, sh shard, done int, stderr io.Writer) error {
	if !f.quiet {
		what := fmt.Sprintf("%s, %s of %d", cfg.Protocol.Name, cli.Count(len(cfg.Select), "trial"), cfg.Trials)
		if !sh.whole() {
			what += " (shard " + sh.String() + ")"
		}
		if done > 0 {
			what += fmt.Sprintf(", %d done before", done)
		}
		cli.Announce(stderr, "nnlrs reproduce", what+" (SDA, the beta sweep and tuning not counted)", reproduceCost(cfg))
		cfg.Progress = cli.NewProgressBar(stderr, len(cfg.Select)).Update
	}
	command, version := trialCommand(args), codeVersion()
	cfg.CPU = cli.CPUSeconds
	cfg.Finished = func(t experiment.Trial) error {
		t.Command, t.Version = command, version
		return writeTrial(f.out, t)
	}
	_, err := runExperiment(cfg, f.quiet, stderr)
	return err
}

// parseReproduceFlags declares and parses the flags of reproduce.
func parseReproduceFlags(args []string, stderr io.Writer) (*reproduceFlags, error) {
	fs := flag.NewFlagSet("nnlrs reproduce", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := &reproduceFlags{}
	for _, p := range experiment.Protocols() {
		f.names = append(f.names, p.Name)
	}
	fs.StringVar(&f.ds, "dataset", "", "data set: "+strings.Join(f.names, "|"))
	fs.StringVar(&f.dataDir, "data", cli.DefaultDataDir, "folder holding the MAT-files (USPS.mat, YaleB_32x32.mat, PIE_32x32_10subjects.mat)")
	fs.IntVar(&f.trials, "trials", 50, "seeded trials (the paper runs 50)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the trials: the same seed gives the same numbers")
	fs.StringVar(&f.labeled, "labeled", "10,20,30,40,50,60", "labeled percentages")
	fs.StringVar(&f.graphs, "graphs", "all", "graphs: all, or a comma-separated list of "+method.Join(method.Every, ","))
	fs.StringVar(&f.props, "propagators", "ghf,lgc,sda", "classifiers: ghf, lgc (both readings of alpha: 0.99 and 1/(1+0.99)), lgc-zhou (0.99 only), lgc-mu (1/(1+0.99) only), sda")
	def := lowrank.DefaultParams()
	fs.Float64Var(&f.beta, "beta", def.Beta, "NNLRS, NNLRS-EF, PCA+NNLRS: beta when not tuned (the paper's 0.2)")
	fs.Float64Var(&f.lambda, "lambda", def.Lambda, "NNLRS, NNLRS-EF, PCA+NNLRS: lambda when not tuned (the paper's 10)")
	fs.Float64Var(&f.theta, "theta", 0, "NNLRS family: threshold theta when not tuned")
	fs.Float64Var(&f.lrrLambda, "lrr-lambda", graph.DefaultOptions().LRR.Lambda, "LRR: lambda when not tuned")
	fs.Float64Var(&f.gamma, "gamma", embed.DefaultGamma, "NNLRS-EF: weight gamma of the reconstruction term")
	fs.IntVar(&f.dim, "dim", embed.DefaultDim, "NNLRS-EF and PCA+NNLRS: reduced dimension")
	fs.BoolVar(&f.tune, "tune", false, "choose lambda, beta, theta (NNLRS family) and lambda (LRR) by cross-validation on the labeled samples")
	grid := experiment.DefaultGrid()
	fs.StringVar(&f.tuneLambda, "tune-lambda", cli.Floats(grid.Lambda), "tuning grid of lambda")
	fs.StringVar(&f.tuneBeta, "tune-beta", cli.Floats(grid.Beta), "tuning grid of beta")
	fs.StringVar(&f.tuneTheta, "tune-theta", cli.Floats(grid.Theta), "tuning grid of theta")
	fs.StringVar(&f.tuneLRR, "tune-lrr-lambda", cli.Floats(grid.LRRLambda), "tuning grid of LRR's lambda")
	fs.IntVar(&f.folds, "folds", 3, "cross-validation folds of the tuning mode")
	fs.BoolVar(&f.sweep, "beta-sweep", false, "add the paper's beta sensitivity table (Table IV): NNLRS at -sweep-lambda for beta in 0,0.001,0.01,0.2,0.8,1,5,10,100")
	fs.Float64Var(&f.sweepLambda, "sweep-lambda", def.Lambda, "lambda of the beta sensitivity table (the paper's 10)")
	fs.IntVar(&f.maxIter, "max-iter", 0, "iteration cap of the NNLRS and LRR solvers (0: their defaults)")
	f.solvers.Add(fs)
	fs.StringVar(&f.readings, "reading", "", "readings of the paper, comma-separated, one per graph at most (they set the solvers and parameters they concern, over the flags): "+cli.ReadingsHelp())
	fs.BoolVar(&f.candidates, "candidates", false, "with -tune: record every candidate of every choice with its test error, for the record only (the choice never sees it)")
	fs.IntVar(&f.efOuter, "ef-outer", 0, "NNLRS-EF: cap on the alternations of Algorithm 4 (0: its default)")
	fs.BoolVar(&f.efNorm, "ef-normalize", false, "NNLRS-EF: normalize the projected samples before each Z step, as Algorithm 2 does")
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "trials run in parallel")
	fs.StringVar(&f.out, "out", "", "output folder: trials/DATASET/NNNN.json (one file per trial, written as it finishes: a rerun with the same settings skips the trials there, one with other settings is refused), DATASET.json, DATASET.csv, figures/, and RESULTS.md over every data set in it")
	fs.StringVar(&f.shard, "shard", "", "I/N: run only the I-th of N parts of the trials, trials I, I+N, I+2N, ... (of 1 to -trials), into the -out folder the other parts share; each part writes its trial files alone, -render-only merges them")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&f.renderOnly, "render-only", false, "run nothing: merge the trial files in -out DIR (and keep the DATASET.json of data sets without any) into the results page, the CSV tables and DATASET.json, saying which trials are missing")
	fs.BoolVar(&f.status, "status", false, "run nothing: print, for every data set in -out DIR, the trials done and missing and the CPU time they took")
	fs.StringVar(&f.pagePath, "page", "", "with -render-only: write the results page to this file instead of DIR/RESULTS.md (figure links relative to it)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs reproduce -dataset usps|yaleb|pie|synthetic -out DIR [-shard I/N] [flags]")
		fmt.Fprintln(stderr, "       nnlrs reproduce -render-only -out DIR [-page FILE]")
		fmt.Fprintln(stderr, "       nnlrs reproduce -status -out DIR")
		fs.PrintDefaults()
	}
	if err := cli.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	return f, nil
}

// config checks the flags of a run and turns them into the experiment's
// configuration, without its data and progress.
func (f *reproduceFlags) config() (experiment.Config, error) {
	if f.pagePath != "" {
		return experiment.Config{}, cli.Usagef("-page goes with -render-only")
	}
	if f.ds == "" {
		return experiment.Config{}, cli.Usagef("-dataset is required (%s)", strings.Join(f.names, ", "))
	}
	proto, err := experiment.Lookup(f.ds)
	if err != nil {
		return experiment.Config{}, cli.UsageError{Err: err}
	}
	if f.out == "" {
		return experiment.Config{}, cli.Usagef("-out DIR is required")
	}
	// The outputs are written at the end, all at once (writeOutputs): check
	// now that they can be.
	check := cli.Outputs{MakeFolders: true}
	if _, err := check.Add("-out", filepath.Join(f.out, "RESULTS.md")); err != nil {
		return experiment.Config{}, err
	}
	if f.trials < 1 {
		return experiment.Config{}, cli.Usagef("-trials must be >= 1, have %d", f.trials)
	}
	if f.workers < 1 {
		return experiment.Config{}, cli.Usagef("-workers must be >= 1, have %d", f.workers)
	}
	cfg := experiment.Config{Protocol: proto, Trials: f.trials, Seed: f.seed, Folds: f.folds, SweepLambda: f.sweepLambda, Workers: f.workers}
	if err := f.parseLists(&cfg); err != nil {
		return experiment.Config{}, err
	}
	if err := f.checkNumbers(); err != nil {
		return experiment.Config{}, err
	}
	if cfg.Tune, err = f.tuneGrid(); err != nil {
		return experiment.Config{}, err
	}
	if f.candidates && !f.tune {
		return experiment.Config{}, cli.Usagef("-candidates goes with -tune")
	}
	cfg.Candidates = f.candidates
	if cfg.Readings, err = cli.ParseReadings(f.readings, f.solvers); err != nil {
		return experiment.Config{}, err
	}
	if err := f.setSolvers(&cfg); err != nil {
		return experiment.Config{}, err
	}
	return cfg, nil
}

// parseLists parses -labeled, -graphs and -propagators into cfg.
func (f *reproduceFlags) parseLists(cfg *experiment.Config) error {
	var err error
	if cfg.Labeled, err = cli.ParsePercents(f.labeled); err != nil {
		return cli.Usagef("-labeled: %v", err)
	}
	if cfg.Graphs, err = cli.ParseGraphs(f.graphs); err != nil {
		return cli.Usagef("-graphs: %v", err)
	}
	if cfg.Propagators, err = cli.ParsePropagators(f.props); err != nil {
		return cli.Usagef("-propagators: %v", err)
	}
	return nil
}

// checkNumbers checks the ranges of the numeric flags.
func (f *reproduceFlags) checkNumbers() error {
	for _, v := range []struct {
		name     string
		v        float64
		positive bool
	}{{"-beta", f.beta, false}, {"-lambda", f.lambda, true}, {"-theta", f.theta, false}, {"-lrr-lambda", f.lrrLambda, true},
		{"-gamma", f.gamma, true}, {"-sweep-lambda", f.sweepLambda, true}} {
		if math.IsNaN(v.v) || math.IsInf(v.v, 0) || v.v < 0 || (v.positive && v.v == 0) {
			return cli.Usagef("%s must be a finite number %s 0, have %v", v.name, map[bool]string{true: ">", false: ">="}[v.positive], v.v)
		}
	}
	if f.dim < 1 || f.maxIter < 0 || f.efOuter < 0 || f.folds < 2 {
		return cli.Usagef("need -dim >= 1, -max-iter >= 0, -ef-outer >= 0 and -folds >= 2")
	}
	return nil
}

// tuneGrid parses the tuning grids with -tune, nil without.
func (f *reproduceFlags) tuneGrid() (*experiment.Grid, error) {
	if !f.tune {
		return nil, nil
	}
	return cli.ParseGrid(f.tuneLambda, f.tuneBeta, f.tuneTheta, f.tuneLRR)
}

// setSolvers sets the graphs' parameters and solver settings, the
// NNLRS-EF settings and the beta sweep in cfg.
func (f *reproduceFlags) setSolvers(cfg *experiment.Config) error {
	opts := build.DefaultOptions()
	opts.NNLRS.Beta, opts.NNLRS.Lambda, opts.NNLRS.Theta = f.beta, f.lambda, f.theta
	opts.EF = embed.Params{Gamma: f.gamma, Dim: f.dim}
	opts.LRR.Lambda = f.lrrLambda
	var err error
	if opts.NNLRS.Solver, err = f.solvers.Method(f.maxIter); err != nil {
		return err
	}
	if f.maxIter > 0 {
		opts.LRR.Solver = &lowrank.ADMM{MaxIter: f.maxIter}
	}
	if f.efOuter > 0 || f.efNorm {
		opts.EFSettings = &embed.Settings{MaxOuter: f.efOuter, Normalize: f.efNorm}
	}
	cfg.Options = opts
	if f.sweep {
		cfg.SweepBetas = paper.SweepBetas
	}
	return nil
}

// loadData loads the protocol's data set from -data into cfg (the
// synthetic protocol draws its own).
func (f *reproduceFlags) loadData(cfg *experiment.Config) error {
	proto := cfg.Protocol
	if !proto.IsSynthetic() {
		if st, err := os.Stat(f.dataDir); err != nil || !st.IsDir() {
			return cli.Usagef("data folder %s not found (-data DIR, the folder with %s)", f.dataDir, proto.File)
		}
		set, err := proto.Load(f.dataDir)
		if err != nil {
			return cli.UsageError{Err: err}
		}
		cfg.Data = set
	}
	return nil
}

// reproduceCost is a lower estimate of the cost of cfg: every graph once
// per trial selected on the samples of a transductive run, leaving out the SDA
// runs, the β sweep and the tuning, which multiply it.
func reproduceCost(cfg experiment.Config) cli.GraphCost {
	p := cfg.Protocol
	n := len(p.Classes) * p.PerClass
	d := p.Synthetic.Ambient
	if cfg.Data != nil {
		d, _ = cfg.Data.X.Dims()
	}
	if p.IsSynthetic() {
		n = p.Synthetic.Classes * p.Synthetic.PerClass
	}
	var c cli.GraphCost
	for _, g := range cfg.Graphs {
		c.Seconds += cli.EstimateGraph(g, d, n, "admm", 0, cfg.Options.EF.Dim, 0).Seconds
	}
	c.Seconds *= float64(len(cfg.Select))
	return c
}

// runExperiment runs cfg until done or interrupted, ending the progress
// line on stderr unless quiet.
func runExperiment(cfg experiment.Config, quiet bool, stderr io.Writer) (*experiment.Results, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := experiment.Run(ctx, cfg)
	if !quiet {
		fmt.Fprintln(stderr)
	}
	return res, err
}

// writeOutputs writes the run's JSON, CSV tables and error figures to
// dir, and the results page dir/RESULTS.md over every run saved there and
// this one, all or none; it makes dir if need be. The weights figure is
// written with the first trial (writeTrial).
func writeOutputs(dir string, res *experiment.Results) error {
	outs := cli.Outputs{MakeFolders: true}
	add := func(rel string, write func(io.Writer) error) error {
		f, err := outs.Add("-out", filepath.Join(dir, rel))
		f.Set(write)
		return err
	}
	if err := addSaved(add, res); err != nil {
		return err
	}
	drawn, err := addFigures(add, res)
	if err != nil {
		return err
	}
	page, err := resultsPage(dir, filepath.Join(dir, "RESULTS.md"), map[string]*experiment.Results{res.Protocol.Name: res}, drawn)
	if err != nil {
		return err
	}
	if err := add("RESULTS.md", func(w io.Writer) error { return report.WriteMarkdown(w, page) }); err != nil {
		return err
	}
	return outs.Commit()
}
