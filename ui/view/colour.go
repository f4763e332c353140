package view

import (
	"image/color"
	"math"

	"nnlrs/core/method"
)

// Palette colours the classes (Tableau 10): class k of a run, counted from
// 0 in increasing label order, has Palette[k % len(Palette)].
var Palette = []color.RGBA{
	{0x4e, 0x79, 0xa7, 0xff}, // blue
	{0xf2, 0x8e, 0x2b, 0xff}, // orange
	{0x59, 0xa1, 0x4f, 0xff}, // green
	{0xe1, 0x57, 0x59, 0xff}, // red
	{0xb0, 0x7a, 0xa1, 0xff}, // purple
	{0x76, 0xb7, 0xb2, 0xff}, // teal
	{0xed, 0xc9, 0x48, 0xff}, // yellow
	{0xff, 0x9d, 0xa7, 0xff}, // pink
	{0x9c, 0x75, 0x5f, 0xff}, // brown
	{0x79, 0x70, 0x6e, 0xff}, // grey
}

// The other colours of the page.
var (
	Background = color.RGBA{0xee, 0xf0, 0xf3, 0xff}
	PanelFill  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Ink        = color.RGBA{0x1f, 0x23, 0x28, 0xff}
	Muted      = color.RGBA{0x6a, 0x73, 0x7d, 0xff}
	Rule       = color.RGBA{0xd0, 0xd7, 0xde, 0xff}
	Alarm      = color.RGBA{0xc0, 0x1c, 0x28, 0xff}
	Accent     = color.RGBA{0x1f, 0x4e, 0x9a, 0xff} // the frame of the view a tour step is about
	Unknown    = color.RGBA{0xc8, 0xcc, 0xd0, 0xff}
	HeatHigh   = color.RGBA{0x10, 0x1c, 0x3c, 0xff}
)

// GraphColours tell the graphs apart in the charts.
var GraphColours = map[method.Name]color.RGBA{
	method.NNLRS: {0x1f, 0x4e, 0x9a, 0xff},
	method.LRR:   {0xe0, 0x7b, 0x00, 0xff},
	method.L1:    {0x2e, 0x8b, 0x3e, 0xff},
	method.KNN0:  {0x80, 0x80, 0x80, 0xff},
	// The paper's own variants of NNLRS, in its joint-learning figure.
	method.NNLRSEF:  {0x8e, 0x3b, 0xa8, 0xff},
	method.PCANNLRS: {0x00, 0x8b, 0x8b, 0xff},
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
