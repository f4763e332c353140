// Bootstraps a solver Web Worker: runs solver.wasm, whose Go code answers
// the page's messages (see wasm/solver and wasm/protocol). If the Go
// program ends (an uncaught panic) or cannot start, the page is told so
// and starts a new worker. The first worker (named "first") carries the
// page's link after "#" in its URL, and reads the bases of the page's links
// (data/links.txt, core/demo.Links) beside solver.wasm, which the Go code
// reads from self.nnlrsLinks (wasm/solver/headstart.go). The products run
// on the SIMD128 kernels of kernels.wasm (wasm/kernels, loaded by
// kernels.js) where the browser validates them, else on the pure-Go ones;
// the worker's Ready message says which.
"use strict";
importScripts("wasm_exec.js", "kernels.js");
const go = new Go();
const kernels = nnlrsKernels(go);
const links = self.name === "first"
  ? fetch("data/links.txt").then((r) => (r.ok ? r.text() : "")).catch(() => "")
  : Promise.resolve("");
const kernelBytes = fetch("kernels.wasm").then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null);
Promise.all([WebAssembly.instantiateStreaming(fetch("solver.wasm"), go.importObject), links, kernelBytes])
  .then(async ([{ instance }, text, bytes]) => {
    await kernels.start(instance, bytes);
    self.nnlrsLinks = text;
    return go.run(instance);
  })
  .then(() => postMessage({ lifecycle: "exit" }))
  .catch((e) => postMessage({ lifecycle: "error", message: String(e) }));
