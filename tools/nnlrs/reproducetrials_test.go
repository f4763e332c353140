package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"nnlrs/tools/nnlrs/internal/reproduce"
)

// smallRun is a small tuned reproduce on the synthetic data, a second or
// so per trial.
var smallRun = []string{"reproduce", "-dataset", "synthetic", "-labeled", "10,30", "-graphs", "knn0,lrr,nnlrs",
	"-propagators", "ghf,lgc", "-tune", "-tune-lambda", "0.5,2", "-tune-theta", "0,0.03", "-tune-lrr-lambda", "1", "-quiet"}

func small(args ...string) []string { return append(append([]string{}, smallRun...), args...) }

// mustRun runs the command in-process and fails the test unless it
// succeeds; it returns stdout.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	status, stdout, stderr := runCLI(t, args...)
	if status != 0 {
		t.Fatalf("%s: status %d: %s", strings.Join(args, " "), status, stderr)
	}
	return stdout
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReproduceShardsMerge: any split of a run's trials into shards, run
// with any number of workers and merged by -render-only, gives the CSV
// table of the run in one process to the last digit, and the same cells
// and choices in DATASET.json.
func TestReproduceShardsMerge(t *testing.T) {
	root := t.TempDir()
	one := filepath.Join(root, "one")
	mustRun(t, small("-trials", "4", "-workers", "1", "-out", one)...)
	want := readBytes(t, filepath.Join(one, "synthetic.csv"))
	wantCells := cells(t, filepath.Join(one, "synthetic.json"))
	for _, split := range []struct {
		n       int
		workers []string
	}{{2, []string{"2", "1"}}, {3, []string{"1", "2", "1"}}} {
		dir := filepath.Join(root, fmt.Sprintf("shards%d", split.n))
		for i := 1; i <= split.n; i++ {
			out := mustRun(t, small("-trials", "4", "-workers", split.workers[i-1], "-shard", fmt.Sprintf("%d/%d", i, split.n), "-out", dir)...)
			if !strings.Contains(out, fmt.Sprintf("shard %d/%d ran trials %d", i, split.n, i)) {
				t.Errorf("shard %d/%d: stdout %q", i, split.n, out)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "synthetic.csv")); err == nil {
			t.Errorf("%d shards: a shard wrote the merged table", split.n)
		}
		out := mustRun(t, "reproduce", "-render-only", "-out", dir)
		if !strings.Contains(out, "synthetic: 4 trials\n") {
			t.Errorf("%d shards: -render-only says %q", split.n, out)
		}
		if got := readBytes(t, filepath.Join(dir, "synthetic.csv")); !bytes.Equal(got, want) {
			t.Errorf("%d shards: the merged CSV differs from the one-process run's:\n%s\nvs\n%s", split.n, got, want)
		}
		if got := cells(t, filepath.Join(dir, "synthetic.json")); !bytes.Equal(got, wantCells) {
			t.Errorf("%d shards: the merged cells and choices differ from the one-process run's", split.n)
		}
	}
}

// cells returns the cells and choices of a saved run, as JSON.
func cells(t *testing.T, path string) []byte {
	t.Helper()
	var r struct {
		Cells   any `json:"cells"`
		Choices any `json:"choices"`
	}
	if err := json.Unmarshal(readBytes(t, path), &r); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	return b
}

// TestReproduceResume: a run killed mid-way keeps its finished trials
// (each file whole), and a rerun with the same settings runs only the
// others, to the numbers of a run never interrupted.
func TestReproduceResume(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds the command and runs it in a child process")
	}
	root := t.TempDir()
	bin := filepath.Join(root, "nnlrs")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := filepath.Join(root, "run")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a hang guard
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, small("-trials", "6", "-workers", "1", "-out", dir)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "trials", "synthetic", "0001.json")
	for {
		if _, err := os.Stat(first); err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("no trial file")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	ts, err := reproduce.ReadTrials(dir, "synthetic")
	if err != nil {
		t.Fatalf("after the kill: %v", err)
	}
	done := len(ts)
	kept := readBytes(t, first)
	status, stdout, stderr := runCLI(t, small("-trials", "6", "-out", dir)...)
	if status != 0 {
		t.Fatalf("rerun: status %d: %s", status, stderr)
	}
	if want := fmt.Sprintf("synthetic: 6 trials (%d run now)", 6-done); !strings.Contains(stdout, want) {
		t.Errorf("rerun after %d trials: stdout %q, want %q", done, stdout, want)
	}
	if !bytes.Equal(readBytes(t, first), kept) {
		t.Error("the rerun rewrote trial 1")
	}
	// Growing the run adds trials; a rerun of a complete one runs none.
	if out := mustRun(t, small("-trials", "7", "-out", dir)...); !strings.Contains(out, "synthetic: 7 trials (1 run now)") {
		t.Errorf("-trials 7: stdout %q", out)
	}
	if out := mustRun(t, small("-trials", "7", "-out", dir)...); !strings.Contains(out, "synthetic: 7 trials (0 run now)") {
		t.Errorf("complete: stdout %q", out)
	}
	whole := filepath.Join(root, "whole")
	mustRun(t, small("-trials", "7", "-out", whole)...)
	if a, b := readBytes(t, filepath.Join(dir, "synthetic.csv")), readBytes(t, filepath.Join(whole, "synthetic.csv")); !bytes.Equal(a, b) {
		t.Errorf("the resumed run's CSV differs from an uninterrupted run's:\n%s\nvs\n%s", a, b)
	}
}

// TestReproduceTrialRefusals: other settings into a folder of trials,
// mixed or duplicate trial files, and a bad -shard are refused with one
// line and status 2, leaving the folder as it was; missing trials are
// listed by -render-only, the page and -status.
func TestReproduceTrialRefusals(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, small("-trials", "3", "-out", dir)...)
	tdir := filepath.Join(dir, "trials", "synthetic")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"other seed", small("-trials", "3", "-seed", "2", "-out", dir), "-seed is 1 there, 2 here"},
		{"other grid", small("-trials", "3", "-tune-lambda", "0.5", "-out", dir), "-tune-lambda is [0.5,2] there, [0.5] here"},
		{"other graphs", small("-trials", "4", "-graphs", "knn0,nnlrs", "-out", dir), `-graphs is ["knn0","lrr","nnlrs"] there, ["knn0","nnlrs"] here`},
		{"untuned", small("-trials", "3", "-tune=false", "-out", dir), "-tune is true there, false here"},
		{"a reading", small("-trials", "3", "-reading", "liu", "-out", dir), "-lrr-lambda is"},
		{"another solver", small("-trials", "3", "-solver", "ladmap", "-max-iter", "5", "-out", dir), "-solver, -paper-eta or -max-iter is unset there"},
		{"shard 0", small("-shard", "0/2", "-out", dir), "-shard"},
		{"shard above", small("-shard", "3/2", "-out", dir), "-shard"},
		{"shard text", small("-shard", "half", "-out", dir), "-shard"},
		{"render-only with shard", []string{"reproduce", "-render-only", "-shard", "1/2", "-out", dir}, "-out DIR alone"},
		{"status and render-only", []string{"reproduce", "-render-only", "-status", "-out", dir}, "do not go together"},
	} {
		before := listDir(t, tdir)
		refused(t, tc.name, tc.want, tc.args...)
		if after := listDir(t, tdir); strings.Join(after, " ") != strings.Join(before, " ") {
			t.Errorf("%s: the trial files changed: %v -> %v", tc.name, before, after)
		}
	}

	// A missing trial is said, in the merge's line, the page and -status.
	if err := os.Remove(filepath.Join(tdir, "0002.json")); err != nil {
		t.Fatal(err)
	}
	if out := mustRun(t, "reproduce", "-render-only", "-out", dir); !strings.Contains(out, "synthetic: 2 of 3 trials; missing 2\n") {
		t.Errorf("-render-only: %q", out)
	}
	if page := readBytes(t, filepath.Join(dir, "RESULTS.md")); !bytes.Contains(page, []byte("| Synthetic | 2 of 3 (missing 2) |")) {
		t.Errorf("the page does not say which trial is missing")
	}
	if out := mustRun(t, "reproduce", "-status", "-out", dir); !strings.Contains(out, "synthetic: 2 of 3 trials; missing 2; done 1, 3; CPU time ") {
		t.Errorf("-status: %q", out)
	}

	// Trial files of other settings, or a trial twice, do not merge.
	other := t.TempDir()
	mustRun(t, small("-trials", "2", "-seed", "2", "-out", other)...)
	b := bytes.Replace(readBytes(t, filepath.Join(other, "trials", "synthetic", "0002.json")), []byte(`"number": 2`), []byte(`"number": 5`), 1)
	os.WriteFile(filepath.Join(tdir, "0005.json"), b, 0o644)
	refused(t, "mixed settings", "trials 1 and 5 differ in setting seed (1, 2)", "reproduce", "-render-only", "-out", dir)
	os.Remove(filepath.Join(tdir, "0005.json"))
	os.WriteFile(filepath.Join(tdir, "1.json"), readBytes(t, filepath.Join(tdir, "0001.json")), 0o644)
	refused(t, "duplicate", "trial 1 appears twice", "reproduce", "-render-only", "-out", dir)
	os.Remove(filepath.Join(tdir, "1.json"))
	os.WriteFile(filepath.Join(tdir, "0004.json"), readBytes(t, filepath.Join(tdir, "0001.json")), 0o644)
	refused(t, "misnamed", "0004.json holds trial 1", "reproduce", "-render-only", "-out", dir)
	os.WriteFile(filepath.Join(tdir, "0004.json"), []byte("{"), 0o644)
	refused(t, "truncated", "0004.json does not parse", "reproduce", "-status", "-out", dir)
}

// TestReproduceKeepsWholeRun: -render-only keeps a DATASET.json saved
// whole by a run before trial files while it has more trials than the
// trial files, and merges them once they are as many.
func TestReproduceKeepsWholeRun(t *testing.T) {
	src, dir := t.TempDir(), t.TempDir()
	mustRun(t, small("-trials", "2", "-out", src)...)
	var saved map[string]any
	if err := json.Unmarshal(readBytes(t, filepath.Join(src, "synthetic.json")), &saved); err != nil {
		t.Fatal(err)
	}
	delete(saved, "versions") // as a run saved whole wrote it
	saved["trials"] = 2
	b, _ := json.Marshal(saved)
	os.WriteFile(filepath.Join(dir, "synthetic.json"), b, 0o644)
	tdir := filepath.Join(dir, "trials", "synthetic")
	os.MkdirAll(tdir, 0o755)
	os.WriteFile(filepath.Join(tdir, "0001.json"), readBytes(t, filepath.Join(src, "trials", "synthetic", "0001.json")), 0o644)
	if out := mustRun(t, "reproduce", "-render-only", "-out", dir); !strings.Contains(out, "synthetic: kept synthetic.json (2 trials, saved by a run before trial files) over 1 trial file") {
		t.Errorf("one trial file: %q", out)
	}
	if page := readBytes(t, filepath.Join(dir, "RESULTS.md")); !bytes.Contains(page, []byte("| Synthetic | 2 | 1 |")) {
		t.Error("the page does not show the run kept")
	}
	os.WriteFile(filepath.Join(tdir, "0002.json"), readBytes(t, filepath.Join(src, "trials", "synthetic", "0002.json")), 0o644)
	if out := mustRun(t, "reproduce", "-render-only", "-out", dir); !strings.Contains(out, "synthetic: 2 trials\n") {
		t.Errorf("two trial files: %q", out)
	}
	if !bytes.Equal(readBytes(t, filepath.Join(dir, "synthetic.csv")), readBytes(t, filepath.Join(src, "synthetic.csv"))) {
		t.Error("the merge of the trial files differs from their run's")
	}
}

// TestReproduceReadingsVerdict: the results page opens with the verdict
// (on the synthetic data, the claim about E alone: the tables' claims are
// the paper's, on its data sets), written to verdict.json too; a run under
// a reading, in the readings folder beside the defaults' trials, enters
// the page's readings section over the trials both ran.
func TestReproduceReadingsVerdict(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, small("-trials", "2", "-graphs", "knn0,knn1,lle0,lle1,l1,spg,lrr,nnlrs", "-out", dir)...)
	rdir := filepath.Join(dir, "readings", "liu")
	mustRun(t, small("-trials", "1", "-graphs", "lrr", "-reading", "liu", "-out", rdir)...)
	mustRun(t, "reproduce", "-render-only", "-out", dir)
	page := string(readBytes(t, filepath.Join(dir, "RESULTS.md")))
	for _, want := range []string{"## Verdict\n", "| e-catches-corruption | – | defaults |", "## Readings of the paper\n",
		"- **liu** (LRR at Liu et al.'s parameters)", "### Synthetic under liu (1 trial)"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !strings.HasPrefix(page, "# Results: the paper's experiments, reproduced\n\n## Verdict\n") {
		t.Errorf("the page does not open with its verdict: %.120q", page)
	}
	var v struct {
		Claims []struct {
			Key      string
			Findings []struct {
				Reading string
				Trials  int
			}
		}
	}
	if err := json.Unmarshal(readBytes(t, filepath.Join(dir, "verdict.json")), &v); err != nil {
		t.Fatal(err)
	}
	trials := -1
	for _, c := range v.Claims {
		for _, f := range c.Findings {
			if c.Key == "e-catches-corruption" && f.Reading == "" {
				trials = f.Trials
			}
		}
	}
	if trials != 2 {
		t.Errorf("e-catches-corruption: %d trials, want the defaults' 2", trials)
	}
}
