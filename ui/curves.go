package ui

import (
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/ui/params"
)

// CurveShares are the labeled shares, in percent, at which the labeled
// curve evaluates the graphs: the range of the paper's Tables I-II (its
// Fig. on joint learning goes from 5% to 60% too).
var CurveShares = []float64{5, 10, 20, 30, 40, 50, 60}

// CurveDraws returns the number of label draws the labeled curve averages
// over for n samples: 5, fewer for large n, where one draw costs two
// dense solves of order n in the page's thread.
func CurveDraws(n int) int {
	switch {
	case n <= 200:
		return 5
	case n <= 400:
		return 3
	}
	return 1
}

// CurveDraw returns draw k of the labeled samples at share percent: the
// page's own draw (params.Params.Given, without clicks) for k = 0 at the
// same share, then seeds seed+1, seed+2, ...
func CurveDraw(truth []int, share float64, seed uint64, k int) []int {
	return demo.Labels(truth, share, seed+uint64(k))
}

// LabeledCurve is each finished graph's error against the labeled share
// (the paper's Tables I-II at the page's scale): GHF's and LGC's closed
// forms for CurveDraws label draws at each of CurveShares, averaged, on
// the graphs already built, with no new solve. It is computed a little at
// a time (Step), so that the page keeps drawing.
type LabeledCurve struct {
	// GHF and LGC hold, per graph, the mean error rate at each share; NaN
	// until computed, or when the method applies to no draw.
	GHF, LGC map[method.Name][]float64
	// Draws is the number of draws per share.
	Draws int
	// Done of Total evaluations (a graph, a share, a draw) are computed.
	Done, Total int

	weights map[method.Name]*mat.SymDense
	names   []method.Name
	truth   []int
	seed    uint64
	alpha   float64
	sum     map[method.Name]*[2][]float64
	count   map[method.Name]*[2][]int
	kept    map[method.Name]bool // taken whole from an earlier curve (keep)
}

// newLabeledCurve prepares the curve of the graphs w over samples of
// classes truth, with draws seeded from seed and LGC's alpha.
func newLabeledCurve(w map[method.Name]*mat.SymDense, truth []int, seed uint64, alpha float64) *LabeledCurve {
	c := &LabeledCurve{GHF: map[method.Name][]float64{}, LGC: map[method.Name][]float64{}, weights: w,
		truth: truth, seed: seed, alpha: alpha, sum: map[method.Name]*[2][]float64{}, count: map[method.Name]*[2][]int{},
		kept: map[method.Name]bool{}}
	c.Draws = CurveDraws(len(truth))
	for _, name := range demo.Order { // a fixed order
		if w[name] == nil {
			continue
		}
		c.names = append(c.names, name)
		k := len(CurveShares)
		c.GHF[name], c.LGC[name] = nans(k), nans(k)
		c.sum[name] = &[2][]float64{make([]float64, k), make([]float64, k)}
		c.count[name] = &[2][]int{make([]int, k), make([]int, k)}
	}
	c.Total = len(c.names) * len(CurveShares) * c.Draws
	return c
}

func nans(k int) []float64 {
	s := make([]float64, k)
	for i := range s {
		s[i] = math.NaN()
	}
	return s
}

// keep takes from the finished curve old the errors of the graphs whose
// weights are the same matrix in both, for the same samples, draws and
// α: after a slider step, which solves NNLRS alone, only its graph is
// evaluated again.
func (c *LabeledCurve) keep(old *LabeledCurve) {
	if old == nil || !old.Finished() || old.seed != c.seed || old.alpha != c.alpha || old.Draws != c.Draws || !slices.Equal(old.truth, c.truth) {
		return
	}
	for _, name := range c.names {
		if w := old.weights[name]; w == nil || w != c.weights[name] || old.sum[name] == nil {
			continue
		}
		c.GHF[name], c.LGC[name] = old.GHF[name], old.LGC[name]
		c.sum[name], c.count[name] = old.sum[name], old.count[name]
		c.kept[name] = true
	}
}

// Finished reports whether every evaluation is computed.
func (c *LabeledCurve) Finished() bool { return c == nil || c.Done == c.Total }

// Step computes evaluations until budget has passed (at least one).
func (c *LabeledCurve) Step(budget time.Duration) {
	start := time.Now()
	for !c.Finished() {
		c.evaluate(c.Done)
		c.Done++
		if time.Since(start) >= budget {
			return
		}
	}
}

// evaluate computes evaluation i: draw, then share, then graph vary
// fastest, so that every share fills in early.
func (c *LabeledCurve) evaluate(i int) {
	g := i % len(c.names)
	s := (i / len(c.names)) % len(CurveShares)
	k := i / (len(c.names) * len(CurveShares))
	name := c.names[g]
	if c.kept[name] {
		return
	}
	given := CurveDraw(c.truth, CurveShares[s], c.seed, k)
	w := c.weights[name]
	sum, count := c.sum[name], c.count[name]
	for k, out := range []map[method.Name][]float64{c.GHF, c.LGC} {
		if e, _, err := errorRate(w, given, c.truth, params.Propagators[k], c.alpha); err == nil {
			sum[k][s] += e
			count[k][s]++
			out[name][s] = sum[k][s] / float64(count[k][s])
		}
	}
}
