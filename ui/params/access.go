package params

import (
	"slices"
	"strings"
)

// The controls a link may keep, hide or lock (Params.Only, Hide, Lock)
// are those of the settings with a control: the keys of Controls.

// Controls returns the settings with a control on the page, in the order
// of Settings.
func Controls() []*Setting {
	var cs []*Setting
	for _, s := range Settings {
		if s.Control != LinkOnly {
			cs = append(cs, s)
		}
	}
	return cs
}

// Access returns how the page shows the control of setting s under the
// link's Only, Hide and Lock: whether it is shown, and usable. A setting
// Hide names, or that Only (when set) does not, is hidden; one Lock names
// is shown disabled.
func (p Params) Access(s *Setting) (shown, usable bool) {
	switch {
	case s.Control == LinkOnly:
		return false, false
	case has(p.Hide, s.Key), p.Only != "" && !has(p.Only, s.Key):
		return false, false
	case has(p.Lock, s.Key):
		return true, false
	}
	return true, true
}

// has reports whether the list of keys joined by commas holds key.
func has(list, key string) bool { return slices.Contains(strings.Split(list, ","), key) }

// keysOnly returns the keys of the comma-joined list that name a control,
// in its order, joined again, and those that do not.
func keysOnly(list string) (kept string, unknown []string) {
	var keys []string
	for _, k := range strings.Split(list, ",") {
		switch s := Lookup(k); {
		case k == "":
		case s == nil || s.Control == LinkOnly:
			unknown = append(unknown, k)
		case !slices.Contains(keys, k):
			keys = append(keys, k)
		}
	}
	return strings.Join(keys, ","), unknown
}

// ExerciseOf returns the settings of an exercise on settings p: p, with only
// the controls whose settings differ from the data set's preset usable
// (the one a teacher moved to set the question), or without any such,
// the solver's: β, λ and θ. Those the figure alone redraws (the graph
// shown, the propagation) stay hidden too.
func ExerciseOf(p Params) Params {
	base := ForDataset(p.Dataset)
	var keys []string
	for _, s := range Controls() {
		if s.Work != View && s != Seed && s.Get(p) != s.Get(base) {
			keys = append(keys, s.Key)
		}
	}
	if len(keys) == 0 {
		keys = []string{Beta.Key, Lambda.Key, Theta.Key}
	}
	p.Only, p.Hide, p.Lock, p.Tour = strings.Join(keys, ","), "", "", 0
	return p
}
