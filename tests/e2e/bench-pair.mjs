#!/usr/bin/env node
// Click -> reader, two builds of the extension side by side in ONE browser (issue 15): each page
// is opened once per build, in a random order, each in a new tab, and the reader opened
// through that build's `self.dana.run`. On a machine whose load changes by the minute (two
// cores shared by several jobs), two runs of bench-reader.mjs one after the other differ by more
// than most changes gain; here both builds meet the same load at the same moment, and the
// figure to read is the median of the per-page differences (B - A). Not a test (it asserts
// nothing about speed): it is how docs/PERFORMANCE.md ("Click to reader") compares builds.
//
//   node tests/e2e/bench-pair.mjs --a DIR_A [--b DIR_B] [--pages N] [--set modern]
//
// DIR_A and DIR_B are built `extension/` directories (B defaults to extension/); each is loaded
// as a test copy (bench-reader.mjs: the test server's host permission added, shadow roots left
// closed). Stages as in bench-reader.mjs; `frame` is first paint less build, the browser's own
// style, layout and paint of the view (and the wait for the frame). The first page of the
// session is left out, as there.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { testCopyOfExtension } from './extension-harness.test.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';
import { REPO, cliArg, corpusRoot } from './lib/corpus.mjs';

const builds = { A: cliArg('--a', undefined), B: cliArg('--b', path.join(REPO, 'extension')) };
if (!builds.A) throw new Error('usage: node tests/e2e/bench-pair.mjs --a DIR_A [--b DIR_B] [--pages N] [--set SET]');
const set = cliArg('--set', 'modern');
const dir = path.join(corpusRoot(), set, 'pages');
const all = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
const want = Math.min(Number(cliArg('--pages', 100)), all.length);
const files = Array.from({ length: want }, (_, k) => all[Math.floor((k * all.length) / want)]);

const server = await startServer({ mounts: { '/corpus/': corpusRoot() } });
const dirs = [];
for (const [name, src] of Object.entries(builds)) {
  const d = await testCopyOfExtension({ openShadowRoots: false, src });
  // How each worker tells which build it is: both copies are otherwise the same files.
  writeFileSync(path.join(d, 'bench-build.txt'), name);
  dirs.push(d);
}
const profile = await mkdtemp(path.join(os.tmpdir(), 'dana-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1100, height: 800 },
  args: [...CHROMIUM_ARGS, `--disable-extensions-except=${dirs.join(',')}`, `--load-extension=${dirs.join(',')}`],
});
await context.route('**/*', (route) => {
  const u = route.request().url();
  return u.startsWith(server.url) || u.startsWith('chrome-extension:') || u.startsWith('data:') ? route.continue() : route.abort();
});
while (context.serviceWorkers().length < 2) await context.waitForEvent('serviceworker', { timeout: 15000 });
const workers = {};
for (const w of context.serviceWorkers()) workers[await w.evaluate(async () => (await fetch('/bench-build.txt')).text())] = w;

const STAGES = ['setup', 'captureWork', 'transfer', 'engine', 'build', 'frame', 'paint', 'run'];
const rows = { A: [], B: [] };
let first = true;
try {
  for (const f of files) {
    const got = {};
    for (const X of Math.random() < 0.5 ? ['A', 'B'] : ['B', 'A']) {
      const page = await context.newPage();
      const loaded = await page.goto(`${server.url}/corpus/${set}/pages/${encodeURIComponent(f)}`, { waitUntil: 'load', timeout: 15000 }).then(() => true, () => false);
      const w = workers[X];
      const tabId = loaded && (await w.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id, page.url()));
      if (tabId) {
        const r = await w.evaluate(async (id) => {
          const t = performance.now();
          const res = await self.dana.run(id, 'reader');
          if (res.ms) res.ms.run = performance.now() - t;
          return res;
        }, tabId);
        if (r.ok && r.found && r.ms) got[X] = { ...r.ms, frame: r.ms.paint - r.ms.build };
      }
      await page.close();
    }
    if (!got.A || !got.B) continue;
    if (first) {
      first = false;
      continue;
    }
    rows.A.push(got.A);
    rows.B.push(got.B);
  }
} finally {
  await context.close();
  await rm(profile, { recursive: true, force: true });
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  await server.close();
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const fmt = (x) => (Number.isFinite(x) ? x.toFixed(1).padStart(6) : '     -');
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`${set}: ${rows.A.length} pages with an article in both builds; load average at the end ${load}`);
console.log(`A ${builds.A}\nB ${builds.B}`);
console.log('stage         A median  A p95  B median  B p95   median of (B - A)');
for (const s of STAGES) {
  const a = rows.A.map((r) => r[s]);
  const b = rows.B.map((r) => r[s]);
  const d = rows.A.map((r, i) => rows.B[i][s] - r[s]);
  console.log(`${s.padEnd(12)} ${fmt(quantile(a, 0.5))}  ${fmt(quantile(a, 0.95))}   ${fmt(quantile(b, 0.5))}  ${fmt(quantile(b, 0.95))}   ${fmt(quantile(d, 0.5))}`);
}
