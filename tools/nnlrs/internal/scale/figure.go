package scale

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"nnlrs/tools/nnlrs/internal/cli"

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

// scaleFigure draws the error rate of every graph against the size of the
// draw under the study's first classifier, one panel per labeled share,
// the mean over the trials with bars of ± one standard deviation; nil
// with fewer than two draws.
func scaleFigure(s *experiment.ScaleResults) (func(io.Writer) error, error) {
	if len(s.Runs) < 2 {
		return nil, nil
	}
	first := s.Runs[0]
	prop := first.Propagators[0]
	row := make([]*plot.Plot, len(first.Labeled))
	ymax := 1.0
	for _, r := range s.Runs {
		for _, c := range r.Cells {
			if c.Propagator == prop && len(c.Errors) > 0 {
				ymax = math.Max(ymax, 100*(c.Mean()+c.Std()))
			}
		}
	}
	for i, f := range first.Labeled {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("%s labeled", cli.PctLabel(f))
		p.X.Label.Text = "draw: classes × samples per class"
		p.Y.Label.Text = "error rate (%)"
		p.Legend.Top = true
		p.Add(plotter.NewGrid())
		for gi, g := range first.Graphs {
			var xys plotter.XYs
			var errs plotter.YErrors
			for di, r := range s.Runs {
				if c, ok := r.Cell(prop, f, g); ok && len(c.Errors) > 0 {
					// Graphs side by side around each draw, so that their bars do not hide each other.
					x := float64(di) + 0.06*(float64(gi)-float64(len(first.Graphs)-1)/2)
					xys = append(xys, plotter.XY{X: x, Y: 100 * c.Mean()})
					errs = append(errs, struct{ Low, High float64 }{100 * c.Std(), 100 * c.Std()})
				}
			}
			if len(xys) == 0 {
				continue
			}
			l, pts, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, err
			}
			bars, err := plotter.NewYErrorBars(struct {
				plotter.XYs
				plotter.YErrors
			}{xys, errs})
			if err != nil {
				return nil, err
			}
			col := plotutil.Color(gi)
			l.Color, pts.Color, pts.Shape, bars.Color = col, col, plotutil.Shape(gi), col
			p.Add(l, pts, bars)
			p.Legend.Add(method.Title(g), l, pts)
		}
		p.X.Min, p.X.Max = -0.4, float64(len(s.Runs))-0.6
		p.Y.Min, p.Y.Max = 0, math.Min(ymax, 100)*(1+0.08*float64(len(first.Graphs)+1))
		p.X.Tick.Marker = drawTicks(s.Draws)
		row[i] = p
	}
	const w, h = 5 * vg.Inch, 4 * vg.Inch
	th := 0.4 * vg.Inch
	img := vgimg.New(vg.Length(len(row))*w, h+th)
	dc := draw.New(img)
	title := fmt.Sprintf("%s, %s: error rate as the draw grows (%d trials per draw; parameters chosen by cross-validation on the labeled samples)",
		s.Title, experiment.PropagatorTitle(prop), first.Trials)
	dc.FillText(draw.TextStyle{
		Color: color.Black, Font: font.From(plot.DefaultFont, 12), XAlign: draw.XCenter, YAlign: draw.YCenter,
		Handler: plot.DefaultTextHandler,
	}, vg.Point{X: dc.Center().X, Y: dc.Max.Y - th/2}, title)
	canvases := plot.Align([][]*plot.Plot{row}, draw.Tiles{Rows: 1, Cols: len(row), PadTop: th, PadX: 0.2 * vg.Inch}, dc)
	for i, p := range row {
		p.Draw(canvases[0][i])
	}
	return func(w io.Writer) error { return cli.WritePNG(w, img) }, nil
}

// drawTicks labels the draws at 0, 1, … with their sizes and samples.
type drawTicks []experiment.Draw

func (t drawTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for i, d := range t {
		if float64(i) >= min && float64(i) <= max {
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: fmt.Sprintf("%v (%d)", d, d.Samples())})
		}
	}
	return ticks
}
