package params

import (
	"slices"

	"nnlrs/core/demo"
)

// PaperFigures are the values of Params.Paper: the paper's sample images
// (its Fig. 1), its weights figure (LRR against l1 and NNLRS), its tables
// of error rates under GHF, LGC and SDA (Tables I-III), the joint
// learning of graph and features (NNLRS, PCA+NNLRS, NNLRS-EF) and the β
// sensitivity (Table IV); and the faces across the scale of the draw.
var PaperFigures = []string{"samples", "weights", "ghf", "lgc", "lgc-mu", "sda", "joint", "beta", "scale"}

// PaperTitles name the figures in the page's words.
var PaperTitles = map[string]string{
	"samples": "Fig. 1: the samples",
	"weights": "Fig. 3: the weights W of LRR, l1 and NNLRS",
	"ghf":     "Table I: error under GHF",
	"lgc":     "Table II: error under LGC (α = 0.99)",
	"lgc-mu":  "Table II: error under LGC (α = 1/(1+0.99), the paper's μ read literally)",
	"sda":     "Table III: error under SDA",
	"joint":   "Learning the features with the graph (NNLRS-EF)",
	"beta":    "Table IV: sensitivity to β",
	"scale":   "The faces as the draw grows",
}

// LiveFigures are the figures whose live version measures the table on
// the page's draw (ui.Study).
var LiveFigures = []string{"ghf", "lgc", "lgc-mu", "sda", "joint", "beta"}

// PaperLabels name the figures in the figure's choice, short enough for
// the controls' width.
var PaperLabels = map[string]string{
	"samples": "Fig. 1: the samples",
	"weights": "Fig. 3: the weights W",
	"ghf":     "Table I: error under GHF",
	"lgc":     "Table II: LGC, α = 0.99",
	"lgc-mu":  "Table II: LGC, α = 1/(1+0.99)",
	"sda":     "Table III: error under SDA",
	"joint":   "Features learnt: NNLRS-EF",
	"beta":    "Table IV: sensitivity to β",
	"scale":   "The faces as the draw grows",
}

// PaperData are the paper's data sets, in the order of its tables.
var PaperData = []string{"yaleb", "pie", "usps"}

// PaperLive returns the settings of the live version of figure name at the
// page's scale, from the settings p the page shows: on the data set of p
// when it is one of the paper's, else on Yale B (its preset). The tables
// (GHF, LGC, SDA, the joint learning, β) are measured again on the page's
// draw and shown beside ours at the paper's scale (Live 1); the samples
// are the page's own draw (Live 1); the weights are the tour's step on the faces; the
// scale is a larger draw of the faces, in the page's views.
func PaperLive(name string, p Params) Params {
	ds := p.Dataset
	switch {
	case name == "beta":
		ds = "pie" // Table IV's data
	case !slices.Contains(PaperData, ds) || name == "scale" && ds == "usps":
		ds = "yaleb"
	}
	q := ForDataset(ds)
	q.Seed = p.Seed
	switch name {
	case "weights":
		return AtTour(len(TourSteps), false)
	case "samples":
		q.Paper, q.Live = name, 1
	case "scale":
		q.Classes, q.PerClass = 10, 40
		if q.N() > demo.MaxSamples {
			q.PerClass = demo.MaxSamples / q.Classes
		}
	case "lgc-mu":
		q.Paper, q.Live, q.Alpha = name, 1, PaperAlpha
	default:
		q.Paper, q.Live = name, 1
	}
	return q
}
