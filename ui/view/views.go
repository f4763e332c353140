package view

import (
	"fmt"
	"image"
	"slices"
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
	drawn  map[string]drawn // every panel as last drawn, by name
	size   uint64           // the canvas's size then
	plots  map[string]Rect  // the square of the nodes of each graph panel as last drawn
	// galleryImg is the pictures of the samples the paper's Fig. 1 shows,
	// for the run, layout and size of galleryKey.
	galleryImg *image.RGBA
	galleryKey [3]uint64
	// card is the graph's hover card when its view has no room for it
	// clear of its node, nil else; cardShown is where Draw laid it over
	// the canvas last, nil for nowhere.
	card      *cardSpec
	cardShown *Rect
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
func New() *Views {
	return &Views{heat: map[method.Name]*heatEntry{}, drawn: map[string]drawn{}, plots: map[string]Rect{}}
}

// titleH returns the height of a panel's title bar.
func titleH(ts float32) float32 { return LineHeight(Title, ts) + 10 }

// drawn is what a panel was last drawn with: its key and its progress key
// (View.reads, View.progress).
type drawn struct{ key, progress uint64 }

// Draw draws the panels of a w×h canvas: all of them on the background
// when full, else only those whose content changed since the last Draw
// (the canvas keeps the others). Each panel goes through a layer whose
// version is the panel's key, so that an unchanged panel is not drawn
// again even in a full Draw.
func (v *Views) Draw(c Canvas, m *ui.Model, panels []Panel, w, h float32, full bool) {
	size := uint64(w)<<32 | uint64(h)
	if full || v.size != size || len(v.drawn) != len(panels) {
		full = true
		c.Fill(Rect{0, 0, w, h}, Background)
		clear(v.drawn)
		clear(v.plots)
		v.size = size
	}
	var redrawn []Rect
	layer := func(p Panel, view *View, k drawn) {
		c.Layer("panel "+p.Name, k.key^k.progress, p.Rect, func(c Canvas) { v.drawPanel(c, view, p.Rect, m) })
		redrawn = append(redrawn, p.Rect)
	}
	graph := false
	for _, p := range panels {
		view := Lookup(p.Name)
		if view == nil {
			continue
		}
		graph = graph || view == graphView
		k := keys(view, m, c.TextScale())
		if d, ok := v.drawn[p.Name]; ok && d == k && !full {
			continue
		}
		v.drawn[p.Name] = k
		layer(p, view, k)
	}
	v.overlayCard(c, panels, w, h, graph, redrawn, layer)
}

// overlayCard lays the graph's hover card that its view has no room for
// (v.card) over the w×h canvas, clear of its node: drawn again where a
// panel under it was drawn (redrawn), and where it was before, the
// background and the panels there drawn again (layer) when it moves or
// goes.
func (v *Views) overlayCard(c Canvas, panels []Panel, w, h float32, graph bool, redrawn []Rect, layer func(Panel, *View, drawn)) {
	var want *Rect
	if v.card != nil && graph {
		r, _ := cardPlace(v.card.x, v.card.y, v.card.d, v.card.w, v.card.h, Rect{Gap, Gap, w - 2*Gap, h - 2*Gap})
		want = &r
	}
	if old := v.cardShown; old != nil && (want == nil || *want != *old) {
		c.Fill(*old, Background)
		for _, p := range panels {
			if view := Lookup(p.Name); view != nil && overlaps(p.Rect, *old) {
				if k, ok := v.drawn[p.Name]; ok {
					layer(p, view, k)
				}
			}
		}
		redrawn = append(redrawn, *old)
	}
	if want != nil && (v.cardShown == nil || *want != *v.cardShown || slices.ContainsFunc(redrawn, func(r Rect) bool { return overlaps(r, *want) })) {
		v.card.draw(c, *want)
	}
	v.cardShown = want
}

// overlaps reports whether a and b share an area.
func overlaps(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

// Staleness is how much of what Draw would draw differs from what it drew
// last.
type Staleness int

const (
	// Fresh: Draw would draw nothing.
	Fresh Staleness = iota
	// Progressed: only what the page computes a little every frame (the
	// labeled curve, a live figure's study) moved on.
	Progressed
	// Changed: something else changed; or the canvas or the panels did.
	Changed
)

// Stale reports how much of a w×h canvas at text scale ts needs drawing
// again.
func (v *Views) Stale(m *ui.Model, panels []Panel, w, h, ts float32) Staleness {
	if len(v.drawn) != len(panels) || v.size != uint64(w)<<32|uint64(h) {
		return Changed
	}
	s := Fresh
	for _, p := range panels {
		view := Lookup(p.Name)
		if view == nil {
			continue
		}
		d, ok := v.drawn[p.Name]
		k := keys(view, m, ts)
		switch {
		case !ok || d.key != k.key:
			return Changed
		case d.progress != k.progress:
			s = Progressed
		}
	}
	return s
}

// drawPanel draws one panel: its frame, title and view.
func (v *Views) drawPanel(c Canvas, view *View, r Rect, m *ui.Model) {
	if Focus(m) == view.Name && m.Params.Embed == "" {
		c.Fill(r, Accent) // the view the tour's step is about
		c.Fill(r.Inset(3), PanelFill)
	} else {
		c.Fill(r, Rule)
		c.Fill(r.Inset(1), PanelFill)
	}
	v.drawContent(c, view, r, m)
}

// DrawView draws view name of m alone on a w×h canvas, as for a slide:
// its title and its drawing on the panel's ground, without a frame; false
// for a name that is no view.
func (v *Views) DrawView(c Canvas, m *ui.Model, name string, w, h float32) bool {
	view := Lookup(name)
	if view == nil {
		return false
	}
	r := Rect{0, 0, w, h}
	c.Fill(r, PanelFill)
	v.drawContent(c, view, r, m)
	return true
}

// drawContent draws a panel's title and view in r.
func (v *Views) drawContent(c Canvas, view *View, r Rect, m *ui.Model) {
	// The titles the view offers, each with the view's name and without
	// it (its shorter name when it has one), the longest first.
	var titles []string
	for _, t := range view.titles(m) {
		if m.Ended != nil && view != paperView {
			t += " — previous data" // the latest run stopped: the views keep the last figure
		}
		titles = append(titles, t)
	}
	for _, t := range slices.Clone(titles) {
		if short, ok := strings.CutPrefix(t, view.Title+": "); ok {
			titles = append(titles, short)
		} else if view.Short != "" {
			titles = append(titles, strings.Replace(t, view.Title, view.Short, 1))
		}
	}
	c.Text(Fit(c, Title, r.W-20, titles...), r.X+10, r.Y+6, Title, Ink)
	view.draw(v, c, body(r, c.TextScale()), m)
}

// Focus returns the view the tour's step shown is about, "" outside the
// tour.
func Focus(m *ui.Model) string {
	if n := m.Params.Tour; n >= 1 && n <= len(params.TourSteps) {
		return params.TourSteps[n-1].View
	}
	return ""
}

// Fit returns the first of texts (the longest first) that fits in width w
// at the size, or the last clipped (Clip) when none does; "" for none.
func Fit(c Canvas, size Size, w float32, texts ...string) string {
	for _, s := range texts {
		if c.TextWidth(s, size) <= w {
			return s
		}
	}
	if len(texts) == 0 {
		return ""
	}
	return Clip(c, texts[len(texts)-1], size, w)
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
	lh := lineH(c, Normal)
	lines := Wrap(c, s, Normal, r.W-2*Gap)
	if n := max(1, int(r.H/lh)); len(lines) > n {
		lines = append(lines[:n-1], Clip(c, strings.Join(lines[n-1:], " "), Normal, r.W-2*Gap))
	}
	y := r.Y + r.H/2 - float32(len(lines))*lh/2
	for _, l := range lines {
		w := c.TextWidth(l, Normal)
		c.Text(l, r.X+(r.W-w)/2, y, Normal, Muted)
		y += lh
	}
}

// waiting returns what a view shows before its graphs exist.
func waiting(m *ui.Model) string {
	switch {
	case m.Run == nil:
		return "Press Run to build the graphs."
	case m.Run.State == ui.Running:
		if g := m.Run.Graphs[m.Params.Graph]; g != nil && !g.Finished() {
			return "Building the " + params.GraphNames[m.Params.Graph] + " graph…"
		}
		if b := m.Building(); b != "" {
			return strings.ToUpper(b[:1]) + b[1:]
		}
		return "Building the graphs…"
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
