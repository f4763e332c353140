package ui

import (
	"strings"
	"testing"

	"nnlrs/core/paper"
	"nnlrs/ui/params"
)

// The words beside a table count its cells far from the paper's, list
// each reason once and the command; the live link goes to the page's
// scale and back.
func TestPaperText(t *testing.T) {
	v := func(x float64) *float64 { return &x }
	ev := &paper.Evidence{Comparisons: []*paper.Comparison{{
		Name: "ghf",
		Blocks: []*paper.Block{{Dataset: "yaleb", Title: "YaleB", Trials: 5, Command: "go run ./tools/nnlrs reproduce -dataset yaleb", Seconds: 600,
			Rows: []*paper.Row{
				{Name: "nnlrs", Cells: []*paper.Cell{{Ours: v(9), Paper: v(3.75), Far: true}, {Ours: v(5), Paper: v(5.5)}}},
				{Name: "l1", Cells: []*paper.Cell{{Ours: v(14), Paper: v(46), Far: true}, {}}},
			},
			Reasons: map[string][]string{"nnlrs": {"trials", "tuned"}, "l1": {"trials", "solver"}},
		}},
	}}}
	p := params.Default()
	p.Paper = "ghf"
	m := NewModel(p)
	m.Evidence = ev
	w := PaperText(m, p)
	if len(w.Note) != 1 || !strings.Contains(w.Note[0], "YaleB: 5 trials (the paper: 50); 2 of 3 cells more than 2 points") {
		t.Errorf("note %q", w.Note)
	}
	if len(w.Why) != 1 || !strings.Contains(w.Why[0], "known differences from the paper's setting: trials; tuned; solver. Reprint ours (10 minutes): go run ./tools/nnlrs reproduce -dataset yaleb") {
		t.Errorf("why %q", w.Why)
	}
	if w.Live != params.PaperLive("ghf", p) || w.Live.Live != 1 || w.LiveText != "Run it live at the page's scale" {
		t.Errorf("live link %+v %q", w.Live, w.LiveText)
	}
	live := w.Live
	m.Params = live
	back := PaperText(m, live)
	if back.Live.Live != 0 || back.Live.Paper != "ghf" || back.LiveText != "Back to the paper's scale" || len(back.Why) != 0 {
		t.Errorf("back link %+v %q, why %q", back.Live, back.LiveText, back.Why)
	}

	// The scale: what the components mean, and each study's command once.
	ev.Comparisons = append(ev.Comparisons, &paper.Comparison{Name: "scale", Blocks: []*paper.Block{
		{Dataset: "yaleb", Command: "nnlrs scale -dataset yaleb", Seconds: 3600},
		{Dataset: "yaleb", Command: "nnlrs scale -dataset yaleb", Seconds: 3600},
		{Dataset: "pie", Command: "nnlrs scale -dataset pie", Seconds: 1800},
	}})
	p.Paper = "scale"
	m.Params = p
	w = PaperText(m, p)
	if len(w.Note) != 1 || !strings.Contains(w.Note[0], "connected components") || len(w.Why) != 2 ||
		w.Why[0] != "yaleb: reprint (60 minutes): nnlrs scale -dataset yaleb" || w.Why[1] != "pie: reprint (30 minutes): nnlrs scale -dataset pie" {
		t.Errorf("scale: note %q, why %q", w.Note, w.Why)
	}
	if w.Live.Paper != "" || w.Live.Classes != 10 {
		t.Errorf("scale's live link %+v", w.Live)
	}
}
