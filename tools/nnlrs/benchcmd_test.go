package main

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"nnlrs/tools/nnlrs/internal/bench"
)

func TestBenchBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "-cases", "nope"},
		{"bench", "-procs", "0"},
		{"bench", "-repeat", "0"},
		{"bench", "-tight", "-1"},
		{"bench", "-numpy-max-iter", "-1"},
		{"bench", "-penalties", "5l,2"},
		{"bench", "-penalties", "5l,2,x"},
		{"bench", "-penalties", "5l,-2,10"},
		{"bench", "extra"},
	} {
		status, _, stderr := runCLI(t, args...)
		if status != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line", args, status, stderr)
		}
	}
}

// The bench prints its table for the built-in data; USPS cases whose file
// is absent are skipped with a note. When python3 with NumPy is present,
// the NumPy reference runs too, and it must be Algorithm 1 exactly as the
// Go LADMAP with the paper's eta runs it: the same iteration count and
// objective (the two differ only by rounding).
func TestBenchSynthetic(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(root, "tools", "numpy", "ladmap.py")
	args := []string{"bench", "-cases", "synthetic,usps50", "-usps", filepath.Join(t.TempDir(), "absent.mat"), "-script", script}
	withNumpy := false
	if r, _ := bench.FindNumpy("", script, 1); r != nil {
		withNumpy = true
		args = append(args, "-ladmap")
	} else {
		args = append(args, "-numpy=false")
	}
	status, stdout, stderr := runCLI(t, args...)
	if status != 0 {
		t.Fatalf("status %d, stderr %s", status, stderr)
	}
	for _, want := range []string{"iterations", "ms/iter", "within-class %", "vs NumPy", "go admm", "usps50: skipped"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if !withNumpy {
		t.Log("no python3 with numpy: NumPy column not tested")
		return
	}
	var goLadmap, npLadmap []string
	for _, line := range strings.Split(stdout, "\n") {
		f := strings.Fields(line)
		if len(f) < 10 || f[0] != "synthetic" {
			continue
		}
		switch f[1] + " " + f[2] {
		case "go ladmap":
			goLadmap = f
		case "numpy ladmap":
			npLadmap = f
		}
	}
	if goLadmap == nil || npLadmap == nil {
		t.Fatalf("missing LADMAP rows:\n%s", stdout)
	}
	// Columns: case, solver (2 words), n, d, iterations, seconds, ms/iter,
	// first graph, objective.
	if goLadmap[5] != npLadmap[5] || goLadmap[9] != npLadmap[9] {
		t.Errorf("Go LADMAP (iterations %s, objective %s) and NumPy LADMAP (%s, %s) differ",
			goLadmap[5], goLadmap[9], npLadmap[5], npLadmap[9])
	}
}

// bench -warm prints a row for the base point and for each move of the
// page's sliders (two steps and two jumps each for λ and β); every solve,
// cold and warm, meets the certified gap of 4e-3, so the two objectives
// of a move differ by at most 0.4% of the smaller; at λ = 0.05 (Z = 0
// optimal) the warm solve is the cold one.
func TestBenchWarm(t *testing.T) {
	if testing.Short() {
		t.Skip("17 solves: about 7 s of CPU")
	}
	status, stdout, stderr := runCLI(t, "bench", "-warm", "-cases", "synthetic,usps50", "-usps", filepath.Join(t.TempDir(), "absent.mat"))
	if status != 0 {
		t.Fatalf("status %d, stderr %s", status, stderr)
	}
	if !strings.Contains(stdout, "usps50: skipped") || !strings.Contains(stdout, "base beta 0.2, lambda 10") {
		t.Errorf("output lacks the base row or the note on usps50:\n%s", stdout)
	}
	moves := 0
	for _, line := range strings.Split(stdout, "\n") {
		// case, n, move (5 words), cold iter, s, cpu s, warm iter, s,
		// cpu s, 3 ratios, 2 gaps, 2 objectives.
		f := strings.Fields(line)
		if len(f) != 20 || f[0] != "synthetic" || f[5] != "->" {
			continue
		}
		moves++
		num := func(i int) float64 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				t.Fatalf("column %d of %q: %v", i, line, err)
			}
			return v
		}
		// Gaps are printed to 4 digits: a gap below 4e-3 prints at most
		// as 0.004.
		if gc, gw := num(16), num(17); !(gc <= 4e-3 && gw <= 4e-3) {
			t.Errorf("%s: gaps cold %v, warm %v; want both below 4e-3", line, gc, gw)
		}
		if pc, pw := num(18), num(19); math.Abs(pc-pw) > 4e-3*math.Min(pc, pw) {
			t.Errorf("%s: objectives differ by more than the certified gaps allow", line)
		}
		if f[2] == "lambda" && f[6] == "0.05" && f[7] != f[10] {
			t.Errorf("%s: want the cold solve (Z = 0 optimal)", line)
		}
	}
	if moves != 8 {
		t.Errorf("%d move rows, want 8:\n%s", moves, stdout)
	}
}
