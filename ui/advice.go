package ui

import (
	"fmt"
	"math"
	"slices"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
)

// Thresholds of the advice on degenerate settings.
const (
	// DiagonalHeavy: a larger share of W's weight on its diagonal means
	// that samples mostly represent themselves (Z close to I).
	DiagonalHeavy = 0.5
	// Dense: a larger share of the possible edges is a blurred graph.
	Dense = 0.5
	// Mixed: a smaller share of the off-diagonal weight within classes is a
	// graph that mixes classes.
	Mixed = 0.7
	// MostlyError is the norm of a column of E above which a sample is
	// more error than sample: samples have unit norm.
	MostlyError = 0.5
)

// Suggestion is a change of one setting that may mend what is wrong with
// the NNLRS graph of a run. The page shows it only once a check, the same
// NNLRS solve on the same data with the changed setting, confirms that it
// improves what it claims.
type Suggestion struct {
	// Params are the run's settings with the one change.
	Params params.Params
	// Change says the change in words ("lower λ to 0.5").
	Change string
	// Checked is the NNLRS graph of the check, nil while it runs, and
	// Measured the value on it of the measure the change claims to lower.
	Checked  *demo.Result
	Measured float64
	// Failed is set when the check could not be made.
	Failed bool

	job     uint32
	measure func(g *demo.Result) float64 // what the change claims to lower
	says    func(v float64) string       // the measure in words
}

// A Suggestion owns the job that checks it: the page's advice waits for
// its graph, measures it, and forgets a check that failed.

func (s *Suggestion) wants(uint32) bool { return s.Checked == nil && !s.Failed }

func (s *Suggestion) progress(uint32, *demo.Progress) {}

// finished records the graph of the check and measures it.
func (s *Suggestion) finished(_ uint32, g *demo.Result, _ time.Time) {
	s.Checked, s.Measured = g, s.measure(g)
}

func (s *Suggestion) failed(uint32, *demo.Failure, bool, time.Time) bool {
	s.Failed = true
	return false
}

// Holds reports whether the check confirmed the suggestion: the measure
// it claims to lower is lower than the run's.
func (s *Suggestion) Holds(now float64) bool {
	return s.Checked != nil && s.Measured < now
}

// Problem is what is wrong with the NNLRS graph of a finished run, with
// the suggestions to mend it.
type Problem struct {
	// Text says what is wrong, in words.
	Text string
	// Now is the run's value of the measure the suggestions claim to lower.
	Now         float64
	Suggestions []*Suggestion
}

// diagnose returns the problems of the NNLRS graph of a finished run r.
func (r *Run) diagnose() []*Problem {
	if r == nil || r.State != Done {
		return nil
	}
	g := r.Graphs[method.NNLRS]
	if g == nil || g.Final == nil {
		return nil
	}
	f, p := g.Final, r.Params
	n := float64(g.N)
	var out []*Problem
	add := func(text string, now float64, measure func(*demo.Result) float64, says func(float64) string, moves ...move) {
		pr := &Problem{Text: text, Now: now}
		for _, mv := range moves {
			q, ok := mv.apply(p)
			if !ok {
				continue
			}
			pr.Suggestions = append(pr.Suggestions, &Suggestion{Params: q, Change: mv.words(q), measure: measure, says: says})
		}
		out = append(out, pr)
	}
	pct := func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }
	if !f.Converged {
		out = append(out, &Problem{Text: fmt.Sprintf("NNLRS stopped at its iteration cap (%d iterations) before converging; the graph is that of its last iterate.", f.Iterations)})
	}
	// Lowering "no edge": 1 for a graph without edges, 0 otherwise.
	edgeless := func(g *demo.Result) float64 {
		if g.Density > 0 {
			return 0
		}
		return 1
	}
	noEdges := func(v float64) string {
		if v > 0 {
			return "no edges"
		}
		return "a graph with edges"
	}
	offDiag := f.Density > 0
	switch {
	case !offDiag && f.DiagonalShare > 0:
		add("The NNLRS graph has no edges, only self-loops: every sample represents itself alone (Z = I), so no label can spread.",
			1, edgeless, noEdges, down(params.Lambda, 2), down(params.Lambda, 4), down(params.Beta, 2))
		return out
	case !offDiag:
		add(fmt.Sprintf("The NNLRS graph is empty (Z = 0): with λ = %g the error term E absorbs the whole data.", p.Lambda),
			1, edgeless, noEdges, up(params.Lambda, 2), up(params.Lambda, 4), down(params.Beta, 2), down(params.Beta, 6))
		return out
	case f.DiagonalShare > DiagonalHeavy:
		add(fmt.Sprintf("%s of the NNLRS weight sits on W's diagonal: samples mostly represent themselves (Z close to I), which says little about their neighbours.", pct(f.DiagonalShare)),
			f.DiagonalShare, func(g *demo.Result) float64 { return g.DiagonalShare },
			func(v float64) string { return pct(v) + " on the diagonal" }, down(params.Lambda, 2), down(params.Lambda, 4), down(params.Beta, 2))
	}
	if k := mostlyError(f.ENorm); 2*k > g.N {
		add(fmt.Sprintf("The error term E takes %d of the %d samples for mostly error: with λ = %g it is cheaper to call a sample an error than to represent it.", k, g.N, p.Lambda),
			float64(k), func(g *demo.Result) float64 { return float64(mostlyError(g.ENorm)) },
			func(v float64) string { return fmt.Sprintf("%.0f of %.0f samples mostly error", v, n) }, up(params.Lambda, 2), up(params.Lambda, 4))
	}
	if u := r.unreached(g.N, f.W); u > 0 {
		add(fmt.Sprintf("The NNLRS graph falls apart into %d pieces and %s cut off from every labeled sample: no label can reach them.", f.Components, map[bool]string{true: "1 sample is", false: samples(float64(u)) + " are"}[u == 1]),
			float64(u), func(g *demo.Result) float64 { return float64(r.unreached(g.N, g.W)) },
			func(v float64) string { return samples(v) + " cut off" }, down(params.Theta, 2), down(params.Beta, 2))
	}
	if f.Density > Dense {
		add(fmt.Sprintf("NNLRS keeps %s of all possible edges; the weak ones blur the graph and hurt LGC.", pct(f.Density)),
			f.Density, func(g *demo.Result) float64 { return g.Density },
			func(v float64) string { return pct(v) + " of the possible edges" }, up(params.Theta, 2))
	}
	if !math.IsNaN(f.WithinClass) && f.WithinClass < Mixed {
		add(fmt.Sprintf("Only %s of the NNLRS weight joins samples of the same class.", pct(f.WithinClass)),
			-f.WithinClass, func(g *demo.Result) float64 { return -g.WithinClass },
			func(v float64) string { return pct(-v) + " within classes" },
			down(params.Lambda, 2), up(params.Lambda, 2), down(params.Beta, 2), up(params.Beta, 2))
	}
	return out
}

// samples says v samples in words.
func samples(v float64) string {
	if v == 1 {
		return "1 sample"
	}
	return fmt.Sprintf("%.0f samples", v)
}

// move is a change of one setting along its slider's steps.
type move struct {
	s     *params.Setting
	steps int // > 0 up, < 0 down
}

func up(s *params.Setting, k int) move   { return move{s, k} }
func down(s *params.Setting, k int) move { return move{s, -k} }

// apply returns p with the move made, false when the slider cannot move
// that way (the value is at its end): a suggestion never proposes the
// value already set.
func (mv move) apply(p params.Params) (params.Params, bool) {
	v := mv.s.Value(&p)
	steps := mv.s.StepsWith(*v)
	i := slices.Index(steps, *v) + mv.steps
	i = min(max(i, 0), len(steps)-1)
	if steps[i] == *v {
		return p, false
	}
	*v = steps[i]
	return p, p.Validate() == nil
}

func (mv move) words(q params.Params) string {
	dir := "raise"
	if mv.steps < 0 {
		dir = "lower"
	}
	return fmt.Sprintf("%s %s to %g", dir, mv.s.Name, *mv.s.Value(&q))
}

// mostlyError counts the samples whose column of E exceeds MostlyError.
func mostlyError(enorm []float64) int {
	k := 0
	for _, e := range enorm {
		if e > MostlyError {
			k++
		}
	}
	return k
}

// unreached counts the samples that no labeled sample of r reaches in the
// n×n weights w.
func (r *Run) unreached(n int, w []float64) int {
	if !r.Labeled() || len(w) != n*n {
		return 0
	}
	given := r.Data.Given
	seen := make([]bool, n)
	var queue []int
	for i, l := range given {
		if l != propagate.Unlabeled {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for j := 0; j < n; j++ {
			if !seen[j] && j != i && w[i*n+j] > 0 {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	u := 0
	for _, s := range seen {
		if !s {
			u++
		}
	}
	return u
}

// CheckJobs returns the jobs that check the suggestions of the finished
// run, once: the NNLRS graph with each suggested change, on the same data.
// The page submits them to the workers, whose answers the model takes.
func (m *Model) CheckJobs() []demo.Job {
	r := m.Run
	if r == nil || r.State != Done || r.problems != nil || m.Ended != nil {
		return nil
	}
	r.problems = r.diagnose()
	if r.problems == nil {
		r.problems = []*Problem{}
	}
	var jobs []demo.Job
	for _, pr := range r.problems {
		for _, s := range pr.Suggestions {
			s.job = m.nextID
			m.nextID++
			job := s.Params.Jobs(r.file, s.job)[0] // demo.Order[0]: NNLRS
			job.SendData = false
			jobs = append(jobs, job)
		}
	}
	return jobs
}

// suggestion returns the suggestion whose check is job id, or nil.
func (m *Model) suggestion(id uint32) *Suggestion {
	if m.Run == nil {
		return nil
	}
	for _, pr := range m.Run.problems {
		for _, s := range pr.Suggestions {
			if s.job == id {
				return s
			}
		}
	}
	return nil
}

// Checking reports whether a check of a suggestion is still running.
func (m *Model) Checking() bool {
	if m.Run == nil {
		return false
	}
	for _, pr := range m.Run.problems {
		for _, s := range pr.Suggestions {
			if s.Checked == nil && !s.Failed {
				return true
			}
		}
	}
	return false
}

// Advice returns, in plain words, what is wrong with the NNLRS graph of
// the run shown and which change mends it: each problem, then the change
// whose check improved its measure most, with the numbers measured ("lower
// λ to 0.5: 12% on the diagonal instead of 77%"), or that no change tried
// did. It returns nil for a graph that teaches well.
func (m *Model) Advice() []string {
	if m.Run == nil {
		return nil
	}
	var out []string
	for _, pr := range m.Run.problems {
		text := pr.Text
		var best *Suggestion
		checking := false
		for _, s := range pr.Suggestions {
			switch {
			case s.Checked == nil && !s.Failed:
				checking = true
			case s.Holds(pr.Now) && (best == nil || s.Measured < best.Measured):
				best = s
			}
		}
		switch {
		case best != nil:
			text += fmt.Sprintf(" Checked on these data: %s%s gives %s (now %s).", string(best.Change[0]-'a'+'A'), best.Change[1:],
				best.says(best.Measured), best.says(pr.Now))
		case checking:
			text += " Checking which setting mends it…"
		case len(pr.Suggestions) > 0:
			var tried []string
			for _, s := range pr.Suggestions {
				tried = append(tried, s.Change)
			}
			text += fmt.Sprintf(" None of the changes checked on these data helps (%s).", join(tried))
		}
		out = append(out, text)
	}
	return out
}

func join(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := ""
	for i, x := range s {
		switch {
		case i == 0:
		case i == len(s)-1:
			out += " or "
		default:
			out += ", "
		}
		out += x
	}
	return out
}
