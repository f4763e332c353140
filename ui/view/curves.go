package view

import (
	"fmt"
	"math"
	"strings"

	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// curvesView draws the error rate step by step, and against the labeled
// share (the labeled curve, computed a little every frame).
var curvesView = &View{
	Name: "curves", Title: "Error curves",
	Key: "Above: the error of the propagation shown at each step, a line per graph. Below: the settled error against the share " +
		"of labeled samples, a disc per share (the mean over draws); rings: the paper's Table I or II; the big ring: the page's own draw",
	reads: func(k *keyer, m *ui.Model) {
		if !k.run(m) {
			return
		}
		k.steps(m)
		p := m.Params
		k.f(p.Labeled)
		k.s(p.Flip)
		k.s(string(p.Graph))
	},
	progress: func(k *keyer, m *ui.Model) {
		if c := m.Prop.Curve; c != nil {
			k.n(uint64(c.Done))
		}
	},
	draw:   func(_ *Views, c Canvas, r Rect, m *ui.Model) { drawCurves(c, r, m) },
	Places: &[3]Place{{Row: 1, Share: 0.27, Height: fixed(220)}, {Row: 2, Height: fixed(270)}, {Row: 2, Height: fixed(300)}},
}

// drawCurves charts two error curves of every graph, one above the other:
// the error of the propagation watched against its step (how fast, and how
// right, labels spread on each graph: ui.Propagation.History), and the
// error of the closed form against the labeled share, averaged over label
// draws (ui.LabeledCurve, the paper's Tables I-II at the page's scale),
// for the propagation watched; a ring marks the page's own share. On the
// paper's data sets small rings in the graphs' colours give the paper's
// own numbers (Table I for GHF, II for LGC, 10-60% labeled, on its larger
// sets): the trend to compare with.
func drawCurves(c Canvas, r Rect, m *ui.Model) {
	pr := &m.Prop
	if m.Run == nil || !pr.Ready() {
		s := waiting(m)
		if m.Run != nil && pr.Err != "" {
			s = pr.Err
		}
		placeholder(c, r, s)
		return
	}
	lh := lineH(c, Small)
	// The legend, right-aligned on the first line.
	x := r.X + r.W
	for i := len(params.Graphs) - 1; i >= 0; i-- {
		gm := params.Graphs[i]
		name := params.GraphNames[gm]
		x -= c.TextWidth(name, Small) + 22
		c.Fill(Rect{x, r.Y + 6, 14, 3}, GraphColours[gm])
		c.Text(name, x+17, r.Y, Small, Ink)
	}
	axisW := c.TextWidth("100%", Small) + 6
	top := r.Y + lh + 4
	h := (r.H - (lh + 4) - 2*lh - 2*6) / 2
	name := map[string]string{"ghf": "GHF", "lgc": "LGC"}[pr.Method]

	// Error against the step.
	steps := pr.Step
	box := Rect{r.X + axisW, top, r.W - axisW, h}
	axes(c, box, r.X, "100%", "0%")
	for _, gm := range params.Graphs {
		hist := pr.History(gm)
		line(c, box, len(hist), func(k int) float64 { return float64(k) / float64(max(1, steps)) },
			func(k int) float64 { return hist[k] }, GraphColours[gm])
	}
	plotTitle(c, box, name+" error, step by step", name+", by step", "by step")
	c.Text(fmt.Sprintf("steps: 0 to %d", steps), box.X, box.Y+box.H+1, Small, Muted)

	// Error against the labeled share.
	cv := pr.Curve
	box2 := Rect{r.X + axisW, box.Y + box.H + lh + 6, r.W - axisW, h}
	axes(c, box2, r.X, "100%", "0%")
	lo, hi := ui.CurveShares[0], ui.CurveShares[len(ui.CurveShares)-1]
	xOf := func(share float64) float32 {
		return box2.X + 2 + float32((share-lo)/(hi-lo))*(box2.W-4)
	}
	if cv != nil {
		for _, gm := range params.Graphs {
			ys := cv.GHF[gm]
			if pr.Method == "lgc" {
				ys = cv.LGC[gm]
			}
			var xy []float32
			for s, e := range ys {
				if math.IsNaN(e) {
					continue
				}
				xy = append(xy, xOf(ui.CurveShares[s]), yOf(box2, e))
				c.Disc(xOf(ui.CurveShares[s]), yOf(box2, e), 2, GraphColours[gm])
			}
			if len(xy) >= 4 {
				c.Polyline(xy, 1.5, GraphColours[gm])
			}
		}
	}
	table := map[string]string{"ghf": paper.GHF, "lgc": paper.LGC}[pr.Method]
	reported := false
	for _, gm := range params.Graphs {
		for _, f := range paper.Labeled {
			if v, ok := paper.Error(table, m.Run.Params.Dataset, f, gm); ok {
				c.Ring(xOf(100*f), yOf(box2, v/100), 3, 1, GraphColours[gm])
				reported = true
			}
		}
	}
	if p := m.Params.Labeled; p >= lo && p <= hi { // the page's share
		if e := curveAt(pr, m.Params.Graph); !math.IsNaN(e) {
			c.Ring(xOf(p), yOf(box2, e), 5, 1.5, Ink)
		}
	}
	plotTitle(c, box2, name+" error vs labeled %", name+" vs labeled %", "vs labeled %")
	span, state, rings := fmt.Sprintf("%g-%g%%", lo, hi), "", ""
	if cv != nil && !cv.Finished() {
		state = fmt.Sprintf("; computing, %d%%", 100*cv.Done/max(1, cv.Total))
	} else if cv != nil {
		state = fmt.Sprintf(", %d draws", cv.Draws)
	}
	if t := map[string]string{"ghf": "Table I", "lgc": "Table II"}[pr.Method]; reported && t != "" {
		rings = "; rings: paper's " + t
	}
	// The whole foot, or shorter words where the plot is narrow; the rings'
	// key is kept longest, the page's own ring's first to go.
	mine := ""
	if p := m.Params.Labeled; p >= lo && p <= hi && !math.IsNaN(curveAt(pr, m.Params.Graph)) {
		mine = "; big ring: this draw"
	}
	foot := Fit(c, Small, box2.W, span+state+rings+mine, span+state+strings.Replace(rings, "paper's ", "", 1)+mine, span+state+rings, span+state+strings.Replace(rings, "paper's ", "", 1),
		span+rings, strings.TrimPrefix(rings, "; "), strings.TrimPrefix(strings.Replace(rings, "paper's ", "", 1), "; "), span)
	c.Text(foot, box2.X, box2.Y+box2.H+1, Small, Muted)
}

// curveAt returns the closed-form error rate the page shows for graph gm
// (its labeled set, with clicks), NaN when there is none.
func curveAt(pr *ui.Propagation, gm method.Name) float64 {
	f := pr.Final(gm)
	if f == nil {
		return math.NaN()
	}
	if pr.Method == "lgc" {
		return f.LGC
	}
	return f.GHF
}

// yOf places an error rate e in [0, 1] in box, 2 pixels from its edges.
func yOf(box Rect, e float64) float32 {
	e = math.Max(0, math.Min(1, e))
	return box.Y + 2 + (1-float32(e))*(box.H-4)
}
