package method

import (
	"fmt"
	"strings"
	"testing"
)

func TestBytes(t *testing.T) {
	// NNLRS on 400 samples of 1024 pixels (k = 400, the direct Z-step):
	// (8·3 + 6 + 2)·400² + 25·400·400 + 2·1024·400 words, a tenth more.
	words := int64(32*400*400 + 25*400*400 + 2*1024*400)
	if got, want := Bytes(NNLRS, 1024, 400), 8*(words+words/10); got != want {
		t.Errorf("Bytes(nnlrs, 1024, 400) = %d, want %d", got, want)
	}
	// Memory grows with n for every graph, quadratically.
	for _, m := range All {
		if a, b := Bytes(m, 50, 100), Bytes(m, 50, 200); b < 3*a {
			t.Errorf("%s: %d bytes at n = 100, %d at n = 200", m, a, b)
		}
	}
	// From 1000 samples on U₂ is implied: fewer bytes per n².
	for _, m := range []Name{NNLRS, LRR} {
		per := func(n int) float64 { return float64(Bytes(m, 256, n)) / float64(n*n) }
		if !(per(1000) < 0.9*per(999)) {
			t.Errorf("%s: %.1f bytes per n² at n = 999, %.1f at 1000", m, per(999), per(1000))
		}
	}
}

func ExampleBytes() {
	// USPS digits 1-4, 500 each.
	fmt.Printf("%.2f GiB\n", float64(Bytes(NNLRS, 256, 2000))/(1<<30))
	// Output: 0.84 GiB
}

func TestParse(t *testing.T) {
	for _, m := range All {
		if got, err := Parse(string(m)); err != nil || got != m {
			t.Errorf("Parse(%q) = %q, %v", m, got, err)
		}
	}
	// The embedded-feature graphs are not among the paper's eight.
	for _, s := range []string{"", "NNLRS", "pca", string(NNLRSEF), string(PCANNLRS)} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q): no error", s)
		}
	}
	if _, err := Parse("pca"); err == nil || err.Error() != `unknown graph "pca" (graphs: knn0, knn1, lle0, lle1, l1, spg, lrr, nnlrs)` {
		t.Errorf("Parse(pca): %v", err)
	}
}

// TestNames: every graph has a title (the paper's tables) and a label
// (the page), distinct within each.
func TestNames(t *testing.T) {
	titles, labels := map[string]bool{}, map[string]bool{}
	for _, m := range Every {
		ti, la := Title(m), Label(m)
		if names[m].title == "" || names[m].label == "" {
			t.Errorf("%s has no title", m)
		}
		if titles[ti] || labels[la] {
			t.Errorf("%s: title %q or label %q used twice", m, ti, la)
		}
		titles[ti], labels[la] = true, true
	}
	if Title(L1) != "ℓ1" || Label(KNN0) != "kNN" || Title("other") != "other" {
		t.Errorf("titles: %s, %s, %s", Title(L1), Label(KNN0), Title("other"))
	}
	if len(names) != len(Every) {
		t.Errorf("%d names for %d graphs", len(names), len(Every))
	}
	if _, err := ParseIn("pca", Every); err == nil || !strings.Contains(err.Error(), "nnlrs-ef") {
		t.Errorf("ParseIn: %v", err)
	}
}
