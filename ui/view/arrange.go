package view

import "nnlrs/ui/params"

// Panel is a view's place on the canvas.
type Panel struct {
	Name string // a View's name
	Rect Rect
}

// Gap separates the panels and the canvas edge.
const Gap = 10

// MinW and MinH are the smallest size of the views that have none of
// their own (View.MinW, View.MinH), in CSS pixels at text scale 1.
const (
	MinW = 300
	MinH = 180
)

// row is a row of a layout: its views and their places in it.
type row struct {
	views  []*View
	places []Place
}

// minH returns the row's least height for a canvas area w wide at text
// scale ts, at text scale 1.
func (r row) minH(w, ts float32) float32 {
	var h float32
	for _, p := range r.places {
		h = max(h, p.Height.at(w, ts))
	}
	return h
}

// minW returns the least width of the row at text scale ts.
func (r row) minW(ts float32) float32 {
	w := Gap * float32(len(r.views)-1)
	for _, v := range r.views {
		w += v.minW() * ts
	}
	return w
}

func (v *View) minW() float32 {
	if v.MinW > 0 {
		return v.MinW
	}
	return MinW
}

func (v *View) minH() float32 {
	if v.MinH > 0 {
		return v.MinH
	}
	return MinH
}

// layout returns the rows of layout k (0: three columns, 1: two, 2: one)
// from the views' places, each row's views in the order of Registry.
func layout(k int) []row {
	var rs []row
	for _, v := range Registry {
		if v.Places == nil {
			continue
		}
		p := v.Places[k]
		for len(rs) <= p.Row {
			rs = append(rs, row{})
		}
		rs[p.Row].views = append(rs[p.Row].views, v)
		rs[p.Row].places = append(rs[p.Row].places, p)
	}
	return rs
}

// rows returns the rows of the views in a canvas w wide at text scale ts:
// the first layout, from three columns to one, whose rows fit the width;
// one column at worst.
func rows(w, ts float32) []row {
	area := w - 2*Gap
	for k := 0; k < 2; k++ {
		rs := layout(k)
		fits := true
		for _, r := range rs {
			fits = fits && r.minW(ts) <= area
		}
		if fits {
			return rs
		}
	}
	return layout(2)
}

// widths returns the widths of the views of r in a row inner wide (the
// row's width less its gaps) at text scale ts: those with a share take it,
// at least their least width; the others share what is left equally.
func (r row) widths(inner, ts float32) []float32 {
	ws := make([]float32, len(r.views))
	rest, equal := inner, 0
	for i, p := range r.places {
		if p.Share > 0 {
			ws[i] = max(r.views[i].minW()*ts, p.Share*inner)
			rest -= ws[i]
		} else {
			equal++
		}
	}
	for i, p := range r.places {
		if p.Share == 0 {
			ws[i] = rest / float32(equal)
		}
	}
	return ws
}

// Shown returns the one view settings p show alone ("paper" for a figure
// of the paper, else the embedded view), "" when they show them all.
func Shown(p params.Params) string {
	if p.Paper != "" {
		return "paper"
	}
	return p.Embed
}

// paperBlockH is the least height of a block of a paper figure (a chart,
// its table and a foot of up to five lines) at text scale 1.
const paperBlockH = 560

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
		need := float32(rows)*paperBlockH*ts + float32(rows+1)*Gap + titleH(ts)
		return max(viewH, need)
	}
	if v := Lookup(embed); v != nil {
		return max(viewH, v.minH()*ts+2*Gap)
	}
	rs := rows(w, ts)
	need := Gap*float32(len(rs)+1) + least(rs, w-2*Gap, ts)
	return max(viewH, float32(int(need+0.999)))
}

// weightsAspect is the height over the width of a weights figure as nnlrs
// reproduce draws it (two matrices a row, two rows, under a two-line
// title); weightsMostW the widest it is worth drawing (its pixels at scale
// 1: 8 inches at 96 per inch).
const (
	weightsAspect = 8.7 / 8
	weightsMostW  = 768
)

// FigureHeight returns how tall a canvas w wide must be at text scale ts
// for the paper's figure name to be legible, 0 for a figure that fits the
// canvas Height gives: the weights figures of the three data sets stack,
// each as wide as the view (up to its own pixels), so that their axis
// labels are as large on the page as in the picture.
func FigureHeight(name string, w, ts float32) float32 {
	if _, ok := paperTableRows[name]; ok {
		return tableFigureH(w, ts)
	}
	if name != "weights" {
		return 0
	}
	k := float32(len(params.PaperData))
	fig := min(w-4*Gap, weightsMostW) * weightsAspect
	return 2*Gap + titleH(ts) + 2*LineHeight(Small, ts) + k*fig + (k-1)*Gap + 4
}

// least returns the sum of the rows' least heights in a canvas area w
// wide at text scale ts.
func least(rs []row, w, ts float32) float32 {
	var h float32
	for _, r := range rs {
		h += r.minH(w, ts) * ts
	}
	return h
}

// Arrange places the views in a w×h canvas at text scale ts: the one view
// embed names alone, or all those with a place in the rows of rows, each row as tall as
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
	need := least(rs, area.W, ts)
	var ps []Panel
	y := area.Y
	for _, r := range rs {
		rh := r.minH(area.W, ts) * ts * avail / need
		inner := area.W - Gap*float32(len(r.views)-1)
		ws := r.widths(inner, ts)
		x := area.X
		for i, v := range r.views {
			cw := ws[i]
			if i == len(r.views)-1 {
				cw = area.X + area.W - x
			}
			ps = append(ps, Panel{v.Name, Rect{x, y, cw, rh}})
			x += cw + Gap
		}
		y += rh + Gap
	}
	return ps
}

// paperChartH is the least height of the chart of a block of a table
// figure, at text scale 1.
const paperChartH = 200

// tableFigureH is the height a figure of Tables I or II (three data sets,
// each a chart over a table of the paper's nine graphs at six labeled
// shares) needs on a canvas w wide at text scale ts: its blocks placed as
// paperBlocks places them, each table in as many sections as drawBlock
// makes to give every column room for the paper's "(100.00)", each chart
// at least paperChartH. Text widths are estimated at 0.64 em a character
// (wider than the page's digits), so that the estimate errs tall.
func tableFigureH(w, ts float32) float32 {
	const blocks, shares, graphs = 3, 6, 9
	lh, em := LineHeight(Small, ts), FontSize(Small, ts)
	area := w - 2*Gap
	cols := max(1, min(blocks, int((area+Gap)/(MinW*ts+Gap))))
	rows := (blocks + cols - 1) / cols
	bw := (area - float32(cols-1)*Gap) / float32(cols)
	nameW := 9*0.64*em + 21
	least := 8*0.64*em + 2
	per := max(1, min(shares, int((bw-nameW)/least)))
	sections := (shares + per - 1) / per
	// The block's heading, axis labels and foot take about 12 lines.
	blockH := float32(sections*(graphs+1)*2)*lh + paperChartH*ts + 12*lh
	return titleH(ts) + float32(rows)*blockH + float32(rows+1)*Gap
}

// FitScale returns the text scale, at most ts, at which the views keep
// two columns in a canvas w wide (a 1024-pixel projector beside the
// controls), and not below 1: the presentation's larger text grows the
// views' only as far as that, rather than stacking them in one column.
func FitScale(w, ts float32) float32 {
	if ts <= 1 || w <= 0 {
		return ts
	}
	area := w - 2*Gap
	s := ts
	for _, r := range layout(1) {
		var least float32
		for _, v := range r.views {
			least += v.minW()
		}
		s = min(s, (area-Gap*float32(len(r.views)-1))/least)
	}
	return max(s, 1)
}
