package view

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/core/propagate"
	"nnlrs/ui"
	"nnlrs/ui/params"
)

// The paper's figures in the page (params.PaperFigures): its tables as
// charts of our error rates at the paper's scale (filled, with their
// spread over the trials) beside the paper's (rings), a † on ours where
// the two differ by more than paper.FarPoints; its weights figure as the
// command line drew it from the same runs; its sample images as the
// samples of the page's own draw.

// paperRows are the graphs a table figure charts: the page's four, and the
// paper's own variants where the table has them.
var paperRows = map[string][]method.Name{
	"ghf":    {method.KNN0, method.L1, method.LRR, method.NNLRS, method.NNLRSEF},
	"lgc":    {method.KNN0, method.L1, method.LRR, method.NNLRS, method.NNLRSEF},
	"lgc-mu": {method.KNN0, method.L1, method.LRR, method.NNLRS, method.NNLRSEF},
	"sda":    {method.KNN0, method.L1, method.LRR, method.NNLRS},
	"joint":  {method.NNLRS, method.PCANNLRS, method.NNLRSEF},
}

// paperTableRows are the graphs a table figure's table lists where they
// are more than it charts: Tables I and II's nine columns.
var paperTableRows = map[string][]method.Name{
	"ghf":    paper.Columns,
	"lgc":    paper.Columns,
	"lgc-mu": paper.Columns,
}

// graphName names a graph in the paper's figures: its name on the page
// (method.Label), but kNN0 as the paper's tables name it, beside kNN1.
func graphName(g method.Name) string {
	if g == method.KNN0 {
		return method.Title(g)
	}
	return method.Label(g)
}

// paperView draws a figure of the paper (Params.Paper), alone: ours at
// the paper's scale beside the paper's numbers, or its live version on the
// page's draw.
var paperView = &View{
	Name: "paper", Title: "The paper",
	Key: "Ours at the paper's scale: discs, the mean over the trials, with bars of ±1 standard deviation; the paper's numbers: rings; " +
		"†: ours more than " + strconv.Itoa(paper.FarPoints) + " points from the paper's. The table under the chart: ours above, the paper's in brackets",
	caption: paperTitle,
	reads: func(k *keyer, m *ui.Model) {
		p := m.Params
		k.s(p.Paper)
		k.n(uint64(p.Live))
		k.bool(m.Evidence != nil)
		k.n(uint64(len(m.Figures)))
		if !k.run(m) {
			return
		}
		k.f(p.Labeled)
		k.s(p.Flip)
		k.n(p.LabelSeed)
		if s := m.Study; s != nil {
			k.n(uint64(len(s.Err)))
			k.bool(s.Finished())
		}
	},
	progress: func(k *keyer, m *ui.Model) {
		// Redrawn at every tenth of the study, not at every evaluation: a
		// frame computes a few.
		if s := m.Study; s != nil && m.Run != nil {
			k.n(uint64(10 * s.Done / max(1, s.Total)))
		}
	},
	draw: (*Views).drawPaper,
}

// rowColour is the colour of row k of a comparison block: its graph's, or
// for rows without one (the β sweep's labeled shares) the class palette's.
func rowColour(row *paper.Row, k int) color.RGBA {
	if c, ok := GraphColours[row.Graph]; ok {
		return c
	}
	return Palette[k%len(Palette)]
}

// paperTitle is the title of the paper panel, longest first; the last
// names the figure alone ("Table I").
func paperTitle(m *ui.Model) []string {
	t := params.PaperTitles[m.Params.Paper]
	name, _, _ := strings.Cut(t, ":")
	if live(m) || m.Params.Paper == "samples" && m.Params.Live == 1 {
		return []string{"The paper, live on the page's draw: " + t, "Live: " + t, "Live: " + name}
	}
	return []string{"The paper: " + t, t, name}
}

// drawPaper draws the figure m.Params.Paper in r.
func (v *Views) drawPaper(c Canvas, r Rect, m *ui.Model) {
	name := m.Params.Paper
	switch name {
	case "samples":
		if m.Params.Live == 1 {
			v.drawGallery(c, r, m)
		} else {
			drawGalleries(c, r, m)
		}
		return
	case "weights":
		drawFigures(c, r, m)
		return
	}
	cmp := m.Evidence.Comparison(name)
	if live(m) {
		drawLive(c, r, m, cmp)
		return
	}
	if cmp == nil || len(cmp.Blocks) == 0 {
		msg := "Loading the paper's numbers..."
		if m.Evidence != nil {
			msg = "This site carries no runs for this figure (docs/results, nnlrs reproduce)."
		}
		placeholder(c, r, msg)
		return
	}
	bs := paperBlocks(r, len(cmp.Blocks), c.TextScale())
	for i, b := range cmp.Blocks {
		drawBlock(c, bs[i], cmp, b, name, 0)
	}
}

// live reports whether m shows the live version of a paper figure.
func live(m *ui.Model) bool { return m.Params.Live == 1 && ui.HasStudy(m.Params.Paper) }

// drawLive draws the live version of the figure: the study of the page's
// draw, beside ours at the paper's scale on the same data set (cmp) when
// the site has it.
func drawLive(c Canvas, r Rect, m *ui.Model, cmp *paper.Comparison) {
	s := m.Study
	if s == nil {
		placeholder(c, r, waiting(m))
		return
	}
	if s.Err != "" {
		placeholder(c, r, s.Err)
		return
	}
	name := m.Params.Paper
	shape := &paper.Comparison{Name: name, XLabel: "labeled %"}
	if cmp != nil {
		shape = cmp
	} else if name == "beta" {
		shape.XLabel = "β"
	}
	blocks := []*paper.Block{s.Block}
	if cmp != nil {
		for _, b := range cmp.Blocks {
			if b.Dataset == s.Block.Dataset {
				pb := *b
				pb.Title += " at the paper's scale"
				blocks = append(blocks, &pb)
			}
		}
	}
	live := *s.Block
	if !s.Finished() {
		live.Title += fmt.Sprintf(" (computing, %d%%)", 100*s.Done/max(1, s.Total))
	}
	blocks[0] = &live
	bs := paperBlocks(r, len(blocks), c.TextScale())
	// The page's draw and the paper's scale on one scale of error.
	hi := 0.0
	for _, b := range blocks {
		hi = max(hi, blockHigh(b, shownRows(b, name)))
	}
	for i, b := range blocks {
		drawBlock(c, bs[i], shape, b, name, hi)
	}
}

// paperBlocks splits r into n blocks: in as many columns as give each
// MinW at text scale ts, row by row.
func paperBlocks(r Rect, n int, ts float32) []Rect {
	var out []Rect
	if n == 0 {
		return out
	}
	cols := max(1, min(n, int((r.W+Gap)/(MinW*ts+Gap))))
	rows := (n + cols - 1) / cols
	w := (r.W - float32(cols-1)*Gap) / float32(cols)
	h := (r.H - float32(rows-1)*Gap) / float32(rows)
	for i := 0; i < n; i++ {
		x, y := float32(i%cols), float32(i/cols)
		out = append(out, Rect{r.X + x*(w+Gap), r.Y + y*(h+Gap), w, h})
	}
	return out
}

// shownRows returns the rows of b figure name charts.
func shownRows(b *paper.Block, name string) []*paper.Row {
	return pickRows(b, paperRows[name])
}

// tabledRows returns the rows of b figure name lists in its table: those
// of paperTableRows, else those it charts.
func tabledRows(b *paper.Block, name string) []*paper.Row {
	if want, ok := paperTableRows[name]; ok {
		return pickRows(b, want)
	}
	return shownRows(b, name)
}

// pickRows returns the rows of b of the graphs want, in its order; all of
// them for none.
func pickRows(b *paper.Block, want []method.Name) []*paper.Row {
	if want == nil {
		return b.Rows
	}
	var out []*paper.Row
	for _, g := range want {
		for _, row := range b.Rows {
			if row.Graph == g {
				out = append(out, row)
			}
		}
	}
	return out
}

// colLabel formats column k of b: its name if it has one, else a labeled
// share in percent, or β.
func colLabel(cmp *paper.Comparison, b *paper.Block, k int) string {
	if k < len(b.ColumnNames) {
		return b.ColumnNames[k]
	}
	x := b.Columns[k]
	if cmp.Name == "beta" {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strconv.FormatFloat(100*x, 'g', -1, 64) + "%"
}

// blockHigh is the top of the error axis that a chart of rows of b
// needs: the highest of ours (plus its spread) and the paper's, rounded up
// to ten percent, at least 10.
func blockHigh(b *paper.Block, rows []*paper.Row) float64 {
	hi := 0.0
	for _, row := range rows {
		for _, cell := range row.Cells {
			if cell.Ours != nil {
				hi = math.Max(hi, *cell.Ours+*cell.Std)
			}
			if cell.Paper != nil {
				hi = math.Max(hi, *cell.Paper)
			}
		}
	}
	return math.Max(10, 10*math.Ceil(hi/10))
}

// drawBlock draws one data set of a comparison: a chart of the rows
// against the columns, then a table of the numbers. hi is the top of the
// chart's error axis, 0 for the block's own (blockHigh).
func drawBlock(c Canvas, r Rect, cmp *paper.Comparison, b *paper.Block, name string, hi float64) {
	lh := lineH(c, Small)
	rows, trows := shownRows(b, name), tabledRows(b, name)
	head := fmt.Sprintf("%s: ours, mean of %d trials (discs, bars ±1 sd; above in the table); the paper's (rings; in brackets); † more than %d points apart",
		b.Title, b.Trials, paper.FarPoints)
	switch {
	case cmp.Name == "scale":
		head = fmt.Sprintf("%s: mean of %d trials at each draw (discs, bars ±1 sd), parameters chosen by cross-validation on the labeled samples; under each error, in grey, the graph's connected components",
			b.Title, b.Trials)
	case b.Command == "": // measured in the page
		head = fmt.Sprintf("%s: mean of %d draws of the labeled samples (discs, bars ±1 sd; above in the table); the paper's at its scale (rings; in brackets); † more than %d points apart",
			b.Title, b.Trials, paper.FarPoints)
	}
	if cmp.Name == "beta" {
		// Its rates are SDA's on PIE, which read as contradicting Table I's
		// GHF rates unless said.
		lambda := "λ = 10, as in the paper"
		if b.Command == "" {
			lambda = "the λ of the page's settings"
		}
		head = "Table IV: NNLRS classified by SDA + nearest neighbour (Table I is GHF), " + lambda + ". " + head
	}
	lines := Wrap(c, head, Small, r.W)
	for i, l := range lines {
		c.Text(l, r.X, r.Y+float32(i)*lh, Small, Ink)
	}
	foot := Wrap(c, reachedFoot(b, rows), Small, r.W)
	footH := float32(len(foot)) * lh
	for i, l := range foot {
		c.Text(l, r.X, r.Y+r.H-footH+float32(i)*lh, Small, Muted)
	}
	top := r.Y + float32(len(lines))*lh + 4
	// The table's columns, in as many sections (one under the other) as
	// it takes to give each column room for the paper's "(100.00)" and
	// ours, "100.0†".
	// The rows' quantity heads their column: the graphs, or the β
	// sweep's labeled shares.
	corner := "graph"
	if cmp.Name == "beta" {
		corner = "labeled"
	}
	nameW := c.TextWidth(corner, Small) - 13
	for _, row := range trows {
		nameW = max(nameW, c.TextWidth(rowName(row), Small))
	}
	nameW += 13 + 8 // the swatch, and a gap before the first column
	n := len(b.Columns)
	least := max(c.TextWidth("(100.00)", Small), c.TextWidth("100.0†", Small)) + 2
	per := max(1, min(n, int((r.W-nameW)/least)))
	sections := (n + per - 1) / max(per, 1)
	tableH := float32(sections) * float32(len(trows)+1) * 2 * lh
	chartH := r.H - (top - r.Y) - tableH - 2*lh - footH
	if chartH < 120 { // too low for both: the chart alone
		tableH = 0
		chartH = r.H - (top - r.Y) - 2*lh - footH
	}
	if hi <= 0 {
		hi = blockHigh(b, rows)
	}
	axisW := c.TextWidth("100%", Small) + 6
	n0 := max(n, 1)
	plotW := r.W - axisW - 4
	ticks := make([]string, n)
	for k := range ticks {
		ticks[k] = colLabel(cmp, b, k)
	}
	tl := tickLayout(c, ticks, func(k int) float32 { return r.X + axisW + plotW*(float32(k)+0.5)/float32(n0) }, r.X+axisW, r.X+r.W)
	// The extra rows of staggered tick labels come out of the chart.
	extra := float32(tl.rows-1) * lh
	chartH -= extra
	// The columns' quantity on its own line above the plot, where no
	// curve reaches it.
	box := Rect{r.X + axisW, top + lh, r.W - axisW - 4, chartH - lh}
	axes(c, box, r.X, fmt.Sprintf("%g%%", hi), "0%")
	xl := Clip(c, cmp.XLabel, Small, box.W-8)
	c.Text(xl, box.X+box.W-c.TextWidth(xl, Small)-4, top, Small, Muted)
	xOf := func(k int) float32 { return box.X + box.W*(float32(k)+0.5)/float32(n0) }
	yOf := func(v float64) float32 { return box.Y + box.H*(1-float32(v/hi)) }
	for k, s := range ticks {
		if tl.row[k] >= 0 {
			c.Text(s, tl.x[k], box.Y+box.H+2+float32(tl.row[k])*lh, Small, Muted)
		}
	}
	// The shapes first, then the marks: the page's canvas draws the
	// shapes in batches that a text ends, each batch costly.
	type mark struct{ x, y float32 }
	var marks []mark
	for i, row := range rows {
		col := rowColour(row, i)
		var xy []float32
		for k, cell := range row.Cells {
			if cell.Paper != nil {
				c.Ring(xOf(k), yOf(*cell.Paper), 4, 1.2, col)
			}
			if cell.Ours == nil {
				continue
			}
			x, y := xOf(k), yOf(*cell.Ours)
			xy = append(xy, x, y)
			c.Line(x, yOf(*cell.Ours-*cell.Std), x, yOf(*cell.Ours+*cell.Std), 1, col)
			c.Disc(x, y, 2.5, col)
			if cell.Far {
				marks = append(marks, mark{x + 3, y - lh})
			}
		}
		if len(xy) >= 4 {
			c.Polyline(xy, 1.5, col)
		}
	}
	for _, mk := range marks {
		c.Text("†", mk.x, mk.y, Small, Alarm)
	}
	if tableH == 0 {
		return
	}
	// The table: a row per graph, ours above the paper's in each column.
	// The paper's numbers as it printed them, ours to one decimal.
	cw := (r.W - nameW) / float32(per)
	fmtNum := func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }
	paperNum := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	// The components in words where every cell has room for them, else
	// as numbers in every cell (the block's heading says what they are).
	short := false
	for _, row := range trows {
		for _, cell := range row.Cells {
			if cell.Components != nil && c.TextWidth(pieces(*cell.Components, false), Small) > cw-2 {
				short = true
			}
		}
	}
	for sec := range sections {
		ty := box.Y + box.H + extra + lh + 6 + float32(sec)*float32(len(trows)+1)*2*lh
		k0, k1 := sec*per, min(n, (sec+1)*per)
		c.Text(corner, r.X, ty, Small, Muted)
		for k := k0; k < k1; k++ {
			s := colLabel(cmp, b, k)
			c.Text(Clip(c, s, Small, cw-2), r.X+nameW+float32(k-k0)*cw, ty, Small, Muted)
		}
		for i, row := range trows {
			y := ty + float32(i+1)*2*lh
			// A swatch for the graphs the chart draws; the table's others
			// have none.
			if k := slices.Index(rows, row); k >= 0 {
				c.Fill(Rect{r.X, y + 5, 10, 3}, rowColour(row, k))
			}
			c.Text(rowName(row), r.X+13, y, Small, Ink)
			for k := k0; k < k1 && k < len(row.Cells); k++ {
				cell := row.Cells[k]
				x := r.X + nameW + float32(k-k0)*cw
				ours, ink := "–", Muted
				if cell.Ours != nil {
					ours, ink = fmtNum(*cell.Ours), Ink
					if cell.Far {
						ours += "†"
						ink = Alarm
					}
				}
				c.Text(Clip(c, ours, Small, cw-2), x, y, Small, ink)
				switch {
				case cell.Paper != nil:
					c.Text(Clip(c, "("+paperNum(*cell.Paper)+")", Small, cw-2), x, y+lh, Small, Muted)
				case cell.Components != nil:
					c.Text(Clip(c, pieces(*cell.Components, short), Small, cw-2), x, y+lh, Small, Muted)
				}
			}
		}
	}
}

// tickGap is the least room between two tick labels on one line.
const tickGap = 6

// tickPlan is where a chart's tick labels go: label k's left edge x[k] on
// line row[k] under the axis (-1: not drawn), on rows lines.
type tickPlan struct {
	x    []float32
	row  []int
	rows int
}

// tickLayout places the tick labels of a chart's columns, label k centred
// on xOf(k) and kept within [left, right]: on one line if no two
// neighbours come closer than tickGap, else staggered on two lines (label
// k on line k mod 2), else every second, third, ... label on one or two
// lines, the first and those at multiples of the step drawn.
func tickLayout(c Canvas, labels []string, xOf func(int) float32, left, right float32) tickPlan {
	n := len(labels)
	t := tickPlan{x: make([]float32, n), row: make([]int, n), rows: 1}
	w := make([]float32, n)
	for k, s := range labels {
		w[k] = c.TextWidth(s, Small)
		t.x[k] = min(max(xOf(k)-w[k]/2, left), right-w[k])
	}
	fits := func(step, rows int) bool {
		for k := 0; k+step*rows < n; k += step {
			j := k + step*rows
			if t.x[k]+w[k]+tickGap > t.x[j] {
				return false
			}
		}
		return true
	}
	for step := 1; step <= max(n, 1); step++ {
		for rows := 1; rows <= 2; rows++ {
			if rows > 1 && n <= step {
				continue
			}
			if !fits(step, rows) {
				continue
			}
			t.rows = rows
			for k := range t.row {
				t.row[k] = -1
				if k%step == 0 {
					t.row[k] = k / step % rows
				}
			}
			return t
		}
	}
	return t
}

// reachedFoot says, for a block whose graphs leave unlabeled samples
// that no label reaches (each an error of the numbers above), the error
// among the samples reached: of the NNLRS row (else the first such row)
// column by column, and in how many cells each reading comes within
// paper.FarPoints of the paper's. Empty when every sample is reached or
// the runs did not record it.
func reachedFoot(b *paper.Block, rows []*paper.Row) string {
	if !b.Unreached() {
		return ""
	}
	var row *paper.Row
	for _, r := range rows {
		for _, c := range r.Cells {
			if c.Unreached != nil && *c.Unreached > 0 && (row == nil || r.Graph == method.NNLRS) {
				row = r
			}
		}
	}
	if row == nil {
		return ""
	}
	var rates []string
	most := 0.0
	for _, c := range row.Cells {
		if c.Reached == nil {
			rates = append(rates, "–")
			continue
		}
		rates = append(rates, strconv.FormatFloat(*c.Reached, 'f', 1, 64))
		most = math.Max(most, *c.Unreached)
	}
	s := fmt.Sprintf("Above, an unlabeled sample that no label reaches counts as an error (%s leaves up to %.0f a trial, on average). Leaving them out, %s errs %s%%",
		rowName(row), most, rowName(row), strings.Join(rates, ", "))
	if cells, strict, reached := b.Agreement(); cells > 0 {
		s += fmt.Sprintf("; cells within %d points of the paper: %d of %d this way, %d counted strictly", paper.FarPoints, reached, cells, strict)
	}
	return s + "."
}

// pieces says how many connected components a graph has, on average:
// in words, or with short the number alone.
func pieces(k float64, short bool) string {
	v := strconv.FormatFloat(math.Round(10*k)/10, 'f', -1, 64)
	switch {
	case short:
		return v
	case k == 1:
		return "connected"
	}
	return v + " pieces"
}

// rowName names a row of a block.
func rowName(row *paper.Row) string {
	if row.Graph != "" {
		return graphName(row.Graph)
	}
	return row.Name
}

// drawFigures draws the weights figures of the committed runs, one above
// the other, each as wide as r allows at its own aspect.
func drawFigures(c Canvas, r Rect, m *ui.Model) {
	var imgs []*image.RGBA
	for _, ds := range params.PaperData {
		if img := m.Figures[ds+"-weights"]; img != nil {
			imgs = append(imgs, img)
		}
	}
	if len(imgs) == 0 {
		msg := "Loading the weights figures..."
		if m.Evidence != nil && len(m.Evidence.Weights) == 0 {
			msg = "This site carries no weights figure (docs/results/figures, nnlrs reproduce)."
		}
		placeholder(c, r, msg)
		return
	}
	lh := lineH(c, Small)
	lines := Wrap(c, "The weights of the first trial at 30% labeled, as nnlrs reproduce drew them (Yale B, PIE, USPS)", Small, r.W)
	for i, l := range lines {
		c.Text(l, r.X, r.Y+float32(i)*lh, Small, Ink)
	}
	y := r.Y + float32(len(lines))*lh + 4
	// Each figure at most its share of the height, one under the other
	// with no more than a gap between them (a narrow view leaves them
	// wide and low).
	each := (r.H - (y - r.Y) - float32(len(imgs)-1)*Gap) / float32(len(imgs))
	for _, img := range imgs {
		iw, ih := float32(img.Bounds().Dx()), float32(img.Bounds().Dy())
		s := min(r.W/iw, each/ih)
		c.Image(img, Rect{r.X + (r.W-iw*s)/2, y, iw * s, ih * s})
		y += ih*s + Gap
	}
}

// drawGalleries draws the paper's Fig. 1: the galleries of the data sets
// the site carries, each under its title, one under the other as high as
// the view allows.
func drawGalleries(c Canvas, r Rect, m *ui.Model) {
	var gs []paper.Gallery
	if m.Evidence != nil {
		for _, g := range m.Evidence.Galleries {
			if m.Figures[g.Dataset+"-samples"] != nil {
				gs = append(gs, g)
			}
		}
	}
	if len(gs) == 0 {
		msg := "Loading the samples of the data sets..."
		if m.Evidence != nil && len(m.Evidence.Galleries) == 0 {
			msg = "This site carries none of the paper's data sets (make dist adds them when ../shared/datasets is present)."
		}
		placeholder(c, r, msg)
		return
	}
	lh := lineH(c, Small)
	each := (r.H - float32(len(gs)-1)*Gap) / float32(len(gs))
	y := r.Y
	for _, g := range gs {
		img := m.Figures[g.Dataset+"-samples"]
		title := fmt.Sprintf("%s: %d of the site's samples, %d of each of %d classes (a column each)", g.Title, g.Images, g.PerClass, g.Classes)
		lines := Wrap(c, title, Small, r.W)
		for _, l := range lines {
			c.Text(l, r.X, y, Small, Ink)
			y += lh
		}
		iw, ih := float32(img.Bounds().Dx()), float32(img.Bounds().Dy())
		sc := min(r.W/iw, max(0, each-float32(len(lines))*lh-4)/ih)
		c.Image(img, Rect{r.X, y + 2, iw * sc, ih * sc})
		y += each - float32(len(lines))*lh + Gap
	}
}

// drawGallery draws the samples of the figure's run as pictures, framed
// in their class's colour, the labeled ones with a thick frame: the
// paper's Fig. 1 on the page's own draw.
func (v *Views) drawGallery(c Canvas, r Rect, m *ui.Model) {
	if m.Run == nil || m.Run.Data == nil {
		placeholder(c, r, waiting(m))
		return
	}
	d := m.Run.Data
	if d.ImageW == 0 || d.ImageH == 0 {
		placeholder(c, r, "These samples are not pictures: choose USPS, Yale B or PIE as the data set to see them.")
		return
	}
	lh := lineH(c, Small)
	c.Text(Clip(c, fmt.Sprintf("%s: the %d samples of this draw, framed by class; a thick frame: labeled", d.Name, d.N), Small, r.W), r.X, r.Y, Small, Ink)
	area := Rect{r.X, r.Y + lh + 6, r.W, r.H - lh - 6}
	aspect := float64(d.ImageW) / float64(d.ImageH)
	// The most columns whose cells fill the area: cells of width s and
	// height s/aspect, with a gap of 3.
	cols := 1
	for k := 1; k <= d.N; k++ {
		rowsK := (d.N + k - 1) / k
		s := float64(area.W)/float64(k) - 3
		if float64(rowsK)*(s/aspect+3) <= float64(area.H) {
			cols = k
			break
		}
		cols = k
	}
	cellW := area.W / float32(cols)
	pw := cellW - 3
	ph := pw / float32(aspect)
	img := v.gallery(m, cols)
	rowsN := (d.N + cols - 1) / cols
	c.Image(img, Rect{area.X, area.Y, float32(cols) * cellW, float32(rowsN) * (ph + 3)})
	idx := ClassIndex(d.Labels)
	for j := 0; j < d.N; j++ {
		x := area.X + float32(j%cols)*cellW
		y := area.Y + float32(j/cols)*(ph+3)
		col := Unknown
		if d.Labels != nil {
			col = ClassColour(idx[d.Labels[j]])
		}
		w := float32(1)
		if d.Given != nil && d.Given[j] != propagate.Unlabeled {
			w = 3
		}
		c.Fill(Rect{x, y, pw, w}, col)
		c.Fill(Rect{x, y + ph - w, pw, w}, col)
		c.Fill(Rect{x, y, w, ph}, col)
		c.Fill(Rect{x + pw - w, y, w, ph}, col)
	}
}

// gallery returns the pictures of the samples of m's run in cols columns,
// one pixel per pixel with a gap of 1, built once per run and layout.
func (v *Views) gallery(m *ui.Model, cols int) *image.RGBA {
	d := m.Run.Data
	key := [3]uint64{uint64(m.Run.ID()), uint64(cols), uint64(d.N)}
	if v.galleryImg != nil && v.galleryKey == key {
		return v.galleryImg
	}
	w, h := d.ImageW, d.ImageH
	rows := (d.N + cols - 1) / cols
	img := image.NewRGBA(image.Rect(0, 0, cols*(w+1), rows*(h+1)))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	for j := 0; j < d.N; j++ {
		p := SamplePicture(d.X[j*d.D:(j+1)*d.D], w, h, demo.Photo(d.Name))
		x0, y0 := (j%cols)*(w+1), (j/cols)*(h+1)
		for py := 0; py < h; py++ {
			copy(img.Pix[img.PixOffset(x0, y0+py):img.PixOffset(x0+w, y0+py)], p.Pix[p.PixOffset(0, py):p.PixOffset(w, py)])
		}
	}
	v.galleryImg, v.galleryKey = img, key
	return img
}

// PaperCells returns how many values figure m.Params.Paper shows (or
// pictures, for the samples and the weights), 0 while its data are not at
// hand.
func PaperCells(m *ui.Model) int {
	switch name := m.Params.Paper; name {
	case "":
		return 0
	case "samples":
		if m.Params.Live == 0 {
			k := 0
			if m.Evidence != nil {
				for _, g := range m.Evidence.Galleries {
					if m.Figures[g.Dataset+"-samples"] != nil {
						k += g.Images
					}
				}
			}
			return k
		}
		if m.Run == nil || m.Run.Data == nil || m.Run.Data.ImageW == 0 {
			return 0
		}
		return m.Run.Data.N
	case "weights":
		k := 0
		for _, ds := range params.PaperData {
			if m.Figures[ds+"-weights"] != nil {
				k++
			}
		}
		return k
	default:
		cmp := m.Evidence.Comparison(name)
		var blocks []*paper.Block
		switch {
		case live(m):
			if m.Study == nil || !m.Study.Finished() || m.Study.Err != "" {
				return 0
			}
			blocks = []*paper.Block{m.Study.Block}
		case cmp != nil:
			blocks = cmp.Blocks
		}
		k := 0
		for _, b := range blocks {
			for _, row := range shownRows(b, name) {
				for _, cell := range row.Cells {
					if cell.Ours != nil {
						k++
					}
				}
			}
		}
		return k
	}
}
