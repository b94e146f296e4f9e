#!/usr/bin/env node
// Issue 13: do the article's data tables, code blocks, formulas, posts and section headings
// survive with their structure? Our wasm engine against Mozilla's Readability.js, in the same
// Chromium tab, on the same corpus pages, the same tables, `pre` blocks, formulas, posts and
// headings (the definitions of scripts/fidelity_peers.py, here with the browser's own parser).
// Not a test: it prints the figures of docs/FIDELITY.md.
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

// The pages that have a table, a `pre`, a formula, microdata (posts) or a section heading, and a
// gold text.
const pages = [];
for (const set of SETS) {
  const dir = path.join(corpusRoot(), set, 'pages');
  if (!fs.existsSync(dir)) continue;
  for (const file of fs.readdirSync(dir).sort()) {
    const id = file.replace(/\.html$/, '');
    if (!fs.existsSync(path.join(corpusRoot(), set, 'gold', `${id}.txt`))) continue;
    if (/<table|<pre|<math|math\/tex|itemscope|<h[234]/i.test(fs.readFileSync(path.join(dir, file), 'latin1'))) pages.push({ set, id });
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
  // Formulas, posts and headings (scripts/fidelity_peers.py says what counts and each verdict).
  const TOKENS = new Set(['mi', 'mn', 'mo', 'ms', 'mtext']);
  const MARKS = ['mw-editsection', 'headerlink', 'hash-link', 'anchor', 'heading-anchor', 'anchor-link', 'header-anchor'];
  const POST_TYPES = ['Comment', 'Answer', 'Question', 'DiscussionForumPosting', 'SocialMediaPosting'];
  const isTex = (e) => e.localName === 'script' && (e.getAttribute('type') || '').trim().toLowerCase().startsWith('math/tex');
  const formulaText = (m) => (isTex(m) ? key(m.textContent) : [...m.querySelectorAll('*')].filter((t) => TOKENS.has(t.localName)).map((t) => key(t.textContent)).join(''));
  const outermostMath = (root) => [...root.querySelectorAll('math')].filter((m) => !m.parentElement?.closest('math'));
  // One walk in document order: the formulas with where each stands in the text outside
  // formulas, scripts and styles; the h2-h4 headings with where each ends in the text without
  // scripts, styles and heading marks (a space between text nodes).
  const walkPage = (doc) => {
    const formulas = [];
    const headings = [];
    let outside = '';
    const words = [];
    let at = 0;
    const add = (text, head, inMath) => {
      if (!text) return;
      if (!inMath) outside += text;
      const w = text.split(/\s+/).filter(Boolean).join(' ');
      words.push(w);
      at += w.length + 1;
      if (head) head.text.push(w);
    };
    const walk = (e, head, inMath) => {
      if (e.nodeType === Node.TEXT_NODE) return add(e.data, head, inMath);
      if (e.nodeType !== Node.ELEMENT_NODE) return;
      const t = e.localName;
      if (t === 'script' || t === 'style' || t === 'template') {
        if (isTex(e) && !inMath) formulas.push([formulaText(e), outside.length]);
        return;
      }
      if (head && (e.getAttribute('aria-hidden') === 'true' || MARKS.some((c) => e.classList.contains(c)))) return;
      const startsMath = t === 'math' && !inMath;
      if (startsMath) formulas.push([formulaText(e), outside.length]);
      const startsHead = !head && (t === 'h2' || t === 'h3' || t === 'h4');
      if (startsHead) head = { text: [], li: false };
      if (t === 'li' && head) head.li = true;
      for (const c of e.childNodes) walk(c, head, inMath || startsMath);
      if (startsHead) {
        const text = head.text.join(' ').split(/\s+/).filter(Boolean).join(' ');
        if (text && !head.li) headings.push([text, at]);
      }
    };
    walk(doc.documentElement, null, false);
    return { formulas, outside, headings, all: words.join(' ') };
  };
  const context = (around, at) => {
    const before = around.slice(0, at).split(/\s+/).filter(Boolean);
    const after = around.slice(at).split(/\s+/).filter(Boolean);
    return [key(before.slice(-10).join(' ')), key(after.slice(0, 10).join(' '))];
  };
  const mathVerdict = ([f, ctx], kept, text) => {
    if (kept.has(f)) return 'as math';
    if (ctx.some((c) => c && (text.includes(c + f) || text.includes(f + c)))) return 'as text'; // in its place
    return ctx.some((c) => c && text.includes(c)) ? 'lost' : 'outside';
  };
  const headingVerdict = ([want, after], heads, text) => {
    if (heads.includes(want)) return 'survived';
    if (heads.some((h) => h.includes(want))) return 'marked';
    return text.includes(after) ? 'lost' : 'outside';
  };
  const isPost = (e) => e.hasAttribute('itemscope') && POST_TYPES.includes((e.getAttribute('itemtype') || '').replace(/\/+$/, '').split('/').pop());
  const outsidePosts = function* (e) {
    for (const c of e.children) {
      yield c;
      if (!isPost(c)) yield* outsidePosts(c);
    }
  };
  const itemprop = (e, name) => (e.getAttribute('itemprop') || '').split(/\s+/).includes(name);
  const sourcePosts = (doc, gold) => {
    const out = [];
    for (const p of doc.querySelectorAll('[itemscope]')) {
      if (!isPost(p)) continue;
      const inside = [...outsidePosts(p)];
      const author = inside.find((c) => itemprop(c, 'author'));
      const body = inside.find((c) => itemprop(c, 'text'));
      if (!author || !body) continue;
      const name = [author, ...author.querySelectorAll('*')].find((n) => itemprop(n, 'name')) || author;
      const who = key(name.getAttribute('content') || name.textContent);
      const closing = body.textContent.split(/\s+/).filter(Boolean).slice(-8);
      if (who && closing.length >= 4 && gold.includes(key(closing.join(' ')))) out.push([who, key(closing.join(' '))]);
    }
    return out;
  };
  const postVerdicts = (posts, text) => {
    const places = posts.map(([, o]) => text.indexOf(o));
    const found = places.filter((p) => p >= 0).sort((a, b) => a - b);
    return posts.map(([who], k) => {
      const at = places[k];
      if (at < 0) return 'missing';
      const i = found.indexOf(at);
      const start = i > 0 ? found[i - 1] + 1 : 0;
      const end = i + 1 < found.length ? found[i + 1] : text.length;
      return text.slice(start, end).includes(who) ? 'with author' : 'text only';
    });
  };
  const postBlocks = (posts, blocks) =>
    posts.map(([who, closing]) => {
      const at = blocks.findIndex((b) => key(b.text).includes(closing.slice(-24)));
      const header = at < 0 ? null : blocks.slice(0, at).findLast((b) => b.kind === 'post');
      return !!header && key(header.post?.author || '') === who;
    });
  const tally = (counts, name, v) => (counts[name][v] = (counts[name][v] || 0) + 1);
  const mathCounts = { dana: {}, readability: {} };
  const postCounts = { dana: {}, readability: {} };
  const headCounts = { dana: {}, readability: {} };
  let mathTotal = 0;
  let postTotal = 0;
  let headTotal = 0;
  let asPostBlocks = 0;
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
    const walked = walkPage(doc);
    const formulas = walked.formulas.filter(([f, at]) => f && context(walked.outside, at).some((c) => c && gold.includes(c))).map(([f, at]) => [f, context(walked.outside, at)]);
    const headings = walked.headings
      .map(([h, at]) => [key(h), key(walked.all.slice(at).split(/\s+/).filter(Boolean).slice(0, 8).join(' '))])
      .filter(([h, after]) => h.length >= 3 && after && gold.includes(h + after));
    const posts = sourcePosts(doc, gold);
    if (!wanted.length && !pres.length && !formulas.length && !headings.length && !posts.length) continue;
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
    const ourText = key(ex.text);
    const theirText = key(content.body.textContent);
    const ourMath = new Set(outermostMath(new DOMParser().parseFromString(ex.html, 'text/html')).map(formulaText));
    const theirMath = new Set(outermostMath(content).map(formulaText));
    const ourHeads = ex.blocks.filter((b) => b.kind === 'heading').map((b) => key(b.text));
    const theirHeads = [...content.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => key(h.textContent));
    for (const f of formulas) {
      mathTotal++;
      tally(mathCounts, 'dana', mathVerdict(f, ourMath, ourText));
      tally(mathCounts, 'readability', mathVerdict(f, theirMath, theirText));
    }
    for (const h of headings) {
      headTotal++;
      tally(headCounts, 'dana', headingVerdict(h, ourHeads, ourText));
      tally(headCounts, 'readability', headingVerdict(h, theirHeads, theirText));
    }
    postTotal += posts.length;
    for (const v of postVerdicts(posts, ourText)) tally(postCounts, 'dana', v);
    for (const v of postVerdicts(posts, theirText)) tally(postCounts, 'readability', v);
    asPostBlocks += postBlocks(posts, ex.blocks).filter(Boolean).length;
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
  return { total, counts, codeTotal, codeCounts, mathTotal, mathCounts, postTotal, postCounts, asPostBlocks, headTotal, headCounts };
}

// One row per extractor: each verdict, and the first of them of those reached (not outside).
function report(title, total, counts, verdicts, reached = true) {
  console.log(`\n${title}`);
  console.log('peer         ' + verdicts.map((v) => v.padStart(14)).join('') + (reached ? '   first verdict of those reached' : ''));
  for (const [name, c] of Object.entries(counts)) {
    const row = verdicts.map((v) => `${String(c[v] || 0).padStart(6)} (${String(Math.round((100 * (c[v] || 0)) / total)).padStart(3)} %)`).join('');
    const r = total - (c.outside || 0);
    console.log(`${name.padEnd(12)} ${row}` + (reached ? `   ${c[verdicts[0]] || 0}/${r} (${Math.round((100 * (c[verdicts[0]] || 0)) / r)} %)` : ''));
  }
}

const server = await startServer({ mounts: { '/': path.join(REPO, 'www'), '/pkg/': pkgDir, '/corpus/': corpusRoot(), '/readability/': readabilityDir } });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${server.url}/bench-peers.html`);
  await page.waitForFunction(() => typeof Readability === 'function', null, { timeout: 30000 });
  const r = await page.evaluate(measure, pages);
  const { total, counts, codeTotal, codeCounts } = r;
  console.log(`${pages.length} pages with a table, a pre, a formula, microdata or a section heading; ${total} article data tables`);
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
  report(`${r.mathTotal} article formulas`, r.mathTotal, r.mathCounts, ['as math', 'as text', 'lost', 'outside']);
  report(`${r.postTotal} article posts (microdata)`, r.postTotal, r.postCounts, ['with author', 'text only', 'missing'], false);
  console.log(`dana: ${r.asPostBlocks} of ${r.postTotal} as post blocks naming their author`);
  report(`${r.headTotal} article section headings`, r.headTotal, r.headCounts, ['survived', 'marked', 'lost', 'outside']);
} finally {
  await browser.close();
  await server.close();
}
