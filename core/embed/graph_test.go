package embed

import (
	"context"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/graph"
	"nnlrs/core/lowrank"
	"nnlrs/core/weights"
)

// TestGraphs builds the NNLRS-EF and PCA+NNLRS graphs of subspace data:
// both must be symmetric and nonnegative, and most of their weight must
// join samples of the same subspace (80%; the NNLRS graph itself puts
// about 90% there on these data).
func TestGraphs(t *testing.T) {
	s := smallSubspaces(t)
	n := len(s.Labels)
	p := Params{Params: lowrank.Params{Beta: 0.2, Lambda: 1}, Dim: 8}
	ef, pm, err := Graph(context.Background(), s.X, p, 0.01, &Settings{MaxOuter: 2})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := pm.Dims(); r != 8 {
		t.Errorf("P has %d rows, want 8", r)
	}
	pca, err := PCAGraph(context.Background(), s.X, graph.NNLRSParams{Params: p.Params}, 8)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*graph.Graph{ef, pca} {
		if g.W.SymmetricDim() != n {
			t.Fatalf("%s: W is %d×%d", g.Method, g.W.SymmetricDim(), g.W.SymmetricDim())
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if g.W.At(i, j) < 0 {
					t.Fatalf("%s: W(%d, %d) = %v", g.Method, i, j, g.W.At(i, j))
				}
			}
		}
		if wc := weights.WithinClass(g.W, s.Labels); wc < 0.8 {
			t.Errorf("%s: %.2f of the weight within classes, want >= 0.8", g.Method, wc)
		}
	}
	if ef.Method != "nnlrs-ef" || pca.Method != "pca-nnlrs" {
		t.Errorf("methods %q, %q", ef.Method, pca.Method)
	}
	if _, _, err := Graph(context.Background(), mat.NewDense(3, 4, nil), p, 0, nil); err == nil {
		t.Error("zero samples: no error")
	}
}
