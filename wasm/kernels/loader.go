package kernels

import _ "embed"

// Loader is loader.js, the host's part of the kernels, which tools/site
// writes as kernels.js beside kernels.wasm and tools/wasmexec runs in
// Node.
//
//go:embed loader.js
var Loader string
