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
		b.WriteString(url.QueryEscape(v))
	}
	return b.String()
}

// query splits a URL fragment into its settings, key by key, in the order
// given: "key=value" parts joined by "&", each unescaped alone (a "+" is a
// plus, as the page writes none for a space). A part that cannot be read
// is named in bad, and the others stand.
func query(hash string) (q map[string][]string, bad []string) {
	q = map[string][]string{}
	for _, part := range strings.Split(hash, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		key, err1 := url.PathUnescape(k)
		val, err2 := url.PathUnescape(v)
		switch {
		case err1 != nil || err2 != nil:
			bad = append(bad, fmt.Sprintf("%s (not readable)", excerpt(part)))
		case key == "":
			bad = append(bad, fmt.Sprintf("%s (no setting named)", excerpt(part)))
		default:
			q[key] = append(q[key], val)
		}
	}
	return q, bad
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
// link cannot carry) gives the defaults.
func FromHash(hash string) (Params, string) {
	hash = strings.TrimPrefix(hash, "#")
	if hash == "" {
		return Default(), ""
	}
	q, bad := query(hash)
	base := Default()
	tour := 0
	if vs, ok := q[Tour.Key]; ok {
		// A tour step's link starts from the step's settings.
		if n, err := strconv.Atoi(vs[0]); err == nil && len(vs) == 1 && n >= 1 && n <= len(TourSteps) {
			tour, base = n, AtTour(n, false)
		}
	}
	if vs, ok := q[Dataset.Key]; ok && (tour == 0 || len(vs) != 1 || vs[0] != base.Dataset) {
		switch {
		case len(vs) == 1 && vs[0] == demo.Upload:
			return Default(), "A link cannot carry an uploaded file; showing the defaults. Load the file again to see it."
		case len(vs) == 1 && (vs[0] == demo.Synthetic || slices.Contains(Builtin, vs[0])):
			base = ForDataset(vs[0])
			base.Tour = tour
		default:
			bad = append(bad, fmt.Sprintf("data=%s (no such data set)", strings.Join(vs, ",")))
		}
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
