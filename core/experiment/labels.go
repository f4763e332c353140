package experiment

import (
	"math"
	"math/rand/v2"

	"nnlrs/core/propagate"
)

// DrawLabeled returns a copy of truth in which all but a fraction frac of
// every class are Unlabeled (propagate.Unlabeled). The paper says only that
// samples "are randomly labeled"; drawing per class keeps every class
// labeled at low percentages (10% of 50 images is 5 per subject) and makes
// the percentages exact. Every class keeps round(frac·n_c) labels, at
// least one and at most n_c − 1, chosen uniformly at random from rng.
func DrawLabeled(truth []int, frac float64, rng *rand.Rand) []int {
	labels := make([]int, len(truth))
	members := map[int][]int{}
	for i, l := range truth {
		labels[i] = propagate.Unlabeled
		members[l] = append(members[l], i)
	}
	for _, c := range classesOf(truth) {
		m := members[c]
		k := int(math.Round(frac * float64(len(m))))
		k = max(1, min(k, len(m)-1))
		for _, t := range rng.Perm(len(m))[:k] {
			labels[m[t]] = truth[m[t]]
		}
	}
	return labels
}

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
