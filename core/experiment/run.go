package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"nnlrs/core/method"
)

// Run runs the trials of the experiment that c describes (all, or
// c.Select), and returns their results (Merge) with Seconds the run's
// wall-clock time.
func Run(ctx context.Context, c Config) (*Results, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	settings := c.Settings()
	c.defaults()
	sel := c.Select
	if sel == nil {
		sel = make([]int, c.Trials)
		for t := range sel {
			sel[t] = t
		}
	}
	if len(sel) == 0 {
		return nil, errors.New("experiment: no trials selected")
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, len(sel))
	// Order the graphs so that NNLRS is evaluated before the graphs that
	// reuse its tuned λ and β.
	graphs := slices.Clone(c.Graphs)
	slices.SortStableFunc(graphs, func(a, b method.Name) int { return graphRank(a) - graphRank(b) })
	c.Graphs = graphs

	r := &runner{c: c, settings: settings, start: time.Now(), workers: workers, cpu: newCPUShare(c.CPU)}
	r.total = len(sel) * r.unitsPerTrial()
	trials := make([]Trial, len(sel))
	errs := make([]error, len(sel))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				trials[i], errs[i] = r.run(ctx, sel[i])
				r.report(func() { r.trialsDone++ }, fmt.Sprintf("trial %d done", sel[i]+1))
			}
		}()
	}
	for i := range sel {
		select {
		case next <- i:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("experiment: trial %d: %w", sel[i]+1, err)
		}
	}
	res, err := Merge(trials)
	if err != nil {
		return nil, err
	}
	res.Seconds = time.Since(r.start).Seconds()
	res.Workers = workers
	return res, nil
}

// run runs trial t and hands it to c.Finished.
func (r *runner) run(ctx context.Context, t int) (Trial, error) {
	start := time.Now()
	r.cpu.start(t)
	tr, err := r.trial(ctx, t)
	cpu := r.cpu.stop(t)
	if err != nil {
		return Trial{}, err
	}
	out := r.trialOf(t, tr)
	out.Seconds, out.CPUSeconds = time.Since(start).Seconds(), cpu
	out.Date = time.Now().UTC().Format(time.RFC3339)
	if r.c.Finished != nil {
		r.finishMu.Lock()
		defer r.finishMu.Unlock()
		if err := r.c.Finished(out); err != nil {
			return Trial{}, err
		}
	}
	return out, nil
}

// cpuShare shares the process's CPU time among the trials running: each
// interval between two starts or ends of trials goes in equal parts to
// the trials running in it.
type cpuShare struct {
	clock   func() float64
	mu      sync.Mutex
	last    float64
	running map[int]float64
}

func newCPUShare(clock func() float64) *cpuShare {
	return &cpuShare{clock: clock, running: map[int]float64{}}
}

// settle shares the CPU time since the last start or end.
func (c *cpuShare) settle() {
	now := c.clock()
	if n := len(c.running); n > 0 {
		for t := range c.running {
			c.running[t] += (now - c.last) / float64(n)
		}
	}
	c.last = now
}

func (c *cpuShare) start(t int) {
	if c.clock == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle()
	c.running[t] = 0
}

// stop returns the CPU time of trial t, 0 without a clock.
func (c *cpuShare) stop(t int) float64 {
	if c.clock == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.settle()
	v := c.running[t]
	delete(c.running, t)
	if math.IsNaN(v) || v < 0 {
		return 0
	}
	return v
}

// graphRank orders NNLRS before the graphs that borrow its choice.
func graphRank(g method.Name) int {
	switch g {
	case method.NNLRSEF, method.PCANNLRS:
		return 1
	}
	return 0
}

type runner struct {
	c        Config
	settings Settings
	start    time.Time
	workers  int
	cpu      *cpuShare
	finishMu sync.Mutex

	mu         sync.Mutex
	done       int
	total      int
	trialsDone int
}

func (r *runner) report(update func(), what string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	update()
	r.done++
	if r.done > r.total {
		r.total = r.done
	}
	if r.c.Progress != nil {
		r.c.Progress(Progress{Done: r.done, Total: r.total, Trials: r.trialsDone, What: what})
	}
}

// unitsPerTrial estimates the graph builds and evaluations of one trial.
func (r *runner) unitsPerTrial() int {
	n := 1 // the trial's evaluation
	n += len(r.stages()) * r.buildsPerStage()
	if len(r.c.SweepBetas) > 0 {
		n += len(r.c.SweepBetas)
	}
	return n
}

func (r *runner) buildsPerStage() int {
	n := 0
	for _, g := range r.c.Graphs {
		switch {
		case r.c.Tune == nil:
			n++
		case g == method.LRR:
			n += len(r.c.Tune.LRRLambdas())
		case g == method.NNLRS:
			n += len(r.c.Tune.Lambda) * len(r.c.Tune.Beta)
		default:
			n++
		}
	}
	return n
}

// stages returns the classifiers of the transductive stage and of the SDA
// stage, either possibly empty.
func (r *runner) stages() [][]string {
	var tr, in []string
	for _, p := range r.c.Propagators {
		if IsTransductive(p) {
			tr = append(tr, p)
		} else {
			in = append(in, p)
		}
	}
	var out [][]string
	if len(tr) > 0 {
		out = append(out, tr)
	}
	if len(in) > 0 {
		out = append(out, in)
	}
	return out
}
