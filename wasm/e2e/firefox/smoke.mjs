// Runs the page's default run in Firefox ESR in a real window (under
// Xvfb), driven through WebDriver BiDi by puppeteer-core: the page must
// draw with WebGL, finish the run on the solver's SIMD128 kernels
// (Firefox runs WebAssembly SIMD: wasm/kernels) and write nothing to the
// console but its own messages. Called by the browser test TestFirefox
// (wasm/e2e):
//
//	xvfb-run -a node smoke.mjs URL FIREFOX
//
// It prints one line of JSON (the page's numbers) and exits 0, or says
// what went wrong and exits 1.
import puppeteer from "puppeteer-core";

const [url, firefox] = process.argv.slice(2);
const problems = [];
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: firefox,
  headless: false,
  args: ["--width=1280", "--height=800"],
  extraPrefsFirefox: {
    "network.proxy.type": 0,
    "browser.shell.checkDefaultBrowser": false,
    "app.update.enabled": false,
    "toolkit.telemetry.enabled": false,
  },
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warn") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(url);
  await page.waitForFunction(`window.nnlrs && (nnlrs.state === "done" || nnlrs.state === "failed" || nnlrs.noCanvas)`,
    { timeout: 300000, polling: 200 });
  const got = await page.evaluate(`({state: nnlrs.state, frames: nnlrs.frames, draws: nnlrs.draws, noCanvas: !!nnlrs.noCanvas, kernels: nnlrs.kernels,
    status: document.getElementById("status").textContent, graphs: nnlrs.graphs})`);
  if (got.noCanvas) problems.push("the page could not start WebGL2: " + (await page.evaluate(`document.getElementById("nocanvas").textContent`)));
  if (got.state !== "done") problems.push(`state ${got.state}: ${got.status}`);
  if (!(got.draws > 1)) problems.push(`${got.draws} frames drawn`);
  if (got.state === "done" && got.kernels !== "simd128") problems.push(`the solver ran the ${got.kernels} path, not the SIMD128 kernels`);
  console.log(JSON.stringify(got));
} catch (e) {
  problems.push(String(e));
} finally {
  await browser.close();
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
