package experiment

import (
	"math/rand/v2"

	"nnlrs/core/propagate"
)

// Folds splits the labeled samples of labels into k folds for
// cross-validation, class by class: the labeled samples of every class are
// shuffled and dealt to the folds in turn, so every fold has about the
// same share of every class. It returns, for every fold, the indices of
// its samples.
func Folds(labels []int, k int, rng *rand.Rand) [][]int {
	folds := make([][]int, k)
	members := map[int][]int{}
	var classes []int
	for i, l := range labels {
		if l == propagate.Unlabeled {
			continue
		}
		if _, ok := members[l]; !ok {
			classes = append(classes, l)
		}
		members[l] = append(members[l], i)
	}
	next := 0
	for _, c := range classesOf(classes) {
		m := members[c]
		rng.Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
		for _, i := range m {
			folds[next%k] = append(folds[next%k], i)
			next++
		}
	}
	return folds
}
