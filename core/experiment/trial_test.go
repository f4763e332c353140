package experiment

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
)

// runTrials runs the trials sel of c on the given number of workers and
// returns them as Finished saw them, through a JSON round trip (what a
// trial file keeps).
func runTrials(t *testing.T, c Config, workers int, sel ...int) []Trial {
	t.Helper()
	var mu sync.Mutex
	var out []Trial
	c.Workers, c.Select = workers, sel
	c.Finished = func(tr Trial) error {
		b, err := json.Marshal(tr)
		if err != nil {
			return err
		}
		var back Trial
		if err := json.Unmarshal(b, &back); err != nil {
			return err
		}
		mu.Lock()
		out = append(out, back)
		mu.Unlock()
		return nil
	}
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMergeEqualsRun: trials run apart, in any order and on any number of
// workers, saved and merged, give the results of one run of them all, to
// the last bit (every error rate, choice, component count and averaged
// measure of the weights).
func TestMergeEqualsRun(t *testing.T) {
	c := tinyConfig(1)
	c.Trials = 3
	whole, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	for _, split := range [][][]int{{{2}, {0, 1}}} {
		var ts []Trial
		for i, sel := range split {
			ts = append(ts, runTrials(t, c, 1+i%2, sel...)...)
		}
		m, err := Merge(ts)
		if err != nil {
			t.Fatal(err)
		}
		if m.Trials != 3 || len(m.Missing) != 0 {
			t.Errorf("split %v: %d trials, missing %v", split, m.Trials, m.Missing)
		}
		if !reflect.DeepEqual(m.Cells, whole.Cells) || !reflect.DeepEqual(m.Sweep, whole.Sweep) || !reflect.DeepEqual(m.Choices, whole.Choices) {
			t.Errorf("split %v: the merged cells, sweep or choices differ from the whole run's", split)
		}
		if len(m.Builds) != len(whole.Builds) {
			t.Fatalf("split %v: %d build stats, want %d", split, len(m.Builds), len(whole.Builds))
		}
		for i, b := range m.Builds {
			w := whole.Builds[i]
			b.Seconds, w.Seconds = 0, 0 // the only measure of time
			if !reflect.DeepEqual(b, w) {
				t.Errorf("split %v: builds %+v, want %+v", split, b, w)
			}
		}
	}
}

// TestMergeRefuses: trials of other settings, or the same trial twice, do
// not merge; trials missing below the planned number are listed.
func TestMergeRefuses(t *testing.T) {
	c := tinyConfig(1)
	c.Graphs, c.Propagators, c.SweepBetas, c.Tune = c.Graphs[1:2], []string{GHF}, nil, nil // kNN0 alone
	c.Trials = 4
	ts := runTrials(t, c, 1, 0, 2)
	other := c
	other.Seed++
	o := runTrials(t, other, 1, 1)
	if _, err := Merge(append(ts, o...)); err == nil || !strings.Contains(err.Error(), "setting seed (7, 8)") {
		t.Errorf("other seed: %v", err)
	}
	if _, err := Merge(append(ts, ts[0])); err == nil || !strings.Contains(err.Error(), "trial 1 appears twice") {
		t.Errorf("duplicate: %v", err)
	}
	m, err := Merge(ts)
	if err != nil {
		t.Fatal(err)
	}
	if m.Trials != 2 || !reflect.DeepEqual(m.Missing, []int{2, 4}) {
		t.Errorf("%d trials, missing %v; want 2, [2 4]", m.Trials, m.Missing)
	}
	if _, err := Merge(nil); err == nil {
		t.Error("no trials: no error")
	}
}

// TestSettingsDiff names the first setting that differs, and ignores the
// names of things (a protocol's title and note).
func TestSettingsDiff(t *testing.T) {
	base := tinyConfig(1)
	s := base.Settings()
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"same", func(*Config) {}, ""},
		{"workers and trials", func(c *Config) { c.Workers, c.Trials = 7, 50 }, ""},
		{"title", func(c *Config) { c.Protocol.Title, c.Protocol.Note = "Other", "other" }, ""},
		{"seed", func(c *Config) { c.Seed = 8 }, "seed"},
		{"grid", func(c *Config) {
			c.Tune = &Grid{Lambda: []float64{0.5}, Beta: []float64{0.2}, Theta: []float64{0, 0.05}}
		}, "params.Grid.Lambda"},
		{"graphs", func(c *Config) { c.Graphs = c.Graphs[1:] }, "graphs"},
		{"classes", func(c *Config) { c.Protocol.Classes = []int{1, 2} }, "protocol.Classes"},
		{"sweep", func(c *Config) { c.SweepBetas = nil }, "params.SweepLambda"},
	} {
		c := tinyConfig(1)
		tc.change(&c)
		name, mine, theirs, differ := s.Diff(c.Settings())
		if differ != (tc.want != "") || name != tc.want {
			t.Errorf("%s: differ %v in %q (%s, %s), want %q", tc.name, differ, name, mine, theirs, tc.want)
		}
	}
}

// TestDataHash: one sample changed in its last bit changes the hash.
func TestDataHash(t *testing.T) {
	x := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	a := &dataset.Set{X: x, Labels: []int{1, 1, 2}}
	h := DataHash(a)
	b := &dataset.Set{X: mat.DenseCopyOf(x), Labels: []int{1, 1, 2}}
	if DataHash(b) != h {
		t.Error("the same data hash differently")
	}
	b.X.Set(1, 2, 6.000000000000001)
	if DataHash(b) == h {
		t.Error("a changed sample hashes the same")
	}
	b = &dataset.Set{X: x, Labels: []int{1, 2, 2}}
	if DataHash(b) == h {
		t.Error("changed labels hash the same")
	}
}

func ExampleTrialRanges() {
	fmt.Println(TrialRanges([]int{1, 2, 3, 4, 5, 8, 9, 12}))
	// Output: 1-5, 8, 9, 12
}
