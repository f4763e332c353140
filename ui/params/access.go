package params

import (
	"slices"
	"strings"

	"nnlrs/core/demo"
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

// Moved returns the keys of the controls whose settings in p differ
// from its data set's preset, those a teacher moved to set a question,
// or without any such the solver's: β, λ and θ. Those the figure alone
// redraws (the graph shown, the propagation) and the seed are left out.
func Moved(p Params) []string {
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
	return keys
}

// ExerciseOf returns the settings of a teacher's link made on settings p:
// the student may move the controls keep (the others hidden; every one
// hidden when keep names none: a figure to watch) and reads the question
// ask. The link starts from p's data set's preset with p's seed when
// preset is set (the student's starting point, whatever the teacher tried
// since), else from p; without a tour's step or an embedded view.
func ExerciseOf(p Params, keep []string, ask string, preset bool) Params {
	if preset {
		q := ForDataset(p.Dataset)
		q.Seed = p.Seed
		p = q
	}
	var kept []string
	for _, s := range Controls() {
		if slices.Contains(keep, s.Key) {
			kept = append(kept, s.Key)
		}
	}
	p.Only, p.Hide, p.Lock, p.Tour, p.Embed = strings.Join(kept, ","), "", "", 0, ""
	if len(kept) == 0 {
		var all []string
		for _, s := range Controls() {
			all = append(all, s.Key)
		}
		p.Hide = strings.Join(all, ",")
	}
	p.Ask = strings.TrimSpace(ask)
	return p
}

// Restricted reports whether p is a teacher's link: one that hides or
// locks controls (Only, Hide, Lock). Such a page keeps its answers: no
// exercises, no remedy that names a value of a control the student may
// move.
func (p Params) Restricted() bool { return p.Only != "" || p.Hide != "" || p.Lock != "" }

// Movable reports whether the student may move the control of setting s
// on a page of settings p.
func (p Params) Movable(s *Setting) bool {
	_, usable := p.Access(s)
	return usable
}

// Fixed returns, for a teacher's link p, the controls the link hides, each
// with its value in words ("β = 0.2"), in the order of Settings, leaving
// out the optional ones that are not set (no paper figure); nil when it
// hides none.
func (p Params) Fixed() []string {
	var out []string
	for _, s := range Controls() {
		if v := s.Get(p); s.Optional && (v == "" || v == "0") {
			continue
		}
		if shown, _ := p.Access(s); !shown {
			out = append(out, s.Words(p))
		}
	}
	return out
}

// Words says the setting's value in p as the page names it: "β = 0.2",
// "data set: USPS digits".
func (s *Setting) Words(p Params) string {
	v := s.Get(p)
	for _, o := range s.Options(demo.Builtins) {
		if o.Value == v {
			return s.Name + ": " + o.Label
		}
	}
	return s.Name + " = " + v
}
