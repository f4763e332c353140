package demo

import (
	"reflect"
	"testing"
)

// testLinks are the bases of a small site: defaults, a data set's preset
// and a tour step on the data set.
var testLinks = Links{Bases: map[string]map[string]string{
	"":           {"data": "synthetic", "classes": "4", "per": "25", "noise": "0.2", "corrupt": "20", "seed": "1", "beta": "0.2", "lambda": "1", "theta": "0.05", "lrr": "1", "gap": "0", "graph": "nnlrs"},
	"data=usps":  {"data": "usps", "classes": "4", "per": "25", "noise": "0", "corrupt": "0", "seed": "1", "beta": "0.1", "lambda": "1", "theta": "0.1", "lrr": "0.2", "gap": "0"},
	"tour=2":     {"data": "usps", "classes": "3", "per": "10", "noise": "0", "corrupt": "0", "seed": "1", "beta": "0.1", "lambda": "3", "theta": "0.1", "lrr": "0.2", "gap": "0", "tour": "2"},
	"data=yaleb": {"data": "yaleb", "classes": "5", "per": "20", "noise": "0", "corrupt": "0", "seed": "1", "beta": "0.2", "lambda": "5", "theta": "0.01", "lrr": "3", "gap": "0"},
}, Live: map[string]string{"ghf": "yaleb"}}

// TestLinksJob checks the base a link starts from and the job it asks
// first: the tour step's, a data set's preset when it names another, else
// the defaults, with the link's own keys over them.
func TestLinksJob(t *testing.T) {
	for _, c := range []struct {
		link, base string
		data       Data
		params     Params
	}{
		{"", "", Data{"synthetic", 4, 25, 0.2, 20, 1}, Params{0.2, 1, 0.05, 1, 0}},
		{"#seed=7&lambda=2", "", Data{"synthetic", 4, 25, 0.2, 20, 7}, Params{0.2, 2, 0.05, 1, 0}},
		{"data=usps&per=30", "data=usps", Data{"usps", 4, 30, 0, 0, 1}, Params{0.1, 1, 0.1, 0.2, 0}},
		{"tour=2", "tour=2", Data{"usps", 3, 10, 0, 0, 1}, Params{0.1, 3, 0.1, 0.2, 0}},
		{"tour=2&data=usps&gap=1e-9", "tour=2", Data{"usps", 3, 10, 0, 0, 1}, Params{0.1, 3, 0.1, 0.2, 1e-9}},
		{"tour=2&data=yaleb", "data=yaleb", Data{"yaleb", 5, 20, 0, 0, 1}, Params{0.2, 5, 0.01, 3, 0}},
		{"tour=9&graph=lrr", "", Data{"synthetic", 4, 25, 0.2, 20, 1}, Params{0.2, 1, 0.05, 1, 0}},
		{"paper=ghf&live=1&seed=3", "data=yaleb", Data{"yaleb", 5, 20, 0, 0, 3}, Params{0.2, 5, 0.01, 3, 0}},
		{"paper=ghf&seed=3", "", Data{"synthetic", 4, 25, 0.2, 20, 3}, Params{0.2, 1, 0.05, 1, 0}},
		{"paper=ghf&live=1&data=usps", "data=usps", Data{"usps", 4, 25, 0, 0, 1}, Params{0.1, 1, 0.1, 0.2, 0}},
	} {
		parts, bad := Parts(c.link)
		if base, ok := testLinks.Base(parts); !ok || base != c.base || len(bad) > 0 {
			t.Errorf("%q: base %q (%v), bad %v; want %q", c.link, base, ok, bad, c.base)
		}
		j, ok := testLinks.Job(c.link)
		want := Job{Method: Order[0], SendData: true, Data: c.data, Params: c.params}
		if !ok || !reflect.DeepEqual(j, want) {
			t.Errorf("%q: job %+v (%v), want %+v", c.link, j, ok, want)
		}
	}
	for _, link := range []string{"data=upload", "data=nosuch", "%zz", "lambda=x", "lambda=Inf", "beta=1&beta=2", "per=1.5", "seed=-1"} {
		if j, ok := testLinks.Job(link); ok {
			t.Errorf("%q: job %+v, want none", link, j)
		}
	}
}

// TestLinksText checks that the bases survive their text form.
func TestLinksText(t *testing.T) {
	b, err := testLinks.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var got Links
	if err := got.UnmarshalText(b); err != nil || !reflect.DeepEqual(got, testLinks) {
		t.Errorf("round trip: %+v (%v)\n%s", got, err, b)
	}
	if err := got.UnmarshalText([]byte("no tab here\n")); err == nil {
		t.Error("a line without a tab was read")
	}
}
