#!/usr/bin/env node
// Issue 13: do the article's data tables and code blocks survive with their structure? Our wasm
// engine against Mozilla's Readability.js, in the same Chromium tab, on the same corpus pages,
// the same tables and the same `pre` blocks (the definitions of scripts/fidelity_peers.py, here
// with the browser's own parser). Not a test: it prints the figures of docs/FIDELITY.md.
//
//   node tests/e2e/fidelity-peers.mjs
//
// Needs the wasm package (./build.sh) and node_modules/@mozilla/readability (npm install).

import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';
import { corpusRoot, REPO } from './lib/corpus.mjs';

const SETS = ['cleaneval', 'cleanportaleval', 'dragnet', 'readability', 'r2l', 'modern'];
const pkgDir = [path.join(REPO, 'www', 'pkg'), path.join(REPO, 'pkg')].find((d) => fs.existsSync(path.join(d, 'dana.js')));
const readabilityDir = path.join(REPO, 'node_modules', '@mozilla', 'readability');
if (!pkgDir || !fs.existsSync(path.join(readabilityDir, 'Readability.js'))) {
  console.error('needs the wasm package (./build.sh) and node_modules/@mozilla/readability (npm install)');
  process.exit(1);
}

// The pages that have a table or a `pre`, and a gold text.
const pages = [];
for (const set of SETS) {
  const dir = path.join(corpusRoot(), set, 'pages');
  if (!fs.existsSync(dir)) continue;
  for (const file of fs.readdirSync(dir).sort()) {
    const id = file.replace(/\.html$/, '');
    if (!fs.existsSync(path.join(corpusRoot(), set, 'gold', `${id}.txt`))) continue;
    if (/<table|<pre/i.test(fs.readFileSync(path.join(dir, file), 'latin1'))) pages.push({ set, id });
  }
}

// Runs in the page: the verdict of each extractor on each article table of each page.
async function measure(pages) {
  const dana = await import('/pkg/dana.js');
  await dana.default();
  const key = (s) => (s || '').replace(/\s+/g, '').toLowerCase();
  const verdict = (cells, tables, loose, text) => {
    const best = Math.max(0, ...tables.map((t) => cells.filter((c) => t.has(c)).length));
    if (10 * best >= 9 * cells.length) return 'survived';
    if (2 * cells.filter((c) => loose.has(c)).length >= cells.length) return 'split';
    if (2 * cells.filter((c) => text.includes(c)).length < cells.length) return 'outside';
    return 'broken';
  };
  // A `pre`'s text as the browser shows it: a `br` or the end of a table row (a table-based
  // highlighter's line) is a line break.
  const collapse = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const preText = (pre) => {
    const copy = pre.cloneNode(true);
    for (const e of copy.querySelectorAll('script, style')) e.remove();
    for (const br of copy.querySelectorAll('br')) br.replaceWith('\n');
    for (const tr of copy.querySelectorAll('tr')) tr.append('\n');
    return copy.textContent;
  };
  const outermost = (root) => [...root.querySelectorAll('pre')].filter((p) => !p.parentElement.closest('pre'));
  const codeLines = (text) => new Set(text.split('\n').map((l) => l.trimEnd()));
  const codeVerdict = (lines, blocks, text) => {
    const best = Math.max(0, ...blocks.map((b) => lines.filter((l) => b.has(l)).length));
    if (10 * best >= 9 * lines.length) return 'survived';
    if (2 * lines.filter((l) => text.includes(collapse(l))).length < lines.length) return 'outside';
    return 'broken';
  };
  const counts = { dana: {}, readability: {} };
  const codeCounts = { dana: {}, readability: {} };
  let total = 0;
  let codeTotal = 0;
  for (const { set, id } of pages) {
    const bytes = new Uint8Array(await (await fetch(`/corpus/${set}/pages/${id}.html`)).arrayBuffer());
    const goldText = await (await fetch(`/corpus/${set}/gold/${id}.txt`)).text();
    const gold = key(goldText);
    const goldCollapsed = collapse(goldText);
    const html = dana.decode(bytes).text;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const wanted = [];
    for (const t of doc.querySelectorAll('table')) {
      if (t.querySelector('table') || !(t.querySelector('th') || t.querySelector('caption'))) continue;
      const rows = [...t.querySelectorAll('tr')].map((tr) => [...tr.children].filter((c) => c.localName === 'td' || c.localName === 'th').map((c) => c.textContent));
      const filled = rows.filter((r) => r.length);
      if (filled.length < 2 || !filled.some((r) => r.length >= 2)) continue;
      const cells = filled.flat().map(key).filter((c) => c.length >= 4);
      if (cells.length >= 4 && 2 * cells.filter((c) => gold.includes(c)).length >= cells.length) wanted.push(cells);
    }
    const pres = [];
    for (const pre of outermost(doc)) {
      const lines = preText(pre).split('\n').map((l) => l.trimEnd()).filter((l) => collapse(l).length >= 4);
      if (lines.length && 2 * lines.filter((l) => goldCollapsed.includes(collapse(l))).length >= lines.length) pres.push(lines);
    }
    if (!wanted.length && !pres.length) continue;
    const ex = dana.extract(html, {});
    const ours = [
      ex.blocks.filter((b) => b.kind === 'table').map((b) => new Set(b.table.rows.flat().map((c) => key(c.text)))),
      new Set(ex.blocks.filter((b) => b.kind !== 'table').map((b) => key(b.text))),
      key(ex.text),
    ];
    const ourCode = [ex.blocks.filter((b) => b.kind === 'preformatted').map((b) => codeLines(b.text)), collapse(ex.text)];
    const article = new Readability(new DOMParser().parseFromString(html, 'text/html')).parse();
    const content = new DOMParser().parseFromString(article ? article.content : '', 'text/html');
    const theirs = [
      [...content.querySelectorAll('table')].map((t) => new Set([...t.querySelectorAll('td, th')].map((c) => key(c.textContent)))),
      new Set([...content.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, div')].map((e) => key(e.textContent))),
      key(content.body.textContent),
    ];
    const theirCode = [outermost(content).map((p) => codeLines(preText(p))), collapse(content.body.textContent)];
    for (const cells of wanted) {
      total++;
      for (const [name, out] of [['dana', ours], ['readability', theirs]]) {
        const v = verdict(cells, ...out);
        counts[name][v] = (counts[name][v] || 0) + 1;
      }
    }
    for (const lines of pres) {
      codeTotal++;
      for (const [name, out] of [['dana', ourCode], ['readability', theirCode]]) {
        const v = codeVerdict(lines, ...out);
        codeCounts[name][v] = (codeCounts[name][v] || 0) + 1;
      }
    }
  }
  return { total, counts, codeTotal, codeCounts };
}

const server = await startServer({ mounts: { '/': path.join(REPO, 'www'), '/pkg/': pkgDir, '/corpus/': corpusRoot(), '/readability/': readabilityDir } });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/bench-peers.html`);
  await page.waitForFunction(() => typeof Readability === 'function', null, { timeout: 30000 });
  const { total, counts, codeTotal, codeCounts } = await page.evaluate(measure, pages);
  console.log(`${pages.length} pages with a table or a pre; ${total} article data tables`);
  console.log('peer          survived whole   split   broken   outside   survived of those reached');
  for (const [name, c] of Object.entries(counts)) {
    const [s, sp, b, o] = ['survived', 'split', 'broken', 'outside'].map((k) => c[k] || 0);
    const reached = total - o;
    console.log(`${name.padEnd(12)} ${String(s).padStart(5)} (${Math.round((100 * s) / total)} %) ${String(sp).padStart(7)} ${String(b).padStart(8)} ${String(o).padStart(9)}   ${s}/${reached} (${Math.round((100 * s) / reached)} %)`);
  }
  console.log(`\n${codeTotal} article code blocks`);
  console.log('peer          survived whole   broken   outside   survived of those reached');
  for (const [name, c] of Object.entries(codeCounts)) {
    const [s, b, o] = ['survived', 'broken', 'outside'].map((k) => c[k] || 0);
    const reached = codeTotal - o;
    console.log(`${name.padEnd(12)} ${String(s).padStart(5)} (${Math.round((100 * s) / codeTotal)} %) ${String(b).padStart(8)} ${String(o).padStart(9)}   ${s}/${reached} (${Math.round((100 * s) / reached)} %)`);
  }
} finally {
  await browser.close();
  await server.close();
}
