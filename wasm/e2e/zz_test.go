package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestZZShots(t *testing.T) {
	dir := "/tmp/shots/v3"
	os.MkdirAll(dir, 0o755)
	for _, c := range []struct {
		hash string
		s    screen
		wait string
	}{
		{"paper=ghf", screens[1], "paper"},
		{"paper=ghf", screens[6], "paper"},
		{"paper=joint", screens[0], "paper"},
		{"paper=ghf&live=1", screens[1], "live"},
		{"", screens[6], "done"},
	} {
		var tb *tab
		if c.wait == "done" {
			tb = openScreen(t, c.s, c.hash)
		} else {
			w, h := c.s.css()
			tb = newTabSized(t, w, h, c.s.zoom)
			tb.navigate(baseURL, c.hash)
			tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
		}
		switch c.wait {
		case "done":
			tb.done()
			tb.wait("nnlrs.converged && !nnlrs.checking", 60*time.Second)
		case "paper":
			tb.wait(`nnlrs.paper && nnlrs.paper.cells > 0`, 120*time.Second)
		case "live":
			tb.wait(`nnlrs.paper && nnlrs.paper.live && nnlrs.paper.cells > 0`, 400*time.Second)
		}
		tb.fitted()
		tb.drawn()
		name := strings.NewReplacer("=", "-", "&", "_").Replace(c.hash)
		if name == "" {
			name = "default"
		}
		b, _ := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		os.WriteFile(fmt.Sprintf("%s/%s-%dx%d.png", dir, name, c.s.w, c.s.h), b, 0o644)
		full, _ := chromedp.Run(tb.ctx, chromedp.FullScreenshot(90))
		os.WriteFile(fmt.Sprintf("%s/%s-%dx%d-full.jpg", dir, name, c.s.w, c.s.h), full, 0o644)
	}
}
