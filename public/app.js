// Loads the page's Go program (app.wasm), showing the download's progress.
// Everything else happens in Go: see wasm/app.
"use strict";
// After one visit the page runs offline (sw.js), where the browser allows
// it (a secure context: https, or localhost).
// window.nnlrsOffline says when it has the site (the tests wait on it).
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
  navigator.serviceWorker.ready.then(() => { window.nnlrsOffline = true; });
}
// The first solver worker starts now, to compile solver.wasm while app.wasm
// loads, with the page's link in its URL, so that it starts the link's
// first graph as soon as it can (wasm/solver/headstart.go); the page's Go
// code takes it over with the messages it sent before
// (wasm/app/workers_js.go).
{
  const worker = new Worker("worker.js" + location.hash, { name: "first" });
  const early = [];
  const keep = (e) => { if (e.type === "error") e.preventDefault(); early.push(e); };
  worker.addEventListener("message", keep);
  worker.addEventListener("error", keep);
  window.nnlrsFirstWorker = { worker, early, keep };
}
// On a narrow screen the controls go under the views: a link above the
// views jumps to them and one at their top back, by scrolling and moving
// the focus, not by the address (whose hash holds the page's settings).
{
  const jump = (from, to, where) => document.getElementById(from).addEventListener("click", (e) => {
    e.preventDefault();
    scrollTo(0, where());
    document.getElementById(to).focus({ preventScroll: true });
  });
  const under = () => document.getElementById("top").offsetHeight;
  jump("to-controls", "to-views", () => document.getElementById("panel").getBoundingClientRect().top + scrollY - under());
  jump("to-views", "to-controls", () => 0);
}
// ebiten draws into its own textures and copies the result to the canvas
// pixel for pixel, so the canvas's multisampling only costs time
// (docs/BENCH.md measures it under software WebGL).
{
  const get = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, attrs) {
    if (type === "webgl2") attrs = Object.assign({}, attrs, { antialias: false });
    return get.call(this, type, attrs);
  };
}
(async () => {
  const text = document.getElementById("load-text");
  const bar = document.getElementById("load-progress");
  const mb = (n) => (n / 1048576).toFixed(1);
  try {
    const resp = await fetch("app.wasm");
    if (!resp.ok) throw new Error("app.wasm: HTTP status " + resp.status);
    const total = Number(resp.headers.get("Content-Length")) || 0;
    let loaded = 0;
    const counted = resp.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) {
        loaded += chunk.byteLength;
        if (total) { bar.max = total; bar.value = loaded; }
        text.textContent = "Loading the demo: " + mb(loaded) + (total ? " of " + mb(total) : "") + " MB…";
        ctl.enqueue(chunk);
      },
    }));
    const go = new Go();
    const wasm = new Response(counted, { headers: { "Content-Type": "application/wasm" } });
    const { instance } = await WebAssembly.instantiateStreaming(wasm, go.importObject);
    text.textContent = "Starting…";
    go.run(instance);
  } catch (e) {
    text.textContent = "The demo could not start: " + e.message;
    bar.hidden = true;
  }
})();
