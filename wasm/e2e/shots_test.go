package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestClassScreenshots saves, with NNLRS_SCREENSHOTS set, the first screen
// of the pages a class meets, light and dark: the default page at a
// projector's 1024×768 and 1280×720, 1920×1080, a tablet (768×1024) and a
// phone (390×844); Tables I, II and IV, the tour's first step and an exercise
// link at 1024×768 and on the phone (the tour and the tables at 1920×1080
// too); the presentation at 1024×768: class-PAGE-WxH-THEME.png, to look
// at.
func TestClassScreenshots(t *testing.T) {
	dir := os.Getenv("NNLRS_SCREENSHOTS")
	if dir == "" {
		t.Skip("NNLRS_SCREENSHOTS names no folder")
	}
	pages := []struct{ name, hash string }{
		{"default", ""},
		{"paper-ghf", "paper=ghf"},
		{"paper-lgc", "paper=lgc"},
		{"paper-beta", "paper=beta"},
		{"tour1", "tour=1"},
		{"exercise", "data=usps&seed=1&lambda=10&only=lambda&ask=Which%20%CE%BB%20lets%20NNLRS%20beat%20l1%20here%3F%20Why%3F"},
		{"present", ""},
	}
	sizes := [][2]int64{{1024, 768}, {1280, 720}, {1920, 1080}, {768, 1024}, {390, 844}}
	for _, pg := range pages {
		for _, sz := range sizes {
			// Every size for the default page; a projector's, the
			// widest and a phone for the others; the presentation on the
			// projector.
			if pg.name == "present" && sz[0] != 1024 || pg.name != "default" && sz[0] != 1024 && sz[0] != 390 && !((pg.name == "tour1" || strings.HasPrefix(pg.name, "paper")) && sz[0] == 1920) {
				continue
			}
			for _, dark := range []bool{false, true} {
				theme := map[bool]string{false: "light", true: "dark"}[dark]
				t.Run(fmt.Sprintf("%s %dx%d %s", pg.name, sz[0], sz[1], theme), func(t *testing.T) {
					tb := newTabSized(t, sz[0], sz[1], 1)
					tb.darkScheme(dark)
					tb.navigate(baseURL, pg.hash)
					tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
					if strings.HasPrefix(pg.name, "paper") {
						tb.wait("nnlrs.paper", 120*time.Second)
					} else {
						tb.done()
					}
					if pg.name == "present" {
						tb.click("present")
						tb.wait(`document.body.classList.contains("present")`, 10*time.Second)
					}
					tb.fitted()
					tb.drawn()
					b, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
					if err != nil {
						t.Fatal(err)
					}
					os.WriteFile(filepath.Join(dir, fmt.Sprintf("class-%s-%dx%d-%s.png", pg.name, sz[0], sz[1], theme)), b, 0o644)
				})
			}
		}
	}
}
