// The demo page (www/) in real Chromium: it loads the wasm engine, extracts a corpus page served
// by a local server, shows the article in the reader frame and draws both plots; the bundled
// samples work; the page makes no request outside the local server. Screenshots go to
// tests/e2e/out/ (look at them after a change to the page).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './lib/server.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { REPO, corpusRoot, pickPages, requireAtLeast } from './lib/corpus.mjs';

const OUT = path.join(REPO, 'tests', 'e2e', 'out');
const WWW = path.join(REPO, 'www');
let server, browser;

before(async () => {
  assert.ok(existsSync(path.join(WWW, 'pkg', 'dana_bg.wasm')), 'www/pkg missing: run ./build.sh first');
  mkdirSync(OUT, { recursive: true });
  server = await startServer({
    mounts: { '/': WWW, '/corpus/': corpusRoot() },
    routes: {
      // Latin-1 bytes with no <meta>: only the HTTP header says how to read them.
      '/latin1.html': (req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' });
        res.end(Buffer.from(`<title>Caf\xe9</title><p>${'Un caf\xe9 cr\xe8me, s\x27il vous pla\xeet, avec une tarte. '.repeat(5)}</p>`, 'latin1'));
      },
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new page that records console errors, page errors and requests that leave the server. */
async function openPage() {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', ''].includes(u.hostname) && !['data:', 'about:', 'blob:'].includes(u.protocol)) {
      problems.push(`outside request: ${r.url()}`);
    }
  });
  return { page, problems };
}

/** Waits until the demo has finished an extraction (or failed: then the status says why). */
async function waitDone(page) {
  await page.waitForFunction(() => ['done', 'error'].includes(document.documentElement.dataset.state), null, {
    timeout: 30000,
  });
  const state = await page.evaluate(() => document.documentElement.dataset.state);
  assert.equal(state, 'done', `demo status: ${await page.textContent('#status')}`);
}

/** Counts the canvas pixels close to each of the given CSS colours (rgb triples). */
async function pixelCounts(page, selector, colors) {
  return page.$eval(
    selector,
    (canvas, colors) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const counts = colors.map(() => 0);
      let painted = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        painted++;
        colors.forEach(([r, g, b], k) => {
          if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 30 && data[i + 3] > 200) counts[k]++;
        });
      }
      return { painted, counts };
    },
    colors,
  );
}

const T1 = [0x2a, 0x6f, 0xdb];
const T2 = [0xd9, 0x82, 0x2b];
const POS = [0x2e, 0x85, 0x40];

test('the demo extracts a corpus page and draws the article and both plots', async () => {
  const pages = pickPages([
    ['r2l', 'fa-khabaronline'],
    ['r2l', 'ar-youm7'],
    ['cleanportaleval', 'bbc.co.uk_news_01'],
  ]);
  requireAtLeast(pages, 1, 'demo test');
  const corpusPage = pages[0];
  const { page, problems } = await openPage();
  const src = `/corpus/${corpusPage.set}/pages/${corpusPage.id}.html`;
  await page.goto(`${server.url}/index.html?src=${encodeURIComponent(src)}`);
  await waitDone(page);
  const result = await page.evaluate(() => window.danaDemo.result);
  assert.ok(result.text.length > 200, `an article was extracted from ${src}`);

  // The reader frame shows the article with the engine's direction and language.
  const article = page.frameLocator('#reader').locator('#reader-root');
  await article.waitFor();
  assert.equal(await article.getAttribute('dir'), result.dir);
  if (result.lang) assert.equal(await article.getAttribute('lang'), result.lang);
  const shown = await article.innerText();
  const firstParagraph = result.blocks.find((b) => b.kind === 'paragraph' && b.text.length > 40);
  assert.ok(firstParagraph, 'the article has a paragraph');
  assert.ok(shown.includes(firstParagraph.text.slice(0, 40)), 'the reader frame shows the article text');
  if (result.title) assert.ok(shown.includes(result.title), 'the reader frame shows the title');

  // Both plots are drawn: T1 bars and T2 bars on the first, the chosen region's diff on the second.
  const counts = await pixelCounts(page, '#plot-counts', [T1, T2]);
  assert.ok(counts.counts[0] > 50, `T1 bars drawn (${counts.counts[0]} px)`);
  assert.ok(counts.counts[1] > 50, `T2 bars drawn (${counts.counts[1]} px)`);
  const diff = await pixelCounts(page, '#plot-diff', [POS]);
  assert.ok(diff.counts[0] > 50, `positive diff drawn (${diff.counts[0]} px)`);

  // The headline candidates and the timing are shown.
  assert.equal(await page.locator('#candidates tbody tr').count(), Math.max(1, result.titleCandidates.length));
  assert.match(await page.textContent('#facts'), /extraction time\s*[\d.]+ ms/);
  await page.screenshot({ path: path.join(OUT, 'demo.png'), fullPage: true });

  // Clicking a line in the chosen region shows its source text.
  const chosen = result.regions.find((g) => g.chosen);
  const line = Math.floor((chosen.start + chosen.end) / 2);
  await page.locator('#plot-diff').scrollIntoViewIfNeeded();
  const box = await page.locator('#plot-diff').boundingBox(); // viewport coordinates, as the mouse uses
  const plotW = box.width - 46 - 8; // the plot's margins (plots.js MARGIN)
  const x = box.x + 46 + ((line + 0.5) / result.series.t1.length) * plotW;
  await page.mouse.click(x, box.y + box.height / 2);
  const panel = page.locator('#line-source');
  await panel.waitFor({ state: 'visible' });
  const clicked = Number((await panel.locator('.current .n').textContent()).trim());
  assert.ok(Math.abs(clicked - line) <= Math.ceil(result.series.t1.length / plotW) + 1, `clicked line ${clicked} near ${line}`);
  const sourceText = result.series.source[clicked];
  assert.equal((await panel.locator('.current').innerText()).replace(/^\d+/, '').trim(), sourceText.trim());

  // Dragging zooms both plots to a range of lines.
  await page.mouse.move(box.x + 46 + plotW * 0.2, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 46 + plotW * 0.5, box.y + 40, { steps: 5 });
  await page.mouse.up();
  const from = Number(await page.inputValue('#view-from'));
  const to = Number(await page.inputValue('#view-to'));
  const n = result.series.t1.length;
  assert.ok(from > 0 && to < n - 1 && to - from < n * 0.4, `zoomed to ${from}-${to} of ${n}`);
  await page.screenshot({ path: path.join(OUT, 'demo-zoomed.png'), fullPage: true });

  // Changing an option extracts again with it.
  await page.selectOption('#algorithm', 'r2l');
  await page.waitForFunction(() => window.danaDemo.result.algorithm === 'r2l');
  assert.equal(await page.evaluate(() => window.danaDemo.result.gap), 8);

  assert.deepEqual(problems, []);
  await page.close();
});

test('each bundled sample extracts with its title, direction and language', async () => {
  const { page, problems } = await openPage();
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
  const samples = await page.$$eval('#sample option', (os) => os.map((o) => o.value).filter(Boolean));
  assert.ok(samples.length >= 4, 'four samples');
  const dirs = new Set();
  for (const sample of samples) {
    await page.evaluate(() => (document.documentElement.dataset.state = 'loading'));
    await page.selectOption('#sample', sample);
    await waitDone(page);
    const r = await page.evaluate(() => window.danaDemo.result);
    assert.ok(r.text.length > 300, `${sample}: article text (${r.text.length} chars)`);
    assert.ok(r.title.length > 10, `${sample}: title`);
    const rtl = /\/(fa|ar)-/.test(sample);
    assert.equal(r.dir, rtl ? 'rtl' : 'ltr', `${sample}: direction`);
    assert.equal(await page.frameLocator('#reader').locator('#reader-root').getAttribute('dir'), r.dir);
    dirs.add(r.dir);
    if (sample.includes('fa-')) await page.screenshot({ path: path.join(OUT, 'demo-sample-fa.png'), fullPage: true });
  }
  assert.deepEqual([...dirs].sort(), ['ltr', 'rtl']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('pasted HTML is extracted, and bad input shows an error instead of breaking the page', async () => {
  const { page, problems } = await openPage();
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => document.documentElement.dataset.state === 'ready');
  const html = `<title>Pasted</title><nav><a href="/">Home</a> <a href="/x">X</a></nav>
<p>${'This pasted paragraph is the whole article and it is long enough to be found. '.repeat(4)}</p>`;
  await page.fill('#html', html);
  await waitDone(page);
  assert.match(await page.evaluate(() => window.danaDemo.result.text), /pasted paragraph/);
  // A gap the engine rejects: the status says so, the page keeps working.
  await page.evaluate(() => (document.documentElement.dataset.state = 'loading'));
  await page.fill('#gap', '-3');
  await page.dispatchEvent('#gap', 'change');
  await page.waitForFunction(() => document.documentElement.dataset.state === 'error');
  assert.match(await page.textContent('#status'), /gap/);
  await page.fill('#gap', '5');
  await page.dispatchEvent('#gap', 'change');
  await waitDone(page);
  assert.equal(await page.evaluate(() => window.danaDemo.result.gap), 5);
  // The refinements' boxes are the engine's list (switches()), each at the engine's default.
  const boxes = await page.evaluate(async () => {
    const { switches, defaultOptions } = await import('./pkg/dana.js');
    const defaults = defaultOptions();
    return switches().map((key) => [key, document.getElementById(key)?.checked === defaults[key]]);
  });
  assert.ok(boxes.length >= 19, `${boxes.length} refinement boxes`);
  assert.deepEqual(boxes.filter(([, ok]) => !ok), [], 'every refinement has its box, at its default');
  assert.equal(await page.isChecked('#titleBound'), false);
  // A phase switch starts at the engine's default and, flipped, is sent to the engine.
  const prune = await page.isChecked('#prune');
  await page.click('#prune');
  await page.waitForFunction((want) => window.danaDemo.options.prune === want, !prune);
  assert.deepEqual(problems, []);
  await page.close();
});

test('files and fetched pages are decoded by the engine: BOM, HTTP charset, valid UTF-8, <meta>, windows-1252', async () => {
  const { page, problems } = await openPage();
  await page.goto(`${server.url}/index.html?src=/latin1.html`);
  await waitDone(page);
  assert.match(await page.inputValue('#html'), /Un café crème, s'il vous plaît/);
  assert.match(await page.textContent('#input-info'), /decoded as windows-1252/); // what ISO-8859-1 labels, in WHATWG Encoding
  const para = 'Ceci est un paragraphe assez long pour que le moteur le prenne pour un article: café, crème, à bientôt. ';
  // A dropped or opened file has no HTTP charset. Each case: bytes, and what the text must hold.
  const cases = [
    // Valid UTF-8 wins over a <meta> that says otherwise (the engine's order: dana::decode).
    ['utf8-meta.html', Buffer.from(`<meta charset="windows-1252"><p>${para.repeat(3)}</p>`, 'utf8'), 'café, crème', /UTF-8/i],
    // Not UTF-8: the <meta> charset decides.
    ['meta-1252.html', Buffer.from(`<meta charset="windows-1252"><p>${para.repeat(3)} \x93quoted\x94</p>`, 'latin1'), '“quoted”', /windows-1252/i],
    // A UTF-16 byte-order mark.
    ['bom16.html', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`<p>${para.repeat(3)}</p>`, 'utf16le')]), 'à bientôt', /UTF-16LE/i],
  ];
  for (const [name, buffer, want, encoding] of cases) {
    await page.evaluate(() => (document.documentElement.dataset.state = 'loading'));
    await page.setInputFiles('#file', { name, mimeType: 'text/html', buffer });
    await waitDone(page);
    assert.ok((await page.inputValue('#html')).includes(want), `${name}: the text holds ${want}`);
    assert.match(await page.textContent('#input-info'), encoding, `${name}: the encoding is named`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
