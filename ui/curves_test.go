package ui

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/method"
	"nnlrs/core/propagate"
)

// TestLabeledCurve finishes a run of two classes of 10 samples and checks
// every point of the labeled curve against GHF and LGC run directly on
// the same graph and the same draws, averaged; and that the curve fills in
// a little at a time.
func TestLabeledCurve(t *testing.T) {
	mo, jobs := started(t)
	finishWithZ(mo, jobs, 10)
	c := mo.Prop.Curve
	if c == nil || c.Total != 4*len(CurveShares)*CurveDraws(20) || c.Finished() {
		t.Fatalf("curve %+v", c)
	}
	c.Step(0) // one evaluation
	if c.Done != 1 {
		t.Fatalf("Step(0) did %d evaluations", c.Done)
	}
	for !c.Finished() {
		mo.Prop.Tick(t0)
	}
	truth := mo.Run.Data.Labels
	for _, name := range []method.Name{method.NNLRS, method.KNN0} {
		g := mo.Run.Graphs[name]
		w := mat.NewSymDense(g.N, append([]float64(nil), g.Final.W...))
		for s, share := range CurveShares {
			var ghf, lgc float64
			for k := 0; k < c.Draws; k++ {
				given := CurveDraw(truth, share, mo.Run.Params.Seed, k)
				rg, err1 := propagate.GHF(w, given)
				rl, err2 := propagate.LGC(w, given, mo.Params.Alpha)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				ghf += propagate.ErrorRate(rg.Pred, truth, given)
				lgc += propagate.ErrorRate(rl.Pred, truth, given)
			}
			ghf, lgc = ghf/float64(c.Draws), lgc/float64(c.Draws)
			if math.Abs(c.GHF[name][s]-ghf) > 1e-15 || math.Abs(c.LGC[name][s]-lgc) > 1e-15 {
				t.Errorf("%s at %g%%: curve GHF %v LGC %v, direct %v %v", name, share, c.GHF[name][s], c.LGC[name][s], ghf, lgc)
			}
		}
	}
	// Draw 0 at the page's share is the page's labeled set.
	if got, want := CurveDraw(truth, mo.Params.Labeled, mo.Params.Seed, 0), mo.Params.Given(truth); !slices.Equal(got, want) {
		t.Errorf("draw 0 %v, page's %v", got, want)
	}
}

// TestHistory checks that the propagation's history holds its error rate
// at every step.
func TestHistory(t *testing.T) {
	mo, jobs := started(t)
	finishWithZ(mo, jobs, 5)
	pr := &mo.Prop
	want := []float64{pr.ErrorRate(method.NNLRS)}
	for k := 0; k < 5 && !pr.Converged; k++ {
		pr.Advance()
		want = append(want, pr.ErrorRate(method.NNLRS))
	}
	if h := pr.History(method.NNLRS); len(h) != pr.Step+1 || !slices.Equal(h, want) {
		t.Errorf("history %v, want %v", h, want)
	}
	pr.Rewind()
	if h := pr.History(method.NNLRS); len(h) != 1 {
		t.Errorf("after Rewind: history %v", h)
	}
}

// TestCurveKept: watching the other propagator keeps the labeled curve
// (it holds both); a new α computes it again.
func TestCurveKept(t *testing.T) {
	mo, jobs := started(t)
	finishWithZ(mo, jobs, 4)
	c := mo.Prop.Curve
	p := mo.Params
	p.Propagator = "lgc"
	mo.SetView(p)
	if mo.Prop.Curve != c || mo.Prop.Method != "lgc" {
		t.Error("another propagator computed the curve again")
	}
	p.Alpha = 0.5
	mo.SetView(p)
	if mo.Prop.Curve == c || mo.Prop.Curve.Done != 0 {
		t.Error("a new α kept the curve")
	}
}
