package experiment

import (
	"fmt"
	"slices"
	"strings"

	"nnlrs/core/graph"
	"nnlrs/core/lasso"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// A Reading is one way of carrying out a step that the paper describes
// only by reference or leaves open, set beside the default the package
// otherwise takes. Config.Readings selects them by name; the trial files
// record the names (Settings.Readings), so that trials of different
// readings never merge.
//
// The defaults answer "what does the paper's model give": NNLRS solved to
// a certified optimum of problem (6) (lowrank.ADMM), the l1-graph in the
// lasso form that tends to Cheng et al.'s problem (graph.L1), LRR at the
// run's λ. The readings answer "what did the paper's code give".
type Reading struct {
	// Name is how the command line and the trial files spell it.
	Name string
	// Graph is the graph whose construction it changes (for NNLRS also
	// NNLRS-EF and PCA+NNLRS, which share its solver).
	Graph method.Name
	// Title names it in tables and on the page.
	Title string
	// Doc says what it does and which words of the paper it reads.
	Doc string

	apply func(*graph.Options)
	// fixesLRR: LRR's λ is the reading's, never tuned.
	fixesLRR bool
}

// Changes returns the graphs whose construction the reading changes: its
// graph, and for NNLRS also NNLRS-EF and PCA+NNLRS, which share its
// solver.
func (r Reading) Changes() []method.Name {
	if r.Graph == method.NNLRS {
		return []method.Name{method.NNLRS, method.NNLRSEF, method.PCANNLRS}
	}
	return []method.Name{r.Graph}
}

// Apply sets the options of the reading's graph in o.
func (r Reading) Apply(o *graph.Options) { r.apply(o) }

// LiuLRRLambda is the λ of Liu et al.'s own face experiment, the
// lrr_face_seg.m of the code they released with "Robust subspace
// segmentation by low-rank representation" (ICML 2010), which clusters
// Extended Yale B with Z = solve_lrr(X, 0.18).
const LiuLRRLambda = 0.18

// Readings lists every reading; a run takes one per graph at most.
var Readings = []Reading{
	{
		Name: "algorithm1", Graph: method.NNLRS, Title: "NNLRS by Algorithm 1 as written",
		Doc: "problem (6) solved by the paper's Algorithm 1 (LADMAP) exactly as written: Z₀ = H₀ = E₀ = Y = 0, " +
			"μ₀ = 0.1, ρ₀ = 1.1, μ_max = 10¹⁰, η₁ = ||X||₂², stopped when ||X − XZ − E||_F/||X||_F < ε₁ = 10⁻⁶ and " +
			"the change measure < ε₂ = 10⁻², where that schedule stops, which need not be the optimum",
		apply: func(o *graph.Options) { o.NNLRS.Solver = &lowrank.LADMAP{PaperEta: true} },
	},
	{
		Name: "cheng", Graph: method.L1, Title: "l1-graph by l1-magic, as Cheng et al.",
		Doc: "each sample coded by Cheng et al.'s equality form min ||c||₁ + ||e||₁ s.t. x_i = X_{\\i}c + e, " +
			"solved by l1-magic's primal-dual interior-point method (l1eq_pd) at its default tolerance, " +
			"as Cheng et al. (IEEE TIP 2010) did, instead of the lasso form of width 0.01",
		apply: func(o *graph.Options) { o.L1.Equality = &lasso.PrimalDual{} },
	},
	{
		Name: "cheng-exact", Graph: method.L1, Title: "l1-graph in Cheng et al.'s form, solved exactly",
		Doc: "each sample coded by Cheng et al.'s equality form, solved exactly: l1-magic's interior-point method " +
			"as far as it goes, then the optimal vertex it points to, certified by the linear program's " +
			"optimality conditions (exact zeros, where an interior point has none)",
		apply: func(o *graph.Options) { o.L1.Equality = &lasso.PrimalDual{Vertex: true} },
	},
	{
		Name: "liu", Graph: method.LRR, Title: "LRR at Liu et al.'s parameters",
		Doc: fmt.Sprintf("LRR with λ = %g, the value of Liu et al.'s own face experiment (their lrr_face_seg.m), "+
			"solved by their inexact ALM (lrra.m's schedule), and never tuned: the paper sets "+
			"\"the parameters of LRR the same as those in Liu et al.\"", LiuLRRLambda),
		apply: func(o *graph.Options) {
			o.LRR.Lambda = LiuLRRLambda
			o.LRR.Solver = &lowrank.ALM{}
		},
		fixesLRR: true,
	},
}

// LookupReading returns the reading named name, or an error that lists
// the names.
func LookupReading(name string) (Reading, error) {
	for _, r := range Readings {
		if r.Name == name {
			return r, nil
		}
	}
	return Reading{}, fmt.Errorf("experiment: unknown reading %q (readings: %s)", name, strings.Join(ReadingNames(), ", "))
}

// ReadingNames returns the names of Readings, in order.
func ReadingNames() []string {
	names := make([]string, len(Readings))
	for i, r := range Readings {
		names[i] = r.Name
	}
	return names
}

// CheckReadings checks that names are known and name one reading per
// graph at most.
func CheckReadings(names []string) error {
	graphs := map[method.Name]string{}
	for _, n := range names {
		r, err := LookupReading(n)
		if err != nil {
			return err
		}
		if o, ok := graphs[r.Graph]; ok {
			return fmt.Errorf("experiment: readings %q and %q both concern %s; choose one", o, n, r.Graph)
		}
		graphs[r.Graph] = n
	}
	return nil
}

// orderedReadings returns names in the order of Readings, nil when empty.
func orderedReadings(names []string) []string {
	var out []string
	for _, r := range Readings {
		if slices.Contains(names, r.Name) {
			out = append(out, r.Name)
		}
	}
	return out
}

// OverlayTrials returns the defaults' table under a reading: the trials
// of base whose numbers reading (the reading's own run, of some graphs)
// also has, each with the cells and builds of reading's graphs taken from
// reading, and base's settings with reading's readings, for Merge. The
// two runs must share the protocol, data, seed, labeled fractions and
// classifiers.
func OverlayTrials(base, reading []Trial) ([]Trial, error) {
	if len(base) == 0 || len(reading) == 0 {
		return nil, fmt.Errorf("experiment: no trials to overlay")
	}
	bs, rs := base[0].Settings, reading[0].Settings
	for _, d := range []struct {
		name string
		same bool
	}{
		{"data set", bs.Protocol.Name == rs.Protocol.Name && bs.Data == rs.Data},
		{"seed", bs.Seed == rs.Seed},
		{"labeled fractions", slices.Equal(bs.Labeled, rs.Labeled)},
		{"classifiers", slices.Equal(bs.Propagators, rs.Propagators)},
	} {
		if !d.same {
			return nil, fmt.Errorf("experiment: the reading's run differs from the defaults' in its %s", d.name)
		}
	}
	if len(rs.Readings) == 0 {
		return nil, fmt.Errorf("experiment: the run to overlay has no reading")
	}
	byNumber := map[int]Trial{}
	for _, t := range reading {
		byNumber[t.Number] = t
	}
	var out []Trial
	for _, b := range base {
		r, ok := byNumber[b.Number]
		if !ok {
			continue
		}
		t := b
		t.Settings.Readings = rs.Readings
		t.Cells = nil
		for _, c := range b.Cells {
			if !slices.Contains(rs.Graphs, c.Graph) {
				t.Cells = append(t.Cells, c)
			}
		}
		t.Cells = append(t.Cells, r.Cells...)
		t.Builds = nil
		for _, bd := range b.Builds {
			if !slices.Contains(rs.Graphs, bd.Graph) {
				t.Builds = append(t.Builds, bd)
			}
		}
		t.Builds = append(t.Builds, r.Builds...)
		t.Seconds, t.CPUSeconds = b.Seconds+r.Seconds, b.CPUSeconds+r.CPUSeconds
		out = append(out, t)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("experiment: the reading's run has none of the defaults' trials")
	}
	return out, nil
}
