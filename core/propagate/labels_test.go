package propagate

import (
	"math/rand/v2"
	"testing"
)

func TestDrawLabeled(t *testing.T) {
	var truth []int
	for c, n := range map[int]int{1: 50, 2: 30, 7: 3} {
		for i := 0; i < n; i++ {
			truth = append(truth, c)
		}
	}
	for _, frac := range []float64{0.1, 0.3, 0.6} {
		labels := DrawLabeled(truth, frac, rand.New(rand.NewPCG(1, 1)))
		count := map[int]int{}
		for i, l := range labels {
			if l != Unlabeled {
				if l != truth[i] {
					t.Fatalf("label %d of sample %d, truth %d", l, i, truth[i])
				}
				count[l]++
			}
		}
		for c, n := range map[int]int{1: 50, 2: 30, 7: 3} {
			want := max(1, min(int(frac*float64(n)+0.5), n-1))
			if count[c] != want {
				t.Errorf("frac %v class %d: %d labeled, want %d", frac, c, count[c], want)
			}
		}
	}
}
