// Package protocol defines the messages that pass between the page of the
// in-browser demo (wasm/app) and its solver Web Workers (wasm/solver), and
// their byte encoding.
//
// The page posts a Job per graph to build and may post Cancel; a worker
// answers with Ready once it listens, then, for a job,
// Data (the samples, when asked), Progress (throttled, with intermediate
// weights), and finally Graph, Error or Cancelled. The jobs and answers
// are those of package demo; this package adds the job IDs of the
// answers and the bytes. Every message travels as one Uint8Array, so
// that numbers cross the JavaScript boundary in bulk (js.CopyBytesToGo and
// js.CopyBytesToJS) and never element by element.
//
// The encoding is little-endian: a kind byte, then the fields in order;
// integers as varints, floats as 8 bytes, strings and slices with a length
// prefix. Decode never panics and never allocates more than its input
// justifies, whatever bytes it is given.
package protocol
