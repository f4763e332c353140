package weights

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// WithinClass returns the fraction of the off-diagonal weight of W that
// joins samples of the same class. The diagonal (self-loops, which
// Algorithm 2 keeps) says nothing about a sample's neighbours and is left
// out; see DiagonalShare. It returns 0 for a W without off-diagonal weight.
func WithinClass(w mat.Symmetric, labels []int) float64 {
	n := w.SymmetricDim()
	if len(labels) != n {
		panic(mat.ErrShape)
	}
	var in, all float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			v := math.Abs(w.At(i, j))
			all += v
			if labels[i] == labels[j] {
				in += v
			}
		}
	}
	if all == 0 {
		return 0
	}
	return in / all
}

// DiagonalShare returns the fraction of the total weight of W on its
// diagonal: near 1 the representation is close to the trivial Z = I, each
// sample representing itself. It returns 0 for a W without weight.
func DiagonalShare(w mat.Symmetric) float64 {
	n := w.SymmetricDim()
	var diag, all float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := math.Abs(w.At(i, j))
			all += v
			if i == j {
				diag += v
			}
		}
	}
	if all == 0 {
		return 0
	}
	return diag / all
}

// Density returns the fraction of off-diagonal entries of W that are
// nonzero.
func Density(w mat.Symmetric) float64 {
	n := w.SymmetricDim()
	if n < 2 {
		return 0
	}
	nz := 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j && w.At(i, j) != 0 {
				nz++
			}
		}
	}
	return float64(nz) / float64(n*(n-1))
}

// Components counts the connected components of the graph of the
// off-diagonal nonzero weights of W.
func Components(w mat.Symmetric) int {
	n := w.SymmetricDim()
	seen := make([]bool, n)
	count := 0
	var stack []int
	for s := 0; s < n; s++ {
		if seen[s] {
			continue
		}
		count++
		seen[s] = true
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for j := 0; j < n; j++ {
				if !seen[j] && j != i && w.At(i, j) != 0 {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	return count
}
