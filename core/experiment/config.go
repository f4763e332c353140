package experiment

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"nnlrs/core/build"
	"nnlrs/core/dataset"
	"nnlrs/core/graph"
	"nnlrs/core/method"
	"nnlrs/core/sda"
)

// applyReadings applies the readings of c, in the order of Readings, to
// its options and tuning grid.
func (c *Config) applyReadings() {
	for _, r := range Readings {
		if !slices.Contains(c.Readings, r.Name) {
			continue
		}
		r.apply(&c.Options.Options)
		if r.fixesLRR && c.Tune != nil {
			g := *c.Tune
			g.LRRLambda = []float64{c.Options.LRR.Lambda}
			c.Tune = &g
		}
	}
}

// params returns the parameters of c as Results record them.
func (c *Config) params() Params {
	o := c.Options
	p := Params{
		Tuned: c.Tune != nil, Beta: o.NNLRS.Beta, Lambda: o.NNLRS.Lambda, Theta: o.NNLRS.Theta,
		LRRLambda: o.LRR.Lambda, Gamma: o.EF.Gamma, Dim: o.EF.Dim, KNNSigma: o.KNNSigma,
		Folds: c.Folds, Grid: c.Tune, SDAGraphWeight: c.SDA.GraphWeight, SDARidge: c.SDA.Ridge,
	}
	if s := o.EFSettings; s != nil {
		p.EFNormalize, p.EFOuter = s.Normalize, s.MaxOuter
	}
	if len(c.SweepBetas) > 0 {
		p.SweepLambda = c.SweepLambda
	}
	if !p.Tuned {
		p.Folds = 0
	}
	return p
}

// Grid is the tuning grid: λ and β of the NNLRS graphs (each pair one
// solve), θ of their thresholding (free: applied to the solved Z), and λ
// of LRR (LRRLambda; Lambda when empty).
type Grid struct {
	Lambda, Beta, Theta []float64
	LRRLambda           []float64 `json:",omitempty"`
}

// LRRLambdas returns LRR's λ grid.
func (g *Grid) LRRLambdas() []float64 {
	if len(g.LRRLambda) > 0 {
		return g.LRRLambda
	}
	return g.Lambda
}

// DefaultGrid returns the grid of the tuning mode. λ spans the range in
// which the NNLRS solution of unit-norm image data is neither near Z = I
// (λ ≥ 10) nor Z = 0 (λ ≤ 0.1); β is the paper's 0.2 (its Table IV finds
// the error flat for 0.001 ≤ β ≤ 1); θ from none to a threshold that
// keeps only the strongest normalized coefficients. LRR, without the β
// term, keeps a useful Z down to smaller λ, so its grid starts lower.
func DefaultGrid() Grid {
	return Grid{
		Lambda:    []float64{0.3, 1, 3},
		Beta:      []float64{0.2},
		Theta:     []float64{0, 0.01, 0.03, 0.1},
		LRRLambda: []float64{0.1, 0.3, 1},
	}
}

// Config describes a run.
type Config struct {
	Protocol Protocol
	// Data is Protocol.Load's set; nil for synthetic protocols.
	Data *dataset.Set
	// Trials is the number of seeded trials; Seed selects them.
	Trials int
	Seed   uint64
	// Labeled are the labeled fractions, in (0, 1).
	Labeled []float64
	// Graphs and Propagators name the graphs (of method.Every) and classifiers
	// (of Propagators) to run.
	Graphs      []method.Name
	Propagators []string
	// Options are the fixed graph parameters (build.DefaultOptions(), the
	// paper's, when zero); NNLRS's λ, β, θ and solver also serve NNLRS-EF
	// and PCA+NNLRS, whose β and λ come from the grid when tuned.
	Options build.Options
	// Readings name the readings of the paper to apply (Readings), which
	// set the solvers and parameters they concern over Options and Tune.
	Readings []string
	// Tune, if not nil, turns the tuning mode on with this grid.
	Tune *Grid
	// Folds is the number of cross-validation folds, default 3.
	Folds int
	// Candidates, with Tune, records every candidate of every choice in
	// Results.Candidates.
	Candidates bool
	// SDA configures SDA.
	SDA sda.Params
	// SweepBetas, if not empty, adds the paper's β sensitivity table: the
	// NNLRS graph at λ = SweepLambda (the paper's 10 when 0), θ of Options
	// and every β listed, under SDA if requested, else the first
	// classifier.
	SweepBetas  []float64
	SweepLambda float64
	// Workers run trials in parallel, default runtime.NumCPU().
	Workers int
	// Select, if not nil, lists the trials to run (from 0, below Trials,
	// in any order); nil runs them all. A trial's numbers do not depend on
	// the others run with it.
	Select []int
	// Finished, if not nil, is called (from the workers, one call at a
	// time) with every trial as it finishes; an error stops the run.
	Finished func(Trial) error
	// CPU, if not nil, returns the CPU time the process has used, in
	// seconds, for Trial.CPUSeconds.
	CPU func() float64
	// Progress, if not nil, is called (from the workers, one call at a
	// time) after every graph built and every trial finished.
	Progress func(Progress)
}

// Settings returns the settings of c (Settings) that its trials record,
// as Run fills in the defaults.
func (c Config) Settings() Settings {
	c.defaults()
	s := Settings{Protocol: c.Protocol, Seed: c.Seed, Labeled: c.Labeled, Graphs: orderedGraphs(c.Graphs),
		Propagators: c.Propagators, Params: c.params(), SweepBetas: c.SweepBetas, Candidates: c.Candidates,
		Readings: orderedReadings(c.Readings)}
	if c.Data != nil {
		s.Data = DataHash(c.Data)
	}
	var solvers []string
	for _, m := range []struct {
		name   string
		solver any
	}{{"nnlrs", c.Options.NNLRS.Solver}, {"lrr", c.Options.LRR.Solver}} {
		if m.solver == nil {
			continue
		}
		b, err := json.Marshal(m.solver)
		if err != nil {
			b = []byte(fmt.Sprintf("%T", m.solver))
		}
		solvers = append(solvers, fmt.Sprintf("%s: %v %s", m.name, m.solver, b))
	}
	s.Solvers = strings.Join(solvers, "; ")
	return s
}

// defaults fills in the defaults of the zero fields of c that Run uses.
func (c *Config) defaults() {
	if c.Options.KNNSigma == 0 && c.Options.NNLRS.Lambda == 0 {
		c.Options.Options = graph.DefaultOptions()
	}
	if c.Folds == 0 {
		c.Folds = 3
	}
	if c.SweepLambda == 0 {
		c.SweepLambda = graph.DefaultNNLRS().Lambda
	}
	c.applyReadings()
}

// Progress reports how far a run is.
type Progress struct {
	// Done and Total count work units: graph builds and trial
	// evaluations. Total is an estimate and may grow.
	Done, Total int
	// Trials done of the configured number.
	Trials int
	// What was just done.
	What string
}

func (c *Config) validate() error {
	if c.Trials < 1 {
		return fmt.Errorf("experiment: need at least 1 trial, have %d", c.Trials)
	}
	if len(c.Labeled) == 0 {
		return errors.New("experiment: no labeled fractions")
	}
	for _, f := range c.Labeled {
		if !(f > 0 && f < 1) {
			return fmt.Errorf("experiment: labeled fraction %v is not in (0, 1)", f)
		}
	}
	if len(c.Graphs) == 0 || len(c.Propagators) == 0 {
		return errors.New("experiment: no graphs or no classifiers")
	}
	for _, g := range c.Graphs {
		if !slices.Contains(method.Every, g) {
			return fmt.Errorf("experiment: unknown graph %q", g)
		}
	}
	for _, p := range c.Propagators {
		if !slices.Contains(Propagators, p) {
			return fmt.Errorf("experiment: unknown classifier %q", p)
		}
	}
	if err := CheckReadings(c.Readings); err != nil {
		return err
	}
	if c.Data == nil && !c.Protocol.IsSynthetic() {
		return fmt.Errorf("experiment: no data for %s", c.Protocol.Name)
	}
	if c.Tune != nil && (len(c.Tune.Lambda) == 0 || len(c.Tune.Beta) == 0 || len(c.Tune.Theta) == 0) {
		return errors.New("experiment: the tuning grid needs at least one λ, β and θ")
	}
	for i, t := range c.Select {
		if t < 0 || t >= c.Trials || slices.Contains(c.Select[:i], t) {
			return fmt.Errorf("experiment: selected trial %d is not one of 0-%d, or listed twice", t, c.Trials-1)
		}
	}
	return nil
}
