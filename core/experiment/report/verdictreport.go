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

// datasetTitle returns the title of the data set named name.
func datasetTitle(name string) string {
	if p, err := experiment.Lookup(name); err == nil {
		return p.Title
	}
	return name
}

// readingTitle names a finding's reading in a table: "defaults" or the
// reading's name.
func readingTitle(name string) string {
	if name == "" {
		return "defaults"
	}
	return name
}

// writeVerdict writes the verdict: a summary table of the outcomes by
// claim, classifier and data set, then every claim with its rule and
// findings, and the hand-written reasons (why, Markdown) after them.
func writeVerdict(b *strings.Builder, v *paper.Verdict, why string) {
	if v.Empty() {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Verdict\n\n")
	p("Each claim of the paper, weighed against the committed runs below: **holds** where it holds in every comparison it makes, ")
	p("**partly** in half of them or more, **does not hold** in fewer than half. \"defaults\" are this project's runs (NNLRS solved to its ")
	p("certified optimum, the l1-graph in its lasso form, LRR at its grid's λ); the other names are readings of the paper, runs that do a step ")
	p("as the paper's sources did it (listed under \"Readings of the paper\"), each with its own number of trials.\n\n")
	var sets []string
	for _, c := range v.Claims {
		for _, f := range c.Findings {
			if !slices.Contains(sets, f.Dataset) {
				sets = append(sets, f.Dataset)
			}
		}
	}
	rank := func(d string) int {
		if i := slices.Index(paper.Datasets, d); i >= 0 {
			return i
		}
		return len(paper.Datasets)
	}
	slices.SortStableFunc(sets, func(a, b string) int { return rank(a) - rank(b) })
	head := []string{"claim", "classifier", "reading"}
	for _, d := range sets {
		head = append(head, datasetTitle(d))
	}
	p("| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	for _, c := range v.Claims {
		type rowKey struct{ cls, reading string }
		var rows []rowKey
		cells := map[rowKey]map[string]*paper.Finding{}
		for _, f := range c.Findings {
			k := rowKey{f.Classifier, f.Reading}
			if cells[k] == nil {
				rows = append(rows, k)
				cells[k] = map[string]*paper.Finding{}
			}
			cells[k][f.Dataset] = f
		}
		for _, k := range rows {
			p("| %s | %s | %s |", c.Key, classifierTitle(k.cls), readingTitle(k.reading))
			for _, d := range sets {
				if f := cells[k][d]; f != nil {
					p(" %s (%d/%d) |", f.Outcome, f.Won, f.Of)
				} else {
					p(" – |")
				}
			}
			p("\n")
		}
	}
	p("\n")
	writeReasons(b, v.Reasons)
	for _, c := range v.Claims {
		p("### %s: %s\n\n", c.Key, c.Claim)
		p("%s. Rule: %s.\n\n", c.Source, c.Rule)
		for _, f := range c.Findings {
			p("- **%s, %s, %s** (%s): **%s.** %s\n", datasetTitle(f.Dataset), classifierTitle(f.Classifier), readingTitle(f.Reading),
				experiment.Plural(f.Trials, "trial"), f.Outcome, f.Text)
		}
		p("\n")
	}
	writePaperTables(b)
	if why = strings.TrimSpace(why); why != "" {
		p("%s\n\n", why)
	}
}

// classifierTitle names a classifier in the verdict's tables.
func classifierTitle(p string) string {
	if p == "" {
		return "–"
	}
	return experiment.PropagatorTitle(p)
}

// writeReadings writes, for every reading run, what the reading is and,
// cell by cell of the graphs it changes, the defaults' mean, the
// reading's, the paper's, and which of the two is within paper.FarPoints
// of the paper's over the same trials.
func writeReadings(b *strings.Builder, runs []experiment.ReadingRun, tables []*experiment.Results) {
	if len(runs) == 0 {
		return
	}
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Readings of the paper\n\n")
	seen := map[string]bool{}
	for _, rr := range runs {
		for _, name := range rr.Readings {
			if seen[name] {
				continue
			}
			seen[name] = true
			if r, err := experiment.LookupReading(name); err == nil {
				p("- **%s** (%s): %s.\n", r.Name, r.Title, r.Doc)
			}
		}
	}
	p("\n")
	for _, rr := range runs {
		r := rr.Results
		p("### %s under %s (%s)\n\n", r.Protocol.Title, rr.Name(), experiment.Plural(r.Trials, "trial"))
		p("Mean error %%: the defaults over the same trials → the reading, (the paper's); ✓ follows each number within %d points of the paper's.\n\n", paper.FarPoints)
		var graphs []method.Name
		for _, g := range r.Graphs {
			if slices.Contains(rr.Graphs, g) {
				graphs = append(graphs, g)
			}
		}
		writeHead(b, "Dataset", graphTitles(graphs))
		cells := rr.Reaches()
		for i, c := range cells {
			if i%len(graphs) == 0 {
				p("| %s %s (%s) |", r.Protocol.Title, experiment.PropagatorTitle(c.Propagator), pct(c.Labeled))
			}
			s := fmt.Sprintf("%.2f → %.2f", c.Defaults, c.Reading)
			if !math.IsNaN(c.Paper) {
				nd, nm := c.In()
				s = fmt.Sprintf("%.2f%s → %.2f%s (%.2f)", c.Defaults, tick(nd), c.Reading, tick(nm), c.Paper)
			}
			p(" %s |", s)
			if i%len(graphs) == len(graphs)-1 {
				p("\n")
			}
		}
		p("\n")
		for _, g := range graphs {
			if dIn, rIn, of := experiment.Within(cells, g); of > 0 {
				p("%s: within %d points of the paper's in %d cells under the defaults, %d under %s.\n", method.Title(g), paper.FarPoints, dIn, rIn, rr.Name())
			}
			for _, t := range tables {
				if t.Protocol.Name != r.Protocol.Name || t.Trials < 2 {
					continue
				}
				if change, spread, n := experiment.Moves(cells, t, g); n > 0 {
					verdict := "within the spread: it does not move the table beyond the trials' own variation"
					switch {
					case change > spread && r.Trials < t.Trials:
						verdict = fmt.Sprintf("beyond the spread: it moves the table, and %d trials measure how far", t.Trials)
					case change > spread:
						verdict = "beyond the spread: it moves the table"
					}
					p("%s: the reading moved its %d cells by %.2f points on average (|reading − defaults| over the same trials), against the defaults' spread of %.2f points over their %d trials (mean standard deviation): %s.\n",
						method.Title(g), n, change, spread, t.Trials, verdict)
				}
			}
		}
		p("\n")
	}
}

// paperRise is the rise of a column of the paper's tables, in points,
// between two neighbouring labeled shares, from which writePaperTables
// reports it: more labels should not mean many more errors.
const paperRise = 2.0

// writePaperTables writes what the paper's own tables show that a
// careful reader should know before weighing ours against them: the
// columns whose error rises by more than paperRise points as the labeled
// share grows, and the columns that are the same in two tables.
func writePaperTables(b *strings.Builder) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	tables := []string{experiment.GHF, experiment.LGC, experiment.SDA}
	title := map[string]string{experiment.GHF: "Table I (GHF)", experiment.LGC: "Table II (LGC)", experiment.SDA: "Table III (SDA)"}
	var rises, same []string
	n := 0
	for _, tb := range tables {
		for _, ds := range paper.Datasets {
			var worst []string
			for _, g := range paperGraphs {
				var col []float64
				for _, f := range paper.Labeled {
					if v, ok := paper.Error(tb, ds, f, g); ok {
						col = append(col, v)
					}
				}
				best, at := 0.0, 0
				for k := 1; k < len(col); k++ {
					if d := col[k] - col[k-1]; d > paperRise {
						n++
						if d > best {
							best, at = d, k
						}
					}
				}
				if best > 0 {
					worst = append(worst, fmt.Sprintf("%s %.2f → %.2f%% (%d → %d%%)", method.Title(g), col[at-1], col[at], 10*at, 10*(at+1)))
				}
			}
			if len(worst) > 0 {
				rises = append(rises, fmt.Sprintf("%s on %s: %s", title[tb], datasetTitle(ds), strings.Join(worst, ", ")))
			}
		}
	}
	for _, ds := range paper.Datasets {
		for _, g := range paperGraphs {
			for i, ta := range tables {
				for _, tb := range tables[i+1:] {
					equal, n := true, 0
					for _, f := range paper.Labeled {
						va, okA := paper.Error(ta, ds, f, g)
						vb, okB := paper.Error(tb, ds, f, g)
						if okA && okB {
							n++
							equal = equal && va == vb
						}
					}
					if n > 0 && equal {
						same = append(same, fmt.Sprintf("%s's %s column is the same in %s and %s, to the last digit", datasetTitle(ds), method.Title(g), title[ta], title[tb]))
					}
				}
			}
		}
	}
	if len(rises) == 0 && len(same) == 0 {
		return
	}
	p("### What the paper's own tables show\n\n")
	p("Read in the paper's numbers alone, before ours are set beside them:\n\n")
	if len(rises) > 0 {
		p("- **More labels, more errors.** The error rises by more than %g points from one labeled share to the next in %d places; the largest rise of each column where one occurs: %s.\n", paperRise, n, strings.Join(rises, "; "))
	}
	for _, s := range same {
		p("- **A repeated column.** %s: two propagations on one graph give the same errors at all six shares.\n", s)
	}
	p("\n")
}

// paperGraphs are the graphs of the paper's tables.
var paperGraphs = []method.Name{method.KNN0, method.KNN1, method.LLE0, method.LLE1, method.L1, method.SPG, method.LRR, method.NNLRS, method.NNLRSEF}

// tick marks a number within paper.FarPoints of the paper's.
func tick(within bool) string {
	if within {
		return "✓"
	}
	return ""
}

// writeReasons writes the explanations of the differences the runs put to
// the test, each question with what they measured.
func writeReasons(b *strings.Builder, rs []*paper.Reason) {
	if len(rs) == 0 {
		return
	}
	fmt.Fprintf(b, "### Why ours differ: each explanation put to the runs\n\n")
	for _, r := range rs {
		fmt.Fprintf(b, "- **%s** %s\n", r.Question, r.Answer)
	}
	fmt.Fprintf(b, "\n")
}
