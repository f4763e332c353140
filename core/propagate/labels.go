package propagate

import (
	"maps"
	"math"
	"math/rand/v2"
	"slices"
)

// DrawLabeled returns a copy of truth in which all but a fraction frac of
// every class are Unlabeled. The paper says only that samples "are
// randomly labeled"; drawing per class keeps every class labeled at low
// percentages (10% of 50 images is 5 per subject) and makes the
// percentages exact. Every class, in increasing order of its label, keeps
// round(frac·n_c) labels, at least one and at most n_c − 1, chosen
// uniformly at random from rng.
func DrawLabeled(truth []int, frac float64, rng *rand.Rand) []int {
	labels := make([]int, len(truth))
	members := map[int][]int{}
	for i, l := range truth {
		labels[i] = Unlabeled
		members[l] = append(members[l], i)
	}
	for _, c := range slices.Sorted(maps.Keys(members)) {
		m := members[c]
		k := int(math.Round(frac * float64(len(m))))
		k = max(1, min(k, len(m)-1))
		for _, t := range rng.Perm(len(m))[:k] {
			labels[m[t]] = truth[m[t]]
		}
	}
	return labels
}
