// The host's part of wasm/kernels: loads the SIMD128 kernels beside a Go
// program compiled to WebAssembly. Call nnlrsKernels with the program's Go
// (wasm_exec.js) before instantiating the program: it adds the imports the
// program calls (module nnlrs_kernels), each forwarding to the kernel of
// its name. Then, before go.run, call start with the program's instance
// and the bytes of kernels.wasm (null when absent): it instantiates the
// kernels with the program's memory where the engine validates them
// (SIMD128) and can link them, and sets nnlrsKernelPath, which the
// program reads, to "simd128" or else "go". start resolves to that path.
"use strict";
globalThis.nnlrsKernels = function (go) {
  let kernels = null;
  const forward = {};
  go.importObject.nnlrs_kernels = new Proxy({}, {
    get(_, name) {
      forward[name] ??= (...args) => kernels[name](...args);
      return forward[name];
    },
  });
  return {
    async start(instance, bytes) {
      let path = "go";
      if (bytes && WebAssembly.validate(bytes)) {
        try {
          const k = await WebAssembly.instantiate(bytes, { env: { mem: instance.exports.mem } });
          kernels = k.instance.exports;
          path = "simd128";
        } catch (e) {
          // A module the engine validates but cannot link: the pure-Go path.
          kernels = null;
        }
      }
      globalThis.nnlrsKernelPath = path;
      return path;
    },
  };
};
