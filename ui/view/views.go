package view

import (
	"fmt"
	"image"
	"strings"

	"nnlrs/core/method"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// Views draws the views of a model, and keeps between frames what is
// costly to recompute: heatmap pixels, the picture of a hovered sample, and
// which panels are drawn as they stand.
type Views struct {
	heat   map[method.Name]*heatEntry
	sample sampleEntry
	drawn  map[string]uint64 // the key of every panel last drawn
	// galleryImg is the pictures of the samples the paper's Fig. 1 shows,
	// for the run, layout and size of galleryKey.
	galleryImg *image.RGBA
	galleryKey [3]uint64
}

type heatEntry struct {
	version uint64
	img     *image.RGBA
}

type sampleEntry struct {
	data       *image.RGBA
	neighbours []*image.RGBA // the images of its neighbours shown, for image data
	key        [2]uint64     // run version, node
}

// New returns views with empty caches.
func New() *Views { return &Views{heat: map[method.Name]*heatEntry{}, drawn: map[string]uint64{}} }

// titleH returns the height of a panel's title bar.
func titleH() float32 { return LineHeight(Title) + 10 }

// Titles of the panels.
var titles = map[string]string{
	"graph":       "Graph",
	"propagation": "Propagation",
	"weights":     "Weights W, samples ordered by class",
	"convergence": "Convergence of the solvers",
	"outcome":     "Outcome",
	"curves":      "Error curves",
}

// Draw draws the panels of a w×h canvas: all of them on the background
// when full, else only those whose content changed since the last Draw
// (the canvas keeps the others). Each panel goes through a layer whose
// version is the panel's key, so that an unchanged panel is not drawn
// again even in a full Draw.
func (v *Views) Draw(c Canvas, m *ui.Model, panels []Panel, w, h float32, full bool) {
	size := uint64(w)<<32 | uint64(h)
	if full || v.drawn["size"] != size || len(v.drawn) != len(panels)+1 {
		full = true
		c.Fill(Rect{0, 0, w, h}, Background)
		clear(v.drawn)
		v.drawn["size"] = size
	}
	for _, p := range panels {
		key := panelKey(p.Name, m)
		if k, ok := v.drawn[p.Name]; ok && k == key && !full {
			continue
		}
		v.drawn[p.Name] = key
		c.Layer("panel "+p.Name, key, p.Rect, func(c Canvas) { v.drawPanel(c, p, m) })
	}
}

// Stale reports whether Draw would draw anything other than what it drew
// last: the canvas needs drawing only then.
func (v *Views) Stale(m *ui.Model, panels []Panel, w, h float32) bool {
	if len(v.drawn) != len(panels)+1 || v.drawn["size"] != uint64(w)<<32|uint64(h) {
		return true
	}
	for _, p := range panels {
		if k, ok := v.drawn[p.Name]; !ok || k != panelKey(p.Name, m) {
			return true
		}
	}
	return false
}

// drawPanel draws one panel: its frame, title and view.
func (v *Views) drawPanel(c Canvas, p Panel, m *ui.Model) {
	r := p.Rect
	if Focus(m) == p.Name && m.Params.Embed == "" {
		c.Fill(r, Accent) // the view the tour's step is about
		c.Fill(r.Inset(3), PanelFill)
	} else {
		c.Fill(r, Rule)
		c.Fill(r.Inset(1), PanelFill)
	}
	title := titles[p.Name]
	switch p.Name {
	case "graph":
		title = v.graphTitle(m)
	case "propagation":
		title = propagationTitle(m)
	case "paper":
		title = paperTitle(m)
	}
	if short, ok := strings.CutPrefix(title, titles[p.Name]+": "); ok && c.TextWidth(title, Title) > r.W-20 {
		title = short // the view's name goes first when the title is too long
	}
	c.Text(Clip(c, title, Title, r.W-20), r.X+10, r.Y+6, Title, Ink)
	b := body(r)
	switch p.Name {
	case "graph":
		v.drawGraph(c, b, m, false)
	case "propagation":
		v.drawGraph(c, b, m, true)
	case "weights":
		v.drawWeights(c, b, m)
	case "convergence":
		drawConvergence(c, b, m)
	case "outcome":
		drawOutcome(c, b, m)
	case "curves":
		drawCurves(c, b, m)
	case "paper":
		v.drawPaper(c, b, m)
	}
}

// Focus returns the view the tour's step shown is about, "" outside the
// tour.
func Focus(m *ui.Model) string {
	if n := m.Params.Tour; n >= 1 && n <= len(params.TourSteps) {
		return params.TourSteps[n-1].View
	}
	return ""
}

func (v *Views) graphTitle(m *ui.Model) string {
	return "Graph: " + params.GraphNames[m.Params.Graph]
}

func propagationTitle(m *ui.Model) string {
	name := map[string]string{"ghf": "GHF", "lgc": "LGC"}[m.Params.Propagator]
	s := fmt.Sprintf("Propagation: %s on %s", name, params.GraphNames[m.Params.Graph])
	if m.Prop.Ready() {
		s += fmt.Sprintf(", step %d", m.Prop.Step)
		if m.Prop.Converged {
			s += " (converged)"
		}
	}
	return s
}

// Clip returns s, shortened with "..." to fit in width w.
func Clip(c Canvas, s string, size Size, w float32) string {
	if c.TextWidth(s, size) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && c.TextWidth(string(r)+"...", size) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "..."
}

// Wrap breaks s into lines that fit in width w, at spaces; a word longer
// than w is clipped.
func Wrap(c Canvas, s string, size Size, w float32) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && c.TextWidth(try, size) > w {
			lines = append(lines, Clip(c, line, size, w))
			try = word
		}
		line = try
	}
	if line != "" {
		lines = append(lines, Clip(c, line, size, w))
	}
	return lines
}

// placeholder writes a one-line message in the middle of r, clipped to
// its width.
func placeholder(c Canvas, r Rect, s string) {
	s = Clip(c, s, Normal, r.W-2*Gap)
	w := c.TextWidth(s, Normal)
	c.Text(s, r.X+(r.W-w)/2, r.Y+r.H/2-LineHeight(Normal)/2, Normal, Muted)
}

// waiting returns what a view shows before its graphs exist.
func waiting(m *ui.Model) string {
	switch {
	case m.Run == nil:
		return "Press Run to build the graphs."
	case m.Run.State == ui.Running:
		return "Building the graphs..."
	case m.Run.State == ui.Cancelled:
		return "Cancelled."
	case m.Run.State == ui.Failed:
		return "No graphs: see the message beside the controls."
	}
	if g := m.Run.Graphs[m.Params.Graph]; g != nil && g.Err != "" {
		return fmt.Sprintf("The %s graph failed: %s", params.GraphNames[m.Params.Graph], g.Err)
	}
	return "This graph failed: see the message beside the controls."
}
