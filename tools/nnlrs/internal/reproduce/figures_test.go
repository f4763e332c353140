package reproduce

import (
	"image"
	"image/color"
	"strconv"
	"strings"
	"testing"

	"nnlrs/tools/nnlrs/internal/cli"
)

// The weight figures' axes count samples: whole numbers, with sample 0 at
// the top of the vertical axis (the bottom tick, at 0, reads n).
func TestWeightTicks(t *testing.T) {
	for _, n := range []int{120, 750, 800} {
		for _, tk := range (intTicks{}).Ticks(0, float64(n)) {
			if strings.Contains(tk.Label, ".") {
				t.Errorf("n=%d: x tick at %v labeled %q", n, tk.Value, tk.Label)
			}
		}
		for _, tk := range (reversedTicks{n: n}).Ticks(0, float64(n)) {
			if tk.Label != "" && tk.Value == 0 && tk.Label != strconv.Itoa(n) {
				t.Errorf("n=%d: the bottom y tick is labeled %q, want %d", n, tk.Label, n)
			}
		}
	}
}

// GrayImage keeps gray images exactly and refuses colour.
func TestGrayImage(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	img.Set(1, 1, color.Gray{Y: 77})
	g, ok := cli.GrayImage(img)
	if !ok {
		t.Fatal("an opaque gray image is not recognized")
	}
	if got := g.GrayAt(1, 1).Y; got != 77 || g.GrayAt(0, 0).Y != 255 {
		t.Errorf("pixels %d and %d, want 77 and 255", got, g.GrayAt(0, 0).Y)
	}
	img.Set(2, 0, color.RGBA{R: 200, G: 10, B: 10, A: 255})
	if _, ok := cli.GrayImage(img); ok {
		t.Error("a coloured image taken for gray")
	}
}
