package view

import (
	"slices"

	"nnlrs/ui"
)

// A View is one panel of the page: its name, its title, what of the model
// it reads, how it draws and where it goes. The page's drawing, its redraw
// keys, its layouts, its titles and its choice of views to embed all
// iterate over Registry: adding a view is a file that defines one and a
// line in Registry.
type View struct {
	// Name names the view in the link (embed=Name) and in the page's
	// hooks (window.nnlrs.panels).
	Name string
	// Title is the panel's title; caption, when set, gives longer ones
	// from the model, the longest first, "Title: ..." (the panel shows the
	// first that fits; the view's name goes first when none does).
	Title   string
	caption func(m *ui.Model) []string
	// Short is a shorter title, for a narrow panel; "" for none.
	Short string
	// Key says what every mark and column of the view means, as page
	// text beside the canvas (the page's key to the views), where the
	// keyboard and a screen reader reach it.
	Key string
	// reads writes into k what the panel shows of m beyond what every panel
	// shows (the graph chosen, the propagation, α, the tour's focus, the
	// text scale): equal keys draw equal panels. progress writes what
	// changes as the page computes a little every frame (the labeled
	// curve, a live figure's study): a change of that alone is drawn at a
	// slower pace (Staleness).
	reads, progress func(k *keyer, m *ui.Model)
	// draw draws the view's content in r, below its title.
	draw func(v *Views, c Canvas, r Rect, m *ui.Model)
	// MinW and MinH are its smallest size at text scale 1, in CSS pixels:
	// narrower or lower, it cannot show its text and its picture side by
	// side. The page stacks the views (and scrolls) rather than go below.
	MinW, MinH float32
	// Places are where it goes among the others in the layouts of three
	// columns, two and one (Layouts); nil for a view shown alone only.
	Places *[3]Place
}

// Registry is every view of the page, in the order the layouts fill a row
// and the page offers them to embed.
var Registry = []*View{graphView, propagationView, weightsView, outcomeView, curvesView, convergenceView, paperView}

// Lookup returns the view called name, nil for none.
func Lookup(name string) *View {
	i := slices.IndexFunc(Registry, func(v *View) bool { return v.Name == name })
	if i < 0 {
		return nil
	}
	return Registry[i]
}

// Embeddable returns the views a link may show alone (embed=NAME), in the
// order of Registry: those with a place among the others.
func Embeddable() []*View {
	var vs []*View
	for _, v := range Registry {
		if v.Places != nil {
			vs = append(vs, v)
		}
	}
	return vs
}

// Names returns the names of views.
func Names(views []*View) []string {
	names := make([]string, len(views))
	for i, v := range views {
		names[i] = v.Name
	}
	return names
}

// titles returns the titles of view v for m, the longest first.
func (v *View) titles(m *ui.Model) []string {
	if v.caption != nil {
		return v.caption(m)
	}
	return []string{v.Title}
}

// Place is where a view goes in one layout: its row, counted from the
// top; the share of the row's width it takes, never less than its least
// width (0: an equal part of what the views with a share leave); and the
// row's least height at text scale 1 (a row is as high as its highest
// view asks).
type Place struct {
	Row    int
	Share  float32
	Height Extent
}

// Extent is a length at text scale 1 that may grow with the canvas: Least,
// or OfWidth times the width of the canvas's area (over the text scale)
// when that is more, but not above Most.
type Extent struct {
	Least, OfWidth, Most float32
}

// at returns the extent for a canvas area w wide at text scale ts.
func (e Extent) at(w, ts float32) float32 {
	if e.OfWidth == 0 {
		return e.Least
	}
	return max(e.Least, min(e.OfWidth*w/ts, e.Most))
}

// fixed is an extent that does not grow.
func fixed(h float32) Extent { return Extent{Least: h} }
