package view

// Panel is a view's place on the canvas.
type Panel struct {
	Name string // a params.Views name
	Rect Rect
}

// Gap separates the panels and the canvas edge.
const Gap = 10

// Arrange places the views in a w×h canvas: the one view embed names
// alone, or all five: graph, propagation and outcome above, weights and
// convergence below, in landscape; stacked in portrait.
func Arrange(w, h float32, embed string) []Panel {
	area := Rect{Gap, Gap, w - 2*Gap, h - 2*Gap}
	if embed != "" {
		return []Panel{{embed, area}}
	}
	if w < 1.1*h { // portrait: one column
		names := []string{"graph", "weights", "propagation", "convergence", "outcome"}
		ph := (area.H - Gap*float32(len(names)-1)) / float32(len(names))
		var ps []Panel
		for i, n := range names {
			ps = append(ps, Panel{n, Rect{area.X, area.Y + float32(i)*(ph+Gap), area.W, ph}})
		}
		return ps
	}
	topH := (area.H - Gap) * 0.54
	botH := area.H - Gap - topH
	gw := (area.W - 2*Gap) * 0.36
	ow := area.W - 2*Gap - 2*gw
	ww := (area.W - Gap) * 0.62
	cw := area.W - Gap - ww
	y2 := area.Y + topH + Gap
	return []Panel{
		{"graph", Rect{area.X, area.Y, gw, topH}},
		{"propagation", Rect{area.X + gw + Gap, area.Y, gw, topH}},
		{"outcome", Rect{area.X + 2*(gw+Gap), area.Y, ow, topH}},
		{"weights", Rect{area.X, y2, ww, botH}},
		{"convergence", Rect{area.X + ww + Gap, y2, cw, botH}},
	}
}
