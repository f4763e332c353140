package graphcmd

import (
	"math"
	"strings"
	"testing"
)

// FuzzParseWeights: any input either fails cleanly or yields a square,
// symmetric, finite, nonnegative matrix with as many rows as lines.
func FuzzParseWeights(f *testing.F) {
	for _, s := range []string{seedTriangles, "0,1\n1,0\n", "1\n", "", "0,1\n2,0\n", "0, 1e300\n1e300,0\n", "a,b\n", "0,1,\n1,0,\n", "\"0\",1\n1,0\n", "0,1_0\n1_0,0\n", "0,Inf\nInf,0\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, err := parseWeights(strings.NewReader(s))
		if err != nil {
			return
		}
		n := w.SymmetricDim()
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				v := w.At(i, j)
				if v != w.At(j, i) || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("W(%d,%d) = %v, W(%d,%d) = %v", i, j, v, j, i, w.At(j, i))
				}
			}
		}
	})
}

// FuzzParseLabels: any input either fails cleanly or yields labels >= -1,
// named classes numbered within their names.
func FuzzParseLabels(f *testing.F) {
	for _, s := range []string{seedLabels, "", "\n\n", "-1\n", "-2\n", "3\r\n4\r\n", "1 2\n", "99999999999999999999\n", "cat\n-1\ndog\n2\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines, err := parseLabels(strings.NewReader(s))
		if err != nil {
			return
		}
		if len(lines) == 0 {
			t.Fatal("no error and no labels")
		}
		cl, err := numberLabels(lines, nil)
		if err != nil {
			return
		}
		for _, l := range cl.given {
			if l < -1 || (cl.names != nil && l >= len(cl.names)) {
				t.Fatalf("label %d of %d names", l, len(cl.names))
			}
		}
	})
}

// seedTriangles are the weights of two triangles of samples joined by a
// weak edge, and a sample apart.
const seedTriangles = "0,1,1,0,0,0,0\n1,0,1,0,0,0,0\n1,1,0,0.01,0,0,0\n0,0,0.01,0,1,1,0\n0,0,0,1,0,1,0\n0,0,0,1,1,0,0\n0,0,0,0,0,0,0\n"

// seedLabels label one sample of each triangle of seedTriangles.
const seedLabels = "4\n-1\n-1\n9\n-1\n-1\n-1\n"
