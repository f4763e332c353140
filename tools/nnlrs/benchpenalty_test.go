package main

import (
	"strconv"
	"strings"
	"testing"

	"nnlrs/tools/nnlrs/internal/bench"
)

// A "-" in a rule keeps that penalty's default, and -betas and -lambdas
// set the grid: on the page's default data (n = 100, where μ₂'s default
// is 2) the rules "-,-,-" and "-,2,-" are the defaults, so they take the
// defaults' iterations in each of the grid's two cells.
func TestBenchPenaltiesDefaultEntries(t *testing.T) {
	stdout, rows := penaltyRows(t, "-,-,-;-,2,-", "-betas", "0.2", "-lambdas", "1,10")
	for _, f := range rows {
		if f[2] != "0.2" || f[5] != f[4] || f[6] != f[4] {
			t.Errorf("%q: a rule of defaults took other iterations than the defaults", strings.Join(f, " "))
		}
	}
	if len(rows) != 2 {
		t.Errorf("%d rows, want 2 (beta 0.2, lambda 1 and 10):\n%s", len(rows), stdout)
	}
	for _, args := range [][]string{{"-penalties", "-,x,-"}, {"-penalties", "-,-,-", "-lambdas", "1,0"}, {"-penalties", "-,-,-", "-betas", "a"}} {
		if status, _, stderr := runCLI(t, append([]string{"bench", "-cases", "page-default"}, args...)...); status != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: status %d, stderr %q, want 2 and one line", args, status, stderr)
		}
	}
}

// penaltyRows runs the penalty bench with two rules on the page's default
// data, with the further flags args, and returns its output and the
// fields of its table's rows: case, n, β, λ, default, rule 1, rule 2.
func penaltyRows(t *testing.T, rules string, args ...string) (string, [][]string) {
	t.Helper()
	status, stdout, stderr := runCLI(t, append([]string{"bench", "-penalties", rules, "-cases", "page-default"}, args...)...)
	if status != 0 {
		t.Fatalf("status %d, stderr %s", status, stderr)
	}
	var rows [][]string
	for _, line := range strings.Split(stdout, "\n") {
		if f := strings.Fields(line); len(f) == 7 && f[0] == "page-default" {
			rows = append(rows, f)
		}
	}
	return stdout, rows
}

// The penalty bench on the page's default data: at n = 100 the rule
// 3l,2,4r is ADMM's default for λ ≤ 3 and 5l,2,10 for λ > 3 (μ₁ = 3λ up to
// λ = 3, 5λ above; μ₃ = 0.4√(n·min(λ, 6.25))), so where a rule is the
// default its iterations are the default's, the solver being
// deterministic; and the summary has one line per rule.
func TestBenchPenalties(t *testing.T) {
	if testing.Short() {
		t.Skip("54 solves: about 10 s of CPU")
	}
	stdout, rows := penaltyRows(t, "3l,2,4r;5l,2,10")
	for _, f := range rows {
		line := strings.Join(f, " ")
		lambda, err := strconv.ParseFloat(f[3], 64)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		same := f[5]
		if lambda > 3 {
			same = f[6]
		}
		if f[1] != "100" || same != f[4] {
			t.Errorf("%q: the rule equal to the defaults at λ %g took other iterations", line, lambda)
		}
	}
	if len(rows) != len(bench.PenaltyBetas)*len(bench.PenaltyLambdas) {
		t.Errorf("%d rows, want %d:\n%s", len(rows), len(bench.PenaltyBetas)*len(bench.PenaltyLambdas), stdout)
	}
	for _, r := range []string{"3l,2,4r: geometric mean", "5l,2,10: geometric mean"} {
		if !strings.Contains(stdout, r) {
			t.Errorf("summary lacks %q:\n%s", r, stdout)
		}
	}
}
