package propagate

import (
	"gonum.org/v1/gonum/mat"
)

// Iterator runs a propagation one step at a time, for watching F(t).
//
// GHF iterates label propagation (Zhu and Ghahramani 2002):
//
//	F_u(t+1) = D_uu⁻¹ (W_uu F_u(t) + W_ul Y_l),  F_l = Y_l clamped,
//
// a Jacobi iteration for the harmonic system whose fixed point is GHF's.
// LGC iterates Zhou et al.'s
//
//	F(t+1) = αS F(t) + (1 − α) Y,
//
// which converges to (1 − α)(I − αS)⁻¹Y, LGC's closed form up to a
// positive factor (the same predictions). Both start from F(0) = Y.
type Iterator struct {
	p     *problem
	lgc   bool
	alpha float64
	s     []float64 // LGC: S; GHF: D⁻¹W row-stochastic on reached nodes
	y     *mat.Dense
	f, g  *mat.Dense
	step  int
}

// NewGHFIterator returns an Iterator for GHF.
func NewGHFIterator(w mat.Symmetric, labels []int) (*Iterator, error) {
	p, err := newProblem(w, labels)
	if err != nil {
		return nil, err
	}
	n := p.n
	s := make([]float64, n*n)
	for i := 0; i < n; i++ {
		row := p.w[i*n : (i+1)*n]
		deg := 0.0
		for _, v := range row {
			deg += v
		}
		if deg == 0 {
			continue
		}
		for j, v := range row {
			s[i*n+j] = v / deg
		}
	}
	return newIterator(p, false, 0, s), nil
}

// NewLGCIterator returns an Iterator for LGC with 0 < alpha < 1.
func NewLGCIterator(w mat.Symmetric, labels []int, alpha float64) (*Iterator, error) {
	if !(alpha > 0 && alpha < 1) {
		return nil, errorf("LGC needs 0 < alpha < 1, have %v", alpha)
	}
	p, err := newProblem(w, labels)
	if err != nil {
		return nil, err
	}
	return newIterator(p, true, alpha, p.normalized()), nil
}

func newIterator(p *problem, lgc bool, alpha float64, s []float64) *Iterator {
	y := p.y()
	return &Iterator{p: p, lgc: lgc, alpha: alpha, s: s, y: y, f: mat.DenseCopyOf(y), g: mat.NewDense(p.n, len(p.classes), nil)}
}

// Step advances one step and returns the largest change of an entry of F.
func (it *Iterator) Step() float64 {
	n, c := it.p.n, len(it.p.classes)
	f, g := it.f.RawMatrix(), it.g.RawMatrix()
	change := 0.0
	for i := 0; i < n; i++ {
		grow := g.Data[i*g.Stride : i*g.Stride+c]
		if !it.lgc && it.p.labels[i] != Unlabeled {
			copy(grow, f.Data[i*f.Stride:i*f.Stride+c]) // clamped
			continue
		}
		for k := range grow {
			grow[k] = 0
		}
		for j, v := range it.s[i*n : (i+1)*n] {
			if v == 0 {
				continue
			}
			frow := f.Data[j*f.Stride : j*f.Stride+c]
			for k := range grow {
				grow[k] += v * frow[k]
			}
		}
		if it.lgc {
			for k := range grow {
				grow[k] = it.alpha*grow[k] + (1-it.alpha)*it.y.At(i, k)
			}
		}
		for k := range grow {
			if d := grow[k] - f.Data[i*f.Stride+k]; d > change {
				change = d
			} else if -d > change {
				change = -d
			}
		}
	}
	it.f, it.g = it.g, it.f
	it.step++
	return change
}

// Steps returns the number of steps taken.
func (it *Iterator) Steps() int { return it.step }

// Result returns the current F(t) (a copy) with its predictions.
func (it *Iterator) Result() *Result {
	return it.p.result(mat.DenseCopyOf(it.f))
}
