package method

import (
	"fmt"
	"testing"
)

func TestBytes(t *testing.T) {
	// NNLRS on 400 samples of 1024 pixels: 12·400² + 6·1024·400 words.
	if got, want := Bytes(NNLRS, 1024, 400), int64(8*(12*400*400+6*1024*400)); got != want {
		t.Errorf("Bytes(nnlrs, 1024, 400) = %d, want %d", got, want)
	}
	// Memory grows with n for every graph, quadratically.
	for _, m := range All {
		if a, b := Bytes(m, 50, 100), Bytes(m, 50, 200); b < 3*a {
			t.Errorf("%s: %d bytes at n = 100, %d at n = 200", m, a, b)
		}
	}
}

func ExampleBytes() {
	fmt.Printf("%.0f MiB\n", float64(Bytes(NNLRS, 256, 200))/(1<<20))
	// Output: 6 MiB
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
