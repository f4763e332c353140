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
// side, the samples ordered by class (the paper's Fig. 3).
var weightsView = &View{
	Name: "weights", Title: "Weights W, samples ordered by class", Short: "Weights W",
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

// drawWeights draws the weight matrices side by side, each with class
// strips along two edges and its density and within-class share.
func (v *Views) drawWeights(c Canvas, r Rect, m *ui.Model) {
	if m.Run == nil {
		placeholder(c, r, waiting(m))
		return
	}
	k := float32(len(WeightGraphs))
	cellW := (r.W - (k-1)*Gap) / k
	lh, nh := lineH(c, Small), lineH(c, Normal)
	// Room under the matrices for the longest caption.
	captionH := float32(len(weightCaption(c, 1, 1, cellW))) * lh
	side := min(cellW-stripW-2, r.H-captionH-nh-stripW-8)
	for i, gm := range WeightGraphs {
		x := r.X + float32(i)*(cellW+Gap)
		cell := Rect{x, r.Y, cellW, r.H}
		g := m.Run.Graphs[gm]
		name := params.GraphNames[gm]
		hm := Rect{x + stripW + 2, r.Y + nh + 4 + stripW + 2, side, side}
		heading := name
		if g != nil && g.W != nil && g.Final == nil && len(g.Iters) > 0 {
			heading = fmt.Sprintf("%s, iteration %d", name, g.Iters[len(g.Iters)-1].Iter)
		}
		c.Text(Clip(c, heading, Normal, cellW), x, r.Y, Normal, Ink)
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
			for k, l := range weightCaption(c, f.Density, f.WithinClass, cellW) {
				c.Text(l, x, hm.Y+hm.H+4+float32(k)*lh, Small, Muted)
			}
		}
	}
}

// drawStrips colours the runs of equal labels along the left and top edges
// of the heatmap in hm.
func drawStrips(c Canvas, hm Rect, labels []int) {
	idx := ClassIndex(labels)
	n := len(labels)
	cell := hm.W / float32(n)
	for start := 0; start < n; {
		end := start
		for end < n && labels[end] == labels[start] {
			end++
		}
		col := ClassColour(idx[labels[start]])
		a, b := float32(start)*cell, float32(end-start)*cell
		c.Fill(Rect{hm.X - stripW - 2, hm.Y + a, stripW, b}, col)
		c.Fill(Rect{hm.X + a, hm.Y - stripW - 2, b, stripW}, col)
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
