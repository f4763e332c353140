package params

import (
	"fmt"
	"slices"
)

// Steps are the values the page's sliders offer, in increasing order.
var Steps = map[string][]float64{
	"labeled": {1, 2, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90},
	"noise":   {0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1},
	"corrupt": {0, 5, 10, 15, 20, 30, 40, 50},
	"beta":    {0, 0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 100},
	"lambda":  {0.05, 0.1, 0.2, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10, 20, 50, 100},
	"theta":   {0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5},
	"lrr":     {0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 3, 5, 10, 20, 50, 100},
	"alpha":   {0.1, 0.3, 0.5, PaperAlpha, 0.7, 0.9, 0.95, 0.99, 0.995},
}

// PaperAlpha is LGC's α = 1/(1 + μ) for the paper's μ = 0.99
// (propagate.PaperAlpha, rounded for the slider).
const PaperAlpha = 0.5025

// StepsWith returns the steps of slider key with v among them, so that a
// value from a link that is not a step keeps its exact value.
func StepsWith(key string, v float64) []float64 {
	s := Steps[key]
	if slices.Contains(s, v) {
		return s
	}
	s = append(slices.Clone(s), v)
	slices.Sort(s)
	return s
}

// Dataset describes a built-in data set of the site, as data/index.json
// lists them (tools/site writes it).
type Dataset struct {
	Name     string `json:"name"`
	Title    string `json:"title"`
	Classes  int    `json:"classes"`
	PerClass int    `json:"perClass"`
}

// CheckCatalog returns a *FieldError, in words for the page, when p asks
// for a built-in data set the site does not carry, or for more classes or
// samples per class than it carries.
func (p Params) CheckCatalog(cat []Dataset) error {
	if !slices.Contains(Builtin, p.Dataset) {
		return nil
	}
	for _, d := range cat {
		if d.Name != p.Dataset {
			continue
		}
		field := "classes"
		if p.Classes <= d.Classes {
			field = "per"
		}
		if p.Classes > d.Classes || p.PerClass > d.PerClass {
			return &FieldError{field, fmt.Sprintf("the %s here have %d classes of %d samples; asked for %d of %d", d.Title, d.Classes, d.PerClass, p.Classes, p.PerClass)}
		}
		return nil
	}
	return &FieldError{"data", fmt.Sprintf("the %s are not built into this site (make dist adds them when ../shared/datasets is present)", Titles[p.Dataset])}
}
