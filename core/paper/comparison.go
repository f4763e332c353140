package paper

import (
	"math"

	"nnlrs/core/method"
)

// A Comparison is one of the paper's tables or figures beside what this
// project measured at the paper's scale (core/experiment.Compare makes it
// from the committed runs, the page shows it): error rates in percent.
type Comparison struct {
	// Name is the figure's name in the page's link (#paper=NAME): "ghf",
	// "lgc", "sda", "joint", "beta", "scale".
	Name  string `json:"name"`
	Title string `json:"title"`
	// XLabel names the columns' quantity ("labeled %", "β").
	XLabel string   `json:"xlabel"`
	Blocks []*Block `json:"blocks"`
}

// A Block is the part of a comparison on one data set.
type Block struct {
	Dataset string `json:"dataset"` // "usps", "yaleb", "pie"
	Title   string `json:"title"`
	// Columns are the columns' values: labeled fractions, β, or the
	// number of samples drawn; ColumnNames, if set, their labels.
	Columns     []float64 `json:"columns"`
	ColumnNames []string  `json:"column_names,omitempty"`
	Rows        []*Row    `json:"rows"`
	// Trials is the number of trials behind our means.
	Trials int `json:"trials"`
	// Reasons are the known differences from the paper's setting that
	// bear on the rows with a cell far from the paper's (Cell.Far), by
	// row name; Command reprints our numbers; Seconds they took.
	Reasons map[string][]string `json:"reasons,omitempty"`
	Command string              `json:"command"`
	Seconds float64             `json:"seconds"`
}

// A Row is one curve: a graph (or, for β, a labeled fraction).
type Row struct {
	Name  string      `json:"name"`
	Graph method.Name `json:"graph,omitempty"`
	Cells []*Cell     `json:"cells"`
}

// A Cell is our mean error rate and its sample standard deviation over
// the trials (nil when the cell failed), and the paper's (nil when it
// reports none); Far marks a difference of more than FarPoints.
// Components, if set, is the mean number of connected components of the
// graphs behind ours. Reached and Unreached, set for GHF and LGC where
// every trial recorded them, are our mean error rate among the unlabeled
// samples some label reaches and the mean number of the others, which
// Ours counts as errors.
type Cell struct {
	Ours       *float64 `json:"ours,omitempty"`
	Std        *float64 `json:"std,omitempty"`
	Paper      *float64 `json:"paper,omitempty"`
	Far        bool     `json:"far,omitempty"`
	Components *float64 `json:"components,omitempty"`
	Reached    *float64 `json:"reached,omitempty"`
	Unreached  *float64 `json:"unreached,omitempty"`
}

// Agreement counts the cells of b that have both our error rates, strict
// and among the samples reached, and the paper's; and of those, the ones
// where each of ours is within FarPoints of the paper's.
func (b *Block) Agreement() (cells, strict, reached int) {
	for _, row := range b.Rows {
		for _, c := range row.Cells {
			if c.Ours == nil || c.Reached == nil || c.Paper == nil {
				continue
			}
			cells++
			if math.Abs(*c.Ours-*c.Paper) <= FarPoints {
				strict++
			}
			if math.Abs(*c.Reached-*c.Paper) <= FarPoints {
				reached++
			}
		}
	}
	return cells, strict, reached
}

// Unreached reports whether some cell of b counts, on average, an
// unlabeled sample that no label reaches.
func (b *Block) Unreached() bool {
	for _, row := range b.Rows {
		for _, c := range row.Cells {
			if c.Unreached != nil && *c.Unreached > 0 {
				return true
			}
		}
	}
	return false
}

// FarPoints is the difference from the paper's error rate, in percentage
// points, beyond which a cell is marked (†).
const FarPoints = 2

// Evidence is what the page's paper figures show, as the site carries it
// (paper/index.json, which tools/site writes from the committed runs).
type Evidence struct {
	Comparisons []*Comparison `json:"comparisons"`
	// Weights names the data sets whose weights figure of the first trial
	// (paper/NAME-weights.png, written by nnlrs reproduce) the site has.
	Weights []string `json:"weights"`
	// Galleries are the samples of the data sets the site carries, the
	// paper's Fig. 1 (paper/NAME-samples.png).
	Galleries []Gallery `json:"galleries,omitempty"`
	// Verdict weighs the paper's claims against the committed runs
	// (the results folder's verdict.json, which nnlrs reproduce
	// -render-only writes).
	Verdict *Verdict `json:"verdict,omitempty"`
}

// A Gallery is a picture of some samples of a data set: Images of them,
// Cols to a row, with the classes and samples per class drawn.
type Gallery struct {
	Dataset  string `json:"dataset"`
	Title    string `json:"title"`
	Images   int    `json:"images"`
	Cols     int    `json:"cols"`
	Classes  int    `json:"classes"`
	PerClass int    `json:"per_class"`
}

// Comparison returns the comparison name, nil if e has none.
func (e *Evidence) Comparison(name string) *Comparison {
	if e == nil {
		return nil
	}
	for _, c := range e.Comparisons {
		if c.Name == name {
			return c
		}
	}
	return nil
}
