package experiment

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"nnlrs/core/method"
	"nnlrs/core/paper"
)

// VerdictRuns are the committed runs a verdict weighs.
type VerdictRuns struct {
	// Tables are the runs of the paper's tables under the defaults, one
	// per data set.
	Tables []*Results
	// Sweep is the β sweep of Table IV, nil if none.
	Sweep *Results
	// Readings are runs of the same tables under readings of the paper.
	Readings []ReadingRun
	// Pairs are the trials solved under a reading of the NNLRS solver and
	// under the defaults (PairSolvers); Oracles the runs that recorded
	// every candidate of their grid. The reasons weigh them.
	Pairs   []SolverPair
	Oracles []*Results
}

// A ReadingRun is a table of a data set under readings of the paper:
// Results holds every graph of the defaults' run, those of Graphs (the
// graphs the readings' own run built and changes) taken from that run,
// over the trials both ran (OverlayTrials).
type ReadingRun struct {
	// Readings name the readings the run applied, one per graph.
	Readings []string
	Graphs   []method.Name
	Results  *Results
	// Defaults is the defaults' run over the same trials.
	Defaults *Results
}

// table gives a mean error rate in percent of classifier p, labeled
// fraction f and graph g, and whether there is one: ours or the paper's.
type table func(p string, f float64, g method.Name) (float64, bool)

// oursTable is the table of the run r.
func oursTable(r *Results) table {
	return func(p string, f float64, g method.Name) (float64, bool) {
		c, ok := r.Cell(p, f, g)
		m := 100 * c.Mean()
		return m, ok && !math.IsNaN(m)
	}
}

// paperTableOf is the paper's table of data set ds.
func paperTableOf(ds string) table {
	return func(p string, f float64, g method.Name) (float64, bool) { return PaperError(p, ds, f, g) }
}

// claimDef is one claim of the paper: its text, the graphs it compares,
// the classifiers it concerns, and how to weigh it on one run.
type claimDef struct {
	key, claim, source, rule string
	figures                  []string
	graphs                   []method.Name
	// datasets, if set, are the data sets it concerns.
	datasets []string
	// judge weighs the claim on table t at the labeled fractions fs.
	judge func(t table, fs []float64, p string) (won, of int, text string, ok bool)
}

// baselines are the graphs the paper's Tables I-III compare NNLRS with.
var baselines = []method.Name{method.KNN0, method.KNN1, method.LLE0, method.LLE1, method.L1, method.SPG, method.LRR}

// lowerAt returns the labeled fractions of fs where graph a's mean error
// under p is below b's in t, and the fractions where both have one.
func lowerAt(t table, fs []float64, p string, a, b method.Name) (lower, both []float64) {
	for _, f := range fs {
		ma, okA := t(p, f, a)
		mb, okB := t(p, f, b)
		if !okA || !okB {
			continue
		}
		both = append(both, f)
		if ma < mb {
			lower = append(lower, f)
		}
	}
	return lower, both
}

// pctList says the labeled shares fs ("10-30%", "10%, 40%").
func pctList(fs []float64) string {
	var ps []int
	for _, f := range fs {
		ps = append(ps, int(math.Round(100*f)))
	}
	var parts []string
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1] == ps[j]+10 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, fmt.Sprintf("%d%%", ps[i]))
		case j == i+1:
			parts = append(parts, fmt.Sprintf("%d%%, %d%%", ps[i], ps[j]))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d%%", ps[i], ps[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// vs says "a vs b% at f" of two graphs' mean errors in t.
func vs(t table, p string, f float64, a, b method.Name) string {
	ma, _ := t(p, f, a)
	mb, _ := t(p, f, b)
	return fmt.Sprintf("%.2f vs %.2f%% at %d%%", ma, mb, int(math.Round(100*f)))
}

// claims are the paper's claims the verdict weighs, in the paper's order.
var claims = []claimDef{
	{
		key:     "nnlrs-lowest",
		claim:   "NNLRS errs less than every other graph (kNN, LLE, the l1-graph, SPG, LRR)",
		source:  "Section V-B, observation 1; Tables I-III",
		rule:    "at each labeled share, NNLRS's mean error is below every other graph's: holds at all shares, partly at half or more, does not hold at fewer than half",
		figures: []string{CompareGHF, CompareLGC, CompareLGCMu, CompareSDA},
		graphs:  append([]method.Name{method.NNLRS}, baselines...),
		judge: func(t table, fs []float64, p string) (int, int, string, bool) {
			won, of := 0, 0
			beaten := map[method.Name][]float64{}
			for _, f := range fs {
				m, ok := t(p, f, method.NNLRS)
				if !ok {
					continue
				}
				lowest, all := true, true
				for _, g := range baselines {
					mg, ok := t(p, f, g)
					all = all && ok
					if ok && mg <= m {
						lowest = false
						beaten[g] = append(beaten[g], f)
					}
				}
				if !all {
					continue // the claim compares NNLRS with every baseline
				}
				of++
				if lowest {
					won++
				}
			}
			if of == 0 {
				return 0, 0, "", false
			}
			text := fmt.Sprintf("NNLRS is the lowest at %d of %d labeled shares", won, of)
			var lows []string
			for _, g := range baselines {
				at := beaten[g]
				if len(at) == 0 {
					continue
				}
				s := fmt.Sprintf("%s at %s (%s", method.Title(g), pctList(at), vs(t, p, at[0], g, method.NNLRS))
				if len(at) > 1 {
					s += "; " + vs(t, p, at[len(at)-1], g, method.NNLRS)
				}
				lows = append(lows, s+")")
			}
			if len(lows) > 0 {
				text += "; at most as low: " + strings.Join(lows, ", ")
			}
			return won, of, text + ".", true
		},
	},
	{
		key:     "ef-beats-nnlrs",
		claim:   "NNLRS-EF, the graph learned with its features, errs less than NNLRS",
		source:  "Section V-B, observation 2; Tables I-II; Fig. 4",
		rule:    "NNLRS-EF's mean error below NNLRS's: holds at all labeled shares, partly at half or more, does not hold at fewer than half",
		figures: []string{CompareGHF, CompareLGC, CompareLGCMu, CompareJoint},
		graphs:  []method.Name{method.NNLRSEF, method.NNLRS},
		judge:   pairJudge(method.NNLRSEF, method.NNLRS),
	},
	{
		key:     "ef-beats-pca",
		claim:   "NNLRS-EF errs less than PCA+NNLRS, the same graph on PCA features learned apart",
		source:  "Section V-E; Fig. 4",
		rule:    "NNLRS-EF's mean error below PCA+NNLRS's: holds at all labeled shares, partly at half or more, does not hold at fewer than half",
		figures: []string{CompareJoint},
		graphs:  []method.Name{method.NNLRSEF, method.PCANNLRS},
		judge:   pairJudge(method.NNLRSEF, method.PCANNLRS),
	},
	{
		key:      "lrr-beats-l1",
		claim:    "On YaleB, LRR errs less than the l1-graph in all cases, though its graph is dense",
		source:   "Section V-B, observation 3; Fig. 3",
		rule:     "LRR's mean error below the l1-graph's: holds at all labeled shares, partly at half or more, does not hold at fewer than half",
		figures:  []string{CompareGHF, CompareLGC, CompareLGCMu},
		graphs:   []method.Name{method.LRR, method.L1},
		datasets: []string{"yaleb"},
		judge:    pairJudge(method.LRR, method.L1),
	},
}

// pairJudge weighs "a errs less than b".
func pairJudge(a, b method.Name) func(t table, fs []float64, p string) (int, int, string, bool) {
	return func(t table, fs []float64, p string) (int, int, string, bool) {
		lower, both := lowerAt(t, fs, p, a, b)
		if len(both) == 0 {
			return 0, 0, "", false
		}
		text := fmt.Sprintf("%s is lower at %d of %d labeled shares", method.Title(a), len(lower), len(both))
		if len(lower) > 0 && len(lower) < len(both) {
			text += " (" + pctList(lower) + ")"
		}
		text += fmt.Sprintf(": %s, %s", vs(t, p, both[0], a, b), vs(t, p, both[len(both)-1], a, b))
		return len(lower), len(both), text + ".", true
	}
}

// verdictClassifiers are the classifiers of the tables, in their order.
var verdictClassifiers = []string{GHF, LGC, LGCMu, SDA}

// Verdict weighs the paper's claims against the runs v: a finding per
// claim, data set and classifier under the defaults, and under every
// reading whose run built the graphs of the claim it changes; Table IV's
// claim from the β sweep; and the reasons the runs put to the test.
func Verdict(v VerdictRuns) *paper.Verdict {
	out := &paper.Verdict{}
	for _, cd := range claims {
		c := &paper.Claim{Key: cd.key, Claim: cd.claim, Source: cd.source, Rule: cd.rule, Unit: "labeled shares", Figures: cd.figures}
		add := func(r *Results, reading, readingTitle string) {
			if len(cd.datasets) > 0 && !slices.Contains(cd.datasets, r.Protocol.Name) || !slices.Contains(paper.Datasets, r.Protocol.Name) {
				return
			}
			for _, p := range verdictClassifiers {
				if !slices.Contains(r.Propagators, p) || (cd.key != "nnlrs-lowest" && p == SDA) {
					continue
				}
				won, of, text, ok := cd.judge(oursTable(r), r.Labeled, p)
				if !ok {
					continue
				}
				if pw, pof, _, ok := cd.judge(paperTableOf(r.Protocol.Name), r.Labeled, p); ok && PaperDraw(r.Protocol) {
					text += fmt.Sprintf(" The paper's own table: %s (%d of %d).", paper.Outcome(pw, pof), pw, pof)
				}
				c.Findings = append(c.Findings, &paper.Finding{Dataset: r.Protocol.Name, Classifier: p, Reading: reading, ReadingTitle: readingTitle,
					DatasetTitle: r.Protocol.Title, ClassifierTitle: PropagatorTitle(p),
					Trials: r.Trials, Outcome: paper.Outcome(won, of), Won: won, Of: of, Text: text})
			}
		}
		for _, r := range v.Tables {
			add(r, "", "")
		}
		for _, rr := range v.Readings {
			if concerns(cd.graphs, rr) {
				add(rr.Results, rr.Name(), rr.Title())
			}
		}
		out.Claims = append(out.Claims, c)
	}
	if v.Sweep != nil {
		out.Claims = append(out.Claims, betaClaim(v.Sweep))
	}
	for _, r := range v.Tables {
		if c := caughtClaim(r); c != nil {
			out.Claims = append(out.Claims, c)
		}
	}
	out.Reasons = reasons(v)
	return out
}

// caughtShare is the share of the corrupted samples among E's largest
// columns at which E is said to catch them.
const caughtShare = 0.9

// caughtClaim weighs the claim that E takes up the grossly corrupted
// samples, on a run whose data have some (the synthetic data), at the λ
// cross-validation chose most often for NNLRS (on the labeled samples):
// nil for other runs.
func caughtClaim(r *Results) *paper.Claim {
	b, ok := r.Build(Transductive, method.NNLRS)
	if !ok {
		return nil
	}
	byLambda := map[float64][]float64{}
	var lambdas []float64
	for _, s := range b.Solves {
		if s.Caught == nil {
			continue
		}
		if _, seen := byLambda[s.Lambda]; !seen {
			lambdas = append(lambdas, s.Lambda)
		}
		byLambda[s.Lambda] = append(byLambda[s.Lambda], *s.Caught)
	}
	if len(lambdas) == 0 {
		return nil
	}
	slices.Sort(lambdas)
	chosen, times, choices := lambdas[0], 0, 0
	count := map[float64]int{}
	for _, ch := range r.Choices {
		if ch.Graph == method.NNLRS && IsTransductive(ch.Propagator) {
			count[ch.Lambda]++
			choices++
		}
	}
	for _, l := range lambdas {
		if count[l] > times {
			chosen, times = l, count[l]
		}
	}
	won, of := 0, 0
	for _, c := range byLambda[chosen] {
		of++
		if c >= caughtShare {
			won++
		}
	}
	var parts []string
	for _, l := range lambdas {
		parts = append(parts, fmt.Sprintf("%.0f%% at λ = %g", 100*Mean(byLambda[l]), l))
	}
	text := fmt.Sprintf("Among the samples of E's largest columns, as many as are corrupted, the corrupted ones are on average %s (a random pick: %.0f%%)",
		strings.Join(parts, ", "), 100*r.Protocol.Synthetic.Corrupt)
	if choices > 0 {
		text += fmt.Sprintf("; cross-validation chose λ = %g in %d of %d choices, where %d of %d solves reach %.0f%%", chosen, times, choices, won, of, 100*caughtShare)
	}
	if l, ok := r.Build(Transductive, method.LRR); ok {
		lb := map[float64][]float64{}
		for _, s := range l.Solves {
			if s.Caught != nil {
				lb[s.Lambda] = append(lb[s.Lambda], *s.Caught)
			}
		}
		var lp []string
		for _, lam := range slices.Sorted(maps.Keys(lb)) {
			lp = append(lp, fmt.Sprintf("%.0f%% at λ = %g", 100*Mean(lb[lam]), lam))
		}
		if len(lp) > 0 {
			text += "; LRR's E, the same l2,1 term without β and Z ≥ 0: " + strings.Join(lp, ", ")
		}
	}
	return &paper.Claim{Key: "e-catches-corruption", Unit: "solves",
		Claim:  "The error term λ||E||₂,₁ takes up the grossly corrupted samples: E's largest columns are theirs",
		Source: "Section III-A, problem (6) (the l2,1 norm models sample-specific corruption)",
		Rule: fmt.Sprintf("at the λ cross-validation chose most often, a solve catches the corruption when at least %.0f%% of the samples of E's largest columns (as many as are corrupted) are corrupted: "+
			"holds if every solve does, partly if half or more, does not hold if fewer", 100*caughtShare),
		Findings: []*paper.Finding{{Dataset: r.Protocol.Name, DatasetTitle: r.Protocol.Title, Trials: r.Trials,
			Outcome: paper.Outcome(won, of), Won: won, Of: of, Text: text + "."}}}
}

// Name names the readings of rr, joined by "+".
func (rr ReadingRun) Name() string { return strings.Join(rr.Readings, "+") }

// Title says the readings of rr for a reader: their titles, joined.
func (rr ReadingRun) Title() string {
	var ts []string
	for _, name := range rr.Readings {
		if r, err := LookupReading(name); err == nil {
			ts = append(ts, r.Title)
		}
	}
	return strings.Join(ts, " and ")
}

// Changes returns the graphs the readings of rr change.
func (rr ReadingRun) Changes() []method.Name {
	var out []method.Name
	for _, name := range rr.Readings {
		if r, err := LookupReading(name); err == nil {
			out = append(out, r.Changes()...)
		}
	}
	return out
}

// concerns reports whether the claim on graphs is weighed under the
// reading run rr: its readings change one of them, and rr's own run built
// every one of them they change.
func concerns(graphs []method.Name, rr ReadingRun) bool {
	changed := rr.Changes()
	any := false
	for _, g := range graphs {
		if !slices.Contains(changed, g) {
			continue
		}
		any = true
		if !slices.Contains(rr.Graphs, g) {
			return false
		}
	}
	return any
}

// betaLow and betaHigh are the β of Table IV the paper finds best
// (0.001 ≤ β ≤ 1) and those it finds worse (β ≥ 5).
const (
	betaLow, betaHigh = 1.0, 5.0
	// betaPoints is the difference, in percentage points, that counts as
	// an effect of β.
	betaPoints = 1.0
)

// betaClaim weighs Table IV: under SDA on PIE at λ = 10 the error at
// β = 0 and at β ≥ 5 exceeds the error at 0 < β ≤ 1.
func betaClaim(r *Results) *paper.Claim {
	c := &paper.Claim{Key: "beta-matters", Unit: "labeled shares",
		Claim:  "β matters: leaving out sparsity (β = 0) or weighing it too much (β ≥ 5) raises the error over 0.001 ≤ β ≤ 1",
		Source: "Section V-D; Table IV (SDA on PIE, λ = 10)",
		Rule: fmt.Sprintf("at each labeled share, the mean error at β = 0 and the mean at β ≥ %g both exceed the mean over 0 < β ≤ %g by at least %g point: "+
			"holds at all shares, partly at half or more, does not hold at fewer than half", betaHigh, betaLow, betaPoints),
		Figures: []string{CompareBeta}}
	won, of := 0, 0
	var lo0, hi0, loH, hiH = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var spread, paperSpread []float64
	for _, f := range r.Labeled {
		var ps []float64
		for _, b := range paper.SweepBetas {
			if v, ok := paper.Sweep(b, f); ok {
				ps = append(ps, v)
			}
		}
		if len(ps) > 0 {
			paperSpread = append(paperSpread, slices.Max(ps)-slices.Min(ps))
		}
		var zero, mid, high []float64
		for _, sc := range r.Sweep {
			if sc.Labeled != f || len(sc.Errors) == 0 {
				continue
			}
			m := 100 * Mean(sc.Errors)
			switch {
			case sc.Beta == 0:
				zero = append(zero, m)
			case sc.Beta <= betaLow:
				mid = append(mid, m)
			case sc.Beta >= betaHigh:
				high = append(high, m)
			}
		}
		if len(zero) == 0 || len(mid) == 0 || len(high) == 0 {
			continue
		}
		of++
		d0, dh := Mean(zero)-Mean(mid), Mean(high)-Mean(mid)
		lo0, hi0, loH, hiH = math.Min(lo0, d0), math.Max(hi0, d0), math.Min(loH, dh), math.Max(hiH, dh)
		if d0 >= betaPoints && dh >= betaPoints {
			won++
		}
		all := append(append(zero, mid...), high...)
		spread = append(spread, slices.Max(all)-slices.Min(all))
	}
	if of == 0 {
		return c
	}
	text := fmt.Sprintf("β = 0 is %s and β ≥ %g %s points above 0 < β ≤ %g; across the β of the sweep the error spans at most %.1f points at a labeled share",
		span(lo0, hi0), betaHigh, span(loH, hiH), betaLow, slices.Max(spread))
	if len(paperSpread) > 0 {
		text += fmt.Sprintf(" (the paper's Table IV: up to %.1f)", slices.Max(paperSpread))
	}
	c.Findings = []*paper.Finding{{Dataset: r.Protocol.Name, Classifier: SDA, DatasetTitle: r.Protocol.Title, ClassifierTitle: PropagatorTitle(SDA),
		Trials: r.Trials, Outcome: paper.Outcome(won, of),
		Won: won, Of: of, Text: fmt.Sprintf("The effect appears at %d of %d labeled shares: %s.", won, of, text)}}
	return c
}

// span says the range [lo, hi] of differences in points.
func span(lo, hi float64) string {
	if math.Abs(hi-lo) < 0.05 {
		return fmt.Sprintf("%+.1f", lo)
	}
	return fmt.Sprintf("%+.1f to %+.1f", lo, hi)
}
