package view

import (
	"slices"
	"strings"
	"testing"

	"nnlrs/ui"
	"nnlrs/ui/params"
)

// TestRegistry checks the registry's contract: names unique, each view
// with a title and a draw function, every view with places in exactly one
// row of each layout, the tour's views among them, and a link's embedded
// view checked against them.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Registry {
		if v.Name == "" || v.Title == "" || v.draw == nil || v.reads == nil || seen[v.Name] {
			t.Errorf("view %q: a name, a title, reads and draw, once each", v.Name)
		}
		seen[v.Name] = true
		if Lookup(v.Name) != v {
			t.Errorf("Lookup(%q) is not the view", v.Name)
		}
	}
	embed := Names(Embeddable())
	for k := range 3 {
		var laid []string
		for _, r := range layout(k) {
			if len(r.views) == 0 {
				t.Errorf("layout %d has an empty row", k)
			}
			laid = append(laid, Names(r.views)...)
		}
		slices.Sort(laid)
		want := slices.Sorted(slices.Values(embed))
		if !slices.Equal(laid, want) {
			t.Errorf("layout %d places %v, want each of %v once", k, laid, want)
		}
	}
	for n, s := range params.TourSteps {
		if !slices.Contains(embed, s.View) {
			t.Errorf("tour step %d is about view %q, not one of %v", n+1, s.View, embed)
		}
	}
	p, notice := params.FromHash("embed=everything&graph=lrr", embed...)
	if p.Embed != "" || p.Graph != "lrr" || !strings.Contains(notice, "embed=everything") {
		t.Errorf("embed=everything: %+v, notice %q", p, notice)
	}
	for _, name := range embed {
		if p, notice := params.FromHash("embed="+name, embed...); p.Embed != name || notice != "" {
			t.Errorf("embed=%s: %+v, notice %q", name, p, notice)
		}
	}
}

// TestLayoutColumns checks which layout a width gets: three columns where
// three views fit side by side at their least width, two where two do,
// else one.
func TestLayoutColumns(t *testing.T) {
	for _, c := range []struct {
		w, ts float32
		cols  int
	}{{1920, 1, 3}, {940, 1, 3}, {939, 1, 2}, {1280, ui.PresentationScale, 2}, {630, 1, 2}, {629, 1, 1}, {390, 1, 1}} {
		most := 0
		for _, r := range rows(c.w, c.ts) {
			most = max(most, len(r.views))
		}
		if most != c.cols {
			t.Errorf("width %v at text scale %v: %d columns, want %d", c.w, c.ts, most, c.cols)
		}
	}
}

// TestViewKeys: every view says what its marks mean (View.Key, the page's
// key to the views), and the weights view's key is the one it draws.
func TestViewKeys(t *testing.T) {
	for _, v := range Registry {
		if len(v.Key) < 80 {
			t.Errorf("%s: key %q", v.Name, v.Key)
		}
	}
	if !strings.HasPrefix(weightsView.Key, weightsKey) {
		t.Errorf("the weights' key %q is not the one the view draws", weightsView.Key)
	}
}
