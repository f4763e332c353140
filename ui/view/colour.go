package view

import (
	"image/color"
	"math"

	"nnlrs/core/method"
)

// Palette colours the classes: Okabe and Ito's colours for colour-vision
// deficiency (the black of their eight is the page's ink), the yellow,
// faint on white, last. Class k of a run, counted from 0 in increasing
// label order, has Palette[k % len(Palette)] and the marker Shapes[k %
// len(Shapes)]: the first classes differ in shape as well as colour, and
// no two of the first len(Palette)·len(Shapes) share both.
var Palette = []color.RGBA{
	{0xe6, 0x9f, 0x00, 0xff}, // orange
	{0x56, 0xb4, 0xe9, 0xff}, // sky blue
	{0x00, 0x9e, 0x73, 0xff}, // bluish green
	{0x00, 0x72, 0xb2, 0xff}, // blue
	{0xd5, 0x5e, 0x00, 0xff}, // vermillion
	{0xcc, 0x79, 0xa7, 0xff}, // reddish purple
	{0xf0, 0xe4, 0x42, 0xff}, // yellow
}

// The other colours of the page: those of the Theme in use (Use), Light
// unless the page chose another.
var (
	Background = Light.Background
	PanelFill  = Light.PanelFill
	Card       = Light.Card
	Ink        = Light.Ink
	Muted      = Light.Muted
	Rule       = Light.Rule
	Alarm      = Light.Alarm
	// Across marks what crosses classes (an edge, a wrong prediction):
	// Okabe and Ito's vermillion, never told from the page's grey by hue
	// alone (across edges are thicker, wrong predictions doubly ringed).
	Across   = color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	Accent   = Light.Accent // the frame of the view a tour step is about
	Unknown  = Light.Unknown
	HeatHigh = Light.HeatHigh
)

// A Theme is the page's colours other than the classes' hues (Palette)
// and the graphs' (GraphColours), which hold in both: the views' ground,
// the panels', the hover card's, the text's, the rules', the alarm's, the
// tour's frame, the nodes not yet labeled, the heatmaps' highest weight,
// and the colour of the l1 graph, near the ink.
type Theme struct {
	Background, PanelFill, Card, Ink, Muted, Rule, Alarm, Accent, Unknown, HeatHigh, L1 color.RGBA
}

// Light is the page's theme by day; Dark a high-contrast one for a dark
// room (the page's CSS has the same colours): light text and rules on
// near-black, the heatmaps light on dark, the l1 graph near-white.
var (
	Light = Theme{
		Background: color.RGBA{0xee, 0xf0, 0xf3, 0xff}, PanelFill: color.RGBA{0xff, 0xff, 0xff, 0xff},
		Card: color.RGBA{0xfb, 0xfb, 0xfc, 0xff}, Ink: color.RGBA{0x1f, 0x23, 0x28, 0xff},
		Muted: color.RGBA{0x6a, 0x73, 0x7d, 0xff}, Rule: color.RGBA{0xd0, 0xd7, 0xde, 0xff},
		Alarm: color.RGBA{0xc0, 0x1c, 0x28, 0xff}, Accent: color.RGBA{0x1f, 0x4e, 0x9a, 0xff},
		Unknown: color.RGBA{0xc8, 0xcc, 0xd0, 0xff}, HeatHigh: color.RGBA{0x10, 0x1c, 0x3c, 0xff},
		L1: color.RGBA{0x33, 0x33, 0x33, 0xff},
	}
	Dark = Theme{
		Background: color.RGBA{0x00, 0x00, 0x00, 0xff}, PanelFill: color.RGBA{0x12, 0x14, 0x18, 0xff},
		Card: color.RGBA{0x1e, 0x22, 0x28, 0xff}, Ink: color.RGBA{0xf2, 0xf4, 0xf7, 0xff},
		Muted: color.RGBA{0xc0, 0xc7, 0xcf, 0xff}, Rule: color.RGBA{0x5a, 0x62, 0x6c, 0xff},
		Alarm: color.RGBA{0xff, 0x8a, 0x80, 0xff}, Accent: color.RGBA{0x8c, 0xc4, 0xff, 0xff},
		Unknown: color.RGBA{0x6e, 0x76, 0x81, 0xff}, HeatHigh: color.RGBA{0xf2, 0xf4, 0xf7, 0xff},
		L1: color.RGBA{0xee, 0xee, 0xee, 0xff},
	}
)

// Use makes t the colours the views draw with. It changes the package's
// colours for every view: a main package calls it (the page, when the
// reader chooses a theme), then draws everything again.
func Use(t Theme) {
	Background, PanelFill, Card, Ink, Muted, Rule, Alarm = t.Background, t.PanelFill, t.Card, t.Ink, t.Muted, t.Rule, t.Alarm
	Accent, Unknown, HeatHigh = t.Accent, t.Unknown, t.HeatHigh
	GraphColours[method.L1] = t.L1
}

// GraphColours tell the graphs apart in the charts, in Okabe and Ito's
// colours and greys, chosen so that those drawn together stay apart under
// every colour-vision deficiency: in CIELAB after Machado et al.'s
// simulation of protanopia, deuteranopia and tritanopia, the four graphs
// of a run are at least 32 apart, the three of the joint-learning figure
// 24 (the first choice with NNLRS in blue; kNN grey and l1 green were 17).
var GraphColours = map[method.Name]color.RGBA{
	method.NNLRS: {0x00, 0x72, 0xb2, 0xff}, // blue
	method.LRR:   {0xe6, 0x9f, 0x00, 0xff}, // orange
	method.L1:    {0x33, 0x33, 0x33, 0xff}, // near-black
	method.KNN0:  {0x99, 0x99, 0x99, 0xff}, // grey
	// The paper's own variants of NNLRS, in its joint-learning figure.
	method.NNLRSEF:  {0xd5, 0x5e, 0x00, 0xff}, // vermillion
	method.PCANNLRS: {0x56, 0xb4, 0xe9, 0xff}, // sky blue
}

// ClassIndex maps the labels of a run to 0, 1, ... in increasing order.
func ClassIndex(labels []int) map[int]int {
	seen := map[int]bool{}
	var ls []int
	for _, l := range labels {
		if !seen[l] {
			seen[l] = true
			ls = append(ls, l)
		}
	}
	for i := 1; i < len(ls); i++ {
		for j := i; j > 0 && ls[j] < ls[j-1]; j-- {
			ls[j], ls[j-1] = ls[j-1], ls[j]
		}
	}
	idx := make(map[int]int, len(ls))
	for k, l := range ls {
		idx[l] = k
	}
	return idx
}

// ClassColour returns the colour of class index k.
func ClassColour(k int) color.RGBA { return Palette[k%len(Palette)] }

// Shape is a marker's shape.
type Shape int

// The shapes of the classes' markers, in their order.
const (
	Circle Shape = iota
	Square
	Triangle
	Diamond
)

// Shapes are the classes' markers' shapes, in order (ClassShape).
var Shapes = []Shape{Circle, Square, Triangle, Diamond}

// ClassShape returns the shape of class index k's markers.
func ClassShape(k int) Shape { return Shapes[k%len(Shapes)] }

// Marker draws a marker of the shape at (x, y), of about the area of a
// disc of radius r.
func Marker(c Canvas, s Shape, x, y, r float32, col color.RGBA) {
	switch s {
	case Square:
		h := r * 0.886 // half the side of the square of the disc's area
		c.Polygon([]float32{x - h, y - h, x + h, y - h, x + h, y + h, x - h, y + h}, col)
	case Triangle:
		h := r * 1.347 // the circumradius of the triangle of the disc's area
		c.Polygon([]float32{x, y - h, x + h*0.866, y + h/2, x - h*0.866, y + h/2}, col)
	case Diamond:
		h := r * 1.253 // half the diagonal of the square of the disc's area
		c.Polygon([]float32{x, y - h, x + h, y, x, y + h, x - h, y}, col)
	default:
		c.Disc(x, y, r, col)
	}
}

// Mix returns a + t(b − a), t in [0, 1].
func Mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + t*(float64(y)-float64(x)))) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

// Alpha returns c with opacity a in [0, 1], premultiplied as image/color
// expects.
func Alpha(c color.RGBA, a float64) color.RGBA {
	a = math.Max(0, math.Min(1, a))
	return color.RGBA{uint8(float64(c.R) * a), uint8(float64(c.G) * a), uint8(float64(c.B) * a), uint8(255 * a)}
}
