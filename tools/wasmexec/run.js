// Runs a Go program compiled to WebAssembly under Node, as Go's
// wasm_exec_node.js does, with the SIMD128 kernels of wasm/kernels loaded
// beside it (kernels.js): node run.js WASM_EXEC KERNELS PROGRAM [ARGS...].
// KERNELS "-" runs as an engine that refuses SIMD128 would.
"use strict";
globalThis.require = require;
globalThis.fs = require("fs");
globalThis.path = require("path");
globalThis.TextEncoder = require("util").TextEncoder;
globalThis.TextDecoder = require("util").TextDecoder;
globalThis.performance ??= require("performance");
globalThis.crypto ??= require("crypto");

const [wasmExec, kernelsFile, program] = process.argv.slice(2, 5);
require(wasmExec);
require(path.join(__dirname, "kernels.js"));

const go = new Go();
go.argv = process.argv.slice(4);
go.env = Object.assign({ TMPDIR: require("os").tmpdir() }, process.env);
go.exit = process.exit;
let bytes;
if (kernelsFile === "-") {
  // An engine without SIMD128: the kernels do not validate.
  bytes = fs.readFileSync(path.join(__dirname, "kernels.wasm"));
  WebAssembly.validate = () => false;
} else {
  bytes = fs.readFileSync(kernelsFile);
}
const kernels = nnlrsKernels(go);
WebAssembly.instantiate(fs.readFileSync(program), go.importObject).then(async (result) => {
  await kernels.start(result.instance, bytes);
  process.on("exit", (code) => { // Node.js exits if no event handler is pending
    if (code === 0 && !go.exited) {
      // deadlock, make Go print error and stack traces
      go._pendingEvent = { id: 0 };
      go._resume();
    }
  });
  return go.run(result.instance);
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
