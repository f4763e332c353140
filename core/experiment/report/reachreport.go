package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"nnlrs/core/experiment"
	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// writeReach writes, per data set and graph a reading changes, how many
// of the paper's cells the defaults' tables bring within paper.FarPoints
// of the paper's, which cells only a reading (or the tuning bound on the
// test labels) brings within, and how many none does, with the farthest
// of those (experiment.CellReaches).
func writeReach(b *strings.Builder, cells []experiment.CellReach) {
	if len(cells) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("### Cell by cell: which reading brings ours within %d points of the paper's\n\n", paper.FarPoints)
	p("For each graph a reading changes, the cells of the paper's tables: how many the defaults' tables (all their trials) bring within %d points of the paper's; ", paper.FarPoints)
	p("those only a reading brings within (its mean over its own trials, then the paper's number; %q is the best candidate of the grid on the test labels, a bound no experiment may use); ", experiment.BoundName)
	p("and those none brings within, the three farthest with the nearest any run came (→ the paper's).\n\n")
	p("| data set | graph | cells | within under the defaults | brought within only by a reading | within under none |\n|---|---|---|---|---|---|\n")
	type group struct {
		ds string
		g  method.Name
	}
	var order []group
	byGroup := map[group][]experiment.CellReach{}
	for _, c := range cells {
		k := group{c.Dataset, c.Graph}
		if byGroup[k] == nil {
			order = append(order, k)
		}
		byGroup[k] = append(byGroup[k], c)
	}
	name := func(c experiment.CellReach) string {
		return fmt.Sprintf("%s %s", experiment.PropagatorTitle(c.Propagator), pct(c.Labeled))
	}
	for _, k := range order {
		cs := byGroup[k]
		in := 0
		var only []string
		var none []experiment.CellReach
		for _, c := range cs {
			switch {
			case c.DefaultsIn():
				in++
			case len(c.By) > 0:
				var rs []string
				for _, r := range c.By {
					rs = append(rs, fmt.Sprintf("%s %.2f", r.Name, r.Error))
				}
				only = append(only, fmt.Sprintf("%s: %s (%.2f)", name(c), strings.Join(rs, ", "), c.Paper))
			default:
				none = append(none, c)
			}
		}
		slices.SortStableFunc(none, func(a, b experiment.CellReach) int {
			da, db := math.Abs(a.Nearest-a.Paper), math.Abs(b.Nearest-b.Paper)
			switch {
			case da > db:
				return -1
			case da < db:
				return 1
			}
			return 0
		})
		var far []string
		for _, c := range none[:min(3, len(none))] {
			far = append(far, fmt.Sprintf("%s %.2f → %.2f", name(c), c.Nearest, c.Paper))
		}
		onlyCell := "none"
		if len(only) > 0 {
			onlyCell = fmt.Sprintf("%d: %s", len(only), strings.Join(only, "; "))
		}
		noneCell := "0"
		if len(none) > 0 {
			noneCell = fmt.Sprintf("%d (farthest: %s)", len(none), strings.Join(far, "; "))
		}
		p("| %s | %s | %d | %d (%s) | %s | %s |\n", datasetTitle(k.ds), method.Title(k.g), len(cs), in, experiment.Plural(cs[0].Trials, "trial"), onlyCell, noneCell)
	}
	p("\n")
}
