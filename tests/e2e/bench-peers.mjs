#!/usr/bin/env node
// In-browser benchmark (issue #6): our wasm engine against Mozilla's Readability.js on the same
// corpus pages, in the same Chromium tab. Not a test (it asserts nothing about speed): it prints
// figures for docs/PERFORMANCE.md.
//
//   node tests/e2e/bench-peers.mjs            20 pages per corpus set (about a minute)
//   node tests/e2e/bench-peers.mjs --pages 5
//
// Needs the wasm package in www/pkg or pkg (./build.sh builds it) and `npm install` (playwright-core,
// @mozilla/readability). The page sample is the one the native benchmarks use: per set, the ids
// sorted, then every k-th one (benches/common/mod.rs).

import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';
import { benchSample, cliArg, corpusRoot, REPO } from './lib/corpus.mjs';

const perSet = Number(cliArg('--pages', 20));

// build.sh writes the wasm package to pkg/ and copies it to www/pkg.
const pkgDir = [path.join(REPO, 'www', 'pkg'), path.join(REPO, 'pkg')].find((d) => fs.existsSync(path.join(d, 'dana.js')));
if (!pkgDir) {
  console.error('the wasm package (pkg/dana.js) is missing: build it first (./build.sh)');
  process.exit(1);
}
const readabilityDir = path.join(REPO, 'node_modules', '@mozilla', 'readability');
if (!fs.existsSync(path.join(readabilityDir, 'Readability.js'))) {
  console.error('node_modules/@mozilla/readability is missing: run npm install');
  process.exit(1);
}

const urls = benchSample(perSet).map((p) => p.url);

const server = await startServer({
  mounts: { '/': path.join(REPO, 'www'), '/pkg/': pkgDir, '/corpus/': corpusRoot(), '/readability/': readabilityDir },
});
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/bench-peers.html`);
  await page.waitForFunction(() => window.benchReady === true, null, { timeout: 30000 });
  const result = await page.evaluate((u) => window.runBench(u), urls);

  const pad = (s, n) => String(s).padStart(n);
  console.log(`engine ${result.engine}; ${result.userAgent}`);
  console.log(`${'page'.padEnd(42)} ${pad('KB', 7)} ${pad('ours ms', 9)} ${pad('DOM ms', 8)} ${pad('Rdb ms', 8)} ${pad('x total', 8)} ${pad('x Rdb', 7)}`);
  let [bytes, ours, dom, rdb, oursEmpty, rdbEmpty] = [0, 0, 0, 0, 0, 0];
  const ratios = [];
  for (const r of result.pages) {
    bytes += r.bytes;
    ours += r.ours;
    dom += r.dom;
    rdb += r.readability;
    oursEmpty += r.oursEmpty ? 1 : 0;
    rdbEmpty += r.readabilityEmpty ? 1 : 0;
    ratios.push((r.dom + r.readability) / r.ours);
    const name = r.url.replace('/corpus/', '').replace('/pages/', '/').replace(/\.html$/, '');
    console.log(`${name.padEnd(42)} ${pad((r.bytes / 1024).toFixed(1), 7)} ${pad(r.ours.toFixed(2), 9)} ${pad(r.dom.toFixed(2), 8)} ${pad(r.readability.toFixed(2), 8)} ${pad(((r.dom + r.readability) / r.ours).toFixed(1), 8)} ${pad((r.readability / r.ours).toFixed(1), 7)}`);
  }
  if (oursEmpty === result.pages.length) throw new Error('our extraction was empty on every page');
  ratios.sort((a, b) => a - b);
  const mb = bytes / 1e6;
  console.log('');
  console.log(`${result.pages.length} pages, ${mb.toFixed(2)} MB (decoded text as UTF-8)`);
  console.log(`ours (wasm extract):            ${(ours).toFixed(1)} ms, ${(mb / (ours / 1e3)).toFixed(1)} MB/s, ${oursEmpty} empty`);
  console.log(`DOMParser:                      ${(dom).toFixed(1)} ms, ${(mb / (dom / 1e3)).toFixed(1)} MB/s`);
  console.log(`Readability.parse() alone:      ${(rdb).toFixed(1)} ms, ${(mb / (rdb / 1e3)).toFixed(1)} MB/s, ${rdbEmpty} empty`);
  console.log(`DOMParser + Readability:        ${(dom + rdb).toFixed(1)} ms, ${(mb / ((dom + rdb) / 1e3)).toFixed(1)} MB/s`);
  console.log(`ours vs DOMParser + Readability: ${((dom + rdb) / ours).toFixed(1)}x overall, median ${ratios[Math.floor(ratios.length / 2)].toFixed(1)}x per page (target: 20x)`);
  console.log(`ours vs Readability.parse() alone: ${(rdb / ours).toFixed(1)}x overall`);
} finally {
  await browser.close();
  await server.close();
}
