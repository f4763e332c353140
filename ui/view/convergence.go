package view

import (
	"image/color"

	"fmt"
	"math"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// convergenceView draws the solvers' residuals and stopping measure by
// iteration.
var convergenceView = &View{
	Name: "convergence", Title: "Convergence of the solvers", Short: "Convergence",
	Key: "Per iteration of the solvers of NNLRS and of LRR: their stopping measure over its threshold (log scale; " +
		"a solver stops below 1), the rank of Z, and the share of nonzero entries of H, the split-off copy of Z",
	reads: func(k *keyer, m *ui.Model) {
		if k.run(m) {
			k.graphs(m, ConvergenceGraphs)
		}
	},
	draw:   func(_ *Views, c Canvas, r Rect, m *ui.Model) { drawConvergence(c, r, m) },
	Places: &[3]Place{{Row: 1, Share: 0.27, Height: fixed(220)}, {Row: 3, Height: fixed(250)}, {Row: 5, Height: fixed(240)}},
}

// ConvergenceGraphs are the iterative solvers the convergence view follows.
var ConvergenceGraphs = []method.Name{method.NNLRS, method.LRR}

// series is one quantity of one solver, per iteration.
type series struct {
	method string
	y      func(it demo.Iter) float64
}

// Stop chart's range, log10 of the stopping measure over its threshold.
const stopLo, stopHi = -1, 4

// drawConvergence charts, per iteration of NNLRS and LRR, the solver's
// stopping measure over its threshold (log scale, with a rule at 1, where
// the solver stops: ADMM's certified duality gap, LADMAP's residual and
// change, LRR's change; see lowrank.Progress.Stop), rank(Z) and the
// nonzeros of H (of Z for LRR), as the workers report them. Iterations
// before ADMM first bounds its gap (Stop = +Inf) sit at the top.
func drawConvergence(c Canvas, r Rect, m *ui.Model) {
	if m.Run == nil {
		placeholder(c, r, waiting(m))
		return
	}
	maxIter, n := 1, 1
	any := false
	for _, gm := range ConvergenceGraphs {
		g := m.Run.Graphs[gm]
		if g == nil {
			continue
		}
		if k := len(g.Iters); k > 0 {
			maxIter = max(maxIter, g.Iters[k-1].Iter)
			any = true
		}
		n = max(n, g.N)
	}
	if m.Run.Data != nil {
		n = max(n, m.Run.Data.N)
	}
	if !any {
		placeholder(c, r, waiting(m))
		return
	}
	// The legend.
	x := r.X + r.W
	for i := len(ConvergenceGraphs) - 1; i >= 0; i-- {
		gm := ConvergenceGraphs[i]
		name := params.GraphNames[gm]
		x -= c.TextWidth(name, Small) + 24
		c.Fill(Rect{x, r.Y + 6, 14, 3}, GraphColours[gm])
		c.Text(name, x+18, r.Y, Small, Ink)
	}
	lh := lineH(c, Small)
	top := r.Y + lh + 2
	h := (r.H - lh - 2 - lh - 3*8) / 3
	charts := []struct {
		title    []string // the longest first, shorter ones for a narrow chart
		lo, hi   float64
		y        func(it demo.Iter) float64
		ticks    func(v float64) string
		logScale bool
	}{
		{[]string{"stopping measure / threshold", "stop / threshold", "stop"}, stopLo, stopHi, func(it demo.Iter) float64 { return math.Log10(it.Stop) },
			func(v float64) string { return fmt.Sprintf("1e%d", int(v)) }, true},
		{[]string{"rank(Z)"}, 0, float64(n), func(it demo.Iter) float64 { return float64(it.RankZ) },
			func(v float64) string { return fmt.Sprintf("%d", int(v)) }, false},
		{[]string{"nonzeros of H, %", "nonzeros, %"}, 0, 100, func(it demo.Iter) float64 { return 100 * float64(it.NNZH) / float64(n*n) },
			func(v float64) string { return fmt.Sprintf("%d", int(v)) }, false},
	}
	axisW := float32(0) // as wide as the widest tick label
	for _, ch := range charts {
		axisW = max(axisW, c.TextWidth(ch.ticks(ch.hi), Small), c.TextWidth(ch.ticks(ch.lo), Small))
	}
	axisW += 6
	for k, ch := range charts {
		box := Rect{r.X + axisW, top + float32(k)*(h+8), r.W - axisW, h}
		axes(c, box, r.X, ch.ticks(ch.hi), ch.ticks(ch.lo))
		if k == 0 { // where the solvers stop
			y := box.Y + 2 + float32(stopHi)/(stopHi-stopLo)*(box.H-4)
			c.Fill(Rect{box.X, y, box.W, 1}, Muted)
			c.Text("stops at 1", box.X+4, y-lh, Small, Muted)
		}
		for _, gm := range ConvergenceGraphs {
			g := m.Run.Graphs[gm]
			if g == nil {
				continue
			}
			polyline(c, box, g.Iters, maxIter, ch.lo, ch.hi, ch.y, GraphColours[gm])
		}
		plotTitle(c, box, ch.title...)
	}
	c.Text(fmt.Sprintf("iterations: 1 to %d", maxIter), r.X+axisW, r.Y+r.H-lh, Small, Muted)
}

// polyline draws y(iteration) in box, with x from 1 to maxIter and y from lo
// to hi.
func polyline(c Canvas, box Rect, iters []demo.Iter, maxIter int, lo, hi float64, y func(demo.Iter) float64, col color.RGBA) {
	if hi <= lo {
		return
	}
	line(c, box, len(iters), func(k int) float64 { return float64(iters[k].Iter-1) / math.Max(1, float64(maxIter-1)) },
		func(k int) float64 { return (y(iters[k]) - lo) / (hi - lo) }, col)
}

// line draws the n points (fx(k), fy(k)) of the unit square in box,
// keeping one point per pixel column and 2 pixels from the axes (so that
// a line along one shows); a y that is NaN goes to the top, one outside
// [0, 1] to the edge.
func line(c Canvas, box Rect, n int, fx, fy func(k int) float64, col color.RGBA) {
	if n == 0 {
		return
	}
	px := func(k int) (float32, float32) {
		y := fy(k)
		if math.IsNaN(y) {
			y = 1
		}
		y = math.Max(0, math.Min(1, y))
		return box.X + 2 + float32(fx(k))*(box.W-4), box.Y + 2 + (1-float32(y))*(box.H-4)
	}
	x0, y0 := px(0)
	xy := []float32{x0, y0}
	lastCol := int(x0)
	for k := 1; k < n; k++ {
		x1, y1 := px(k)
		if int(x1) == lastCol && k != n-1 {
			continue
		}
		xy = append(xy, x1, y1)
		lastCol = int(x1)
	}
	if len(xy) == 2 { // one point: a dot
		xy = append(xy, x0+1, y0)
	}
	c.Polyline(xy, 1.5, col)
}

// axes draws the axes of a chart in box and its top and bottom tick
// labels hi and lo from x; its title goes over the curves (plotTitle).
func axes(c Canvas, box Rect, x float32, hi, lo string) {
	lh := lineH(c, Small)
	c.Fill(Rect{box.X, box.Y + box.H, box.W, 1}, Rule)
	c.Fill(Rect{box.X, box.Y, 1, box.H}, Rule)
	c.Text(hi, x, box.Y-2, Small, Muted)
	c.Text(lo, x, box.Y+box.H-lh+2, Small, Muted)
}

// plotTitle draws the first of titles that fits (Fit) at the top right of
// the plot box, on the panel's ground: drawn after the curves, over them,
// so that a curve that runs there does not cross it out.
func plotTitle(c Canvas, box Rect, titles ...string) {
	if t := Fit(c, Small, box.W-8, titles...); t != "" {
		w := c.TextWidth(t, Small)
		x := box.X + box.W - w - 4
		c.Fill(Rect{x - 2, box.Y + 1, w + 4, lineH(c, Small) - 2}, PanelFill)
		c.Text(t, x, box.Y, Small, Muted)
	}
}
