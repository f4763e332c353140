// Package cli holds what the commands of nnlrs share: the exit-code
// contract (a UsageError exits with status 2 and one line saying what to
// do, ErrHelp with 0, any other error with 1), the flags that select and
// draw the data and set a graph's parameters and solver, the checks of
// both, the outputs a command writes all or none (Outputs), the matrix
// files it reads and writes (CSV, NumPy, MAT, SciPy sparse), the estimate
// of a long run and its status line, and the provenance of a run.
package cli
