package view

import (
	"image/color"

	"fmt"
	"math"

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
	"nnlrs/wasm/protocol"
)

// ConvergenceGraphs are the iterative solvers the convergence view follows.
var ConvergenceGraphs = []method.Name{method.NNLRS, method.LRR}

// series is one quantity of one solver, per iteration.
type series struct {
	method string
	y      func(it protocol.Iter) float64
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
	lh := LineHeight(Small)
	top := r.Y + lh + 2
	h := (r.H - lh - 2 - lh - 3*8) / 3
	charts := []struct {
		title    string
		lo, hi   float64
		y        func(it protocol.Iter) float64
		ticks    func(v float64) string
		logScale bool
	}{
		{"stopping measure / threshold", stopLo, stopHi, func(it protocol.Iter) float64 { return math.Log10(it.Stop) },
			func(v float64) string { return fmt.Sprintf("1e%d", int(v)) }, true},
		{"rank(Z)", 0, float64(n), func(it protocol.Iter) float64 { return float64(it.RankZ) },
			func(v float64) string { return fmt.Sprintf("%d", int(v)) }, false},
		{"nonzeros of H, %", 0, 100, func(it protocol.Iter) float64 { return 100 * float64(it.NNZH) / float64(n*n) },
			func(v float64) string { return fmt.Sprintf("%d", int(v)) }, false},
	}
	axisW := float32(0) // as wide as the widest tick label
	for _, ch := range charts {
		axisW = max(axisW, c.TextWidth(ch.ticks(ch.hi), Small), c.TextWidth(ch.ticks(ch.lo), Small))
	}
	axisW += 6
	for k, ch := range charts {
		box := Rect{r.X + axisW, top + float32(k)*(h+8), r.W - axisW, h}
		c.Fill(Rect{box.X, box.Y + box.H, box.W, 1}, Rule)
		c.Fill(Rect{box.X, box.Y, 1, box.H}, Rule)
		c.Text(ch.ticks(ch.hi), r.X, box.Y-2, Small, Muted)
		c.Text(ch.ticks(ch.lo), r.X, box.Y+box.H-lh+2, Small, Muted)
		title := Clip(c, ch.title, Small, box.W-8)
		c.Text(title, box.X+box.W-c.TextWidth(title, Small)-4, box.Y, Small, Muted)
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
	}
	c.Text(fmt.Sprintf("iterations: 1 to %d", maxIter), r.X+axisW, r.Y+r.H-lh, Small, Muted)
}

// polyline draws y(iteration) in box, with x from 1 to maxIter and y from lo
// to hi, keeping one point per pixel column.
func polyline(c Canvas, box Rect, iters []protocol.Iter, maxIter int, lo, hi float64, y func(protocol.Iter) float64, col color.RGBA) {
	if len(iters) == 0 || hi <= lo {
		return
	}
	// Keep 2 pixels from the axes so that a line along one shows.
	px := func(it protocol.Iter) (float32, float32) {
		fx := float64(it.Iter-1) / math.Max(1, float64(maxIter-1))
		fy := (y(it) - lo) / (hi - lo)
		if math.IsNaN(fy) {
			fy = 1
		}
		fy = math.Max(0, math.Min(1, fy))
		return box.X + 2 + float32(fx)*(box.W-4), box.Y + 2 + (1-float32(fy))*(box.H-4)
	}
	x0, y0 := px(iters[0])
	xy := []float32{x0, y0}
	lastCol := int(x0)
	for k := 1; k < len(iters); k++ {
		x1, y1 := px(iters[k])
		if int(x1) == lastCol && k != len(iters)-1 {
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
