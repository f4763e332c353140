package reproduce

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"

	"nnlrs/tools/nnlrs/internal/cli"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"nnlrs/core/experiment"
	"nnlrs/core/method"
)

// The figures of reproduce, drawn with gonum/plot. Each function returns
// a function that writes the figure as a PNG, nil when there is nothing to
// draw.

// weightsImage renders |W| as an n×n grayscale image, white for 0 and
// black for the largest weights. The diagonal (self-loops) is left white:
// with the NNLRS graph it can hold most of the weight and would hide the
// off-diagonal structure. Weights are scaled by the 99th percentile of the
// nonzero off-diagonal entries and shown through a square root, so that
// the many small weights of dense graphs (LRR) stay visible.
func weightsImage(w *mat.SymDense) image.Image {
	n := w.SymmetricDim()
	var nz []float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if v := math.Abs(w.At(i, j)); i != j && v > 0 {
				nz = append(nz, v)
			}
		}
	}
	scale := 1.0
	if len(nz) > 0 {
		slices.Sort(nz)
		scale = nz[int(0.99*float64(len(nz)-1))]
	}
	img := image.NewGray(image.Rect(0, 0, n, n))
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			t := 0.0
			if i != j {
				t = math.Sqrt(math.Min(1, math.Abs(w.At(i, j))/scale))
			}
			img.SetGray(j, i, color.Gray{Y: uint8(math.Round(255 * (1 - t)))})
		}
	}
	return img
}

// weightsFigure draws the weight matrices of the example trial side by
// side, samples ordered by class as in the paper's figure "Visualization of
// different graph weights W": LRR, ℓ1 and NNLRS, and NNLRS-EF if present.
func weightsFigure(r *experiment.Results) func(io.Writer) error {
	ex := r.Example
	if ex == nil {
		return nil
	}
	var gs []method.Name
	for _, g := range []method.Name{method.LRR, method.L1, method.NNLRS, method.NNLRSEF} {
		if ex.W[g] != nil {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return nil
	}
	// Two matrices a row, in large type: the page shows the figure in a
	// panel about 650 CSS pixels wide on a 1024×768 projector, where the
	// smallest text (the ticks, 16 pt of an 8-inch-wide figure) is still
	// about 13 pixels high.
	cols := min(len(gs), 2)
	rows := (len(gs) + cols - 1) / cols
	grid := make([][]*plot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*plot.Plot, cols)
	}
	for i, g := range gs {
		p := plot.New()
		n := ex.W[g].SymmetricDim()
		p.Title.Text = fmt.Sprintf("%s graph |W|", method.Title(g))
		p.Title.TextStyle.Font.Size = 20
		p.X.Label.Text = "sample (ordered by class)"
		p.X.Label.TextStyle.Font.Size = 18
		p.X.Tick.Label.Font.Size = 16
		p.Y.Tick.Label.Font.Size = 16
		p.Add(plotter.NewImage(weightsImage(ex.W[g]), 0, 0, float64(n), float64(n)))
		p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, float64(n), 0, float64(n)
		// Image rows run top-down: label the axis so that sample 0 is on top.
		p.Y.Tick.Marker = reversedTicks{n: n}
		p.X.Tick.Marker = intTicks{}
		grid[i/cols][i%cols] = p
	}
	const side = 4 * vg.Inch
	title := []string{fmt.Sprintf("%s, trial 1, %s labeled, under %s", r.Protocol.Title, cli.PctLabel(ex.Labeled),
		experiment.PropagatorTitle(ex.Propagator)), "the weights used (diagonal omitted)"}
	const lineH = 0.3 * vg.Inch
	th := vg.Length(len(title))*lineH + 0.1*vg.Inch
	img := vgimg.New(vg.Length(cols)*side, vg.Length(rows)*side+th)
	dc := draw.New(img)
	for k, line := range title {
		dc.FillText(draw.TextStyle{
			Color: color.Black, Font: font.From(plot.DefaultFont, 18), XAlign: draw.XCenter, YAlign: draw.YCenter,
			Handler: plot.DefaultTextHandler,
		}, vg.Point{X: dc.Center().X, Y: dc.Max.Y - vg.Length(k)*lineH - lineH/2 - 0.05*vg.Inch}, line)
	}
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadTop: th, PadX: 0.2 * vg.Inch, PadY: 0.15 * vg.Inch}
	canvases := plot.Align(grid, tiles, dc)
	for i, row := range grid {
		for j, p := range row {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
	}
	return func(w io.Writer) error { return cli.WritePNG(w, img) }
}

type reversedTicks struct{ n int }

func (t reversedTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = fmt.Sprint(math.Round(float64(t.n) - ticks[i].Value))
		}
	}
	return ticks
}

// intTicks are the default ticks labeled as whole sample indices.
type intTicks struct{}

func (intTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = fmt.Sprint(math.Round(ticks[i].Value))
		}
	}
	return ticks
}

// errorFigure plots error rate against labeled percentage, one line per
// graph (or per graph of only, if not nil), for classifier prop.
func errorFigure(r *experiment.Results, prop string, only []method.Name) (func(io.Writer) error, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s, %s: error rate vs labeled samples (%s)", r.Protocol.Title, experiment.PropagatorTitle(prop), cli.Count(r.Trials, "trial"))
	p.X.Label.Text = "labeled samples (%)"
	p.Y.Label.Text = "error rate (%)"
	p.Legend.Top = true
	p.Add(plotter.NewGrid())
	i, ymax := 0, 0.0
	for _, g := range r.Graphs {
		if only != nil && !slices.Contains(only, g) {
			continue
		}
		var xys plotter.XYs
		for _, f := range r.Labeled {
			if c, ok := r.Cell(prop, f, g); ok && len(c.Errors) > 0 {
				xys = append(xys, plotter.XY{X: 100 * f, Y: 100 * c.Mean()})
				ymax = math.Max(ymax, 100*c.Mean())
			}
		}
		if len(xys) == 0 {
			continue
		}
		l, s, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i / 7)
		s.Color = plotutil.Color(i)
		s.Shape = plotutil.Shape(i)
		p.Add(l, s)
		p.Legend.Add(method.Title(g), l, s)
		i++
	}
	if i == 0 {
		return nil, nil
	}
	// Head room for the legend above the lines.
	p.Y.Min, p.Y.Max = 0, math.Max(1, ymax)*(1+0.06*float64(i+1))
	wt, err := p.WriterTo(7*vg.Inch, 5*vg.Inch, "png")
	if err != nil {
		return nil, err
	}
	return func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	}, nil
}
