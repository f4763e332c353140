package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/graph"
	"nnlrs/core/lasso"
	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
)

// TestMessage checks that the page reads the reason of the outermost error
// of core's packages, without any package's name, and the solver's own
// sentences as they are.
func TestMessage(t *testing.T) {
	x := mat.NewDense(2, 3, []float64{1, 0, 1, 0, 1, 1})
	_, lowrankErr := lowrank.NNLRS(context.Background(), x, nil, lowrank.Params{Beta: -1, Lambda: 1}, nil, nil)
	_, lassoErr := lasso.Robust(context.Background(), x, 0, nil)
	_, csvErr := dataset.LoadCSV(strings.NewReader("1,2\n3\n"))
	nan := mat.DenseCopyOf(x)
	nan.Set(0, 0, math.NaN())
	_, graphErr := graph.Build(context.Background(), method.LRR, nan, graph.DefaultOptions())
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"lowrank", lowrankErr, lowrankErr.(*lowrank.Error).Reason},
		{"lowrank wrapped by graph", &graph.Error{Reason: "the NNLRS solver failed", Err: lowrankErr}, "the NNLRS solver failed"},
		{"lowrank wrapped by fmt", fmt.Errorf("building: %w", lowrankErr), lowrankErr.(*lowrank.Error).Reason},
		{"lasso", lassoErr, "need lambda > 0 for the robust problem"},
		{"graph with a cause", graphErr, graphErr.(*graph.Error).Reason},
		{"bad data set", fmt.Errorf("reading: %w", csvErr), "CSV line 2 has 1 fields, line 1 has 2"},
		{"the demo's own", &demo.Error{Reason: "noise must be a finite number >= 0, have -1"}, "noise must be a finite number >= 0, have -1"},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		got := message(c.err)
		if got != c.want {
			t.Errorf("%s: message(%q) = %q, want %q", c.name, c.err, got, c.want)
		}
		for _, p := range []string{"dataset:", "graph:", "lowrank:", "lasso:"} {
			if strings.HasPrefix(got, p) {
				t.Errorf("%s: %q starts with %q", c.name, got, p)
			}
		}
	}
	// Causes stay reachable through the typed errors.
	if !errors.Is(graphErr, linalg.ErrNotFinite) {
		t.Errorf("%v does not wrap the data's error", graphErr)
	}
}
