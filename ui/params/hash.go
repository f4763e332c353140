package params

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"nnlrs/core/demo"
)

// Hash returns the URL fragment (without "#") that restores p: every
// setting, in the order of Settings, so that equal settings give equal
// links; the optional ones only when set.
func (p Params) Hash() string {
	var b strings.Builder
	for _, s := range Settings {
		v := s.get(&p)
		if s.Optional && (v == "" || v == "0") {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(s.Key)
		b.WriteByte('=')
		b.WriteString(escape(v))
	}
	return b.String()
}

// escape writes v as a part of the link: escaped as in a query, but with
// a space as %20, which demo.Parts (url.PathUnescape) reads back, where
// it would read "+" as itself.
func escape(v string) string { return strings.ReplaceAll(url.QueryEscape(v), "+", "%20") }

// query splits a URL fragment into its settings, key by key, in the order
// given (demo.Parts), and names in bad, in words, the parts that cannot be
// read.
func query(hash string) (q map[string][]string, bad []string) {
	q, parts := demo.Parts(hash)
	for _, part := range parts {
		why := "not readable"
		if strings.HasPrefix(part, "=") {
			why = "no setting named"
		}
		bad = append(bad, fmt.Sprintf("%s (%s)", excerpt(part), why))
	}
	return q, bad
}

// Links returns the bases the page's links start from (demo.Links): the
// defaults, each data set's preset (ForDataset) and each tour step's
// settings (AtTour), every setting written out; and the data set of each
// figure's live version (PaperLive), which a link to it that names none
// runs on.
func Links() demo.Links {
	b := map[string]map[string]string{"": values(Default())}
	for _, d := range append([]string{demo.Synthetic}, Builtin...) {
		b[Dataset.Key+"="+d] = values(ForDataset(d))
	}
	for n := range TourSteps {
		b[Tour.Key+"="+strconv.Itoa(n+1)] = values(AtTour(n+1, false))
	}
	live := map[string]string{}
	for _, name := range LiveFigures {
		live[name] = PaperLive(name, Default()).Dataset
	}
	return demo.Links{Bases: b, Live: live}
}

// values returns every setting of p as the link writes it, by key.
func values(p Params) map[string]string {
	m := map[string]string{}
	for _, s := range Settings {
		m[s.Key] = s.get(&p)
	}
	return m
}

// excerpt quotes at most 40 characters of s.
func excerpt(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// FromHash returns the settings a URL fragment (with or without its "#")
// describes. A link that names a built-in data set starts from that data
// set's preset (ForDataset), so that "#data=usps&seed=2" shows the digits
// as the preset has them; settings the link gives override it. A link
// to a step of the tour ("#tour=3") starts from the step's settings
// (AtTour), or from the preset of the data set it names if another.
//
// A setting the link gets wrong (a part that cannot be unescaped, a value
// that does not parse, or out of range) falls back alone to its default,
// and the notice, in words for the page, names it; the notice is "" when
// the fragment was good or empty. A link that names an upload (which a
// link cannot carry) gives the defaults. The embedded view must be one of
// views, when they are given (the page's registry, ui/view).
func FromHash(hash string, views ...string) (Params, string) {
	hash = strings.TrimPrefix(hash, "#")
	if hash == "" {
		return Default(), ""
	}
	q, bad := query(hash)
	name, ok := Links().Base(q)
	if !ok {
		if vs := q[Dataset.Key]; len(vs) == 1 && vs[0] == demo.Upload {
			return Default(), "A link cannot carry an uploaded file; showing the defaults. Load the file again to see it."
		}
		bad = append(bad, fmt.Sprintf("data=%s (no such data set)", strings.Join(q[Dataset.Key], ",")))
	}
	var base Params
	for k, v := range Links().Bases[name] {
		Lookup(k).parse(&base, v)
	}
	keys := make([]string, 0, len(q))
	for key := range q {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	p := base
	for _, key := range keys {
		vs := q[key]
		f := Lookup(key)
		switch {
		case key == Dataset.Key:
		case f == nil:
			bad = append(bad, excerpt(key)+" (not a setting)")
		case len(vs) != 1:
			bad = append(bad, key+" (given twice)")
		default:
			if err := f.parse(&p, vs[0]); err != nil {
				f.parse(&p, f.get(&base))
				bad = append(bad, fmt.Sprintf("%s=%s (not a valid number or name)", key, excerpt(vs[0])))
			}
		}
	}
	// A teacher's lists of controls keep the keys that name one: the
	// others are said and left out.
	for _, s := range []*Setting{Only, Hide, Lock} {
		kept, unknown := keysOnly(s.get(&p))
		if len(unknown) > 0 {
			bad = append(bad, fmt.Sprintf("%s=%s (no such control: ignored)", s.Key, excerpt(strings.Join(unknown, ","))))
		}
		s.parse(&p, kept)
	}
	if p.Embed != "" && len(views) > 0 && !slices.Contains(views, p.Embed) {
		bad = append(bad, fmt.Sprintf("embed=%s (no such view: %s)", excerpt(p.Embed), strings.Join(views, ", ")))
		p.Embed = base.Embed
	}
	// Settings out of range fall back one by one; the ones that depend on
	// each other (the size cap) may take two steps.
	for range Settings {
		var fe *FieldError
		if err := p.Validate(); !errors.As(err, &fe) {
			break
		}
		f := Lookup(fe.Field)
		if f.get(&p) == f.get(&base) {
			// The default itself does not fit the link's other settings.
			p = base
			bad = append(bad, fe.Msg)
			break
		}
		bad = append(bad, fmt.Sprintf("%s=%s (%s)", fe.Field, excerpt(f.get(&p)), fe.Msg))
		f.parse(&p, f.get(&base))
	}
	if err := p.Validate(); err != nil {
		p = base
	}
	if len(bad) == 0 {
		return p, ""
	}
	return p, "Part of the link could not be used, so these settings are at their defaults: " + strings.Join(bad, "; ") + "."
}
