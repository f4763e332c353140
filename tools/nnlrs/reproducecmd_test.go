package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestReproduceSynthetic runs a small reproduce on the synthetic union of
// subspaces, the model NNLRS is built for, in the tuning mode: the NNLRS
// graph must beat both kNN graphs at every labeled percentage, and every
// Output must be written.
func TestReproduceSynthetic(t *testing.T) {
	dir := t.TempDir()
	status, stdout, stderr := runCLI(t, "reproduce", "-dataset", "synthetic", "-trials", "2", "-labeled", "10,30",
		"-graphs", "knn0,knn1,nnlrs", "-propagators", "ghf", "-tune", "-tune-lambda", "0.5,2", "-tune-theta", "0,0.03",
		"-out", dir, "-quiet")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	if !strings.Contains(stdout, "synthetic: 2 trials") {
		t.Errorf("stdout %q", stdout)
	}
	for _, f := range []string{"RESULTS.md", "synthetic.json", "synthetic.csv", "figures/synthetic-ghf.png"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	f, err := os.Open(filepath.Join(dir, "synthetic.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	errs := map[string]float64{} // labeled|graph → mean error %
	for _, r := range recs[1:] {
		v, err := strconv.ParseFloat(r[4], 64)
		if err != nil {
			t.Fatalf("row %v: %v", r, err)
		}
		errs[r[2]+"|"+r[3]] = v
	}
	for _, pct := range []string{"10.00", "30.00"} {
		nn := errs[pct+"|nnlrs"]
		for _, k := range []string{"knn0", "knn1"} {
			if !(nn < errs[pct+"|"+k]) {
				t.Errorf("%s%% labeled: NNLRS errs %.2f%%, %s %.2f%%: NNLRS does not beat kNN", pct, nn, k, errs[pct+"|"+k])
			}
		}
	}
	page, _ := os.ReadFile(filepath.Join(dir, "RESULTS.md"))
	for _, want := range []string{"| Dataset | kNN0 | kNN1 | NNLRS |", "Parameters chosen by cross-validation", "figures/synthetic-ghf.png"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("RESULTS.md lacks %q", want)
		}
	}

	// -render-only rebuilds the page and tables from the saved JSON alone.
	for _, f := range []string{"RESULTS.md", "synthetic.csv"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	status, stdout, stderr = runCLI(t, "reproduce", "-render-only", "-out", dir)
	if status != 0 {
		t.Fatalf("-render-only: status %d: %s", status, stderr)
	}
	if !strings.Contains(stdout, "from 1 saved runs") {
		t.Errorf("-render-only: stdout %q", stdout)
	}
	again, err := os.ReadFile(filepath.Join(dir, "RESULTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(page) {
		t.Errorf("-render-only: the rebuilt RESULTS.md differs from the run's")
	}
	if st, err := os.Stat(filepath.Join(dir, "synthetic.csv")); err != nil || st.Size() == 0 {
		t.Errorf("-render-only: synthetic.csv not rebuilt: %v", err)
	}

	// -page puts the page elsewhere, its figure links relative to it.
	page2 := filepath.Join(filepath.Dir(dir), "PAGE.md")
	if status, _, stderr = runCLI(t, "reproduce", "-render-only", "-out", dir, "-page", page2); status != 0 {
		t.Fatalf("-render-only -page: status %d: %s", status, stderr)
	}
	moved, err := os.ReadFile(page2)
	if err != nil {
		t.Fatal(err)
	}
	if want := "(" + filepath.Base(dir) + "/figures/synthetic-ghf.png)"; !strings.Contains(string(moved), want) {
		t.Errorf("-page: the page lacks the link %q", want)
	}
}

// Bad input: exit status 2 and one line on stderr.
func TestReproduceBadInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "file.txt"), nil, 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no dataset", []string{"-out", dir}, "-dataset"},
		{"unknown dataset", []string{"-dataset", "mnist", "-out", dir}, "mnist"},
		{"no out", []string{"-dataset", "synthetic"}, "-out"},
		{"missing data folder", []string{"-dataset", "usps", "-data", filepath.Join(dir, "nope"), "-out", dir}, "data folder"},
		{"no file in folder", []string{"-dataset", "usps", "-data", dir, "-out", dir}, "USPS.mat"},
		{"labeled 0", []string{"-dataset", "synthetic", "-labeled", "0,10", "-out", dir}, "-labeled"},
		{"labeled 100", []string{"-dataset", "synthetic", "-labeled", "100", "-out", dir}, "-labeled"},
		{"labeled text", []string{"-dataset", "synthetic", "-labeled", "ten", "-out", dir}, "-labeled"},
		{"unknown graph", []string{"-dataset", "synthetic", "-graphs", "knn0,pca", "-out", dir}, "pca"},
		{"unknown classifier", []string{"-dataset", "synthetic", "-propagators", "svm", "-out", dir}, "svm"},
		{"zero trials", []string{"-dataset", "synthetic", "-trials", "0", "-out", dir}, "-trials"},
		{"zero lambda", []string{"-dataset", "synthetic", "-lambda", "0", "-out", dir}, "-lambda"},
		{"bad grid", []string{"-dataset", "synthetic", "-tune", "-tune-lambda", "1,-1", "-out", dir}, "-tune-lambda"},
		{"one fold", []string{"-dataset", "synthetic", "-folds", "1", "-out", dir}, "-folds"},
		{"unknown reading", []string{"-dataset", "synthetic", "-reading", "zhou", "-out", dir}, `unknown reading "zhou"`},
		{"two readings of a graph", []string{"-dataset", "synthetic", "-reading", "cheng,cheng-exact", "-out", dir}, "both concern l1"},
		{"a reading beside a solver", []string{"-dataset", "synthetic", "-reading", "algorithm1", "-paper-eta", "-out", dir}, "leave out -solver"},
		{"unknown solver", []string{"-dataset", "synthetic", "-solver", "sgd", "-out", dir}, `unknown -solver "sgd"`},
		{"candidates untuned", []string{"-dataset", "synthetic", "-candidates", "-out", dir}, "-candidates goes with -tune"},
		{"extra argument", []string{"-dataset", "synthetic", "-out", dir, "now"}, "unexpected"},
		{"render-only without out", []string{"-render-only"}, "-out"},
		{"render-only, nothing saved", []string{"-render-only", "-out", dir}, "no saved runs"},
		{"page without render-only", []string{"-dataset", "synthetic", "-out", dir, "-page", "x.md"}, "-render-only"},
		{"out under a file", []string{"-dataset", "synthetic", "-out", filepath.Join(dir, "file.txt", "run")}, filepath.Join(dir, "file.txt") + " is not a folder"},
	} {
		refused(t, tc.name, tc.want, append([]string{"reproduce"}, tc.args...)...)
		if got := listDir(t, dir); !slices.Equal(got, []string{"file.txt"}) {
			t.Errorf("%s: the folder holds %q after the refusal", tc.name, got)
		}
	}
}
