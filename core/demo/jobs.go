package demo

import "nnlrs/core/method"

// Params are the parameters of the graphs a run builds. The tag of a
// field is its key in the page's link (Links).
type Params struct {
	// Beta, Lambda and Theta are those of the NNLRS graph (problem (6)
	// and Algorithm 2).
	Beta   float64 `link:"beta"`
	Lambda float64 `link:"lambda"`
	Theta  float64 `link:"theta"`
	// LRRLambda is the λ of the LRR graph (graph.LRRParams).
	LRRLambda float64 `link:"lrr"`
	// Gap is the relative duality gap at which the NNLRS solver stops
	// (lowrank.ADMM.Gap: the answer is certified within this fraction of
	// the optimum); 0 means the solver's default.
	Gap float64 `link:"gap"`
}

// Job asks a worker for one graph of a run.
type Job struct {
	// ID tells the answers to this job from those of other jobs.
	ID     uint32
	Method method.Name
	Data   Data
	Params Params
	// File is the upload, when Data.Dataset is Upload.
	File File
	// SendData asks for the samples before the graph.
	SendData bool
	// Warm, for an NNLRS job, is Result.Warm of an earlier NNLRS graph on
	// the same data: the solver starts from that solution
	// (lowrank.ADMM.Start) instead of zero. nil starts cold.
	Warm []byte
}

// Order lists the graphs of a run in the order of its jobs: the paper's
// graph first, then the quick ones, so that one worker shows three graphs
// while LRR, the other slow one, is computed last; with two workers or
// more, LRR starts as soon as the quick ones are done, and NNLRS and LRR
// run side by side.
var Order = []method.Name{method.NNLRS, method.KNN0, method.L1, method.LRR}

// Jobs returns the jobs of a run that draws d (with the upload f) and
// builds its graphs with p, in Order, numbered from first; the first asks
// for the samples.
func Jobs(d Data, p Params, f File, first uint32) []Job {
	jobs := make([]Job, len(Order))
	for k, m := range Order {
		jobs[k] = Job{ID: first + uint32(k), Method: m, Data: d, Params: p, File: f}
	}
	jobs[0].SendData = true
	return jobs
}
