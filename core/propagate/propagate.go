package propagate

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// Unlabeled marks a node whose label is to be predicted.
const Unlabeled = -1

// Result is the outcome of a propagation.
type Result struct {
	// Classes are the distinct labels of the labeled nodes, sorted; column
	// c of F scores class Classes[c].
	Classes []int
	// F is the n×c classification function.
	F *mat.Dense
	// Pred is the predicted label of every node (the labeled nodes' own
	// label under GHF), Unlabeled where Unreached.
	Pred []int
	// Unreached marks the nodes that no labeled node reaches.
	Unreached []bool
}

// problem is the validated input shared by the methods.
type problem struct {
	n       int
	w       []float64 // n×n row-major, zero diagonal
	labels  []int
	classes []int
	index   map[int]int // class label -> column
	reached []bool
}

func newProblem(w mat.Symmetric, labels []int) (*problem, error) {
	n := w.SymmetricDim()
	if len(labels) != n {
		return nil, errorf("%d labels for a graph of %d nodes", len(labels), n)
	}
	p := &problem{n: n, w: make([]float64, n*n), labels: labels, index: map[int]int{}}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := w.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return nil, errorf("weight (%d, %d) is %v; weights must be finite and nonnegative", i, j, v)
			}
			if i != j {
				p.w[i*n+j] = v
			}
		}
	}
	for i, l := range labels {
		switch {
		case l == Unlabeled:
		case l < 0:
			return nil, errorf("label %d of node %d is negative (use %d for unlabeled)", l, i, Unlabeled)
		default:
			if _, ok := p.index[l]; !ok {
				p.index[l] = 0
				p.classes = append(p.classes, l)
			}
		}
	}
	if len(p.classes) == 0 {
		return nil, errorf("no labeled node")
	}
	sort.Ints(p.classes)
	for c, l := range p.classes {
		p.index[l] = c
	}
	p.reached = p.reach()
	return p, nil
}

// reach marks the nodes connected to some labeled node (breadth-first
// search from all labeled nodes at once).
func (p *problem) reach() []bool {
	seen := make([]bool, p.n)
	var queue []int
	for i, l := range p.labels {
		if l != Unlabeled {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		row := p.w[i*p.n : (i+1)*p.n]
		for j, v := range row {
			if v > 0 && !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return seen
}

// y returns the n×c indicator matrix of the labels.
func (p *problem) y() *mat.Dense {
	y := mat.NewDense(p.n, len(p.classes), nil)
	for i, l := range p.labels {
		if l != Unlabeled {
			y.Set(i, p.index[l], 1)
		}
	}
	return y
}

func (p *problem) result(f *mat.Dense) *Result {
	r := &Result{Classes: p.classes, F: f, Unreached: make([]bool, p.n)}
	for i := range r.Unreached {
		r.Unreached[i] = !p.reached[i]
	}
	r.Pred = Predict(f, p.classes, r.Unreached)
	return r
}

// Predict returns, for every row of F, the class of its largest score (the
// first on ties), or Unlabeled where skip is true or the row is all zero.
func Predict(f mat.Matrix, classes []int, skip []bool) []int {
	n, c := f.Dims()
	pred := make([]int, n)
	for i := 0; i < n; i++ {
		pred[i] = Unlabeled
		if skip != nil && skip[i] {
			continue
		}
		best, bv := -1, 0.0
		for k := 0; k < c; k++ {
			if v := f.At(i, k); best < 0 || v > bv {
				best, bv = k, v
			}
		}
		allZero := true
		for k := 0; k < c; k++ {
			if f.At(i, k) != 0 {
				allZero = false
			}
		}
		if !allZero {
			pred[i] = classes[best]
		}
	}
	return pred
}

// ErrorRate returns the fraction of the nodes unlabeled in labels whose
// prediction differs from truth; a missing prediction (Unlabeled) counts as
// an error. It returns 0 when no node is unlabeled.
func ErrorRate(pred, truth, labels []int) float64 {
	if len(pred) != len(truth) || len(labels) != len(truth) {
		panic("propagate: ErrorRate: length mismatch")
	}
	wrong, total := 0, 0
	for i, l := range labels {
		if l != Unlabeled {
			continue
		}
		total++
		if pred[i] != truth[i] {
			wrong++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(wrong) / float64(total)
}
