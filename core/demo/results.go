package demo

import (
	"strconv"

	"nnlrs/core/method"
)

// Samples are the data of a run as the solvers see them: real samples
// scaled to unit norm, then noise and corruption added if asked.
type Samples struct {
	// Name names the data set.
	Name string
	// X holds the N samples of dimension D, sample j at X[j*D : (j+1)*D].
	D, N int
	X    []float64
	// Labels are the true classes, nil when the data have none.
	Labels []int
	// ClassNames, when not nil, names the classes as the file spelled them
	// (a CSV's label column of names): class l is ClassNames[l].
	ClassNames []string
	// ImageW×ImageH is the pixel layout of image samples (column-major,
	// as dataset.Set), 0×0 otherwise.
	ImageW, ImageH int
	// Corrupted flags the samples known to be grossly corrupted, nil when
	// unknown.
	Corrupted []bool
}

// ClassName names class l: its name in the file, or its number.
func (s *Samples) ClassName(l int) string {
	if l >= 0 && l < len(s.ClassNames) {
		return s.ClassNames[l]
	}
	return strconv.Itoa(l)
}

// Iter is one iteration of an iterative solver (lowrank.Progress).
type Iter struct {
	Iter     int
	Residual float64
	RankZ    int
	NNZH     int
	// Stop is the solver's stopping measure over its threshold
	// (lowrank.Progress.Stop): the solver stops once Stop ≤ 1.
	Stop float64
}

// Progress reports a running job: the iterations since the last Progress,
// the samples coded so far by a per-sample solver (Done of Total), the
// seconds since the job started and, now and then, the weights W (N×N,
// row-major) of the current iterate.
type Progress struct {
	Method      method.Name
	Iters       []Iter
	Done, Total int
	Elapsed     float64
	N           int
	W           []float64
}

// Result is a finished graph with what the page shows of it.
type Result struct {
	Method method.Name
	// W holds the N×N symmetric weights, row-major.
	N int
	W []float64
	// Layout places node i at (Layout[2i], Layout[2i+1]) in [0, 1]².
	Layout []float64
	// ENorm holds the norms of the columns of the error term E (NNLRS,
	// LRR), for the unit-norm samples; nil for the other methods.
	ENorm []float64
	// Z, for NNLRS, holds the N×N solution Z* of problem (6), row-major,
	// from which W follows for any θ (weights.ThresholdNormalized): the
	// page applies a new θ without a solve. nil for the other methods.
	Z []float64
	// Warm, for NNLRS, is the solver's end state (lowrank.Warm, encoded),
	// for a Job that warm-starts from it; nil otherwise.
	Warm []byte
	// How the solver ran (graph.Info) and the seconds it took.
	Iterations int
	Converged  bool
	Residual   float64
	Objective  float64
	Elapsed    float64
	// Density, WithinClass and DiagonalShare are the measures of package
	// weights (WithinClass is NaN without labels); Components counts the
	// connected components of the off-diagonal graph.
	Density, WithinClass, DiagonalShare float64
	Components                          int
}

// Fault classifies a Failure.
type Fault uint8

// The faults.
const (
	// InputFault: the data cannot be used (an unreadable or malformed
	// file, settings the data cannot satisfy): every job of the run fails
	// alike.
	InputFault Fault = 1 + iota
	// LimitFault: the problem is too large for the browser; refused
	// before any work.
	LimitFault
	// SolverFault: the solver failed on this graph.
	SolverFault
	// InternalFault: a bug, caught (a recovered panic).
	InternalFault
)

// Failure says why a job failed: Message is one plain sentence for the
// page to show.
type Failure struct {
	Method  method.Name
	Fault   Fault
	Message string
}
