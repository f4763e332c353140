// Bootstraps a solver Web Worker: runs solver.wasm, whose Go code answers
// the page's messages (see wasm/solver and wasm/protocol). If the Go
// program ends (an uncaught panic) or cannot start, the page is told so
// and starts a new worker.
"use strict";
importScripts("wasm_exec.js");
// Messages that come before the Go program listens wait here; it reads
// them when it starts (wasm/solver/main_js.go).
self.nnlrsEarly = [];
self.onmessage = (e) => self.nnlrsEarly.push(e);
const go = new Go();
WebAssembly.instantiateStreaming(fetch("solver.wasm"), go.importObject)
  .then(({ instance }) => go.run(instance))
  .then(() => postMessage({ lifecycle: "exit" }))
  .catch((e) => postMessage({ lifecycle: "error", message: String(e) }));
