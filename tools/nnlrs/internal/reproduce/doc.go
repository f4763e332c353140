// Package reproduce is the reproduce command: it runs the paper's
// experiments on a data set as seeded trials, each saved to its own file
// as it finishes (trials.go), possibly as one shard of many; with
// -render-only it merges the trial files of a results folder, and those
// of the runs under readings of the paper, into the results page, its
// verdict, tables and figures (render.go, verdict.go, figures.go); with
// -status it says which trials are done (status.go).
package reproduce
