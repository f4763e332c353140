package ui

import (
	"math"
	"slices"

	"nnlrs/core/method"
)

// OutlierFloor is the smallest error norm |e_j| of an outlier: samples have
// unit norm, so less than a tenth of a sample taken for error is no
// corruption worth marking, however the others fare.
const OutlierFloor = 0.1

// OutlierSpread is how many robust standard deviations (1.4826 times the
// median absolute deviation) above the median |e_j| a sample's error must
// lie for the sample to be an outlier.
const OutlierSpread = 3

// Outliers returns which samples NNLRS's error term E singles out as
// corrupted (the page crosses them), and the threshold on |e_j| (the norm
// of column j of E, problem (6)): those whose error lies far above the
// others',
//
//	|e_j| > max(OutlierFloor, median + OutlierSpread·1.4826·MAD),
//
// a threshold relative to the run's own |e| distribution, so that clean
// data, whose errors are all alike, have few or no outliers. It returns
// nil when the run has no NNLRS graph with E. They are computed once, when
// first asked after NNLRS's graph is done.
func (r *Run) Outliers() ([]bool, float64) {
	if r == nil {
		return nil, 0
	}
	g := r.Graphs[method.NNLRS]
	if g == nil || g.Final == nil || g.Final.ENorm == nil {
		return nil, 0
	}
	if r.outliers == nil {
		e := g.Final.ENorm
		r.outlierAt = OutlierThreshold(e)
		r.outliers = make([]bool, len(e))
		for i, x := range e {
			r.outliers[i] = x > r.outlierAt
		}
	}
	return r.outliers, r.outlierAt
}

// OutlierThreshold returns the threshold of Outliers for the error norms e.
func OutlierThreshold(e []float64) float64 {
	if len(e) == 0 {
		return math.Inf(1)
	}
	med := median(slices.Clone(e))
	dev := make([]float64, len(e))
	for i, x := range e {
		dev[i] = math.Abs(x - med)
	}
	return math.Max(OutlierFloor, med+OutlierSpread*1.4826*median(dev))
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
