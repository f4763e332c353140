// Package demo describes the runs of the in-browser demo in the terms its
// page (package ui), its solver Web Workers (wasm/solver) and the command
// line (tools/nnlrs presets) share, so that each fact has one owner:
//
//	Data, Draw     the samples a run draws (synthetic subspaces, a class-by-
//	               class draw of a built-in data set, an upload), prepared
//	               as the paper prepares its data
//	Labels         the labeled samples a run gives the propagation
//	Params, Jobs   the graphs a run builds, one Job each, and the solvers'
//	               settings they take (Job.Options)
//	Samples,       what a job answers: the samples, the solver's progress,
//	Progress,      the finished graph, or why it failed
//	Result, Failure
//	Builtins       the data sets built into the site
//	CheckSize      the browser's limits
//
// The page owns the labeled draw and the propagation over the graphs; the
// workers own the data and the graphs.
package demo
