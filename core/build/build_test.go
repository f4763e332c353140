package build

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/embed"
	"nnlrs/core/graph"
	"nnlrs/core/method"
)

// TestGraphEvery builds every graph of method.Every on a small synthetic
// draw: each is named as asked, the eight of package graph are those of
// graph.Build bit for bit, and PCA+NNLRS is embed.PCAGraph's.
func TestGraphEvery(t *testing.T) {
	p := dataset.DefaultSynthetic()
	p.PerClass = 8
	set, err := dataset.Synthetic(p, rand.New(rand.NewPCG(3, 1)))
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	o.NNLRS.Lambda = 1
	o.EF = embed.Params{Dim: 10}
	o.EFSettings = &embed.Settings{MaxOuter: 1, ALM: embed.ALMSettings{MaxIter: 20}}
	var projection *mat.Dense
	o.Projection = func(pm *mat.Dense) { projection = pm }
	for _, m := range method.Every {
		g, err := Graph(context.Background(), m, set.X, o)
		if err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		if g.Method != m {
			t.Errorf("%s: built %s", m, g.Method)
		}
		var want *graph.Graph
		switch m {
		case method.NNLRSEF:
			if r, _ := projection.Dims(); r != 10 {
				t.Errorf("NNLRS-EF: projection of %d rows, want 10", r)
			}
			continue
		case method.PCANNLRS:
			want, err = embed.PCAGraph(context.Background(), set.X, o.NNLRS, 10)
		default:
			want, err = graph.Build(context.Background(), m, set.X, o.Options)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(g.W, want.W) {
			t.Errorf("%s: weights differ from the package's own", m)
		}
	}
	if _, err := Graph(context.Background(), "svm", set.X, o); err == nil || !strings.Contains(err.Error(), "pca-nnlrs") {
		t.Errorf("unknown graph: %v", err)
	}
}
