#!/usr/bin/env node
// The design choice of issue 15, measured: the reader's surface as an extension page in an
// iframe over the tab, against a closed shadow root on an element of the page (what
// content/dom.js `shadowHost` makes). Each, empty but styled, is put on modern corpus pages
// from the content scripts' world, and timed to the first frame after it is there (for the
// iframe: after its load event). Not a test; prints medians and p95 for docs/EXTENSION.md.
//
//   node tests/e2e/bench-surface.mjs
//
// It loads a temporary copy of extension/ that adds the test server's host permission and a
// web-accessible `frame.html` (the shipped extension has neither).
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os'; import path from 'node:path';
import { readdirSync } from 'node:fs';
import { launchWithExtension } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';
import { corpusRoot, REPO } from './lib/corpus.mjs';
const dir = await mkdtemp(path.join(os.tmpdir(), 'dana-frame-'));
await cp(path.join(REPO, 'extension'), dir, { recursive: true });
const m = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
m.host_permissions = ['http://127.0.0.1/*'];
m.web_accessible_resources = [{ resources: ['frame.html'], matches: ['http://127.0.0.1/*'], use_dynamic_url: true }];
await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(m));
await writeFile(path.join(dir, 'frame.html'), '<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{font:20px Georgia;background:#fbfbf8}</style></head><body><article><h1>Title</h1><p>Text</p></article></body></html>');
const server = await startServer({ mounts: { '/corpus/': corpusRoot() } });
const { context, worker, close } = await launchWithExtension(dir);
await context.route('**/*', (r) => (r.request().url().startsWith(server.url) || r.request().url().startsWith('chrome-extension:') ? r.continue() : r.abort()));
const files = readdirSync(corpusRoot() + '/modern/pages').sort().filter((_, i) => i % 40 === 0);
const out = { frame: [], shadow: [] };
for (const f of files) {
  const page = await context.newPage();
  await page.goto(`${server.url}/corpus/modern/pages/${f}#x`, { waitUntil: 'load' }).catch(() => {});
  const tabId = await worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id, page.url());
  if (!tabId) { await page.close(); continue; }
  for (const kind of ['shadow', 'frame']) {
    const r = await worker.evaluate(async ([tabId, kind]) => {
      const [res] = await chrome.scripting.executeScript({ target: { tabId }, args: [kind], func: (kind) => new Promise((done) => {
        const t0 = performance.now();
        const painted = (el) => requestAnimationFrame(() => setTimeout(() => { done(performance.now() - t0); el.remove(); }, 0));
        if (kind === 'frame') {
          const f = document.createElement('iframe');
          f.style.cssText = 'position:fixed;inset:0;width:100vw;height:100vh;border:0;z-index:2147483647';
          f.src = chrome.runtime.getURL('frame.html');
          f.addEventListener('load', () => painted(f), { once: true });
          document.documentElement.append(f);
        } else {
          const host = document.createElement('div');
          const root = host.attachShadow({ mode: 'closed' });
          const s = new CSSStyleSheet(); s.replaceSync('article{font:20px Georgia;background:#fbfbf8}'); root.adoptedStyleSheets = [s];
          root.innerHTML = '<article><h1>Title</h1><p>Text</p></article>';
          host.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
          document.documentElement.append(host);
          painted(host);
        }
      }) });
      return res.result;
    }, [tabId, kind]);
    out[kind].push(r);
  }
  await page.close();
}
const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];
console.log(`${out.frame.length} modern pages: empty reader surface to its first frame: closed shadow root median ${med(out.shadow).toFixed(1)} ms (p95 ${p95(out.shadow).toFixed(1)}), extension-page iframe median ${med(out.frame).toFixed(1)} ms (p95 ${p95(out.frame).toFixed(1)})`);
await close(); await server.close();
