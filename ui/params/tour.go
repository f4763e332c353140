package params

import (
	"nnlrs/core/method"
)

// TourStep is one step of the guided tour of the paper: a preset, a title
// and a sentence or two, and the view to look at.
type TourStep struct {
	// Text may quote the run on screen: "{ghf G}" is GHF's error rate on
	// graph G, "{cross G}" the share of G's weight between classes,
	// "{edges G}" its share of the possible edges, "{flagged}" how many
	// samples NNLRS's E flags (ui.TourText fills them in).
	Title, Text string
	// View is the name of the view the step is about (ui/view.Registry): the
	// page frames it, and an embedded tour shows it.
	View string
	// Control is the id of the control the text asks to use, which the
	// page brings into sight and marks; "" for none.
	Control string
	// Params are the settings the step shows (Tour and Embed unset).
	Params Params
}

// TourSteps are the guided tour, in order; Params.Tour numbers them from 1.
//
// Steps 2-7 share their data (the defaults), so that the page computes
// them once: after step 2, Next and Back only change what is shown. What
// each step's text claims of its graphs is checked on the page's own
// runner, seeds 1-3 (TestTourClaims in wasm/solver).
var TourSteps = []TourStep{
	{
		Title: "A union of subspaces",
		Text: "Each colour is one class: 25 samples from a 4-dimensional subspace of R⁵⁰, one labeled per class (ringed). " +
			"A graph for learning from few labels should link samples within their subspace only. On these clean data " +
			"NNLRS does: all its weight stays within the colours, in four separate pieces (other seeds may leave a " +
			"trace across, as the solver stops 0.4% from the optimum); here {cross nnlrs} of it joins classes. " +
			"None of these samples is corrupted; the {flagged} crossed are those NNLRS's error term E explains least (step 7).",
		View:   "graph",
		Params: tourData(0, 0, method.NNLRS),
	},
	{
		Title: "kNN links across subspaces under noise",
		Text: "Now noise is added and 20% of the samples are grossly corrupted. kNN looks at distances only: " +
			"6-9% of its weight now joins different classes (the thick orange-red edges), and labels spread on it go wrong for " +
			"2-29% of the samples, depending on the seed: here {cross knn0} of its weight, and GHF errs {ghf knn0}.",
		View:   "graph",
		Params: tourData(0.2, 20, method.KNN0),
	},
	{
		Title: "The l1-graph is sparse, but not grouped",
		Text: "The l1-graph writes each sample with few others: it keeps about a fifth of the possible edges ({edges l1} here). " +
			"But each sample picks its partners alone, blind to the subspaces: {cross l1} of its weight falls between " +
			"classes, against kNN's {cross knn0}.",
		View:   "weights",
		Params: tourData(0.2, 20, method.L1),
	},
	{
		Title: "LRR groups, but is dense",
		Text: "LRR asks the codes of all samples to be low-rank together, so every pair of samples gets a weight: " +
			"its W, the first heatmap, is full ({edges lrr} of the possible edges). On clean data its weight would stay " +
			"within the subspaces; on these, with noise and corrupted samples, {cross lrr} of it joins classes.",
		View:   "weights",
		Params: tourData(0.2, 20, method.LRR),
	},
	{
		Title: "NNLRS is both",
		Text: "NNLRS asks for low rank and sparsity at once, with nonnegative weights (problem (6)): " +
			"97-99% of its weight within classes ({cross nnlrs} across here), on a tenth of the possible edges ({edges nnlrs}). " +
			"Move θ, which thresholds the weights, and the graph thins at once.",
		View:    "weights",
		Control: "theta",
		Params:  tourData(0.2, 20, method.NNLRS),
	},
	{
		Title: "Labels spread along the edges",
		Text: "From one labeled sample per class, GHF spreads the labels along the edges, step by step, by itself " +
			"(Reset and Play replay it, Step goes one step). Once settled it misses {ghf nnlrs} of the unlabeled samples on NNLRS, " +
			"{ghf knn0} on kNN, {ghf l1} on l1, {ghf lrr} on LRR (seeds 1-3: 0-1%, 2-29%, 1-9%, 20-62%); the error " +
			"curves compare them. Click a node to label it.",
		View:    "propagation",
		Control: "play",
		Params:  tourData(0.2, 20, method.NNLRS),
	},
	{
		Title: "The error term E catches the corrupted samples",
		Text: "NNLRS writes X = XZ + E: E takes what the other samples cannot explain, and the paper expects its largest " +
			"columns to be the grossly corrupted samples ({flagged} crossed in the graph here; a bar under a sample marks the truly corrupted). Over our committed synthetic runs, " +
			"at the λ cross-validation chose, the claim that E's largest columns are 90% corrupted samples " +
			"{verdict e-catches-corruption synthetic}. Raise λ and E is pushed towards zero: the corrupted samples then link to themselves.",
		View:    "graph",
		Control: "lambda",
		Params:  tourData(0.2, 20, method.NNLRS),
	},
	{
		Title: "Real data: the paper's faces",
		Text: "Extended Yale B, 5 people × 20 images, at the preset's settings. As in the paper's Fig. 3, LRR's W " +
			"is denser than l1's ({edges lrr} of the possible edges against {edges l1}); GHF errs {ghf l1} on l1 against {ghf nnlrs} on NNLRS here. " +
			"At the paper's scale our committed runs (10 trials a data set) put its claim that NNLRS errs least under GHF to the test: " +
			"on Yale B it {verdict nnlrs-lowest yaleb ghf}, on PIE it {verdict nnlrs-lowest pie ghf}, on USPS digits it {verdict nnlrs-lowest usps ghf}. " +
			"Running Algorithm 1 as the paper did, or the l1-graph as Cheng et al. did, does not change that: the verdict above each figure of " +
			"The paper's evidence says what was measured.",
		View:   "weights",
		Params: tourReal("yaleb", method.LRR),
	},
}

// tourData returns the defaults with noise, corrupt % and the graph shown.
func tourData(noise, corrupt float64, g method.Name) Params {
	p := Default()
	p.Noise, p.Corrupt, p.Graph = noise, corrupt, g
	return p
}

// tourReal returns the preset of a built-in data set with the graph shown.
func tourReal(name string, g method.Name) Params {
	p := ForDataset(name)
	p.Graph = g
	return p
}

// AtTour returns the settings of tour step n (1-based): an embedded page
// (embedded) shows the step's view alone.
func AtTour(n int, embedded bool) Params {
	s := TourSteps[n-1]
	p := s.Params
	p.Tour = n
	if embedded {
		p.Embed = s.View
	}
	return p
}
