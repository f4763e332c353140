package view

import (
	"fmt"
	"math"
	"strings"

	"nnlrs/ui"
	"nnlrs/ui/params"
)

// drawOutcome tabulates, per graph, the error rates of GHF and LGC (closed
// forms), the within-class share of the weight, the density and the time.
func drawOutcome(c Canvas, r Rect, m *ui.Model) {
	if m.Run == nil {
		placeholder(c, r, waiting(m))
		return
	}
	p := m.Run.Params
	lh := LineHeight(Normal)
	sub := "error rates of GHF and of LGC with α = " + fmt.Sprint(m.Params.Alpha)
	if u := unlabeled(m); u > 0 {
		sub += fmt.Sprintf(" on the %d unlabeled samples", u)
	}
	y := r.Y
	for _, l := range Wrap(c, sub, Small, r.W) {
		c.Text(l, r.X, y, Small, Muted)
		y += LineHeight(Small)
	}
	cols := []string{"graph", "GHF", "LGC", "within", "edges"}
	widths := []float32{0.2, 0.25, 0.25, 0.16, 0.14}
	xs := make([]float32, len(cols))
	x := r.X
	for i, w := range widths {
		xs[i] = x
		x += w * r.W
	}
	y += 6
	for i, h := range cols {
		c.Text(Clip(c, h, Small, widths[i]*r.W-4), xs[i], y, Small, Muted)
	}
	y += lh + 2
	c.Fill(Rect{r.X, y, r.W, 1}, Rule)
	y += 6
	best := [2]float64{math.Inf(1), math.Inf(1)}
	for _, method := range params.Graphs {
		if f := m.Prop.Final(method); f != nil {
			best[0] = math.Min(best[0], f.GHF)
			best[1] = math.Min(best[1], f.LGC)
		}
	}
	var why []string
	rowH := min(max(lh+14, (r.H-4*lh)/float32(len(params.Graphs))), 3*lh)
	for _, method := range params.Graphs {
		g := m.Run.Graphs[method]
		c.Fill(Rect{xs[0], y + 3, 4, lh - 4}, GraphColours[method])
		c.Text(params.GraphNames[method], xs[0]+8, y, Normal, Ink)
		switch {
		case g == nil:
		case g.Err != "":
			c.Text("failed", xs[1], y, Normal, Alarm)
		case g.Final == nil:
			c.Text("...", xs[1], y, Normal, Muted)
		default:
			f := g.Final
			pf := m.Prop.Final(method)
			if pf == nil {
				pf = &ui.Final{GHF: math.NaN(), LGC: math.NaN()}
			}
			for k, e := range []float64{pf.GHF, pf.LGC} {
				cellW := widths[k+1]*r.W - 12
				if math.IsNaN(e) {
					c.Text("n/a*", xs[k+1], y, Normal, Muted)
					reason := [2]string{pf.GHFWhy, pf.LGCWhy}[k]
					if reason == "" {
						reason = m.Prop.Err
					}
					why = append(why, fmt.Sprintf("*%s on %s: %s", cols[k+1], params.GraphNames[method], reason))
					continue
				}
				ink := Muted
				if e == best[k] {
					ink = Ink
				}
				c.Text(fmt.Sprintf("%.1f%%", 100*e), xs[k+1], y, Normal, ink)
				c.Fill(Rect{xs[k+1], y + lh + 1, cellW, 4}, Background)
				c.Fill(Rect{xs[k+1], y + lh + 1, cellW * float32(e), 4}, GraphColours[method])
			}
			if !math.IsNaN(f.WithinClass) {
				c.Text(fmt.Sprintf("%.0f%%", 100*f.WithinClass), xs[3], y, Normal, Ink)
			}
			c.Text(fmt.Sprintf("%.0f%%", 100*f.Density), xs[4], y, Normal, Ink)
		}
		y += rowH
	}
	y += 4
	c.Fill(Rect{r.X, y, r.W, 1}, Rule)
	y += 6
	settings := fmt.Sprintf("NNLRS with β = %g, λ = %g, θ = %g; LRR with λ = %g; %g%% labeled; seed %d", p.Beta, p.Lambda, p.Theta, p.LRRLambda, p.Labeled, p.Seed)
	for _, l := range Wrap(c, strings.Join(append(why, settings), ". "), Small, r.W) {
		c.Text(l, r.X, y, Small, Muted)
		y += LineHeight(Small)
	}
	if m.Prop.Ready() {
		name := map[string]string{"ghf": "GHF", "lgc": "LGC"}[m.Prop.Method]
		s := fmt.Sprintf("%s after %d steps:", name, m.Prop.Step)
		for _, method := range params.Graphs {
			if e := m.Prop.ErrorRate(method); e >= 0 {
				s += fmt.Sprintf(" %s %.0f%%", params.GraphNames[method], 100*e)
			}
		}
		for _, l := range Wrap(c, s, Small, r.W) {
			c.Text(l, r.X, y, Small, Muted)
			y += LineHeight(Small)
		}
	}
}
