package view

import "nnlrs/ui/params"

// Panel is a view's place on the canvas.
type Panel struct {
	Name string // a params.Views name
	Rect Rect
}

// Gap separates the panels and the canvas edge.
const Gap = 10

// The smallest view, in CSS pixels at text scale 1: a view narrower than
// MinW or lower than MinH cannot show its text and its picture side by
// side. The page stacks the views (and scrolls) rather than go below.
const (
	MinW = 300
	MinH = 180
)

// row is a row of views: their names, the shares of the row's width they
// take, and the row's least height at text scale 1.
type row struct {
	names  []string
	shares []float32
	minH   float32
}

// rows returns the rows of the views in a canvas w wide at text scale ts:
// three views above three where three fit side by side, two columns where
// two fit, else one column.
func rows(w, ts float32) []row {
	area := w - 2*Gap
	minW := MinW * ts
	switch {
	case area >= 3*minW+2*Gap:
		// The outcome's table needs its least width; graph and
		// propagation share the rest.
		inner := area - 2*Gap
		ow := max(minW, 0.28*inner)
		g := (inner - ow) / 2 / inner
		// The charts too; the weights' heatmaps take the rest.
		cw := max(minW, 0.27*inner) / inner
		return []row{
			{[]string{"graph", "propagation", "outcome"}, []float32{g, g, 1 - 2*g}, 270},
			{[]string{"weights", "curves", "convergence"}, []float32{1 - 2*cw, cw, cw}, 220},
		}
	case area >= 2*minW+Gap:
		return []row{
			{[]string{"graph", "propagation"}, []float32{0.5, 0.5}, 250},
			{[]string{"weights"}, []float32{1}, 200},
			{[]string{"outcome", "curves"}, []float32{0.5, 0.5}, 270},
			{[]string{"convergence"}, []float32{1}, 250},
		}
	}
	// One column: the graphs as tall as about 3/4 of their width.
	gh := max(260, min(0.75*area/ts, 420))
	return []row{
		{[]string{"graph"}, []float32{1}, gh},
		{[]string{"propagation"}, []float32{1}, gh},
		{[]string{"curves"}, []float32{1}, 300},
		{[]string{"outcome"}, []float32{1}, 290},
		{[]string{"weights"}, []float32{1}, max(200, min(0.45*area/ts, 300))},
		{[]string{"convergence"}, []float32{1}, 240},
	}
}

// Shown returns the one view settings p show alone ("paper" for a figure
// of the paper, else the embedded view), "" when they show them all.
func Shown(p params.Params) string {
	if p.Paper != "" {
		return "paper"
	}
	return p.Embed
}

// paperBlockH is the least height of a block of a paper figure (a chart
// and its table) at text scale 1.
const paperBlockH = 420

// paperMostBlocks is the most blocks a paper figure has: the scale
// figure's two data sets at two labeled shares.
const paperMostBlocks = 4

// Height returns how tall a canvas w wide should be in a viewport viewH
// tall, at text scale ts, when it shows the view embed alone (see Shown)
// or all of them (""): the viewport's height, or more when the views need
// more (the page then scrolls). A paper figure's blocks stack when they do
// not fit side by side.
func Height(w, viewH float32, embed string, ts float32) float32 {
	if embed == "paper" {
		// As many rows as paperBlocks makes of the most blocks a figure
		// has, each at least paperBlockH.
		cols := max(1, min(paperMostBlocks, int((w-Gap)/(MinW*ts+Gap))))
		rows := (paperMostBlocks + cols - 1) / cols
		need := float32(rows)*paperBlockH*ts + float32(rows+1)*Gap + titleH()
		return max(viewH, need)
	}
	if embed != "" {
		return max(viewH, MinH*ts+2*Gap)
	}
	rs := rows(w, ts)
	need := Gap*float32(len(rs)+1) + least(rs, ts)
	return max(viewH, float32(int(need+0.999)))
}

// least returns the sum of the rows' least heights at text scale ts.
func least(rs []row, ts float32) float32 {
	var h float32
	for _, r := range rs {
		h += r.minH * ts
	}
	return h
}

// Arrange places the views in a w×h canvas at text scale ts: the one view
// embed names alone, or all five in the rows of rows, each row as tall as
// its least height plus a share of what the canvas has beyond the least
// heights (or less in proportion, if the canvas is lower than Height
// asks).
func Arrange(w, h float32, embed string, ts float32) []Panel {
	area := Rect{Gap, Gap, w - 2*Gap, h - 2*Gap}
	if embed != "" {
		return []Panel{{embed, area}}
	}
	rs := rows(w, ts)
	avail := area.H - Gap*float32(len(rs)-1)
	need := least(rs, ts)
	var ps []Panel
	y := area.Y
	for _, r := range rs {
		rh := r.minH * ts * avail / need
		inner := area.W - Gap*float32(len(r.names)-1)
		x := area.X
		for i, n := range r.names {
			cw := r.shares[i] * inner
			if i == len(r.names)-1 {
				cw = area.X + area.W - x
			}
			ps = append(ps, Panel{n, Rect{x, y, cw, rh}})
			x += cw + Gap
		}
		y += rh + Gap
	}
	return ps
}
