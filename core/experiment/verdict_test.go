package experiment

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// tableResults returns a run of YaleB under GHF whose cells hold, trial
// by trial, the errors errs[graph][share].
func tableResults(errs map[method.Name][][]float64, labeled []float64) *Results {
	p, _ := Lookup("yaleb")
	r := &Results{Protocol: p, Trials: 2, Labeled: labeled, Propagators: []string{GHF}}
	for _, g := range method.Every {
		if errs[g] == nil {
			continue
		}
		r.Graphs = append(r.Graphs, g)
		for k, f := range labeled {
			r.Cells = append(r.Cells, Cell{Propagator: GHF, Labeled: f, Graph: g, Errors: errs[g][k]})
		}
	}
	return r
}

// TestVerdictRules checks the outcomes of the claims against runs whose
// answers are known by construction, and the paper's own tables against
// what can be read in them.
func TestVerdictRules(t *testing.T) {
	labeled := []float64{0.1, 0.2, 0.3, 0.4}
	low := [][]float64{{0.05, 0.07}, {0.04, 0.04}, {0.03, 0.05}, {0.02, 0.02}}
	high := [][]float64{{0.10, 0.10}, {0.08, 0.08}, {0.06, 0.06}, {0.05, 0.05}}
	// l1 below NNLRS at the last two shares only (0.03 and 0.01 < 0.04 and
	// 0.02 means).
	mixed := [][]float64{{0.10, 0.10}, {0.08, 0.08}, {0.03, 0.03}, {0.01, 0.01}}
	errs := map[method.Name][][]float64{method.NNLRS: low, method.L1: mixed, method.NNLRSEF: high, method.PCANNLRS: low}
	for _, g := range baselines {
		if errs[g] == nil {
			errs[g] = high
		}
	}
	v := Verdict(VerdictRuns{Tables: []*Results{tableResults(errs, labeled)}})
	want := map[string]struct {
		outcome string
		won, of int
	}{
		"nnlrs-lowest":   {paper.Partly, 2, 4},
		"ef-beats-nnlrs": {paper.Fails, 0, 4},
		"ef-beats-pca":   {paper.Fails, 0, 4},
		"lrr-beats-l1":   {paper.Fails, 0, 4},
	}
	for key, w := range want {
		c := v.Claim(key)
		if c == nil || len(c.Findings) != 1 {
			t.Fatalf("%s: %+v", key, c)
		}
		f := c.Findings[0]
		if f.Outcome != w.outcome || f.Won != w.won || f.Of != w.of || f.Trials != 2 || f.Dataset != "yaleb" {
			t.Errorf("%s: %+v, want %s %d/%d", key, f, w.outcome, w.won, w.of)
		}
	}
	f := v.Claim("nnlrs-lowest").Findings[0]
	// The means at the shares l1 wins: 3.00 vs 4.00 at 30%, 1.00 vs 2.00 at 40%.
	for _, s := range []string{"lowest at 2 of 4", "ℓ1 at 30%, 40%", "3.00 vs 4.00% at 30%", "1.00 vs 2.00% at 40%",
		"The paper's own table: holds (4 of 4)"} {
		if !strings.Contains(f.Text, s) {
			t.Errorf("nnlrs-lowest: %q lacks %q", f.Text, s)
		}
	}
	if got := v.For(CompareGHF, GHF); len(got) != 3 { // nnlrs-lowest, ef-beats-nnlrs, lrr-beats-l1
		t.Errorf("findings for the GHF figure: %d", len(got))
	}
	// Without every baseline, NNLRS cannot be the lowest of them all.
	delete(errs, method.SPG)
	if f := Verdict(VerdictRuns{Tables: []*Results{tableResults(errs, labeled)}}).Claim("nnlrs-lowest").Findings; len(f) != 0 {
		t.Errorf("judged without SPG: %+v", f[0])
	}
	for _, tc := range []struct {
		won, n int
		want   string
	}{{6, 6, paper.Holds}, {3, 6, paper.Partly}, {5, 6, paper.Partly}, {2, 6, paper.Fails}, {0, 0, paper.Partly}} {
		if got := paper.Outcome(tc.won, tc.n); got != tc.want {
			t.Errorf("Outcome(%d, %d) = %s, want %s", tc.won, tc.n, got, tc.want)
		}
	}
}

// TestVerdictPaperTables checks the judges on the paper's own tables,
// against what can be read in them: on YaleB under GHF NNLRS is the lowest
// of the eight graphs at every share and LRR beats l1 everywhere, on PIE
// SPG is below NNLRS at 20% labeled (20.30 against 22.81).
func TestVerdictPaperTables(t *testing.T) {
	var lowest, lrr claimDef
	for _, c := range claims {
		switch c.key {
		case "nnlrs-lowest":
			lowest = c
		case "lrr-beats-l1":
			lrr = c
		}
	}
	if won, of, _, _ := lowest.judge(paperTableOf("yaleb"), paper.Labeled, GHF); won != 6 || of != 6 {
		t.Errorf("YaleB GHF, NNLRS lowest at %d of %d", won, of)
	}
	if won, of, _, _ := lrr.judge(paperTableOf("yaleb"), paper.Labeled, LGC); won != 6 || of != 6 {
		t.Errorf("YaleB LGC, LRR below l1 at %d of %d", won, of)
	}
	won, of, text, _ := lowest.judge(paperTableOf("pie"), paper.Labeled, GHF)
	if won != 5 || of != 6 || !strings.Contains(text, "SPG at 20% (20.30 vs 22.81% at 20%)") {
		t.Errorf("PIE GHF: %d of %d, %q", won, of, text)
	}
}

// TestBetaClaim checks Table IV's claim on a sweep with the paper's shape
// and on a flat one.
func TestBetaClaim(t *testing.T) {
	p, _ := Lookup("pie")
	sweep := func(bump float64) *Results {
		r := &Results{Protocol: p, Trials: 1, Labeled: []float64{0.1, 0.2}}
		for _, f := range r.Labeled {
			for _, b := range paper.SweepBetas {
				e := 0.2
				if b == 0 || b >= 5 {
					e += bump
				}
				r.Sweep = append(r.Sweep, SweepCell{Propagator: SDA, Lambda: 10, Beta: b, Labeled: f, Errors: []float64{e}})
			}
		}
		return r
	}
	if f := betaClaim(sweep(0.05)).Findings[0]; f.Outcome != paper.Holds || !strings.Contains(f.Text, "+5.0 points") {
		t.Errorf("paper-shaped sweep: %+v", f)
	}
	if f := betaClaim(sweep(0)).Findings[0]; f.Outcome != paper.Fails || !strings.Contains(f.Text, "spans at most 0.0 points") {
		t.Errorf("flat sweep: %+v", f)
	}
}

// TestCaught checks the share of corrupted samples among E's largest
// columns on a matrix whose answer is known, and the claim made of it.
func TestCaught(t *testing.T) {
	// Column norms 5, 1, 4, 0.5, 3: the three largest are samples 0, 2, 4.
	e := mat.NewDense(1, 5, []float64{5, 1, -4, 0.5, 3})
	for _, tc := range []struct {
		corrupted []bool
		want      float64
		ok        bool
	}{
		{[]bool{true, false, true, false, true}, 1, true},
		{[]bool{true, true, false, true, false}, 1.0 / 3, true},
		{[]bool{false, false, false, false, false}, 0, false},
		{[]bool{true}, 0, false},
	} {
		got, ok := Caught(e, tc.corrupted)
		if ok != tc.ok || math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("Caught(%v) = %v, %v; want %v, %v", tc.corrupted, got, ok, tc.want, tc.ok)
		}
	}
	p, _ := Lookup("synthetic")
	one, half := 1.0, 0.5
	r := &Results{Protocol: p, Trials: 2, Builds: []BuildStat{{Stage: "transductive", Graph: method.NNLRS,
		Solves: []Solve{{Lambda: 1, Caught: &one}, {Lambda: 1, Caught: &one}, {Lambda: 3, Caught: &half}, {Lambda: 3, Caught: &one}}}},
		Choices: []Choice{{Propagator: GHF, Graph: method.NNLRS, Lambda: 3}, {Propagator: LGC, Graph: method.NNLRS, Lambda: 3},
			{Propagator: GHF, Graph: method.NNLRS, Lambda: 1}, {Propagator: SDA, Graph: method.NNLRS, Lambda: 1}, {Propagator: SDA, Graph: method.NNLRS, Lambda: 1}}}
	c := caughtClaim(r)
	if c == nil || len(c.Findings) != 1 {
		t.Fatalf("claim %+v", c)
	}
	f := c.Findings[0]
	if f.Outcome != paper.Partly || f.Won != 1 || f.Of != 2 || !strings.Contains(f.Text, "100% at λ = 1, 75% at λ = 3 (a random pick: 10%); cross-validation chose λ = 3 in 2 of 3 choices") {
		t.Errorf("finding %+v", f)
	}
	if got, _ := Caught(mat.NewDense(1, 3, nil), []bool{true, false, false}); got != 0 {
		t.Errorf("E = 0 caught %v", got)
	}
	if caughtClaim(&Results{Protocol: p}) != nil {
		t.Error("a claim without solves")
	}
}

// TestVerdictReadings: a reading's run is weighed in the claims that
// compare the graph it changes, and only those.
func TestVerdictReadings(t *testing.T) {
	labeled := []float64{0.1, 0.2}
	errs := map[method.Name][][]float64{}
	for _, g := range method.Every {
		errs[g] = [][]float64{{0.2, 0.2}, {0.1, 0.1}}
	}
	errs[method.NNLRS] = [][]float64{{0.1, 0.1}, {0.05, 0.05}}
	base := tableResults(errs, labeled)
	errs[method.L1] = [][]float64{{0.3, 0.3}, {0.01, 0.01}}
	under := tableResults(errs, labeled)
	v := Verdict(VerdictRuns{Tables: []*Results{base}, Readings: []ReadingRun{
		{Readings: []string{"cheng"}, Graphs: []method.Name{method.L1}, Results: under, Defaults: base},
		// Algorithm 1's run without NNLRS-EF cannot weigh NNLRS-EF's claims.
		{Readings: []string{"algorithm1"}, Graphs: []method.Name{method.NNLRS}, Results: base, Defaults: base},
	}})
	got := map[string][]string{}
	for _, c := range v.Claims {
		for _, f := range c.Findings {
			got[c.Key] = append(got[c.Key], f.Reading+":"+f.Outcome)
		}
	}
	want := map[string][]string{
		"nnlrs-lowest":   {":holds", "cheng:partly", "algorithm1:holds"},
		"ef-beats-nnlrs": {":does not hold"},
		"ef-beats-pca":   {":does not hold"},
		"lrr-beats-l1":   {":does not hold", "cheng:partly"},
	}
	for k, w := range want {
		if strings.Join(got[k], " ") != strings.Join(w, " ") {
			t.Errorf("%s: %v, want %v", k, got[k], w)
		}
	}
}
