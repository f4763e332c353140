package view

import (
	"fmt"
	"math"
	"strings"

	"nnlrs/ui"
	"nnlrs/ui/params"
)

// outcomeView draws each graph's measures and error rates, as the
// propagation stands and in closed form.
var outcomeView = &View{
	Name: "outcome", Title: "Outcome",
	Key: "Per graph, the error rate of GHF and of LGC on the unlabeled samples once the labels settle (closed forms), " +
		"with a bar under each as long as the rate and the lowest of a column in dark; within: the share of the weight inside " +
		"classes; edges: of the possible edges, the share kept",
	reads: func(k *keyer, m *ui.Model) {
		if k.run(m) {
			k.steps(m)
			k.s(m.Run.Params.Hash())
		}
	},
	draw:   func(_ *Views, c Canvas, r Rect, m *ui.Model) { drawOutcome(c, r, m) },
	Places: &[3]Place{{Row: 0, Share: 0.28, Height: fixed(270)}, {Row: 2, Height: fixed(288)}, {Row: 3, Height: fixed(290)}},
}

// drawOutcome tabulates, per graph, the error rates of GHF and LGC (closed
// forms), the within-class share of the weight and the density, between a
// line on what the rates are and the run's settings. What does not fit in
// r is left out from the bottom (the settings, the paragraphs under the
// table from the last, then the line above the table), never drawn over;
// before a caveat is left out, every caveat and then the line above the
// table are said in their short forms.
func drawOutcome(c Canvas, r Rect, m *ui.Model) {
	if m.Run == nil {
		placeholder(c, r, waiting(m))
		return
	}
	p := m.Run.Params
	lh, sh := lineH(c, Normal), lineH(c, Small)
	sub := "error rates once settled (closed forms) of GHF and of LGC with α = " + fmt.Sprint(m.Params.Alpha)
	if u := unlabeled(m); u > 0 {
		sub += fmt.Sprintf(" on the %d unlabeled samples", u)
	}
	full := Wrap(c, sub, Small, r.W)
	above := full
	aboveShort := Wrap(c, "settled error rates (closed forms); LGC's α = "+fmt.Sprint(m.Params.Alpha), Small, r.W)
	// Why a rate is n/a, or that the rates wait for every graph, then the
	// settings.
	var notes []string
	building := m.Building()
	if building != "" {
		notes = append(notes, "GHF and LGC spread the labels once every graph is built: "+building)
	}
	for _, gm := range params.Graphs {
		if building != "" {
			break
		}
		g, f := m.Run.Graphs[gm], m.Prop.Final(gm)
		if g == nil || g.Final == nil {
			continue
		}
		for k, name := range []string{"GHF", "LGC"} {
			if f == nil {
				notes = append(notes, fmt.Sprintf("*%s on %s: %s", name, params.GraphNames[gm], m.Prop.Err))
			} else if e := [2]float64{f.GHF, f.LGC}[k]; math.IsNaN(e) {
				notes = append(notes, fmt.Sprintf("*%s on %s: %s", name, params.GraphNames[gm], [2]string{f.GHFWhy, f.LGCWhy}[k]))
			}
		}
	}
	// The paragraphs under the table, in order of importance: where the
	// view is short the last go whole, never a sentence cut short.
	// What the settled rates hide (the caveats: without them two rates of
	// the table read as contradicting), then the step shown and the lesson
	// of the earlier steps, then the settings. Before a caveat goes, every
	// caveat takes its short form, the last first.
	type para struct{ lines, short []string }
	paras := []para{{lines: Wrap(c, strings.Join(notes, ". "), Small, r.W)}}
	caveats := m.Caveats()
	for _, cv := range caveats {
		paras = append(paras, para{Wrap(c, cv.Long, Small, r.W), Wrap(c, cv.Short, Small, r.W)})
	}
	for _, l := range m.Steps() {
		paras = append(paras, para{lines: Wrap(c, l, Small, r.W)})
	}
	settings := fmt.Sprintf("NNLRS with β = %g, λ = %g, θ = %g; LRR with λ = %g; %g%% labeled; seed %d.", p.Beta, p.Lambda, p.Theta, p.LRRLambda, p.Labeled, p.Seed)
	paras = append(paras, para{lines: Wrap(c, settings, Small, r.W)})
	// Last, the first to go where the view is short: the key to the
	// columns it has room for.
	var key []string
	for _, col := range outcomeColumns(c, r.W) {
		switch col.name {
		case "within":
			key = append(key, "within: the share of the weight inside classes")
		case "edges":
			key = append(key, "edges: of the possible edges, the share kept")
		}
	}
	if len(key) > 0 {
		paras = append(paras, para{lines: Wrap(c, "Columns "+strings.Join(key, "; ")+"; dark: a column's lowest rate.", Small, r.W)})
	}
	lines := func() int { // the lines of paras
		n := 0
		for _, q := range paras {
			n += len(q.lines)
		}
		return n
	}
	// The heights: the heading row and its rule, the rows (each a line
	// and an error bar), the rule below.
	rows := float32(len(params.Graphs))
	minRow := lh + 8
	text := func() float32 {
		return float32(len(above)+lines())*sh + 6 + lh + 2 + 6 + 4 + 6
	}
	fits := func() bool { return text()+rows*minRow <= r.H }
	shorten := func() bool { // the last caveat still in full, if any
		for i := len(paras) - 1; i > 0; i-- {
			if paras[i].short != nil {
				paras[i].lines, paras[i].short = paras[i].short, nil
				return true
			}
		}
		return false
	}
	for len(paras) > 0 && !fits() {
		switch {
		case len(paras) > 1+len(caveats), len(paras) == 1:
			paras = paras[:len(paras)-1]
		case shorten():
		case len(aboveShort) < len(above):
			above = aboveShort
		default:
			paras = paras[:len(paras)-1]
		}
	}
	// Without a caveat the short line above the table buys nothing: the
	// full one, unless only the short one fits.
	if len(paras) <= 1 {
		above = full
	}
	if !fits() {
		above = aboveShort
	}
	for len(above) > 0 && !fits() {
		above = above[:len(above)-1]
	}
	rowH := min(max(minRow, (r.H-text())/rows), 3*lh)
	var below []string
	for _, q := range paras {
		below = append(below, q.lines...)
	}

	y := r.Y
	for _, l := range above {
		c.Text(l, r.X, y, Small, Muted)
		y += sh
	}
	cols := outcomeColumns(c, r.W)
	xs := make([]float32, len(cols))
	x := r.X
	for i, col := range cols {
		xs[i] = x
		x += col.w
	}
	y += 6
	for i, col := range cols {
		c.Text(Clip(c, col.name, Small, col.w-4), xs[i], y, Small, Muted)
	}
	y += lh + 2
	c.Fill(Rect{r.X, y, r.W, 1}, Rule)
	y += 6
	best := [2]float64{math.Inf(1), math.Inf(1)}
	for _, gm := range params.Graphs {
		if f := m.Prop.Final(gm); f != nil {
			best[0] = math.Min(best[0], f.GHF)
			best[1] = math.Min(best[1], f.LGC)
		}
	}
	for _, gm := range params.Graphs {
		g := m.Run.Graphs[gm]
		c.Fill(Rect{xs[0], y + 3, 4, lh - 4}, GraphColours[gm])
		c.Text(params.GraphNames[gm], xs[0]+8, y, Normal, Ink)
		switch {
		case g == nil || len(cols) < 3:
		case g.Err != "":
			c.Text("failed", xs[1], y, Normal, Alarm)
		case g.Final == nil:
			c.Text("building…", xs[1], y, Normal, Muted)
		default:
			f := g.Final
			pf := m.Prop.Final(gm)
			if pf == nil {
				pf = &ui.Final{GHF: math.NaN(), LGC: math.NaN()}
			}
			for k, e := range []float64{pf.GHF, pf.LGC} {
				cellW := cols[k+1].w - outcomePad
				if building != "" && m.Prop.Final(gm) == nil { // the rates wait for every graph
					c.Text("…", xs[k+1], y, Normal, Muted)
					continue
				}
				if math.IsNaN(e) {
					c.Text("n/a*", xs[k+1], y, Normal, Muted)
					continue
				}
				ink := Muted
				if e == best[k] {
					ink = Ink
				}
				c.Text(fmt.Sprintf("%.1f%%", 100*e), xs[k+1], y, Normal, ink)
				c.Fill(Rect{xs[k+1], y + lh + 1, cellW, 4}, Background)
				c.Fill(Rect{xs[k+1], y + lh + 1, cellW * float32(e), 4}, GraphColours[gm])
			}
			if len(cols) > 3 && !math.IsNaN(f.WithinClass) {
				c.Text(fmt.Sprintf("%.0f%%", 100*f.WithinClass), xs[3], y, Normal, Ink)
			}
			if len(cols) > 4 {
				c.Text(fmt.Sprintf("%.0f%%", 100*f.Density), xs[4], y, Normal, Ink)
			}
		}
		y += rowH
	}
	y += 4
	c.Fill(Rect{r.X, y, r.W, 1}, Rule)
	y += 6
	for _, l := range below {
		c.Text(l, r.X, y, Small, Muted)
		y += sh
	}
}

// outcomePad separates the outcome table's columns.
const outcomePad = 12

// column is a column of the outcome table: its heading and width.
type column struct {
	name string
	w    float32
}

// outcomeColumns returns the columns of the outcome table in width w,
// each as wide as its widest text plus outcomePad: the graph's name (after
// its colour swatch), the error rates of GHF and LGC, the within-class
// share of the weight and the edges (density). Columns that do not fit are
// dropped from the right rather than overlap; the error columns, which
// carry bars, take the width left over.
func outcomeColumns(c Canvas, w float32) []column {
	widest := func(size Size, ss ...string) float32 {
		m := float32(0)
		for _, s := range ss {
			m = max(m, c.TextWidth(s, size))
		}
		return m
	}
	var names []string
	for _, gm := range params.Graphs {
		names = append(names, params.GraphNames[gm])
	}
	head := func(name string) float32 { return c.TextWidth(name, Small) + 4 }
	cols := []column{
		{"graph", max(head("graph"), 8+widest(Normal, names...)) + outcomePad},
		{"GHF", max(head("GHF"), widest(Normal, "100.0%", "failed", "n/a")) + outcomePad},
		{"LGC", max(head("LGC"), widest(Normal, "100.0%", "n/a")) + outcomePad},
		{"within", max(head("within"), widest(Normal, "100%")) + outcomePad},
		{"edges", max(head("edges"), widest(Normal, "100%")) + outcomePad},
	}
	sum := func() float32 {
		s := float32(0)
		for _, col := range cols {
			s += col.w
		}
		return s
	}
	for len(cols) > 1 && sum() > w {
		cols = cols[:len(cols)-1]
	}
	if spare := w - sum(); spare > 0 && len(cols) >= 3 {
		cols[1].w += spare / 2
		cols[2].w += spare / 2
	}
	return cols
}
