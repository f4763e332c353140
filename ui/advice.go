package ui

import (
	"fmt"
	"slices"
	"time"

	"nnlrs/core/demo"
	"nnlrs/core/diagnose"
	"nnlrs/core/method"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
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

// diagnose returns the problems of the NNLRS graph of a finished run r,
// as package diagnose finds them, each with its changes as suggestions;
// on a teacher's link (params.Params.Restricted) without the changes of
// the controls the student may move, which would give the answer away.
func (r *Run) diagnose() []*Problem {
	if r == nil || r.State != Done {
		return nil
	}
	g := r.Graphs[method.NNLRS]
	if g == nil || g.Final == nil {
		return nil
	}
	p := r.Params
	var out []*Problem
	for _, d := range diagnose.Find(r.measures(g.Final), diagnose.Settings{Lambda: p.Lambda, Theta: p.Theta}) {
		kind, n := d.Kind, g.N
		pr := &Problem{Text: d.Text, Now: d.Now}
		for _, c := range d.Changes {
			mv := move{settingOf[c.Setting], c.Steps}
			if p.Restricted() && p.Movable(mv.s) {
				continue // a teacher's link: the remedy is the student's to find
			}
			q, ok := mv.apply(p)
			if !ok {
				continue
			}
			pr.Suggestions = append(pr.Suggestions, &Suggestion{Params: q, Change: mv.words(q),
				measure: func(g *demo.Result) float64 { return kind.Measure(r.measures(g)) },
				says:    func(v float64) string { return kind.Says(v, n) }})
		}
		out = append(out, pr)
	}
	return out
}

// settingOf is the slider of each setting a diagnose.Change names.
var settingOf = map[string]*params.Setting{"beta": params.Beta, "lambda": params.Lambda, "theta": params.Theta}

// measures returns what package diagnose reads of the NNLRS graph g of
// r, with the samples its labels do not reach.
func (r *Run) measures(g *demo.Result) diagnose.Measures {
	return diagnose.Measures{N: g.N, Converged: g.Converged, Iterations: g.Iterations,
		Density: g.Density, DiagonalShare: g.DiagonalShare, WithinClass: g.WithinClass,
		ENorm: g.ENorm, Components: g.Components, Unreached: r.unreached(g.N, g.W)}
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
