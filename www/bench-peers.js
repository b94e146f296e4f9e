// The in-browser half of tests/e2e/bench-peers.mjs (issue #6): our wasm extraction against
// Mozilla's Readability.js, on the same decoded page text, in the same tab.
//
// For each page:
//   ours:        extract(html, {}) from the wasm package (default options), string in, result
//                object out: what the extension pays per page.
//   readability: new DOMParser().parseFromString(html, 'text/html'), then
//                new Readability(doc).parse(). The parse is timed apart (`dom`) because a
//                reader built on Readability.js needs a document it may mutate: a fresh parse
//                (or a clone of the live page) every time.
// Each figure is the fastest of several batches, each batch at least MIN_BATCH_MS long, divided
// by the runs in it (performance.now() is coarse in a browser: one short run cannot be timed).

import init, { extract, decode, version } from './pkg/dana.js';

const MIN_BATCH_MS = 30;
const BATCHES = 3;

/** Mean milliseconds per run of `fn`, the fastest of BATCHES batches. */
function time(fn) {
  let best = Infinity;
  for (let b = 0; b < BATCHES; b++) {
    let runs = 0;
    const start = performance.now();
    let now = start;
    do {
      fn();
      runs++;
      now = performance.now();
    } while (now - start < MIN_BATCH_MS);
    best = Math.min(best, (now - start) / runs);
  }
  return best;
}

function log(line) {
  document.getElementById('log').textContent += line + '\n';
}

/**
 * Times both extractors on every page of `urls` (corpus page URLs). Resolves to
 * { engine, pages: [{ url, bytes, chars, ours, dom, readability, oursEmpty, readabilityEmpty }] }
 * with times in milliseconds; `bytes` is the UTF-8 length of the decoded text.
 */
window.runBench = async function runBench(urls) {
  await init();
  if (typeof Readability !== 'function') throw new Error('Readability.js did not load (served under /readability/?)');
  const encoder = new TextEncoder();
  const pages = [];
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    const html = decode(new Uint8Array(await res.arrayBuffer())).text;

    // One untimed run each: warms up and records whether each found an article.
    const oursEmpty = extract(html, {}).text.length === 0;
    const article = new Readability(new DOMParser().parseFromString(html, 'text/html')).parse();
    const readabilityEmpty = !article || !article.textContent || article.textContent.length === 0;

    const ours = time(() => extract(html, {}));
    const dom = time(() => new DOMParser().parseFromString(html, 'text/html'));
    const parsedThenRead = time(() => new Readability(new DOMParser().parseFromString(html, 'text/html')).parse());
    const row = {
      url,
      bytes: encoder.encode(html).length,
      chars: html.length,
      ours,
      dom,
      readability: Math.max(parsedThenRead - dom, 0),
      oursEmpty,
      readabilityEmpty,
    };
    pages.push(row);
    log(`${url} ours ${ours.toFixed(2)} ms, DOMParser + Readability ${parsedThenRead.toFixed(2)} ms`);
  }
  return { engine: version(), userAgent: navigator.userAgent, pages };
};
window.benchReady = true;
