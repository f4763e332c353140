package experiment

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/method"
)

// Settings are everything that decides the numbers of a trial besides
// its number: the protocol and the data it draws from, the seed, the
// labeled fractions, graphs and classifiers, the parameters, the tuning
// grid and the β sweep. The number of trials and of workers are not
// settings: trial t draws from streams of the seed and t alone (the
// package comment), so that a run can grow, or be split across processes,
// and its trials still belong together. A setting added here (or to
// Params or Protocol) must be omitted from the JSON at its zero value, and
// that value mean the behaviour before it, so that the trials saved before
// it still merge with later ones.
type Settings struct {
	Protocol Protocol `json:"protocol"`
	// Data is the SHA-256 of the samples and labels of Config.Data
	// (DataHash); empty for synthetic protocols, which draw their own.
	Data        string        `json:"data,omitempty"`
	Seed        uint64        `json:"seed"`
	Labeled     []float64     `json:"labeled"`
	Graphs      []method.Name `json:"graphs"`
	Propagators []string      `json:"propagators"`
	Params      Params        `json:"params"`
	// Solvers describe the NNLRS and LRR solvers set in Config.Options
	// (their settings, as JSON), empty for the defaults.
	Solvers    string    `json:"solvers,omitempty"`
	SweepBetas []float64 `json:"sweep_betas,omitempty"`
	Candidates bool      `json:"candidates,omitempty"`
	// Readings name the readings of the paper applied (Readings), in
	// their order there.
	Readings []string `json:"readings,omitempty"`
}

// cosmetic are the settings that only name things in reports: trials
// that differ in them still belong together.
var cosmetic = []string{"protocol.Title", "protocol.Note"}

// Diff returns the first setting, in the order of the fields of Settings,
// in which s and o differ, with its value in each as JSON ("unset" where
// it is missing), and differ false if they agree.
func (s Settings) Diff(o Settings) (name, mine, theirs string, differ bool) {
	a, errA := flatten(s)
	b, errB := flatten(o)
	if errA != nil || errB != nil {
		return "settings", fmt.Sprint(errA), fmt.Sprint(errB), true
	}
	vb := map[string]string{}
	for _, l := range b {
		vb[l.path] = l.value
	}
	seen := map[string]bool{}
	for _, l := range a {
		seen[l.path] = true
		if v, in := vb[l.path]; (!in || v != l.value) && !slices.Contains(cosmetic, l.path) {
			if !in {
				v = "unset"
			}
			return l.path, l.value, v, true
		}
	}
	for _, l := range b {
		if !seen[l.path] && !slices.Contains(cosmetic, l.path) {
			return l.path, "unset", l.value, true
		}
	}
	return "", "", "", false
}

// leaf is one setting of a flattened JSON object: its path of field names
// joined by dots, and its value as compact JSON (arrays whole).
type leaf struct{ path, value string }

// flatten returns the leaves of v's JSON encoding, in the order the
// encoding lists them.
func flatten(v any) ([]leaf, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out []leaf
	var walk func(prefix string, raw json.RawMessage) error
	walk = func(prefix string, raw json.RawMessage) error {
		if len(raw) == 0 || raw[0] != '{' {
			var c bytes.Buffer
			if err := json.Compact(&c, raw); err != nil {
				return err
			}
			out = append(out, leaf{prefix, c.String()})
			return nil
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		if _, err := dec.Token(); err != nil { // {
			return err
		}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return err
			}
			var val json.RawMessage
			if err := dec.Decode(&val); err != nil {
				return err
			}
			p := k.(string)
			if prefix != "" {
				p = prefix + "." + p
			}
			if err := walk(p, val); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk("", b)
}

// DataHash returns the SHA-256, in hex, of the samples (the float64 bits
// of X, column by column) and the labels of s.
func DataHash(s *dataset.Set) string {
	h := sha256.New()
	d, n := s.X.Dims()
	var buf [8]byte
	put := func(u uint64) {
		binary.LittleEndian.PutUint64(buf[:], u)
		h.Write(buf[:])
	}
	put(uint64(d))
	put(uint64(n))
	col := make([]float64, d)
	for j := 0; j < n; j++ {
		mat.Col(col, j, s.X)
		for _, v := range col {
			put(math.Float64bits(v))
		}
	}
	put(uint64(len(s.Labels)))
	for _, l := range s.Labels {
		put(uint64(int64(l)))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Trial is what one trial measured, with the settings that produced it:
// the unit a run saves as it goes, and that runs on other machines (or
// shards of one run) merge into Results (Merge).
type Trial struct {
	Settings Settings `json:"settings"`
	// Number is the trial's number, from 1 (Choice.Trial counts from 0).
	Number int `json:"number"`
	// Of is the number of trials of the run that made it.
	Of int `json:"of"`
	// Version names the code that made it (its module version and VCS
	// revision), set by the caller. A difference is no refusal to merge:
	// see Merge.
	Version string `json:"version,omitempty"`
	// Command is the command that made it, set by the caller.
	Command string `json:"command,omitempty"`
	// Seconds is the trial's wall-clock time; CPUSeconds the process's CPU
	// time while it ran, shared equally among the trials run at the same
	// time (Config.CPU; 0 when unknown).
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds,omitempty"`
	// Workers is the number of trials the run ran at once.
	Workers int    `json:"workers"`
	Date    string `json:"date"`

	Cells      []TrialCell  `json:"cells"`
	Sweep      []TrialSweep `json:"sweep,omitempty"`
	Choices    []Choice     `json:"choices,omitempty"`
	Candidates []Candidate  `json:"candidates,omitempty"`
	Builds     []TrialBuild `json:"builds"`

	// Example is the trial's example weights (trial 1 only), not saved.
	Example *Example `json:"-"`
}

// TrialCell is the error rate of one classifier × labeled fraction × graph
// in one trial, and the connected components of the weights used. For GHF
// and LGC, Unreached counts the unlabeled samples that no labeled sample
// reaches (each counted as an error in Error) and ReachedError is the
// error rate among the others; both are absent for SDA, in trials of
// older runs, and ReachedError where no sample was reached.
type TrialCell struct {
	Propagator   string      `json:"propagator"`
	Labeled      float64     `json:"labeled"`
	Graph        method.Name `json:"graph"`
	Error        float64     `json:"error"`
	Components   int         `json:"components"`
	Unreached    *int        `json:"unreached,omitempty"`
	ReachedError *float64    `json:"reached_error,omitempty"`
}

// TrialSweep is the error rate of the β sweep at one β and labeled
// fraction in one trial.
type TrialSweep struct {
	Beta    float64 `json:"beta"`
	Labeled float64 `json:"labeled"`
	Error   float64 `json:"error"`
}

// TrialBuild are the builds of one graph in one stage of a trial
// (BuildStat), with the sums of the measures of the weights used (Used of
// them) that BuildStat averages over trials.
type TrialBuild struct {
	BuildStat
	Used int `json:"used"`
}

// trialOf turns what trial t measured into its Trial, in the order of the
// configuration's classifiers, fractions and graphs.
func (r *runner) trialOf(t int, tr *trialResult) Trial {
	c := r.c
	out := Trial{Settings: r.settings, Number: t + 1, Of: c.Trials, Workers: r.workers,
		Cells: []TrialCell{}, Builds: []TrialBuild{}, Choices: tr.choices, Candidates: tr.candidates, Example: tr.example}
	graphs := orderedGraphs(c.Graphs)
	for _, p := range c.Propagators {
		for _, f := range c.Labeled {
			for _, g := range graphs {
				if e, ok := tr.errors[cellKey{p, f, g}]; ok {
					c := TrialCell{Propagator: p, Labeled: f, Graph: g, Error: e.err, Components: tr.components[cellKey{p, f, g}]}
					if e.reach {
						c.Unreached = &e.unreached
						if !math.IsNaN(e.reached) {
							c.ReachedError = &e.reached
						}
					}
					out.Cells = append(out.Cells, c)
				}
			}
		}
	}
	for _, b := range c.SweepBetas {
		for _, f := range c.Labeled {
			if e, ok := tr.sweep[sweepKey{b, f}]; ok {
				out.Sweep = append(out.Sweep, TrialSweep{Beta: b, Labeled: f, Error: e})
			}
		}
	}
	for _, st := range Stages {
		for _, g := range graphs {
			b := tr.builds[statKey{st, g}]
			if b == nil {
				continue
			}
			tb := TrialBuild{BuildStat: *b}
			if s := tr.graphs[statKey{st, g}]; s != nil {
				tb.Used, tb.Density, tb.WithinClass, tb.DiagonalShare, tb.Components = s.n, s.density, s.within, s.diagonal, s.components
			}
			out.Builds = append(out.Builds, tb)
		}
	}
	return out
}

// Merge returns the results of the trials ts: the same, to the last bit,
// as a run of those trials in one process, whatever the number of
// workers or processes that ran them. The trials must share their
// settings (Settings.Diff; the error names the first that differs) and
// be distinct. Results.Seconds is the trials' summed time (a reprint on
// one worker), Results.Missing the trials below the largest Of not
// among ts, and Results.Versions the code versions that made them.
//
// Trials made by other versions of the code merge: a version may change
// the solvers' last bits (a sum in another order) or, within their
// certified gap, their answers, but not the problem a trial solves, which
// its settings fix; the versions are recorded for the reader to judge.
func Merge(ts []Trial) (*Results, error) {
	if len(ts) == 0 {
		return nil, fmt.Errorf("experiment: no trials to merge")
	}
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(a, b Trial) int { return a.Number - b.Number })
	first := ts[0]
	for i, t := range ts {
		if t.Number < 1 {
			return nil, fmt.Errorf("experiment: trial number %d is not >= 1", t.Number)
		}
		if i > 0 && t.Number == ts[i-1].Number {
			return nil, fmt.Errorf("experiment: trial %d appears twice", t.Number)
		}
		if name, mine, theirs, differ := first.Settings.Diff(t.Settings); differ {
			return nil, fmt.Errorf("experiment: trials %d and %d differ in setting %s (%s, %s)", first.Number, t.Number, name, mine, theirs)
		}
	}
	s := first.Settings
	res := &Results{
		Protocol: s.Protocol, Trials: len(ts), Seed: s.Seed, Labeled: s.Labeled,
		Graphs: s.Graphs, Propagators: s.Propagators, Params: s.Params, Readings: s.Readings, Command: first.Command,
		Example: first.Example,
	}
	of := 0
	for _, t := range ts {
		of = max(of, t.Of)
		res.Seconds += t.Seconds
		res.CPUSeconds += t.CPUSeconds
		res.Workers = max(res.Workers, t.Workers)
		res.Date = max(res.Date, t.Date)
		res.addVersion(t.Version, t.Number)
	}
	for n, k := 1, 0; n <= of; n++ {
		if k < len(ts) && ts[k].Number == n {
			k++
			continue
		}
		res.Missing = append(res.Missing, n)
	}
	res.aggregate(ts, s.SweepBetas)
	return res, nil
}

// Version counts the trials a version of the code made.
type Version struct {
	Version string `json:"version"`
	Trials  []int  `json:"trials"`
}

func (r *Results) addVersion(v string, number int) {
	for i := range r.Versions {
		if r.Versions[i].Version == v {
			r.Versions[i].Trials = append(r.Versions[i].Trials, number)
			return
		}
	}
	r.Versions = append(r.Versions, Version{Version: v, Trials: []int{number}})
}

// TrialRanges writes trial numbers, sorted, as ranges: "1-5, 8, 10".
func TrialRanges(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, fmt.Sprint(ns[i]))
		case j == i+1:
			parts = append(parts, fmt.Sprint(ns[i]), fmt.Sprint(ns[j]))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d", ns[i], ns[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
