package ui

import (
	"fmt"
	"sort"
	"strings"

	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
)

// Neighbour is an edge of a graph from an inspected sample to sample J.
type Neighbour struct {
	J int
	W float64
}

// StrongestNeighbours returns the neighbours of sample h in the finished
// graph g, strongest first (ties by index), at most k of them (all if k <=
// 0). The self-loop is not a neighbour.
func StrongestNeighbours(g *Graph, h, k int) []Neighbour {
	if g == nil || h < 0 || h >= g.N || len(g.W) < g.N*g.N {
		return nil
	}
	n := g.N
	var nb []Neighbour
	for j := 0; j < n; j++ {
		if j != h && g.W[h*n+j] > 0 {
			nb = append(nb, Neighbour{j, g.W[h*n+j]})
		}
	}
	sort.Slice(nb, func(a, b int) bool { return nb[a].W > nb[b].W || nb[a].W == nb[b].W && nb[a].J < nb[b].J })
	if k > 0 && len(nb) > k {
		nb = nb[:k]
	}
	return nb
}

// InspectNeighbours is how many neighbours Describe names.
const InspectNeighbours = 3

// Inspected returns the sample to show in detail: the one under the mouse,
// else the one chosen on the page (chosen is 1-based, 0 for none), or -1.
func (m *Model) Inspected(chosen int) int {
	if m.Hover >= 0 {
		return m.Hover
	}
	g := m.Shown()
	if g == nil || chosen < 1 || chosen > g.N {
		return -1
	}
	return chosen - 1
}

// Describe says in words what the graph view shows of sample h (0-based)
// in the graph shown: its class, whether it is labeled, its neighbours and
// how many share its class, its strongest neighbours, its error column and
// what the propagation predicts for it. It is the page's text for readers
// who cannot see the canvas, and "" when there is no such sample.
func (m *Model) Describe(h int) string {
	g := m.Shown()
	if g == nil || h < 0 || h >= g.N {
		return ""
	}
	data := m.Run.Data
	labels := func(j int) (int, bool) {
		if data == nil || data.Labels == nil || j >= len(data.Labels) {
			return 0, false
		}
		return data.Labels[j], true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Sample %d of %d", h+1, g.N)
	class, hasClass := labels(h)
	if hasClass {
		fmt.Fprintf(&b, ", class %s", data.ClassName(class))
		if data.Given != nil && h < len(data.Given) && data.Given[h] != propagate.Unlabeled {
			b.WriteString(", labeled")
		}
	}
	all := StrongestNeighbours(g, h, 0)
	fmt.Fprintf(&b, ". %s graph: ", graphTitle(g.Method))
	switch len(all) {
	case 0:
		b.WriteString("no neighbours")
	case 1:
		b.WriteString("1 neighbour")
	default:
		fmt.Fprintf(&b, "%d neighbours", len(all))
	}
	if hasClass && len(all) > 0 {
		same := 0
		for _, e := range all {
			if c, ok := labels(e.J); ok && c == class {
				same++
			}
		}
		fmt.Fprintf(&b, ", %d in its class", same)
	}
	if len(all) > 0 {
		b.WriteString("; strongest: ")
		for i, e := range all[:min(len(all), InspectNeighbours)] {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "sample %d", e.J+1)
			if c, ok := labels(e.J); ok {
				fmt.Fprintf(&b, " (class %s, w %.3f)", data.ClassName(c), e.W)
			} else {
				fmt.Fprintf(&b, " (w %.3f)", e.W)
			}
		}
	}
	b.WriteString(".")
	if e := g.Final.ENorm; h < len(e) {
		fmt.Fprintf(&b, " Its column of %s's error term E has |e| = %.2f", graphTitle(g.Method), e[h])
		if flags, t := m.Run.Outliers(); g.Method == method.NNLRS && h < len(flags) && flags[h] {
			fmt.Fprintf(&b, ", far above the other samples' (flagged: |e| > %.2f)", t)
		}
		b.WriteString(".")
	} else if flags, t := m.Run.Outliers(); h < len(flags) && flags[h] {
		fmt.Fprintf(&b, " NNLRS's error term E flags it as corrupted (|e| > %.2f).", t)
	}
	if data != nil && data.Corrupted != nil && h < len(data.Corrupted) && data.Corrupted[h] {
		b.WriteString(" Corrupted when the data were drawn.")
	}
	if res := m.Prop.Result(g.Method); res != nil && h < len(res.Pred) {
		name := strings.ToUpper(m.Prop.Method)
		switch p := res.Pred[h]; {
		case p == propagate.Unlabeled:
			fmt.Fprintf(&b, " %s at step %d: not reached by any label.", name, m.Prop.Step)
		default:
			fmt.Fprintf(&b, " %s at step %d predicts class %s.", name, m.Prop.Step, className(data, p))
		}
	}
	return b.String()
}

// className names class l of the data (demo.Samples.ClassName).
func className(data *Data, l int) string {
	if data == nil {
		return fmt.Sprint(l)
	}
	return data.ClassName(l)
}

// graphTitle names a graph method for the page's text.
func graphTitle(m method.Name) string {
	if t, ok := params.GraphNames[m]; ok {
		return t
	}
	return string(m)
}

// LabelAction returns the words of the button that flips the labeled
// state of sample h (0-based), and whether it can: the data must have
// labels and h must be a sample.
func (m *Model) LabelAction(h int) (string, bool) {
	r := m.Run
	if r == nil || !r.Labeled() || h < 0 || h >= len(r.Data.Given) {
		return "Label it", false
	}
	if r.Data.Given[h] == propagate.Unlabeled {
		return fmt.Sprintf("Label sample %d", h+1), true
	}
	return fmt.Sprintf("Unlabel sample %d", h+1), true
}
