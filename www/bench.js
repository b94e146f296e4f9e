// The in-browser half of tests/e2e/bench-wasm.mjs: wasm `extract` throughput in this tab.
//
// All pages are fetched and decoded first; then one untimed warm-up pass (the engine's code
// reaches V8's optimising tier), then `passes` timed passes over the whole sample. A pass
// calls extract(html, options) once per page: string in, plain object out, what the extension
// and the demo pay. The figures are per pass; the caller keeps the fastest.

import init, { extract, version } from './pkg/dana.js';
import { decodeBytes } from './decode.js';

window.runPasses = async function runPasses(urls, passes, options) {
  await init();
  const pages = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    const html = decodeBytes(new Uint8Array(await res.arrayBuffer())).text;
    pages.push({ url, html, bytes: new TextEncoder().encode(html).length });
  }
  let empty = 0;
  for (const p of pages) empty += extract(p.html, options).text.length === 0 ? 1 : 0; // warm-up
  const passMs = [];
  const pageMs = pages.map(() => Infinity);
  for (let k = 0; k < passes; k++) {
    const start = performance.now();
    pages.forEach((p, i) => {
      const t = performance.now();
      extract(p.html, options);
      pageMs[i] = Math.min(pageMs[i], performance.now() - t);
    });
    passMs.push(performance.now() - start);
    document.getElementById('log').textContent += `pass ${k + 1}: ${passMs[k].toFixed(1)} ms\n`;
  }
  return {
    engine: version(),
    userAgent: navigator.userAgent,
    empty,
    passMs,
    pages: pages.map((p, i) => ({ url: p.url, bytes: p.bytes, ms: pageMs[i] })),
  };
};
window.benchReady = true;
