package bench

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/demo/draw"
	"nnlrs/core/lowrank"
	"nnlrs/core/weights"
	"nnlrs/ui/params"
)

// Bench is the bench command: time the NNLRS solvers on synthetic data and USPS draws, side by side with a NumPy LADMAP.
var Bench = cli.Command{Name: "bench", Summary: "time the NNLRS solvers on synthetic data and USPS draws, side by side with a NumPy LADMAP", Run: benchCmd}

// benchCase is one data set of the bench: the built-in synthetic data, a
// draw of USPS digits as in the paper's protocol (and `nnlrs graph`), or
// (site) a draw of a built-in data set of the page as its worker draws it
// with seed 1 (pageDraw).
type benchCase struct {
	name     string
	classes  string
	perClass int
	usps     bool
	site     string
	nclasses int
}

// dataset names the case's data as the page does (for its presets).
func (c benchCase) dataset() string {
	switch {
	case c.site != "":
		return c.site
	case c.usps:
		return "usps"
	}
	return cli.SyntheticName
}

var benchCases = []benchCase{
	{name: "synthetic"},
	{name: "usps50", classes: "1,2,3,4", perClass: 50, usps: true},
	{name: "usps200", classes: "1,2,3,4", perClass: 200, usps: true},
	// Extra sizes for the growth of the cost per iteration (n = 100, 400)
	// and for the penalties beyond the page's sizes (n = 1000, 2000); not
	// run by default.
	{name: "usps25", classes: "1,2,3,4", perClass: 25, usps: true},
	{name: "usps100", classes: "1,2,3,4", perClass: 100, usps: true},
	{name: "usps250", classes: "1,2,3,4", perClass: 250, usps: true},
	{name: "usps500", classes: "1,2,3,4", perClass: 500, usps: true},
	// The page's draws of its built-in data (for -lrr), and its default
	// data (for -penalties and -warm).
	{name: "page-default", site: pageDefaultSite},
	{name: "usps-4x25", site: "usps", nclasses: 4, perClass: 25},
	{name: "usps-4x100", site: "usps", nclasses: 4, perClass: 100},
	{name: "yaleb-5x20", site: "yaleb", nclasses: 5, perClass: 20},
	{name: "yaleb-10x40", site: "yaleb", nclasses: 10, perClass: 40},
	{name: "pie-5x20", site: "pie", nclasses: 5, perClass: 20},
}

// pageDefaultSite names the page's default data (params.Default) as the
// site of a case.
const pageDefaultSite = "page default"

// benchDefault are the cases run by default: the synthetic data and USPS
// digits 1-4 at 50 and 200 per class (docs/BENCH.md).
const benchDefault = "synthetic,usps50,usps200"

// benchRow is one solver run on one case.
type benchRow struct {
	solver     string
	iterations int
	converged  bool
	seconds    float64
	cpu        float64 // CPU seconds of the process during the solve (user + system); NaN if unknown
	firstGraph float64 // seconds to the first streamed graph within 1 point of the final quality; NaN if unknown
	// firstGraphCPU is firstGraph in CPU seconds of the process.
	firstGraphCPU float64
	objective     float64
	lower         float64 // certified lower bound on the optimum from the run's multipliers
	within        float64 // within-class share of W's off-diagonal weight
	rank          int
}

// benchConfig is the bench's flags, checked.
type benchConfig struct {
	cases    []benchCase
	usps     string
	numpy    bool
	python   string
	script   string
	ladmap   bool
	tight    float64
	procs    int
	repeat   int
	numpyMax int
	warm     bool
	lrr      bool
	datasets string
	// penalties are the rules of -penalties, nil without it.
	penalties []penaltyRule
	// betas and lambdas are the grid of -penalties.
	betas, lambdas []float64
}

// benchSolver is one solver of a case's row set.
type benchSolver struct {
	name string
	run  func() (benchRow, error)
}

func benchCmd(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseBenchFlags(args, stderr)
	if err != nil {
		return err
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(cfg.procs))
	if cfg.warm {
		return cfg.runWarmBench(stdout, stderr)
	}
	if cfg.lrr {
		return cfg.runLRRBench(stdout, stderr)
	}
	if cfg.penalties != nil {
		return cfg.runPenaltyBench(stdout, stderr)
	}

	fmt.Fprintf(stdout, "nnlrs bench: Go %s %s/%s, GOMAXPROCS %d; NNLRS beta 0.2, lambda 10\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, cfg.procs)
	py := cfg.numpyRunner(stdout)

	var notes []string
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "case\tsolver\tn\td\titerations\tseconds\tms/iter\tfirst graph s\tobjective\tabove bound %\twithin-class %\trank\tvs NumPy\tcpu s\tvs NumPy cpu\tfirst graph cpu s\t")
	for _, c := range cfg.cases {
		note, err := cfg.runCase(c, py, tw, stderr)
		if err != nil {
			return err
		}
		notes = append(notes, note)
	}
	tw.Flush()
	printBenchLegend(stdout, notes)
	return nil
}

// parseBenchFlags parses and checks the bench's flags.
func parseBenchFlags(args []string, stderr io.Writer) (*benchConfig, error) {
	fs := flag.NewFlagSet("nnlrs bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var names []string
	for _, c := range benchCases {
		names = append(names, c.name)
	}
	cfg := &benchConfig{}
	casesFlag := fs.String("cases", benchDefault, "comma-separated cases to run: "+strings.Join(names, ", "))
	fs.StringVar(&cfg.usps, "usps", filepath.Join("..", "shared", "datasets", "USPS.mat"), "USPS MAT-file (cases usps*; skipped with a note when absent)")
	fs.BoolVar(&cfg.numpy, "numpy", true, "run the NumPy reference of Algorithm 1 side by side (needs python3 with numpy; slow: about an hour on usps200)")
	fs.StringVar(&cfg.python, "python", "", "python interpreter for the NumPy reference (default: the first of /usr/bin/python3, python3 that imports numpy)")
	fs.StringVar(&cfg.script, "script", filepath.Join("tools", "numpy", "ladmap.py"), "the NumPy reference script")
	fs.BoolVar(&cfg.ladmap, "ladmap", false, "also run the Go LADMAP (Algorithm 1 as written, with the paper's eta1 = ||X||_2^2)")
	fs.Float64Var(&cfg.tight, "tight", 0, "also run ADMM to this certified gap (e.g. 1e-4) to estimate the optimum; 0: off")
	fs.IntVar(&cfg.procs, "procs", runtime.GOMAXPROCS(0), "GOMAXPROCS for the Go solvers (default: every core; 1: one, as the browser has); NumPy gets as many BLAS threads")
	fs.IntVar(&cfg.repeat, "repeat", 1, "run each solver this many times, interleaved, and report the fastest")
	fs.BoolVar(&cfg.warm, "warm", false, "instead, time warm starts of ADMM against cold ones for the page's slider moves of beta and lambda")
	fs.BoolVar(&cfg.lrr, "lrr", false, "instead, time LRR by the default ADMM against the inexact ALM, at the page's LRR lambda of each case's data")
	betas := fs.String("betas", cli.Floats(PenaltyBetas), "the betas of -penalties")
	lambdas := fs.String("lambdas", cli.Floats(PenaltyLambdas), "the lambdas of -penalties")
	penalties := fs.String("penalties", "", "instead, count ADMM's iterations for NNLRS with its default penalties and with these rules (e.g. '5l,2,10;3l,2,4r;-,4,-':\nmu1, mu2, mu3 each times 1, lambda (l) or sqrt(lambda) (r), or - for the default) over the grid of -betas and -lambdas")
	fs.StringVar(&cfg.datasets, "datasets", cli.DefaultDataDir, "folder of the site's MAT-files (cases usps-*, yaleb-*; skipped with a note when absent)")
	fs.IntVar(&cfg.numpyMax, "numpy-max-iter", 0, "stop the NumPy reference after this many iterations (0: the script's default, 20000);\na capped row is marked (cap) and its ratio is a lower bound (>=), since the full run takes longer")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nnlrs bench [flags]")
		fmt.Fprintln(stderr, "Times NNLRS (beta 0.2, lambda 10) by the default ADMM solver, and optionally the Go LADMAP,")
		fmt.Fprintln(stderr, "against a NumPy implementation of the paper's Algorithm 1 run in the same invocation.")
		fs.PrintDefaults()
	}
	if err := cli.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	var err error
	if cfg.cases, err = parseBenchCases(*casesFlag, names); err != nil {
		return nil, err
	}
	if *penalties != "" {
		if cfg.penalties, err = parsePenaltyRules(*penalties); err != nil {
			return nil, err
		}
	}
	if cfg.betas, err = cli.ParseFloats(*betas, true); err != nil {
		return nil, cli.Usagef("-betas: %v", err)
	}
	if cfg.lambdas, err = cli.ParseFloats(*lambdas, true); err != nil {
		return nil, cli.Usagef("-lambdas: %v", err)
	}
	return cfg, cfg.check()
}

// parseBenchCases looks up the comma-separated case names.
func parseBenchCases(s string, names []string) ([]benchCase, error) {
	var cases []benchCase
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, c := range benchCases {
			if c.name == name {
				cases = append(cases, c)
				found = true
			}
		}
		if !found {
			return nil, cli.Usagef("unknown case %q (cases: %s)", cli.Excerpt(name), strings.Join(names, ", "))
		}
	}
	return cases, nil
}

// check reports the first numeric flag out of range.
func (cfg *benchConfig) check() error {
	switch {
	case cfg.procs < 1:
		return cli.Usagef("-procs must be >= 1, have %d", cfg.procs)
	case cfg.repeat < 1:
		return cli.Usagef("-repeat must be >= 1, have %d", cfg.repeat)
	case cfg.tight < 0 || math.IsNaN(cfg.tight):
		return cli.Usagef("-tight must be >= 0, have %v", cfg.tight)
	case cfg.numpyMax < 0:
		return cli.Usagef("-numpy-max-iter must be >= 0, have %d", cfg.numpyMax)
	}
	return nil
}

// numpyRunner finds the NumPy reference when -numpy is on and prints
// the note on it; nil when it is off or absent.
func (cfg *benchConfig) numpyRunner(stdout io.Writer) *numpyRunner {
	if !cfg.numpy {
		return nil
	}
	py, note := FindNumpy(cfg.python, cfg.script, cfg.procs)
	fmt.Fprintln(stdout, note)
	if py != nil {
		py.maxIter = cfg.numpyMax
	}
	return py
}

// runCase loads the case, runs its solvers and writes its rows to tw. It
// returns the case's note for the legend.
func (cfg *benchConfig) runCase(c benchCase, py *numpyRunner, tw io.Writer, stderr io.Writer) (string, error) {
	set, note, err := cfg.loadCase(c, stderr)
	if set == nil {
		return note, err
	}
	d, n := set.X.Dims()
	rows, err := runRepeats(c.name, cfg.solvers(set, py), cfg.repeat, stderr)
	if err != nil {
		return "", err
	}
	lower := writeBenchRows(tw, c.name, n, d, rows)
	return fmt.Sprintf("%s: best certified lower bound on the optimum %.7g", c.name, lower), nil
}

// loadCase loads the case's data; a nil set with a note when its USPS
// file is absent.
func (cfg *benchConfig) loadCase(c benchCase, stderr io.Writer) (*dataset.Set, string, error) {
	if c.site != "" {
		return cfg.loadSiteCase(c, stderr)
	}
	df := cli.DataFlags{In: cli.SyntheticName, Seed: 1, Normalize: true, Classes: c.classes, PerClass: c.perClass}
	if c.usps {
		if _, err := os.Stat(cfg.usps); err != nil {
			return nil, fmt.Sprintf("%s: skipped, %s not found (set -usps)", c.name, cfg.usps), nil
		}
		df.In = cfg.usps
	}
	set, err := df.Load()
	if err != nil {
		return nil, "", err
	}
	d, n := set.X.Dims()
	fmt.Fprintf(stderr, "bench %s: n = %d, d = %d\n", c.name, n, d)
	return set, "", nil
}

// eachCase loads the bench's cases in turn and calls f on each case's
// data; it returns the notes of the cases skipped (absent files).
func (cfg *benchConfig) eachCase(stderr io.Writer, f func(benchCase, *dataset.Set) error) ([]string, error) {
	var notes []string
	for _, c := range cfg.cases {
		set, note, err := cfg.loadCase(c, stderr)
		if err != nil {
			return nil, err
		}
		if set == nil {
			notes = append(notes, note)
			continue
		}
		if err := f(c, set); err != nil {
			return nil, err
		}
	}
	return notes, nil
}

// loadSiteCase draws the case as the page draws its built-in data with
// seed 1: the site's subset (draw.Site), then nclasses × perClass samples
// (draw.From); a nil set with a note when the file is absent.
func (cfg *benchConfig) loadSiteCase(c benchCase, stderr io.Writer) (*dataset.Set, string, error) {
	set, note, err := cfg.drawSiteCase(c)
	if err != nil || set == nil {
		return nil, note, err
	}
	dd, n := set.X.Dims()
	fmt.Fprintf(stderr, "bench %s: n = %d, d = %d\n", c.name, n, dd)
	return set, "", nil
}

// drawSiteCase is loadSiteCase without the line on stderr; the page's
// default data (pageDefaultSite) need no file.
func (cfg *benchConfig) drawSiteCase(c benchCase) (*dataset.Set, string, error) {
	if c.site == pageDefaultSite {
		set, err := draw.Samples(params.Default().Data, demo.File{}, nil)
		return set, "", err
	}
	i := slices.IndexFunc(demo.Builtins, func(b demo.Builtin) bool { return b.Name == c.site })
	if i < 0 {
		return nil, "", fmt.Errorf("no site data set %q", c.site)
	}
	sub := demo.Builtins[i]
	if _, err := os.Stat(filepath.Join(cfg.datasets, sub.File)); err != nil {
		return nil, fmt.Sprintf("%s: skipped, %s not found in %s (set -datasets)", c.name, sub.File, cfg.datasets), nil
	}
	site, err := draw.Site(sub, cfg.datasets)
	if err != nil {
		return nil, "", err
	}
	set, err := draw.From(site, demo.Data{Dataset: sub.Name, Classes: c.nclasses, PerClass: c.perClass, Seed: 1})
	return set, "", err
}

// solvers lists the solvers run on set: the default ADMM, then those the
// flags add.
func (cfg *benchConfig) solvers(set *dataset.Set, py *numpyRunner) []benchSolver {
	solvers := []benchSolver{{"go admm", func() (benchRow, error) {
		return runGo(set, &lowrank.ADMM{}, "go admm")
	}}}
	if cfg.ladmap {
		solvers = append(solvers, benchSolver{"go ladmap", func() (benchRow, error) {
			return runGo(set, &lowrank.LADMAP{PaperEta: true}, "go ladmap")
		}})
	}
	if py != nil {
		solvers = append(solvers, benchSolver{"numpy ladmap", func() (benchRow, error) { return py.run(set) }})
	}
	if tight := cfg.tight; tight > 0 {
		solvers = append(solvers, benchSolver{"go admm tight", func() (benchRow, error) {
			return runGo(set, &lowrank.ADMM{Gap: tight, MaxIter: 100000}, fmt.Sprintf("go admm gap %g", tight))
		}})
	}
	return solvers
}

// runRepeats runs the solvers repeat times, interleaved, and keeps the
// fastest row of each.
func runRepeats(name string, solvers []benchSolver, repeat int, stderr io.Writer) ([]benchRow, error) {
	rows := make([]benchRow, len(solvers))
	for r := 0; r < repeat; r++ {
		for i, s := range solvers {
			row, err := s.run()
			if err != nil {
				return nil, fmt.Errorf("%s, %s: %w", name, s.name, err)
			}
			fmt.Fprintf(stderr, "  %s: %d iterations, %.2f s, objective %.6g\n", row.solver, row.iterations, row.seconds, row.objective)
			if r == 0 || row.seconds < rows[i].seconds {
				rows[i] = row
			}
		}
	}
	return rows, nil
}

// writeBenchRows writes the case's rows to the table and returns the best
// certified lower bound among them.
func writeBenchRows(tw io.Writer, name string, n, d int, rows []benchRow) float64 {
	lower := math.Inf(-1)
	numpySecs, numpyCPU, numpyBound := math.NaN(), math.NaN(), ""
	for _, r := range rows {
		lower = math.Max(lower, r.lower)
		if strings.HasPrefix(r.solver, "numpy") {
			numpySecs, numpyCPU = r.seconds, r.cpu
			if !r.converged {
				numpyBound = ">="
			}
		}
	}
	for _, r := range rows {
		ratio, cpuRatio := "-", "-"
		if !math.IsNaN(numpySecs) && !strings.HasPrefix(r.solver, "numpy") {
			ratio = fmt.Sprintf("%s%.1fx", numpyBound, numpySecs/r.seconds)
			if !math.IsNaN(numpyCPU) && !math.IsNaN(r.cpu) {
				cpuRatio = fmt.Sprintf("%s%.1fx", numpyBound, numpyCPU/r.cpu)
			}
		}
		conv := ""
		if !r.converged {
			conv = " (cap)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d%s\t%.2f\t%.2f\t%s\t%.6g\t%.3f\t%.2f\t%d\t%s\t%s\t%s\t%s\t\n",
			name, r.solver, n, d, r.iterations, conv, r.seconds, 1000*r.seconds/float64(max(r.iterations, 1)), orDash(r.firstGraph),
			r.objective, 100*(r.objective-lower)/lower, 100*r.within, r.rank, ratio, orDash(r.cpu), cpuRatio, orDash(r.firstGraphCPU))
	}
	return lower
}

// orDash formats v with two decimals, "-" if it is NaN (unknown).
func orDash(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.2f", v)
}

// printBenchLegend explains the table's columns, then prints the notes.
func printBenchLegend(stdout io.Writer, notes []string) {
	fmt.Fprintln(stdout)
	fmt.Fprintln(stdout, "seconds: the solver alone (fastest of -repeat runs); first graph s: time until the streamed iterate's graph")
	fmt.Fprintln(stdout, "is within 1 point of the final within-class weight; above bound %: objective above the best certified lower")
	fmt.Fprintln(stdout, "bound on the optimum (Bounds on each run's multipliers), an upper bound on its distance to the optimum;")
	fmt.Fprintln(stdout, "within-class %: share of W's off-diagonal weight inside the true classes; rank: rank of the returned Z;")
	fmt.Fprintln(stdout, "vs NumPy: NumPy seconds / Go seconds (>= when the NumPy run was capped: a lower bound); cpu s: CPU seconds")
	fmt.Fprintln(stdout, "of the process during the solve (user + system; less sensitive than seconds to other load on the machine);")
	fmt.Fprintln(stdout, "vs NumPy cpu: the same ratio in CPU seconds; first graph cpu s: first graph s in CPU seconds.")
	for _, n := range notes {
		fmt.Fprintln(stdout, n)
	}
}

// runGo solves the case with the Go solver m, streaming the progress to
// measure when the first useful graph appears.
func runGo(set *dataset.Set, m lowrank.Method, name string) (benchRow, error) {
	_, n := set.X.Dims()
	type sample struct {
		at     time.Duration
		cpuAt  float64
		within float64
	}
	var trace []sample
	var inCallback time.Duration
	start := time.Now()
	cpu0 := cli.CPUSeconds()
	zc := mat.NewDense(n, n, nil)
	var cbCPU float64
	progress := func(p lowrank.Progress) {
		t0, c0 := time.Now(), cli.CPUSeconds()
		defer func() { cbCPU += cli.CPUSeconds() - c0 }()
		zc.Copy(p.Z)
		w := weights.ThresholdNormalized(zc, 0)
		trace = append(trace, sample{t0.Sub(start) - inCallback, c0 - cpu0 - cbCPU, weights.WithinClass(w, set.Labels)})
		inCallback += time.Since(t0)
	}
	res, err := lowrank.NNLRS(context.Background(), set.X, nil, lowrank.DefaultParams(), m, progress)
	secs := (time.Since(start) - inCallback).Seconds()
	cpu := cli.CPUSeconds() - cpu0 - cbCPU
	if err != nil {
		return benchRow{}, err
	}
	row := benchRow{solver: name, iterations: res.Iterations, converged: res.Status == lowrank.Converged, seconds: secs, cpu: cpu,
		objective: res.Objective, rank: res.RankZ, firstGraph: math.NaN(), firstGraphCPU: math.NaN()}
	row.within = weights.WithinClass(weights.ThresholdNormalized(res.Z, 0), set.Labels)
	for _, t := range trace {
		if t.within >= row.within-0.01 {
			row.firstGraph, row.firstGraphCPU = t.at.Seconds(), t.cpuAt
			break
		}
	}
	_, row.lower, err = lowrank.Bounds(set.X, nil, lowrank.DefaultParams(), res.H, res.Y1, res.Y2)
	return row, err
}

// rankOf counts the singular values above 1e-10 times the largest, as
// lowrank.Result.RankZ does.
func rankOf(m *mat.Dense) int {
	var svd mat.SVD
	if !svd.Factorize(m, mat.SVDNone) {
		return -1
	}
	sv := svd.Values(nil)
	r := 0
	for _, v := range sv {
		if v > 1e-10*sv[0] {
			r++
		}
	}
	return r
}
