package main

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"nnlrs/core/experiment"
	"nnlrs/core/method"
)

// The folders, within a results folder, of the runs the verdict weighs
// beside the tables' runs: the β sweep (Table IV) and the runs under
// readings of the paper, one folder each (readings/NAME/trials/DATASET/).
const (
	sweepFolder    = "pie-beta-sweep"
	readingsFolder = "readings"
	// whyFile is the hand-written Markdown that follows the verdict.
	whyFile = "WHY.md"
	// verdictFile is the verdict as JSON (paper.Verdict), for the site.
	verdictFile = "verdict.json"
)

// verdictRuns gathers what the verdict on the results folder dir weighs:
// tables, the tables' merged runs; the β sweep; and for every run under
// a reading in dir/readings/*/ whose trials share some with the tables'
// trial files, the tables under that reading over those trials
// (experiment.OverlayTrials) and the tables over the same trials.
func verdictRuns(dir string, tables []*experiment.Results) (experiment.VerdictRuns, error) {
	v := experiment.VerdictRuns{Tables: tables}
	sweep, err := readSaved(filepath.Join(dir, sweepFolder), "pie")
	if err != nil {
		return v, err
	}
	v.Sweep = sweep
	entries, err := os.ReadDir(filepath.Join(dir, readingsFolder))
	if errors.Is(err, fs.ErrNotExist) {
		return v, nil
	}
	if err != nil {
		return v, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, readingsFolder, e.Name())
		for _, p := range experiment.Protocols() {
			rts, err := readTrials(sub, p.Name)
			if err != nil {
				return v, err
			}
			if len(rts) == 0 || len(rts[0].Settings.Readings) == 0 {
				continue // not under a reading: a run for the record
			}
			base, err := readTrials(dir, p.Name)
			if err != nil || len(base) == 0 {
				return v, err
			}
			over, err := experiment.OverlayTrials(base, rts)
			if err != nil {
				return v, usagef("%s: %v", trialsDir(sub, p.Name), err)
			}
			var same []experiment.Trial
			for _, t := range base {
				if slices.ContainsFunc(over, func(o experiment.Trial) bool { return o.Number == t.Number }) {
					same = append(same, t)
				}
			}
			res, err := experiment.Merge(over)
			if err != nil {
				return v, usagef("%s: %v", trialsDir(sub, p.Name), err)
			}
			def, err := experiment.Merge(same)
			if err != nil {
				return v, err
			}
			for _, name := range rts[0].Settings.Readings {
				v.Readings = append(v.Readings, experiment.ReadingRun{Reading: name, Graphs: readingGraphs(name, rts[0].Settings.Graphs),
					Results: res, Defaults: def})
			}
		}
	}
	return v, nil
}

// readingGraphs returns the graphs of built, a reading's run, that the
// reading name changes.
func readingGraphs(name string, built []method.Name) []method.Name {
	r, err := experiment.LookupReading(name)
	if err != nil {
		return nil
	}
	var out []method.Name
	for _, g := range built {
		if slices.Contains(r.Changes(), g) {
			out = append(out, g)
		}
	}
	return out
}

// writeJSON writes v as indented JSON and a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
