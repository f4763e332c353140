package propagate

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// DefaultAlpha is Zhou et al.'s α = 0.99. The NNLRS paper writes "μ = 0.99"
// for the fitting weight of equation (13); read literally that is
// α = 1/(1 + μ) ≈ 0.5025 (PaperAlpha). Callers choose; the experiments
// report both.
const DefaultAlpha = 0.99

// PaperAlpha is α = 1/(1 + μ) for the paper's μ = 0.99.
const PaperAlpha = 1 / (1 + 0.99)

// LGC computes local and global consistency (Zhou et al., NIPS 2004), the
// minimizer of tr{Fᵀ L̃ F + μ (F − Y)ᵀ(F − Y)} (paper, equation (13)) up to
// the factor 1 − α:
//
//	F = (I − αS)⁻¹ Y,   S = D^{-1/2} W D^{-1/2},   α = 1/(1 + μ) ∈ (0, 1),
//
// with D^{-1/2} taken as 0 for isolated nodes.
func LGC(w mat.Symmetric, labels []int, alpha float64) (*Result, error) {
	p, err := newProblem(w, labels)
	if err != nil {
		return nil, err
	}
	if !(alpha > 0 && alpha < 1) {
		return nil, errorf("LGC needs 0 < alpha < 1, have %v", alpha)
	}
	s := p.normalized()
	a := mat.NewSymDense(p.n, nil)
	for i := 0; i < p.n; i++ {
		for j := i; j < p.n; j++ {
			v := -alpha * s[i*p.n+j]
			if i == j {
				v++
			}
			a.SetSym(i, j, v)
		}
	}
	// The eigenvalues of S lie in [−1, 1], so I − αS is positive definite.
	var chol mat.Cholesky
	if !chol.Factorize(a) {
		return nil, singular("LGC: I - alpha*S is not positive definite to working precision", nil)
	}
	var f mat.Dense
	if err := chol.SolveTo(&f, p.y()); err != nil {
		return nil, singular("LGC", err)
	}
	return p.result(&f), nil
}

// normalized returns S = D^{-1/2} W D^{-1/2} row-major.
func (p *problem) normalized() []float64 {
	n := p.n
	dis := make([]float64, n)
	for i := 0; i < n; i++ {
		deg := 0.0
		for _, v := range p.w[i*n : (i+1)*n] {
			deg += v
		}
		if deg > 0 {
			dis[i] = 1 / math.Sqrt(deg)
		}
	}
	s := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s[i*n+j] = dis[i] * p.w[i*n+j] * dis[j]
		}
	}
	return s
}
