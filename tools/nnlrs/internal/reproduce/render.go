package reproduce

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"nnlrs/core/experiment"
	"nnlrs/core/experiment/report"
	"nnlrs/core/method"
	"nnlrs/tools/nnlrs/internal/cli"
)

// render is -render-only: it merges the trial files in -out and rebuilds
// the page and tables.
func (f *reproduceFlags) render(stdout io.Writer) error {
	if f.out == "" {
		return cli.Usagef("-out DIR is required")
	}
	page := f.pagePath
	if page == "" {
		page = filepath.Join(f.out, "RESULTS.md")
	}
	n, err := renderSaved(f.out, page, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rebuilt %s from %d saved runs\n", page, n)
	return nil
}

// addFigures adds the figures of res drawn from its cells (the error rates
// against the labeled share, and the joint-learning figure) to the outputs
// of add, and returns their names.
func addFigures(add func(rel string, write func(io.Writer) error) error, res *experiment.Results) (map[string]bool, error) {
	name := res.Protocol.Name
	var err error
	figs := map[string]func(io.Writer) error{}
	for _, p := range res.Propagators {
		if figs[name+"-"+p+".png"], err = errorFigure(res, p, nil); err != nil {
			return nil, fmt.Errorf("figure: %w", err)
		}
	}
	joint := []method.Name{method.NNLRS, method.PCANNLRS, method.NNLRSEF}
	if slices.Contains(res.Propagators, experiment.LGC) && containsAll(res.Graphs, joint) {
		if figs[name+"-joint.png"], err = errorFigure(res, experiment.LGC, joint); err != nil {
			return nil, fmt.Errorf("figure: %w", err)
		}
	}
	drawn := map[string]bool{}
	for _, file := range slices.Sorted(maps.Keys(figs)) {
		if figs[file] == nil {
			continue
		}
		drawn[file] = true
		if err := add(filepath.Join("figures", file), figs[file]); err != nil {
			return nil, err
		}
	}
	return drawn, nil
}

// addSaved adds the saved run NAME.json and the CSV tables of res to the
// Outputs of add, res annotated (experiment.Annotate) for the readers of
// the JSON.
func addSaved(add func(rel string, write func(io.Writer) error) error, res *experiment.Results) error {
	experiment.Annotate(res)
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	if err := add(res.Protocol.Name+".json", func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	}); err != nil {
		return err
	}
	return addTables(add, res)
}

// addTables adds the CSV tables of res to the outputs of add.
func addTables(add func(rel string, write func(io.Writer) error) error, res *experiment.Results) error {
	name := res.Protocol.Name
	if err := add(name+".csv", func(w io.Writer) error { return report.WriteCSV(w, res) }); err != nil {
		return err
	}
	if len(res.Sweep) > 0 {
		return add(name+"-sweep.csv", func(w io.Writer) error { return report.WriteSweepCSV(w, res) })
	}
	return nil
}

// renderSaved merges the trial files of every data set in dir into its
// DATASET.json, CSV tables and error figures, saying on stdout how many
// trials each has and which are missing (a DATASET.json saved whole by a
// run before trial files is kept while it has more trials); rebuilds the CSV tables of the
// data sets saved without trial files and their annotations in the saved
// JSON; and writes the results page at page, all or none. It returns the
// number of runs. The weights figures, drawn from the first trial's
// weights, which no file keeps, are linked as they are in dir/figures.
func renderSaved(dir, page string, stdout io.Writer) (int, error) {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return 0, cli.Usagef("-out %s is not a folder", dir)
	}
	outs := cli.Outputs{MakeFolders: true}
	add := func(rel string, write func(io.Writer) error) error {
		f, err := outs.Add("-out", filepath.Join(dir, rel))
		f.Set(write)
		return err
	}
	n := 0
	merged := map[string]*experiment.Results{}
	drawn := map[string]bool{}
	for _, p := range experiment.Protocols() {
		res, err := readSaved(dir, p.Name)
		if err != nil {
			return 0, err
		}
		ts, err := ReadTrials(dir, p.Name)
		if err != nil {
			return 0, err
		}
		if res != nil && len(res.Versions) == 0 && res.Trials > len(ts) && len(ts) > 0 {
			// A run saved whole, before trial files, with more trials.
			fmt.Fprintf(stdout, "%s: kept %s.json (%s, saved by a run before trial files) over %s in %s; the trial files replace it once they are more\n",
				p.Name, p.Name, cli.Count(res.Trials, "trial"), cli.Count(len(ts), "trial file"), trialsDir(dir, p.Name))
			ts = nil
		}
		if len(ts) > 0 {
			if res, err = experiment.Merge(ts); err != nil {
				return 0, cli.Usagef("%s: %v; move the trials of other settings to their own folder", trialsDir(dir, p.Name), err)
			}
			res.Command = mergedCommand(res)
			merged[p.Name] = res
			fmt.Fprintf(stdout, "%s: %s\n", p.Name, trialsLine(res))
			figs, err := addFigures(add, res)
			if err != nil {
				return 0, err
			}
			maps.Copy(drawn, figs)
		}
		if res == nil {
			continue
		}
		n++
		if err := addSaved(add, res); err != nil {
			return 0, err
		}
	}
	if n == 0 {
		return 0, cli.Usagef("no saved runs in %s: no trial files (trials/DATASET/) and no DATASET.json", dir)
	}
	pg, err := resultsPage(dir, page, merged, drawn)
	if err != nil {
		return 0, err
	}
	if !pg.Verdict.Empty() {
		if err := add(verdictFile, func(w io.Writer) error { return writeJSON(w, pg.Verdict) }); err != nil {
			return 0, err
		}
	}
	f, err := outs.Add("-page", page)
	if err != nil {
		return 0, err
	}
	f.Set(func(w io.Writer) error { return report.WriteMarkdown(w, pg) })
	return n, outs.Commit()
}

// readSaved reads dir/NAME.json, nil if there is none.
func readSaved(dir, name string) (*experiment.Results, error) {
	b, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var r experiment.Results
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s.json: %w", name, err)
	}
	for _, g := range r.Graphs {
		if !slices.Contains(method.Every, g) {
			return nil, fmt.Errorf("%s.json: unknown graph %q (graphs: %s)", name, cli.Excerpt(string(g)), method.Join(method.Every, ", "))
		}
	}
	return &r, nil
}

func containsAll[T comparable](s, want []T) bool {
	for _, w := range want {
		if !slices.Contains(s, w) {
			return false
		}
	}
	return true
}

// resultsPage returns the results page for the file pagePath from the
// runs saved in dir (DATASET.json, in the order usps, yaleb, pie,
// synthetic), those of fresh (by data set) in place of the saved ones,
// with dir/NOTES.md as hand-written notes and the figures found in
// dir/figures or named in drawn, linked relative to the page.
func resultsPage(dir, pagePath string, fresh map[string]*experiment.Results, drawn map[string]bool) (report.Page, error) {
	figDir := filepath.Join(dir, "figures")
	absPage, err1 := filepath.Abs(filepath.Dir(pagePath))
	absFig, err2 := filepath.Abs(figDir)
	if err1 == nil && err2 == nil {
		if rel, err := filepath.Rel(absPage, absFig); err == nil {
			figDir = rel
		}
	}
	page := report.Page{Generator: "nnlrs reproduce"}
	page.Figures = map[string][]report.Figure{}
	for _, p := range experiment.Protocols() {
		r, err := readSaved(dir, p.Name)
		if err != nil {
			return report.Page{}, err
		}
		if fr := fresh[p.Name]; fr != nil {
			r = fr
		}
		if r == nil {
			continue
		}
		page.Results = append(page.Results, r)
		var figs []report.Figure
		add := func(file, title string) {
			if _, err := os.Stat(filepath.Join(dir, "figures", file)); err == nil || drawn[file] {
				figs = append(figs, report.Figure{Title: title, Path: filepath.ToSlash(filepath.Join(figDir, file))})
			}
		}
		add(p.Name+"-weights.png", "Graph weights of the first trial, ordered by class (the paper's figure \"Visualization of different graph weights W\").")
		for _, pr := range r.Propagators {
			add(p.Name+"-"+pr+".png", "Error rate against labeled percentage, "+experiment.PropagatorTitle(pr)+".")
		}
		add(p.Name+"-joint.png", "Joint vs independent learning (the paper's Section V-E figure): NNLRS, PCA+NNLRS and NNLRS-EF under LGC (α = 0.99).")
		page.Figures[p.Name] = figs
	}
	if notes, err := os.ReadFile(filepath.Join(dir, "NOTES.md")); err == nil {
		page.Notes = string(notes)
	}
	bs, err := besideRuns(dir, page.Results)
	if err != nil {
		return report.Page{}, err
	}
	bs.verdict.Pairs = bs.pairs
	for _, o := range bs.oracles {
		bs.verdict.Oracles = append(bs.verdict.Oracles, o.Results)
	}
	page.Verdict, page.Readings = experiment.Verdict(bs.verdict), bs.verdict.Readings
	page.SolverPairs, page.Oracles = bs.pairs, bs.oracles
	if why, err := os.ReadFile(filepath.Join(dir, whyFile)); err == nil {
		page.Why = string(why)
	}
	return page, nil
}
