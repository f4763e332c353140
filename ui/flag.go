package ui

import (
	"math"
	"slices"

	"nnlrs/core/method"
)

// FlagFloor is the smallest error norm |e_j| the page flags: samples have
// unit norm, so less than a tenth of a sample taken for error is no
// corruption worth marking, however the others fare.
const FlagFloor = 0.1

// FlagSpread is how many robust standard deviations (1.4826 times the
// median absolute deviation) above the median |e_j| a sample's error must
// lie to be flagged.
const FlagSpread = 3

// Flags returns which samples NNLRS's error term E singles out as
// corrupted, and the threshold on |e_j| (the norm of column j of E,
// problem (6)): those whose error lies far above the others',
//
//	|e_j| > max(FlagFloor, median + FlagSpread·1.4826·MAD),
//
// a threshold relative to the run's own |e| distribution, so that clean
// data, whose errors are all alike, have few or no flags. It returns nil
// when the run has no NNLRS graph with E.
// The flags are computed once, when first asked after NNLRS's graph is
// done.
func (r *Run) Flags() ([]bool, float64) {
	if r == nil {
		return nil, 0
	}
	g := r.Graphs[method.NNLRS]
	if g == nil || g.Final == nil || g.Final.ENorm == nil {
		return nil, 0
	}
	if r.flags == nil {
		e := g.Final.ENorm
		r.flagAt = FlagThreshold(e)
		r.flags = make([]bool, len(e))
		for i, x := range e {
			r.flags[i] = x > r.flagAt
		}
	}
	return r.flags, r.flagAt
}

// FlagThreshold returns the threshold of Flags for the error norms e.
func FlagThreshold(e []float64) float64 {
	if len(e) == 0 {
		return math.Inf(1)
	}
	med := median(slices.Clone(e))
	dev := make([]float64, len(e))
	for i, x := range e {
		dev[i] = math.Abs(x - med)
	}
	return math.Max(FlagFloor, med+FlagSpread*1.4826*median(dev))
}

// median returns the median of v, which it sorts.
func median(v []float64) float64 {
	slices.Sort(v)
	k := len(v) / 2
	if len(v)%2 == 1 {
		return v[k]
	}
	return (v[k-1] + v[k]) / 2
}
