package demo

import (
	"fmt"
	"maps"
	"math"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Links read the run that a page's link asks for (its URL fragment,
// "key=value" parts joined by "&"), below the page's table of settings:
// the solver worker reads them to start the link's first graph before the
// page's program has loaded, and the page's own reading of its links
// starts from the same bases (Base).
//
// A link starts from a base, the settings of every key written out: a
// tour step's when it names one ("tour=N"), else a data set's preset when
// it names one other than the step's ("data=NAME"), else the defaults
// (""), or the data set of the paper's figure it shows live; the keys the
// link gives override the base's. The page's settings
// table writes the bases (the site carries them as data/links.json); the
// fields of Data and Params are read by their tags.
type Links struct {
	Bases map[string]map[string]string
	// Live names, by figure of the paper, the data set its live version
	// runs on: a link that shows it live ("paper=NAME&live=1") and names no
	// data set starts from that data set's preset.
	Live map[string]string
}

// Parts splits a URL fragment (with or without its "#") into its
// settings, key by key, in the order given; each part is unescaped alone
// (a "+" is a plus, as the page writes none for a space). The parts that
// cannot be read are returned in bad, and the others stand.
func Parts(link string) (parts map[string][]string, bad []string) {
	parts = map[string][]string{}
	for _, part := range strings.Split(strings.TrimPrefix(link, "#"), "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		key, err1 := url.PathUnescape(k)
		val, err2 := url.PathUnescape(v)
		if err1 != nil || err2 != nil || key == "" {
			bad = append(bad, part)
			continue
		}
		parts[key] = append(parts[key], val)
	}
	return parts, bad
}

// Base returns the name of the base that the parts of a link start from
// (see Links): "tour=N", "data=NAME" or "". ok is false when the link
// names a data set that has no base (an upload, a data set that does not
// exist), named; the base is then the defaults' or the tour step's.
func (l Links) Base(parts map[string][]string) (base string, ok bool) {
	if vs := parts["tour"]; len(vs) == 1 && l.Bases["tour="+vs[0]] != nil {
		base = "tour=" + vs[0]
	}
	vs, named := parts["data"]
	if fig := parts["paper"]; !named && base == "" && len(fig) == 1 && slices.Equal(parts["live"], []string{"1"}) && l.Live[fig[0]] != "" {
		vs, named = []string{l.Live[fig[0]]}, true
	}
	if !named || base != "" && len(vs) == 1 && vs[0] == l.Bases[base]["data"] {
		return base, true
	}
	if len(vs) != 1 || l.Bases["data="+vs[0]] == nil {
		return base, false
	}
	return "data=" + vs[0], true
}

// Job returns the first job (Order[0], with the samples) of the run that
// link asks for, with ID 0; false when the link cannot be read whole: a
// part that does not unescape, a key given twice, a data set without a
// base, a value that does not parse. The page checks the rest (ranges,
// sizes) and asks for another job if it would.
func (l Links) Job(link string) (Job, bool) {
	parts, bad := Parts(link)
	base, ok := l.Base(parts)
	if len(bad) > 0 || !ok || l.Bases[base] == nil {
		return Job{}, false
	}
	values := map[string]string{}
	for k, v := range l.Bases[base] {
		values[k] = v
	}
	for k, vs := range parts {
		if len(vs) != 1 {
			return Job{}, false
		}
		values[k] = vs[0]
	}
	j := Job{Method: Order[0], SendData: true}
	if !fill(&j.Data, values) || !fill(&j.Params, values) {
		return Job{}, false
	}
	return j, true
}

// fill sets the fields of the struct v points at from the values of their
// link keys; it reports whether every value given parses (to a finite
// number, for a number).
func fill(v any, values map[string]string) bool {
	s := reflect.ValueOf(v).Elem()
	for i := range s.NumField() {
		key := s.Type().Field(i).Tag.Get("link")
		text, ok := values[key]
		if key == "" || !ok {
			continue
		}
		f := s.Field(i)
		var err error
		switch f.Kind() {
		case reflect.String:
			f.SetString(text)
		case reflect.Int:
			var x int
			x, err = strconv.Atoi(text)
			f.SetInt(int64(x))
		case reflect.Uint64:
			var x uint64
			x, err = strconv.ParseUint(text, 10, 64)
			f.SetUint(x)
		case reflect.Float64:
			var x float64
			x, err = strconv.ParseFloat(text, 64)
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return false
			}
			f.SetFloat(x)
		}
		if err != nil {
			return false
		}
	}
	return true
}

// MarshalText writes the bases one a line, sorted: the base's name, a
// tab, and its settings as a link; then the live figures' data sets, a
// line each: "live NAME", a tab and the data set (data/links.txt of the
// site).
func (l Links) MarshalText() ([]byte, error) {
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(l.Bases)) {
		vals := l.Bases[name]
		b.WriteString(name)
		b.WriteByte('\t')
		for i, k := range slices.Sorted(maps.Keys(vals)) {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.PathEscape(k) + "=" + url.PathEscape(vals[k]))
		}
		b.WriteByte('\n')
	}
	for _, name := range slices.Sorted(maps.Keys(l.Live)) {
		b.WriteString("live " + name + "\t" + l.Live[name] + "\n")
	}
	return []byte(b.String()), nil
}

// UnmarshalText reads the bases MarshalText wrote.
func (l *Links) UnmarshalText(text []byte) error {
	l.Bases, l.Live = map[string]map[string]string{}, map[string]string{}
	for n, line := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		name, link, ok := strings.Cut(line, "\t")
		if fig, live := strings.CutPrefix(name, "live "); ok && live {
			l.Live[fig] = link
			continue
		}
		parts, bad := Parts(link)
		if !ok || len(bad) > 0 {
			return fmt.Errorf("demo: line %d of the links' bases is not a name, a tab and a link", n+1)
		}
		vals := map[string]string{}
		for k, vs := range parts {
			vals[k] = vs[0]
		}
		l.Bases[name] = vals
	}
	return nil
}
