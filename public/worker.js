// Bootstraps a solver Web Worker: runs solver.wasm, whose Go code answers
// the page's messages (see wasm/solver and wasm/protocol). If the Go
// program ends (an uncaught panic) or cannot start, the page is told so
// and starts a new worker. The first worker (named "first") carries the
// page's link after "#" in its URL, and reads the bases of the page's links
// (data/links.txt, core/demo.Links) beside solver.wasm, which the Go code
// reads from self.nnlrsLinks (wasm/solver/headstart.go).
"use strict";
importScripts("wasm_exec.js");
const go = new Go();
const links = self.name === "first"
  ? fetch("data/links.txt").then((r) => (r.ok ? r.text() : "")).catch(() => "")
  : Promise.resolve("");
Promise.all([WebAssembly.instantiateStreaming(fetch("solver.wasm"), go.importObject), links])
  .then(([{ instance }, text]) => {
    self.nnlrsLinks = text;
    return go.run(instance);
  })
  .then(() => postMessage({ lifecycle: "exit" }))
  .catch((e) => postMessage({ lifecycle: "error", message: String(e) }));
