package experiment

import (
	"math"
	"slices"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// A Reach is one cell of a reading run: the mean error of the defaults
// and of the reading over the same trials, beside the paper's number, in
// percent. Paper is NaN where the paper has no number for the cell or the
// run's draw is not the paper's (PaperDraw).
type Reach struct {
	Propagator        string
	Labeled           float64
	Graph             method.Name
	Defaults, Reading float64
	Paper             float64
}

// In reports whether the defaults' and the reading's errors are within
// paper.FarPoints of the paper's: false for both where the paper has no
// number.
func (c Reach) In() (defaults, reading bool) {
	if math.IsNaN(c.Paper) {
		return false, false
	}
	return math.Abs(c.Defaults-c.Paper) <= paper.FarPoints, math.Abs(c.Reading-c.Paper) <= paper.FarPoints
}

// Reaches returns the cells of the graphs the run built under its
// readings (rr.Graphs, in the order of rr.Results.Graphs), in the order
// of its classifiers, labeled shares and graphs.
func (rr ReadingRun) Reaches() []Reach {
	r := rr.Results
	draw := PaperDraw(r.Protocol)
	var out []Reach
	for _, p := range r.Propagators {
		for _, f := range r.Labeled {
			for _, g := range r.Graphs {
				if !slices.Contains(rr.Graphs, g) {
					continue
				}
				mine, _ := r.Cell(p, f, g)
				def, _ := rr.Defaults.Cell(p, f, g)
				c := Reach{Propagator: p, Labeled: f, Graph: g, Defaults: 100 * def.Mean(), Reading: 100 * mine.Mean(), Paper: math.NaN()}
				if v, ok := PaperError(p, r.Protocol.Name, f, g); ok && draw {
					c.Paper = v
				}
				out = append(out, c)
			}
		}
	}
	return out
}

// Within counts, of the cells cs of graph g where the paper has a number
// (of), those within paper.FarPoints of it under the defaults (dIn) and
// under the reading (rIn).
func Within(cs []Reach, g method.Name) (dIn, rIn, of int) {
	for _, c := range cs {
		if c.Graph != g || math.IsNaN(c.Paper) || math.IsNaN(c.Defaults) || math.IsNaN(c.Reading) {
			continue
		}
		of++
		d, r := c.In()
		if d {
			dIn++
		}
		if r {
			rIn++
		}
	}
	return dIn, rIn, of
}

// BoundName names, in a CellReach's By, the best candidate of a grid on
// the test labels (Oracle): a bound on what tuning could give, not a
// reading.
const BoundName = "test-labels"

// A CellReach is a cell of the paper's tables for one graph of one data
// set, with the defaults' mean error over the data set's table run and
// every reading run, or tuning bound, that came within paper.FarPoints of
// the paper's number there (By). Nearest is, of the defaults and every
// reading run and bound of the cell, the error closest to the paper's.
type CellReach struct {
	Dataset, Propagator string
	Labeled             float64
	Graph               method.Name
	Paper, Defaults     float64
	Trials              int
	By                  []Reached
	Nearest             float64
}

// A Reached is a reading run (its readings' names joined by "+", or
// BoundName) and its mean error in a cell, over its trials.
type Reached struct {
	Name   string
	Error  float64
	Trials int
}

// DefaultsIn reports whether the defaults are within paper.FarPoints of
// the paper's number.
func (c CellReach) DefaultsIn() bool { return math.Abs(c.Defaults-c.Paper) <= paper.FarPoints }

// CellReaches returns, for every data set of tables with a reading run,
// and every graph some reading run changes there (NNLRS too where oracles
// recorded its candidates), each cell of the paper's tables: the
// defaults' mean error in tables, and which readings of runs, and which
// tuning bound of oracles, brought it within paper.FarPoints of the
// paper's. Cells come by data set in the order of tables, then graph in
// method.Every's order, then classifier and labeled share.
func CellReaches(tables []*Results, runs []ReadingRun, oracles []*Results) []CellReach {
	type key struct {
		ds, p string
		f     float64
		g     method.Name
	}
	var by = map[key][]Reached{}
	near := map[key][]float64{}
	graphs := map[string][]method.Name{}
	add := func(ds string, g method.Name) {
		if !slices.Contains(graphs[ds], g) {
			graphs[ds] = append(graphs[ds], g)
		}
	}
	for _, rr := range runs {
		ds := rr.Results.Protocol.Name
		for _, c := range rr.Reaches() {
			if math.IsNaN(c.Paper) || math.IsNaN(c.Reading) {
				continue
			}
			add(ds, c.Graph)
			k := key{ds, c.Propagator, c.Labeled, c.Graph}
			near[k] = append(near[k], c.Reading)
			if _, in := c.In(); in {
				by[k] = append(by[k], Reached{rr.Name(), c.Reading, rr.Results.Trials})
			}
		}
	}
	for _, r := range oracles {
		ds := r.Protocol.Name
		if len(r.Readings) > 0 || !PaperDraw(r.Protocol) {
			continue
		}
		for _, c := range Oracle(r) {
			v, ok := PaperError(c.Propagator, ds, c.Labeled, c.Graph)
			if !ok {
				continue
			}
			add(ds, c.Graph)
			k := key{ds, c.Propagator, c.Labeled, c.Graph}
			near[k] = append(near[k], 100*c.Best)
			if math.Abs(100*c.Best-v) > paper.FarPoints {
				continue
			}
			// Of the bounds of several grids, the one nearest the paper's.
			i := slices.IndexFunc(by[k], func(r Reached) bool { return r.Name == BoundName })
			switch {
			case i < 0:
				by[k] = append(by[k], Reached{BoundName, 100 * c.Best, c.Trials})
			case math.Abs(100*c.Best-v) < math.Abs(by[k][i].Error-v):
				by[k][i] = Reached{BoundName, 100 * c.Best, c.Trials}
			}
		}
	}
	var out []CellReach
	for _, t := range tables {
		ds := t.Protocol.Name
		if !PaperDraw(t.Protocol) {
			continue
		}
		for _, g := range method.Every {
			if !slices.Contains(graphs[ds], g) {
				continue
			}
			for _, p := range t.Propagators {
				for _, f := range t.Labeled {
					v, ok := PaperError(p, ds, f, g)
					c, ok2 := t.Cell(p, f, g)
					if !ok || !ok2 || math.IsNaN(c.Mean()) {
						continue
					}
					k := key{ds, p, f, g}
					cr := CellReach{Dataset: ds, Propagator: p, Labeled: f, Graph: g, Paper: v, Defaults: 100 * c.Mean(), Trials: t.Trials, By: by[k], Nearest: 100 * c.Mean()}
					for _, e := range near[k] {
						if math.Abs(e-v) < math.Abs(cr.Nearest-v) {
							cr.Nearest = e
						}
					}
					out = append(out, cr)
				}
			}
		}
	}
	return out
}

// Moves measures how far a reading moved graph g's cells cs against the
// spread of the defaults' table over its trials: change is the mean, over
// the cells, of |reading − defaults| over the same trials, spread the
// mean of the table's standard deviations over its trials, both in
// points. A reading whose change is within the spread needs no more
// trials to say it does not move the table; one beyond it does.
func Moves(cs []Reach, table *Results, g method.Name) (change, spread float64, cells int) {
	for _, c := range cs {
		t, ok := table.Cell(c.Propagator, c.Labeled, g)
		if c.Graph != g || !ok || len(t.Errors) < 2 || math.IsNaN(c.Reading) || math.IsNaN(c.Defaults) {
			continue
		}
		change += math.Abs(c.Reading - c.Defaults)
		spread += 100 * t.Std()
		cells++
	}
	if cells == 0 {
		return math.NaN(), math.NaN(), 0
	}
	return change / float64(cells), spread / float64(cells), cells
}
