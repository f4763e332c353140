package reproduce

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"

	"nnlrs/core/experiment"
	"nnlrs/tools/nnlrs/internal/cli"
)

// The trial files of reproduce: one JSON file per data set and trial,
// DIR/trials/NAME/NNNN.json (experiment.Trial, with its settings), written
// atomically as each trial finishes. They are what a run resumes from,
// what the shards of a run on several machines share, and what
// -render-only merges.

// trialsDir returns the folder of the trial files of data set name in the
// Output folder out.
func trialsDir(out, name string) string { return filepath.Join(out, "trials", name) }

// trialPath returns the file of trial number (from 1) of data set name.
func trialPath(out, name string, number int) string {
	return filepath.Join(trialsDir(out, name), fmt.Sprintf("%04d.json", number))
}

// ReadTrials reads the trial files of data set name in out, sorted by
// number; none (or no folder) is no error. A file that does not parse, or
// holds a trial other than its name says, is a usage error naming it.
func ReadTrials(out, name string) ([]experiment.Trial, error) {
	dir := trialsDir(out, name)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, cli.Usagef("%s: %v", dir, cli.Reason(err))
	}
	var ts []experiment.Trial
	for _, e := range entries {
		base := e.Name()
		if e.IsDir() || strings.HasPrefix(base, ".") || !strings.HasSuffix(base, ".json") {
			continue // temporary files of writes under way start with a dot
		}
		path := filepath.Join(dir, base)
		number, err := strconv.Atoi(strings.TrimSuffix(base, ".json"))
		if err != nil || number < 1 {
			return nil, cli.Usagef("%s is not a trial file (NNNN.json, the trial's number); move it out of %s", path, dir)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, cli.Usagef("%s: %v", path, cli.Reason(err))
		}
		var t experiment.Trial
		if err := json.Unmarshal(b, &t); err != nil {
			return nil, cli.Usagef("%s does not parse (%v); remove it to run the trial again", path, err)
		}
		if t.Number != number || t.Settings.Protocol.Name != name {
			return nil, cli.Usagef("%s holds trial %d of %q; a trial file keeps the name and folder it was written with", path, t.Number, cli.Excerpt(t.Settings.Protocol.Name))
		}
		ts = append(ts, t)
	}
	slices.SortFunc(ts, func(a, b experiment.Trial) int { return a.Number - b.Number })
	return ts, nil
}

// writeTrial writes trial t of data set name into out, atomically (a
// temporary file renamed into place), with the weights figure of the
// first trial beside the run's other figures.
func writeTrial(out string, t experiment.Trial) error {
	name := t.Settings.Protocol.Name
	b, err := linesJSON(t)
	if err != nil {
		return err
	}
	outs := cli.Outputs{MakeFolders: true}
	f, err := outs.Add("-out", trialPath(out, name, t.Number))
	if err != nil {
		return err
	}
	f.Set(func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
	if fig := weightsFigure(&experiment.Results{Protocol: t.Settings.Protocol, Example: t.Example}); fig != nil {
		g, err := outs.Add("-out", filepath.Join(out, "figures", name+"-weights.png"))
		if err != nil {
			return err
		}
		g.Set(fig)
	}
	return outs.Commit()
}

// linesJSON encodes v, a struct, as a JSON object with one field per line
// and the elements of its arrays of objects one per line, compact, so
// that trial files read and compare line by line.
func linesJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString("{")
	for i := 0; dec.More(); i++ {
		k, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, err
		}
		key, _ := json.Marshal(k)
		if i > 0 {
			out.WriteString(",")
		}
		fmt.Fprintf(&out, "\n %s: ", key)
		var elems []json.RawMessage
		if json.Unmarshal(val, &elems) == nil && len(elems) > 0 && elems[0][0] == '{' {
			out.WriteString("[")
			for j, e := range elems {
				if j > 0 {
					out.WriteString(",")
				}
				fmt.Fprintf(&out, "\n  %s", e)
			}
			out.WriteString("\n ]")
			continue
		}
		out.Write(val)
	}
	out.WriteString("\n}\n")
	return out.Bytes(), nil
}

// checkSettings refuses, with one line naming the first setting that
// differs, to add trials made with s to the trials ts of a folder.
func checkSettings(out string, ts []experiment.Trial, s experiment.Settings) error {
	for _, t := range ts {
		if name, mine, theirs, differ := s.Diff(t.Settings); differ {
			return cli.Usagef("%s is %s there, %s here: %s holds trials made with other settings (trial %d); use another -out folder, or the same settings",
				settingName(name), cli.Excerpt(theirs), cli.Excerpt(mine), trialsDir(out, s.Protocol.Name), t.Number)
		}
	}
	return nil
}

// settingName names a setting (a path of experiment.Settings) by the flag
// that sets it.
func settingName(path string) string {
	flags := map[string]string{
		"data": "-data (the data set's contents)", "seed": "-seed", "labeled": "-labeled", "graphs": "-graphs",
		"propagators": "-propagators", "solvers": "-solver, -paper-eta or -max-iter", "sweep_betas": "-beta-sweep",
		"readings": "-reading", "candidates": "-candidates",
		"params.tuned": "-tune", "params.Grid": "-tune", "params.Beta": "-beta", "params.Lambda": "-lambda",
		"params.Theta": "-theta", "params.LRRLambda": "-lrr-lambda", "params.Gamma": "-gamma", "params.Dim": "-dim",
		"params.EFNormalize": "-ef-normalize", "params.EFOuter": "-ef-outer", "params.SweepLambda": "-sweep-lambda",
		"params.Folds": "-folds", "params.Grid.Lambda": "-tune-lambda", "params.Grid.Beta": "-tune-beta",
		"params.Grid.Theta": "-tune-theta", "params.Grid.LRRLambda": "-tune-lrr-lambda",
	}
	if f, ok := flags[path]; ok {
		return f
	}
	return path
}

// shard is the part I (from 1) of N of a run's trials that -shard I/N
// selects: the trials t with (t-1) mod N = I-1, that is I, I+N, I+2N, …
// The zero shard is the whole run.
type shard struct{ i, n int }

func parseShard(s string) (shard, error) {
	if s == "" {
		return shard{}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return shard{}, cli.Usagef("-shard %q is not I/N with 1 <= I <= N (the I-th of N parts, as 2/10)", cli.Excerpt(s))
	}
	return shard{i, n}, nil
}

func (s shard) whole() bool { return s.n <= 1 }

// has reports whether the shard runs trial number (from 1).
func (s shard) has(number int) bool { return s.whole() || (number-1)%s.n == s.i-1 }

func (s shard) String() string { return fmt.Sprintf("%d/%d", s.i, s.n) }

// numbers returns the numbers of the trials in ts.
func numbers(ts []experiment.Trial) []int {
	out := make([]int, len(ts))
	for i, t := range ts {
		out[i] = t.Number
	}
	return out
}

// trialCommand is the command line of reproduce with args, as trials
// record it: without -shard, -trials and -status, which change which
// trials run, not their numbers (Merge's Results get -trials back).
func trialCommand(args []string) string {
	var keep []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && (name == "shard" || name == "trials") {
			if !hasValue {
				i++ // the value follows
			}
			continue
		}
		keep = append(keep, a)
	}
	return cli.CommandLine("reproduce", keep)
}

// mergedCommand is the command that reprints the merged res: a trial's
// command with the trials merged and missing as -trials.
func mergedCommand(res *experiment.Results) string {
	if res.Command == "" {
		return ""
	}
	return res.Command + " -trials " + strconv.Itoa(res.Trials+len(res.Missing))
}

// trialsLine says how many trials res holds and, if some of those
// planned are missing, which: "48 of 50 trials; missing 17, 33".
func trialsLine(res *experiment.Results) string {
	if len(res.Missing) == 0 {
		return cli.Count(res.Trials, "trial")
	}
	return fmt.Sprintf("%d of %d trials; missing %s", res.Trials, res.Trials+len(res.Missing), experiment.TrialRanges(res.Missing))
}

// codeVersion names the code of this program for the trials it writes:
// the module's version and the VCS revision go stamps into a build made in
// a git clone (and whether the clone had changes), or, for a build without
// it (in a git worktree, or with -buildvcs=false), the SHA-256 of the
// executable, which tells two builds apart but not their source.
var codeVersion = sync.OnceValue(func() string {
	mod := "nnlrs"
	if bi, ok := debug.ReadBuildInfo(); ok {
		mod += " " + bi.Main.Version
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" {
			if modified == "true" {
				rev += " (modified)"
			}
			return mod + ", git " + rev
		}
	}
	v := mod + ", no VCS information in the build"
	if exe, err := os.Executable(); err == nil {
		if b, err := os.ReadFile(exe); err == nil {
			v += fmt.Sprintf(", executable sha256 %x", sha256.Sum256(b))
		}
	}
	return v
})
