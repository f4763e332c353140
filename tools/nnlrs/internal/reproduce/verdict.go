package reproduce

import (
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"nnlrs/core/experiment"
	"nnlrs/core/experiment/report"
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

// beside are the runs the results page sets beside the tables: what the
// verdict weighs, the solver pairs, and the runs that recorded every
// candidate of their grid.
type beside struct {
	verdict experiment.VerdictRuns
	pairs   []experiment.SolverPair
	oracles []report.OracleRun
}

// besideRuns gathers them from the results folder dir: for the verdict,
// tables (the tables' merged runs), the β sweep, and for every run under a
// reading in dir/readings/*/ whose trials share some with the tables'
// trial files, the tables under that reading over those trials
// (experiment.OverlayTrials) and the tables over the same trials; every
// run under a reading paired, trial by trial, with the run of
// readings/optimum of the same data set; and every run there that
// recorded its candidates.
func besideRuns(dir string, tables []*experiment.Results) (out beside, err error) {
	v := &out.verdict
	v.Tables = tables
	if v.Sweep, err = readSaved(filepath.Join(dir, sweepFolder), "pie"); err != nil {
		return out, err
	}
	entries, err := os.ReadDir(filepath.Join(dir, readingsFolder))
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		sub := filepath.Join(dir, readingsFolder, e.Name())
		for _, p := range experiment.Protocols() {
			rts, err := ReadTrials(sub, p.Name)
			if err != nil {
				return out, err
			}
			if len(rts) > 0 && rts[0].Settings.Candidates {
				res, err := experiment.Merge(rts)
				if err != nil {
					return out, cli.Usagef("%s: %v", trialsDir(sub, p.Name), err)
				}
				name := "under the defaults"
				if rs := rts[0].Settings.Readings; len(rs) > 0 {
					name = "under " + strings.Join(rs, "+")
				}
				name += " (" + filepath.ToSlash(filepath.Join(readingsFolder, e.Name())) + ")"
				out.oracles = append(out.oracles, report.OracleRun{Name: name, Results: res})
			}
			if len(rts) == 0 || len(rts[0].Settings.Readings) == 0 {
				continue // not under a reading: a run for the record
			}
			opt, err := ReadTrials(filepath.Join(dir, readingsFolder, optimumFolder), p.Name)
			if err != nil {
				return out, err
			}
			if len(opt) > 0 {
				if _, _, _, differ := withoutSolver(rts[0].Settings).Diff(withoutSolver(opt[0].Settings)); !differ {
					out.pairs = append(out.pairs, experiment.PairSolvers(rts, opt)...)
				}
			}
			base, err := ReadTrials(dir, p.Name)
			if err != nil {
				return out, err
			}
			if len(base) == 0 {
				continue
			}
			over, err := experiment.OverlayTrials(base, rts)
			if err != nil {
				return out, cli.Usagef("%s: %v", trialsDir(sub, p.Name), err)
			}
			var same []experiment.Trial
			for _, t := range base {
				if slices.ContainsFunc(over, func(o experiment.Trial) bool { return o.Number == t.Number }) {
					same = append(same, t)
				}
			}
			res, err := experiment.Merge(over)
			if err != nil {
				return out, cli.Usagef("%s: %v", trialsDir(sub, p.Name), err)
			}
			def, err := experiment.Merge(same)
			if err != nil {
				return out, err
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
	return out, nil
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
