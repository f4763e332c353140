package experiment

import (
	"slices"
	"testing"

	"nnlrs/core/propagate"
)

func TestDrawLabeled(t *testing.T) {
	var truth []int
	for c, n := range map[int]int{1: 50, 2: 30, 7: 3} {
		for i := 0; i < n; i++ {
			truth = append(truth, c)
		}
	}
	for _, frac := range []float64{0.1, 0.3, 0.6} {
		labels := DrawLabeled(truth, frac, newRand())
		count := map[int]int{}
		for i, l := range labels {
			if l != propagate.Unlabeled {
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

func TestFolds(t *testing.T) {
	truth := make([]int, 60)
	for i := range truth {
		truth[i] = i % 3
	}
	labels := DrawLabeled(truth, 0.5, newRand())
	folds := Folds(labels, 3, newRand())
	var all []int
	for _, f := range folds {
		count := map[int]int{}
		for _, i := range f {
			count[labels[i]]++
		}
		for c := 0; c < 3; c++ {
			if count[c] < 3 || count[c] > 4 {
				t.Errorf("fold %v: %d of class %d", f, count[c], c)
			}
		}
		all = append(all, f...)
	}
	slices.Sort(all)
	var want []int
	for i, l := range labels {
		if l != propagate.Unlabeled {
			want = append(want, i)
		}
	}
	if !slices.Equal(all, want) {
		t.Errorf("folds cover %v, labeled samples %v", all, want)
	}
}
