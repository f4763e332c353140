package params

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"nnlrs/core/demo"
	"nnlrs/core/propagate"
)

// The labeled set of a figure is the seeded draw of Labeled % of every
// class (demo.Labels) with the samples the user clicked flipped: a labeled sample
// loses its label, an unlabeled one gets its true label. Params.Flip lists
// the flipped samples, 1-based as the Inspect control numbers them, in
// increasing order, joined by "." ("3.17.42"): a link carries a few clicks
// in a few characters.

// Flips returns the 0-based samples of p.Flip, or an error for a list
// that is not increasing positive sample numbers.
func (p Params) Flips() ([]int, error) {
	if p.Flip == "" {
		return nil, nil
	}
	var s []int
	for _, f := range strings.Split(p.Flip, ".") {
		k, err := strconv.Atoi(f)
		if err != nil || k < 1 || (len(s) > 0 && k-1 <= s[len(s)-1]) {
			return nil, fmt.Errorf("flip must list increasing sample numbers joined by dots, have %q", p.Flip)
		}
		s = append(s, k-1)
	}
	return s, nil
}

// Toggle returns p with the labeled state of sample i (0-based) flipped.
func (p Params) Toggle(i int) Params {
	s, _ := p.Flips()
	if k, found := slices.BinarySearch(s, i); found {
		s = slices.Delete(s, k, k+1)
	} else {
		s = slices.Insert(s, k, i)
	}
	f := make([]string, len(s))
	for k, v := range s {
		f[k] = strconv.Itoa(v + 1)
	}
	p.Flip = strings.Join(f, ".")
	return p
}

// Given returns the labels handed to the propagation for samples of true
// classes truth: the draw seeded by LabelsSeed, with p's flips.
func (p Params) Given(truth []int) []int {
	return p.Flipped(demo.Labels(truth, p.Labeled, p.LabelsSeed()), truth)
}

// Flipped returns a copy of the drawn labels given (of samples of true
// classes truth) with p's flips. Flips beyond the samples are ignored.
func (p Params) Flipped(given, truth []int) []int {
	given = slices.Clone(given)
	s, _ := p.Flips()
	for _, i := range s {
		if i >= len(given) {
			break
		}
		if given[i] == propagate.Unlabeled {
			given[i] = truth[i]
		} else {
			given[i] = propagate.Unlabeled
		}
	}
	return given
}

// flipOK reports whether p's clicked labels are increasing sample numbers
// within its samples.
func flipOK(p Params) bool {
	s, err := p.Flips()
	return err == nil && (len(s) == 0 || p.N() == 0 || s[len(s)-1] < p.N())
}
