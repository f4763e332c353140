package experiment

import (
	"fmt"
	"math"
	"slices"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// The comparisons Compare makes, by the page's names of the paper's
// figures: Tables I-III (GHF, LGC, SDA), the joint-learning figure (NNLRS,
// PCA+NNLRS and NNLRS-EF under LGC) and Table IV (β sensitivity).
const (
	CompareGHF   = "ghf"
	CompareLGC   = "lgc"
	CompareSDA   = "sda"
	CompareJoint = "joint"
	CompareBeta  = "beta"
	// CompareLGCMu is Table II beside our LGC at α = 1/(1 + μ), the
	// literal reading of the paper's "μ = 0.99" (LGCMu).
	CompareLGCMu = "lgc-mu"
)

// jointGraphs are the curves of the joint-learning figure.
var jointGraphs = []method.Name{method.NNLRS, method.PCANNLRS, method.NNLRSEF}

// Compare returns the comparison name (one of the Compare constants) of
// our runs rs with the paper's numbers: a block per run that holds the
// comparison's classifier (or, for CompareBeta, a β sweep), our means and
// standard deviations beside the paper's, the cells more than
// paper.FarPoints away marked, and the reasons that apply to their rows.
// Blocks follow the order of rs; a run without the classifier gives none.
func Compare(name string, rs ...*Results) (*paper.Comparison, error) {
	titles := map[string]string{
		CompareGHF:   "Table I: GHF error",
		CompareLGC:   "Table II: LGC error (α = 0.99)",
		CompareLGCMu: "Table II: LGC error (α = 1/(1+0.99))",
		CompareSDA:   "Table III: SDA + nearest neighbour error",
		CompareJoint: "Learning the graph with the features: LGC error",
		CompareBeta:  "Table IV: β sensitivity, NNLRS + SDA on PIE",
	}
	title, ok := titles[name]
	if !ok {
		return nil, fmt.Errorf("experiment: no comparison %q", name)
	}
	cmp := &paper.Comparison{Name: name, Title: title, XLabel: "labeled %"}
	if name == CompareBeta {
		cmp.XLabel = "β"
	}
	for _, r := range rs {
		var b *paper.Block
		switch name {
		case CompareBeta:
			b = sweepBlock(r)
		case CompareJoint:
			b = TableBlock(r, LGC, jointGraphs)
		default:
			b = TableBlock(r, name, r.Graphs)
		}
		if b != nil {
			cmp.Blocks = append(cmp.Blocks, b)
		}
	}
	return cmp, nil
}

// block returns the empty block of run r; its Seconds are the trials' CPU
// time when known (a reprint's on one core of an idle machine), else the
// run's time.
func block(r *Results) *paper.Block {
	secs := r.Seconds
	if r.CPUSeconds > 0 {
		secs = r.CPUSeconds
	}
	return &paper.Block{Dataset: r.Protocol.Name, Title: r.Protocol.Title, Trials: r.Trials,
		Command: r.Command, Seconds: secs, Reasons: map[string][]string{}}
}

// TableBlock returns the block of classifier p and graphs gs of r, nil if
// r did not run p.
func TableBlock(r *Results, p string, gs []method.Name) *paper.Block {
	if !slices.Contains(r.Propagators, p) {
		return nil
	}
	b := block(r)
	b.Columns = r.Labeled
	for _, g := range gs {
		if !slices.Contains(r.Graphs, g) {
			continue
		}
		row := &paper.Row{Name: string(g), Graph: g}
		far := false
		for _, f := range r.Labeled {
			c, _ := r.Cell(p, f, g)
			v, ok := PaperError(p, r.Protocol.Name, f, g)
			cell := newCell(c.Errors, v, ok && PaperDraw(r.Protocol))
			if e, u, ok := c.Reached(); ok {
				e *= 100
				cell.Reached, cell.Unreached = &e, &u
			}
			far = far || cell.Far
			row.Cells = append(row.Cells, cell)
		}
		if far {
			b.Reasons[row.Name] = texts(Reasons(r, p, g))
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

// sweepBlock returns the β sweep of r, a row per labeled fraction, nil if
// r has none. The paper's numbers (Table IV) apply to SDA on PIE at
// λ = 10 only.
func sweepBlock(r *Results) *paper.Block {
	if len(r.Sweep) == 0 {
		return nil
	}
	b := block(r)
	for _, c := range r.Sweep {
		if !slices.Contains(b.Columns, c.Beta) {
			b.Columns = append(b.Columns, c.Beta)
		}
	}
	slices.Sort(b.Columns)
	for _, f := range r.Labeled {
		row := &paper.Row{Name: fmt.Sprintf("%g%%", 100*f)}
		far := false
		for _, beta := range b.Columns {
			var errs []float64
			var sc SweepCell
			for _, c := range r.Sweep {
				if c.Beta == beta && c.Labeled == f {
					errs, sc = c.Errors, c
				}
			}
			v, ok := sweepPaper(r, sc)
			cell := newCell(errs, v, ok && PaperDraw(r.Protocol))
			far = far || cell.Far
			row.Cells = append(row.Cells, cell)
		}
		if far {
			b.Reasons[row.Name] = texts(sweepReasons(r))
		}
		b.Rows = append(b.Rows, row)
	}
	return b
}

// newCell returns the cell of error rates errs (fractions) beside the
// paper's v (percent) if it reports one.
func newCell(errs []float64, v float64, reported bool) *paper.Cell {
	c := &paper.Cell{}
	if len(errs) > 0 {
		m, s := 100*Mean(errs), 100*Std(errs)
		c.Ours, c.Std = &m, &s
	}
	if reported {
		c.Paper = &v
		c.Far = c.Ours != nil && math.Abs(*c.Ours-v) > paper.FarPoints
	}
	return c
}

// texts returns the texts of reasons rs.
func texts(rs []Reason) []string {
	out := make([]string, len(rs))
	for i, x := range rs {
		out[i] = x.Text
	}
	return out
}
