package report

import (
	"context"
	"strings"
	"testing"

	"nnlrs/core/build"
	"nnlrs/core/dataset"
	"nnlrs/core/experiment"
	"nnlrs/core/method"
)

// tinyStudy is a scale study on a synthetic protocol small enough for
// the wasm test run: 3 subspaces of dimension 3 in R^20, drawn at two
// sizes, tuned, with every candidate recorded.
func tinyStudy() experiment.ScaleConfig {
	p := experiment.Protocol{Name: "synthetic", Title: "Tiny", Classes: []int{1, 2, 3}, PerClass: 12, Train: 8, SyntheticTest: 6,
		Synthetic: dataset.SyntheticParams{Classes: 3, Dim: 3, Ambient: 20, Noise: 0.05, Corrupt: 0.1}}
	o := build.DefaultOptions()
	o.NNLRS.Lambda = 1
	c := experiment.Config{Protocol: p, Trials: 2, Seed: 7, Labeled: []float64{0.2, 0.5}, Options: o, Workers: 1,
		Graphs: []method.Name{method.KNN0, method.NNLRS, method.LRR}, Propagators: []string{experiment.GHF}, Candidates: true,
		Tune: &experiment.Grid{Lambda: []float64{0.5, 2}, Beta: []float64{0.2}, Theta: []float64{0, 0.05}, LRRLambda: []float64{0.5, 1}}}
	return experiment.ScaleConfig{Config: c, Draws: []experiment.Draw{{Classes: 2, PerClass: 10}, {Classes: 3, PerClass: 12}}}
}

func TestWriteScaleMarkdown(t *testing.T) {
	res, err := experiment.Scale(context.Background(), tinyStudy())
	if err != nil {
		t.Fatal(err)
	}
	res.Command = "go run ./tools/nnlrs scale -dataset synthetic"
	var b strings.Builder
	if err := WriteScaleMarkdown(&b, ScalePage{Studies: []*experiment.ScaleResults{res}, Notes: "Notes here.",
		Figures: [][]Figure{{{Title: "chart", Path: "figures/scale-synthetic.png"}}}}); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	for _, want := range []string{
		"Notes here.",
		"## Tiny: 2×10, 3×12",
		"| draw | samples | labeled | kNN0 | LRR | NNLRS |",
		"| 3×12 | 36 | 20% |",
		"Connected components of the weights used",
		"### Every candidate of the grid",
		"**2×10, NNLRS, GHF**",
		"figures/scale-synthetic.png",
		"go run ./tools/nnlrs scale -dataset synthetic",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, "γ") {
		t.Error("page describes NNLRS-EF's γ, which the study does not build")
	}
}
