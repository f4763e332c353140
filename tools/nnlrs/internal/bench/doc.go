// Package bench holds the commands that time the solvers: bench (the
// NNLRS and LRR solvers on synthetic data and USPS draws, side by side
// with a NumPy LADMAP, warm starts and penalty rules) and iter (one
// LADMAP iteration in Go, NumPy and WebAssembly).
package bench
