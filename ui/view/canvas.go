// Package view draws the in-browser demo's views of a ui.Model: the graph,
// the weight matrices, the propagation, the solver's convergence and the
// outcome. Views compute what to draw (positions, colours, heatmap pixels)
// and draw it on a Canvas; wasm/app implements Canvas with ebiten, and the
// tests with a recorder, so that everything here tests natively.
package view

import (
	"image"
	"image/color"
)

// Rect is a rectangle in canvas pixels.
type Rect struct{ X, Y, W, H float32 }

// Contains reports whether (x, y) lies in r.
func (r Rect) Contains(x, y float32) bool {
	return x >= r.X && y >= r.Y && x < r.X+r.W && y < r.Y+r.H
}

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float32) Rect {
	return Rect{r.X + d, r.Y + d, max(0, r.W-2*d), max(0, r.H-2*d)}
}

// Size names a text size.
type Size int

// The text sizes.
const (
	Small Size = iota
	Normal
	Title
)

// Canvas is what the views draw on.
type Canvas interface {
	// Fill fills r.
	Fill(r Rect, c color.RGBA)
	// Line draws a segment.
	Line(x0, y0, x1, y1, width float32, c color.RGBA)
	// Polyline draws the segments joining the points (x0, y0, x1, y1, ...)
	// as one stroke.
	Polyline(xy []float32, width float32, c color.RGBA)
	// Disc fills a circle; Ring strokes one; Polygon fills the convex
	// polygon of the points (x0, y0, x1, y1, ...).
	Disc(x, y, r float32, c color.RGBA)
	Polygon(xy []float32, c color.RGBA)
	Ring(x, y, r, width float32, c color.RGBA)
	// Text draws s with its top-left corner at (x, y).
	Text(s string, x, y float32, size Size, c color.RGBA)
	// TextWidth returns the width of s.
	TextWidth(s string, size Size) float32
	// Image draws img scaled to r, without smoothing. Images are drawn
	// through a cache: a view passes the same *image.RGBA while its
	// pixels do not change.
	Image(img *image.RGBA, r Rect)
	// Layer draws what draw draws (in canvas coordinates, within r)
	// through a cache: draw runs again only when key, version or r change.
	Layer(key string, version uint64, r Rect, draw func(Canvas))
	// TextScale is the scale of its text sizes (FontSize): 1, or
	// ui.PresentationScale.
	TextScale() float32
}

// FontSize returns the size of the font of the text size at text scale ts
// in CSS pixels (its em): at least 14 at scale 1, readable from the back
// of a room.
func FontSize(s Size, ts float32) float32 {
	px := float32(15)
	switch s {
	case Small:
		px = 14
	case Title:
		px = 17
	}
	return px * max(ts, 0.5)
}

// LineHeight returns the height of a line of text of the size at text
// scale ts.
func LineHeight(s Size, ts float32) float32 {
	return float32(int(FontSize(s, ts)*1.3 + 0.5))
}

// lineH returns the height of a line of text of the size on c.
func lineH(c Canvas, s Size) float32 { return LineHeight(s, c.TextScale()) }
