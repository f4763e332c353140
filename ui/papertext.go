package ui

import (
	"fmt"
	"slices"
	"strings"

	"nnlrs/core/paper"
	"nnlrs/ui/params"
)

// PaperWords are the words the page shows beside a paper figure: what it
// compares and how far ours are from the paper's (Note, a paragraph per
// line), in a box that opens why they differ and the commands that
// reprint ours (Why), and the link to the other version of the figure
// (Live, named LiveText): its live version at the page's scale, or back.
type PaperWords struct {
	Note, Why []string
	Live      params.Params
	LiveText  string
}

// PaperPictures returns the paper's pictures the figure m shows draws
// (Model.Figures by name): the weights figures of the committed runs
// (DS-weights), or the galleries of the site's data sets (DS-samples).
func PaperPictures(m *Model) []string {
	ev := m.Evidence
	if ev == nil {
		return nil
	}
	var names []string
	switch {
	case m.Params.Paper == "weights":
		for _, ds := range ev.Weights {
			names = append(names, ds+"-weights")
		}
	case m.Params.Paper == "samples" && m.Params.Live == 0:
		for _, g := range ev.Galleries {
			names = append(names, g.Dataset+"-samples")
		}
	}
	return names
}

// PaperText returns the words beside the paper figure m shows
// (m.Params.Paper, which must be set), for the controls' settings c.
func PaperText(m *Model, c params.Params) PaperWords {
	name := m.Params.Paper
	var t PaperWords
	if c.Live == 1 && (HasStudy(name) || name == "samples") {
		t.Live, t.LiveText = c, "Back to the paper's scale"
		t.Live.Live = 0
		if name == "samples" {
			t.Note = append(t.Note, "The samples of the page's own draw, framed by class: choose USPS, Yale B or PIE, and the classes and samples per class.")
		}
		if s := m.Study; s != nil && s.Block != nil {
			t.Note = append(t.Note, fmt.Sprintf("Measured now on the page's draw (%s), over %d draws of the labeled samples at each share; change the data, λ, β or θ and it follows. Beside it, ours at the paper's scale.",
				s.Block.Title, s.Block.Trials))
		}
		return t
	}
	t.Live, t.LiveText = params.PaperLive(name, c), "Run it live at the page's scale"
	cmp := m.Evidence.Comparison(name)
	switch name {
	case "samples":
		t.Note = append(t.Note, "The paper's Fig. 1: a few samples of each of its data sets, here those of the subsets this site carries (two of each class shown). The live version shows the page's own draw.")
	case "weights":
		t.Note = append(t.Note, "The weights W of LRR, l1, NNLRS and NNLRS-EF on the paper's data at its scale (first trial, 30% labeled; the paper's Fig. 3 shows LRR and l1 on Yale B): LRR is dense, l1 sparse, NNLRS both sparse and grouped.")
		if ghf := m.Evidence.Comparison("ghf"); ghf != nil {
			for _, b := range ghf.Blocks {
				t.Why = append(t.Why, b.Title+": "+b.Command)
			}
		}
	case "scale":
		t.Note = append(t.Note, "The paper draws one size per data set (Yale B: 15 subjects, about 64 images each); here each graph's error as the draw grows, on the first classes of the data set, random samples of each, with its parameters chosen by cross-validation on the labeled samples only. Under each error: how many connected components the graph has (label propagation cannot cross from one to another).")
		if cmp != nil {
			for _, b := range cmp.Blocks {
				if line := fmt.Sprintf("%s: reprint (%.0f minutes): %s", b.Dataset, b.Seconds/60, b.Command); !slices.Contains(t.Why, line) {
					t.Why = append(t.Why, line)
				}
			}
		}
	default:
		if cmp == nil {
			break
		}
		for _, b := range cmp.Blocks {
			far, cells := 0, 0
			var reasons []string
			for _, row := range b.Rows {
				for _, cell := range row.Cells {
					if cell.Ours != nil {
						cells++
					}
					if cell.Far {
						far++
					}
				}
				for _, r := range b.Reasons[row.Name] {
					if !slices.Contains(reasons, r) {
						reasons = append(reasons, r)
					}
				}
			}
			t.Note = append(t.Note, fmt.Sprintf("%s: %d trials (the paper: 50); %d of %d cells more than %d points from the paper's (†).",
				b.Title, b.Trials, far, cells, paper.FarPoints))
			line := b.Title + ": "
			if len(reasons) > 0 {
				line += "known differences from the paper's setting: " + strings.Join(reasons, "; ") + ". "
			}
			line += fmt.Sprintf("Reprint ours (%.0f minutes): %s", b.Seconds/60, b.Command)
			t.Why = append(t.Why, line)
		}
	}
	return t
}
