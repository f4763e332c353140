package view

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// recorder is a Canvas that records what the views draw.
type recorder struct {
	scale  float32 // the text scale, 0 for 1
	fills  []recFill
	lines  []recLine
	discs  []recDisc
	rings  []recDisc
	texts  []string
	images []*image.RGBA
	rects  []Rect // where each image was drawn
	layers int
}

type recFill struct {
	r Rect
	c color.RGBA
}

type recLine struct {
	x0, y0, x1, y1, w float32
	c                 color.RGBA
}

type recDisc struct {
	x, y, r float32
	c       color.RGBA
}

func (rc *recorder) TextScale() float32 {
	if rc.scale == 0 {
		return 1
	}
	return rc.scale
}

func (rc *recorder) Polygon(xy []float32, c color.RGBA) {
	// Recorded as a disc at its centroid, of the polygon's extent.
	var cx, cy float32
	k := float32(len(xy) / 2)
	for i := 0; i+1 < len(xy); i += 2 {
		cx, cy = cx+xy[i]/k, cy+xy[i+1]/k
	}
	var r float32
	for i := 0; i+1 < len(xy); i += 2 {
		r = max(r, float32(math.Hypot(float64(xy[i]-cx), float64(xy[i+1]-cy))))
	}
	rc.discs = append(rc.discs, recDisc{cx, cy, r, c})
}

func (rc *recorder) Fill(r Rect, c color.RGBA) { rc.fills = append(rc.fills, recFill{r, c}) }
func (rc *recorder) Line(x0, y0, x1, y1, w float32, c color.RGBA) {
	rc.lines = append(rc.lines, recLine{x0, y0, x1, y1, w, c})
}
func (rc *recorder) Polyline(xy []float32, w float32, c color.RGBA) {
	for i := 2; i+1 < len(xy); i += 2 {
		rc.Line(xy[i-2], xy[i-1], xy[i], xy[i+1], w, c)
	}
}
func (rc *recorder) Disc(x, y, r float32, c color.RGBA) {
	rc.discs = append(rc.discs, recDisc{x, y, r, c})
}
func (rc *recorder) Ring(x, y, r, _ float32, c color.RGBA) {
	rc.rings = append(rc.rings, recDisc{x, y, r, c})
}
func (rc *recorder) Text(s string, _, _ float32, _ Size, _ color.RGBA) {
	rc.texts = append(rc.texts, s)
}
func (rc *recorder) TextWidth(s string, size Size) float32 {
	return float32(len([]rune(s))) * 6
}
func (rc *recorder) Image(img *image.RGBA, r Rect) {
	rc.images = append(rc.images, img)
	rc.rects = append(rc.rects, r)
}
func (rc *recorder) Layer(_ string, _ uint64, _ Rect, draw func(Canvas)) {
	rc.layers++
	draw(rc)
}

func (rc *recorder) text() string { return strings.Join(rc.texts, "\n") }

// fixture returns a model whose run is done: 4 classes of 5 samples (the
// first of each class labeled), every graph joining the samples of a class
// with weights that grow with the index, and sample 3 flagged as corrupted
// by NNLRS.
func fixture(t *testing.T) *ui.Model {
	t.Helper()
	return fixtureBut(t, "")
}

// fixtureBut is fixture with the graph building (its job not finished),
// the run still in progress; none for "".
func fixtureBut(t *testing.T, building string) *ui.Model {
	t.Helper()
	m := ui.NewModel(params.Default())
	jobs, err := m.Start(params.Default(), demo.File{}, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	const k, per = 4, 5
	n := k * per
	d := &demo.Samples{Name: "synthetic", D: 2, N: n, X: make([]float64, 2*n),
		Labels: make([]int, n), Corrupted: make([]bool, n)}
	layout := make([]float64, 2*n)
	for i := 0; i < n; i++ {
		d.Labels[i] = 1 + i/per
		d.X[2*i], d.X[2*i+1] = float64(i), float64(i%per)
		layout[2*i] = 0.1 + 0.8*float64(i/per)/float64(k-1)
		layout[2*i+1] = 0.1 + 0.8*float64(i%per)/float64(per-1)
	}
	d.Corrupted[3] = true
	m.Samples(jobs[0].ID, d)
	for _, j := range jobs {
		w := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for l := 0; l < n; l++ {
				if i != l && i/per == l/per {
					w[i*n+l] = float64(1 + i + l)
				}
			}
		}
		w[0*n+per], w[per*n+0] = 0.5, 0.5 // one edge across classes
		g := &demo.Result{Method: j.Method, N: n, W: w, Layout: layout, Converged: true,
			Iterations: 3, Density: 0.2, WithinClass: 0.99, Components: 3}
		if j.Method == "nnlrs" {
			g.ENorm = make([]float64, n)
			g.ENorm[3] = 0.9
			m.Progress(j.ID, &demo.Progress{Iters: []demo.Iter{
				{Iter: 1, Residual: 0.5, RankZ: 3, NNZH: 40}, {Iter: 2, Residual: 0.01, RankZ: 4, NNZH: 60},
				{Iter: 3, Residual: 1e-7, RankZ: 4, NNZH: 80}}})
		}
		if string(j.Method) != building {
			m.Finished(j.ID, g, time.Unix(1, 0))
		}
	}
	if building != "" {
		return m
	}
	if m.Run.State != ui.Done {
		t.Fatalf("run state %v", m.Run.State)
	}
	return m
}

func panelOf(name string) Panel {
	for _, p := range Arrange(1200, 800, "", 1) {
		if p.Name == name {
			return p
		}
	}
	panic(name)
}

func TestArrange(t *testing.T) {
	for _, c := range []struct{ w, h float32 }{{1080, 900}, {1920, 1080}, {600, 1000}} {
		ps := Arrange(c.w, c.h, "", 1)
		if len(ps) != len(Embeddable()) {
			t.Fatalf("%v: %d panels", c, len(ps))
		}
		for i, p := range ps {
			r := p.Rect
			if r.X < 0 || r.Y < 0 || r.X+r.W > c.w+0.01 || r.Y+r.H > c.h+0.01 || r.W < 100 || r.H < 100 {
				t.Errorf("%v: %s at %+v", c, p.Name, r)
			}
			for _, q := range ps[i+1:] {
				if overlap(p.Rect, q.Rect) {
					t.Errorf("%v: %s and %s overlap", c, p.Name, q.Name)
				}
			}
		}
	}
	ps := Arrange(800, 600, "weights", 1)
	if len(ps) != 1 || ps[0].Name != "weights" || ps[0].Rect.W != 800-2*Gap {
		t.Errorf("embed: %+v", ps)
	}
}

func overlap(a, b Rect) bool {
	return a.X < b.X+b.W && b.X < a.X+a.W && a.Y < b.Y+b.H && b.Y < a.Y+a.H
}

func TestGraphView(t *testing.T) {
	m := fixture(t)
	rc := &recorder{}
	p := panelOf("graph")
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	const n = 20
	if len(rc.discs) != n {
		t.Fatalf("%d discs, want %d", len(rc.discs), n)
	}
	colours := map[color.RGBA]int{}
	for _, d := range rc.discs {
		colours[d.c]++
		if !p.Rect.Contains(d.x, d.y) {
			t.Errorf("node at (%v, %v) outside the panel", d.x, d.y)
		}
	}
	for k := 0; k < 4; k++ {
		if colours[ClassColour(k)] != 5 {
			t.Errorf("class %d: %d nodes of its colour", k, colours[ClassColour(k)])
		}
	}
	rings := 0
	for _, r := range rc.rings {
		if r.c == Ink {
			rings++
		}
	}
	if rings != 4 {
		t.Errorf("%d labeled rings, want 4", rings)
	}
	// Edges: 4 classes of 5 give 40 pairs, and one across, thicker and
	// in the colour of what crosses classes.
	var edges, across, cross int
	for _, l := range rc.lines {
		switch {
		case l.w == 1.6 && l.c.R > l.c.G && l.c.G > l.c.B:
			across++
			edges++
		case l.w == 1:
			edges++
		case l.w == 1.5:
			cross++
		}
	}
	if edges != 41 || across != 1 || cross != 2 {
		t.Errorf("%d edges (%d across), %d cross strokes; want 41 (1), 2", edges, across, cross)
	}
	if !strings.Contains(rc.text(), "Graph: NNLRS") || !strings.Contains(rc.text(), "corrupted") || !strings.Contains(rc.text(), "3 connected pieces") {
		t.Errorf("texts: %q", rc.texts)
	}
}

// TestGraphCorrupted checks that the samples corrupted when the data were
// drawn are marked (a bar under the node) apart from those E flags (a
// cross): sample 3 is both, sample 7 only corrupted; and that the legend
// says what the bar is.
func TestGraphCorrupted(t *testing.T) {
	m := fixture(t)
	m.Run.Data.Corrupted[7] = true
	rc := &recorder{}
	New().Draw(rc, m, []Panel{panelOf("graph")}, 1200, 800, true)
	if len(rc.discs) != 20 {
		t.Fatalf("%d discs, want 20", len(rc.discs))
	}
	// under returns the node a bar lies under: the one whose centre is
	// above the bar's middle and within its half length.
	under := func(l recLine) int {
		mx := (l.x0 + l.x1) / 2
		for i, d := range rc.discs {
			if l.y0 == l.y1 && l.y0 > d.y && l.y0 < d.y+3*d.r+4 && mx > d.x-0.5 && mx < d.x+0.5 {
				return i
			}
		}
		return -1
	}
	var bars []int
	crosses := 0
	for _, l := range rc.lines {
		switch {
		case l.w == 2 && l.c == Ink:
			bars = append(bars, under(l))
		case l.w == 1.5 && l.c == Ink:
			crosses++
		}
	}
	if len(bars) != 2 || bars[0] != 3 || bars[1] != 7 {
		t.Errorf("bars under nodes %v, want [3 7]", bars)
	}
	if crosses != 2 {
		t.Errorf("%d cross strokes, want 2 (sample 3 only)", crosses)
	}
	if !strings.Contains(rc.text(), "bar under") {
		t.Errorf("no legend for the bar: %q", rc.texts)
	}
}

func TestEdgeColour(t *testing.T) {
	weak, strong := EdgeColour(0.1, 1, 0, 0), EdgeColour(1, 1, 0, 0)
	if weak.A >= strong.A {
		t.Errorf("weak edge alpha %d, strong %d", weak.A, strong.A)
	}
	if across := EdgeColour(1, 1, 0, 1); across.R <= across.B {
		t.Errorf("edge across classes %v is not red", across)
	}
	if unknown := EdgeColour(1, 1, -1, -1); unknown != strong {
		t.Errorf("edge without labels %v", unknown)
	}
}

func TestNodeAtAndHover(t *testing.T) {
	m := fixture(t)
	p := panelOf("graph")
	rc := &recorder{}
	v := New()
	ps := []Panel{p, panelOf("propagation")}
	if got := v.NodeAt(m, ps, p.Rect.X+p.Rect.W/2, p.Rect.Y+p.Rect.H/2); got != -1 {
		t.Errorf("NodeAt before a drawing: %d", got)
	}
	v.Draw(rc, m, []Panel{p}, 1200, 800, true)
	d := rc.discs[7]
	if got := v.NodeAt(m, ps, d.x+1, d.y-1); got != 7 {
		t.Errorf("NodeAt on node 7: %d", got)
	}
	if x, y, ok := v.NodePosition(m, "graph", 7); !ok || x != d.x || y != d.y {
		t.Errorf("NodePosition of node 7: (%v, %v, %v), drawn at (%v, %v)", x, y, ok, d.x, d.y)
	}
	if got := v.NodeAt(m, ps, p.Rect.X+1, p.Rect.Y+1); got != -1 {
		t.Errorf("NodeAt in a corner: %d", got)
	}
	m.Hover = 7
	rc = &recorder{}
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	text := rc.text()
	// Node 7 (class 2) is joined to 5, 6, 8, 9: the strongest first.
	if !strings.Contains(text, "sample 8, class 2") || !strings.Contains(text, "strongest neighbours") {
		t.Fatalf("card: %q", rc.texts)
	}
	i9 := strings.Index(text, "sample 10, class 2, w 17.000")
	i6 := strings.Index(text, "sample 7, class 2, w 14.000")
	if i9 < 0 || i6 < 0 || i9 > i6 {
		t.Errorf("neighbours not strongest first: %q", rc.texts)
	}
	if len(rc.images) != 1 {
		t.Errorf("%d pictures in the card", len(rc.images))
	}
	// Images (here of 3×3 pixels, a pattern of its own for each sample):
	// the card shows the neighbours' too, strongest first.
	data := m.Run.Data
	oldX, oldD := data.X, data.D
	data.D, data.ImageW, data.ImageH = 9, 3, 3
	data.X = make([]float64, 9*data.N)
	for j := 0; j < data.N; j++ {
		for q := 0; q < 9; q++ {
			data.X[9*j+q] = float64((j*q + 7*q*q + j) % 13)
		}
	}
	rc = &recorder{}
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	nb := ui.StrongestNeighbours(m.Shown(), 7, neighbours)
	if len(rc.images) != 1+len(nb) || len(nb) != 4 {
		t.Fatalf("%d pictures in the card of an image with %d neighbours", len(rc.images), len(nb))
	}
	for i, j := range append([]int{7}, 9, 8, 6, 5) { // the sample, then its neighbours by weight
		want := SamplePicture(data.X[9*j:9*j+9], 3, 3, false)
		if !bytes.Equal(rc.images[i].Pix, want.Pix) {
			t.Errorf("picture %d is not sample %d's", i, j+1)
		}
		if i > 0 && bytes.Equal(rc.images[i].Pix, rc.images[i-1].Pix) {
			t.Errorf("pictures %d and %d are alike: the test cannot tell them apart", i-1, i)
		}
	}
	data.X, data.D, data.ImageW, data.ImageH = oldX, oldD, 0, 0
	m.Hover = 3
	rc = &recorder{}
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	if !strings.Contains(rc.text(), "|e| = 0.90, flagged as corrupted") || !strings.Contains(rc.text(), "corrupted when the data were drawn") {
		t.Errorf("card of a corrupted sample: %q", rc.texts)
	}
}

func TestPropagationView(t *testing.T) {
	m := fixture(t)
	p := panelOf("propagation")
	draw := func() *recorder {
		rc := &recorder{}
		New().Draw(rc, m, []Panel{p}, 1200, 800, true)
		return rc
	}
	rc := draw()
	grey := 0
	for _, d := range rc.discs {
		if d.c == Unknown {
			grey++
		}
	}
	if grey != 16 {
		t.Errorf("step 0: %d grey nodes, want the 16 unlabeled", grey)
	}
	m.Prop.Advance()
	rc = draw()
	for i, d := range rc.discs {
		if k, ok := nearestClass(d.c); !ok || k != i/5 {
			t.Errorf("step 1: node %d coloured %v, not a shade of class %d", i, d.c, i/5)
		}
	}
	if !strings.Contains(rc.text(), "step 1") || !strings.Contains(rc.text(), "misclassified now: 0.0%") {
		t.Errorf("texts %q", rc.texts)
	}
	// Nothing to propagate: a message instead of nodes.
	m.Prop.Reset(nil, "ghf", 0.99)
	rc = draw()
	if len(rc.discs) != 0 || !strings.Contains(rc.text(), "no labels") {
		t.Errorf("without labels: %d discs, %q", len(rc.discs), rc.texts)
	}
}

// nearestClass returns the class whose colour c is a shade of (mixed with
// white).
func nearestClass(c color.RGBA) (int, bool) {
	for k, p := range Palette {
		for t := 0.3; t <= 1.0001; t += 0.001 {
			if Mix(PanelFill, p, t) == c {
				return k, true
			}
		}
	}
	return 0, false
}

func TestHeatmap(t *testing.T) {
	w := []float64{
		5, 1, 0,
		1, 5, 0.25,
		0, 0.25, 5,
	}
	img := Heatmap(w, 3)
	if img.RGBAAt(2, 0) != PanelFill || img.RGBAAt(1, 0) != HeatHigh || img.RGBAAt(0, 0) != HeatHigh {
		t.Errorf("zero %v, largest off-diagonal %v, diagonal %v", img.RGBAAt(2, 0), img.RGBAAt(1, 0), img.RGBAAt(0, 0))
	}
	// √0.25 = 0.5: halfway.
	if got, want := img.RGBAAt(2, 1), Mix(PanelFill, HeatHigh, 0.5); got != want {
		t.Errorf("weight 0.25 of 1: %v, want %v", got, want)
	}
	if img := Heatmap(make([]float64, 4), 2); img.RGBAAt(0, 0) != PanelFill {
		t.Error("empty W not white")
	}
}

func TestWeightsView(t *testing.T) {
	m := fixture(t)
	rc := &recorder{}
	v := New()
	wide := Panel{"weights", Rect{10, 10, 760, 300}} // wide enough for the long captions
	v.Draw(rc, m, []Panel{wide}, 1200, 800, true)
	if len(rc.images) != 3 {
		t.Fatalf("%d heatmaps", len(rc.images))
	}
	strips := map[color.RGBA]int{}
	for _, f := range rc.fills {
		strips[f.c]++
	}
	for k := 0; k < 4; k++ {
		if strips[ClassColour(k)] != 3*2 {
			t.Errorf("class %d: %d strips, want 2 per heatmap", k, strips[ClassColour(k)])
		}
	}
	for _, want := range []string{"LRR", "l1", "NNLRS", "density 20%, within-class 99%"} {
		if !strings.Contains(rc.text(), want) {
			t.Errorf("no %q in %q", want, rc.texts)
		}
	}
	// The pixels are computed once per version of the weights.
	rc2 := &recorder{}
	v.Draw(rc2, m, []Panel{panelOf("weights")}, 1200, 800, true)
	if rc2.images[2] != rc.images[2] {
		t.Error("heatmap recomputed for the same weights")
	}
}

func TestConvergenceView(t *testing.T) {
	m := fixture(t)
	g := m.Run.Graphs["nnlrs"]
	for i := 4; i <= 10000; i++ {
		// The stopping measure falls to 1, where the solver stops, at the
		// last iteration.
		g.Iters = append(g.Iters, demo.Iter{Iter: i, Residual: 1 / float64(i), RankZ: 4, NNZH: 80, Stop: 1e4 / float64(i)})
	}
	p := panelOf("convergence")
	rc := &recorder{}
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	segs := 0
	for _, l := range rc.lines {
		if l.c == GraphColours["nnlrs"] {
			segs++
			if !p.Rect.Contains(l.x0, l.y0) || !p.Rect.Contains(l.x1, l.y1) {
				t.Fatalf("segment %+v outside the panel", l)
			}
		}
	}
	if segs == 0 || segs > 3*int(p.Rect.W) {
		t.Errorf("%d segments for 3 charts %v pixels wide", segs, p.Rect.W)
	}
	if !strings.Contains(rc.text(), "iterations: 1 to 10000") || !strings.Contains(rc.text(), "stops at 1") {
		t.Errorf("texts %q", rc.texts)
	}
	// The stop chart's rule at 1, and its last point (Stop = 1) on it: the
	// chart's points all lie on or above the rule, Stop >= 1.
	var rule *recFill
	for i, f := range rc.fills {
		if f.c == Muted && f.r.H == 1 {
			rule = &rc.fills[i]
		}
	}
	if rule == nil {
		t.Fatal("no rule where the solvers stop")
	}
	var last recLine
	for _, l := range rc.lines {
		if l.c == GraphColours["nnlrs"] && l.y0 <= rule.r.Y+0.5 && l.y1 <= rule.r.Y+0.5 && l.x1 > last.x1 {
			last = l
		}
	}
	if math.Abs(float64(last.y1-rule.r.Y)) > 0.5 {
		t.Errorf("Stop = 1 drawn at y %v, the rule at %v", last.y1, rule.r.Y)
	}
}

func TestOutcomeView(t *testing.T) {
	m := fixture(t)
	m.Run.Graphs["l1"].Final = nil
	m.Run.Graphs["l1"].Err = "boom"
	// Cut sample 5 (unlabeled, class 2) off in every graph: no label
	// reaches it, so GHF and LGC in closed form err on it alone, 1 of the
	// 16 unlabeled samples, and the Outcome shows 6.2% at the α set.
	for _, g := range m.Run.Graphs {
		if g.Final != nil {
			for j := 0; j < g.N; j++ {
				g.Final.W[4*g.N+j], g.Final.W[j*g.N+4] = 0, 0
			}
		}
	}
	m.Params.Alpha = 0.5
	m.Prop.Reset(m.Run, "ghf", m.Params.Alpha)
	rc := &recorder{}
	New().Draw(rc, m, []Panel{panelOf("outcome")}, 1200, 800, true)
	text := rc.text()
	cells := 0
	for _, s := range rc.texts {
		if s == "6.2%" {
			cells++
		}
	}
	if cells != 6 {
		t.Errorf("%d cells of 6.2%% (3 graphs, GHF and LGC), want 6: %q", cells, rc.texts)
	}
	for _, want := range []string{"failed", "99%", "16 unlabeled samples", "λ = 1", "α = 0.5"} {
		if !strings.Contains(strings.ReplaceAll(text, "\n", " "), want) {
			t.Errorf("no %q in %q", want, rc.texts)
		}
	}
}

// TestDrawBuilding draws every view while one graph is being built, the
// others done: no view says n/a or that there is nothing to propagate,
// and those that wait on the graph say which.
func TestDrawBuilding(t *testing.T) {
	m := fixtureBut(t, "l1")
	rc := &recorder{}
	New().Draw(rc, m, Arrange(1200, 800, "", 1), 1200, 800, true)
	text := strings.ReplaceAll(rc.text(), "\n", " ")
	for _, bad := range []string{"n/a", "Nothing to propagate", "*GHF"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q while l1 is built: %q", bad, rc.texts)
		}
	}
	for _, want := range []string{"The labels spread once every graph is built: building the l1 graph…",
		"GHF and LGC spread the labels once every graph is built: building the l1 graph…"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q while l1 is built: %q", want, rc.texts)
		}
	}
}

// TestDrawStates draws every view in every state of a run: nothing
// panics, and the views without content say why.
func TestDrawStates(t *testing.T) {
	all := Arrange(1200, 800, "", 1)
	m := ui.NewModel(params.Default())
	rc := &recorder{}
	New().Draw(rc, m, all, 1200, 800, true)
	if !strings.Contains(rc.text(), "Press Run") {
		t.Errorf("before a run: %q", rc.texts)
	}
	jobs, _ := m.Start(params.Default(), demo.File{}, time.Unix(0, 0))
	m.Progress(jobs[0].ID, &demo.Progress{Iters: []demo.Iter{{Iter: 1, Residual: 0.5}}, N: 2, W: []float64{1, 0, 0, 1}})
	rc = &recorder{}
	New().Draw(rc, m, all, 1200, 800, true)
	if !strings.Contains(rc.text(), "Building the NNLRS graph…") || !strings.Contains(rc.text(), "NNLRS, iteration 1") {
		t.Errorf("running: %q", rc.texts)
	}
	m.Cancel(time.Unix(1, 0))
	rc = &recorder{}
	New().Draw(rc, m, all, 1200, 800, true)
	if !strings.Contains(rc.text(), "Cancelled") {
		t.Errorf("cancelled: %q", rc.texts)
	}
	m.Start(params.Default(), demo.File{}, time.Unix(0, 0))
	m.Failed(jobs[0].ID+4, &demo.Failure{Fault: demo.InputFault, Message: "bad"}, time.Unix(0, 0))
	rc = &recorder{}
	New().Draw(rc, m, all, 1200, 800, true)
	if !strings.Contains(rc.text(), "No graphs") {
		t.Errorf("failed: %q", rc.texts)
	}
}

func TestSamplePicture(t *testing.T) {
	// A 2×3 image, column-major: pixel (x, y) is x[y + 3x].
	img := SamplePicture([]float64{0, 1, 2, 3, 4, 5}, 2, 3, false)
	if b := img.Bounds(); b.Dx() != 2 || b.Dy() != 3 {
		t.Fatalf("bounds %v", b)
	}
	if img.RGBAAt(0, 0) != (color.RGBA{255, 255, 255, 255}) || img.RGBAAt(1, 2) != (color.RGBA{0, 0, 0, 255}) {
		t.Errorf("corners %v %v", img.RGBAAt(0, 0), img.RGBAAt(1, 2))
	}
	if got := img.RGBAAt(1, 0).R; got != 102 { // 3 of 0..5: 255·(1 − 0.6)
		t.Errorf("pixel (1, 0) = %d", got)
	}
	// A photograph: bright where the value is high.
	photo := SamplePicture([]float64{0, 1, 2, 3, 4, 5}, 2, 3, true)
	if photo.RGBAAt(0, 0) != (color.RGBA{0, 0, 0, 255}) || photo.RGBAAt(1, 2) != (color.RGBA{255, 255, 255, 255}) || photo.RGBAAt(1, 0).R != 153 {
		t.Errorf("photograph: corners %v %v, pixel (1, 0) %v", photo.RGBAAt(0, 0), photo.RGBAAt(1, 2), photo.RGBAAt(1, 0))
	}
	// Not an image: a bar chart, up for positive values, down for negative.
	bars := SamplePicture([]float64{1, -0.5, 0}, 0, 0, false)
	if b := bars.Bounds(); b.Dx() != 3 || b.Dy() != 33 {
		t.Fatalf("bar chart bounds %v", b)
	}
	ink := func(x, y int) bool { return bars.RGBAAt(x, y) == Ink }
	if !ink(0, 0) || !ink(0, 15) || ink(0, 17) || !ink(1, 17) || !ink(1, 24) || ink(1, 25) || ink(1, 15) || ink(2, 15) || ink(2, 17) {
		t.Error("bars drawn wrong")
	}
}

func TestWrap(t *testing.T) {
	rc := &recorder{}
	lines := Wrap(rc, "one two three four five six", Small, 60) // 10 characters a line
	want := []string{"one two", "three four", "five six"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Errorf("%q", lines)
	}
	if got := Wrap(rc, "unbreakablelongword", Small, 60); len(got) != 1 || !strings.HasSuffix(got[0], "...") {
		t.Errorf("%q", got)
	}
}

func TestClip(t *testing.T) {
	rc := &recorder{}
	if got := Clip(rc, "short", Small, 100); got != "short" {
		t.Errorf("%q", got)
	}
	got := Clip(rc, "a rather long title", Small, 60)
	if rc.TextWidth(got, Small) > 60 || !strings.HasSuffix(got, "...") {
		t.Errorf("%q", got)
	}

}

// TestStale checks that the views ask to be drawn exactly when what they
// show changes.
func TestStale(t *testing.T) {
	m := fixture(t)
	v := New()
	ps := Arrange(1200, 800, "", 1)
	if v.Stale(m, ps, 1200, 800, 1) != Changed {
		t.Error("not stale before the first drawing")
	}
	v.Draw(&recorder{}, m, ps, 1200, 800, true)
	if v.Stale(m, ps, 1200, 800, 1) != Fresh {
		t.Error("stale right after drawing")
	}
	// A partial Draw draws only what changed.
	m.Hover = 1
	rc := &recorder{}
	v.Draw(rc, m, ps, 1200, 800, false)
	if rc.layers != 4 { // the graph and propagation panels, and their edges
		t.Errorf("a hover redrew %d layers", rc.layers)
	}
	if len(rc.fills) > 0 && rc.fills[0].r == (Rect{0, 0, 1200, 800}) {
		t.Error("a partial Draw filled the background")
	}
	for _, c := range []struct {
		name   string
		change func()
	}{
		{"hover", func() { m.Hover = 2 }},
		{"step", func() { m.Prop.Advance() }},
		{"graph shown", func() { p := m.Params; p.Graph = "lrr"; m.SetView(p) }},
		{"iterations", func() {
			g := m.Run.Graphs["nnlrs"]
			g.Iters = append(g.Iters, demo.Iter{Iter: 4})
		}},
	} {
		c.change()
		if v.Stale(m, ps, 1200, 800, 1) != Changed {
			t.Errorf("%s: not stale", c.name)
		}
		v.Draw(&recorder{}, m, ps, 1200, 800, true)
	}
	// The labeled curve computed a little further: progress alone.
	m.Prop.Curve = &ui.LabeledCurve{Done: 1}
	if got := v.Stale(m, ps, 1200, 800, 1); got != Progressed {
		t.Errorf("the labeled curve moved on: staleness %v, want Progressed", got)
	}
	v.Draw(&recorder{}, m, ps, 1200, 800, false)
	if v.Stale(m, ps, 1200, 800, 1) != Fresh {
		t.Error("stale after drawing the curve's progress")
	}
	if v.Stale(m, ps, 1000, 800, 1) != Changed {
		t.Error("not stale at another size")
	}
	if v.Stale(m, Arrange(1200, 800, "weights", 1), 1200, 800, 1) != Changed {
		t.Error("not stale with other panels")
	}
}

// TestCurvesView draws the error curves of the fixture once the labeled
// curve is computed: both charts' titles, a line per graph in each, and
// the page's share ringed on the shown graph.
func TestCurvesView(t *testing.T) {
	m := fixture(t)
	for !m.Prop.Curve.Finished() {
		m.Prop.Tick(time.Unix(0, 0))
	}
	for k := 0; k < 3 && !m.Prop.Converged; k++ {
		m.Prop.Advance()
	}
	rc := &recorder{}
	New().Draw(rc, m, []Panel{panelOf("curves")}, 1200, 800, true)
	steps := fmt.Sprintf("steps: 0 to %d", m.Prop.Step)
	for _, want := range []string{"Error curves", "GHF error, step by step", "GHF error vs labeled %", steps, "5-60%, 5 draws"} {
		if !strings.Contains(rc.text(), want) {
			t.Errorf("no %q in %q", want, rc.texts)
		}
	}
	perColour := map[color.RGBA]int{}
	for _, l := range rc.lines {
		perColour[l.c]++
	}
	for _, gm := range params.Graphs {
		if col := GraphColours[gm]; perColour[col] < 2 {
			t.Errorf("%s: %d lines, want one per chart", gm, perColour[col])
		}
	}
	if len(rc.rings) != 1 {
		t.Errorf("%d rings, want the page's share on the shown graph", len(rc.rings))
	}

	// On the paper's data sets, the paper's numbers: a ring per graph and
	// labeled share of its table, at its value.
	for _, c := range []struct{ prop, table, foot string }{{"ghf", paper.GHF, "Table I"}, {"lgc", paper.LGC, "Table II"}} {
		m.Run.Params.Dataset = "usps"
		m.Prop.Method = c.prop
		rc = &recorder{}
		New().Draw(rc, m, []Panel{panelOf("curves")}, 1200, 800, true)
		if !strings.Contains(rc.text(), "rings: paper's "+c.foot) {
			t.Errorf("%s: no note of the paper's numbers in %q", c.prop, rc.texts)
		}
		got := map[color.RGBA][]float32{}
		for _, r := range rc.rings[:len(rc.rings)-1] { // the last ring is the page's share
			got[r.c] = append(got[r.c], r.y)
		}
		box := panelOf("curves").Rect
		for _, gm := range params.Graphs {
			ys := got[GraphColours[gm]]
			if len(ys) != len(paper.Labeled) {
				t.Fatalf("%s %s: %d rings, want %d", c.prop, gm, len(ys), len(paper.Labeled))
			}
			// Higher errors lower on the screen: the rings' order is the
			// reverse of the paper's numbers'.
			for k := 1; k < len(ys); k++ {
				a, _ := paper.Error(c.table, "usps", paper.Labeled[k-1], gm)
				b, _ := paper.Error(c.table, "usps", paper.Labeled[k], gm)
				if (a < b) != (ys[k-1] > ys[k]) && a != b || ys[k] < box.Y || ys[k] > box.Y+box.H {
					t.Errorf("%s %s: ring %d at y %v after %v, paper %v after %v", c.prop, gm, k, ys[k], ys[k-1], b, a)
				}
			}
		}
	}
}

// TestGraphColoursApart checks that the graphs drawn together keep their
// colours apart for readers with colour-vision deficiencies: in CIELAB,
// after Machado, Oliveira and Fernandes's (2009) simulation of
// protanopia, deuteranopia and tritanopia at full severity, the four
// graphs of a run lie at least 30 apart, and the three of the
// joint-learning figure 20 (a just noticeable difference is about 2; 17
// was the closest pair of the colours before these), in the light theme
// and the dark; and that each stands 20 from the panels' ground.
func TestGraphColoursApart(t *testing.T) {
	sims := map[string][3][3]float64{
		"none":   {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"protan": {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
		"deutan": {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
		"tritan": {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
	}
	lab := func(c color.RGBA, m [3][3]float64) [3]float64 {
		var l [3]float64
		for i, v := range []uint8{c.R, c.G, c.B} {
			x := float64(v) / 255
			if x <= 0.04045 {
				l[i] = x / 12.92
			} else {
				l[i] = math.Pow((x+0.055)/1.055, 2.4)
			}
		}
		var s [3]float64
		for i := range 3 {
			for j := range 3 {
				s[i] += m[i][j] * l[j]
			}
			s[i] = max(0, min(1, s[i]))
		}
		xyz := [3]float64{
			(0.4124*s[0] + 0.3576*s[1] + 0.1805*s[2]) / 0.95047,
			0.2126*s[0] + 0.7152*s[1] + 0.0722*s[2],
			(0.0193*s[0] + 0.1192*s[1] + 0.9505*s[2]) / 1.08883,
		}
		var f [3]float64
		for i, v := range xyz {
			if v > 0.008856 {
				f[i] = math.Cbrt(v)
			} else {
				f[i] = 7.787*v + 16.0/116
			}
		}
		return [3]float64{116*f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])}
	}
	dist := func(a, b color.RGBA, m [3][3]float64) float64 {
		la, lb := lab(a, m), lab(b, m)
		return math.Hypot(math.Hypot(la[0]-lb[0], la[1]-lb[1]), la[2]-lb[2])
	}
	defer Use(Light)
	for _, theme := range []struct {
		name string
		t    Theme
	}{{"light", Light}, {"dark", Dark}} {
		Use(theme.t)
		for _, c := range []struct {
			graphs []method.Name
			least  float64
		}{
			{params.Graphs, 30},
			{[]method.Name{method.NNLRS, method.PCANNLRS, method.NNLRSEF}, 20},
		} {
			for kind, m := range sims {
				for i, a := range c.graphs {
					for _, b := range c.graphs[i+1:] {
						if d := dist(GraphColours[a], GraphColours[b], m); d < c.least {
							t.Errorf("%s, %s: %s and %s are %.1f apart, want %v", theme.name, kind, a, b, d, c.least)
						}
					}
				}
			}
		}
		// On the panels' ground, every graph's line and, in the dark,
		// every class's marker stand out (20 apart) for every reader.
		for kind, m := range sims {
			for gm, col := range GraphColours {
				if d := dist(col, PanelFill, m); d < 20 {
					t.Errorf("%s, %s: %s is %.1f from the panels' ground, want 20", theme.name, kind, gm, d)
				}
			}
			for k, col := range Palette {
				if d := dist(col, PanelFill, m); theme.name == "dark" && d < 20 {
					t.Errorf("dark, %s: class %d is %.1f from the panels' ground, want 20", kind, k, d)
				}
			}
		}
	}
}

// TestGraphClassKey: data whose file named its classes (a CSV's label
// column of names) get a key under the graph, each name beside its class's
// marker, and Inspect names the class; numbered classes get no key.
func TestGraphClassKey(t *testing.T) {
	m := fixture(t)
	p := panelOf("graph")
	rc := &recorder{}
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	for _, s := range rc.texts {
		if s == "apple" {
			t.Fatalf("a key of names for numbered classes: %q", rc.texts)
		}
	}
	discs := len(rc.discs) + len(rc.rings)

	names := []string{"none", "apple", "pear", "fig", "kiwi"} // labels 1-4
	m.Run.Data.ClassNames = names
	rc = &recorder{}
	New().Draw(rc, m, []Panel{p}, 1200, 800, true)
	for _, want := range names[1:] {
		if !slices.Contains(rc.texts, want) {
			t.Errorf("key: no %q among %q", want, rc.texts)
		}
	}
	if slices.Contains(rc.texts, "none") {
		t.Error("key: a class absent from the data named")
	}
	if got := len(rc.discs) + len(rc.rings); got < discs+4 {
		t.Errorf("key: %d markers drawn, want the %d of the nodes and rings and 4 more", got, discs)
	}
	if d := m.Describe(5); !strings.Contains(d, "class pear") {
		t.Errorf("Describe(5) = %q, want class pear", d)
	}
}

// TestReachedFoot: a block whose NNLRS row leaves samples unreached says
// NNLRS's rates among the samples reached and how many cells of each
// reading come within paper.FarPoints of the paper's; a block where every
// sample is reached, or whose runs did not record it, says nothing.
func TestReachedFoot(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	b := &paper.Block{Rows: []*paper.Row{
		{Name: "lrr", Graph: method.LRR, Cells: []*paper.Cell{
			{Ours: f(30), Reached: f(29), Unreached: f(2), Paper: f(28)},
			{Ours: f(20), Reached: f(20), Unreached: f(0), Paper: f(19)},
		}},
		{Name: "nnlrs", Graph: method.NNLRS, Cells: []*paper.Cell{
			{Ours: f(12), Reached: f(4.04), Unreached: f(44.6), Paper: f(3.75)},
			{Ours: f(6), Reached: f(2.5), Unreached: f(20), Paper: f(2)},
		}},
	}}
	want := "Above, an unlabeled sample that no label reaches counts as an error (NNLRS leaves up to 45 a trial, on average). Leaving them out, NNLRS errs 4.0, 2.5%; cells within 2 points of the paper: 4 of 4 this way, 2 counted strictly."
	if got := reachedFoot(b, b.Rows); got != want {
		t.Errorf("foot\n%q, want\n%q", got, want)
	}
	for _, row := range b.Rows {
		for _, c := range row.Cells {
			c.Unreached = f(0)
		}
	}
	if got := reachedFoot(b, b.Rows); got != "" {
		t.Errorf("every sample reached, foot %q", got)
	}
}

// TestOutcomeCaveatsFirst: however short the Outcome's view, the caveat
// that explains two of its rates (here: a sample no label reaches,
// counted as an error) is kept before the step-by-step line, and said in
// its short form before it is left out.
func TestOutcomeCaveatsFirst(t *testing.T) {
	m := fixture(t)
	for _, g := range m.Run.Graphs { // cut sample 5 off in every graph
		if g.Final != nil {
			for j := 0; j < g.N; j++ {
				g.Final.W[4*g.N+j], g.Final.W[j*g.N+4] = 0, 0
			}
		}
	}
	m.Params.Alpha = 0.5
	m.Prop.Reset(m.Run, "ghf", m.Params.Alpha)
	if len(m.Caveats()) == 0 || len(m.Steps()) == 0 {
		t.Fatalf("fixture without caveats %q or step line %q", m.Caveats(), m.Steps())
	}
	var both, short, none, shortHead, fullHead []float32
	for h := float32(150); h <= 700; h += 5 {
		mc := &measurer{}
		drawOutcome(mc, Rect{X: 0, Y: 0, W: 420, H: h}, m)
		var words []string
		for _, b := range mc.boxes {
			words = append(words, b.s)
		}
		text := strings.Join(words, " ")
		long, brief, step := strings.Contains(text, "Unlabeled samples no label reaches"), strings.Contains(text, "Samples no label reaches are errors"), strings.Contains(text, "step by step")
		if !long && !brief {
			if strings.Contains(text, "settled error rates (closed forms); LGC's α = 0.5") {
				shortHead = append(shortHead, h)
			} else if strings.Contains(text, "error rates once settled (closed forms) of GHF and of LGC") {
				fullHead = append(fullHead, h)
			}
		}
		switch {
		case long && brief:
			t.Errorf("420×%v: the caveat in both forms: %q", h, text)
		case step && !long:
			t.Errorf("420×%v: the step line without the caveat in full: %q", h, text)
		case long && step:
			both = append(both, h)
		case brief:
			short = append(short, h)
		case !long:
			none = append(none, h)
		}
	}
	if len(both) == 0 || len(short) == 0 {
		t.Errorf("heights with the caveat in full and the step line %v, with the short caveat %v", both, short)
	}
	// Shorter views keep less: no caveat only below the short one's
	// heights, the short one only below those that hold both.
	if len(none) > 0 && len(short) > 0 && none[len(none)-1] >= short[0] || len(short) > 0 && len(both) > 0 && short[len(short)-1] >= both[0] {
		t.Errorf("heights without a caveat %v, with the short one %v, with the caveat in full and the step line %v", none, short, both)
	}
	// Without a caveat, the line above the table is short only where the
	// full one does not fit.
	if len(shortHead) > 0 && len(fullHead) > 0 && shortHead[len(shortHead)-1] >= fullHead[0] {
		t.Errorf("without a caveat, heights with the short line above the table %v, with the full one %v", shortHead, fullHead)
	}
}

// TestOutcomeCaveatsProjector: on a 1024×768 projector (the views 714
// wide beside the controls; the text measured in the page's own font) the
// Outcome lies within the screen and holds
// its table and, in short forms at least, why GHF and LGC are far apart
// on two graphs and, where only one graph leaves a sample unreached (as
// on Yale B's preset), that caveat too.
func TestOutcomeCaveatsProjector(t *testing.T) {
	for _, every := range []bool{false, true} {
		m := fixture(t)
		for gm, g := range m.Run.Graphs { // cut sample 5 off
			if g.Final != nil && (every || gm == method.NNLRS) {
				for j := 0; j < g.N; j++ {
					g.Final.W[4*g.N+j], g.Final.W[j*g.N+4] = 0, 0
				}
			}
		}
		m.Params.Alpha = 0.95 // a new α: the closed forms are taken again
		m.Prop.Reset(m.Run, "ghf", m.Params.Alpha)
		for _, gm := range []method.Name{method.LRR, method.NNLRS} {
			f := m.Prop.Final(gm)
			f.LGC, f.LGCPaper = 0.708, 0.146
		}
		want := []string{"LGC far from GHF on LRR and NNLRS: α = 0.95 spreads labels graph-wide; α = 0.5025 gives 14.6%/14.6%."}
		if !every {
			want = append(want, "no label reaches", "NNLRS 1")
		}
		const w, screen = 714, 768
		h := Height(w, screen, "", 1)
		drawn := false
		for _, p := range Arrange(w, h, "", 1) {
			if p.Name != "outcome" {
				continue
			}
			drawn = true
			if p.Rect.Y+p.Rect.H > screen {
				t.Errorf("the Outcome %+v reaches below the projector's %v pixels", p.Rect, screen)
			}
			mc := newFontMeasurer()
			New().Draw(mc, m, []Panel{p}, w, h, true)
			checkText(t, "the Outcome at 1024×768", mc.boxes, p.Rect, "")
			var words []string
			for _, b := range mc.boxes {
				words = append(words, b.s)
			}
			text := strings.Join(words, " ")
			for _, s := range want {
				if !strings.Contains(text, s) {
					t.Errorf("unreached on every graph %v: the Outcome at 1024×768 lacks %q: %q", every, s, text)
				}
			}
		}
		if !drawn {
			t.Error("no Outcome at 1024×768")
		}
	}
}

// TestPaperTableColumns checks that a figure of Table I lists in its table
// every graph of the paper's nine columns with the paper's numbers as it
// printed them (43.27, not 43), and charts the page's five.
func TestPaperTableColumns(t *testing.T) {
	b := &paper.Block{Title: "USPS", Dataset: "usps", Trials: 10, Columns: paper.Labeled}
	for _, g := range append(slices.Clone(paper.Columns), method.PCANNLRS) {
		row := &paper.Row{Graph: g}
		for _, f := range paper.Labeled {
			ours, std := 5.0, 0.5
			cell := paper.Cell{Ours: &ours, Std: &std}
			if v, ok := paper.Error("ghf", "usps", f, g); ok {
				cell.Paper = &v
			}
			row.Cells = append(row.Cells, &cell)
		}
		b.Rows = append(b.Rows, row)
	}
	cmp := &paper.Comparison{Name: "ghf", XLabel: "labeled %", Blocks: []*paper.Block{b}}
	rc := &recorder{}
	drawBlock(rc, Rect{0, 0, 330, tableFigureH(330+2*Gap, 1)}, cmp, b, "ghf", 0)
	text := rc.text()
	for _, g := range paper.Columns {
		if !slices.Contains(rc.texts, graphName(g)) {
			t.Errorf("the table lacks %s", graphName(g))
		}
		for _, f := range paper.Labeled {
			v, _ := paper.Error("ghf", "usps", f, g)
			if want := "(" + strconv.FormatFloat(v, 'f', -1, 64) + ")"; !slices.Contains(rc.texts, want) {
				t.Errorf("%s at %g: no %q", graphName(g), f, want)
			}
		}
	}
	if slices.Contains(rc.texts, graphName(method.PCANNLRS)) {
		t.Errorf("the table lists PCA+NNLRS, which Table I has not")
	}
	if !strings.Contains(text, "(43.27)") {
		t.Errorf("the l1-graph's 43.27 at 10%% is not printed whole")
	}
	// Five curves: one polyline of 5 segments per charted graph.
	if len(rc.rings) != len(paperRows["ghf"])*len(paper.Labeled) {
		t.Errorf("%d rings of the paper's, want %d", len(rc.rings), len(paperRows["ghf"])*len(paper.Labeled))
	}
}

// TestCardClearOfNode hovers every node of the graph on canvases from a
// phone's width to a wide screen's, all views arranged as the page
// arranges them, with the fixture's plain samples and with images (a card
// with pictures, larger than some graph views): the card lies inside the
// canvas (inside the graph's view where it fits there clear of the node)
// and its rectangle keeps clear of the node and its ring (rad+3). When
// the hover ends, a card laid over the canvas is painted over.
func TestCardClearOfNode(t *testing.T) {
	m := fixture(t)
	data := m.Run.Data
	plainX, plainD := data.X, data.D
	imgX := make([]float64, 64*data.N)
	for i := range imgX {
		imgX[i] = float64(i % 7)
	}
	cardOf := func(rc *recorder) *Rect {
		var card *Rect
		for i := 0; i+1 < len(rc.fills); i++ {
			f, g := rc.fills[i], rc.fills[i+1]
			if f.c == Ink && g.c == Card && g.r == f.r.Inset(1) {
				card = &rc.fills[i].r
			}
		}
		return card
	}
	outside := 0
	for _, images := range []bool{false, true} {
		data.X, data.D, data.ImageW, data.ImageH = plainX, plainD, 0, 0
		if images {
			data.X, data.D, data.ImageW, data.ImageH = imgX, 64, 8, 8
		}
		for _, w := range []float32{370, 520, 760, 1024, 1280, 1920} {
			h := Height(w, 700, "", 1)
			ps := Arrange(w, h, "", 1)
			var view Rect
			for _, p := range ps {
				if p.Name == "graph" {
					view = body(p.Rect, 1) // where the view draws
				}
			}
			for node := 0; node < data.N; node++ {
				m.Hover = node
				rc := &recorder{}
				v := New()
				v.Draw(rc, m, ps, w, h, true)
				x, y, ok := v.NodePosition(m, "graph", node)
				if !ok {
					t.Fatalf("%v wide: node %d not drawn", w, node)
				}
				card := cardOf(rc)
				if card == nil {
					t.Fatalf("%v wide, node %d: no card", w, node)
				}
				rad := nodeRadius(data.N, v.plots["graph"].W) + 3
				what := fmt.Sprintf("%v wide, images %v, node %d at (%.0f, %.0f), card %+v", w, images, node, x, y, *card)
				if card.X < Gap || card.Y < Gap || card.X+card.W > w-Gap || card.Y+card.H > h-Gap {
					t.Errorf("%s: leaves the canvas", what)
				}
				in := card.X >= view.X && card.Y >= view.Y && card.X+card.W <= view.X+view.W && card.Y+card.H <= view.Y+view.H
				if _, fits := cardPlace(x, y, rad-3+cardClear, card.W, card.H, view); fits != in {
					t.Errorf("%s: in the view %+v %v, but it fits there %v", what, view, in, fits)
				}
				// The nearest point of the card to the node.
				nx := max(card.X, min(x, card.X+card.W))
				ny := max(card.Y, min(y, card.Y+card.H))
				if d := math.Hypot(float64(nx-x), float64(ny-y)); d < float64(rad) {
					t.Errorf("%s: %.1f from the node, within its ring (%.1f)", what, d, rad)
				}
				if in {
					continue
				}
				outside++
				// The hover ends: the canvas under the card is painted
				// and the views there drawn again, no card.
				m.Hover = -1
				rc = &recorder{}
				v.Draw(rc, m, ps, w, h, false)
				if cardOf(rc) != nil {
					t.Errorf("%s: a card without a hover", what)
				}
				if !slices.Contains(rc.fills, recFill{*card, Background}) {
					t.Errorf("%s: the card's place not painted over when the hover ends", what)
				}
			}
		}
	}
	if outside == 0 {
		t.Error("no card laid outside its view: the test tries nothing")
	}
	data.X, data.D, data.ImageW, data.ImageH = plainX, plainD, 0, 0
	m.Hover = -1
}

// TestCardPlace: over views from 200 to 1000 pixels and cards up to
// nearly half the view wide and high, at every node position on a grid,
// the card fits in the view at least d from the node.
func TestCardPlace(t *testing.T) {
	const d = 12
	for _, vw := range []float32{200, 400, 1000} {
		for _, vh := range []float32{200, 500, 1000} {
			r := Rect{30, 40, vw, vh}
			for _, cw := range []float32{50, vw/2 - d - 1} {
				for _, ch := range []float32{50, vh/2 - d - 1} {
					for x := r.X; x <= r.X+r.W; x += 7 {
						for y := r.Y; y <= r.Y+r.H; y += 7 {
							c, ok := cardPlace(x, y, d, cw, ch, r)
							if !ok || c.X < r.X || c.Y < r.Y || c.X+c.W > r.X+r.W+1e-3 || c.Y+c.H > r.Y+r.H+1e-3 || c.W != cw || c.H != ch {
								t.Fatalf("view %+v, node (%v, %v): card %+v, clear %v", r, x, y, c, ok)
							}
							nx, ny := max(c.X, min(x, c.X+c.W)), max(c.Y, min(y, c.Y+c.H))
							if dist := math.Hypot(float64(nx-x), float64(ny-y)); dist < d-1e-3 {
								t.Fatalf("view %+v, node (%v, %v): card %+v only %.1f away", r, x, y, c, dist)
							}
						}
					}
				}
			}
		}
	}
}

// ordered is a measurer that keeps the order of what is drawn: lines and
// texts, and the panel-ground fills.
type ordered struct {
	measurer
	ops []op
}

type op struct {
	kind string // "line", "text", "ground"
	s    string
	r    Rect // the text's box or the fill; a line's bounds
}

func (o *ordered) Line(x0, y0, x1, y1, _ float32, _ color.RGBA) {
	o.ops = append(o.ops, op{"line", "", Rect{min(x0, x1), min(y0, y1), max(x0, x1) - min(x0, x1), max(y0, y1) - min(y0, y1)}})
}
func (o *ordered) Polyline(xy []float32, w float32, c color.RGBA) {
	for i := 2; i+1 < len(xy); i += 2 {
		o.Line(xy[i-2], xy[i-1], xy[i], xy[i+1], w, c)
	}
}
func (o *ordered) Text(s string, x, y float32, size Size, c color.RGBA) {
	o.measurer.Text(s, x, y, size, c)
	o.ops = append(o.ops, op{"text", s, o.boxes[len(o.boxes)-1].r})
}
func (o *ordered) Fill(r Rect, c color.RGBA) {
	if c == PanelFill {
		o.ops = append(o.ops, op{"ground", "", r})
	}
}
func (o *ordered) Layer(_ string, _ uint64, _ Rect, draw func(Canvas)) { draw(o) }

// TestPlotTitleOverCurves: the titles inside the charts of the error
// curves and the convergence go on the panel's ground after every curve
// of their chart, so that no curve crosses them out.
func TestPlotTitleOverCurves(t *testing.T) {
	m := fixture(t)
	for !m.Prop.Converged {
		m.Prop.Advance()
	}
	for _, name := range []string{"curves", "convergence"} {
		o := &ordered{}
		New().Draw(o, m, []Panel{panelOf(name)}, 1200, 800, true)
		titles := 0
		for i, t0 := range o.ops {
			if t0.kind != "text" || !slices.Contains([]string{"GHF error, step by step", "GHF error vs labeled %", "stopping measure / threshold", "rank(Z)", "nonzeros of H, %"}, t0.s) {
				continue
			}
			titles++
			if i == 0 || o.ops[i-1].kind != "ground" || !contains(o.ops[i-1].r, t0.r, 2) {
				t.Errorf("%s: %q at %+v not on the panel's ground", name, t0.s, t0.r)
			}
			for _, later := range o.ops[i+1:] {
				if later.kind == "line" && overlap(later.r, t0.r) {
					t.Errorf("%s: a curve drawn after %q crosses it", name, t0.s)
					break
				}
			}
		}
		if want := map[string]int{"curves": 2, "convergence": 3}[name]; titles != want {
			t.Errorf("%s: %d chart titles, want %d", name, titles, want)
		}
	}
}

// contains reports whether a holds b, but for slack pixels on each side.
func contains(a, b Rect, slack float32) bool {
	return b.X >= a.X-slack && b.Y >= a.Y-slack && b.X+b.W <= a.X+a.W+slack && b.Y+b.H <= a.Y+a.H+slack
}

// TestOutcomeKey: where the Outcome has room, it says what its columns
// within and edges are, and only those it shows.
func TestOutcomeKey(t *testing.T) {
	m := fixture(t)
	for _, w := range []float32{260, 300, 420, 640} {
		rc := &recorder{}
		drawOutcome(rc, Rect{X: 0, Y: 0, W: w, H: 900}, m)
		text := strings.Join(rc.texts, " ")
		for _, col := range []string{"within", "edges"} {
			shown := slices.ContainsFunc(outcomeColumns(rc, w), func(c column) bool { return c.name == col })
			said := strings.Contains(text, col+": ")
			if shown != said {
				t.Errorf("%v wide: column %s shown %v, said %v: %q", w, col, shown, said, rc.texts)
			}
		}
	}
}

// TestCurvesKeyRing: the error curves' foot says what the big ring is
// (the page's own draw) wherever it draws one and has the room, and not
// where it draws none.
func TestCurvesKeyRing(t *testing.T) {
	m := fixture(t)
	for !m.Prop.Converged {
		m.Prop.Advance()
	}
	rings := 0
	for _, labeled := range []float64{m.Params.Labeled, 99} {
		m.Params.Labeled = labeled
		rc := &recorder{}
		drawCurves(rc, Rect{X: 0, Y: 0, W: 900, H: 400}, m)
		big := slices.ContainsFunc(rc.rings, func(d recDisc) bool { return d.r == 5 && d.c == Ink })
		said := strings.Contains(rc.text(), "big ring: this draw")
		if big != said {
			t.Errorf("labeled %v%%: big ring drawn %v, said %v: %q", labeled, big, said, rc.texts)
		}
		if big {
			rings++
		}
	}
	if rings != 1 {
		t.Errorf("the big ring drawn in %d of 2 cases, want 1: the test tries too little", rings)
	}
}
