package view

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"

	"golang.org/x/image/font"
)

// SVG is a Canvas that writes what the views draw as an SVG document, for
// slides: the same drawing code as the page's canvas, its text as text
// (measured in the page's fonts, Faces), its shapes as shapes and its
// images as embedded PNGs drawn without smoothing. The zero value is not
// usable: NewSVG sizes it.
type SVG struct {
	w, h  float32
	ts    float32
	faces map[Size]font.Face
	body  bytes.Buffer
}

// NewSVG returns an SVG canvas w×h CSS pixels at text scale ts.
func NewSVG(w, h, ts float32) *SVG {
	return &SVG{w: w, h: h, ts: ts, faces: Faces(1, ts)}
}

// Bytes returns the SVG document of what was drawn.
func (s *SVG) Bytes() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="Go, 'DejaVu Sans', sans-serif">`+"\n",
		num(s.w), num(s.h), num(s.w), num(s.h))
	b.Write(s.body.Bytes())
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// num formats a coordinate to a hundredth of a pixel.
func num(v float32) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

// paint returns the SVG colour and opacity attributes of c for the
// attribute attr ("fill" or "stroke"); c is premultiplied.
func paint(attr string, c color.RGBA) string {
	if c.A == 0 {
		return attr + `="none"`
	}
	un := func(v uint8) uint8 { return uint8(min(255, int(v)*255/int(c.A))) }
	s := fmt.Sprintf(`%s="#%02x%02x%02x"`, attr, un(c.R), un(c.G), un(c.B))
	if c.A < 255 {
		s += fmt.Sprintf(` %s-opacity="%.3f"`, attr, float64(c.A)/255)
	}
	return s
}

func points(xy []float32) string {
	var b strings.Builder
	for i := 0; i+1 < len(xy); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(xy[i]) + "," + num(xy[i+1]))
	}
	return b.String()
}

func (s *SVG) Fill(r Rect, c color.RGBA) {
	fmt.Fprintf(&s.body, `<rect x="%s" y="%s" width="%s" height="%s" %s/>`+"\n", num(r.X), num(r.Y), num(r.W), num(r.H), paint("fill", c))
}

func (s *SVG) Line(x0, y0, x1, y1, width float32, c color.RGBA) {
	fmt.Fprintf(&s.body, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="%s" %s/>`+"\n", num(x0), num(y0), num(x1), num(y1), num(width), paint("stroke", c))
}

func (s *SVG) Polyline(xy []float32, width float32, c color.RGBA) {
	fmt.Fprintf(&s.body, `<polyline points="%s" fill="none" stroke-width="%s" stroke-linejoin="round" %s/>`+"\n", points(xy), num(width), paint("stroke", c))
}

func (s *SVG) Disc(x, y, r float32, c color.RGBA) {
	fmt.Fprintf(&s.body, `<circle cx="%s" cy="%s" r="%s" %s/>`+"\n", num(x), num(y), num(r), paint("fill", c))
}

func (s *SVG) Polygon(xy []float32, c color.RGBA) {
	fmt.Fprintf(&s.body, `<polygon points="%s" %s/>`+"\n", points(xy), paint("fill", c))
}

func (s *SVG) Ring(x, y, r, width float32, c color.RGBA) {
	fmt.Fprintf(&s.body, `<circle cx="%s" cy="%s" r="%s" fill="none" stroke-width="%s" %s/>`+"\n", num(x), num(y), num(r), num(width), paint("stroke", c))
}

// Text writes s with its top-left corner at (x, y): its baseline one
// ascent lower, as the page's canvas draws it.
func (s *SVG) Text(t string, x, y float32, size Size, c color.RGBA) {
	weight := ""
	if size == Title {
		weight = ` font-weight="bold"`
	}
	var esc bytes.Buffer
	xmlEscape(&esc, t)
	ascent := float32(s.faces[size].Metrics().Ascent.Ceil())
	fmt.Fprintf(&s.body, `<text x="%s" y="%s" font-size="%s"%s %s>%s</text>`+"\n",
		num(x), num(y+ascent+1), num(FontSize(size, s.ts)), weight, paint("fill", c), esc.String())
}

func (s *SVG) TextWidth(t string, size Size) float32 {
	return float32(font.MeasureString(s.faces[size], t).Ceil())
}

func (s *SVG) Image(img *image.RGBA, r Rect) {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return
	}
	fmt.Fprintf(&s.body, `<image x="%s" y="%s" width="%s" height="%s" preserveAspectRatio="none" style="image-rendering:pixelated" href="data:image/png;base64,%s"/>`+"\n",
		num(r.X), num(r.Y), num(r.W), num(r.H), base64.StdEncoding.EncodeToString(b.Bytes()))
}

func (s *SVG) Layer(_ string, _ uint64, _ Rect, draw func(Canvas)) { draw(s) }

func (s *SVG) TextScale() float32 { return s.ts }

// xmlEscape writes t escaped for XML character data.
func xmlEscape(b *bytes.Buffer, t string) {
	for _, r := range t {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			b.WriteRune(r)
		}
	}
}
