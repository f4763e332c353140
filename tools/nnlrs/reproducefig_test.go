package main

import (
	"strconv"
	"strings"
	"testing"
)

// The weight figures' axes count samples: whole numbers, with sample 0 at
// the top of the vertical axis (the bottom tick, at 0, reads n).
func TestWeightTicks(t *testing.T) {
	for _, n := range []int{120, 750, 800} {
		for _, tk := range (intTicks{}).Ticks(0, float64(n)) {
			if strings.Contains(tk.Label, ".") {
				t.Errorf("n=%d: x tick at %v labeled %q", n, tk.Value, tk.Label)
			}
		}
		for _, tk := range (reversedTicks{n: n}).Ticks(0, float64(n)) {
			if tk.Label != "" && tk.Value == 0 && tk.Label != strconv.Itoa(n) {
				t.Errorf("n=%d: the bottom y tick is labeled %q, want %d", n, tk.Label, n)
			}
		}
	}
}
