#!/usr/bin/env node
// Click -> reader from a stopped service worker (issue 15): what a user meets after the browser
// stopped the idle worker (after about 30 s), which is most clicks. Not a test (it asserts
// nothing about speed): it prints the figures docs/PERFORMANCE.md ("Click to reader") reports.
//
//   node tests/e2e/bench-cold.mjs [--pages 5] [--extension DIR]
//
// For each page: the page is loaded and the content script injected (as a worker before did),
// the extension's worker is stopped (DevTools protocol, Target.closeTarget), then the in-page
// controls' message `{ type: 'run', mode: 'reader' }` is sent from the page's content-script
// world, which starts a new worker, as the toolbar button would; timed from an extension page
// (the options page) around that message, which resolves once the reader's first frame is on
// screen. The new worker compiles and warms the engine while the page is injected and captured
// (background.js `startEngine`).
//
// The message goes from the page itself because the worker runs a `run` message on the tab it
// came from: sent from the options page, it would target the options page's own tab.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness } from './extension-harness.test.mjs';
import { cliArg, corpusRoot } from './lib/corpus.mjs';

const dir = path.join(corpusRoot(), 'modern', 'pages');
const all = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
const want = Math.min(Number(cliArg('--pages', 5)), all.length);
const files = Array.from({ length: want }, (_, k) => all[Math.floor((k * all.length) / want)]);

const h = await startHarness({ openShadowRoots: false, extensionDir: cliArg('--extension', undefined) });
const extId = new URL(h.worker.url()).host;
const opts = await h.context.newPage();
await opts.goto(`chrome-extension://${extId}/options/options.html`);
const cdp = await h.context.newCDPSession(opts);
const workerTarget = async () => (await cdp.send('Target.getTargets')).targetInfos.find((t) => t.type === 'service_worker' && t.url.includes(extId));
const times = [];
try {
  for (const f of files) {
    const page = await h.context.newPage();
    const loaded = await page.goto(`${h.server.url}/corpus/modern/pages/${encodeURIComponent(f)}`, { waitUntil: 'load', timeout: 15000 }).then(() => true, () => false);
    const tabId = loaded && (await opts.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id, page.url()));
    if (!tabId) {
      await page.close();
      continue;
    }
    await opts.evaluate((id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['bundle/content.js'] }), tabId);
    const sw = await workerTarget();
    if (sw) await cdp.send('Target.closeTarget', { targetId: sw.targetId });
    for (let i = 0; i < 50 && (await workerTarget()); i++) await new Promise((r) => setTimeout(r, 100));
    const stopped = !(await workerTarget());
    const r = await opts.evaluate(async (id) => {
      const t = performance.now();
      const [{ result }] = await chrome.scripting.executeScript({ target: { tabId: id }, func: () => chrome.runtime.sendMessage({ type: 'run', mode: 'reader' }) });
      return { ms: performance.now() - t, ok: result?.ok, found: result?.found, stages: result?.ms, error: result?.error };
    }, tabId);
    console.log(`${f}: worker stopped ${stopped}, click→frame ${Math.round(r.ms)} ms`, r.ok ? JSON.stringify(r.stages) : r.error);
    if (stopped && r.ok && r.found) times.push(r.ms);
    await page.close();
  }
} finally {
  await h.close();
}
const s = [...times].sort((a, b) => a - b);
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`cold start, ${s.length} pages: click→frame median ${Math.round(s[Math.floor((s.length - 1) / 2)])} ms, max ${Math.round(s[s.length - 1])} ms (load average ${load})`);
