// Bootstraps a solver Web Worker: runs solver.wasm, whose Go code answers
// the page's messages (see wasm/solver and wasm/protocol). If the Go
// program ends (an uncaught panic) or cannot start, the page is told so
// and starts a new worker. The first worker (named "first") carries the
// page's link after "#" in its URL, which the Go code reads
// (wasm/solver/headstart.go).
"use strict";
importScripts("wasm_exec.js");
const go = new Go();
WebAssembly.instantiateStreaming(fetch("solver.wasm"), go.importObject)
  .then(({ instance }) => go.run(instance))
  .then(() => postMessage({ lifecycle: "exit" }))
  .catch((e) => postMessage({ lifecycle: "error", message: String(e) }));
