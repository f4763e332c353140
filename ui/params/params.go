// Package params holds the settings of the in-browser demo: one table
// (Settings) of every setting of the page, with its control, its steps,
// its range and what its change recomputes, from which the link (so that
// a link reproduces a figure), the controls' entries, the range checks and
// the choice lists derive; the defaults, the data sets' presets and the
// guided tour; and the jobs (core/demo) a run asks of the solver workers.
package params

import (
	"fmt"
	"strconv"
	"strings"

	"nnlrs/core/demo"
	"nnlrs/core/method"
)

// Params are the values of the page's controls.
type Params struct {
	// Data are the samples drawn (demo.Data: the data set, Classes ×
	// PerClass samples, the noise and corruption added, the seed). An
	// upload takes every sample when Classes and PerClass are both 0.
	demo.Data
	// Labeled is the percentage of each class whose labels are given.
	Labeled float64
	// Params are the parameters of the graphs (demo.Params: NNLRS's β, λ
	// and θ of problem (6) and Algorithm 2, LRR's λ, and the relative
	// duality gap at which the NNLRS solver stops, between MinGap and
	// MaxGap, 0 for its default, which the link alone carries: a
	// researcher's setting, and a way to make a solve run long).
	demo.Params
	// Propagator ("ghf" or "lgc") is the propagation watched step by step;
	// Alpha is LGC's α.
	Propagator string
	Alpha      float64
	// LabelSeed, when not 0, fixes the labeled draw alone (Data.Seed fixes
	// it otherwise), so that other labels need no new graphs.
	LabelSeed uint64
	// Flip lists the samples whose labeled state the user flipped by a
	// click, "" for none (see Flips).
	Flip string
	// Graph is the graph the graph and propagation views show.
	Graph method.Name
	// Embed, when not empty, names the one view the page shows, without
	// controls (for slides and iframes): a view of the page's registry
	// (ui/view), which the link's reader checks (FromHash).
	Embed string
	// Paper, when not empty, names the figure of the paper the page shows
	// in place of its views (PaperFigures); with Live 1, its live version,
	// measured on the page's own draw.
	Paper string
	Live  int
	// Tour is the step of the guided tour shown (1-based, see Tour), 0
	// for none.
	Tour int
	// Only, Hide and Lock list controls by their settings' keys, joined
	// by commas, for a teacher's link: Only keeps just those usable and
	// hides the others, Hide hides those, Lock shows them disabled
	// (Access).
	Only, Hide, Lock string
	// Ask is a teacher's question, shown above the controls the link
	// keeps usable; at most MaxAsk characters.
	Ask string
}

// MaxAsk bounds the length of a teacher's question (Params.Ask), in
// characters.
const MaxAsk = 600

// The graphs a run builds, in the order of the paper's tables, and their
// names on the page (method.Label).
var (
	Graphs     = []method.Name{method.KNN0, method.L1, method.LRR, method.NNLRS}
	GraphNames = labels(Graphs)
)

// labels maps each graph of gs to its name on the page.
func labels(gs []method.Name) map[method.Name]string {
	out := map[method.Name]string{}
	for _, g := range gs {
		out[g] = method.Label(g)
	}
	return out
}

// Propagators are the values of Params.Propagator, and PropagatorNames
// their words on the page.
var (
	Propagators     = []string{"ghf", "lgc"}
	PropagatorNames = map[string]string{"ghf": "GHF (harmonic function)", "lgc": "LGC (local and global consistency)"}
)

// Builtin are the names of the real data sets the site may carry
// (demo.Builtins: tools/site writes them when ../shared/datasets is
// present).
var Builtin = func() []string {
	var names []string
	for _, b := range demo.Builtins {
		names = append(names, b.Name)
	}
	return names
}()

// Titles names the data sets on the page.
var Titles = map[string]string{
	demo.Synthetic: "synthetic subspaces",
	"usps":         "USPS digits",
	"yaleb":        "Extended Yale B faces",
	"pie":          "CMU PIE faces",
	demo.Upload:    "your own file",
}

// The options of the choices (Setting.Options): the data sets (the
// synthetic ones, those built into the site, an upload), the propagations,
// the graphs and the paper's figures (or none).
func datasetOptions(cat []demo.Builtin) []Option {
	opts := []Option{{demo.Synthetic, Titles[demo.Synthetic]}}
	for _, b := range cat {
		opts = append(opts, Option{b.Name, b.Title})
	}
	return append(opts, Option{demo.Upload, Titles[demo.Upload] + " (.mat, .csv)"})
}

func propagatorOptions([]demo.Builtin) []Option {
	var opts []Option
	for _, v := range Propagators {
		opts = append(opts, Option{v, PropagatorNames[v]})
	}
	return opts
}

func graphOptions([]demo.Builtin) []Option {
	var opts []Option
	for _, g := range []method.Name{method.NNLRS, method.LRR, method.L1, method.KNN0} {
		opts = append(opts, Option{string(g), GraphNames[g]})
	}
	return opts
}

func paperOptions([]demo.Builtin) []Option {
	opts := []Option{{"", "none: the live views"}}
	for _, f := range PaperFigures {
		opts = append(opts, Option{f, PaperLabels[f]})
	}
	return opts
}

// Default returns the settings of a fresh page: 4 subspaces of dimension
// 4 in R^50 with 25 samples each, noise 0.2 and 20% of the samples grossly
// corrupted, one labeled sample per class (5%), and NNLRS with the paper's
// β = 0.2, λ = 1 and θ = 0.05.
//
// The data are hard enough for the graphs to differ, and λ and θ are not
// the paper's 10 and 0, which suit its faces and digits. Measured on these
// data (seeds 1-5, wasm/solver's runner): NNLRS puts 97-98% of its
// off-diagonal weight within classes and 21-22% of it on the diagonal,
// keeps 10-11% of the possible edges in one connected graph, its E flags
// the 20 corrupted samples (and 3-6 others), and GHF misclassifies 0-1% of
// the unlabeled samples (kNN 2-29%, l1 1-29%, LRR 20-62%), in 166-182
// iterations. Either side of λ = 1 the lesson shows: at λ = 0.5 E absorbs
// every sample (errors 65-82%); at λ = 2 E stays near 0 and the corrupted
// samples represent themselves (34% on the diagonal, errors 3-29%); at the
// paper's λ = 10, Z is close to I (96-100% on the diagonal, errors 75% or
// more). β = 2 gives Z = 0, β = 0 a dense class-blind graph (55% within).
func Default() Params {
	return Params{
		Data:       demo.Data{Dataset: demo.Synthetic, Classes: 4, PerClass: 25, Noise: 0.2, Corrupt: 20, Seed: 1},
		Labeled:    5,
		Params:     demo.Params{Beta: 0.2, Lambda: 1, Theta: 0.05, LRRLambda: 1},
		Propagator: "ghf", Alpha: 0.99, Graph: method.NNLRS,
	}
}

// N returns the number of samples p draws (for an upload, at most that:
// 0 when it takes every sample, whose number is known only once the
// worker has read the file).
func (p Params) N() int { return p.Classes * p.PerClass }

// FieldError is a setting out of its range: Field is its key (the id of
// its control).
type FieldError struct {
	Field string
	Msg   string
}

func (e *FieldError) Error() string { return e.Msg }

// Line is the message as the page shows it beside the control: a
// sentence, its first letter capitalized, unless it opens with a file's
// name (a word with an extension, "faces.csv: …") or a symbol (λ, θ),
// whose case is kept.
func (e *FieldError) Line() string {
	if e.Msg == "" {
		return ""
	}
	msg := strings.TrimSuffix(e.Msg, ".") + "."
	first, _, _ := strings.Cut(msg, " ")
	if c := msg[0]; c < 'a' || c > 'z' || strings.Contains(strings.TrimSuffix(first, ":"), ".") {
		return msg
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
}

// Validate returns a *FieldError, in words for the page, naming the first
// setting out of its range.
func (p Params) Validate() error {
	bad := func(field, format string, args ...any) error {
		return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	upload := p.Dataset == demo.Upload
	// An upload may be drawn down class by class; 0 classes and 0 samples
	// per class take every sample.
	all := upload && p.Classes == 0 && p.PerClass == 0
	for _, s := range Settings {
		if v := s.get(&p); s.options != nil && !(s.Optional && v == "") && !s.allowed(v) {
			var vs []string
			for _, o := range s.Options(demo.Builtins) {
				vs = append(vs, o.Value)
			}
			return bad(s.Key, "unknown %s %q (one of %s)", s.Name, v, strings.Join(vs, ", "))
		}
	}
	for _, s := range Settings {
		if !s.Ranged() || all && (s == Classes || s == PerClass) {
			continue
		}
		v, err := strconv.ParseFloat(s.get(&p), 64)
		if s.Optional && v == 0 {
			continue
		}
		if err != nil || !(v >= s.Min && v <= s.Max) {
			return bad(s.Key, "%s must be between %g and %g, have %s", s.Name, s.Min, s.Max, s.get(&p))
		}
	}
	switch {
	case !flipOK(p):
		return bad(Flip.Key, "flip must list increasing sample numbers joined by dots, have %q", p.Flip)
	case p.Live != 0 && p.Live != 1:
		return bad(Live.Key, "live is 1 (the figure measured on the page's draw) or 0, have %d", p.Live)
	case len([]rune(p.Ask)) > MaxAsk:
		return bad(Ask.Key, "the question may have at most %d characters, has %d", MaxAsk, len([]rune(p.Ask)))
	case p.Tour < 0 || p.Tour > len(TourSteps):
		return bad(Tour.Key, "the tour has steps 1 to %d, have %d", len(TourSteps), p.Tour)
	}
	if n := p.N(); n > 0 && !upload {
		if n < demo.MinSamples {
			return bad(PerClass.Key, "%d samples are too few for the graphs (kNN links each to 5 neighbours): choose at least %d in all", n, demo.MinSamples)
		}
		if err := demo.CheckSize(demo.SyntheticD, n); err != nil {
			return &FieldError{Field: PerClass.Key, Msg: err.Error()}
		}
	}
	return nil
}

// Jobs returns the jobs of a run with settings p and the upload f,
// numbered from first (demo.Jobs).
func (p Params) Jobs(f demo.File, first uint32) []demo.Job {
	return demo.Jobs(p.Data, p.Params, f, first)
}

// LabelsSeed returns the seed of the labeled draw: LabelSeed, or Seed
// when it is 0.
func (p Params) LabelsSeed() uint64 {
	if p.LabelSeed != 0 {
		return p.LabelSeed
	}
	return p.Seed
}

// WithView returns p with the view settings of v, those the page alone
// shows: the graph shown, the propagation watched and its α, the embedded
// view and the tour's step.
func (p Params) WithView(v Params) Params { return p.With(v, View) }
