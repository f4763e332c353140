package params

import (
	"strconv"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/method"
)

// Work is what a change of a setting needs before the figure shows it.
// The kinds are ordered: each needs at least what the one before needs.
type Work uint8

const (
	// View: the page redraws (the graph shown, the propagation watched and
	// its α, the view embedded, the tour's step).
	View Work = iota
	// Labels: the page draws the labeled set again and propagates; no
	// solve.
	Labels
	// Reweigh: the page makes the NNLRS graph's W again from its Z
	// (Algorithm 2's steps 3-4, for θ); no solve.
	Reweigh
	// SolveNNLRS: the NNLRS graph is solved again (from the last solution).
	SolveNNLRS
	// SolveLRR: the LRR graph is solved again.
	SolveLRR
	// Draw: new samples, so every graph is built again.
	Draw
)

// Graphs returns the graphs that a change needing work w builds again:
// every graph for a new draw; NNLRS's for a new solve of it, and for a new
// θ its weights (Algorithm 2's steps 3-4, from its Z when the graph kept
// it); LRR's for a new solve of it; none for the labels and the view.
func (w Work) Graphs() []method.Name {
	switch w {
	case Reweigh, SolveNNLRS:
		return []method.Name{method.NNLRS}
	case SolveLRR:
		return []method.Name{method.LRR}
	case Draw:
		return demo.Order
	}
	return nil
}

// Control is how the page shows a setting.
type Control uint8

const (
	// LinkOnly settings have no control: the link alone sets them.
	LinkOnly Control = iota
	// Slider: an <input type=range> stepping through Setting.Steps, with
	// an <output id=KEY-out> showing the value.
	Slider
	// Number: an <input type=number> of whole numbers.
	Number
	// Choice: a <select>.
	Choice
)

// Setting is one setting of the page, a row of the table (Settings) from
// which the link, the controls' reads and writes, the "changed" marks, the
// range checks, the advice's moves and what a change recomputes are all
// derived. Key names it in the link and is the id of its control.
type Setting struct {
	Key string
	// Name names it in the page's words, as its label and its messages
	// say it ("λ", "samples per class").
	Name    string
	Control Control
	// Steps are a slider's values, in increasing order.
	Steps []float64
	// Min and Max bound a number; a setting with Min > Max has no range.
	Min, Max float64
	// Optional settings stay out of the link while zero (or empty).
	Optional bool
	// Work is what a change of it needs.
	Work Work

	field
	// options gives a choice's options, those of the data sets the site
	// has built in (cat) included; Validate holds a value to them.
	options func(cat []demo.Builtin) []Option
}

// An Option is one value of a choice, with its words on the page.
type Option struct{ Value, Label string }

// Options returns the options of a choice (Control Choice) for a site
// whose built-in data sets are cat, in the order the page lists them; nil
// for other settings.
func (s *Setting) Options(cat []demo.Builtin) []Option {
	if s.options == nil {
		return nil
	}
	return s.options(cat)
}

// allowed reports whether v is one of the choice's values on some site.
func (s *Setting) allowed(v string) bool {
	for _, o := range s.Options(demo.Builtins) {
		if o.Value == v {
			return true
		}
	}
	return false
}

// Get returns the setting's value in p, as the link writes it.
func (s *Setting) Get(p Params) string { return s.get(&p) }

// Set parses v, as the link writes it, into p.
func (s *Setting) Set(p *Params, v string) error { return s.parse(p, v) }

// Value returns a pointer to the field of a setting held as a float64
// (the sliders and the gap), nil for the others.
func (s *Setting) Value(p *Params) *float64 {
	if s.value == nil {
		return nil
	}
	return s.value(p)
}

// Ranged reports whether the setting has a range that Validate checks.
func (s *Setting) Ranged() bool { return s.Min <= s.Max }

// PaperAlpha is LGC's α = 1/(1 + μ) for the paper's μ = 0.99
// (propagate.PaperAlpha, rounded for the slider).
const PaperAlpha = 0.5025

// The limits of the settings with a range of their own; the samples per
// class are bounded by demo.MaxSamples.
const (
	MinClasses, MaxClasses = 2, 10
	MinPerClass            = 2
	MinGap, MaxGap         = 1e-12, 0.1
)

// The settings, one variable each, named after their field of Params.
var (
	Dataset = &Setting{Key: "data", Name: "data set", Control: Choice, Min: 1, Max: 0, Work: Draw,
		field: str(func(p *Params) *string { return &p.Dataset }), options: datasetOptions}
	Classes = &Setting{Key: "classes", Name: "classes", Control: Number, Min: MinClasses, Max: MaxClasses, Work: Draw,
		field: integer(func(p *Params) *int { return &p.Classes })}
	PerClass = &Setting{Key: "per", Name: "samples per class", Control: Number, Min: MinPerClass, Max: demo.MaxSamples, Work: Draw,
		field: integer(func(p *Params) *int { return &p.PerClass })}
	Labeled = &Setting{Key: "labeled", Name: "labeled %", Control: Slider, Min: 1, Max: 90, Work: Labels,
		Steps: []float64{1, 2, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90},
		field: number(func(p *Params) *float64 { return &p.Labeled })}
	Noise = &Setting{Key: "noise", Name: "noise", Control: Slider, Min: 0, Max: 1, Work: Draw,
		Steps: []float64{0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 1},
		field: number(func(p *Params) *float64 { return &p.Noise })}
	Corrupt = &Setting{Key: "corrupt", Name: "corrupted %", Control: Slider, Min: 0, Max: 50, Work: Draw,
		Steps: []float64{0, 5, 10, 15, 20, 30, 40, 50},
		field: number(func(p *Params) *float64 { return &p.Corrupt })}
	Beta = &Setting{Key: "beta", Name: "β", Control: Slider, Min: 0, Max: 100, Work: SolveNNLRS,
		Steps: []float64{0, 0.001, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 100},
		field: number(func(p *Params) *float64 { return &p.Beta })}
	Lambda = &Setting{Key: "lambda", Name: "λ", Control: Slider, Min: 0.01, Max: 1000, Work: SolveNNLRS,
		Steps: []float64{0.05, 0.1, 0.2, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10, 20, 50, 100},
		field: number(func(p *Params) *float64 { return &p.Lambda })}
	Theta = &Setting{Key: "theta", Name: "θ", Control: Slider, Min: 0, Max: 1, Work: Reweigh,
		Steps: []float64{0, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5},
		field: number(func(p *Params) *float64 { return &p.Theta })}
	LRRLambda = &Setting{Key: "lrr", Name: "LRR's λ", Control: Slider, Min: 0.01, Max: 1000, Work: SolveLRR,
		Steps: []float64{0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 3, 5, 10, 20, 50, 100},
		field: number(func(p *Params) *float64 { return &p.LRRLambda })}
	Gap = &Setting{Key: "gap", Name: "the solver's gap", Control: LinkOnly, Min: MinGap, Max: MaxGap, Optional: true, Work: SolveNNLRS,
		field: number(func(p *Params) *float64 { return &p.Gap })}
	Propagator = &Setting{Key: "prop", Name: "propagation", Control: Choice, Min: 1, Max: 0, Work: View,
		field: str(func(p *Params) *string { return &p.Propagator }), options: propagatorOptions}
	Alpha = &Setting{Key: "alpha", Name: "LGC's α", Control: Slider, Min: 0.01, Max: 0.999, Work: View,
		Steps: []float64{0.1, 0.3, 0.5, PaperAlpha, 0.7, 0.9, 0.95, 0.99, 0.995},
		field: number(func(p *Params) *float64 { return &p.Alpha })}
	Seed = &Setting{Key: "seed", Name: "seed", Control: Number, Min: 1, Max: 0, Work: Draw,
		field: unsigned(func(p *Params) *uint64 { return &p.Seed })}
	LabelSeed = &Setting{Key: "lseed", Name: "labels' seed", Control: Number, Min: 1, Max: 0, Optional: true, Work: Labels,
		field: unsigned(func(p *Params) *uint64 { return &p.LabelSeed })}
	Flip = &Setting{Key: "flip", Name: "clicked labels", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: Labels,
		field: str(func(p *Params) *string { return &p.Flip })}
	Graph = &Setting{Key: "graph", Name: "graph shown", Control: Choice, Min: 1, Max: 0, Work: View,
		field: name(func(p *Params) *method.Name { return &p.Graph }), options: graphOptions}
	Embed = &Setting{Key: "embed", Name: "view embedded", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: str(func(p *Params) *string { return &p.Embed })}
	Paper = &Setting{Key: "paper", Name: "paper figure", Control: Choice, Min: 1, Max: 0, Optional: true, Work: View,
		field: str(func(p *Params) *string { return &p.Paper }), options: paperOptions}
	Live = &Setting{Key: "live", Name: "live figure", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: integer(func(p *Params) *int { return &p.Live })}
	Tour = &Setting{Key: "tour", Name: "tour step", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: integer(func(p *Params) *int { return &p.Tour })}
	Only = &Setting{Key: "only", Name: "controls kept", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: str(func(p *Params) *string { return &p.Only })}
	Hide = &Setting{Key: "hide", Name: "controls hidden", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: str(func(p *Params) *string { return &p.Hide })}
	Lock = &Setting{Key: "lock", Name: "controls locked", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: str(func(p *Params) *string { return &p.Lock })}
	Ask = &Setting{Key: "ask", Name: "question", Control: LinkOnly, Min: 1, Max: 0, Optional: true, Work: View,
		field: str(func(p *Params) *string { return &p.Ask })}
)

// Settings is the table of the page's settings, in the order of the link.
var Settings = []*Setting{Dataset, Classes, PerClass, Labeled, Noise, Corrupt, Beta, Lambda, Theta, LRRLambda, Gap, Propagator, Alpha, Seed, LabelSeed, Flip, Graph, Embed, Paper, Live, Tour, Only, Hide, Lock, Ask}

// field reads and writes one field of Params as the link writes it.
type field struct {
	get   func(p *Params) string
	parse func(p *Params, v string) error
	// value points at the field of a number held as a float64, nil for
	// the others.
	value func(p *Params) *float64
}

func str(f func(p *Params) *string) field {
	return field{
		get:   func(p *Params) string { return *f(p) },
		parse: func(p *Params, v string) error { *f(p) = v; return nil },
	}
}

func name(f func(p *Params) *method.Name) field {
	return field{
		get:   func(p *Params) string { return string(*f(p)) },
		parse: func(p *Params, v string) error { *f(p) = method.Name(v); return nil }, // Validate checks it
	}
}

func integer(f func(p *Params) *int) field {
	return field{
		get: func(p *Params) string { return strconv.Itoa(*f(p)) },
		parse: func(p *Params, v string) error {
			x, err := strconv.Atoi(v)
			if err == nil {
				*f(p) = x
			}
			return err
		},
	}
}

func unsigned(f func(p *Params) *uint64) field {
	return field{
		get: func(p *Params) string { return strconv.FormatUint(*f(p), 10) },
		parse: func(p *Params, v string) error {
			x, err := strconv.ParseUint(v, 10, 64)
			if err == nil {
				*f(p) = x
			}
			return err
		},
	}
}

func number(f func(p *Params) *float64) field {
	return field{
		value: f,
		get:   func(p *Params) string { return strconv.FormatFloat(*f(p), 'g', -1, 64) },
		parse: func(p *Params, v string) error {
			x, err := dataset.ParseNumber(v)
			if err == nil {
				*f(p) = x
			}
			return err
		},
	}
}

// byKey finds a setting by its key.
var byKey = map[string]*Setting{}

func init() {
	for _, s := range Settings {
		byKey[s.Key] = s
	}
}

// Lookup returns the setting of key, nil for none.
func Lookup(key string) *Setting { return byKey[key] }

// StepsWith returns the steps of slider s with v among them, so that a
// value from a link that is not a step keeps its exact value.
func (s *Setting) StepsWith(v float64) []float64 {
	for _, x := range s.Steps {
		if x == v {
			return s.Steps
		}
	}
	out := make([]float64, 0, len(s.Steps)+1)
	added := false
	for _, x := range s.Steps {
		if !added && v < x {
			out = append(out, v)
			added = true
		}
		out = append(out, x)
	}
	if !added {
		out = append(out, v)
	}
	return out
}

// Differ returns the keys of the settings where p and q differ, in the
// order of the link.
func Differ(p, q Params) []string {
	var keys []string
	for _, s := range Settings {
		if s.get(&p) != s.get(&q) {
			keys = append(keys, s.Key)
		}
	}
	return keys
}

// Needs returns the most work that going from settings q to p needs
// (View when they are the same).
func Needs(p, q Params) Work {
	w := View
	for _, s := range Settings {
		if s.Work > w && s.get(&p) != s.get(&q) {
			w = s.Work
		}
	}
	return w
}

// Same reports whether p and q agree on every setting whose change needs
// work of kind w.
func Same(p, q Params, w Work) bool {
	for _, s := range Settings {
		if s.Work == w && s.get(&p) != s.get(&q) {
			return false
		}
	}
	return true
}

// SameData reports whether p and q draw the same samples (an upload
// also needs the same file): the settings whose change is a new Draw.
func (p Params) SameData(q Params) bool { return Same(p, q, Draw) }

// With returns p with the settings of q whose change needs work of kind w
// (WithView: the view settings).
func (p Params) With(q Params, w Work) Params {
	for _, s := range Settings {
		if s.Work == w {
			s.parse(&p, s.get(&q))
		}
	}
	return p
}
