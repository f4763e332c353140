package view

import (
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// Faces returns the page's fonts for the text sizes at scale device pixels
// per CSS pixel and text scale ts: the Go font, bold for titles, in the
// sizes FontSize gives. A canvas that draws with them measures text as
// the page does.
func Faces(scale, ts float32) map[Size]font.Face {
	regular, bold := parseFont(goregular.TTF), parseFont(gobold.TTF)
	faces := map[Size]font.Face{}
	for size, ft := range map[Size]*opentype.Font{Small: regular, Normal: regular, Title: bold} {
		face, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: float64(FontSize(size, ts) * scale), DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			panic(err) // a positive size always makes a face
		}
		faces[size] = face
	}
	return faces
}

// parseFont parses one of the embedded Go fonts.
func parseFont(ttf []byte) *opentype.Font {
	ft, err := opentype.Parse(ttf)
	if err != nil {
		panic(err) // the embedded Go fonts always parse
	}
	return ft
}
