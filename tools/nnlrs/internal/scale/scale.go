package scale

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"nnlrs/core/build"
	"nnlrs/core/experiment"
	"nnlrs/core/experiment/report"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/tools/nnlrs/internal/cli"
)

// Command is the scale command: measure the graphs as the draw of a data set grows (GHF error, components, weights), parameters chosen by cross-validation.
var Command = cli.Command{Name: "scale", Summary: "measure the graphs as the draw of a data set grows (GHF error, components, weights), parameters chosen by cross-validation", Run: scaleCmd}

// scaleFlags holds the flags of scale as parsed, before they are checked.
type scaleFlags struct {
	names                                    []string // the protocols, for messages
	ds, dataDir, draws, labeled, graphs      string
	props, name, out, pagePath               string
	tuneLambda, tuneBeta, tuneTheta, tuneLRR string
	trials, folds, maxIter, workers          int
	seed                                     uint64
	candidates, quiet, renderOnly, zeroDiag  bool
	readings                                 string
	solvers                                  cli.SolverFlags
}

// scalePrefix starts the name of every saved study: the page gathers the
// files DIR/scale-*.json.
const scalePrefix = "scale-"

func scaleCmd(args []string, stdout, stderr io.Writer) error {
	f, err := parseScaleFlags(args, stderr)
	if err != nil {
		return err
	}
	if f.renderOnly {
		if f.out == "" {
			return cli.Usagef("-out DIR is required")
		}
		page := f.pagePath
		if page == "" {
			page = filepath.Join(f.out, "SCALE.md")
		}
		n, err := renderScale(f.out, page)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "rebuilt %s from %d saved studies\n", page, n)
		return nil
	}
	cfg, err := f.config()
	if err != nil {
		return err
	}
	if !cfg.Protocol.IsSynthetic() {
		if st, err := os.Stat(f.dataDir); err != nil || !st.IsDir() {
			return cli.Usagef("data folder %s not found (-data DIR, the folder with %s)", f.dataDir, cfg.Protocol.File)
		}
		if cfg.Data, err = cfg.Protocol.Load(f.dataDir); err != nil {
			return cli.UsageError{Err: err}
		}
	}
	if err := cfg.Check(); err != nil {
		return cli.UsageError{Err: err}
	}
	if !f.quiet {
		cli.Announce(stderr, "nnlrs scale", fmt.Sprintf("%s, %s, %s each", cfg.Protocol.Name, cli.Count(len(cfg.Draws), "draw"), cli.Count(f.trials, "trial")), scaleCost(cfg))
		cfg.Progress = cli.NewProgressBar(stderr, f.trials*len(cfg.Draws)).Update
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := experiment.Scale(ctx, cfg)
	if !f.quiet {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return err
	}
	res.Command = cli.CommandLine("scale", args)
	if err := writeScale(f.out, f.name, res); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s in %s; wrote %s\n", cfg.Protocol.Name, cli.Count(len(res.Draws), "draw"),
		time.Duration(res.Seconds*float64(time.Second)).Round(time.Second), filepath.Join(f.out, "SCALE.md"))
	return nil
}

// parseScaleFlags declares and parses the flags of scale.
func parseScaleFlags(args []string, stderr io.Writer) (*scaleFlags, error) {
	fs := flag.NewFlagSet("nnlrs scale", flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := &scaleFlags{}
	for _, p := range experiment.Protocols() {
		f.names = append(f.names, p.Name)
	}
	fs.StringVar(&f.ds, "dataset", "", "data set: "+strings.Join(f.names, "|"))
	fs.StringVar(&f.dataDir, "data", cli.DefaultDataDir, "folder holding the MAT-files")
	fs.StringVar(&f.draws, "draws", "5x20,10x20,10x40,15x50", "sizes of the draws: CLASSESxPERCLASS, the first CLASSES classes, PERCLASS random samples each")
	fs.StringVar(&f.labeled, "labeled", "10,30", "labeled percentages")
	fs.IntVar(&f.trials, "trials", 3, "seeded trials (draws of the samples and labels) per size")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the trials: the same seed gives the same numbers")
	fs.StringVar(&f.graphs, "graphs", "knn0,l1,lrr,nnlrs", "graphs: all, or a comma-separated list of "+method.Join(method.Every, ","))
	fs.StringVar(&f.props, "propagators", "ghf", "classifiers: ghf, lgc (both readings of alpha), lgc-zhou, lgc-mu")
	fs.StringVar(&f.tuneLambda, "tune-lambda", "3,10", "NNLRS: the lambdas cross-validation chooses from (each a solve)")
	fs.StringVar(&f.tuneBeta, "tune-beta", "0.2", "NNLRS: the betas cross-validation chooses from (each a solve)")
	fs.StringVar(&f.tuneTheta, "tune-theta", "0,0.01,0.03,0.1", "NNLRS: the thresholds theta cross-validation chooses from")
	fs.StringVar(&f.tuneLRR, "tune-lrr-lambda", "1,3", "LRR: the lambdas cross-validation chooses from")
	fs.IntVar(&f.folds, "folds", 3, "cross-validation folds")
	fs.BoolVar(&f.candidates, "candidates", false, "record every candidate of the grid: its cross-validation error, its components and weights and, for the record only, its test error")
	fs.IntVar(&f.maxIter, "max-iter", 0, "iteration cap of the NNLRS and LRR solvers (0: their defaults)")
	fs.BoolVar(&f.zeroDiag, "zero-diagonal", false, "NNLRS: hold diag Z at 0, as sparse subspace clustering does (an option beside the paper's problem)")
	f.solvers.Add(fs)
	fs.StringVar(&f.readings, "reading", "", "readings of the paper, comma-separated, one per graph at most (they set the solvers and parameters they concern, over the flags): "+cli.ReadingsHelp())
	fs.IntVar(&f.workers, "workers", runtime.NumCPU(), "trials run in parallel")
	fs.StringVar(&f.out, "out", "", "output folder: NAME.json, figures/NAME.png, and SCALE.md over every study saved in it")
	fs.StringVar(&f.name, "name", "", "name of the study's files, starting with "+scalePrefix+" (default "+scalePrefix+"DATASET)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&f.renderOnly, "render-only", false, "run nothing: rebuild the page from the studies saved in -out DIR ("+scalePrefix+"*.json)")
	fs.StringVar(&f.pagePath, "page", "", "with -render-only: write the page to this file instead of DIR/SCALE.md (figure links relative to it)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs scale -dataset yaleb|pie|usps|synthetic -out DIR [flags]")
		fmt.Fprintln(stderr, "       nnlrs scale -render-only -out DIR [-page FILE]")
		fs.PrintDefaults()
	}
	if err := cli.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	return f, nil
}

// config checks the flags of a study and turns them into its
// configuration, without its data and progress.
func (f *scaleFlags) config() (experiment.ScaleConfig, error) {
	var cfg experiment.ScaleConfig
	if f.pagePath != "" {
		return cfg, cli.Usagef("-page goes with -render-only")
	}
	if f.ds == "" {
		return cfg, cli.Usagef("-dataset is required (%s)", strings.Join(f.names, ", "))
	}
	proto, err := experiment.Lookup(f.ds)
	if err != nil {
		return cfg, cli.UsageError{Err: err}
	}
	if f.out == "" {
		return cfg, cli.Usagef("-out DIR is required")
	}
	if f.name == "" {
		f.name = scalePrefix + proto.Name
	}
	if !strings.HasPrefix(f.name, scalePrefix) || strings.ContainsAny(f.name, `/\`) || len(f.name) == len(scalePrefix) {
		return cfg, cli.Usagef("-name %q must start with %s and name a file, not a path", cli.Excerpt(f.name), scalePrefix)
	}
	check := cli.Outputs{MakeFolders: true}
	if _, err := check.Add("-out", filepath.Join(f.out, "SCALE.md")); err != nil {
		return cfg, err
	}
	if f.trials < 1 || f.workers < 1 || f.folds < 2 || f.maxIter < 0 {
		return cfg, cli.Usagef("need -trials >= 1, -workers >= 1, -folds >= 2 and -max-iter >= 0")
	}
	for _, s := range strings.Split(f.draws, ",") {
		d, err := experiment.ParseDraw(s)
		if err != nil {
			return cfg, cli.Usagef("-draws: %v", strings.TrimPrefix(err.Error(), "experiment: "))
		}
		if slices.Contains(cfg.Draws, d) {
			return cfg, cli.Usagef("-draws: %v listed twice", d)
		}
		cfg.Draws = append(cfg.Draws, d)
	}
	cfg.Protocol, cfg.Trials, cfg.Seed, cfg.Folds, cfg.Workers = proto, f.trials, f.seed, f.folds, f.workers
	cfg.Candidates = f.candidates
	if cfg.Labeled, err = cli.ParsePercents(f.labeled); err != nil {
		return cfg, cli.Usagef("-labeled: %v", err)
	}
	if cfg.Graphs, err = cli.ParseGraphs(f.graphs); err != nil {
		return cfg, cli.Usagef("-graphs: %v", err)
	}
	if cfg.Propagators, err = cli.ParsePropagators(f.props); err != nil {
		return cfg, cli.Usagef("-propagators: %v", err)
	}
	if slices.Contains(cfg.Propagators, experiment.SDA) {
		return cfg, cli.Usagef("-propagators: sda is not measured across scales (its protocol fixes 30 training images per class)")
	}
	if cfg.Tune, err = cli.ParseGrid(f.tuneLambda, f.tuneBeta, f.tuneTheta, f.tuneLRR); err != nil {
		return cfg, err
	}
	if cfg.Readings, err = cli.ParseReadings(f.readings, f.solvers); err != nil {
		return cfg, err
	}
	if f.zeroDiag && slices.Contains(cfg.Readings, "algorithm1") {
		return cfg, cli.Usagef("-zero-diagonal needs the admm solver, and -reading algorithm1 sets Algorithm 1")
	}
	if cfg.Options, err = f.options(); err != nil {
		return cfg, err
	}
	return cfg, nil
}

// options returns the fixed graph options of a study: the defaults, with
// the iteration cap. Every NNLRS setting of graph.NNLRSParams set here
// reaches each NNLRS build of the study (its λ, β and θ come from the
// grid).
func (f *scaleFlags) options() (build.Options, error) {
	o := build.DefaultOptions()
	var err error
	if o.NNLRS.Solver, err = f.solvers.Method(f.maxIter); err != nil {
		return o, err
	}
	if f.maxIter > 0 {
		o.LRR.Solver = &lowrank.ADMM{MaxIter: f.maxIter}
	}
	if f.zeroDiag && f.solvers.SolverName() != "admm" {
		return o, cli.Usagef("-zero-diagonal needs -solver admm")
	}
	o.NNLRS.ZeroDiagonal = f.zeroDiag
	return o, nil
}

// scaleCost is a lower estimate of the cost of c: every build of the
// grid, once per trial and draw.
func scaleCost(c experiment.ScaleConfig) cli.GraphCost {
	d := c.Protocol.Synthetic.Ambient
	if c.Data != nil {
		d, _ = c.Data.X.Dims()
	}
	var cost cli.GraphCost
	for _, dr := range c.Draws {
		for _, g := range c.Graphs {
			builds := 1
			switch g {
			case method.NNLRS, method.NNLRSEF, method.PCANNLRS:
				builds = len(c.Tune.Lambda) * len(c.Tune.Beta)
			case method.LRR:
				builds = len(c.Tune.LRRLambda)
			}
			cost.Seconds += float64(builds) * cli.EstimateGraph(g, d, dr.Samples(), "admm", 0, 0, 0).Seconds
		}
	}
	cost.Seconds *= float64(c.Trials)
	return cost
}

// writeScale writes the study's JSON and figure to dir, and the page
// dir/SCALE.md over every study saved there and this one, all or none.
func writeScale(dir, name string, res *experiment.ScaleResults) error {
	for _, r := range res.Runs {
		experiment.Annotate(r)
	}
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	outs := cli.Outputs{MakeFolders: true}
	add := func(rel string, write func(io.Writer) error) error {
		f, err := outs.Add("-out", filepath.Join(dir, rel))
		f.Set(write)
		return err
	}
	if err := add(name+".json", func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	}); err != nil {
		return err
	}
	drawn := map[string]bool{}
	fig, err := scaleFigure(res)
	if err != nil {
		return fmt.Errorf("figure: %w", err)
	}
	if fig != nil {
		drawn[name+".png"] = true
		if err := add(filepath.Join("figures", name+".png"), fig); err != nil {
			return err
		}
	}
	page, err := scalePage(dir, filepath.Join(dir, "SCALE.md"), map[string]*experiment.ScaleResults{name: res}, drawn)
	if err != nil {
		return err
	}
	if err := add("SCALE.md", func(w io.Writer) error { return report.WriteScaleMarkdown(w, page) }); err != nil {
		return err
	}
	return outs.Commit()
}

// renderScale rebuilds the page at page from the studies saved in dir and
// returns their number.
func renderScale(dir, page string) (int, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return 0, cli.Usagef("-out %s is not a folder", dir)
	}
	pg, err := scalePage(dir, page, nil, nil)
	if err != nil {
		return 0, err
	}
	if len(pg.Studies) == 0 {
		return 0, cli.Usagef("no saved studies (%s*.json) in %s", scalePrefix, dir)
	}
	var outs cli.Outputs
	f, err := outs.Add("-page", page)
	if err != nil {
		return 0, err
	}
	f.Set(func(w io.Writer) error { return report.WriteScaleMarkdown(w, pg) })
	return len(pg.Studies), outs.Commit()
}

// scalePage returns the page for the file pagePath of the studies saved
// in dir (scale-*.json, by name) and fresh (by name, in place of a saved
// one), with dir/SCALE-NOTES.md as notes and the figures found in
// dir/figures or named in drawn, linked relative to the page.
func scalePage(dir, pagePath string, fresh map[string]*experiment.ScaleResults, drawn map[string]bool) (report.ScalePage, error) {
	pg := report.ScalePage{Generator: "nnlrs scale"}
	files, err := filepath.Glob(filepath.Join(dir, scalePrefix+"*.json"))
	if err != nil {
		return pg, err
	}
	studies := map[string]*experiment.ScaleResults{}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			return pg, err
		}
		var s experiment.ScaleResults
		if err := json.Unmarshal(b, &s); err != nil {
			return pg, fmt.Errorf("%s: %w", filepath.Base(file), err)
		}
		studies[strings.TrimSuffix(filepath.Base(file), ".json")] = &s
	}
	for name, s := range fresh {
		studies[name] = s
	}
	figDir := relativeFolder(pagePath, filepath.Join(dir, "figures"))
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range studies {
			if !yield(n) {
				return
			}
		}
	})
	for _, name := range names {
		s := studies[name]
		pg.Studies = append(pg.Studies, s)
		pg.Figures = append(pg.Figures, nil)
		file := name + ".png"
		if _, err := os.Stat(filepath.Join(dir, "figures", file)); err == nil || drawn[file] {
			pg.Figures[len(pg.Figures)-1] = append(pg.Figures[len(pg.Figures)-1], report.Figure{
				Title: fmt.Sprintf("%s: error rate against the size of the draw, one panel per labeled share (mean and standard deviation over the trials).", s.Title),
				Path:  filepath.ToSlash(filepath.Join(figDir, file)),
			})
		}
	}
	if notes, err := os.ReadFile(filepath.Join(dir, "SCALE-NOTES.md")); err == nil {
		pg.Notes = string(notes)
	}
	return pg, nil
}

// relativeFolder returns folder relative to the folder of the file page,
// or folder as it is if that fails.
func relativeFolder(page, folder string) string {
	absPage, err1 := filepath.Abs(filepath.Dir(page))
	absFolder, err2 := filepath.Abs(folder)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(absPage, absFolder); err == nil {
			return rel
		}
	}
	return folder
}
