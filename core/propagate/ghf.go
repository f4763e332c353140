package propagate

import (
	"gonum.org/v1/gonum/mat"
)

// GHF computes the harmonic solution of Zhu, Ghahramani and Lafferty (ICML
// 2003), the minimizer of tr(Fᵀ L F) subject to F_l = Y_l (paper, equation
// (12)):
//
//	F_u = (D_uu − W_uu)⁻¹ W_ul Y_l,
//
// over the unlabeled nodes that some labeled node reaches, where the system
// is symmetric positive definite; labeled nodes keep their labels and
// unreached nodes get F = 0 and no prediction. Each unlabeled value is the
// weighted mean of its neighbours' values.
func GHF(w mat.Symmetric, labels []int) (*Result, error) {
	p, err := newProblem(w, labels)
	if err != nil {
		return nil, err
	}
	y := p.y()
	f := mat.DenseCopyOf(y)
	var u []int // reached unlabeled nodes
	for i, l := range labels {
		if l == Unlabeled && p.reached[i] {
			u = append(u, i)
		}
	}
	if len(u) == 0 {
		return p.result(f), nil
	}
	c := len(p.classes)
	a := mat.NewSymDense(len(u), nil)
	b := mat.NewDense(len(u), c, nil)
	for ai, i := range u {
		row := p.w[i*p.n : (i+1)*p.n]
		deg := 0.0
		for _, v := range row {
			deg += v
		}
		a.SetSym(ai, ai, deg)
		for bi, j := range u[ai+1:] {
			a.SetSym(ai, ai+1+bi, -row[j])
		}
		for j, v := range row {
			if v != 0 && labels[j] != Unlabeled {
				b.Set(ai, p.index[labels[j]], b.At(ai, p.index[labels[j]])+v)
			}
		}
	}
	var chol mat.Cholesky
	if !chol.Factorize(a) {
		return nil, singular("GHF: the Laplacian block of the unlabeled nodes is singular to working precision", nil)
	}
	var fu mat.Dense
	if err := chol.SolveTo(&fu, b); err != nil {
		return nil, singular("GHF", err)
	}
	for ai, i := range u {
		for k := 0; k < c; k++ {
			f.Set(i, k, fu.At(ai, k))
		}
	}
	return p.result(f), nil
}
