package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"gonum.org/v1/gonum/mat"

	"nnlrs/core/build"
	"nnlrs/core/dataset"
	"nnlrs/core/demo"
	"nnlrs/core/demo/draw"
	"nnlrs/core/graph"
	"nnlrs/core/lasso"
	"nnlrs/core/linalg"
	"nnlrs/core/lowrank"
	"nnlrs/core/method"
	"nnlrs/core/weights"
	"nnlrs/wasm/protocol"
)

// runner carries out jobs. It is plain Go: main_js.go connects it to the
// worker's messages, and the tests run it natively.
type runner struct {
	// emit sends a message to the page.
	emit func(protocol.Message)
	// fetch returns the file of a built-in data set.
	fetch func(name string) ([]byte, error)
	// yield, if not nil, is called now and then during a solve, so that
	// the host can deliver a Cancel (in a browser, messages arrive only
	// while Go waits).
	yield func()
	// build builds a graph; buildGraph unless a test replaces it.
	build func(ctx context.Context, m method.Name, x *mat.Dense, o graph.Options) (*graph.Graph, error)

	// How often a running solve reports its iterations, sends the weights
	// of its current iterate, and yields.
	progressEvery, weightsEvery, yieldEvery time.Duration
}

func newRunner(emit func(protocol.Message), fetch func(name string) ([]byte, error), yield func()) *runner {
	return &runner{
		emit: emit, fetch: fetch, yield: yield, build: buildGraph,
		progressEvery: 100 * time.Millisecond,
		weightsEvery:  250 * time.Millisecond,
		yieldEvery:    100 * time.Millisecond,
	}
}

// run carries out job until it is done, fails or ctx is cancelled, and
// emits its messages: Data (if asked), Progress, then Graph, Error or
// Cancelled. A panic becomes an Error: the worker stays alive.
func (r *runner) run(ctx context.Context, job *protocol.Job) {
	start := time.Now()
	defer func() {
		if v := recover(); v != nil {
			r.emit(&protocol.Error{JobID: job.ID, Failure: demo.Failure{Method: job.Method, Fault: demo.InternalFault,
				Message: fmt.Sprintf("The solver hit a bug while building the %s graph (%v). The worker goes on; please report it.", job.Method, v)}})
		}
	}()
	fail := func(err error) {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			r.emit(&protocol.Cancelled{JobID: job.ID})
			return
		}
		r.emit(&protocol.Error{JobID: job.ID, Failure: demo.Failure{Method: job.Method, Fault: fault(err), Message: message(err)}})
	}
	if _, err := method.ParseIn(string(job.Method), method.Every); err != nil {
		fail(err)
		return
	}
	set, err := draw.Samples(job.Data, job.File, r.fetch)
	if err != nil {
		fail(err)
		return
	}
	if err := ctx.Err(); err != nil {
		fail(err)
		return
	}
	d, n := set.X.Dims()
	if job.SendData {
		r.emit(&protocol.Data{JobID: job.ID, Samples: demo.Samples{Name: set.Name, D: d, N: n, X: columns(set.X),
			Labels: set.Labels, ClassNames: set.ClassNames, ImageW: set.ImageW, ImageH: set.ImageH, Corrupted: set.Corrupted}})
	}

	o := options(&job.Job)
	rep := &reporter{r: r, job: job, n: n, start: start, theta: job.Params.Theta}
	o.Progress = rep.iteration
	o.SampleProgress = rep.samples
	g, err := r.build(ctx, job.Method, set.X, o)
	if errors.Is(err, lowrank.ErrStartMismatch) {
		o.NNLRS.Solver.(*lowrank.ADMM).Start = nil
		g, err = r.build(ctx, job.Method, set.X, o)
	}
	if err != nil {
		fail(err)
		return
	}
	rep.flush()
	r.emit(r.describe(job, set, g, start))
}

// Options returns the settings of the graph solvers for job j: the
// paper's defaults (graph.DefaultOptions) with j's parameters, and for
// NNLRS the ADMM with j's gap, started from j.Warm when that decodes (a
// state that does not is a stale hint: the solve starts cold).
func options(j *demo.Job) graph.Options {
	o := graph.DefaultOptions()
	p := j.Params
	o.NNLRS.Beta, o.NNLRS.Lambda, o.NNLRS.Theta = p.Beta, p.Lambda, p.Theta
	o.LRR.Lambda = p.Lambda
	if p.LRRLambda > 0 {
		o.LRR.Lambda = p.LRRLambda
	}
	admm := &lowrank.ADMM{Gap: p.Gap}
	if j.Method == method.NNLRS && j.Warm != nil {
		var w lowrank.Warm
		if w.UnmarshalBinary(j.Warm) == nil {
			admm.Start = &w
		}
	}
	o.NNLRS.Solver = admm
	return o
}

// buildGraph builds graph m on the samples x with the options o and embed's
// defaults for the graphs of the embedded features (build.Graph).
func buildGraph(ctx context.Context, m method.Name, x *mat.Dense, o graph.Options) (*graph.Graph, error) {
	return build.Graph(ctx, m, x, build.Options{Options: o})
}

// fault classifies an error for the page.
func fault(err error) demo.Fault {
	var de *demo.Error
	switch {
	case errors.As(err, &de) && de.Limit:
		return demo.LimitFault
	case errors.As(err, &de):
		return demo.InputFault
	}
	return demo.SolverFault
}

// message returns the sentence the page shows for err: the Reason, without
// the package's name, of the outermost error of the packages whose errors
// reach the page, or err's own text when none is in its chain (the
// solver's own sentences). graph builds on lowrank and lasso, so a
// *graph.Error is outside theirs whenever both are in the chain.
func message(err error) string {
	var ge *graph.Error
	var de *dataset.Error
	var le *lasso.Error
	var re *lowrank.Error
	switch {
	case errors.As(err, &ge):
		return ge.Reason
	case errors.As(err, &de):
		return de.Reason
	case errors.As(err, &le):
		return le.Reason
	case errors.As(err, &re):
		return re.Reason
	}
	return err.Error()
}

// columns returns the entries of x column after column.
func columns(x *mat.Dense) []float64 {
	d, n := x.Dims()
	v := make([]float64, d*n)
	for j := 0; j < n; j++ {
		mat.Col(v[j*d:(j+1)*d], j, x)
	}
	return v
}

// describe turns a built graph on the samples set into the Graph message.
func (r *runner) describe(job *protocol.Job, set *dataset.Set, g *graph.Graph, start time.Time) *protocol.Graph {
	d, n := set.X.Dims()
	w := weights.RowMajor(g.W)
	m := &protocol.Graph{JobID: job.ID, Result: demo.Result{
		Method: job.Method, N: n, W: w,
		Iterations: g.Info.Iterations, Converged: g.Info.Converged,
		Residual: g.Info.Residual, Objective: g.Info.Objective,
		Density: weights.Density(g.W), DiagonalShare: weights.DiagonalShare(g.W),
		WithinClass: math.NaN(), Components: weights.Components(g.W),
	}}
	lw := w
	if job.Method == method.NNLRS && g.Z != nil {
		// The page applies a new θ to Z itself (Result.Z): the nodes stay
		// where they are only if the layout does not depend on θ, so it is
		// that of θ = 0, and a link gives the figure the page showed.
		m.Z = weights.RowMajor(g.Z)
		if g.Warm != nil {
			m.Warm, _ = g.Warm.MarshalBinary()
		}
		lw = weights.RowMajor(weights.ThresholdNormalized(g.Z, 0))
	}
	if d == 2 || d == 3 {
		m.Layout = dataLayout(set.X)
	} else {
		m.Layout = layout(lw, n)
	}
	if g.E != nil && (job.Method == method.NNLRS || job.Method == method.LRR) {
		m.ENorm = linalg.ColumnNorms(nil, g.E)
	}
	if set.Labels != nil {
		m.WithinClass = weights.WithinClass(g.W, set.Labels)
	}
	m.Elapsed = time.Since(start).Seconds()
	return m
}

// dataLayout places 2-D samples at their coordinates and 3-D samples at
// their coordinates in the plane of their two principal axes.
func dataLayout(x *mat.Dense) []float64 {
	d, n := x.Dims()
	c := mat.DenseCopyOf(x)
	if d == 3 {
		for i := 0; i < d; i++ {
			mean := mat.Sum(c.RowView(i)) / float64(n)
			for j := 0; j < n; j++ {
				c.Set(i, j, c.At(i, j)-mean)
			}
		}
		var svd mat.SVD
		if svd.Factorize(c, mat.SVDThin) {
			var u mat.Dense
			svd.UTo(&u)
			var proj mat.Dense
			proj.Mul(u.Slice(0, d, 0, 2).T(), c)
			c = &proj
		}
	}
	p := make([]float64, 2*n)
	for j := 0; j < n; j++ {
		p[2*j], p[2*j+1] = c.At(0, j), c.At(1, j)
	}
	fit(p, n)
	return p
}

// reporter turns the solvers' per-iteration hooks into throttled Progress
// messages, with the weights of the current iterate now and then, and
// yields to the host.
type reporter struct {
	r     *runner
	job   *protocol.Job
	n     int
	start time.Time
	theta float64

	iters                      []demo.Iter
	done, total                int
	lastSent, lastW, lastYield time.Time
	pending                    bool
}

func (p *reporter) iteration(pr lowrank.Progress) {
	p.iters = append(p.iters, demo.Iter{Iter: pr.Iter, Residual: pr.Residual, RankZ: pr.RankZ, NNZH: pr.NNZH, Stop: pr.Stop})
	p.pending = true
	now := time.Now()
	if now.Sub(p.lastSent) >= p.r.progressEvery {
		var w []float64
		if now.Sub(p.lastW) >= p.r.weightsEvery && pr.Z != nil {
			w = p.weights(pr.Z)
			p.lastW = now
		}
		p.send(now, w)
	}
	p.maybeYield(now)
}

func (p *reporter) samples(done, total int) {
	p.done, p.total = done, total
	p.pending = true
	now := time.Now()
	if now.Sub(p.lastSent) >= p.r.progressEvery {
		p.send(now, nil)
	}
	p.maybeYield(now)
}

// weights returns the weights W of an intermediate iterate Z, as the
// finished graph would make them: Algorithm 2's steps 3-4 for NNLRS,
// (|Z| + |Zᵀ|)/2 for LRR.
func (p *reporter) weights(z mat.Matrix) []float64 {
	switch p.job.Method {
	case method.NNLRS:
		return weights.RowMajor(weights.ThresholdNormalized(mat.DenseCopyOf(z), p.theta))
	case method.LRR:
		return weights.RowMajor(weights.SymmetrizeAbs(z))
	}
	return nil
}

func (p *reporter) send(now time.Time, w []float64) {
	m := &protocol.Progress{JobID: p.job.ID, Progress: demo.Progress{Method: p.job.Method, Iters: p.iters,
		Done: p.done, Total: p.total, Elapsed: now.Sub(p.start).Seconds()}}
	if w != nil {
		m.N, m.W = p.n, w
	}
	p.r.emit(m)
	p.iters = nil
	p.pending = false
	p.lastSent = now
}

// flush sends the iterations not yet reported.
func (p *reporter) flush() {
	if p.pending {
		p.send(time.Now(), nil)
	}
}

func (p *reporter) maybeYield(now time.Time) {
	if p.r.yield != nil && now.Sub(p.lastYield) >= p.r.yieldEvery {
		p.r.yield()
		p.lastYield = time.Now()
	}
}
