package e2e

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// darkScheme makes the tab's reader prefer a dark colour scheme (true) or
// not.
func (tb *tab) darkScheme(dark bool) {
	tb.t.Helper()
	v := "light"
	if dark {
		v = "dark"
	}
	if _, err := cdp.Call(tb.ctx, chromedp.FromContext(tb.ctx).Target, emulation.SetEmulatedMedia,
		emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}}); err != nil {
		tb.t.Fatal(err)
	}
}

// luma returns the mean luminance (0-255) of img over r.
func luma(img image.Image, r image.Rectangle) float64 {
	var sum, n float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			sum += 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
			n++
		}
	}
	return sum / n
}

// TestDarkRoom opens the page for a reader who prefers a dark scheme: the
// page and its views are dark, the status's text stands at 7:1 or more
// on the controls' ground (WCAG's enhanced contrast) and the views still
// show their classes; the Dark room button switches back to light.
func TestDarkRoom(t *testing.T) {
	tb := newTabSized(t, 1024, 768, 1)
	tb.darkScheme(true)
	tb.navigate(baseURL, small)
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	tb.done()
	tb.wait("nnlrs.converged && !nnlrs.checking", 60*time.Second)
	if !eval[bool](tb, `nnlrs.dark && document.body.classList.contains("dark")`) {
		t.Fatal("a reader who prefers a dark scheme gets the light theme")
	}
	contrast := eval[float64](tb, `(() => {
		const rgb = s => s.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
		const lum = c => { const [r, g, b] = c.map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4) });
			return 0.2126 * r + 0.7152 * g + 0.0722 * b };
		const fg = lum(rgb(getComputedStyle(document.getElementById("status")).color));
		const bg = lum(rgb(getComputedStyle(document.getElementById("panel")).backgroundColor));
		return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05) })()`)
	if contrast < 7 {
		t.Errorf("the status's text stands %.1f:1 on the controls' ground, want 7:1", contrast)
	}
	tb.drawn()
	ps := tb.panels()
	img := tb.screenshot()
	g := ps["graph"].rect()
	corner := image.Rect(g.Min.X, g.Max.Y-12, g.Min.X+12, g.Max.Y-2)
	if l := luma(img, corner); l > 40 {
		t.Errorf("the graph's panel is %.0f of 255 bright in the dark theme", l)
	}
	if k := classesShown(img, g, 20); k < 3 {
		t.Errorf("dark: %d of the 3 classes coloured in the graph", k)
	}
	if dir := os.Getenv("NNLRS_SCREENSHOTS"); dir != "" {
		b, _ := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		os.WriteFile(filepath.Join(dir, "dark-1024x768.png"), b, 0o644)
	}
	tb.click("dark")
	tb.wait(`!nnlrs.dark && document.body.classList.contains("light")`, 10*time.Second)
	tb.drawn()
	tb.drawn()
	if l := luma(tb.screenshot(), corner); l < 200 {
		t.Errorf("the graph's panel is %.0f of 255 bright after switching to light", l)
	}
	if p := eval[string](tb, `document.getElementById("dark").getAttribute("aria-pressed")`); p != "false" {
		t.Errorf("Dark room pressed: %s", p)
	}
	tb.checkConsole()
}
