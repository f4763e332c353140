package main

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/eigen"
)

// layout places the n nodes of the graph with row-major symmetric weights w
// in the unit square, for the graph view. It starts from the spectral
// embedding of Belkin and Niyogi (Laplacian eigenmaps: the eigenvectors of
// the second and third largest eigenvalues of S = D^{-1/2} W D^{-1/2},
// scaled by D^{-1/2}), which puts well-connected groups apart, and refines
// it with a weighted force-directed layout (Fruchterman and Reingold 1991:
// every pair repels as k²/d, every edge attracts as w·d²/k), which spreads
// the nodes that the embedding piles up (a disconnected group collapses to
// one point in it). The diagonal (self-loops) is ignored. The result is
// deterministic: node i is at (p[2i], p[2i+1]).
func layout(w []float64, n int) []float64 {
	p := make([]float64, 2*n)
	if n == 0 {
		return p
	}
	spectral(p, w, n)
	force(p, w, n)
	fit(p, n)
	return p
}

// spectral writes the Laplacian-eigenmap coordinates into p, or a circle
// when the graph has no edge or the eigensolver fails; a small
// deterministic offset keeps coinciding nodes apart.
func spectral(p, w []float64, n int) {
	deg := make([]float64, n)
	edges := false
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j && w[i*n+j] > 0 {
				deg[i] += w[i*n+j]
				edges = true
			}
		}
	}
	circle := func() {
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / float64(n)
			p[2*i], p[2*i+1] = math.Cos(a), math.Sin(a)
		}
	}
	if !edges || n < 3 {
		circle()
		return
	}
	inv := make([]float64, n)
	for i, d := range deg {
		if d > 0 {
			inv[i] = 1 / math.Sqrt(d)
		}
	}
	s := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			s.SetSym(i, j, inv[i]*w[i*n+j]*inv[j])
		}
	}
	var eig eigen.Sym // divide and conquer, where mat.EigenSym runs the QR iteration
	if !eig.Factorize(s, true) {
		circle()
		return
	}
	v := eig.Vectors() // eigenvalues ascending: columns n-2 and n-3
	for i := 0; i < n; i++ {
		p[2*i] = v.At(i, n-2) * inv[i]
		p[2*i+1] = v.At(i, n-3) * inv[i]
	}
	fit(p, n)
	for i := 0; i < n; i++ {
		// An offset on a small circle, different for every node.
		a := 2.399963 * float64(i) // the golden angle
		r := 0.02 * math.Sqrt(float64(i+1)/float64(n))
		p[2*i] += r * math.Cos(a)
		p[2*i+1] += r * math.Sin(a)
	}
}

// force runs the force-directed refinement on p, in place.
func force(p, w []float64, n int) {
	if n < 2 {
		return
	}
	// Edge weights relative to the mean weight of the edges.
	var sum float64
	var m int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if w[i*n+j] > 0 {
				sum += w[i*n+j]
				m++
			}
		}
	}
	mean := 1.0
	if m > 0 {
		mean = sum / float64(m)
	}
	k := 1 / math.Sqrt(float64(n)) // ideal distance in the unit square
	// c holds the relative weights of the edges, capped at 4, and 0 for
	// the pairs without one (row-major, upper triangle).
	c := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if wij := w[i*n+j]; wij > 0 {
				c[i*n+j] = math.Min(wij/mean, 4)
			}
		}
	}
	disp := make([]float64, 2*n)
	const iterations = 120
	temp := 0.1
	for it := 0; it < iterations; it++ {
		clear(disp)
		for i := 0; i < n; i++ {
			xi, yi := p[2*i], p[2*i+1]
			ci := c[i*n : (i+1)*n]
			var sx, sy float64 // the pushes on i from the nodes after it
			for j := i + 1; j < n; j++ {
				pj, dj := p[2*j:2*j+2], disp[2*j:2*j+2]
				dx, dy := xi-pj[0], yi-pj[1]
				d2 := dx*dx + dy*dy + 1e-9
				f := k * k / d2 // repulsion k²/d along the unit vector (dx, dy)/d
				if cij := ci[j]; cij > 0 {
					f -= cij * math.Sqrt(d2) / k // attraction w·d²/k
				}
				sx += f * dx
				sy += f * dy
				dj[0] -= f * dx
				dj[1] -= f * dy
			}
			// A weak pull to the centre keeps unconnected groups in view.
			disp[2*i] += sx - 0.05*xi/k
			disp[2*i+1] += sy - 0.05*yi/k
		}
		for i := 0; i < n; i++ {
			dx, dy := disp[2*i], disp[2*i+1]
			if d := math.Hypot(dx, dy); d > temp {
				dx, dy = dx*temp/d, dy*temp/d
			}
			p[2*i] += dx
			p[2*i+1] += dy
		}
		temp *= 0.97
	}
}

// fit scales and shifts p uniformly into [0, 1]², centred.
func fit(p []float64, n int) {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for i := 0; i < n; i++ {
		x, y := p[2*i], p[2*i+1]
		if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
			p[2*i], p[2*i+1] = 0, 0
			x, y = 0, 0
		}
		minX, maxX = math.Min(minX, x), math.Max(maxX, x)
		minY, maxY = math.Min(minY, y), math.Max(maxY, y)
	}
	span := math.Max(maxX-minX, maxY-minY)
	if !(span > 0) {
		for i := range p {
			p[i] = 0.5
		}
		return
	}
	clamp := func(v float64) float64 { return math.Max(0, math.Min(1, v)) } // against rounding
	for i := 0; i < n; i++ {
		p[2*i] = clamp(0.5 + (p[2*i]-(minX+maxX)/2)/span)
		p[2*i+1] = clamp(0.5 + (p[2*i+1]-(minY+maxY)/2)/span)
	}
}
