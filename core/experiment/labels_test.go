package experiment

import (
	"slices"
	"testing"

	"nnlrs/core/propagate"
)

func TestFolds(t *testing.T) {
	truth := make([]int, 60)
	for i := range truth {
		truth[i] = i % 3
	}
	labels := propagate.DrawLabeled(truth, 0.5, newRand())
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
