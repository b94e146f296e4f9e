// The in-browser half of tests/e2e/bench-wasm.mjs: wasm `extract` throughput in this tab.
//
// prepare(urls, options) fetches and decodes every page, then runs one untimed warm-up pass
// (the engine's code reaches V8's optimising tier). Each pass() then calls extract(html,
// options) once per page, string in, plain object out (what the extension and the demo pay),
// and returns its wall time; the driver reads the main thread's CPU time around each call.

import init, { extract, decode, version } from './pkg/dana.js';

let pages = [];
let opts = {};

window.prepare = async function prepare(urls, options) {
  await init();
  opts = options;
  pages = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    const html = decode(new Uint8Array(await res.arrayBuffer())).text;
    pages.push({ url, html, bytes: new TextEncoder().encode(html).length, ms: Infinity });
  }
  let empty = 0;
  for (const p of pages) empty += extract(p.html, opts).text.length === 0 ? 1 : 0; // warm-up
  return { engine: version(), userAgent: navigator.userAgent, empty };
};

window.pass = function pass() {
  const start = performance.now();
  for (const p of pages) {
    const t = performance.now();
    extract(p.html, opts);
    p.ms = Math.min(p.ms, performance.now() - t);
  }
  const ms = performance.now() - start;
  document.getElementById('log').textContent += `pass: ${ms.toFixed(1)} ms\n`;
  return ms;
};

/** Each page's fastest run so far. */
window.pageTimes = () => pages.map((p) => ({ url: p.url, bytes: p.bytes, ms: p.ms }));
window.benchReady = true;
