package e2e

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"nnlrs/ui/params"
)

// TestTeacherLinks opens a teacher's links as a student would: with
// only=lambda exactly λ is usable among the settings and the others are
// out of sight; with hide=beta,theta exactly those two are; the link
// keeps its lists (TestTeacherFlow makes such a link). With NNLRS_SCREENSHOTS set it saves both at 1024×768 and on a
// phone (teacher-*.png), to look at.
func TestTeacherLinks(t *testing.T) {
	for _, c := range []struct {
		hash          string
		shown, usable []string // nil: every control
	}{
		{"data=usps&seed=1&only=lambda", []string{"lambda"}, []string{"lambda"}},
		{"hide=beta,theta", nil, nil},
	} {
		for _, s := range []screen{screens[0], screens[6]} {
			t.Run(c.hash+" "+s.name, func(t *testing.T) {
				w, h := s.css()
				tb := newTabSized(t, w, h, s.zoom)
				tb.navigate(baseURL, c.hash)
				tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
				tb.done()
				for _, st := range params.Controls() {
					shown := eval[bool](tb, fmt.Sprintf(`document.getElementById(%q).getClientRects().length > 0`, st.Key))
					usable := shown && !eval[bool](tb, fmt.Sprintf(`document.getElementById(%q).disabled`, st.Key))
					wantShown := c.shown == nil || slices.Contains(c.shown, st.Key)
					if c.hash == "hide=beta,theta" {
						wantShown = st.Key != "beta" && st.Key != "theta"
					}
					wantUsable := wantShown && (c.usable == nil || slices.Contains(c.usable, st.Key))
					if shown != wantShown || usable != wantUsable {
						t.Errorf("%s: shown %v, usable %v; want %v, %v", st.Key, shown, usable, wantShown, wantUsable)
					}
				}
				// A group of controls with none left shows no empty frame.
				for _, fs := range []string{"data-fields", "graph-fields", "paper-fields"} {
					empty := eval[bool](tb, fmt.Sprintf(`![...document.getElementById(%q).querySelectorAll("input, select")].some(e => e.getClientRects().length > 0)`, fs))
					if shown := eval[bool](tb, fmt.Sprintf(`document.getElementById(%q).getClientRects().length > 0`, fs)); empty && shown {
						t.Errorf("#%s shown with none of its controls", fs)
					}
				}
				if h := eval[string](tb, "location.hash"); !slices.ContainsFunc([]string{"only=lambda", "hide=beta%2Ctheta"}, func(p string) bool { return strings.Contains(h, p) }) {
					t.Errorf("the link %q lost the teacher's lists", h)
				}
				if dir := os.Getenv("NNLRS_SCREENSHOTS"); dir != "" {
					tb.drawn()
					b, _ := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
					os.WriteFile(filepath.Join(dir, fmt.Sprintf("teacher-%s-%dx%d.png", c.hash[:4], s.w, s.h)), b, 0o644)
				}
				tb.checkConsole()
			})
		}
	}
}

// TestTeacherFlow makes an exercise link as a teacher would, at
// 1024×768: the button is on the first screen; the form ticks the control
// the teacher moved (λ); the teacher keeps λ alone, types the question,
// chooses the data set's preset and copies the link; the clipboard holds
// it, and a student's tab opened on it shows the question above the one
// usable control, at the preset's λ, with the teacher's seed.
func TestTeacherFlow(t *testing.T) {
	tb := newTabSized(t, 1024, 768, 1)
	tb.navigate(baseURL, "seed=2")
	tb.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	// The test reads the clipboard back, which a page may do only when
	// allowed.
	for _, name := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := cdp.Call(tb.ctx, chromedp.FromContext(tb.ctx).Browser, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
			Permission: &cdpbrowser.PermissionDescriptor{Name: name}, Setting: cdpbrowser.PermissionSettingGranted,
			Origin: strings.TrimSuffix(baseURL, "/")}); err != nil {
			t.Fatalf("allowing %s: %v", name, err)
		}
	}
	tb.done()
	if b := eval[float64](tb, `document.getElementById("teach").getBoundingClientRect().bottom`); !(b > 0 && b <= 768) {
		t.Errorf("the exercise button ends at y = %.0f, off the first screen of 768", b)
	}
	// The teacher tries λ = 10, then makes the link.
	runs := eval[int](tb, "nnlrs.runs")
	tb.setValue("lambda", fmt.Sprint(slices.Index(params.Lambda.Steps, 10)))
	tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "done" && !nnlrs.waiting`, runs), 180*time.Second)
	tb.click("teach")
	tb.wait(`!document.getElementById("teacher").hidden && document.getElementById("teach-link").value !== ""`, 10*time.Second)
	for _, s := range params.Controls() {
		if ticked := eval[bool](tb, fmt.Sprintf(`document.getElementById("teach-%s").checked`, s.Key)); ticked != (s == params.Lambda) {
			t.Errorf("the box of %s ticked %v; the teacher moved λ alone", s.Key, ticked)
		}
	}
	const ask = "Move λ: when does NNLRS beat kNN?"
	eval[bool](tb, `(() => { const a = document.getElementById("teach-ask"); a.value = `+strconv.Quote(ask)+`; a.dispatchEvent(new Event("input")); return true })()`)
	tb.click("teach-preset")
	tb.wait(`decodeURIComponent(document.getElementById("teach-link").value).includes("ask=`+ask+`")`, 10*time.Second)
	tb.click("teach-copy")
	tb.wait(`document.getElementById("teach-said").textContent.startsWith("Copied")`, 10*time.Second)
	link := eval[string](tb, `document.getElementById("teach-link").value`)
	clip, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("reading the clipboard: %v", err)
	}
	if clip != link {
		t.Errorf("the clipboard holds %q, the link is %q", clip, link)
	}
	if !strings.HasPrefix(link, baseURL+"#") {
		t.Fatalf("the link %q is not of the page", link)
	}
	// A student opens it.
	st := newTabSized(t, 1024, 768, 1)
	st.navigate(link, "")
	st.wait("window.nnlrs && window.nnlrs.frames > 2", 60*time.Second)
	st.done()
	if got := st.text("ask"); got != ask {
		t.Errorf("the student reads %q, the teacher asked %q", got, ask)
	}
	for _, s := range params.Controls() {
		usable := eval[bool](st, fmt.Sprintf(`document.getElementById(%q).getClientRects().length > 0 && !document.getElementById(%q).disabled`, s.Key, s.Key))
		if usable != (s == params.Lambda) {
			t.Errorf("the student's %s usable: %v", s.Key, usable)
		}
	}
	if got, want := st.text("lambda-out"), fmt.Sprint(params.Default().Lambda); got != want {
		t.Errorf("the student starts at λ = %s, the preset's is %s", got, want)
	}
	if got := eval[string](st, `document.getElementById("seed").value`); got != "2" {
		t.Errorf("the student's seed is %s, the teacher's 2", got)
	}
	if dir := os.Getenv("NNLRS_SCREENSHOTS"); dir != "" {
		b, _ := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		os.WriteFile(filepath.Join(dir, "teacher-form-1024x768.png"), b, 0o644)
	}
	tb.checkConsole()
	st.checkConsole()
}

// TestExercises opens each of the page's exercises by its link, as a
// student would, moves the one control it keeps usable to the values its
// answer names, and checks on the page's own numbers that the answer
// holds.
func TestExercises(t *testing.T) {
	set := func(tb *tab, key string, v float64) measures {
		tb.t.Helper()
		i := slices.Index(params.Lookup(key).Steps, v)
		if i < 0 {
			tb.t.Fatalf("%s = %g is not a step of its slider", key, v)
		}
		runs := eval[int](tb, "nnlrs.runs")
		tb.setValue(key, fmt.Sprint(i))
		tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "done" && !nnlrs.waiting`, runs), 180*time.Second)
		return tb.graph("nnlrs")
	}
	link := func(n int) *tab {
		tb := open(t, params.Exercises[n].Link)
		tb.done()
		return tb
	}

	tb := link(0) // β
	if g := tb.graph("nnlrs"); *g.GHF < 0.70 || *g.Within > 0.6 {
		t.Errorf("β = 0: GHF %.3f, within %.3f; the answer says 75%% wrong, 53-57%% within", *g.GHF, *g.Within)
	}
	if g := set(tb, "beta", 0.1); *g.GHF >= 0.015 {
		t.Errorf("β = 0.1: GHF %.3f; the answer says 0-1%%", *g.GHF)
	}
	if g := set(tb, "beta", 1); g.Density != 0 {
		t.Errorf("β = 1: density %v; the answer says no edges", g.Density)
	}

	tb = link(2) // θ
	if g := set(tb, "theta", 0.3); g.Components > 3 || *g.GHF >= 0.015 {
		t.Errorf("θ = 0.3: %d pieces, GHF %.3f", g.Components, *g.GHF)
	}
	if g := set(tb, "theta", 0.5); g.Components < 40 || *g.GHF < 0.9 {
		t.Errorf("θ = 0.5: %d pieces, GHF %.3f; the answer says 56 and 96%%", g.Components, *g.GHF)
	}

	tb = link(1) // λ on USPS
	if !eval[bool](tb, `!!document.querySelector("#data option[value=usps]")`) {
		t.Skip("the site has no USPS digits")
	}
	l1 := *tb.graph("l1").GHF
	if g := tb.graph("nnlrs"); *g.GHF <= l1 {
		t.Errorf("λ = 10: NNLRS %.3f, l1 %.3f; the answer says l1 labels better", *g.GHF, l1)
	}
	if g := set(tb, "lambda", 1.5); *g.GHF >= l1 {
		t.Errorf("λ = 1.5: NNLRS %.3f, l1 %.3f; the answer says NNLRS labels better", *g.GHF, l1)
	}
}

// TestExerciseKeepsAnswers opens the page's λ exercise with a teacher's
// question, as a student would: the page holds none of the exercises'
// answers nor an advice naming a value of λ (its diagnosis stays), shows
// the question on the first screen above the one usable control, says
// what the link fixed, and Start again brings back the link's settings
// after the student moved λ.
func TestExerciseKeepsAnswers(t *testing.T) {
	const ask = "Which λ lets NNLRS beat l1 here? Why?"
	link := "data=usps&seed=1&lambda=10&only=lambda&ask=" + strings.ReplaceAll(url.QueryEscape(ask), "+", "%20")
	tb := newTabSized(t, 1024, 768, 1)
	tb.navigate(baseURL, link)
	tb.wait("window.nnlrs && window.nnlrs.catalog", 60*time.Second) // the site's data sets are known
	if !eval[bool](tb, `nnlrs.catalog.includes("usps")`) {
		t.Skip("the site has no USPS digits")
	}
	tb.done()
	tb.wait(`!nnlrs.checking && document.getElementById("advice").textContent !== ""`, 180*time.Second)
	page := eval[string](tb, "document.documentElement.textContent")
	for _, e := range params.Exercises {
		if strings.Contains(page, e.Answer) || strings.Contains(page, e.Question) {
			t.Errorf("the exercise link holds the exercise %q", e.Title)
		}
	}
	advice := tb.text("advice")
	if !strings.Contains(advice, "diagonal") {
		t.Errorf("the advice %q lost its diagnosis (91%% of the weight on the diagonal)", advice)
	}
	if strings.Contains(page, "λ to") {
		t.Errorf("the page names a value for λ, the answer: advice %q", advice)
	}
	if got := tb.text("ask"); got != ask {
		t.Errorf("the question shown is %q, want %q", got, ask)
	}
	// On the first screen, above the usable control.
	askBottom := eval[float64](tb, `document.getElementById("ask").getBoundingClientRect().bottom`)
	lambdaTop := eval[float64](tb, `document.getElementById("lambda").getBoundingClientRect().top`)
	if !(askBottom <= lambdaTop && lambdaTop < 768-50) {
		t.Errorf("the question ends at y = %.0f, λ's slider starts at y = %.0f: want the question above it, both on the first screen", askBottom, lambdaTop)
	}
	if f := tb.text("fixed"); !strings.Contains(f, "Fixed by the link") || !strings.Contains(f, "β = 0.1") || !strings.Contains(f, "data set: USPS digits") {
		t.Errorf("what the link fixed: %q", f)
	}
	// The student moves λ; Start again restores the link's λ = 10.
	runs := eval[int](tb, "nnlrs.runs")
	tb.setValue("lambda", fmt.Sprint(slices.Index(params.Lambda.Steps, 1.5)))
	tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "done" && !nnlrs.waiting`, runs), 180*time.Second)
	if got := tb.text("lambda-out"); got != "1.5" {
		t.Fatalf("λ shows %q after the student's move", got)
	}
	runs = eval[int](tb, "nnlrs.runs")
	tb.click("start-again")
	tb.wait(fmt.Sprintf(`nnlrs.runs > %d && nnlrs.state === "done"`, runs), 180*time.Second)
	if got := tb.text("lambda-out"); got != "10" {
		t.Errorf("λ shows %q after Start again, the link's is 10", got)
	}
	h, _ := url.PathUnescape(eval[string](tb, "location.hash"))
	if !strings.Contains(h, "lambda=10") || !strings.Contains(h, "ask="+ask) || !strings.Contains(h, "only=lambda") {
		t.Errorf("the link after Start again: %q", h)
	}
	if dir := os.Getenv("NNLRS_SCREENSHOTS"); dir != "" {
		tb.drawn()
		b, _ := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		os.WriteFile(filepath.Join(dir, "exercise-1024x768.png"), b, 0o644)
	}
	tb.checkConsole()
}
