#!/usr/bin/env node
// Click -> reader in the browser (issue 15): the extension as shipped (closed shadow roots; the
// test copy adds only the test server's host permission), the modern corpus pages served by
// the test server, the reader opened through the toolbar's entry point `self.dana.run`. Not a
// test (it asserts nothing about speed): it prints per-stage medians and p95 for
// docs/PERFORMANCE.md and docs/EXTENSION.md.
//
//   node tests/e2e/bench-reader.mjs                 every modern page (about 4 minutes)
//   node tests/e2e/bench-reader.mjs --pages 100     an even sample of 100 of them
//   node tests/e2e/bench-reader.mjs --set readability
//   node tests/e2e/bench-reader.mjs --extension DIR  another build of extension/ (before/after;
//                                                    on a loaded machine bench-pair.mjs compares
//                                                    two builds better)
//
// Stages, in ms (background.js `show`, content/main.js): setup (what comes before the call that
// captures: 0 on a page without the content script, which that call injects, in builds since
// 23 November 23:30; before, injecting it there, and earlier asking first), capture (the
// page's own work), transfer (the two calls, both ways, less the page's work), engine (the wasm
// engine in the service worker), build (the page building the reader view), paint (from the
// show message to the first frame after the view is built: build plus the browser's style,
// layout and paint), run (the whole of `self.dana.run`, what the target is about) and
// click→frame (from the call to the first frame that shows the reader: `run` itself for builds
// whose page answers after that frame, run + paint - build for older builds, whose `run` ended
// when the view was built); capture+msg and show+msg are capture and build with their messages.
// The first run of the browser session is reported on its own and left out of the rest.
// DANA_ROWS=1 prints each page's figures as a line of JSON.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startHarness } from './extension-harness.test.mjs';
import { cliArg, corpusRoot } from './lib/corpus.mjs';

const set = cliArg('--set', 'modern');
const dir = path.join(corpusRoot(), set, 'pages');
const all = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
const want = Number(cliArg('--pages', all.length));
const files = Array.from({ length: Math.min(want, all.length) }, (_, k) => all[Math.floor((k * all.length) / Math.min(want, all.length))]);

// `capture` and `show` with their messages are what older builds measured too.
const STAGES = ['setup', 'capture', 'captureWork', 'transfer', 'engine', 'show', 'build', 'paint', 'run', 'painted'];
const NAMES = { setup: 'setup', capture: 'capture+msg', captureWork: 'capture', transfer: 'transfer', engine: 'engine', show: 'show+msg', build: 'build', paint: 'first paint', run: 'run', painted: 'click→frame' };

// Each hop of a click, from the moments the worker and the page read on one clock (builds since
// 24 November: `ms.at` in the result), in ms: the call reaching the page and the content script
// compiled and run (`toPage`), the capture (`capture`), its result back to the worker
// (`back`), the engine, the `show` message reaching the page (`toShow`), building the view, the
// first frame, and the reply back to the worker (`reply`).
const HOPS = ['toPage', 'capture', 'back', 'engine', 'toShow', 'build', 'frame', 'reply'];
function hops(at) {
  if (!at || !at.page || !at.reply) return {};
  const t = [at.run, at.page.loaded, at.page.end, at.captured, at.analysed, at.reply.recv, at.reply.built, at.reply.done, at.shown];
  const out = {};
  // toPage ends when the page starts capturing (the bundle's load and `begin`'s start are
  // one task): `loaded` is printed separately as the script's start.
  HOPS.forEach((name, i) => (out[`hop.${name}`] = t[i + 1] - t[i]));
  out['hop.capture'] = at.page.end - at.page.start;
  out['hop.toPage'] = at.page.start - at.run;
  out['hop.scriptStart'] = at.page.loaded - at.run;
  return out;
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};

const h = await startHarness({ openShadowRoots: false, extensionDir: cliArg('--extension', undefined) });
const rows = [];
let first = null;
let notFound = 0;
try {
  for (const f of files) {
    const page = await h.context.newPage();
    const loaded = await page.goto(`${h.server.url}/corpus/${set}/pages/${encodeURIComponent(f)}#bench`, { waitUntil: 'load', timeout: 15000 }).then(() => true, () => false);
    const tabId = loaded && (await h.tabId(page).catch(() => null));
    if (!tabId) {
      console.log(`note: ${f} did not load, skipped`);
      await page.close();
      continue;
    }
    // `run` is timed here too, so that the figures compare with builds that did not time it.
    const r = await h.worker.evaluate(async (id) => {
      const t = performance.now();
      const res = await self.dana.run(id, 'reader');
      if (res.ms) res.ms.run = performance.now() - t;
      return res;
    }, tabId);
    if (!r.ok || !r.found) {
      notFound++;
      await page.close();
      continue;
    }
    // The first frame after the view: recorded by the content script in its own world (and, from
    // this branch on, in the reply too).
    let paint = r.ms.paint ?? null;
    for (let i = 0; i < 50 && paint === null; i++) {
      paint = await h.isolated(page, () => globalThis[Symbol.for('dana-reader.timing')]?.paint ?? null);
      if (paint === null) await new Promise((res) => setTimeout(res, 20));
    }
    const row = { page: f, ...r.ms, paint, ...hops(r.ms.at) };
    // Click to the reader's first frame: `run` itself where the page answers after that frame
    // (ms.paint from the reply, this branch on); before, `run` ended when the view was built,
    // and the frame came (paint - build) later.
    row.painted = r.ms.paint !== undefined ? r.ms.run : r.ms.run + paint - r.ms.build;
    if (process.env.DANA_ROWS) console.log(JSON.stringify(row));
    if (!first) first = row;
    else rows.push(row);
    await page.close();
  }
} finally {
  await h.close();
}

const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1).padStart(7) : '      -');
console.log(`${set}: ${rows.length + 1} pages with an article (${notFound} without), first run left out of the figures below`);
console.log(`first run (${first?.page}): ${STAGES.map((s) => `${NAMES[s]} ${Math.round(first?.[s])}`).join(', ')} ms`);
console.log(`stage          median      p95      max   (ms)`);
for (const s of STAGES) {
  const xs = rows.map((r) => r[s]).filter(Number.isFinite);
  console.log(`${NAMES[s].padEnd(12)} ${fmt(quantile(xs, 0.5))}  ${fmt(quantile(xs, 0.95))}  ${fmt(Math.max(...xs))}`);
}
if (rows.some((r) => Number.isFinite(r['hop.toPage']))) {
  console.log('hop (one clock)   median      p95      max   (ms)');
  for (const s of ['hop.scriptStart', ...HOPS.map((h) => `hop.${h}`)]) {
    const xs = rows.map((r) => r[s]).filter(Number.isFinite);
    console.log(`${s.padEnd(16)} ${fmt(quantile(xs, 0.5))}  ${fmt(quantile(xs, 0.95))}  ${fmt(Math.max(...xs))}`);
  }
}
const slow = [...rows].sort((a, b) => b.run - a.run).slice(0, 5);
console.log(`slowest runs: ${slow.map((r) => `${r.page} ${Math.round(r.run)} ms (capture+msg ${r.capture}, engine ${r.engine}, show+msg ${r.show})`).join('; ')}`);
