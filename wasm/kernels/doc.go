// Package kernels writes, in Go, a WebAssembly module of SIMD128 kernels
// for the solver's heaviest loops, and calls them from a Go program
// compiled to WebAssembly: Go's port emits no SIMD, and the packed matrix
// multiply's micro-kernel, then the tridiagonal reduction of the
// eigen-decomposition, are most of the solver's time in the browser
// (docs/BENCH.md).
//
// The module's bytes come from Bytes, at make dist (tools/site writes
// kernels.wasm); nothing of it is committed. Its kernels work in the
// memory of the Go program: the module imports it (env.mem), and the host
// instantiates it with the Go instance's exported memory. loader.js is
// that host's part, for the solver's Web Worker (public/worker.js) and for
// Node (tools/wasmexec): it checks the module with WebAssembly.validate
// (false where the engine lacks SIMD128), gives the Go program the imports
// it calls (module nnlrs_kernels), which forward to the kernel of
// its name, and sets globalThis.nnlrsKernelPath to "simd128" or "go".
//
// In the Go program, Install (js/wasm only) reads that path and, on
// "simd128", installs the kernels behind core's hooks: core/gemm's full
// tiles (gemm.UseTiles), the packing of its blocks (gemm.UsePackers) and
// the transposed matrix-vector product (gemm.UseGemvT), and core/eigen's
// loops of the tridiagonal reduction (eigen.UseKernels: the symv, the
// panel's dot products and transposed products), and core/lowrank's
// passes over the iterate (lowrank.UseKernels: Anderson's mix, history
// and dot products, the E-step's and the multipliers' element-wise
// passes, the latter written by one generator from their terms,
// elementwise.go), and core/lasso's coordinate descent (lasso.UseKernels:
// a coordinate's correlation with the residual, in the four sums of its
// Go loop, and its update of the residual); elsewhere, and after
// UseGo, the pure-Go loops run. The kernels give the bits of the Go loops
// they replace: the same operations in the same order, a multiply then
// an add (SIMD128 has no fused multiply-add), lanes that hold separate
// sums (rows, or the even and odd columns the Go loop already keeps
// apart) and shuffles where the Go loop's order needs a regrouping.
//
// The encoder (enc.go) writes the binary format of the core specification
// and its SIMD extension, as much as the kernels use: LEB128, the
// sections of a module of functions over an imported memory, and the
// instructions, the SIMD ones behind the 0xFD prefix.
package kernels
