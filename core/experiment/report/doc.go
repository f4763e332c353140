// Package report writes what the experiments measured for a reader: the
// results page (Markdown) that opens with the verdict on the paper's
// claims, the tables laid out as the paper's beside its numbers, the runs
// under readings of the paper and the solver pairs, the page of the scale
// studies, and the CSV tables. It reads package experiment's results and
// computes nothing they do not hold.
package report
