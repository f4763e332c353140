package view

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// graphView draws the graph shown (Params.Graph) by its layout: the nodes
// coloured by class, the strongest edges, the labeled samples ringed.
var graphView = &View{
	Name: "graph", Title: "Graph",
	Key: "Each node is a sample, placed by the graph's own layout. Colour and shape: its class; a ring: labeled; " +
		"a cross: a sample NNLRS's error term E takes as corrupted (|e| above the threshold the legend gives); a bar under: a sample " +
		"corrupted when the data were drawn. Edges: the strongest weights, grey within a class, thicker and orange-red across classes. " +
		"Hovering a node (or Inspect): its strongest neighbours, joined in black, and a card with its picture and weights",
	caption: func(m *ui.Model) []string { return []string{"Graph: " + params.GraphNames[m.Params.Graph]} },
	reads:   func(k *keyer, m *ui.Model) { readsGraph(k, m, false) },
	draw:    func(v *Views, c Canvas, r Rect, m *ui.Model) { v.drawGraph(c, r, m, false) },
	Places: &[3]Place{{Row: 0, Height: fixed(270)}, {Row: 0, Height: fixed(250)},
		{Row: 0, Height: Extent{Least: 260, OfWidth: 0.75, Most: 420}}},
}

// propagationView draws the labels spreading over the graph shown, step
// by step (Propagation).
var propagationView = &View{
	Name: "propagation", Title: "Propagation",
	Key: "The labels spreading along the graph shown, step by step (Play, Step, Reset). Colour and shape: the class predicted now, " +
		"paler when unsure; grey: no label has reached it yet; a ring: labeled; a double ring: predicted wrong",
	caption: propagationTitle,
	reads:   func(k *keyer, m *ui.Model) { readsGraph(k, m, true) },
	draw:    func(v *Views, c Canvas, r Rect, m *ui.Model) { v.drawGraph(c, r, m, true) },
	Places: &[3]Place{{Row: 0, Height: fixed(270)}, {Row: 0, Height: fixed(250)},
		{Row: 1, Height: Extent{Least: 260, OfWidth: 0.75, Most: 420}}},
}

// readsGraph keys what the graph view, or with prop the propagation view,
// shows: the graph shown, the hovered node, the NNLRS graph (its E flags
// samples), and the propagation's step.
func readsGraph(k *keyer, m *ui.Model, prop bool) {
	if !k.run(m) {
		return
	}
	k.graph(m.Shown())
	k.n(uint64(m.Hover + 1))
	if pr := &m.Prop; prop {
		k.n(uint64(pr.Step))
		k.s(pr.Method + pr.Err)
		k.bool(pr.Ready())
		k.bool(pr.Converged)
	}
	k.graphs(m, []method.Name{method.NNLRS})
}

func propagationTitle(m *ui.Model) []string {
	name := map[string]string{"ghf": "GHF", "lgc": "LGC"}[m.Params.Propagator]
	s := fmt.Sprintf("Propagation: %s on %s", name, params.GraphNames[m.Params.Graph])
	if !m.Prop.Ready() {
		return []string{s}
	}
	step := fmt.Sprintf("%s, step %d", s, m.Prop.Step)
	short := []string{fmt.Sprintf("Propagation: %s, step %d", name, m.Prop.Step), fmt.Sprintf("Propagation: step %d", m.Prop.Step)}
	if m.Prop.Converged {
		return append([]string{step + " (converged)", step + " (settled)", step}, short...)
	}
	return append([]string{step}, short...)
}

// The graph view draws at most MaxEdges edges, the strongest, and the
// hover card lists a node's strongest neighbours.
const (
	MaxEdges   = 1500
	neighbours = 5
)

// plotArea returns the square in r where the nodes go (the layout's unit
// square, with room for the nodes' radius), above a legend legendH high.
func plotArea(r Rect, legendH float32) Rect {
	side := min(r.W, r.H-legendH-4)
	return Rect{r.X + (r.W-side)/2, r.Y, side, side}.Inset(8)
}

// nodeRadius returns the radius of the n nodes in a square of the side.
func nodeRadius(n int, side float32) float32 {
	r := side / float32(6*math.Sqrt(float64(max(n, 1))))
	return max(2.5, min(r, 7))
}

// positions returns the canvas positions of the nodes of layout in sq.
func positions(layout []float64, sq Rect) []float32 {
	p := make([]float32, len(layout))
	for i := 0; i+1 < len(layout); i += 2 {
		p[i] = sq.X + float32(layout[i])*sq.W
		p[i+1] = sq.Y + (1-float32(layout[i+1]))*sq.H
	}
	return p
}

// NodePosition returns where node i of the graph shown is drawn in the
// panel called name, if it is, as Draw last drew it.
func (v *Views) NodePosition(m *ui.Model, name string, i int) (x, y float32, ok bool) {
	g := m.Shown()
	sq, drawn := v.plots[name]
	if g == nil || i < 0 || i >= g.N || !drawn {
		return 0, 0, false
	}
	pos := positions(g.Final.Layout[2*i:2*i+2], sq)
	return pos[0], pos[1], true
}

// NodeAt returns the node of the graph shown under (x, y) in the graph or
// propagation panel as Draw last drew it, or -1.
func (v *Views) NodeAt(m *ui.Model, panels []Panel, x, y float32) int {
	g := m.Shown()
	if g == nil {
		return -1
	}
	for _, p := range panels {
		sq, drawn := v.plots[p.Name]
		if !drawn || !p.Rect.Contains(x, y) {
			continue
		}
		pos := positions(g.Final.Layout, sq)
		best, bd := -1, float32(math.Inf(1))
		reach := nodeRadius(g.N, sq.W) + 3
		for i := 0; i < g.N; i++ {
			dx, dy := pos[2*i]-x, pos[2*i+1]-y
			if d := dx*dx + dy*dy; d < bd && d <= reach*reach {
				best, bd = i, d
			}
		}
		return best
	}
	return -1
}

// body returns the content area of a panel at text scale ts.
func body(r Rect, ts float32) Rect {
	return Rect{r.X + 10, r.Y + titleH(ts), r.W - 20, r.H - titleH(ts) - 8}
}

// edge is an edge of the graph view.
type edge struct {
	i, j int
	w    float64
}

// strongest returns the off-diagonal edges of w, strongest first, at most
// limit of them.
func strongest(w []float64, n, limit int) []edge {
	var es []edge
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if v := w[i*n+j]; v > 0 {
				es = append(es, edge{i, j, v})
			}
		}
	}
	sort.Slice(es, func(a, b int) bool {
		if es[a].w != es[b].w {
			return es[a].w > es[b].w
		}
		return es[a].i < es[b].i || es[a].i == es[b].i && es[a].j < es[b].j
	})
	if len(es) > limit {
		es = es[:limit]
	}
	return es
}

// EdgeColour returns the colour of an edge of weight w (of the largest
// wmax) between samples of classes a and b: grey within a class, red
// across classes, more opaque the stronger. Unknown classes are −1.
func EdgeColour(w, wmax float64, a, b int) color.RGBA {
	base := Muted
	if a >= 0 && b >= 0 && a != b {
		base = Across
	}
	return Alpha(base, 0.12+0.68*w/wmax)
}

// classOf returns the class index of every node, or −1 without labels.
func classOf(d *ui.Data, n int) []int {
	k := make([]int, n)
	for i := range k {
		k[i] = -1
	}
	if d == nil || d.Labels == nil || len(d.Labels) != n {
		return k
	}
	idx := ClassIndex(d.Labels)
	for i, l := range d.Labels {
		k[i] = idx[l]
	}
	return k
}

// drawGraph draws the graph shown: nodes coloured by class (or, for the
// propagation view, by F(t)), labeled nodes ringed, flagged samples crossed,
// edges by weight, and the hovered node with its strongest neighbours.
func (v *Views) drawGraph(c Canvas, r Rect, m *ui.Model, prop bool) {
	if !prop {
		v.card = nil
	}
	g := m.Shown()
	if g == nil {
		placeholder(c, r, waiting(m))
		return
	}
	n := g.N
	data := m.Run.Data
	class := classOf(data, n)
	flagged := v.flagged(m, g)
	corrupted := corruptedOf(data, n)
	legend := v.legend(c, r.W, m, g, prop, flagged != nil, corrupted != nil)
	key := classKey(c, r.W, data)
	lh := lineH(c, Small)
	sq := plotArea(r, float32(len(legend)+key.rows)*lh)
	name := "graph"
	if prop {
		name = "propagation"
	}
	v.plots[name] = sq
	pos := positions(g.Final.Layout, sq)
	rad := nodeRadius(n, sq.W)

	layer := "edges-graph"
	if prop {
		layer = "edges-propagation"
	}
	c.Layer(layer, g.Version, sq.Inset(-8), func(c Canvas) {
		es := strongest(g.W, n, MaxEdges)
		for k := len(es) - 1; k >= 0; k-- { // strongest on top
			e := es[k]
			width := float32(1)
			if class[e.i] >= 0 && class[e.j] >= 0 && class[e.i] != class[e.j] {
				width = 1.6 // across classes: thicker as well as another colour
			}
			c.Line(pos[2*e.i], pos[2*e.i+1], pos[2*e.j], pos[2*e.j+1], width, EdgeColour(e.w, es[0].w, class[e.i], class[e.j]))
		}
	})

	var res *propagate.Result
	var idx map[int]int
	if prop {
		if res = m.Prop.Result(g.Method); res == nil {
			msg := m.Prop.Err
			if b := m.Building(); msg == "" && b != "" {
				msg = "The labels spread once every graph is built: " + b
			} else if msg == "" {
				msg = "Nothing to propagate on this graph."
			}
			placeholder(c, r, msg)
			return
		}
		idx = ClassIndex(data.Labels)
	}
	given := func(i int) bool { return data != nil && data.Given != nil && data.Given[i] != propagate.Unlabeled }
	for i := 0; i < n; i++ {
		x, y := pos[2*i], pos[2*i+1]
		fill, shape := Unknown, Circle
		switch {
		case prop:
			fill = propagationColour(res, i, idx)
			if p := res.Pred[i]; p != propagate.Unlabeled {
				shape = ClassShape(idx[p])
			}
		case !prop && class[i] >= 0:
			fill, shape = ClassColour(class[i]), ClassShape(class[i])
		}
		Marker(c, shape, x, y, rad, fill)
		switch {
		case given(i):
			c.Ring(x, y, rad+1.5, 2, Ink)
		case prop && res.Pred[i] != propagate.Unlabeled && res.Pred[i] != data.Labels[i]:
			// Wrong: a double ring, not told from the labeled's by colour
			// alone.
			c.Ring(x, y, rad+1.5, 1.5, Across)
			c.Ring(x, y, rad+4, 1.5, Across)
		}
		if flagged != nil && flagged[i] && !prop {
			d := rad * 0.9
			c.Line(x-d, y-d, x+d, y+d, 1.5, Ink)
			c.Line(x-d, y+d, x+d, y-d, 1.5, Ink)
		}
		if corrupted != nil && corrupted[i] && !prop {
			// The truth, beside E's guess: a bar under the sample,
			// clear of its ring.
			b := y + rad + 3.5
			c.Line(x-rad-1, b, x+rad+1, b, 2, Ink)
		}
	}
	y := r.Y + r.H - float32(len(legend)+key.rows)*lh
	key.draw(c, r.X, y, lh)
	y += float32(key.rows) * lh
	for _, l := range legend {
		c.Text(l, r.X, y, Small, Muted)
		y += lh
	}
	if h := m.Hover; h >= 0 && h < n {
		v.hover(c, r, m, g, pos, rad, class, flagged, h, !prop)
	}
}

// corruptedOf returns which of the n samples were grossly corrupted when
// the data were drawn (ui.Data.Corrupted), nil when none was.
func corruptedOf(data *ui.Data, n int) []bool {
	if data == nil || len(data.Corrupted) != n {
		return nil
	}
	for _, c := range data.Corrupted {
		if c {
			return data.Corrupted
		}
	}
	return nil
}

// flagged returns the samples NNLRS's error term E singles out (ui.Run.Outliers),
// whatever graph is shown; nil when there are none.
func (v *Views) flagged(m *ui.Model, g *ui.Graph) []bool {
	f, _ := m.Run.Outliers()
	if len(f) != g.N || !slices.Contains(f, true) {
		return nil
	}
	return f
}

// propagationColour is the colour of node i under F(t): the predicted
// class's colour, paler the less certain (the largest score's share of
// the row), light grey with no prediction.
func propagationColour(res *propagate.Result, i int, idx map[int]int) color.RGBA {
	p := res.Pred[i]
	if p == propagate.Unlabeled {
		return Unknown
	}
	_, c := res.F.Dims()
	var sum, best float64
	for k := 0; k < c; k++ {
		v := math.Max(0, res.F.At(i, k))
		sum += v
		best = math.Max(best, v)
	}
	share := 1.0
	if sum > 0 && c > 1 {
		share = (best/sum - 1/float64(c)) / (1 - 1/float64(c))
	}
	return Mix(PanelFill, ClassColour(idx[p]), 0.3+0.7*share)
}

// A key names the classes of data whose file named them (a CSV's label
// column of names): each class's marker, in its colour, and its name, in
// rows of the view's width.
type key struct {
	rows  int
	mark  float32 // a marker's radius
	items []keyItem
}

type keyItem struct {
	class int // colour and shape index (ClassIndex)
	name  string
	x     float32 // from the view's left
	row   int
}

// classKey lays out the key of the classes of data within width w; no
// rows when the classes have no names.
func classKey(c Canvas, w float32, data *ui.Data) key {
	if data == nil || data.ClassNames == nil || data.Labels == nil {
		return key{}
	}
	idx := ClassIndex(data.Labels)
	labels := make([]int, 0, len(idx))
	for l := range idx {
		labels = append(labels, l)
	}
	slices.SortFunc(labels, func(a, b int) int { return idx[a] - idx[b] })
	k := key{mark: FontSize(Small, c.TextScale()) * 0.45}
	mark := k.mark
	x := float32(0)
	for _, l := range labels {
		name := Fit(c, Small, w-3*mark, data.ClassName(l))
		iw := 2*mark + 4 + c.TextWidth(name, Small)
		if x > 0 && x+iw > w {
			k.rows++
			x = 0
		}
		k.items = append(k.items, keyItem{class: idx[l], name: name, x: x, row: k.rows})
		x += iw + 2*mark
	}
	k.rows++
	return k
}

// draw draws the key with its first row's top at (x, y), lines lh apart.
func (k key) draw(c Canvas, x, y, lh float32) {
	mark := k.mark
	for _, it := range k.items {
		top := y + float32(it.row)*lh
		Marker(c, ClassShape(it.class), x+it.x+mark, top+lh/2, mark, ClassColour(it.class))
		c.Text(it.name, x+it.x+2*mark+4, top, Small, Muted)
	}
}

// legend writes under the graph what the picture shows, and how to read
// it.
func (v *Views) legend(c Canvas, w float32, m *ui.Model, g *ui.Graph, prop, flags, corrupt bool) []string {
	f := g.Final
	var firsts, seconds []string
	if prop {
		firsts = []string{
			fmt.Sprintf("%d unlabeled samples; misclassified now: %.1f%%", unlabeled(m), 100*m.Prop.ErrorRate(g.Method)),
			fmt.Sprintf("%d unlabeled; wrong now: %.1f%%", unlabeled(m), 100*m.Prop.ErrorRate(g.Method)),
		}
		seconds = []string{
			"colour and shape: predicted class, paler when unsure; grey: no label yet; ring: labeled; double ring: wrong",
			"colour, shape: predicted class; grey: none yet; ring: labeled; double ring: wrong",
		}
	} else {
		pieces := fmt.Sprintf("%d connected pieces", f.Components)
		if f.Components == 1 {
			pieces = "connected"
		}
		firsts = []string{
			fmt.Sprintf("%d samples; %.0f%% of the possible edges; %s", g.N, 100*f.Density, pieces),
			fmt.Sprintf("%d samples; %.0f%% of edges; %s", g.N, 100*f.Density, pieces),
		}
		cross, short := "", ""
		if flags {
			_, t := m.Run.Outliers()
			cross = fmt.Sprintf("; cross: a sample NNLRS's error term E takes as corrupted (|e| > %.2f)", t)
			short = fmt.Sprintf("; cross: corrupted by E (|e| > %.2f)", t)
		}
		if corrupt {
			cross += "; bar under: corrupted when the data were drawn"
			short += "; bar under: truly corrupted"
		}
		seconds = []string{
			"colour and shape: class; ring: labeled; edges: grey within a class, thick orange-red across" + cross,
			"colour, shape: class; ring: labeled; thick edge: across classes" + short,
		}
	}
	// The longer words while they take three lines at most.
	var lines []string
	for k := range firsts {
		lines = append(Wrap(c, firsts[k], Small, w), Wrap(c, seconds[k], Small, w)...)
		if len(lines) <= 3 {
			break
		}
	}
	return lines
}

// unlabeled counts the samples without a given label.
func unlabeled(m *ui.Model) int {
	u := 0
	if m.Run != nil && m.Run.Data != nil {
		for _, l := range m.Run.Data.Given {
			if l == propagate.Unlabeled {
				u++
			}
		}
	}
	return u
}

// hover draws node h's strongest edges and, if card, a card with its
// sample.
func (v *Views) hover(c Canvas, r Rect, m *ui.Model, g *ui.Graph, pos []float32, rad float32, class []int, flagged []bool, h int, card bool) {
	nb := ui.StrongestNeighbours(g, h, neighbours)
	for _, e := range nb {
		c.Line(pos[2*h], pos[2*h+1], pos[2*e.J], pos[2*e.J+1], 2.5, Ink)
		c.Ring(pos[2*e.J], pos[2*e.J+1], rad+2, 1.5, Ink)
	}
	c.Ring(pos[2*h], pos[2*h+1], rad+3, 2.5, Ink)
	if !card {
		return
	}

	// The card.
	data := m.Run.Data
	lines := []string{fmt.Sprintf("sample %d", h+1)}
	if data != nil && data.Labels != nil {
		lines[0] += ", class " + data.ClassName(data.Labels[h])
		if data.Given != nil && data.Given[h] != propagate.Unlabeled {
			lines[0] += ", labeled"
		}
	}
	if e := g.Final.ENorm; e != nil {
		l := fmt.Sprintf("|e| = %.2f", e[h])
		if flagged != nil && flagged[h] {
			l += ", flagged as corrupted"
		}
		lines = append(lines, l)
	}
	if data != nil && data.Corrupted != nil && data.Corrupted[h] {
		lines = append(lines, "(corrupted when the data were drawn)")
	}
	if len(nb) == 0 {
		lines = append(lines, "no neighbours")
	} else {
		lines = append(lines, "strongest neighbours:")
	}
	var pic *image.RGBA
	var thumbs []*image.RGBA // the neighbours' images, for image data
	if data != nil {
		pic, thumbs = v.samplePictures(data, g.Version, h, nb)
	}
	lh := lineH(c, Small)
	rowH, thumbW := lh, float32(0)
	if thumbs != nil {
		thumbW = float32(math.Round(float64(2*lh) * float64(data.ImageW) / float64(data.ImageH)))
		rowH = 2*lh + 2
	}
	w := float32(0)
	for _, l := range lines {
		w = max(w, c.TextWidth(l, Small))
	}
	w = max(w, 150) + 16
	for _, e := range nb {
		need := 24 + c.TextWidth(neighbourLine(data, e), Small) + 8 // disc, text, margin
		if thumbs != nil {
			need += thumbW + 6
		}
		w = max(w, need)
	}
	hgt := 8 + float32(len(lines))*lh + float32(len(nb))*rowH + 8
	if pic != nil {
		hgt += cardPic + 6
	}
	d := rad + cardClear
	box, clear := cardPlace(pos[2*h], pos[2*h+1], d, w, hgt, r)
	drawCard := func(c Canvas, box Rect) {
		v.drawCard(c, box, data, pic, thumbs, lines, nb, class, rowH, thumbW)
	}
	if !clear {
		// No room in the view: the card goes over the views beside it
		// (Draw's overlay), clear of the node.
		v.card = &cardSpec{x: pos[2*h], y: pos[2*h+1], d: d, w: w, h: hgt, draw: drawCard}
		return
	}
	drawCard(c, box)
}

// drawCard draws the hover card in box: the sample's picture, its lines,
// and a row per neighbour nb.
func (v *Views) drawCard(c Canvas, box Rect, data *ui.Data, pic *image.RGBA, thumbs []*image.RGBA, lines []string, nb []ui.Neighbour, class []int, rowH, thumbW float32) {
	lh := lineH(c, Small)
	x, y, w := box.X, box.Y, box.W
	c.Fill(box, Ink)
	c.Fill(box.Inset(1), Card)
	ty := y + 8
	if pic != nil {
		pw := w - 16 // a bar chart: wide
		if isImage(data) {
			pw = float32(math.Round(cardPic * float64(data.ImageW) / float64(data.ImageH)))
		}
		c.Image(pic, Rect{x + 8, ty, pw, cardPic})
		ty += cardPic + 6
	}
	for _, l := range lines {
		c.Text(l, x+8, ty, Small, Ink)
		ty += lh
	}
	for i, e := range nb {
		col := Unknown
		if class[e.J] >= 0 {
			col = ClassColour(class[e.J])
		}
		c.Disc(x+14, ty+rowH/2, 4, col)
		tx := x + 24
		if thumbs != nil {
			c.Image(thumbs[i], Rect{tx, ty, thumbW, 2 * lh})
			tx += thumbW + 6
		}
		c.Text(neighbourLine(data, e), tx, ty+(rowH-lh)/2, Small, Ink)
		ty += rowH
	}
}

// cardPic is the height of the sample's picture on the hover card.
const cardPic = 64

// cardClear is the room a hover card leaves around its node beyond the
// node's radius: its ring (rad+3, 2.5 wide) and a gap.
const cardClear = 8

// cardSpec is a hover card too large for its view, which Draw lays over
// the canvas: its node at (x, y), to keep d clear of; its size w×h; and
// how to draw it in a box.
type cardSpec struct {
	x, y, d, w, h float32
	draw          func(Canvas, Rect)
}

// cardPlace returns where a w×h card goes in r for the node at (x, y),
// and whether it keeps at least d from the node inside r. It tries, in
// turn, right of the node, left of it, below and above it, each slid
// along the other axis to stay in r; where none fits (a card nearly as
// large as r), the corner of r farthest from the node, not clear.
func cardPlace(x, y, d, w, h float32, r Rect) (Rect, bool) {
	clampX := func(v float32) float32 { return max(r.X, min(v, r.X+r.W-w)) }
	clampY := func(v float32) float32 { return max(r.Y, min(v, r.Y+r.H-h)) }
	for _, c := range []Rect{
		{x + d, clampY(y + d - h/4), w, h},     // right
		{x - d - w, clampY(y + d - h/4), w, h}, // left
		{clampX(x + d), y + d, w, h},           // below
		{clampX(x + d), y - d - h, w, h},       // above
	} {
		if c.X >= r.X && c.Y >= r.Y && c.X+c.W <= r.X+r.W && c.Y+c.H <= r.Y+r.H {
			return c, true
		}
	}
	c := Rect{r.X, r.Y, w, h}
	if x < r.X+r.W/2 {
		c.X = clampX(r.X + r.W - w)
	}
	if y < r.Y+r.H/2 {
		c.Y = clampY(r.Y + r.H - h)
	}
	return c, false
}

// isImage reports whether the samples of d are images (SamplePicture
// draws them as such).
func isImage(d *ui.Data) bool {
	return d != nil && d.ImageW > 0 && d.ImageH > 0 && d.ImageW*d.ImageH == d.D
}

// neighbourLine describes neighbour e on the card.
func neighbourLine(data *ui.Data, e ui.Neighbour) string {
	label := ""
	if data != nil && data.Labels != nil {
		label = ", class " + data.ClassName(data.Labels[e.J])
	}
	return fmt.Sprintf("sample %d%s, w %.3f", e.J+1, label, e.W)
}

// samplePictures returns the picture of sample h (samplePicture) and, for
// image data, those of its neighbours nb; they are cached for the last
// node asked.
func (v *Views) samplePictures(d *ui.Data, version uint64, h int, nb []ui.Neighbour) (*image.RGBA, []*image.RGBA) {
	key := [2]uint64{version, uint64(h)}
	if v.sample.data != nil && v.sample.key == key {
		return v.sample.data, v.sample.neighbours
	}
	pic := samplePicture(d, h)
	if pic == nil {
		return nil, nil
	}
	var thumbs []*image.RGBA
	if isImage(d) {
		for _, e := range nb {
			thumbs = append(thumbs, samplePicture(d, e.J))
		}
	}
	v.sample = sampleEntry{pic, thumbs, key}
	return pic, thumbs
}

// samplePicture returns the picture of sample h: the image for image data
// (grey levels scaled to the sample's range), else a profile of its
// coordinates as a one-row strip of grey levels; nil without the sample.
func samplePicture(d *ui.Data, h int) *image.RGBA {
	if d.D == 0 || len(d.X) < (h+1)*d.D {
		return nil
	}
	return SamplePicture(d.X[h*d.D:(h+1)*d.D], d.ImageW, d.ImageH, demo.Photo(d.Name))
}

// SamplePicture draws a sample: a w×h image in grey levels, bright for
// its largest values when it is a photograph (photo), dark otherwise, as
// ink on paper (column-major pixels, as dataset.Set), when w·h is the
// sample's length; else a bar chart of its coordinates, one column each,
// up from the middle for positive values and down for negative ones.
func SamplePicture(x []float64, w, h int, photo bool) *image.RGBA {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range x {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if w > 0 && h > 0 && w*h == len(x) {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for px := 0; px < w; px++ {
			for py := 0; py < h; py++ {
				t := 0.5
				if hi > lo {
					t = (x[py+px*h] - lo) / (hi - lo)
				}
				if !photo {
					t = 1 - t // ink: the highest value darkest
				}
				g := uint8(math.Round(255 * t))
				img.SetRGBA(px, py, color.RGBA{g, g, g, 0xff})
			}
		}
		return img
	}
	const rows = 33 // an odd count: row 16 is zero
	img := image.NewRGBA(image.Rect(0, 0, len(x), rows))
	top := math.Max(math.Abs(lo), math.Abs(hi))
	for i, v := range x {
		bar := 0
		if top > 0 {
			bar = int(math.Round(v / top * (rows / 2)))
		}
		for y := 0; y < rows; y++ {
			c := PanelFill
			switch {
			case y == rows/2:
				c = Rule
			case bar > 0 && y < rows/2 && y >= rows/2-bar, bar < 0 && y > rows/2 && y <= rows/2-bar:
				c = Ink
			}
			img.SetRGBA(i, y, c)
		}
	}
	return img
}
