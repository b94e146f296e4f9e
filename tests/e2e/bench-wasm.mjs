#!/usr/bin/env node
// wasm throughput of `extract` in MB/s, in Chromium and in Node, next to the native engine on
// the same pages. A benchmark: it prints figures, it asserts nothing about speed.
//
//   node tests/e2e/bench-wasm.mjs                 20 pages per corpus set, 5 passes
//   node tests/e2e/bench-wasm.mjs --pages 10 --passes 3
//   node tests/e2e/bench-wasm.mjs --native        also run the native driver on the same sample
//                                                 (benches/profile.rs --pages N, once per pass;
//                                                 each run is one pass, no warm-up)
//   node tests/e2e/bench-wasm.mjs --trace         with trace: true (what the demo page asks for)
//   node tests/e2e/bench-wasm.mjs --pkg DIR       another build of the package (default pkg/), e.g.
//                                                 to compare builds with and without wasm-opt
//
// The sample is the one the native benchmarks use (benches/common/mod.rs `sample`): per set, the
// page ids sorted bytewise, the k-th of n taken from the sorted list. MB are the UTF-8 bytes of the
// decoded page text (what `extract` reads), 1 MB = 10^6 bytes. A figure is the fastest of the
// timed passes over the whole sample, after one warm-up pass. Needs ./build.sh (pkg/, www/pkg).

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { launchBrowser } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';
import { benchSample, cliArg, corpusRoot, REPO, SETS } from './lib/corpus.mjs';

const perSet = Number(cliArg('--pages', 20));
const passes = Number(cliArg('--passes', 5));
const options = process.argv.includes('--trace') ? { trace: true } : {};
const pkg = path.resolve(cliArg('--pkg', path.join(REPO, 'pkg')));

// ---- the sample ------------------------------------------------------------------------------
const sample = benchSample(perSet);
const urls = sample.map((p) => p.url);

function summary(label, result) {
  const bytes = result.pages.reduce((s, p) => s + p.bytes, 0);
  const best = Math.min(...result.passMs);
  console.log(`${label.padEnd(22)} ${(bytes / 1e6).toFixed(2)} MB, best pass ${best.toFixed(1)} ms of [${result.passMs.map((m) => m.toFixed(0)).join(', ')}]: ${(bytes / 1e6 / (best / 1e3)).toFixed(1)} MB/s (${result.empty} of ${result.pages.length} pages empty)`);
  // per set, from each page's fastest run
  for (const set of SETS) {
    const rows = result.pages.filter((p) => p.url.startsWith(`/corpus/${set}/`));
    if (!rows.length) continue;
    const b = rows.reduce((s, p) => s + p.bytes, 0);
    const ms = rows.reduce((s, p) => s + p.ms, 0);
    console.log(`  ${set.padEnd(16)} ${String(rows.length).padStart(3)} pages ${(b / 1e6).toFixed(2).padStart(6)} MB ${(b / 1e6 / (ms / 1e3)).toFixed(1).padStart(7)} MB/s`);
  }
}

console.log(`package: ${pkg} (${fs.statSync(path.join(pkg, 'dana_bg.wasm')).size} bytes of wasm)`);
console.log(`sample: ${sample.length} pages (${perSet} per set), options ${JSON.stringify(options)}, ${passes} timed passes`);

// ---- Chromium --------------------------------------------------------------------------------
const server = await startServer({ mounts: { '/': path.join(REPO, 'www'), '/pkg/': pkg, '/corpus/': corpusRoot() } });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/bench.html`);
  await page.waitForFunction(() => window.benchReady === true, null, { timeout: 30000 });
  const info = await page.evaluate(({ urls, options }) => window.prepare(urls, options), { urls, options });
  // The renderer main thread's CPU time (DevTools Performance.getMetrics `ThreadTime`, seconds)
  // around each pass: steadier than wall time on a shared machine.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value;
  const passMs = [];
  const cpuMs = [];
  for (let k = 0; k < passes; k++) {
    const before = await threadTime();
    passMs.push(await page.evaluate(() => window.pass()));
    const after = await threadTime();
    if (before !== undefined && after !== undefined) cpuMs.push((after - before) * 1e3);
  }
  const result = { ...info, passMs, pages: await page.evaluate(() => window.pageTimes()) };
  console.log(`engine ${result.engine}, ${result.userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0]}`);
  summary('wasm in Chromium', result);
  if (cpuMs.length) {
    const bytes = result.pages.reduce((s, p) => s + p.bytes, 0);
    const best = Math.min(...cpuMs);
    console.log(`${'  by CPU time'.padEnd(22)} best pass ${best.toFixed(1)} ms of [${cpuMs.map((m) => m.toFixed(0)).join(', ')}]: ${(bytes / 1e6 / (best / 1e3)).toFixed(1)} MB/s (main thread, includes evaluate's own overhead)`);
  }
} finally {
  await browser.close();
  await server.close();
}

// ---- Node (same package, same V8 family) -----------------------------------------------------
{
  const dana = await import(path.join(pkg, 'dana.js'));
  dana.initSync({ module: fs.readFileSync(path.join(pkg, 'dana_bg.wasm')) });
  const pages = sample.map((p, i) => {
    const html = dana.decode(fs.readFileSync(path.join(corpusRoot(), p.set, 'pages', `${p.id}.html`))).text;
    return { url: urls[i], html, bytes: Buffer.byteLength(html), ms: Infinity };
  });
  let empty = 0;
  for (const p of pages) empty += dana.extract(p.html, options).text.length === 0 ? 1 : 0;
  const passMs = [];
  const cpuMs = [];
  for (let k = 0; k < passes; k++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (const p of pages) {
      const t = performance.now();
      dana.extract(p.html, options);
      p.ms = Math.min(p.ms, performance.now() - t);
    }
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1e3);
    passMs.push(performance.now() - start);
  }
  summary(`wasm in Node ${process.version}`, { passMs, empty, pages });
  // CPU time is steadier than wall time on a shared machine (it leaves out time spent waiting
  // for a core); it includes V8's own threads (compiler, GC), so it is an upper bound.
  const bytes = pages.reduce((s, p) => s + p.bytes, 0);
  const bestCpu = Math.min(...cpuMs);
  console.log(`${'  by CPU time'.padEnd(22)} best pass ${bestCpu.toFixed(1)} ms of [${cpuMs.map((m) => m.toFixed(0)).join(', ')}]: ${(bytes / 1e6 / (bestCpu / 1e3)).toFixed(1)} MB/s`);
}

// ---- native ----------------------------------------------------------------------------------
if (process.argv.includes('--native')) {
  if (process.argv.includes('--trace')) console.log('note: the native driver runs without trace');
  // Build once, then run the binary itself: a source change by someone else between runs must
  // not rebuild (and time) a different engine.
  const built = execFileSync('cargo', ['bench', '--no-run', '--bench', 'profile', '--message-format=json'], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  const exe = built.split('\n').filter(Boolean).map((l) => JSON.parse(l))
    .find((m) => m.reason === 'compiler-artifact' && m.target?.name === 'profile' && m.executable)?.executable;
  if (!exe) throw new Error('cargo bench --no-run --bench profile gave no executable');
  const lines = [];
  const cpuMs = [];
  for (let k = 0; k < passes; k++) {
    // bash's `time` gives the child's CPU time (user + sys) on its stderr.
    const res = spawnSync('bash', ['-c', 'TIMEFORMAT="%U %S"; time "$0" --pages "$1"', exe, String(perSet)], {
      cwd: REPO,
      encoding: 'utf8',
    });
    if (res.status !== 0) throw new Error(`${exe} failed: ${res.stderr}`);
    lines.push(res.stdout.trim().split('\n').pop());
    const [user, sys] = res.stderr.trim().split('\n').pop().split(' ').map(Number);
    cpuMs.push((user + sys) * 1e3);
  }
  const best = lines.map((l) => Number(/([\d.]+) MB\/s/.exec(l)?.[1])).reduce((a, b) => Math.max(a, b), 0);
  for (const l of lines) console.log(`native (benches/profile.rs): ${l}`);
  console.log(`native best of ${passes}: ${best.toFixed(1)} MB/s`);
  const bytes = Number(/([\d.]+) MB each pass/.exec(lines[0])?.[1]) * 1e6;
  const bestCpu = Math.min(...cpuMs);
  console.log(`${'  by CPU time'.padEnd(22)} best run ${bestCpu.toFixed(0)} ms of [${cpuMs.map((m) => m.toFixed(0)).join(', ')}]: at least ${(bytes / 1e6 / (bestCpu / 1e3)).toFixed(1)} MB/s (whole process: start-up and reading the pages included, one cold pass)`);
}
