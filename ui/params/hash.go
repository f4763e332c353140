package params

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

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

func stringField(key string, f func(p *Params) *string) field {
	return field{key,
		func(p *Params) string { return *f(p) },
		func(p *Params, v string) error { *f(p) = v; return nil }}
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
	stringField("prop", func(p *Params) *string { return &p.Propagator }),
	floatField("alpha", func(p *Params) *float64 { return &p.Alpha }),
	{"seed",
		func(p *Params) string { return strconv.FormatUint(p.Seed, 10) },
		func(p *Params, v string) error {
			x, err := strconv.ParseUint(v, 10, 64)
			p.Seed = x
			return err
		}},
	stringField("graph", func(p *Params) *string { return &p.Graph }),
	stringField("embed", func(p *Params) *string { return &p.Embed }),
}

// Hash returns the URL fragment (without "#") that restores p: every
// setting, in a fixed order, so that equal settings give equal links.
// Embed appears only when set.
func (p Params) Hash() string {
	var b strings.Builder
	for _, f := range fields {
		v := f.get(&p)
		if f.key == "embed" && v == "" {
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
// describes. Missing settings take their defaults. When the fragment is
// malformed (a value that does not parse, an unknown key, settings out of
// range, or an upload, which a link cannot carry), FromHash returns the
// defaults together with a notice in words for the page; the notice is ""
// when the fragment was good or empty.
func FromHash(hash string) (Params, string) {
	hash = strings.TrimPrefix(hash, "#")
	p := Default()
	if hash == "" {
		return p, ""
	}
	q, err := url.ParseQuery(hash)
	if err != nil {
		return Default(), "The link's settings could not be read; showing the defaults."
	}
	known := map[string]field{}
	for _, f := range fields {
		known[f.key] = f
	}
	var bad []string
	for key, vs := range q {
		f, ok := known[key]
		if !ok || len(vs) != 1 {
			bad = append(bad, key)
			continue
		}
		if err := f.parse(&p, vs[0]); err != nil {
			bad = append(bad, key)
		}
	}
	if len(bad) > 0 {
		slices.Sort(bad)
		return Default(), fmt.Sprintf("The link's settings were not understood (%s); showing the defaults.", strings.Join(bad, ", "))
	}
	if p.Dataset == protocol.Upload {
		return Default(), "A link cannot carry an uploaded file; showing the defaults. Load the file again to see it."
	}
	if err := p.Validate(); err != nil {
		return Default(), fmt.Sprintf("The link's settings are out of range (%v); showing the defaults.", err)
	}
	return p, ""
}
