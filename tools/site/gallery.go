package main

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/paper"
	"nnlrs/ui/view"
)

// galleryPer is how many samples of each class a gallery shows, and
// galleryClasses at most how many classes: the paper's Fig. 1 shows a few
// samples of each data set.
const galleryPer, galleryClasses = 2, 10

// writeGallery writes paper/NAME-samples.png: the first galleryPer samples
// of each of the first galleryClasses classes of the site's subset set of
// the data set b, one pixel per pixel with a gap of 1, a class to a column
// and its samples one under the other; and returns what it shows.
func writeGallery(dir string, b demo.Builtin, set *dataset.Set) (paper.Gallery, error) {
	var picked []int
	d, n := set.X.Dims()
	w, h := set.ImageW, set.ImageH
	per := map[int]int{}
	var classes []int
	for j := 0; j < n; j++ {
		l := set.Labels[j]
		if per[l] == 0 {
			if len(classes) == galleryClasses {
				continue
			}
			classes = append(classes, l)
		}
		if per[l] < galleryPer {
			per[l]++
			picked = append(picked, j)
		}
	}
	cols := len(classes)
	img := image.NewRGBA(image.Rect(0, 0, cols*(w+1)-1, galleryPer*(h+1)-1))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	row := map[int]int{}
	col := map[int]int{}
	for k, l := range classes {
		col[l] = k
	}
	x := make([]float64, d)
	for _, j := range picked {
		l := set.Labels[j]
		for i := range x {
			x[i] = set.X.At(i, j)
		}
		p := view.SamplePicture(x, w, h, b.Photo)
		at := image.Pt(col[l]*(w+1), row[l]*(h+1))
		draw.Draw(img, p.Bounds().Add(at), p, image.Point{}, draw.Src)
		row[l]++
	}
	f, err := os.Create(filepath.Join(dir, b.Name+"-samples.png"))
	if err != nil {
		return paper.Gallery{}, err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return paper.Gallery{}, err
	}
	return paper.Gallery{Dataset: b.Name, Title: b.Title, Images: len(picked), Cols: cols, Classes: cols, PerClass: galleryPer}, f.Close()
}
