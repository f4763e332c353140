package experiment

import (
	"fmt"

	"nnlrs/core/paper"
)

// CompareScale is the name of the comparison of scale studies.
const CompareScale = "scale"

// CompareStudies returns the comparison of the scale studies ss: a block
// per study and labeled share, its columns the draws (by their number of
// samples, labeled CLASSES×PERCLASS), a row per graph of our error under
// the study's first classifier with, per cell, the mean connected
// components of the graphs used. The paper draws one size per data set,
// so no cell has its number.
func CompareStudies(ss ...*ScaleResults) *paper.Comparison {
	cmp := &paper.Comparison{Name: CompareScale, Title: "The graphs as the draw grows", XLabel: "samples drawn"}
	for _, s := range ss {
		if len(s.Runs) == 0 {
			continue
		}
		first := s.Runs[0]
		if len(first.Propagators) == 0 {
			continue
		}
		p := first.Propagators[0]
		for _, f := range first.Labeled {
			b := &paper.Block{Dataset: s.Dataset, Title: fmt.Sprintf("%s, %g%% labeled, %s", s.Title, 100*f, PropagatorTitle(p)),
				Trials: first.Trials, Command: s.Command, Seconds: s.Seconds, Reasons: map[string][]string{}}
			for i, d := range s.Draws {
				if i < len(s.Runs) {
					b.Columns = append(b.Columns, float64(d.Samples()))
					b.ColumnNames = append(b.ColumnNames, d.String())
				}
			}
			for _, g := range first.Graphs {
				row := &paper.Row{Name: string(g), Graph: g}
				for _, r := range s.Runs {
					c, _ := r.Cell(p, f, g)
					cell := newCell(c.Errors, 0, false)
					if len(c.Components) > 0 {
						var sum float64
						for _, k := range c.Components {
							sum += float64(k)
						}
						m := sum / float64(len(c.Components))
						cell.Components = &m
					}
					row.Cells = append(row.Cells, cell)
				}
				b.Rows = append(b.Rows, row)
			}
			cmp.Blocks = append(cmp.Blocks, b)
		}
	}
	return cmp
}
