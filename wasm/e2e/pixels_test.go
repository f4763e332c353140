package e2e

import (
	"image"
	"image/color"
	"math"

	"nnlrs/ui/view"
)

// classPixels counts, within r, the pixels of each class colour of the
// views (view.Palette), also in the paler shades the propagation view
// mixes with white (down to 30% of the colour). Antialiased edges and
// text do not count: a pixel must lie within a small distance of the
// line from white to the class colour.
func classPixels(img image.Image, r image.Rectangle) []int {
	counts := make([]int, len(view.Palette))
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if k, ok := classOf(img.At(x, y)); ok {
				counts[k]++
			}
		}
	}
	return counts
}

func classOf(c color.Color) (int, bool) {
	r, g, b, _ := c.RGBA()
	p := [3]float64{float64(r >> 8), float64(g >> 8), float64(b >> 8)}
	for k, pc := range view.Palette {
		q := [3]float64{float64(pc.R), float64(pc.G), float64(pc.B)}
		// Project p on the segment from white w to q: p ≈ w + t(q − w).
		var num, den float64
		for i := 0; i < 3; i++ {
			num += (p[i] - 255) * (q[i] - 255)
			den += (q[i] - 255) * (q[i] - 255)
		}
		t := num / den
		if t < 0.3 || t > 1.05 {
			continue
		}
		var d float64
		for i := 0; i < 3; i++ {
			e := p[i] - (255 + t*(q[i]-255))
			d += e * e
		}
		if math.Sqrt(d) <= 6 {
			return k, true
		}
	}
	return 0, false
}

// classesShown returns how many classes have at least min pixels in r.
func classesShown(img image.Image, r image.Rectangle, min int) int {
	n := 0
	for _, c := range classPixels(img, r) {
		if c >= min {
			n++
		}
	}
	return n
}

// inked counts the pixels of r that are neither the panel's white nor the
// page's background: what a view drew.
func inked(img image.Image, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c != view.PanelFill && c != view.Background {
				n++
			}
		}
	}
	return n
}

// differing counts the pixels of r that differ between a and b by more
// than 8 levels in some channel. SwiftShader's antialiasing of the many
// translucent edges differs now and then from one drawing of the same
// figure to the next: in 6 loads of TestSharedLink's figure, one drew 278
// pixels of its graph view differently, by up to 11 levels, 8 of them by
// more than 8; the others drew every pixel alike.
func differing(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p, q := color.RGBAModel.Convert(a.At(x, y)).(color.RGBA), color.RGBAModel.Convert(b.At(x, y)).(color.RGBA)
			d := func(u, v uint8) bool { return int(u) > int(v)+8 || int(v) > int(u)+8 }
			if d(p.R, q.R) || d(p.G, q.G) || d(p.B, q.B) {
				n++
			}
		}
	}
	return n
}

// greys counts the pixels of r in black and grey levels (equal channels,
// 0 to 225): the ink of the pictures of image samples.
func greys(img image.Image, r image.Rectangle) int {
	n := 0
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			if c.R == c.G && c.G == c.B && c.R <= 225 {
				n++
			}
		}
	}
	return n
}
