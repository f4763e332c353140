package reproduce

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"nnlrs/core/experiment"
	"nnlrs/tools/nnlrs/internal/cli"
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
	// optimumFolder, within the readings folder, holds runs under the
	// defaults with the settings of runs under a reading of the NNLRS
	// solver, to pair with them trial by trial (experiment.PairSolvers).
	optimumFolder = "optimum"
)

// verdictRuns gathers what the verdict on the results folder dir weighs:
// tables, the tables' merged runs; the β sweep; and for every run under
// a reading in dir/readings/*/ whose trials share some with the tables'
// trial files, the tables under that reading over those trials
// (experiment.OverlayTrials) and the tables over the same trials.
//
// It also pairs, trial by trial, every run under a reading with the run of
// readings/optimum of the same data set (pairs).
func verdictRuns(dir string, tables []*experiment.Results) (v experiment.VerdictRuns, pairs []experiment.SolverPair, err error) {
	v.Tables = tables
	if v.Sweep, err = readSaved(filepath.Join(dir, sweepFolder), "pie"); err != nil {
		return v, nil, err
	}
	entries, err := os.ReadDir(filepath.Join(dir, readingsFolder))
	if errors.Is(err, fs.ErrNotExist) {
		return v, nil, nil
	}
	if err != nil {
		return v, nil, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, readingsFolder, e.Name())
		for _, p := range experiment.Protocols() {
			rts, err := ReadTrials(sub, p.Name)
			if err != nil {
				return v, nil, err
			}
			if len(rts) == 0 || len(rts[0].Settings.Readings) == 0 {
				continue // not under a reading: a run for the record
			}
			opt, err := ReadTrials(filepath.Join(dir, readingsFolder, optimumFolder), p.Name)
			if err != nil {
				return v, nil, err
			}
			if len(opt) > 0 {
				if _, _, _, differ := withoutSolver(rts[0].Settings).Diff(withoutSolver(opt[0].Settings)); !differ {
					pairs = append(pairs, experiment.PairSolvers(rts, opt)...)
				}
			}
			base, err := ReadTrials(dir, p.Name)
			if err != nil {
				return v, nil, err
			}
			if len(base) == 0 {
				continue
			}
			over, err := experiment.OverlayTrials(base, rts)
			if err != nil {
				return v, nil, cli.Usagef("%s: %v", trialsDir(sub, p.Name), err)
			}
			var same []experiment.Trial
			for _, t := range base {
				if slices.ContainsFunc(over, func(o experiment.Trial) bool { return o.Number == t.Number }) {
					same = append(same, t)
				}
			}
			res, err := experiment.Merge(over)
			if err != nil {
				return v, nil, cli.Usagef("%s: %v", trialsDir(sub, p.Name), err)
			}
			def, err := experiment.Merge(same)
			if err != nil {
				return v, nil, err
			}
			rr := experiment.ReadingRun{Readings: rts[0].Settings.Readings, Results: res, Defaults: def}
			for _, g := range rts[0].Settings.Graphs {
				if slices.Contains(rr.Changes(), g) {
					rr.Graphs = append(rr.Graphs, g)
				}
			}
			v.Readings = append(v.Readings, rr)
		}
	}
	return v, pairs, nil
}

// withoutSolver returns s without the settings of the NNLRS solver: those
// of a run under a reading of it and of its pair under the defaults.
func withoutSolver(s experiment.Settings) experiment.Settings {
	s.Readings, s.Solvers = nil, ""
	return s
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
