package params

import (
	"strings"

	"nnlrs/core/demo"
)

// A Form is what the page's controls hold, by setting key, as text: a
// slider's value, a number field's digits as typed, a choice's value.
// The settings without a control (LinkOnly) have no entry.
type Form map[string]string

// FormOf returns the entries of the controls showing settings p. An
// upload's size fields are empty when it takes every sample (both 0).
func FormOf(p Params) Form {
	f := Form{}
	for _, s := range Settings {
		if s.Control == LinkOnly {
			continue
		}
		v := s.Get(p)
		if everySample(s, p.Dataset) && v == "0" {
			v = ""
		}
		f[s.Key] = v
	}
	return f
}

// everySample reports whether s is a size field of an upload, where an
// empty field (0) means every sample.
func everySample(s *Setting, dataset string) bool {
	return dataset == demo.Upload && (s == Classes || s == PerClass)
}

// Parse returns the settings of the entries f over base (which gives the
// settings f has no entry for), and the first entry that is not a valid
// value, or the first setting out of its range (a *FieldError naming its
// control). Every valid entry is in the settings returned, also when
// another is not.
func (f Form) Parse(base Params) (Params, error) {
	p := base
	var bad error
	if v, ok := f[Dataset.Key]; ok {
		p.Dataset = v // the size fields' meaning depends on it
	}
	for _, s := range Settings {
		v, ok := f[s.Key]
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if v == "" && everySample(s, p.Dataset) {
			v = "0"
		}
		if err := s.Set(&p, v); err != nil && bad == nil {
			msg := s.Name + " must be a number"
			if s.Control == Number {
				msg = s.Name + " must be a whole number"
				if !s.Ranged() {
					msg += ", 0 or more"
				}
			}
			bad = &FieldError{Field: s.Key, Msg: msg}
		}
	}
	if bad == nil {
		bad = p.Validate()
	}
	return p, bad
}

// Alone returns the one view settings p show alone ("paper" for a figure
// of the paper, else the embedded view), "" when they show them all.
func (p Params) Alone() string {
	if p.Paper != "" {
		return "paper"
	}
	return p.Embed
}
