package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"nnlrs/core/experiment"
	"nnlrs/core/paper"
)

// The committed runs the paper's figures come from, in the results folder:
// the tables' runs of every data set, the β sweep, and the scale studies
// (nnlrs scale) of the data sets that have one.
var (
	tableRuns = []string{"usps.json", "yaleb.json", "pie.json"}
	sweepRun  = filepath.Join("pie-beta-sweep", "pie.json")
	scaleRuns = []string{"scale-yaleb.json", "scale-pie.json"}
	// verdictFile weighs the paper's claims against those runs.
	verdictFile = "verdict.json"
)

// writeEvidence writes the paper's evidence into dir: paper/index.json
// (paper.Evidence: every comparison of experiment.Compare over the runs of
// the results folder, and the galleries of the site's data sets, already
// written) and the weights figures of those runs.
func writeEvidence(dir, results string, galleries []paper.Gallery) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	load := func(name string) (*experiment.Results, error) {
		return readJSON[experiment.Results](filepath.Join(results, name))
	}
	var runs []*experiment.Results
	for _, name := range tableRuns {
		r, err := load(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		runs = append(runs, r)
	}
	ev := &paper.Evidence{Galleries: galleries}
	if v, err := readJSON[paper.Verdict](filepath.Join(results, verdictFile)); err == nil {
		ev.Verdict = v
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, name := range []string{experiment.CompareGHF, experiment.CompareLGC, experiment.CompareLGCMu, experiment.CompareSDA, experiment.CompareJoint} {
		c, err := experiment.Compare(name, runs...)
		if err != nil {
			return err
		}
		ev.Comparisons = append(ev.Comparisons, c)
	}
	if r, err := load(sweepRun); err == nil {
		c, err := experiment.Compare(experiment.CompareBeta, r)
		if err != nil {
			return err
		}
		ev.Comparisons = append(ev.Comparisons, c)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	var studies []*experiment.ScaleResults
	for _, name := range scaleRuns {
		s, err := readJSON[experiment.ScaleResults](filepath.Join(results, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		studies = append(studies, s)
	}
	if len(studies) > 0 {
		ev.Comparisons = append(ev.Comparisons, experiment.CompareStudies(studies...))
	}
	for _, r := range runs {
		png := r.Protocol.Name + "-weights.png"
		err := copyFile(filepath.Join(results, "figures", png), filepath.Join(dir, png))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		ev.Weights = append(ev.Weights, r.Protocol.Name)
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), b, 0o644)
}

// readJSON reads the JSON file path into a new T; a file that does not
// parse is an error that names it.
func readJSON[T any](path string) (*T, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v := new(T)
	if err := json.Unmarshal(b, v); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}
