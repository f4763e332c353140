//go:build js && wasm

package main

import (
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"

	"nnlrs/ui/view"
)

// faces holds the fonts of the text sizes, at one scale.
type faces struct {
	scale float32 // device pixels per CSS pixel
	text  float32 // the views' text scale (ui.Page.TextScale)
	face  map[view.Size]font.Face
}

// loadFaces returns the fonts for drawing at scale device pixels per CSS
// pixel, in the sizes view.FontSize gives at text scale ts.
func loadFaces(scale, ts float32) *faces {
	return &faces{scale: scale, text: ts, face: view.Faces(scale, ts)}
}

// canvas implements view.Canvas on an ebiten image. The views draw in CSS
// pixels; the canvas shifts their drawing by (ox, oy) and scales it by
// faces.scale, the device pixels per CSS pixel, so that text and lines are
// sharp on high-density screens.
//
// The anti-aliased shapes (lines, polylines, discs, rings) are gathered
// into one batch and drawn with one DrawTriangles when something else is
// drawn, or by flush at the end. Ebiten gives every anti-aliased call an
// offscreen of twice the resolution, sized to that call's bounds, and
// draws it back down; a graph view makes a thousand such calls (one per
// edge and node), which under software WebGL (SwiftShader) cost about
// 0.3 s of CPU per frame, taken from the solver's workers.
type canvas struct {
	dst    *ebiten.Image
	ox, oy float32
	faces  *faces
	cache  *imageCache
	vs     []ebiten.Vertex // the batch of anti-aliased triangles
	is     []uint16
}

// add appends the triangles vs, is (with indices into vs) to the batch,
// in colour col, flushing first if the batch would outgrow 16-bit
// indices.
func (c *canvas) add(vs []ebiten.Vertex, is []uint16, col color.RGBA) {
	if len(c.vs)+len(vs) > math.MaxUint16 {
		c.flush()
	}
	r, g, b, a := col.RGBA()
	base := uint16(len(c.vs))
	for _, v := range vs {
		v.SrcX, v.SrcY = 1, 1
		v.ColorR = float32(r) / 0xffff
		v.ColorG = float32(g) / 0xffff
		v.ColorB = float32(b) / 0xffff
		v.ColorA = float32(a) / 0xffff
		c.vs = append(c.vs, v)
	}
	for _, i := range is {
		c.is = append(c.is, base+i)
	}
}

// flush draws the batch of anti-aliased shapes, as vector does for one
// shape: premultiplied colours on a white source.
func (c *canvas) flush() {
	if len(c.is) > 0 {
		op := &ebiten.DrawTrianglesOptions{AntiAlias: true, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}
		c.dst.DrawTriangles(c.vs, c.is, whitePixel(), op)
	}
	c.vs, c.is = c.vs[:0], c.is[:0]
}

// stroke adds the stroke of p, width w in device pixels, to the batch.
func (c *canvas) stroke(p *vector.Path, w float32, join vector.LineJoin, col color.RGBA) {
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: w, LineJoin: join})
	c.add(vs, is, col)
}

// at returns the device coordinates of the point (x, y).
func (c *canvas) at(x, y float32) (float32, float32) {
	s := c.faces.scale
	return (x + c.ox) * s, (y + c.oy) * s
}

// imageCache keeps the ebiten images of the views' images and layers.
type imageCache struct {
	frame  int
	images map[*image.RGBA]*cachedImage
	layers map[string]*cachedLayer
}

type cachedImage struct {
	img  *ebiten.Image
	used int
}

type cachedLayer struct {
	version uint64
	rect    view.Rect
	scale   float32
	img     *ebiten.Image
}

func newImageCache() *imageCache {
	return &imageCache{images: map[*image.RGBA]*cachedImage{}, layers: map[string]*cachedLayer{}}
}

// release frees every image of the cache.
func (c *imageCache) release() {
	for k, e := range c.images {
		e.img.Deallocate()
		delete(c.images, k)
	}
	for k, l := range c.layers {
		l.img.Deallocate()
		delete(c.layers, k)
	}
}

// endFrame drops the images not drawn for a while.
func (c *imageCache) endFrame() {
	c.frame++
	for k, e := range c.images {
		if c.frame-e.used > 120 {
			e.img.Deallocate()
			delete(c.images, k)
		}
	}
}

func (c *canvas) Fill(r view.Rect, col color.RGBA) {
	c.flush()
	x, y := c.at(r.X, r.Y)
	s := c.faces.scale
	vector.DrawFilledRect(c.dst, x, y, r.W*s, r.H*s, col, false)
}

func (c *canvas) Line(x0, y0, x1, y1, width float32, col color.RGBA) {
	var p vector.Path
	p.MoveTo(c.at(x0, y0))
	p.LineTo(c.at(x1, y1))
	c.stroke(&p, width*c.faces.scale, vector.LineJoinMiter, col)
}

func (c *canvas) Polyline(xy []float32, width float32, col color.RGBA) {
	if len(xy) < 4 {
		return
	}
	var p vector.Path
	p.MoveTo(c.at(xy[0], xy[1]))
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(c.at(xy[i], xy[i+1]))
	}
	c.stroke(&p, width*c.faces.scale, vector.LineJoinRound, col)
}

// whitePixel returns a 1×1 white image, the source of solid triangles.
var whitePixel = sync.OnceValue(func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
})

func (c *canvas) Disc(x, y, r float32, col color.RGBA) {
	var p vector.Path
	cx, cy := c.at(x, y)
	p.Arc(cx, cy, r*c.faces.scale, 0, 2*math.Pi, vector.Clockwise)
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	c.add(vs, is, col)
}

func (c *canvas) Polygon(xy []float32, col color.RGBA) {
	if len(xy) < 6 {
		return
	}
	var p vector.Path
	p.MoveTo(c.at(xy[0], xy[1]))
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(c.at(xy[i], xy[i+1]))
	}
	p.Close()
	vs, is := p.AppendVerticesAndIndicesForFilling(nil, nil)
	c.add(vs, is, col)
}

func (c *canvas) Ring(x, y, r, width float32, col color.RGBA) {
	var p vector.Path
	cx, cy := c.at(x, y)
	s := c.faces.scale
	p.Arc(cx, cy, r*s, 0, 2*math.Pi, vector.Clockwise)
	c.stroke(&p, width*s, vector.LineJoinMiter, col)
}

func (c *canvas) Text(s string, x, y float32, size view.Size, col color.RGBA) {
	c.flush()
	face := c.faces.face[size]
	tx, ty := c.at(x, y)
	ascent := face.Metrics().Ascent.Ceil()
	text.Draw(c.dst, s, face, int(math.Round(float64(tx))), int(math.Round(float64(ty)))+ascent+1, col)
}

// TextScale is the scale of the faces' text sizes.
func (c *canvas) TextScale() float32 { return c.faces.text }

func (c *canvas) TextWidth(s string, size view.Size) float32 {
	return float32(font.MeasureString(c.faces.face[size], s).Ceil()) / c.faces.scale
}

func (c *canvas) Image(img *image.RGBA, r view.Rect) {
	c.flush()
	e := c.cache.images[img]
	if e == nil {
		e = &cachedImage{img: ebiten.NewImageFromImage(img)}
		c.cache.images[img] = e
	}
	e.used = c.cache.frame
	b := img.Bounds()
	s := c.faces.scale
	x, y := c.at(r.X, r.Y)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Scale(float64(r.W*s)/float64(b.Dx()), float64(r.H*s)/float64(b.Dy()))
	op.GeoM.Translate(float64(x), float64(y))
	c.dst.DrawImage(e.img, op)
}

func (c *canvas) Layer(key string, version uint64, r view.Rect, draw func(view.Canvas)) {
	c.flush()
	s := c.faces.scale
	w, h := int(math.Ceil(float64(r.W*s))), int(math.Ceil(float64(r.H*s)))
	if w <= 0 || h <= 0 {
		return
	}
	l := c.cache.layers[key]
	if l == nil || l.version != version || l.rect != r || l.scale != s {
		if l != nil && l.img.Bounds().Dx() == w && l.img.Bounds().Dy() == h {
			l.img.Clear()
		} else {
			if l != nil {
				l.img.Deallocate()
			}
			l = &cachedLayer{img: ebiten.NewImage(w, h)}
			c.cache.layers[key] = l
		}
		l.version, l.rect, l.scale = version, r, s
		lc := &canvas{dst: l.img, ox: -r.X, oy: -r.Y, faces: c.faces, cache: c.cache}
		draw(lc)
		lc.flush()
	}
	x, y := c.at(r.X, r.Y)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(x), float64(y))
	c.dst.DrawImage(l.img, op)
}
