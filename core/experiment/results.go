package experiment

import (
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/method"
)

// Results are the outcome of Run. They marshal to JSON (without the
// example weights), so that reports can be rebuilt from saved runs.
type Results struct {
	Protocol    Protocol      `json:"protocol"`
	Trials      int           `json:"trials"`
	Seed        uint64        `json:"seed"`
	Labeled     []float64     `json:"labeled"`
	Graphs      []method.Name `json:"graphs"`
	Propagators []string      `json:"propagators"`
	// Params are the fixed parameters, or the grid when Tuned.
	Params Params `json:"params"`
	// Cells hold the error rates of every classifier × labeled fraction ×
	// graph, in that order.
	Cells []Cell `json:"cells"`
	// Sweep holds the β sensitivity table, if requested.
	Sweep []SweepCell `json:"sweep,omitempty"`
	// Choices record every choice of the tuning mode.
	Choices []Choice `json:"choices,omitempty"`
	// Candidates record every candidate of those choices, with
	// Config.Candidates.
	Candidates []Candidate `json:"candidates,omitempty"`
	// Builds summarize the graph constructions.
	Builds []BuildStat `json:"builds"`
	// Reasons are the texts of the reasons the cells' summaries name, by
	// key (Annotate).
	Reasons map[string]string `json:"reasons,omitempty"`
	// Seconds is the wall-clock time of the run.
	Seconds float64 `json:"seconds"`
	// Workers is the number of trials run at once.
	Workers int `json:"workers"`
	// Command is the command line that produced the results, if set by
	// the caller.
	Command string `json:"command,omitempty"`
	// Date is when the run finished, RFC 3339.
	Date string `json:"date"`
	// Example holds the weights of the first trial, for figures.
	Example *Example `json:"-"`
}

// Params record the parameters of a run.
type Params struct {
	Tuned bool `json:"tuned"`
	// Fixed parameters (used when not Tuned, and always for the graphs
	// that are never tuned).
	Beta, Lambda, Theta float64
	LRRLambda           float64
	Gamma               float64
	Dim                 int
	// EFNormalize records embed.Settings.Normalize, EFOuter the cap on
	// Algorithm 4's alternations (0: its default).
	EFNormalize    bool `json:",omitempty"`
	EFOuter        int  `json:",omitempty"`
	KNNSigma       float64
	SweepLambda    float64 `json:",omitempty"`
	Folds          int     `json:",omitempty"`
	Grid           *Grid   `json:",omitempty"`
	SDAGraphWeight float64
	SDARidge       float64
}

// Cell holds the error rates of one classifier × labeled fraction × graph.
type Cell struct {
	Propagator string      `json:"propagator"`
	Labeled    float64     `json:"labeled"`
	Graph      method.Name `json:"graph"`
	// Errors are the error rates (fractions) of the trials in which every
	// build of the graph succeeded, in trial order.
	Errors []float64 `json:"errors"`
	// Components are the connected components of the weights used, trial
	// by trial as Errors (weights.Components; absent in older runs).
	Components []int    `json:"components,omitempty"` // Summary compares the cell with the paper (Annotate).
	Summary    *Summary `json:"summary,omitempty"`
}

// Mean returns the mean error rate, NaN without trials.
func (c Cell) Mean() float64 { return mean(c.Errors) }

// Std returns the sample standard deviation of the error rates (0 for a
// single trial, NaN without trials).
func (c Cell) Std() float64 { return std(c.Errors) }

// SweepCell holds the error rates of the NNLRS graph at one β of the
// sensitivity table and one labeled fraction.
type SweepCell struct {
	Propagator string    `json:"propagator"`
	Lambda     float64   `json:"lambda"`
	Beta       float64   `json:"beta"`
	Labeled    float64   `json:"labeled"`
	Errors     []float64 `json:"errors"`
	// Summary compares the cell with the paper's Table IV (Annotate).
	Summary *Summary `json:"summary,omitempty"`
}

// Choice is one choice of the tuning mode.
type Choice struct {
	Propagator string      `json:"propagator"`
	Labeled    float64     `json:"labeled"`
	Graph      method.Name `json:"graph"`
	Trial      int         `json:"trial"`
	Lambda     float64     `json:"lambda"`
	Beta       float64     `json:"beta"`
	Theta      float64     `json:"theta"`
	// CVError is the cross-validation error of the choice.
	CVError float64 `json:"cv_error"`
}

// Candidate is one candidate of a choice of the tuning mode: its
// parameters and cross-validation error (those of a Choice) and whether it
// was chosen, and, measured for the record after the choice and never
// used to make it, its error rate on the test (unlabeled) samples and the
// measures of its weights W.
type Candidate struct {
	Choice
	Chosen bool    `json:"chosen"`
	Error  float64 `json:"error"`
	// Density, WithinClass, DiagonalShare and Components are
	// weights.Density, WithinClass, DiagonalShare and Components of W.
	Density       float64 `json:"density"`
	WithinClass   float64 `json:"within_class"`
	DiagonalShare float64 `json:"diagonal_share"`
	Components    int     `json:"components"`
}

// BuildStat summarizes the constructions of one graph in one stage
// ("transductive" or "sda") over all trials.
type BuildStat struct {
	Stage        string      `json:"stage"`
	Graph        method.Name `json:"graph"`
	Builds       int         `json:"builds"`
	Seconds      float64     `json:"seconds"`
	NotConverged int         `json:"not_converged"`
	Failed       int         `json:"failed"`
	// Errors are the distinct errors of the failed builds.
	Errors []string `json:"errors,omitempty"`
	// Density, WithinClass, DiagonalShare and Components average
	// weights.Density, WithinClass, DiagonalShare and Components over the
	// weights used (Components absent in older runs).
	Density       float64 `json:"density"`
	WithinClass   float64 `json:"within_class"`
	DiagonalShare float64 `json:"diagonal_share"`
	Components    float64 `json:"components,omitempty"`
}

// Example holds the weights used in the first trial, at the labeled
// fraction closest to 30% and the first classifier of a stage, with the
// samples' labels (the samples are ordered by class).
type Example struct {
	Stage      string
	Propagator string
	Labeled    float64
	Labels     []int
	W          map[method.Name]*mat.SymDense
}

// Cell returns the cell of p, frac and g, and whether it exists.
func (r *Results) Cell(p string, frac float64, g method.Name) (Cell, bool) {
	for _, c := range r.Cells {
		if c.Propagator == p && c.Labeled == frac && c.Graph == g {
			return c, true
		}
	}
	return Cell{}, false
}

// Build returns the build statistics of graph g in stage st.
func (r *Results) Build(st string, g method.Name) (BuildStat, bool) {
	for _, b := range r.Builds {
		if b.Stage == st && b.Graph == g {
			return b, true
		}
	}
	return BuildStat{}, false
}

func (r *runner) aggregate(trials []*trialResult) *Results {
	c := r.c
	o := c.Options
	res := &Results{
		Protocol: c.Protocol, Trials: c.Trials, Seed: c.Seed, Labeled: c.Labeled,
		Graphs: orderedGraphs(c.Graphs), Propagators: c.Propagators,
		Params: Params{
			Tuned: c.Tune != nil, Beta: o.NNLRS.Beta, Lambda: o.NNLRS.Lambda, Theta: o.NNLRS.Theta,
			LRRLambda: o.LRR.Lambda, Gamma: c.EF.Gamma, Dim: c.EF.Dim, KNNSigma: o.KNNSigma,
			Folds: c.Folds, Grid: c.Tune, SDAGraphWeight: c.SDA.GraphWeight, SDARidge: c.SDA.Ridge,
		},
		Seconds: time.Since(r.start).Seconds(),
		Workers: r.workers,
		Date:    time.Now().UTC().Format(time.RFC3339),
	}
	if c.EFSettings != nil {
		res.Params.EFNormalize, res.Params.EFOuter = c.EFSettings.Normalize, c.EFSettings.MaxOuter
	}
	if len(c.SweepBetas) > 0 {
		res.Params.SweepLambda = c.SweepLambda
	}
	if !res.Params.Tuned {
		res.Params.Folds = 0
	}
	for _, p := range c.Propagators {
		for _, f := range c.Labeled {
			for _, g := range res.Graphs {
				cell := Cell{Propagator: p, Labeled: f, Graph: g, Errors: []float64{}}
				for _, tr := range trials {
					if e, ok := tr.errors[cellKey{p, f, g}]; ok {
						cell.Errors = append(cell.Errors, e)
						cell.Components = append(cell.Components, tr.components[cellKey{p, f, g}])
					}
				}
				res.Cells = append(res.Cells, cell)
			}
		}
	}
	sweepProp := ""
	if slices.Contains(c.Propagators, SDA) {
		sweepProp = SDA
	} else if len(c.Propagators) > 0 {
		sweepProp = c.Propagators[0]
	}
	for _, b := range c.SweepBetas {
		for _, f := range c.Labeled {
			sc := SweepCell{Propagator: sweepProp, Lambda: c.SweepLambda, Beta: b, Labeled: f, Errors: []float64{}}
			for _, tr := range trials {
				if e, ok := tr.sweep[sweepKey{b, f}]; ok {
					sc.Errors = append(sc.Errors, e)
				}
			}
			res.Sweep = append(res.Sweep, sc)
		}
	}
	for _, tr := range trials {
		res.Choices = append(res.Choices, tr.choices...)
		res.Candidates = append(res.Candidates, tr.candidates...)
	}
	slices.SortStableFunc(res.Choices, func(a, b Choice) int { return a.Trial - b.Trial })
	slices.SortStableFunc(res.Candidates, func(a, b Candidate) int { return a.Trial - b.Trial })
	for _, st := range []string{"transductive", "sda"} {
		for _, g := range res.Graphs {
			sk := statKey{st, g}
			var bs BuildStat
			var gs graphStat
			found := false
			for _, tr := range trials {
				if b := tr.builds[sk]; b != nil {
					found = true
					bs.Builds += b.Builds
					bs.Seconds += b.Seconds
					bs.NotConverged += b.NotConverged
					bs.Failed += b.Failed
					for _, e := range b.Errors {
						if !slices.Contains(bs.Errors, e) {
							bs.Errors = append(bs.Errors, e)
						}
					}
				}
				if s := tr.graphs[sk]; s != nil {
					gs.n += s.n
					gs.density += s.density
					gs.within += s.within
					gs.diagonal += s.diagonal
					gs.components += s.components
				}
			}
			if !found {
				continue
			}
			bs.Stage, bs.Graph = st, g
			if gs.n > 0 {
				bs.Density = gs.density / float64(gs.n)
				bs.WithinClass = gs.within / float64(gs.n)
				bs.DiagonalShare = gs.diagonal / float64(gs.n)
				bs.Components = gs.components / float64(gs.n)
			}
			res.Builds = append(res.Builds, bs)
		}
	}
	if len(trials) > 0 && trials[0] != nil {
		res.Example = trials[0].example
	}
	return res
}

// orderedGraphs returns gs in the order of Graphs.
func orderedGraphs(gs []method.Name) []method.Name {
	var out []method.Name
	for _, g := range Graphs {
		if slices.Contains(gs, g) {
			out = append(out, g)
		}
	}
	return out
}

func mean(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func std(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	if len(v) == 1 {
		return 0
	}
	m := mean(v)
	s := 0.0
	for _, x := range v {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(v)-1))
}
