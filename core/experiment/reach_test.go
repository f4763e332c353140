package experiment

import (
	"math"
	"testing"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// reachRuns are runs of YaleB's NNLRS under GHF whose reach of the paper's
// numbers (3.75, 9.84, 10.54, 9.38, 9.64, 8.13% at 10-60% labeled) is
// known by construction: the defaults within 2 points at 10% only; a
// reading within at 20%; two grids' best candidates within at 30%, 10.5
// and 11%; nothing within at 40-60%, where the nearest is the reading's
// 25%.
func reachRuns() (tables []*Results, runs []ReadingRun, oracles []*Results) {
	labeled := paper.Labeled
	far := []float64{0.30, 0.30}
	defaults := tableResults(map[method.Name][][]float64{method.NNLRS: {{0.04, 0.04}, far, far, far, far, far}}, labeled)
	reading := tableResults(map[method.Name][][]float64{method.NNLRS: {far, {0.10, 0.10}, far, {0.25, 0.25}, {0.25, 0.25}, {0.25, 0.25}}}, labeled)
	reading.Trials, reading.Readings = 1, []string{"algorithm1"}
	for _, b := range []float64{0.105, 0.11} {
		o := tableResults(map[method.Name][][]float64{method.NNLRS: {{0.3}, {0.3}, {0.3}, {0.3}, {0.3}, {0.3}}}, labeled)
		o.Trials = 1
		for _, f := range labeled {
			e := 0.30
			if f == 0.3 {
				e = b
			}
			o.Candidates = append(o.Candidates,
				Candidate{Choice: Choice{Propagator: GHF, Labeled: f, Graph: method.NNLRS, Trial: 1, Lambda: 10}, Chosen: true, Error: 0.30},
				Candidate{Choice: Choice{Propagator: GHF, Labeled: f, Graph: method.NNLRS, Trial: 1, Lambda: 3}, Error: e})
		}
		oracles = append(oracles, o)
	}
	runs = []ReadingRun{{Readings: []string{"algorithm1"}, Graphs: []method.Name{method.NNLRS}, Results: reading, Defaults: defaults}}
	return []*Results{defaults}, runs, oracles
}

// TestCellReaches checks, on runs whose answers are known by
// construction, which cells the defaults, a reading and the tuning bound
// bring within paper.FarPoints of the paper's, and the nearest of the
// others.
func TestCellReaches(t *testing.T) {
	tables, runs, oracles := reachRuns()
	cs := CellReaches(tables, runs, oracles)
	if len(cs) != 6 {
		t.Fatalf("%d cells, want YaleB NNLRS GHF's 6", len(cs))
	}
	for i, c := range cs {
		if c.Dataset != "yaleb" || c.Graph != method.NNLRS || c.Propagator != GHF || c.Labeled != paper.Labeled[i] || c.Trials != 2 {
			t.Errorf("cell %d: %+v", i, c)
		}
	}
	if !cs[0].DefaultsIn() || cs[0].Defaults != 4 || len(cs[0].By) != 0 {
		t.Errorf("10%%: %+v, want the defaults' 4%% within and no reading", cs[0])
	}
	if cs[1].DefaultsIn() || len(cs[1].By) != 1 || cs[1].By[0] != (Reached{"algorithm1", 10, 1}) {
		t.Errorf("20%%: %+v, want algorithm1's 10%% alone", cs[1])
	}
	if len(cs[2].By) != 1 || cs[2].By[0].Name != BoundName || math.Abs(cs[2].By[0].Error-10.5) > 1e-9 {
		t.Errorf("30%%: %+v, want the nearer bound, 10.5%%, once", cs[2])
	}
	for _, c := range cs[3:] {
		if c.DefaultsIn() || len(c.By) != 0 || c.Nearest != 25 {
			t.Errorf("%g: %+v, want nothing within and the reading's 25%% nearest", c.Labeled, c)
		}
	}
	// A reading's cells beside the paper's: Within counts the same.
	if dIn, rIn, of := Within(runs[0].Reaches(), method.NNLRS); dIn != 1 || rIn != 1 || of != 6 {
		t.Errorf("Within: %d, %d of %d, want 1, 1 of 6", dIn, rIn, of)
	}
}

// TestMoves checks the mean change of a reading's cells against the mean
// spread of the defaults' table, on numbers whose answer is known.
func TestMoves(t *testing.T) {
	_, runs, _ := reachRuns()
	// |reading − defaults|: 26, 20, 0, 5, 5, 5 points; mean 61/6.
	spread := tableResults(map[method.Name][][]float64{method.NNLRS: {{0.28, 0.32}, {0.28, 0.32}, {0.28, 0.32}, {0.28, 0.32}, {0.28, 0.32}, {0.28, 0.32}}}, paper.Labeled)
	change, sd, n := Moves(runs[0].Reaches(), spread, method.NNLRS)
	if n != 6 || math.Abs(change-61.0/6) > 1e-9 || math.Abs(sd-100*math.Sqrt(0.0008)) > 1e-9 {
		t.Errorf("Moves: %g points against %g over %d cells, want %g against %g over 6", change, sd, n, 61.0/6, 100*math.Sqrt(0.0008))
	}
	if _, _, n := Moves(runs[0].Reaches(), spread, method.L1); n != 0 {
		t.Errorf("Moves of a graph the reading did not build: %d cells", n)
	}
}
