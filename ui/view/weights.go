package view

import (
	"fmt"
	"image"
	"math"

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// weightsView draws the weight matrices of LRR, l1 and NNLRS side by
// side (or in a grid, in a tall view), the samples ordered by class (the
// paper's Fig. 3).
var weightsView = &View{
	Name: "weights", Title: "Weights W, samples ordered by class", Short: "Weights W",
	Key: weightsKey + " Under each matrix: its density (the share of the possible edges) and the share of its weight within classes",
	reads: func(k *keyer, m *ui.Model) {
		if k.run(m) {
			k.graphs(m, WeightGraphs)
		}
	},
	draw: (*Views).drawWeights,
	Places: &[3]Place{{Row: 1, Height: fixed(220)}, {Row: 1, Height: fixed(200)},
		{Row: 4, Height: Extent{Least: 200, OfWidth: 0.45, Most: 300}}},
}

// WeightGraphs are the graphs of the weights view, left to right, as in the
// paper's figure of the LRR and l1 weights.
var WeightGraphs = []method.Name{method.LRR, method.L1, method.NNLRS}

// Heatmap returns the n×n weights w (row-major) as an image: white for 0,
// darker for larger weights, on a square-root scale so that weak weights
// show, relative to the largest off-diagonal weight (a heavier diagonal
// saturates).
func Heatmap(w []float64, n int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	top := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j {
				top = math.Max(top, math.Abs(w[i*n+j]))
			}
		}
	}
	if top == 0 {
		for i := 0; i < n; i++ {
			top = math.Max(top, math.Abs(w[i*n+i]))
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			t := 0.0
			if top > 0 {
				t = math.Sqrt(math.Min(1, math.Abs(w[i*n+j])/top))
			}
			img.SetRGBA(j, i, Mix(PanelFill, HeatHigh, t))
		}
	}
	return img
}

// heatmap returns the cached heatmap of g.
func (v *Views) heatmap(gm method.Name, g *ui.Graph) *image.RGBA {
	e := v.heat[gm]
	if e == nil || e.version != g.Version {
		e = &heatEntry{g.Version, Heatmap(g.W, g.N)}
		v.heat[gm] = e
	}
	return e.img
}

// stripW is the width of the class strips beside a heatmap.
const stripW = 6

// weightsKey is the key under the weight matrices: what a pixel and a
// strip say.
const weightsKey = "Row i, column j: the weight between samples i and j, darker for heavier (square-root scale; white: none). " +
	"The strips: the samples' classes in order; weight within a class lies in the blocks on the diagonal."

// maxStretch is how far a weight matrix may be drawn from square, either
// way, to fill its view: its rows and columns stay readable as blocks.
const maxStretch = 1.5

// weightsGrid is an arrangement of the weight matrices in a view: cols
// columns of cells w×h, each matrix hw×hh in its cell.
type weightsGrid struct {
	cols, rows int
	w, h       float32
	hw, hh     float32
}

// arrangeWeights returns the arrangement of n weight matrices in r, with
// head and foot the height of a cell's heading above its matrix and of its
// caption under it: in the columns (1 to n) that give the matrices the
// most area, each matrix as large as its cell allows within maxStretch
// of square.
func arrangeWeights(r Rect, n int, head, foot float32) weightsGrid {
	var best weightsGrid
	for cols := 1; cols <= n; cols++ {
		rows := (n + cols - 1) / cols
		g := weightsGrid{cols: cols, rows: rows}
		g.w = (r.W - float32(cols-1)*Gap) / float32(cols)
		g.h = (r.H - float32(rows-1)*Gap) / float32(rows)
		aw, ah := g.w-stripW-2, g.h-head-stripW-2-foot
		if aw <= 0 || ah <= 0 {
			continue
		}
		g.hw, g.hh = min(aw, ah*maxStretch), min(ah, aw*maxStretch)
		if g.hw*g.hh > best.hw*best.hh {
			best = g
		}
	}
	return best
}

// drawWeights draws the weight matrices in the columns that give them the
// most room (arrangeWeights), each with class strips along two edges and
// its density and within-class share; and under them, where it takes
// little of the view, the key to their marks.
func (v *Views) drawWeights(c Canvas, r Rect, m *ui.Model) {
	if m.Run == nil {
		placeholder(c, r, waiting(m))
		return
	}
	n := len(WeightGraphs)
	lh, nh := lineH(c, Small), lineH(c, Normal)
	// Room under the matrices for the longest caption at the narrowest
	// cell (all in one row).
	captionW := (r.W - float32(n-1)*Gap) / float32(n)
	captionH := float32(len(weightCaption(c, 1, 1, captionW))) * lh
	head := nh + 4
	// The key goes in a cell the matrices leave empty, else under them
	// where it takes little of the view, else nowhere.
	grid := arrangeWeights(r, n, head, captionH+4)
	var key []string
	var keyAt Rect
	if grid.cols*grid.rows > n {
		i := grid.cols*grid.rows - 1
		keyAt = Rect{r.X + float32(i%grid.cols)*(grid.w+Gap), r.Y + float32(i/grid.cols)*(grid.h+Gap) + head, grid.w, grid.h - head}
		if key = Wrap(c, weightsKey, Small, keyAt.W); float32(len(key))*lh > keyAt.H {
			key = nil
		}
	}
	if key == nil {
		key = Wrap(c, weightsKey, Small, r.W)
		keyH := float32(len(key)) * lh
		if keyH > 0.15*r.H {
			key, keyH = nil, 0
		}
		keyAt = Rect{r.X, r.Y + r.H - keyH, r.W, keyH}
		grid = arrangeWeights(Rect{r.X, r.Y, r.W, r.H - keyH}, n, head, captionH+4)
	}
	if grid.cols == 0 {
		grid = weightsGrid{cols: n, rows: 1, w: captionW, h: r.H}
	}
	for i, gm := range WeightGraphs {
		x := r.X + float32(i%grid.cols)*(grid.w+Gap)
		y := r.Y + float32(i/grid.cols)*(grid.h+Gap)
		cell := Rect{x, y, grid.w, grid.h}
		g := m.Run.Graphs[gm]
		name := params.GraphNames[gm]
		hm := Rect{x + stripW + 2, y + head + stripW + 2, grid.hw, grid.hh}
		heading := name
		if g != nil && g.W != nil && g.Final == nil && len(g.Iters) > 0 {
			heading = fmt.Sprintf("%s, iteration %d", name, g.Iters[len(g.Iters)-1].Iter)
		}
		c.Text(Clip(c, heading, Normal, grid.w), x, y, Normal, Ink)
		switch {
		case g == nil:
			continue
		case g.W == nil && g.Err != "":
			placeholder(c, cell, "failed: "+g.Err)
			continue
		case g.W == nil:
			placeholder(c, cell, "building…")
			continue
		}
		c.Image(v.heatmap(gm, g), hm)
		if m.Run.Data != nil && m.Run.Data.Labels != nil && len(m.Run.Data.Labels) == g.N {
			drawStrips(c, hm, m.Run.Data.Labels)
		}
		if f := g.Final; f != nil {
			for k, l := range weightCaption(c, f.Density, f.WithinClass, grid.w) {
				c.Text(l, x, hm.Y+hm.H+4+float32(k)*lh, Small, Muted)
			}
		}
	}
	for k, l := range key {
		c.Text(l, keyAt.X, keyAt.Y+float32(k)*lh, Small, Muted)
	}
}

// drawStrips colours the runs of equal labels along the left and top edges
// of the heatmap in hm.
func drawStrips(c Canvas, hm Rect, labels []int) {
	idx := ClassIndex(labels)
	n := len(labels)
	cw, ch := hm.W/float32(n), hm.H/float32(n)
	for start := 0; start < n; {
		end := start
		for end < n && labels[end] == labels[start] {
			end++
		}
		col := ClassColour(idx[labels[start]])
		a, b := float32(start), float32(end-start)
		c.Fill(Rect{hm.X - stripW - 2, hm.Y + a*ch, stripW, b * ch}, col)
		c.Fill(Rect{hm.X + a*cw, hm.Y - stripW - 2, b * cw, stripW}, col)
		start = end
	}
	c.Fill(Rect{hm.X - 1, hm.Y - 1, hm.W + 2, 1}, Rule)
	c.Fill(Rect{hm.X - 1, hm.Y + hm.H, hm.W + 2, 1}, Rule)
	c.Fill(Rect{hm.X - 1, hm.Y, 1, hm.H}, Rule)
	c.Fill(Rect{hm.X + hm.W, hm.Y, 1, hm.H}, Rule)
}

// weightCaption returns the caption under a weight matrix in width w: its
// density and within-class share in words on a line, or shorter, or on
// two lines.
func weightCaption(c Canvas, density, within float64, w float32) []string {
	long := fmt.Sprintf("density %.0f%%", 100*density)
	short := fmt.Sprintf("%.0f%% dense", 100*density)
	if !math.IsNaN(within) {
		long += fmt.Sprintf(", within-class %.0f%%", 100*within)
		short += fmt.Sprintf(", %.0f%% within", 100*within)
	}
	for _, s := range []string{long, short} {
		if c.TextWidth(s, Small) <= w {
			return []string{s}
		}
	}
	lines := Wrap(c, short, Small, w)
	if len(lines) > 2 {
		lines = lines[:2]
	}
	return lines
}
