package experiment

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/embed"
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
	// Readings name the readings of the paper the trials applied.
	Readings []string `json:"readings,omitempty"`
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
	// Seconds is the time of the trials, summed: that of a reprint on
	// one worker (Merge). Run sets it to its own wall-clock time.
	Seconds float64 `json:"seconds"`
	// CPUSeconds is the CPU time of the trials, summed, when known
	// (Trial.CPUSeconds).
	CPUSeconds float64 `json:"cpu_seconds,omitempty"`
	// Workers is the number of trials run at once (the most of the runs
	// merged).
	Workers int `json:"workers"`
	// Missing are the numbers of the trials, up to the most any run
	// merged asked for, absent from the merge; Versions the code versions
	// that made the trials (Merge).
	Missing  []int     `json:"missing,omitempty"`
	Versions []Version `json:"versions,omitempty"`
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
	Components []int `json:"components,omitempty"`
	// Unreached and ReachedErrors are, trial by trial as Errors, the
	// unlabeled samples no labeled sample reaches (counted as errors in
	// Errors) and the error rates among the others (TrialCell); present
	// only when every trial recorded them (GHF and LGC, newer runs).
	Unreached     []int     `json:"unreached,omitempty"`
	ReachedErrors []float64 `json:"reached_errors,omitempty"`
	// Summary compares the cell with the paper (Annotate).
	Summary *Summary `json:"summary,omitempty"`
}

// Mean returns the mean error rate, NaN without trials.
func (c Cell) Mean() float64 { return Mean(c.Errors) }

// Reached returns the mean error rate among the unlabeled samples some
// label reaches and the mean number of the others; ok is false where the
// trials did not record them.
func (c Cell) Reached() (rate, unreached float64, ok bool) {
	if len(c.ReachedErrors) == 0 {
		return 0, 0, false
	}
	for _, k := range c.Unreached {
		unreached += float64(k)
	}
	return Mean(c.ReachedErrors), unreached / float64(len(c.Unreached)), true
}

// Std returns the sample standard deviation of the error rates (0 for a
// single trial, NaN without trials).
func (c Cell) Std() float64 { return Std(c.Errors) }

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
	Stage        Stage       `json:"stage"`
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
	// Solves report, build by build, the solvers of the graphs that have
	// one (absent in older runs).
	Solves []Solve `json:"solves,omitempty"`
}

// Solve reports the solver of one build: the graph's λ and β where it has
// them, the solver's iterations (summed over the samples for the l1 and
// SPG graphs), whether its stopping rule held (Converged false: it reached
// its iteration cap), and its objective at the answer (graph.Info). Trial
// is the trial's number in Results, 0 in a trial's own file.
type Solve struct {
	Trial      int     `json:"trial,omitempty"`
	Lambda     float64 `json:"lambda,omitempty"`
	Beta       float64 `json:"beta,omitempty"`
	Iterations int     `json:"iterations"`
	Converged  bool    `json:"converged"`
	Objective  float64 `json:"objective"`
	// Caught, on data with grossly corrupted samples (synthetic data),
	// is the share of them among the samples of the largest error
	// columns ||e_j||₂ of the graph's E, as many as are corrupted
	// (Caught); absent without corruption or E.
	Caught *float64 `json:"caught,omitempty"`
}

// Caught returns the share of the corrupted samples (corrupted[j]) among
// the k columns of e with the largest norms, k the number corrupted: 1
// when E's largest columns are exactly the corrupted samples, k/n for a
// random pick; a zero column flags nothing (E = 0, at a large λ, catches
// none). ok is false when no sample is corrupted or e does not have a
// column per sample.
func Caught(e *mat.Dense, corrupted []bool) (share float64, ok bool) {
	k := 0
	for _, c := range corrupted {
		if c {
			k++
		}
	}
	if e == nil || k == 0 {
		return 0, false
	}
	if _, n := e.Dims(); n != len(corrupted) {
		return 0, false
	}
	idx := make([]int, len(corrupted))
	norms := make([]float64, len(corrupted))
	for j := range idx {
		idx[j] = j
		norms[j] = mat.Norm(e.ColView(j), 2)
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(norms[b], norms[a]) })
	hit := 0
	for _, j := range idx[:k] {
		if corrupted[j] && norms[j] > 0 {
			hit++
		}
	}
	return float64(hit) / float64(k), true
}

// Example holds the weights used in the first trial, at the labeled
// fraction closest to 30% and the first classifier of a stage, with the
// samples' labels (the samples are ordered by class).
type Example struct {
	Stage      Stage
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
func (r *Results) Build(st Stage, g method.Name) (BuildStat, bool) {
	for _, b := range r.Builds {
		if b.Stage == st && b.Graph == g {
			return b, true
		}
	}
	return BuildStat{}, false
}

// aggregate sets the cells, sweep, choices, candidates and build
// statistics of r from the trials ts, in the order of their numbers, and
// the sweep's β values betas.
func (r *Results) aggregate(ts []Trial, betas []float64) {
	type trialMaps struct {
		cells  map[cellKey]TrialCell
		sweep  map[sweepKey]float64
		builds map[statKey]TrialBuild
	}
	maps := make([]trialMaps, len(ts))
	for i, t := range ts {
		m := trialMaps{cells: map[cellKey]TrialCell{}, sweep: map[sweepKey]float64{}, builds: map[statKey]TrialBuild{}}
		for _, c := range t.Cells {
			m.cells[cellKey{c.Propagator, c.Labeled, c.Graph}] = c
		}
		for _, c := range t.Sweep {
			m.sweep[sweepKey{c.Beta, c.Labeled}] = c.Error
		}
		for _, b := range t.Builds {
			m.builds[statKey{b.Stage, b.Graph}] = b
		}
		maps[i] = m
	}
	r.Cells = nil
	for _, p := range r.Propagators {
		for _, f := range r.Labeled {
			for _, g := range r.Graphs {
				cell := Cell{Propagator: p, Labeled: f, Graph: g, Errors: []float64{}}
				reach := true
				for _, m := range maps {
					if c, ok := m.cells[cellKey{p, f, g}]; ok {
						cell.Errors = append(cell.Errors, c.Error)
						cell.Components = append(cell.Components, c.Components)
						if reach = reach && c.Unreached != nil && c.ReachedError != nil; reach {
							cell.Unreached = append(cell.Unreached, *c.Unreached)
							cell.ReachedErrors = append(cell.ReachedErrors, *c.ReachedError)
						}
					}
				}
				if !reach || len(cell.Errors) == 0 {
					cell.Unreached, cell.ReachedErrors = nil, nil
				}
				r.Cells = append(r.Cells, cell)
			}
		}
	}
	sweepProp := ""
	if slices.Contains(r.Propagators, SDA) {
		sweepProp = SDA
	} else if len(r.Propagators) > 0 {
		sweepProp = r.Propagators[0]
	}
	r.Sweep = nil
	for _, b := range betas {
		for _, f := range r.Labeled {
			sc := SweepCell{Propagator: sweepProp, Lambda: r.Params.SweepLambda, Beta: b, Labeled: f, Errors: []float64{}}
			for _, m := range maps {
				if e, ok := m.sweep[sweepKey{b, f}]; ok {
					sc.Errors = append(sc.Errors, e)
				}
			}
			r.Sweep = append(r.Sweep, sc)
		}
	}
	r.Choices, r.Candidates = nil, nil
	for _, t := range ts {
		r.Choices = append(r.Choices, t.Choices...)
		r.Candidates = append(r.Candidates, t.Candidates...)
	}
	r.Builds = nil
	for _, st := range Stages {
		for _, g := range r.Graphs {
			sk := statKey{st, g}
			var bs BuildStat
			var gs graphStat
			found := false
			for i, m := range maps {
				b, ok := m.builds[sk]
				if !ok {
					continue
				}
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
				for _, s := range b.Solves {
					s.Trial = ts[i].Number
					bs.Solves = append(bs.Solves, s)
				}
				gs.n += b.Used
				gs.density += b.Density
				gs.within += b.WithinClass
				gs.diagonal += b.DiagonalShare
				gs.components += b.Components
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
			r.Builds = append(r.Builds, bs)
		}
	}
}

// orderedGraphs returns gs in the order of method.Every.
func orderedGraphs(gs []method.Name) []method.Name {
	var out []method.Name
	for _, g := range method.Every {
		if slices.Contains(gs, g) {
			out = append(out, g)
		}
	}
	return out
}

// Mean returns the mean of v, NaN without values.
func Mean(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// Std returns the sample standard deviation of v, 0 for one value and
// NaN for none.
func Std(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	if len(v) == 1 {
		return 0
	}
	m := Mean(v)
	s := 0.0
	for _, x := range v {
		s += (x - m) * (x - m)
	}
	return math.Sqrt(s / float64(len(v)-1))
}

// GammaOf returns the γ of NNLRS-EF that p records, embed's default for
// the runs that record none.
func GammaOf(p Params) float64 {
	if p.Gamma == 0 {
		return embed.DefaultGamma
	}
	return p.Gamma
}
