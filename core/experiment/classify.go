package experiment

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/propagate"
	"nnlrs/core/sda"
)

// The classifiers, by name.
const (
	GHF   = "ghf"    // Gaussian harmonic function (Zhu et al. 2003)
	LGC   = "lgc"    // local and global consistency, α = 0.99 (Zhou et al. 2004)
	LGCMu = "lgc-mu" // LGC with α = 1/(1 + μ), μ = 0.99, the paper's literal reading
	SDA   = "sda"    // semi-supervised discriminant analysis + nearest neighbour
)

// Propagators lists the classifiers in the order of the paper's tables.
var Propagators = []string{GHF, LGC, LGCMu, SDA}

// PropagatorTitle names a classifier in tables.
func PropagatorTitle(p string) string {
	switch p {
	case GHF:
		return "GHF"
	case LGC:
		return "LGC (α = 0.99)"
	case LGCMu:
		return "LGC (α = 1/(1+0.99))"
	case SDA:
		return "SDA + nearest neighbour"
	}
	return p
}

// Alpha returns the α of the LGC classifiers.
func Alpha(p string) float64 {
	if p == LGCMu {
		return propagate.PaperAlpha
	}
	return propagate.DefaultAlpha
}

// IsTransductive reports whether p classifies the unlabeled samples of the
// graph itself (GHF, LGC) rather than new test samples (SDA).
func IsTransductive(p string) bool { return p != SDA }

// outcome is what a classifier says about the samples it was asked about.
type outcome struct {
	pred []int
	// unreached marks, for the propagations, the samples asked about that
	// no labeled sample reaches (nil for SDA).
	unreached []bool
	// prob is the classifier's confidence in the given label, in [0, 1];
	// cross-validation uses it to break ties between equally many errors.
	prob func(q, label int) float64
}

// classifier classifies the samples query of a stage (indices into the
// stage's training samples, or, with query == nil, its test samples) from
// the graph w and labels (Unlabeled for the samples to classify).
type classifier func(w *mat.SymDense, labels []int, query []int) (*outcome, error)

// propagation returns the GHF or LGC classifier. Its confidence in a label
// is that label's share of the (nonnegative) row of F.
func propagation(p string) classifier {
	return func(w *mat.SymDense, labels []int, query []int) (*outcome, error) {
		var res *propagate.Result
		var err error
		if p == GHF {
			res, err = propagate.GHF(w, labels)
		} else {
			res, err = propagate.LGC(w, labels, Alpha(p))
		}
		if err != nil {
			return nil, err
		}
		col := map[int]int{}
		for c, l := range res.Classes {
			col[l] = c
		}
		out := &outcome{pred: make([]int, len(query)), unreached: make([]bool, len(query))}
		for k, i := range query {
			out.pred[k], out.unreached[k] = res.Pred[i], res.Unreached[i]
		}
		out.prob = func(q, label int) float64 {
			i := query[q]
			c, ok := col[label]
			if !ok || res.Unreached[i] {
				return 0
			}
			s := 0.0
			for k := range res.Classes {
				s += math.Max(res.F.At(i, k), 0)
			}
			if s == 0 {
				return 0
			}
			return math.Max(res.F.At(i, c), 0) / s
		}
		return out, nil
	}
}

// score scores the prediction against the true labels: of query's
// samples (indices into truth), or of every sample of truth with query nil.
func (o *outcome) score(truth, query []int) score {
	s := score{reach: o.unreached != nil}
	wrong, reached, reachedWrong := 0, 0, 0
	for k, p := range o.pred {
		t := truth[k]
		if query != nil {
			t = truth[query[k]]
		}
		if p != t {
			wrong++
		}
		switch {
		case !s.reach:
		case o.unreached[k]:
			s.unreached++
		default:
			reached++
			if p != t {
				reachedWrong++
			}
		}
	}
	s.err = float64(wrong) / float64(len(o.pred))
	s.reached = math.NaN()
	if reached > 0 {
		s.reached = float64(reachedWrong) / float64(reached)
	}
	return s
}

// discriminant returns the SDA classifier of a stage: SDA fitted on the
// training samples with the graph, then the nearest labeled training
// sample in the projection. Its confidence in a label is
// d_other/(d_label + d_other), the distances to the nearest labeled sample
// of that label and of any other.
func discriminant(basis *sda.Basis, train, test *dataset.Set, p sda.Params) classifier {
	return func(w *mat.SymDense, labels []int, query []int) (*outcome, error) {
		m, err := basis.Fit(labels, w, p)
		if err != nil {
			return nil, err
		}
		var ref []int
		var refLabels []int
		for i, l := range labels {
			if l != propagate.Unlabeled {
				ref = append(ref, i)
				refLabels = append(refLabels, l)
			}
		}
		d, _ := train.X.Dims()
		refX := mat.NewDense(d, len(ref), nil)
		for k, i := range ref {
			refX.SetCol(k, mat.Col(nil, i, train.X))
		}
		var qx *mat.Dense
		if query == nil {
			qx = test.X
		} else {
			qx = mat.NewDense(d, len(query), nil)
			for k, i := range query {
				qx.SetCol(k, mat.Col(nil, i, train.X))
			}
		}
		er, eq := m.Embed(refX), m.Embed(qx)
		out := &outcome{pred: sda.NearestNeighbor(er, refLabels, eq)}
		out.prob = func(q, label int) float64 {
			dl, do := math.Inf(1), math.Inf(1)
			k, _ := er.Dims()
			for j, l := range refLabels {
				s := 0.0
				for t := 0; t < k; t++ {
					e := er.At(t, j) - eq.At(t, q)
					s += e * e
				}
				if l == label {
					dl = math.Min(dl, s)
				} else {
					do = math.Min(do, s)
				}
			}
			switch {
			case math.IsInf(dl, 1):
				return 0
			case math.IsInf(do, 1):
				return 1
			case dl+do == 0:
				return 0.5
			}
			dl, do = math.Sqrt(dl), math.Sqrt(do)
			return do / (dl + do)
		}
		return out, nil
	}
}

// candidate is one graph a cross-validation chooses from.
type candidate struct {
	w                   *mat.SymDense
	lambda, beta, theta float64
}

// crossValidate returns the index of the candidate graph that classifies
// the held-out labeled samples best and its error rate: for every fold the
// labels of its samples are hidden, cls classifies them from the others'
// labels, and the candidate with the fewest misclassified samples over
// all folds wins; equal counts are broken by the mean confidence in the
// hidden labels, then by the order of the candidates. Only labels is used:
// the true labels of the unlabeled samples never enter. every holds the
// error rate of every candidate, NaN for one that failed.
func crossValidate(cands []candidate, labels []int, folds [][]int, cls classifier) (best int, cvErr float64, every []float64, err error) {
	scores, total := cvScores(cands, labels, folds, cls)
	if total == 0 {
		return 0, 0, nil, fmt.Errorf("experiment: no labeled samples to cross-validate on")
	}
	best = bestScore(scores, total)
	if best < 0 {
		return 0, 0, nil, firstError(scores)
	}
	every = make([]float64, len(scores))
	for i, sc := range scores {
		every[i] = math.NaN()
		if sc.err == nil {
			every[i] = float64(sc.wrong) / float64(total)
		}
	}
	return best, every[best], every, nil
}

// cvScore is how one candidate fares in a cross-validation: the held-out
// samples it misclassifies, its summed confidence in their hidden labels,
// or the error that stopped it.
type cvScore struct {
	wrong int
	prob  float64
	err   error
}

// add accumulates the score of another draw of the same candidate.
func (s *cvScore) add(o cvScore) {
	s.wrong += o.wrong
	s.prob += o.prob
	if s.err == nil {
		s.err = o.err
	}
}

// cvScores scores every candidate by crossValidate's rule and returns the
// scores and the number of held-out samples.
func cvScores(cands []candidate, labels []int, folds [][]int, cls classifier) (scores []cvScore, total int) {
	for _, f := range folds {
		total += len(f)
	}
	scores = make([]cvScore, len(cands))
	if total == 0 {
		return scores, 0
	}
	for c, cand := range cands {
		sc := &scores[c]
		for _, f := range folds {
			if len(f) == 0 {
				continue
			}
			hidden := append([]int(nil), labels...)
			for _, i := range f {
				hidden[i] = propagate.Unlabeled
			}
			out, err := cls(cand.w, hidden, f)
			if err != nil {
				sc.err = err
				break
			}
			for q, i := range f {
				if out.pred[q] != labels[i] {
					sc.wrong++
				}
				sc.prob += out.prob(q, labels[i])
			}
		}
	}
	return scores, total
}

// bestScore returns the index of the best score without an error: the
// fewest misclassified, then the highest mean confidence, then the first;
// −1 when every candidate failed. The scores count the same total
// held-out samples.
func bestScore(scores []cvScore, total int) int {
	best := -1
	for c, sc := range scores {
		if sc.err != nil {
			continue
		}
		if best < 0 {
			best = c
			continue
		}
		b := scores[best]
		if sc.wrong < b.wrong || (sc.wrong == b.wrong && sc.prob/float64(total) > b.prob/float64(total)+1e-12) {
			best = c
		}
	}
	return best
}

// firstError returns the first error of scores.
func firstError(scores []cvScore) error {
	for _, sc := range scores {
		if sc.err != nil {
			return sc.err
		}
	}
	return nil
}
