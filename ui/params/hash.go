package params

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"nnlrs/core/method"
	"nnlrs/wasm/protocol"
)

// field is one setting as it appears in the URL hash.
type field struct {
	key   string
	get   func(p *Params) string
	parse func(p *Params, v string) error
}

func intField(key string, f func(p *Params) *int) field {
	return field{key,
		func(p *Params) string { return strconv.Itoa(*f(p)) },
		func(p *Params, v string) error {
			x, err := strconv.Atoi(v)
			*f(p) = x
			return err
		}}
}

func floatField(key string, f func(p *Params) *float64) field {
	return field{key,
		func(p *Params) string { return strconv.FormatFloat(*f(p), 'g', -1, 64) },
		func(p *Params, v string) error {
			x, err := strconv.ParseFloat(v, 64)
			if err == nil && !finite(x) {
				err = fmt.Errorf("not finite")
			}
			*f(p) = x
			return err
		}}
}

func uintField(key string, f func(p *Params) *uint64) field {
	return field{key,
		func(p *Params) string { return strconv.FormatUint(*f(p), 10) },
		func(p *Params, v string) error {
			x, err := strconv.ParseUint(v, 10, 64)
			*f(p) = x
			return err
		}}
}

func stringField(key string, f func(p *Params) *string) field {
	return field{key,
		func(p *Params) string { return *f(p) },
		func(p *Params, v string) error { *f(p) = v; return nil }}
}

func nameField(key string, f func(p *Params) *method.Name) field {
	return field{key,
		func(p *Params) string { return string(*f(p)) },
		func(p *Params, v string) error { *f(p) = method.Name(v); return nil }} // Validate checks it
}

// fields lists the settings in the order of the hash.
var fields = []field{
	stringField("data", func(p *Params) *string { return &p.Dataset }),
	intField("classes", func(p *Params) *int { return &p.Classes }),
	intField("per", func(p *Params) *int { return &p.PerClass }),
	floatField("labeled", func(p *Params) *float64 { return &p.Labeled }),
	floatField("noise", func(p *Params) *float64 { return &p.Noise }),
	floatField("corrupt", func(p *Params) *float64 { return &p.Corrupt }),
	floatField("beta", func(p *Params) *float64 { return &p.Beta }),
	floatField("lambda", func(p *Params) *float64 { return &p.Lambda }),
	floatField("theta", func(p *Params) *float64 { return &p.Theta }),
	floatField("lrr", func(p *Params) *float64 { return &p.LRRLambda }),
	floatField("gap", func(p *Params) *float64 { return &p.Gap }),
	stringField("prop", func(p *Params) *string { return &p.Propagator }),
	floatField("alpha", func(p *Params) *float64 { return &p.Alpha }),
	uintField("seed", func(p *Params) *uint64 { return &p.Seed }),
	uintField("lseed", func(p *Params) *uint64 { return &p.LabelSeed }),
	stringField("flip", func(p *Params) *string { return &p.Flip }),
	nameField("graph", func(p *Params) *method.Name { return &p.Graph }),
	stringField("embed", func(p *Params) *string { return &p.Embed }),
	intField("tour", func(p *Params) *int { return &p.Tour }),
}

// Differ returns the keys (as in the hash) of the settings where p and q
// differ, in the order of the hash.
func Differ(p, q Params) []string {
	var keys []string
	for _, f := range fields {
		if f.get(&p) != f.get(&q) {
			keys = append(keys, f.key)
		}
	}
	return keys
}

// Hash returns the URL fragment (without "#") that restores p: every
// setting, in a fixed order, so that equal settings give equal links.
// Embed, Flip, Gap, LabelSeed and Tour appear only when set.
func (p Params) Hash() string {
	var b strings.Builder
	for _, f := range fields {
		v := f.get(&p)
		if (f.key == "embed" || f.key == "flip") && v == "" || (f.key == "tour" || f.key == "lseed" || f.key == "gap") && v == "0" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(f.key)
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(v))
	}
	return b.String()
}

// FromHash returns the settings a URL fragment (with or without its "#")
// describes. A link that names a built-in data set starts from that data
// set's preset (ForDataset), so that "#data=usps&seed=2" shows the digits
// as the preset has them; settings the link gives override it. A link
// to a step of the tour ("#tour=3") starts from the step's settings
// (AtTour), or from the preset of the data set it names if another.
//
// A setting the link gets wrong (a value that does not parse, or out of
// range) falls back alone to its default, and the notice, in words for
// the page, names it; the notice is "" when the fragment was good or
// empty. A fragment that cannot be read at all, or names an upload (which
// a link cannot carry), gives the defaults.
func FromHash(hash string) (Params, string) {
	hash = strings.TrimPrefix(hash, "#")
	if hash == "" {
		return Default(), ""
	}
	q, err := url.ParseQuery(hash)
	if err != nil {
		return Default(), "The link's settings could not be read; showing the defaults."
	}
	base := Default()
	var bad []string
	tour := 0
	if vs, ok := q["tour"]; ok {
		// A tour step's link starts from the step's settings.
		if n, err := strconv.Atoi(vs[0]); err == nil && len(vs) == 1 && n >= 1 && n <= len(Tour) {
			tour, base = n, AtTour(n, false)
		}
	}
	if vs, ok := q["data"]; ok && (tour == 0 || len(vs) != 1 || vs[0] != base.Dataset) {
		switch {
		case len(vs) == 1 && vs[0] == protocol.Upload:
			return Default(), "A link cannot carry an uploaded file; showing the defaults. Load the file again to see it."
		case len(vs) == 1 && (vs[0] == protocol.Synthetic || slices.Contains(Builtin, vs[0])):
			base = ForDataset(vs[0])
			base.Tour = tour
		default:
			bad = append(bad, fmt.Sprintf("data=%s (no such data set)", strings.Join(vs, ",")))
		}
	}
	known := map[string]field{}
	for _, f := range fields {
		known[f.key] = f
	}
	keys := make([]string, 0, len(q))
	for key := range q {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	p := base
	for _, key := range keys {
		vs := q[key]
		f, ok := known[key]
		switch {
		case key == "data":
		case !ok:
			bad = append(bad, key+" (not a setting)")
		case len(vs) != 1:
			bad = append(bad, key+" (given twice)")
		default:
			if err := f.parse(&p, vs[0]); err != nil {
				f.parse(&p, f.get(&base))
				bad = append(bad, fmt.Sprintf("%s=%s (not a valid number or name)", key, vs[0]))
			}
		}
	}
	// Settings out of range fall back one by one; the ones that depend on
	// each other (the size cap) may take two steps.
	for range fields {
		var fe *FieldError
		if err := p.Validate(); !errors.As(err, &fe) {
			break
		}
		f := known[fe.Field]
		if f.get(&p) == f.get(&base) {
			// The default itself does not fit the link's other settings.
			p = base
			bad = append(bad, fe.Msg)
			break
		}
		bad = append(bad, fmt.Sprintf("%s=%s (%s)", fe.Field, f.get(&p), fe.Msg))
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
