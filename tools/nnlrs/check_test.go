package main

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"nnlrs/tools/nnlrs/internal/cli"

	"nnlrs/core/method"
)

// writeRows writes rows of numbers as a CSV file in dir and returns its
// path.
func writeRows(t *testing.T, dir, name string, rows [][]float64) string {
	t.Helper()
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(csvRow(r) + "\n")
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// plainRows returns n rows of d numbers in (0, 1], no two alike.
func plainRows(n, d int) [][]float64 {
	rng := rand.New(rand.NewPCG(1, 1))
	rows := make([][]float64, n)
	for i := range rows {
		for range d {
			rows[i] = append(rows[i], 1-rng.Float64())
		}
	}
	return rows
}

// scaled returns rows times s.
func scaled(rows [][]float64, s float64) [][]float64 {
	out := make([][]float64, len(rows))
	for i, r := range rows {
		for _, v := range r {
			out[i] = append(out[i], v*s)
		}
	}
	return out
}

// largest returns the largest entry of rows.
func largest(rows [][]float64) float64 {
	m := math.Inf(-1)
	for _, r := range rows {
		for _, v := range r {
			m = math.Max(m, v)
		}
	}
	return m
}

// Degenerate data and absurd parameters: what can be solved is solved
// (status 0); what cannot give a graph is refused before the solve with
// one line naming the input and what to do (status 2), never an internal
// error (status 1).
func TestGraphDegenerateInput(t *testing.T) {
	dir := t.TempDir()
	rows := plainRows(12, 3)
	zero := plainRows(12, 3)
	zero[1] = []float64{0, 0, 0}
	plain := writeRows(t, dir, "plain.csv", rows)
	denormal := writeRows(t, dir, "denormal.csv", scaled(rows, 1e-310))
	huge := writeRows(t, dir, "huge.csv", scaled(rows, math.MaxFloat64))
	one := writeRows(t, dir, "one.csv", rows[:1])
	five := writeRows(t, dir, "five.csv", rows[:5])
	zeros := writeRows(t, dir, "zero.csv", zero)
	need := cli.FormatBytes(float64(cli.MemoryEstimate(method.NNLRS, 3, 12)))
	for _, tc := range []struct {
		args   []string
		status int
		want   string // in the summary on stdout (status 0) or the message on stderr
	}{
		{[]string{"-in", denormal}, 0, "nnlrs: n=12 d=3"},
		{[]string{"-in", denormal, "-method", "knn0"}, 0, "knn0: n=12 d=3"},
		{[]string{"-in", huge}, 0, "nnlrs: n=12 d=3"},
		{[]string{"-in", huge, "-method", "lrr"}, 0, "lrr: n=12 d=3"},
		{[]string{"-in", plain, "-beta", "100", "-lambda", "10"}, 0, "nnlrs: n=12 d=3"}, // the paper's Table IV
		{[]string{"-in", plain, "-theta", "0.5"}, 0, "nnlrs: n=12 d=3"},
		{[]string{"-in", denormal, "-normalize=false", "-method", "knn0"}, 2, denormal + ": largest value " + strconv.FormatFloat(largest(rows)*1e-310, 'g', 3, 64) + " is outside [1e-100, 1e+100]"},
		{[]string{"-in", huge, "-normalize=false", "-method", "lrr"}, 2, huge + ": largest value " + strconv.FormatFloat(largest(rows)*math.MaxFloat64, 'g', 3, 64) + " is outside [1e-100, 1e+100]"},
		{[]string{"-in", zeros}, 2, "sample 2 (row 2) of " + zeros + " is all zeros: it has no direction to scale to unit norm; remove it"},
		{[]string{"-in", zeros, "-normalize=false", "-method", "knn0"}, 2, "sample 2 (row 2) of " + zeros + " is all zeros"},
		{[]string{"-in", one}, 2, one + " holds 1 sample; a graph needs at least 2"},
		{[]string{"-in", five, "-method", "knn0"}, 2, five + " holds 5 samples; knn0 links each sample by its 5 nearest neighbours and needs at least 6"},
		{[]string{"-in", five, "-method", "lle1"}, 2, "lle1 codes each sample by its 10 nearest neighbours and needs at least 11"},
		{[]string{"-in", plain, "-lambda", "1e308"}, 2, "-lambda must be in (0, 100000], have 1e+308"},
		{[]string{"-in", plain, "-lambda", "1e-308"}, 2, "-lambda 1e-308 is too small for this data: every lambda below"},
		{[]string{"-in", plain, "-method", "lrr", "-lambda", "1e-308"}, 2, "-lambda 1e-308 is too small for this data"},
		{[]string{"-in", plain, "-theta", "2"}, 2, "-theta must be in [0, 1), have 2"},
		{[]string{"-in", plain, "-theta", "1"}, 2, "-theta must be in [0, 1), have 1"},
		{[]string{"-in", plain, "-max-mem", "1e-9"}, 2, "12 samples of dimension 3 need about " + need + " for nnlrs, above the limit of 2 bytes (-max-mem 1e-09)"},
		{[]string{"-in", plain, "-max-mem", "1e-5"}, 2, "above the limit of 10.5 KiB (-max-mem 1e-05)"},
	} {
		status, out, errs := runCLI(t, append([]string{"graph"}, tc.args...)...)
		switch {
		case status != tc.status:
			t.Errorf("%q: status %d, want %d (stdout %q, stderr %q)", tc.args, status, tc.status, out, errs)
		case status == 0 && !strings.HasPrefix(out, tc.want):
			t.Errorf("%q: summary %q, want %q", tc.args, out, tc.want)
		case status == 2 && (out != "" || !strings.HasPrefix(errs, "nnlrs graph: ") || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1):
			t.Errorf("%q: stdout %q, stderr %q; want one line %q", tc.args, out, errs, tc.want)
		case utf8.RuneCountInString(errs) > len("nnlrs graph: ")+cli.MaxMessage+1:
			t.Errorf("%q: %d runes on stderr: %q", tc.args, utf8.RuneCountInString(errs), errs)
		}
	}
}

// A degenerate result is written, with status 0, and warnings of one
// line each on stderr saying what is wrong and what to change: for the
// NNLRS graphs those of the page's advice (package diagnose).
func TestGraphDegenerateWarnings(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want []string // the warnings, one line each; nil for none
	}{
		{[]string{"-beta", "1e308"}, []string{"The NNLRS graph is empty (Z = 0): with λ = 10 the error term E absorbs the whole data. Try: raise -lambda, lower -beta."}},
		{[]string{"-lambda", "0.08"}, []string{"The NNLRS graph is empty (Z = 0): with λ = 0.08"}},
		{[]string{"-theta", "0.9"}, []string{"θ = 0.9 removed every edge between samples of the NNLRS graph: only self-loops are left, so no label can spread. Try: lower -theta."}},
		{[]string{"-lambda", "100"}, []string{"of the NNLRS weight sits on W's diagonal", "falls apart into", "samples without an edge to another", "Only 46% of the NNLRS weight joins samples of the same class. Try: change -lambda, change -beta."}},
		{[]string{"-method", "pca-nnlrs", "-beta", "100"}, []string{"The NNLRS graph is empty (Z = 0)"}},
		{nil, nil},
		{[]string{"-method", "knn0"}, nil},
		{[]string{"-method", "lrr"}, nil},
	} {
		w := filepath.Join(dir, "W.csv")
		status, out, errs := runCLI(t, append([]string{"graph", "-in", "synthetic", "-w", w}, tc.args...)...)
		if status != 0 || out == "" {
			t.Errorf("%q: status %d, stdout %q, stderr %q", tc.args, status, out, errs)
			continue
		}
		if tc.want == nil {
			if errs != "" {
				t.Errorf("%q: stderr %q, want nothing", tc.args, errs)
			}
			continue
		}
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		for _, l := range lines {
			if !strings.HasPrefix(l, "nnlrs graph: warning: ") {
				t.Errorf("%q: stderr line %q is not a warning", tc.args, l)
			}
		}
		for _, want := range tc.want {
			if !strings.Contains(errs, want) {
				t.Errorf("%q: stderr %q does not say %q", tc.args, errs, want)
			}
		}
		if wm := readCSV(t, w); len(wm) != 100 {
			t.Errorf("%q: W.csv has %d rows, want 100", tc.args, len(wm))
		}
	}
}

// demo runs on data without labels, leaving out the within-class column,
// and checks every graph's needs before it prints anything.
func TestDemoUnlabeled(t *testing.T) {
	dir := t.TempDir()
	plain := writeRows(t, dir, "plain.csv", plainRows(12, 3))
	status, out, errs := runCLI(t, "demo", "-in", plain)
	if status != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	if !strings.Contains(out, "n = 12 samples of dimension 3, no labels") || strings.Contains(out, "within-class %") {
		t.Errorf("demo on unlabeled data:\n%s", out)
	}
	for _, m := range method.All {
		if !strings.Contains(out, "\n"+strings.Repeat(" ", 7-len(m))+string(m)+"  ") {
			t.Errorf("no row for %s in\n%s", m, out)
		}
	}
	status, out, errs = runCLI(t, "demo", "-in", writeRows(t, dir, "ten.csv", plainRows(10, 3)))
	if status != 2 || out != "" || !strings.Contains(errs, "holds 10 samples; lle1 codes each sample by its 10 nearest neighbours and needs at least 11") {
		t.Errorf("demo on 10 samples: status %d, stdout %q, stderr %q", status, out, errs)
	}
}
