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
var PaperFigures = []string{"samples", "weights", "ghf", "lgc", "sda", "joint", "beta", "scale"}

// PaperTitles name the figures in the page's words.
var PaperTitles = map[string]string{
	"samples": "Fig. 1: the samples",
	"weights": "Fig. 3: the weights W of LRR, l1 and NNLRS",
	"ghf":     "Table I: error under GHF",
	"lgc":     "Table II: error under LGC",
	"sda":     "Table III: error under SDA",
	"joint":   "Learning the features with the graph (NNLRS-EF)",
	"beta":    "Table IV: sensitivity to β",
	"scale":   "The faces as the draw grows",
}

// PaperData are the paper's data sets, in the order of its tables.
var PaperData = []string{"yaleb", "pie", "usps"}

// PaperLive returns the settings of the live version of figure name at the
// page's scale, from the settings p the page shows: the data set of p when
// it is one of the paper's, else Yale B (its preset), and the view that
// charts the figure's quantity on the page's own draw: the error curves
// against the labeled share for the tables (GHF or LGC as the figure's),
// the weights (the tour's step on the faces) for the weights figure, the
// samples of the data set for Fig. 1, a larger draw of the faces for the
// scale. The live figure is the page itself: Paper is empty.
func PaperLive(name string, p Params) Params {
	ds := p.Dataset
	if !slices.Contains(PaperData, ds) {
		ds = "yaleb"
	}
	q := ForDataset(ds)
	q.Seed = p.Seed
	switch name {
	case "weights":
		q = AtTour(len(TourSteps), false)
	case "ghf", "sda", "joint", "beta":
		q.Propagator = "ghf"
	case "lgc":
		q.Propagator = "lgc"
	case "scale":
		if ds == "usps" {
			ds = "yaleb"
			q = ForDataset(ds)
			q.Seed = p.Seed
		}
		q.Classes, q.PerClass = 10, 40
		if q.N() > demo.MaxSamples {
			q.PerClass = demo.MaxSamples / q.Classes
		}
	}
	return q
}
