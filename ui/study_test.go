package ui

import (
	"maps"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/demo"
	"nnlrs/core/method"
	"nnlrs/core/paper"
	"nnlrs/core/propagate"
	"nnlrs/ui/params"
)

// done returns a model whose run finished with two-block graphs of two
// classes of m samples, showing figure name live.
func doneLive(t *testing.T, name string, m int) *Model {
	t.Helper()
	mo, jobs := started(t)
	finishWithZ(mo, jobs, m)
	p := mo.Params
	p.Paper, p.Live = name, 1
	mo.SetView(p)
	return mo
}

// TestStudyGHF checks the live Table I: no job, and every cell the mean
// and standard deviation of GHF's error on the run's graphs over the
// curve's draws, computed here directly.
func TestStudyGHF(t *testing.T) {
	const m = 8
	mo := doneLive(t, "ghf", m)
	if jobs := mo.StudyJobs(); len(jobs) != 0 || mo.Study == nil {
		t.Fatalf("jobs %v, study %v", jobs, mo.Study)
	}
	for !mo.Study.Finished() {
		mo.Tick(t0)
	}
	s := mo.Study
	if s.Err != "" || len(s.Block.Rows) != 4 || len(s.Block.Columns) != len(CurveShares) {
		t.Fatalf("study %+v, block %+v", s, s.Block)
	}
	truth := mo.Run.Data.Labels
	seed := mo.Run.Params.LabelsSeed()
	for _, row := range s.Block.Rows {
		g := mo.Run.Graphs[row.Graph]
		w := mat.NewSymDense(g.N, g.Final.W)
		for k, share := range CurveShares {
			var errs []float64
			for d := 0; d < s.draws; d++ {
				given := CurveDraw(truth, share, seed, d)
				res, err := propagate.GHF(w, given)
				if err != nil {
					continue
				}
				errs = append(errs, 100*propagate.ErrorRate(res.Pred, truth, given))
			}
			mean, sd := meanStd(errs)
			c := row.Cells[k]
			if c.Ours == nil || math.Abs(*c.Ours-mean) > 1e-9 || math.Abs(*c.Std-sd) > 1e-9 {
				t.Errorf("%s at %g%%: %v ± %v, want %v ± %v", row.Name, share, c.Ours, c.Std, mean, sd)
			}
		}
	}
	// Another figure, or leaving the live version, ends the study.
	p := mo.Params
	p.Live = 0
	mo.SetView(p)
	mo.StudyJobs()
	if mo.Study != nil {
		t.Error("the study outlives its figure")
	}
}

func meanStd(v []float64) (float64, float64) {
	s := 0.0
	for _, x := range v {
		s += x
	}
	mean := s / float64(len(v))
	if len(v) < 2 {
		return mean, 0
	}
	q := 0.0
	for _, x := range v {
		q += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(q / float64(len(v)-1))
}

// TestStudyBeta checks the live Table IV: one NNLRS job per β of the
// paper, asked one at a time, each started from the graph before it, and
// the SDA errors once the graphs are in.
func TestStudyBeta(t *testing.T) {
	const m = 8
	mo := doneLive(t, "beta", m)
	var betas []float64
	warm := []byte{42} // the run's NNLRS graph's end state (finishWithZ)
	for k := 0; k < len(paper.SweepBetas)+1; k++ {
		jobs := mo.StudyJobs()
		if k == len(paper.SweepBetas) {
			if len(jobs) != 0 {
				t.Errorf("jobs %v after the last β", jobs)
			}
			break
		}
		if len(jobs) != 1 || jobs[0].Method != method.NNLRS || string(jobs[0].Warm) != string(warm) || jobs[0].SendData {
			t.Fatalf("step %d: jobs %+v, want one NNLRS job from %v", k, jobs, warm)
		}
		if again := mo.StudyJobs(); len(again) != 0 {
			t.Fatalf("step %d: a second job before the first answered", k)
		}
		betas = append(betas, jobs[0].Params.Beta)
		warm = []byte{byte(k)}
		n := 2 * m
		res := finalGraph(method.NNLRS, twoBlocks(m, 0), n)
		res.Warm = warm
		mo.Finished(jobs[0].ID, res, t0)
	}
	for k, b := range paper.SweepBetas {
		if k >= len(betas) || betas[k] != b {
			t.Fatalf("βs asked %v, want %v", betas, paper.SweepBetas)
		}
	}
	for !mo.Study.Finished() {
		mo.Tick(t0)
	}
	s := mo.Study
	if s.Err != "" || len(s.Block.Rows) != len(paper.Labeled) || len(s.Block.Columns) != len(paper.SweepBetas) {
		t.Fatalf("study %q, block rows %d columns %v", s.Err, len(s.Block.Rows), s.Block.Columns)
	}
	for _, row := range s.Block.Rows {
		for _, c := range row.Cells {
			// Two blocks apart: SDA and its nearest neighbour classify
			// every unlabeled sample right.
			if c.Ours == nil || *c.Ours != 0 {
				t.Errorf("%s: %v", row.Name, c.Ours)
			}
		}
	}
}

// TestStudyJoint checks the live joint-learning figure: the workers are
// asked for PCA+NNLRS and NNLRS-EF on the run's data, and a failure says
// why.
func TestStudyJoint(t *testing.T) {
	mo := doneLive(t, "joint", 6)
	jobs := mo.StudyJobs()
	if len(jobs) != 2 || jobs[0].Method != method.PCANNLRS || jobs[1].Method != method.NNLRSEF || jobs[0].Data != mo.Run.Params.Data {
		t.Fatalf("jobs %+v", jobs)
	}
	if !mo.Wants(jobs[1].ID) {
		t.Error("a study job is not wanted")
	}
	mo.Failed(jobs[1].ID, &demo.Failure{Message: "boom"}, t0)
	if s := mo.Study; s.Err == "" || !s.Finished() {
		t.Errorf("after a failure: %+v", s)
	}
}

// TestLiveFigures checks that the figures with a live version are those
// the page's links know as such (params.LiveFigures), and that a link to
// one that names no data set runs on its own data set.
func TestLiveFigures(t *testing.T) {
	if got := slices.Sorted(maps.Keys(figures)); !slices.Equal(got, slices.Sorted(slices.Values(params.LiveFigures))) {
		t.Errorf("studies %v, live figures %v", got, params.LiveFigures)
	}
	for _, name := range params.LiveFigures {
		p, notice := params.FromHash("paper=" + name + "&live=1")
		if want := params.PaperLive(name, params.Default()); p.Data != want.Data || p.Params != want.Params || notice != "" {
			t.Errorf("%s live: runs %+v, want %+v (notice %q)", name, p.Data, want.Data, notice)
		}
	}
}
