package params

import (
	"fmt"
	"strings"

	"nnlrs/core/demo"
	"nnlrs/core/method"
)

// Preset holds the settings a page opens a built-in data set with, chosen
// by measurement (tools/nnlrs presets, which writes Presets in
// presets.go): the data drawn, and the NNLRS and LRR parameters picked by
// cross-validation on the labeled samples only. Noise and corruption are
// 0 for real data.
type Preset struct {
	// Classes × PerClass samples are drawn; Labeled is the labeled
	// percentage, as Params.Labeled.
	Classes, PerClass int
	Labeled           float64
	// Params are the graphs' parameters: β, λ and θ of the NNLRS graph
	// (Algorithm 2), and LRR's λ; the solver's default gap.
	demo.Params
	// ErrorGHF is each graph's GHF error rate on the unlabeled samples
	// with the preset, averaged over the draws of Seeds (measured, never
	// chosen from), by method.
	ErrorGHF map[method.Name]float64
	Seeds    string
}

// ForDataset returns the settings a page opens with for the data set name:
// the defaults for the synthetic data; for a built-in data set its preset,
// without added noise or corruption (the real data are the paper's); for
// an upload every sample, without added noise or corruption. The view
// settings and the seed are the defaults'.
func ForDataset(name string) Params {
	if name == demo.Synthetic {
		return Default()
	}
	p := Default()
	p.Dataset = name
	p.Noise, p.Corrupt = 0, 0
	if name == demo.Upload {
		p.Classes, p.PerClass = 0, 0
	}
	if s, ok := Presets[name]; ok {
		p.Classes, p.PerClass, p.Labeled = s.Classes, s.PerClass, s.Labeled
		p.Params = s.Params
	}
	return p
}

// DataNote says what the note under the data set describes for the draw
// p shows: for a built-in data set drawn as its preset (its size, labeled
// share and graph parameters), how each graph fared with the preset when it
// was chosen (PresetNote); for another draw of it, that the note's numbers
// are the preset's and not this draw's, whose rates the Outcome shows; ""
// for other data or without measurements.
func DataNote(p Params) string {
	s, ok := Presets[p.Dataset]
	note := PresetNote(p.Dataset)
	if !ok || note == "" {
		return ""
	}
	if p.Classes == s.Classes && p.PerClass == s.PerClass && p.Labeled == s.Labeled && p.Params == s.Params {
		return note
	}
	return fmt.Sprintf("This draw is %d %s × %d at %g%% labeled, with NNLRS λ = %g, β = %g, θ = %g; the Outcome shows its error rates. "+
		"The preset (%d × %d at %g%% labeled, λ = %g, β = %g, θ = %g) was measured so: %s",
		p.Classes, classWord(p.Dataset), p.PerClass, p.Labeled, p.Lambda, p.Beta, p.Theta,
		s.Classes, s.PerClass, s.Labeled, s.Lambda, s.Beta, s.Theta, strings.TrimPrefix(note, "With this preset, "))
}

// classWord names a class of data set name: people for faces, digits,
// classes otherwise.
func classWord(name string) string {
	switch name {
	case "yaleb", "pie":
		return "people"
	case "usps":
		return "digits"
	}
	return "classes"
}

// PresetNote says, for a built-in data set, how each graph fared with its
// preset when it was chosen (Preset.ErrorGHF), and plainly whether NNLRS
// lost to another graph there; "" for other data or without measurements.
func PresetNote(name string) string {
	s, ok := Presets[name]
	if !ok || len(s.ErrorGHF) == 0 {
		return ""
	}
	var parts, better []string
	nn, haveNN := s.ErrorGHF[method.NNLRS]
	for _, g := range []method.Name{method.NNLRS, method.L1, method.LRR, method.KNN0} {
		e, ok := s.ErrorGHF[g]
		if !ok {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %.0f%%", GraphNames[g], 100*e))
		if haveNN && g != method.NNLRS && e < nn {
			better = append(better, GraphNames[g])
		}
	}
	note := fmt.Sprintf("With this preset, GHF misclassified (mean of seeds %s): %s.", s.Seeds, strings.Join(parts, ", "))
	switch {
	case !haveNN:
	case len(better) == 0:
		note += " NNLRS did best here."
	default:
		note += fmt.Sprintf(" On these data %s did better than NNLRS.", strings.Join(better, " and "))
	}
	if c, ok := ScaleClaims[name]; ok {
		note += " " + c
	}
	return note
}

// ScaleClaims say, for the data sets with a scale study in the site's
// runs (docs/results/scale-NAME.json, #paper=scale), how the graphs' ranking
// changes as the draw grows; a test checks each number against the study.
var ScaleClaims = map[string]string{
	"pie":   "Up to 10 people × 50 images l1 stays ahead of NNLRS: GHF at 10% labeled misclassified 21.6% with NNLRS against 18.0% with l1 (The paper's evidence: the faces as the draw grows; the paper's PIE has 15 people).",
	"yaleb": "As the draw grows NNLRS overtakes l1, as in the paper: on 15 people × 50 images, GHF at 10% labeled misclassified 8.6% with NNLRS against 13.9% with l1; on 5 × 20 and 10 × 20 l1 does better (The paper's evidence: the faces as the draw grows).",
}
