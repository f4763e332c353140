package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"nnlrs/core/experiment"
)

// TestScaleSynthetic runs a small scale study on the synthetic data: the
// study's JSON, chart and page are written, the JSON reads back, and
// -render-only rebuilds the page from it alone.
func TestScaleSynthetic(t *testing.T) {
	dir := t.TempDir()
	status, stdout, stderr := runCLI(t, "scale", "-dataset", "synthetic", "-draws", "2x10,3x10", "-trials", "2", "-labeled", "20,50",
		"-graphs", "knn0,nnlrs", "-tune-lambda", "0.5,2", "-tune-theta", "0,0.03", "-candidates", "-workers", "1", "-out", dir, "-quiet")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	if !strings.Contains(stdout, "synthetic: 2 draws") {
		t.Errorf("stdout %q", stdout)
	}
	for _, f := range []string{"SCALE.md", "scale-synthetic.json", "figures/scale-synthetic.png"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "scale-synthetic.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res experiment.ScaleResults
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 2 || len(res.Runs[1].Candidates) == 0 || res.Runs[0].Cells[0].Summary == nil ||
		!strings.HasPrefix(res.Command, "go run ./tools/nnlrs scale -dataset synthetic") {
		t.Errorf("saved study: %d runs, command %q", len(res.Runs), res.Command)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "SCALE.md"))
	for _, want := range []string{"| draw | samples | labeled | kNN0 | NNLRS |", "### Every candidate of the grid", "figures/scale-synthetic.png"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("SCALE.md lacks %q", want)
		}
	}
	if err := os.Remove(filepath.Join(dir, "SCALE.md")); err != nil {
		t.Fatal(err)
	}
	if status, stdout, stderr = runCLI(t, "scale", "-render-only", "-out", dir); status != 0 || !strings.Contains(stdout, "from 1 saved studies") {
		t.Fatalf("-render-only: status %d, stdout %q: %s", status, stdout, stderr)
	}
	if again, _ := os.ReadFile(filepath.Join(dir, "SCALE.md")); string(again) != string(page) {
		t.Errorf("-render-only: the rebuilt SCALE.md differs from the study's")
	}
}

// Bad input: exit status 2, one line on stderr, nothing written.
func TestScaleBadInput(t *testing.T) {
	dir := t.TempDir()
	datasets := filepath.Join("..", "..", "..", "shared", "datasets")
	os.WriteFile(filepath.Join(dir, "file.txt"), nil, 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no dataset", []string{"-out", dir}, "-dataset"},
		{"no out", []string{"-dataset", "synthetic"}, "-out"},
		{"bad draw", []string{"-dataset", "synthetic", "-draws", "10by40", "-out", dir}, "-draws"},
		{"draw twice", []string{"-dataset", "synthetic", "-draws", "2x10,2×10", "-out", dir}, "twice"},
		{"sda", []string{"-dataset", "synthetic", "-propagators", "sda", "-out", dir}, "sda"},
		{"bad grid", []string{"-dataset", "synthetic", "-tune-theta", "a", "-out", dir}, "-tune-theta"},
		{"bad name", []string{"-dataset", "synthetic", "-name", "yaleb", "-out", dir}, "-name"},
		{"zero trials", []string{"-dataset", "synthetic", "-trials", "0", "-out", dir}, "-trials"},
		{"unknown reading", []string{"-dataset", "synthetic", "-reading", "zhou", "-out", dir}, `unknown reading "zhou"`},
		{"zero diagonal under Algorithm 1", []string{"-dataset", "synthetic", "-zero-diagonal", "-reading", "algorithm1", "-out", dir}, "-zero-diagonal"},
		{"zero diagonal under LADMAP", []string{"-dataset", "synthetic", "-zero-diagonal", "-solver", "ladmap", "-out", dir}, "-zero-diagonal"},
		{"draw larger than the data", []string{"-dataset", "usps", "-data", datasets, "-draws", "4x2000", "-out", dir}, "need 2000"},
		{"render-only, nothing saved", []string{"-render-only", "-out", dir}, "no saved studies"},
	} {
		if _, err := os.Stat(filepath.Join(datasets, "USPS.mat")); err != nil && slices.Contains(tc.args, "usps") {
			t.Logf("%s: skipped, no %s", tc.name, filepath.Join(datasets, "USPS.mat"))
			continue
		}
		refused(t, tc.name, tc.want, append([]string{"scale"}, tc.args...)...)
		if got := listDir(t, dir); !slices.Equal(got, []string{"file.txt"}) {
			t.Errorf("%s: the folder holds %q after the refusal", tc.name, got)
		}
	}
}
