package main

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 1)) }

// blockGraph returns the weights of k classes of m nodes: dense random
// weights within classes, sparse weak ones across, and the labels.
func blockGraph(k, m int, across float64, rng *rand.Rand) ([]float64, []int) {
	n := k * m
	w := make([]float64, n*n)
	labels := make([]int, n)
	for i := 0; i < n; i++ {
		labels[i] = i / m
		for j := i + 1; j < n; j++ {
			var v float64
			switch {
			case i/m == j/m:
				v = 0.5 + rng.Float64()
			case rng.Float64() < across:
				v = 0.1 * rng.Float64()
			}
			w[i*n+j], w[j*n+i] = v, v
		}
	}
	return w, labels
}

// separation returns the mean distance between nodes of different classes
// over the mean distance between nodes of the same class.
func separation(p []float64, labels []int) float64 {
	var in, out float64
	var nin, nout int
	for i := range labels {
		for j := i + 1; j < len(labels); j++ {
			d := math.Hypot(p[2*i]-p[2*j], p[2*i+1]-p[2*j+1])
			if labels[i] == labels[j] {
				in += d
				nin++
			} else {
				out += d
				nout++
			}
		}
	}
	return (out / float64(nout)) / (in / float64(nin))
}

func TestLayoutSeparatesClasses(t *testing.T) {
	for _, c := range []struct {
		k, m   int
		across float64
	}{{4, 25, 0.02}, {4, 25, 0}, {3, 40, 0.05}, {6, 10, 0.01}} {
		w, labels := blockGraph(c.k, c.m, c.across, newRand(uint64(c.k)))
		n := c.k * c.m
		p := layout(w, n)
		if s := separation(p, labels); s < 2 {
			t.Errorf("%d classes of %d, %.0f%% edges across: classes %.2f times as far apart as within", c.k, c.m, 100*c.across, s)
		}
		// Nodes do not pile up: the closest pair is not much closer than a
		// node's share of the square.
		closest := math.Inf(1)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				closest = math.Min(closest, math.Hypot(p[2*i]-p[2*j], p[2*i+1]-p[2*j+1]))
			}
		}
		if closest < 0.002 {
			t.Errorf("%d classes of %d: two nodes %.4f apart", c.k, c.m, closest)
		}
		if !reflect.DeepEqual(p, layout(w, n)) {
			t.Error("layout not deterministic")
		}
	}
}

func TestLayoutEdgeCases(t *testing.T) {
	for n := 0; n <= 5; n++ {
		for _, w := range [][]float64{make([]float64, n*n), ones(n)} {
			p := layout(w, n)
			if len(p) != 2*n {
				t.Fatalf("n=%d: %d coordinates", n, len(p))
			}
			for _, v := range p {
				if !(v >= 0 && v <= 1) {
					t.Errorf("n=%d: coordinate %v", n, v)
				}
			}
			if n >= 2 && p[0] == p[2] && p[1] == p[3] {
				t.Errorf("n=%d: nodes 0 and 1 coincide", n)
			}
		}
	}
}

func ones(n int) []float64 {
	w := make([]float64, n*n)
	for i := range w {
		w[i] = 1
	}
	return w
}
