package presets

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/format"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/demo/draw"
	"nnlrs/core/experiment"
	"nnlrs/core/method"
	"nnlrs/tools/nnlrs/internal/cli"
	"nnlrs/ui/params"
)

// Command is the presets command: choose the page's settings for the built-in data sets by cross-validation and write ui/params/presets.go.
var Command = cli.Command{Name: "presets", Summary: "choose the page's settings for the built-in data sets by cross-validation and write ui/params/presets.go", Run: presetsCmd}

// presetPlan fixes, per built-in data set, the draw the page opens it
// with: Classes × PerClass samples of the site's subset, Labeled percent of
// each class labeled. n stays at most 150, so that NNLRS's hundreds of
// SVDs of n×n matrices take seconds in the browser's single thread, and
// every class keeps at least 5 labeled samples, so that 3-fold
// cross-validation hides 1-2 per class and leaves 3-4 to propagate from:
//
//	USPS 4 digits × 25 at 20%: 5 labeled per digit, n = 100;
//	Yale B and PIE 5 subjects × 20 at 30%: 6 labeled per subject, n = 100
//	(faces need more labels per class than digits: their classes differ
//	by identity under large changes of lighting and pose).
var presetPlan = map[string]struct {
	classes, perClass int
	labeled           float64 // percent
}{
	"usps":  {4, 25, 20},
	"yaleb": {5, 20, 30},
	"pie":   {5, 20, 30},
}

// presetFoldStream is the random stream of the cross-validation folds.
const presetFoldStream = 0x666f6c6473

// presetsConfig is the checked flags of `nnlrs presets`.
type presetsConfig struct {
	dataDir, out, doc string
	outs              cli.Outputs
	goOut, docOut     *cli.Output
	seeds             []uint64
	grid              experiment.PresetGrid
	folds             int
	quiet             bool
}

// presetsCmd measures the presets of the built-in data sets: for every
// set of demo.Builtins found in -datasets and every seed, it draws the
// samples and labels the page draws for that seed (draw.From on the
// site's subset, demo.Labels), and lets
// experiment.SearchPreset choose NNLRS's λ, β, θ and LRR's λ on the
// labeled samples. It writes the Go file of params.Presets and a Markdown
// report with the measured test errors.
func presetsCmd(args []string, stdout, stderr io.Writer) error {
	cfg, err := parsePresetsFlags(args, stderr)
	if err != nil {
		return err
	}
	start, cpuStart := time.Now(), cli.CPUSeconds()
	progress := func(s string) {
		if !cfg.quiet {
			fmt.Fprintf(stderr, "%6.1fs %s\n", time.Since(start).Seconds(), s)
		}
	}
	var rows []experiment.PresetRow
	for _, sub := range demo.Builtins {
		row, ok, err := cfg.searchSubset(sub, progress, stderr)
		if err != nil {
			return err
		}
		if ok {
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 {
		return cli.Usagef("none of the site's data sets is in %s", cfg.dataDir)
	}
	elapsed, cpu := time.Since(start), cli.CPUSeconds()-cpuStart
	command := "go run ./tools/nnlrs presets " + strings.Join(args, " ")
	if err := cfg.write(rows, command, elapsed, cpu); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "nnlrs presets: wrote %s and %s in %.0f s (%.0f s of CPU)\n", cfg.out, cfg.doc, elapsed.Seconds(), cpu)
	fmt.Fprint(stdout, experiment.PresetTable(rows, ""))
	return nil
}

// parsePresetsFlags declares, parses and checks the flags of
// `nnlrs presets`.
func parsePresetsFlags(args []string, stderr io.Writer) (*presetsConfig, error) {
	fs := flag.NewFlagSet("nnlrs presets", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := &presetsConfig{grid: experiment.DefaultPresetGrid()}
	fs.StringVar(&cfg.dataDir, "datasets", cli.DefaultDataDir, "folder holding the MAT-files of the site's data sets")
	seedList := fs.String("seeds", "1,2,3", "seeds of the page's draws to choose over (comma-separated)")
	fs.StringVar(&cfg.out, "out", filepath.Join("ui", "params", "presets.go"), "Go file to write (package params)")
	fs.StringVar(&cfg.doc, "doc", filepath.Join("docs", "PRESETS.md"), "Markdown report to write")
	gLambda := fs.String("lambda", cli.Floats(cfg.grid.Lambda), "NNLRS lambda grid (slider steps)")
	gBeta := fs.String("beta", cli.Floats(cfg.grid.Beta), "NNLRS beta grid (slider steps)")
	gTheta := fs.String("theta", cli.Floats(cfg.grid.Theta), "NNLRS theta grid (slider steps; thresholds the solved Z)")
	gLRR := fs.String("lrr-lambda", cli.Floats(cfg.grid.LRRLambda), "LRR lambda grid (slider steps)")
	fs.IntVar(&cfg.folds, "folds", 3, "cross-validation folds")
	fs.BoolVar(&cfg.quiet, "quiet", false, "no progress on stderr")
	if err := cli.ParseFlags(fs, args); err != nil {
		return nil, err
	}
	var err error
	if cfg.seeds, err = parseSeeds(*seedList); err != nil {
		return nil, err
	}
	for _, g := range []struct {
		flag, steps string
		s           string
		dst         *[]float64
		positive    bool
	}{
		{"-lambda", "lambda", *gLambda, &cfg.grid.Lambda, true},
		{"-beta", "beta", *gBeta, &cfg.grid.Beta, false},
		{"-theta", "theta", *gTheta, &cfg.grid.Theta, false},
		{"-lrr-lambda", "lambda", *gLRR, &cfg.grid.LRRLambda, true},
	} {
		if *g.dst, err = parseSteps(g.flag, g.steps, g.s, g.positive); err != nil {
			return nil, err
		}
	}
	if cfg.folds < 2 {
		return nil, cli.Usagef("-folds must be at least 2, have %d", cfg.folds)
	}
	if cfg.goOut, err = cfg.outs.Add("-out", cfg.out); err != nil {
		return nil, err
	}
	if cfg.docOut, err = cfg.outs.Add("-doc", cfg.doc); err != nil {
		return nil, err
	}
	return cfg, nil
}

// parseSeeds parses the comma-separated -seeds.
func parseSeeds(s string) ([]uint64, error) {
	var seeds []uint64
	for _, f := range strings.Split(s, ",") {
		var seed uint64
		if _, err := fmt.Sscan(strings.TrimSpace(f), &seed); err != nil {
			return nil, cli.Usagef("-seeds: %q is not a seed", cli.Excerpt(f))
		}
		seeds = append(seeds, seed)
	}
	return seeds, nil
}

// parseSteps parses the grid s of flag name, whose values must be steps
// of the page's slider steps.
func parseSteps(name, steps, s string, positive bool) ([]float64, error) {
	v, err := cli.ParseFloats(s, positive)
	if err != nil {
		return nil, cli.Usagef("%s: %v", name, err)
	}
	for _, x := range v {
		if !slices.Contains(params.Lookup(steps).Steps, x) {
			return nil, cli.Usagef("%s: %g is not a step of the page's %s slider %v", name, x, steps, params.Lookup(steps).Steps)
		}
	}
	return v, nil
}

// searchSubset draws the page's draws of sub for every seed and chooses
// its preset by cross-validation. It returns false, after a note on
// stderr, when sub's file is not in -datasets.
func (cfg *presetsConfig) searchSubset(sub demo.Builtin, progress func(string), stderr io.Writer) (experiment.PresetRow, bool, error) {
	plan, ok := presetPlan[sub.Name]
	if !ok {
		return experiment.PresetRow{}, false, fmt.Errorf("no preset plan for %s", sub.Name)
	}
	if _, err := os.Stat(filepath.Join(cfg.dataDir, sub.File)); err != nil {
		fmt.Fprintf(stderr, "nnlrs presets: skipping %s: %v\n", sub.Name, err)
		return experiment.PresetRow{}, false, nil
	}
	if !slices.Contains(params.Lookup("labeled").Steps, plan.labeled) || plan.classes > sub.Classes || plan.perClass > sub.PerClass {
		return experiment.PresetRow{}, false, fmt.Errorf("the plan of %s does not fit the page or the site", sub.Name)
	}
	site, err := draw.Site(sub, cfg.dataDir)
	if err != nil {
		return experiment.PresetRow{}, false, err
	}
	var draws []experiment.PresetDraw
	for _, seed := range cfg.seeds {
		d, err := pageDraw(site, demo.Data{Dataset: sub.Name, Classes: plan.classes, PerClass: plan.perClass, Seed: seed}, plan.labeled)
		if err != nil {
			return experiment.PresetRow{}, false, fmt.Errorf("%s: %v", sub.Name, err)
		}
		draws = append(draws, d)
	}
	c := experiment.PresetConfig{Grid: cfg.grid, Folds: cfg.folds, Alpha: 0.99,
		Progress: func(s string) { progress(sub.Name + " " + s) }}
	p, err := experiment.SearchPreset(context.Background(), draws, c)
	if err != nil {
		return experiment.PresetRow{}, false, fmt.Errorf("%s: %v", sub.Name, err)
	}
	return experiment.PresetRow{Name: sub.Name, Classes: plan.classes, PerClass: plan.perClass,
		Labeled: plan.labeled / 100, Preset: p}, true, nil
}

// write writes the Go file of the presets and the Markdown report, both
// or neither.
func (cfg *presetsConfig) write(rows []experiment.PresetRow, command string, elapsed time.Duration, cpu float64) error {
	src, err := presetsGo(rows, command, cfg.doc, floats64(cfg.seeds))
	if err != nil {
		return err
	}
	doc := presetsDoc(rows, command, cfg.seeds, cfg.grid, cfg.folds, elapsed, cpu)
	cfg.goOut.Set(func(w io.Writer) error {
		_, err := w.Write(src)
		return err
	})
	cfg.docOut.Set(func(w io.Writer) error {
		_, err := io.WriteString(w, doc)
		return err
	})
	return cfg.outs.Commit()
}

// pageDraw draws what the page draws from the site's subset of a
// built-in set: the samples of d (draw.From), percent % of every
// class labeled (demo.Labels with d.Seed), and the folds of the search.
func pageDraw(site *dataset.Set, d demo.Data, percent float64) (experiment.PresetDraw, error) {
	set, err := draw.From(site, d)
	if err != nil {
		return experiment.PresetDraw{}, err
	}
	return experiment.PresetDraw{
		Set:   set,
		Given: demo.Labels(set.Labels, percent, d.Seed),
		Folds: rand.New(rand.NewPCG(d.Seed, presetFoldStream)),
	}, nil
}

// presetsGo returns the gofmt'ed source of ui/params/presets.go.
func presetsGo(rows []experiment.PresetRow, command, doc, seedList string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by %q; DO NOT EDIT.\n\n", command)
	b.WriteString("package params\n\nimport (\n\t\"nnlrs/core/demo\"\n\t\"nnlrs/core/method\"\n)\n\n")
	fmt.Fprintf(&b, "// Presets are the settings the page opens the built-in data sets with,\n")
	fmt.Fprintf(&b, "// chosen by GHF cross-validation on the labeled samples only, summed over\n")
	fmt.Fprintf(&b, "// the page's draws of a few seeds (tools/nnlrs presets, %s).\n", filepath.ToSlash(doc))
	fmt.Fprintf(&b, "// The test errors below, on the unlabeled samples, were measured with\n")
	fmt.Fprintf(&b, "// the choice and never used to make it.\n//\n")
	b.WriteString(experiment.PresetTable(rows, "//\t"))
	b.WriteString("var Presets = map[string]Preset{\n")
	for _, r := range rows {
		p := r.Preset
		fmt.Fprintf(&b, "\t%q: {Classes: %d, PerClass: %d, Labeled: %g, Params: demo.Params{Beta: %g, Lambda: %g, Theta: %g, LRRLambda: %g},\n\t\tSeeds: %q, ErrorGHF: map[method.Name]float64{",
			r.Name, r.Classes, r.PerClass, 100*r.Labeled, p.Beta, p.Lambda, p.Theta, p.LRRLambda, seedList)
		for i, sc := range p.Scores {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q: %.4f", sc.Graph, sc.ErrorGHF)
		}
		b.WriteString("}},\n")
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting the presets: %v", err)
	}
	return src, nil
}

// presetsDoc returns docs/PRESETS.md.
func presetsDoc(rows []experiment.PresetRow, command string, seeds []uint64, grid experiment.PresetGrid, folds int, elapsed time.Duration, cpu float64) string {
	var b strings.Builder
	b.WriteString("# Presets of the built-in data sets\n\n")
	b.WriteString("Generated by `" + command + "`; do not edit (rerun it).\n\n")
	fmt.Fprintf(&b, "The page opens each built-in data set with these settings (`ui/params/presets.go`). For every data set "+
		"and seed (%s) the command draws the samples and labels the page's worker draws: the site's subset "+
		"(`core/demo`), then classes × per class at random, scaled to unit norm, no noise, no corruption, "+
		"and the labeled percentage of every class. It builds the NNLRS graph for every λ and β of the grid "+
		"(θ only thresholds the solved Z) and the LRR graph for every λ, with `graph.DefaultOptions` as the worker does "+
		"but for an iteration cap of %d: a candidate whose solver reaches it on some seed is left out, as too slow for the page "+
		"(`experiment.DefaultPresetMaxIter`); it then "+
		"keeps the candidate that misclassifies fewest held-out labeled samples in %d-fold cross-validation of GHF, "+
		"the counts summed over the seeds (ties: the higher mean confidence, then the first in the grid). "+
		"The labels of the unlabeled samples are never used to choose.\n\n", floats64(seeds), experiment.DefaultPresetMaxIter, folds)
	fmt.Fprintf(&b, "Grid: NNLRS λ ∈ {%s}, β ∈ {%s}, θ ∈ {%s}; LRR λ ∈ {%s}, all steps of the page's sliders. "+
		"The run took %.0f s of wall time and %.0f s of CPU time (one process; run it with GOMAXPROCS=1 to keep it on one core).\n\n",
		cli.Floats(grid.Lambda), cli.Floats(grid.Beta), cli.Floats(grid.Theta), cli.Floats(grid.LRRLambda), elapsed.Seconds(), cpu)
	b.WriteString("## Choices\n\n")
	b.WriteString("Labeled: percentage of each class, in parentheses the labeled samples of a draw. CV error: held-out labeled samples misclassified.\n\n")
	b.WriteString(experiment.PresetTable(rows, ""))
	b.WriteString("\nThe second table is measured, not chosen from: every graph with the preset, GHF and LGC (α = 0.99) error on the " +
		"unlabeled samples, averaged over the seeds (min-max of GHF over the seeds), the share of W on its diagonal and the " +
		"share of the off-diagonal weight within classes. kNN is kNN0 (k = 5, σ = 1), l1 the ℓ1 graph at its default λ.\n\n")
	b.WriteString("## Where NNLRS stands\n\n")
	for _, r := range rows {
		nn, ok := r.Preset.Score(method.NNLRS)
		if !ok {
			continue
		}
		var better []string
		for _, s := range r.Preset.Scores {
			if s.Graph != method.NNLRS && s.ErrorGHF < nn.ErrorGHF {
				better = append(better, fmt.Sprintf("%s %.1f%%", s.Graph, 100*s.ErrorGHF))
			}
		}
		if len(better) == 0 {
			fmt.Fprintf(&b, "- %s: NNLRS has the lowest GHF error (%.1f%%).\n", r.Name, 100*nn.ErrorGHF)
		} else {
			fmt.Fprintf(&b, "- %s: NNLRS loses under GHF: %.1f%% against %s.\n", r.Name, 100*nn.ErrorGHF, strings.Join(better, ", "))
		}
	}
	return b.String()
}

func floats64(v []uint64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
