package view

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/image/font"

	"nnlrs/core/experiment"
	"nnlrs/core/paper"

	"nnlrs/ui"
	"nnlrs/ui/params"
)

// TestArrangeSizes arranges the views on canvases from a phone's width to
// a wide screen's, at both text scales, in the height Height asks: every
// view is at least MinW×MinH (scaled; on a canvas narrower than that, as
// wide as the canvas), inside the canvas, and apart from the others.
func TestArrangeSizes(t *testing.T) {
	for _, ts := range []float32{1, ui.PresentationScale} {
		for _, viewH := range []float32{400, 480, 576, 720, 900, 1080, 1600} {
			for w := float32(300); w <= 2000; w += 10 {
				h := Height(w, viewH, "", ts)
				if h < viewH {
					t.Fatalf("Height(%v, %v) = %v, below the viewport", w, viewH, h)
				}
				checkPanels(t, fmt.Sprintf("%v×%v at %v", w, h, ts), Arrange(w, h, "", ts), w, h, ts, true)
				// A canvas lower than Height asks (before the page
				// grows) still gets views apart and inside it.
				checkPanels(t, fmt.Sprintf("%v×%v at %v", w, viewH/2, ts), Arrange(w, viewH/2, "", ts), w, viewH/2, ts, false)
			}
		}
	}
	if h := Height(800, 600, "weights", 1); h != 600 {
		t.Errorf("embedded: height %v, want the viewport's 600", h)
	}
}

func checkPanels(t *testing.T, what string, ps []Panel, w, h, ts float32, big bool) {
	t.Helper()
	if len(ps) != 6 {
		t.Fatalf("%s: %d panels", what, len(ps))
	}
	minW := min(MinW*ts, w-2*Gap)
	for i, p := range ps {
		r := p.Rect
		const eps = 0.01
		if r.X < Gap-eps || r.Y < Gap-eps || r.X+r.W > w-Gap+eps || r.Y+r.H > h-Gap+eps {
			t.Errorf("%s: %s at %+v, outside the canvas", what, p.Name, r)
		}
		if big && (r.W < minW-eps || r.H < MinH*ts-eps) {
			t.Errorf("%s: %s is %v×%v, below %v×%v", what, p.Name, r.W, r.H, minW, MinH*ts)
		}
		for _, q := range ps[i+1:] {
			if overlap(r, q.Rect) {
				t.Errorf("%s: %s and %s overlap", what, p.Name, q.Name)
			}
		}
	}
}

// measurer is a canvas that keeps where the text goes, with text as wide
// as em times its font size per character: 0.62 is wider than the Go
// font's average character (about 0.55 em), so that text that fits here
// fits on the page. With faces (newFontMeasurer) it measures text in the
// page's own fonts instead, as a screen of one device pixel per CSS pixel
// draws them: for a view whose text must fit exactly as on the page.
type measurer struct {
	recorder
	boxes []textBox
	faces map[Size]font.Face
}

type textBox struct {
	s string
	r Rect
}

const em = 0.62

func newFontMeasurer() *measurer { return &measurer{faces: Faces(1, 1)} }

func (mc *measurer) TextWidth(s string, size Size) float32 {
	if mc.faces != nil {
		return float32(font.MeasureString(mc.faces[size], s).Ceil())
	}
	return float32(len([]rune(s))) * em * FontSize(size, mc.TextScale())
}

func (mc *measurer) Text(s string, x, y float32, size Size, _ color.RGBA) {
	mc.boxes = append(mc.boxes, textBox{s, Rect{x, y, mc.TextWidth(s, size), FontSize(size, mc.TextScale())}})
}

func (mc *measurer) Layer(_ string, _ uint64, _ Rect, draw func(Canvas)) { draw(mc) }

// TestTextFits draws every view of a finished run at the canvas widths of
// a phone, a tablet, a projector and a wide screen, at both text scales,
// and checks that no text leaves its view or overlaps other text.
func TestTextFits(t *testing.T) {
	m := fixture(t)
	// The longest titles: the propagation settled, many steps on.
	for !m.Prop.Converged {
		m.Prop.Advance()
	}
	m.Prop.Step += 1000
	for _, data := range []string{"synthetic", "yaleb"} { // Yale B: the paper's numbers drawn too
		m.Run.Params.Dataset = data
		textFits(t, m)
	}
}

func textFits(t *testing.T, m *ui.Model) {
	t.Helper()
	for _, ts := range []float32{1, ui.PresentationScale} {
		for _, w := range []float32{370, 520, 664, 760, 947, 1080, 1280, 1560} {
			h := Height(w, 700, "", ts)
			for _, p := range Arrange(w, h, "", ts) {
				mc := &measurer{recorder: recorder{scale: ts}}
				New().Draw(mc, m, []Panel{p}, w, h, true)
				what := fmt.Sprintf("%s, %v wide at %v: %s %v×%v", m.Run.Params.Dataset, w, ts, p.Name, p.Rect.W, p.Rect.H)
				if len(mc.boxes) < 2 {
					t.Errorf("%s: %d texts", what, len(mc.boxes))
				}
				checkText(t, what, mc.boxes, p.Rect, "")
			}
		}
	}
}

// checkText fails t for a text of boxes cut off ("..."), leaving the view
// in, or overlapping another text; texts equal to mark (a mark on a
// chart, "" for none) may overlap.
func checkText(t *testing.T, what string, boxes []textBox, in Rect, mark string) {
	t.Helper()
	for i, b := range boxes {
		if strings.HasSuffix(b.s, "...") {
			t.Errorf("%s: %q is cut off", what, b.s)
		}
		r := b.r
		if r.X < in.X || r.Y < in.Y || r.X+r.W > in.X+in.W || r.Y+r.H > in.Y+in.H {
			t.Errorf("%s: %q at %+v leaves the view", what, b.s, r)
		}
		for _, o := range boxes[i+1:] {
			if overlap(r, o.r) && (mark == "" || b.s != mark && o.s != mark) {
				t.Errorf("%s: %q at %+v overlaps %q at %+v", what, b.s, r, o.s, o.r)
			}
		}
	}
}

// TestOutcomeColumns checks that the outcome table's columns hold their
// widest text, and drop from the right in a narrow view.
func TestOutcomeColumns(t *testing.T) {
	for _, ts := range []float32{1, ui.PresentationScale} {
		mc := &measurer{recorder: recorder{scale: ts}}
		for w := float32(100); w <= 800; w += 20 {
			cols := outcomeColumns(mc, w)
			sum := float32(0)
			for _, c := range cols {
				sum += c.w
			}
			// 1e-3: float32 rounding of the summed widths.
			if sum > w+1e-3 && len(cols) > 1 {
				t.Errorf("%v wide at %v: columns %v are %v wide", w, ts, cols, sum)
			}
			if len(cols) >= 2 && cols[1].w < mc.TextWidth("100.0%", Normal)+outcomePad {
				t.Errorf("%v wide at %v: GHF column %v narrower than its numbers", w, ts, cols[1].w)
			}
		}
		// The least view keeps the error rates; a wider one shows all.
		if n := len(outcomeColumns(mc, MinW*ts-20)); n < 3 {
			t.Errorf("%v wide at %v: %d columns, want at least 3", MinW*ts-20, ts, n)
		}
		if n := len(outcomeColumns(mc, 400*ts)); n != 5 {
			t.Errorf("%v wide at %v: %d columns, want all 5", 400*ts, ts, n)
		}
	}
}

// TestFontSizes checks the text sizes: at least 14 CSS pixels, readable
// from the back of a classroom, and larger by ui.PresentationScale in the
// presentation size, with lines that do not touch.
func TestFontSizes(t *testing.T) {
	for _, s := range []Size{Small, Normal, Title} {
		px, lh := FontSize(s, 1), LineHeight(s, 1)
		big, bigH := FontSize(s, ui.PresentationScale), LineHeight(s, ui.PresentationScale)
		if px < 14 || lh <= px || big < ui.PresentationScale*px-0.01 || bigH <= big {
			t.Errorf("size %d: %v px on lines of %v; presented %v px on lines of %v", s, px, lh, big, bigH)
		}
	}
}

// TestOutcomeWholeSentences: however short the Outcome's view, the words
// under its table end with a whole sentence (a paragraph goes whole).
func TestOutcomeWholeSentences(t *testing.T) {
	m := fixture(t)
	for h := float32(200); h <= 700; h += 20 {
		for _, w := range []float32{300, 420, 640} {
			mc := &measurer{}
			drawOutcome(mc, Rect{X: 0, Y: 0, W: w, H: h}, m)
			if len(mc.boxes) == 0 {
				t.Fatalf("%v×%v: nothing drawn", w, h)
			}
			last := mc.boxes[len(mc.boxes)-1].s
			if strings.Contains(last, " ") && !strings.HasSuffix(last, ".") && !strings.HasSuffix(last, ")") {
				t.Errorf("%v×%v: the Outcome ends with %q, a sentence cut short", w, h, last)
			}
		}
	}
}

// TestWeightsFiguresLegible: on a 1024×768 projector (the views 714 wide
// beside the controls) the canvas of #paper=weights is tall enough for
// each data set's weights figure (as nnlrs reproduce draws it: 768×835
// pixels, its tick labels 16 pt, 21 pixels) to be drawn at a scale that
// keeps those labels at least 12 CSS pixels high.
func TestWeightsFiguresLegible(t *testing.T) {
	m := fixture(t)
	m.Params.Paper = "weights"
	m.Figures = map[string]*image.RGBA{}
	for _, ds := range params.PaperData {
		m.Figures[ds+"-weights"] = image.NewRGBA(image.Rect(0, 0, 768, 835))
	}
	for _, w := range []float32{714, 1000, 1600} {
		h := max(Height(w, 700, "paper", 1), FigureHeight("weights", w, 1))
		ps := Arrange(w, h, "paper", 1)
		if len(ps) != 1 {
			t.Fatalf("%d panels", len(ps))
		}
		rc := &recorder{}
		New().Draw(rc, m, ps, w, h, true)
		if len(rc.rects) != len(params.PaperData) {
			t.Fatalf("%v wide: %d figures drawn", w, len(rc.rects))
		}
		for i, r := range rc.rects {
			if px := 16 * 96 / 72 * r.W / 768; px < 12 {
				t.Errorf("%v wide: figure %d drawn %v wide: its tick labels %.1f px high", w, i, r.W, px)
			}
			if r.Y+r.H > ps[0].Rect.Y+ps[0].Rect.H {
				t.Errorf("%v wide: figure %d leaves its view", w, i)
			}
		}
	}
}

// TestPaperTextFits draws the paper's tables as the site carries them
// (experiment.Compare over the committed runs in docs/results) at the
// widths and text scales of TestTextFits: no text cut off, leaving its
// block or overlapping other text; and the YaleB blocks of Tables I and
// II, whose NNLRS graphs leave samples no label reaches, say so in a foot
// with NNLRS's error without them.
func TestPaperTextFits(t *testing.T) {
	var runs []*experiment.Results
	for _, name := range []string{"usps", "yaleb", "pie"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "docs", "results", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		r := new(experiment.Results)
		if err := json.Unmarshal(b, r); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	m := fixture(t)
	m.Evidence = &paper.Evidence{}
	for _, name := range []string{experiment.CompareGHF, experiment.CompareLGC, experiment.CompareJoint} {
		c, err := experiment.Compare(name, runs...)
		if err != nil {
			t.Fatal(err)
		}
		m.Evidence.Comparisons = append(m.Evidence.Comparisons, c)
	}
	for _, name := range []string{experiment.CompareGHF, experiment.CompareLGC} {
		m.Params.Paper = name
		for _, ts := range []float32{1, ui.PresentationScale} {
			for _, w := range []float32{370, 664, 947, 1280, 1560} {
				h := Height(w, 700, "paper", ts)
				for _, p := range Arrange(w, h, "paper", ts) {
					mc := &measurer{recorder: recorder{scale: ts}}
					New().Draw(mc, m, []Panel{p}, w, h, true)
					what := fmt.Sprintf("%s, %v wide at %v", name, w, ts)
					// The chart's † marks its points, which may lie close.
					checkText(t, what, mc.boxes, p.Rect, "†")
					var words []string
					for _, b := range mc.boxes {
						words = append(words, b.s)
					}
					if !strings.Contains(strings.Join(words, " "), "an unlabeled sample that no label reaches counts as an error (NNLRS leaves") {
						t.Errorf("%s: no foot on the samples no label reaches", what)
					}
				}
			}
		}
	}
}

// TestFitScale: the presentation's text scale keeps two columns where
// they fit at scale 1 (a 1024-pixel projector beside the controls), and
// is the presentation's own where the canvas is wide.
func TestFitScale(t *testing.T) {
	for _, w := range []float32{684, 724, 1024, 1580} {
		ts := FitScale(w, 1.4)
		if ts < 1 || ts > 1.4 {
			t.Errorf("w %v: scale %v out of [1, 1.4]", w, ts)
		}
		if rs := rows(w, ts); len(rs[0].views) < 2 {
			t.Errorf("w %v: scale %v gives one column", w, ts)
		}
		if ts < 1.4 && len(rows(w, ts*1.01)[0].views) >= 2 && len(layout(1)) == len(rows(w, ts*1.01)) {
			t.Errorf("w %v: scale %v, but %v keeps two columns too", w, ts, ts*1.01)
		}
	}
	if ts := FitScale(1580, 1.4); ts != 1.4 {
		t.Errorf("a wide canvas: scale %v, want the presentation's 1.4", ts)
	}
	if ts := FitScale(500, 1.4); ts != 1 {
		t.Errorf("a canvas too narrow for two columns: scale %v, want 1", ts)
	}
	if ts := FitScale(684, 1); ts != 1 {
		t.Errorf("outside the presentation: scale %v", ts)
	}
}

// TestPaperTicksApart draws Table IV's β sweep (the committed PIE sweep,
// nine values of β from 0 to 100) and Tables I and II (both readings of
// LGC's α) at every canvas
// width from a phone's to a wide screen's, at both text scales, in the
// page's own fonts and in the wider measurer's: no two texts overlap
// (the tick labels under the axis among them), none leaves its block, and
// the table heads its rows with what they are.
func TestPaperTicksApart(t *testing.T) {
	read := func(path ...string) *experiment.Results {
		b, err := os.ReadFile(filepath.Join(append([]string{"..", "..", "docs", "results"}, path...)...))
		if err != nil {
			t.Fatal(err)
		}
		r := new(experiment.Results)
		if err := json.Unmarshal(b, r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	m := fixture(t)
	m.Evidence = &paper.Evidence{}
	beta, err := experiment.Compare(experiment.CompareBeta, read("pie-beta-sweep", "pie.json"))
	if err != nil {
		t.Fatal(err)
	}
	m.Evidence.Comparisons = append(m.Evidence.Comparisons, beta)
	for _, name := range []string{experiment.CompareGHF, experiment.CompareLGC, experiment.CompareLGCMu} {
		c, err := experiment.Compare(name, read("usps.json"), read("yaleb.json"), read("pie.json"))
		if err != nil {
			t.Fatal(err)
		}
		m.Evidence.Comparisons = append(m.Evidence.Comparisons, c)
	}
	tables := map[string]int{}
	for _, name := range []string{experiment.CompareBeta, experiment.CompareGHF, experiment.CompareLGC, experiment.CompareLGCMu} {
		m.Params.Paper = name
		for _, ts := range []float32{1, ui.PresentationScale} {
			for w := float32(370); w <= 1920; w += 10 {
				h := Height(w, 700, "paper", ts)
				for _, fonts := range []bool{false, true} {
					for _, p := range Arrange(w, h, "paper", ts) {
						mc := &measurer{recorder: recorder{scale: ts}}
						if fonts {
							mc.faces = Faces(1, ts)
						}
						New().Draw(mc, m, []Panel{p}, w, h, true)
						what := fmt.Sprintf("%s, %v wide at %v (fonts %v)", name, w, ts, fonts)
						checkText(t, what, mc.boxes, p.Rect, "†")
						// The table, where drawn (a row's name shows it: kNN1
						// is in Tables I and II's only, 10% in IV's), says
						// what its rows are.
						corner, row := "graph", "kNN1"
						if name == experiment.CompareBeta {
							corner, row = "labeled", "10%"
						}
						has := func(s string) bool { return slices.ContainsFunc(mc.boxes, func(b textBox) bool { return b.s == s }) }
						if has(row) {
							tables[name]++
						}
						if has(row) && !has(corner) {
							t.Errorf("%s: the table's rows not headed %q", what, corner)
						}
					}
				}
			}
		}
	}
	for _, name := range []string{experiment.CompareBeta, experiment.CompareGHF, experiment.CompareLGC, experiment.CompareLGCMu} {
		if tables[name] == 0 {
			t.Errorf("%s: no table drawn at any width", name)
		}
	}
}

// TestTickLayout places the β sweep's tick labels over plots from 60 to
// 2000 pixels wide: the labels drawn on one line keep tickGap apart and
// stay within the plot, the first is always drawn, and all are wherever
// two lines give each label twice its column's width.
func TestTickLayout(t *testing.T) {
	labels := []string{"0", "0.001", "0.01", "0.2", "0.8", "1", "5", "10", "100"}
	n := len(labels)
	for _, ts := range []float32{1, ui.PresentationScale} {
		mc := &measurer{recorder: recorder{scale: ts}, faces: Faces(1, ts)}
		wmax := float32(0)
		for _, s := range labels {
			wmax = max(wmax, mc.TextWidth(s, Small))
		}
		for w := float32(60); w <= 2000; w += 5 {
			const left = 40
			xOf := func(k int) float32 { return left + w*(float32(k)+0.5)/float32(n) }
			tl := tickLayout(mc, labels, xOf, left, left+w)
			what := fmt.Sprintf("%v wide at %v", w, ts)
			if tl.row[0] != 0 {
				t.Errorf("%s: the first label not drawn", what)
			}
			drawn := 0
			last := make([]float32, tl.rows)
			for k := range last {
				last[k] = -1e9
			}
			for k, s := range labels {
				row := tl.row[k]
				if row < 0 {
					continue
				}
				drawn++
				lw := mc.TextWidth(s, Small)
				if tl.x[k] < left || tl.x[k]+lw > left+w {
					t.Errorf("%s: %q at %v..%v leaves the plot", what, s, tl.x[k], tl.x[k]+lw)
				}
				if tl.x[k] < last[row]+tickGap {
					t.Errorf("%s: %q at %v within %v of its neighbour ending at %v", what, s, tl.x[k], tickGap, last[row])
				}
				last[row] = tl.x[k] + lw
			}
			if 2*w/float32(n) >= wmax+tickGap && drawn != n {
				t.Errorf("%s: %d of %d labels drawn in columns %v wide", what, drawn, n, w/float32(n))
			}
		}
	}
}

// TestWeightsFill draws the weights view embedded alone, in the frames of
// a projector, a wide screen, a tablet and a phone (each less a tour's
// strip, or whole), and in the page's own layouts. Embedded alone, what
// is drawn spans 90% of the view's drawing area each way and the weight
// matrices take at least 40% of it (drawn square in one row they spanned
// 55% of a 1024×768 projector's height, and took 22% of a tablet's area), with the
// key to their marks at the page's text size. Everywhere the matrices
// keep within maxStretch of square, none over another or over a text,
// and no text overlaps or leaves the view.
func TestWeightsFill(t *testing.T) {
	m := fixture(t)
	for _, ts := range []float32{1, ui.PresentationScale} {
		for _, fr := range [][2]float32{{1024, 640}, {1024, 768}, {1280, 600}, {1920, 980}, {820, 1055}, {768, 1024}, {390, 700}, {390, 844}} {
			w, h := fr[0], fr[1]
			ps := Arrange(w, Height(w, h, "weights", ts), "weights", ts)
			checkWeightsFill(t, m, fmt.Sprintf("embedded %v×%v at %v", w, h, ts), ps[0], ts, 0.4)
		}
		for _, w := range []float32{370, 760, 1024, 1280, 1920} {
			h := Height(w, 700, "", ts)
			for _, p := range Arrange(w, h, "", ts) {
				if p.Name == "weights" {
					checkWeightsFill(t, m, fmt.Sprintf("the page %v wide at %v", w, ts), p, ts, 0)
				}
			}
		}
	}
}

func checkWeightsFill(t *testing.T, m *ui.Model, what string, p Panel, ts float32, least float32) {
	t.Helper()
	mc := &measurer{recorder: recorder{scale: ts}}
	New().Draw(mc, m, []Panel{p}, p.Rect.X+p.Rect.W+Gap, p.Rect.Y+p.Rect.H+Gap, true)
	b := body(p.Rect, ts)
	if len(mc.rects) != len(WeightGraphs) {
		t.Fatalf("%s: %d matrices", what, len(mc.rects))
	}
	covered := float32(0)
	for i, r := range mc.rects {
		covered += r.W * r.H
		if r.W > maxStretch*r.H+0.01 || r.H > maxStretch*r.W+0.01 {
			t.Errorf("%s: matrix %d drawn %v×%v, further than %v from square", what, i, r.W, r.H, maxStretch)
		}
		for _, o := range mc.rects[i+1:] {
			if overlap(r, o) {
				t.Errorf("%s: matrices %+v and %+v overlap", what, r, o)
			}
		}
		for _, tb := range mc.boxes {
			if overlap(r, tb.r) {
				t.Errorf("%s: %q over matrix %d", what, tb.s, i)
			}
		}
	}
	if share := covered / (b.W * b.H); share < least {
		t.Errorf("%s: the matrices take %.0f%% of the view's %v×%v, want %.0f%%", what, 100*share, b.W, b.H, 100*least)
	}
	// No blank band: what is drawn spans the view's drawing area.
	x0, y0, x1, y1 := b.X+b.W, b.Y+b.H, b.X, b.Y
	for _, r := range mc.rects {
		x0, y0, x1, y1 = min(x0, r.X), min(y0, r.Y), max(x1, r.X+r.W), max(y1, r.Y+r.H)
	}
	for _, tb := range mc.boxes {
		x0, y0, x1, y1 = min(x0, tb.r.X), min(y0, tb.r.Y), max(x1, tb.r.X+tb.r.W), max(y1, tb.r.Y+tb.r.H)
	}
	if least > 0 && ((x1-x0) < 0.9*b.W || (y1-y0) < 0.9*b.H) {
		t.Errorf("%s: the drawing spans %v×%v of the view's %v×%v", what, x1-x0, y1-y0, b.W, b.H)
	}
	var words []string
	for _, tb := range mc.boxes {
		words = append(words, tb.s)
	}
	if least > 0 && ts == 1 && !strings.Contains(strings.Join(words, " "), "Row i, column j") {
		t.Errorf("%s: no key to the matrices", what)
	}
	checkText(t, what, mc.boxes, p.Rect, "")
}
