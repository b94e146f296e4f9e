// Issue 13 in real Chromium: the kinds of block beyond paragraphs on every surface of the
// extension. Tables: the reader view shows a table whole (caption, header row, every column),
// inside the column, scrolling sideways, its header row sticky; read-aloud says a row with the
// names of its columns; strip mode keeps every row and cell of the page's own table visible.
// Code: the reader view shows each listing whole in a monospace box that scrolls sideways
// (lines are never wrapped), with its language as `code.language-x` and without the gutter;
// strip mode keeps a highlighter's whole table visible.
// The pages are the golden pages written for the engine's tests (tests/golden/table-*,
// tests/golden/code-*, tests/golden/embed-wordpress).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, until, OUT } from './extension-harness.test.mjs';
import { REPO } from './lib/corpus.mjs';
import { installFakeSpeech, fakeRecord } from './lib/fixtures.mjs';

const golden = (name) => readFileSync(path.join(REPO, 'tests', 'golden', name, 'input.html'), 'utf8');
const serve = (html) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" });
  res.end(html);
};

describe('issue 13 kinds in Chromium', () => {
  let h;
  before(async () => {
    h = await startHarness({
      routes: {
        '/fees.html': serve(golden('table-wordpress')),
        '/lights.html': serve(golden('table-mediawiki')),
        '/compose.html': serve(golden('code-docusaurus')),
        '/backups.html': serve(golden('code-pygments')),
        '/glossary.html': serve(golden('dl-footnotes-hugo')),
        '/gauge.html': serve(golden('embed-wordpress')),
      },
    });
  });
  after(async () => {
    await h?.close();
  });

  test('reader view: a table is whole, scrolls inside the column and keeps its header row in view', async () => {
    const page = await h.open('/lights.html');
    await page.setViewportSize({ width: 360, height: 700 }); // a phone
    assert.equal((await h.run(page, 'reader')).found, true);
    const got = await page.evaluate(() => {
      const a = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article');
      const t = [...a.querySelectorAll('table')].find((t) => t.caption);
      const cs = getComputedStyle(t);
      return {
        caption: t.caption.textContent,
        head: [...t.tHead.rows].map((r) => [...r.cells].map((c) => [c.textContent, c.colSpan, c.rowSpan, c.getAttribute('scope')])),
        body: [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)),
        rowHeaders: [...t.tBodies[0].querySelectorAll('th')].map((c) => c.getAttribute('scope')),
        // Sideways scrolling is the table's own (its cells may wrap enough to fit a phone).
        scrolls: cs.display === 'block' && cs.overflowX === 'auto',
        inColumn: t.getBoundingClientRect().width <= a.getBoundingClientRect().width + 0.5,
        sticky: getComputedStyle(t.tHead.rows[0].cells[0]).position,
      };
    });
    assert.equal(got.caption, 'Lights of the Corran coast');
    assert.deepEqual(got.head, [
      [['Light', 1, 2, 'col'], ['Built', 1, 2, 'col'], ['Light', 2, 1, 'col']],
      [['Character', 1, 1, 'col'], ['Range', 1, 1, 'col']],
    ]);
    assert.deepEqual(got.body, [
      ['Skerra Point', '1794', 'Fl(2) W 20s', '23'],
      ['Hound Rock', '1851', 'Oc R 8s', '11'],
      ['Corran Head', '1866', 'Fl W 5s', '18'],
      ['Aird front', '1903', 'Iso G 4s', '8'],
      ['Aird rear', '10'],
    ]);
    assert.ok(got.rowHeaders.every((s) => s === 'row'), 'body header cells name their row');
    assert.equal(got.scrolls, true, 'the table scrolls sideways when wider than the column');
    assert.equal(got.inColumn, true, 'the table stays inside the column');
    assert.equal(got.sticky, 'sticky');
    await page.screenshot({ path: path.join(OUT, 'reader-table.png'), caret: 'initial' });
    await page.close();
  });

  test('read-aloud says a table row with the names of its columns and highlights the row', async () => {
    const page = await h.open('/fees.html');
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US']]);
    assert.equal((await h.run(page, 'speak')).active, true);
    // Start at the fee table (a click on a block starts there), then step to its second body row.
    await page.locator('[data-dana-surface=reader] article table').first().click();
    let rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, 'Annual fees, due on 1 March.');
    const spokenRows = [];
    for (let i = 0; i < 4; i++) {
      await page.locator('[data-dana-surface=reader] #next').click();
      rec = await h.isolated(page, fakeRecord);
      spokenRows.push(rec.spoken.at(-1).text);
    }
    assert.deepEqual(spokenRows.slice(1, 4), [
      'Plot size, 2025, 2026',
      'Plot size: Full plot (250 m²); 2025: £64; 2026: £70',
      'Plot size: Half plot; 2025: £34; 2026: £34',
    ]);
    // The highlight covers the row being read, in the table.
    const highlighted = await until(page, () => {
      const hl = CSS.highlights.get('dana-sentence');
      const range = hl && [...hl][0];
      return range && range.toString();
    }, null, 'the sentence highlight');
    assert.equal(highlighted.replace(/\s+/g, ' '), 'Half plot £34 £34');
    await page.close();
  });

  test('strip mode keeps every row and cell of the article tables', async () => {
    const page = await h.open('/lights.html');
    const r = await h.run(page, 'strip');
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      const table = document.querySelector('table.wikitable');
      return {
        cells: table.querySelectorAll('th, td').length,
        shown: [...table.querySelectorAll('th, td')].filter(visible).length,
        caption: visible(table.caption),
        menu: visible(document.getElementById('mw-panel')),
      };
    });
    assert.equal(got.shown, got.cells, `${got.shown} of ${got.cells} cells visible`);
    assert.equal(got.caption, true);
    assert.equal(got.menu, false, 'the side menu is hidden');
    await page.screenshot({ path: path.join(OUT, 'strip-table.png'), caret: 'initial' });
    await page.close();
  });

  test('reader view: code is whole, with its language, in a monospace box that scrolls sideways', async () => {
    const page = await h.open('/compose.html');
    assert.equal((await h.run(page, 'reader')).found, true);
    const listings = await page.evaluate(() => {
      const a = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article');
      return [...a.querySelectorAll('pre')].map((p) => [p.querySelector('code')?.className, p.textContent]);
    });
    assert.deepEqual(listings, [
      ['language-yaml', 'services:\n  web:\n    build: .\n    ports:\n      - "8000:5000"\n  redis:\n    image: "redis:alpine"'],
      ['language-bash', 'docker compose up --detach\ndocker compose ps'],
      ['language-shell', '# stop and remove the containers, keep the volumes\ndocker compose down'],
    ]);
    await page.close();

    // A long line on a phone: the box scrolls, the line is not wrapped, the gutter is gone.
    const docs = await h.open('/backups.html');
    await docs.setViewportSize({ width: 360, height: 700 });
    assert.equal((await h.run(docs, 'reader')).found, true);
    const got = await docs.evaluate(() => {
      const a = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article');
      const pre = a.querySelector('pre');
      const cs = getComputedStyle(pre);
      const lines = pre.textContent.split('\n');
      return {
        lang: pre.querySelector('code').className,
        first: lines[0],
        lines: lines.length,
        whiteSpace: cs.whiteSpace,
        overflowX: cs.overflowX,
        mono: /mono/i.test(cs.fontFamily),
        scrolls: pre.scrollWidth > pre.clientWidth,
        // One line of text is one line box: the box is as tall as its lines, not more.
        unwrapped: Math.abs(pre.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - lines.length * parseFloat(cs.lineHeight)) < 2,
        inColumn: pre.getBoundingClientRect().width <= a.getBoundingClientRect().width + 0.5,
      };
    });
    assert.deepEqual(got, { lang: 'language-sh', first: '#!/bin/sh', lines: 8, whiteSpace: 'pre', overflowX: 'auto', mono: true, scrolls: true, unwrapped: true, inColumn: true });
    await docs.screenshot({ path: path.join(OUT, 'reader-code.png'), caret: 'initial' });
    await docs.close();
  });

  test('strip mode keeps a highlighted listing whole', async () => {
    const page = await h.open('/backups.html');
    const r = await h.run(page, 'strip');
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      const code = document.querySelector('table.highlighttable td.code pre');
      return {
        code: visible(code),
        spans: [...code.querySelectorAll('span')].filter((s) => s.textContent).every(visible),
        sidebar: visible(document.querySelector('.sphinxsidebar')),
      };
    });
    assert.deepEqual(got, { code: true, spans: true, sidebar: false });
    await page.close();
  });

  test('reader view: a definition list stays one, and a footnote link goes to its note and back', async () => {
    const page = await h.open('/glossary.html');
    await page.setViewportSize({ width: 800, height: 500 });
    assert.equal((await h.run(page, 'reader')).found, true);
    const article = () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article');
    const got = await page.evaluate((art) => {
      const a = eval(art)();
      const dl = a.querySelector('dl');
      return {
        items: dl ? [...dl.children].map((c) => [c.localName, c.textContent.slice(0, 12)]) : [],
        loose: [...a.querySelectorAll('p, li')].some((p) => p.textContent.startsWith('Five rods')),
        refs: [...a.querySelectorAll('a[href^="#"]')].map((x) => x.getAttribute('href')),
        ids: [...a.querySelectorAll('[id]')].map((x) => x.id),
      };
    }, `(${article})`);
    assert.deepEqual(got.items, [
      ['dt', 'Half plot'], ['dd', 'Five rods, a'], ['dt', 'Rod'], ['dd', 'The old unit'],
      ['dt', 'Cultivation '], ['dd', 'A letter giv'], ['dt', 'Green waste '], ['dt', 'Bay'], ['dd', 'The walled c'],
    ]);
    assert.equal(got.loose, false, 'no definition became a paragraph or a list item');
    assert.ok(got.refs.length >= 4 && got.refs.every((r) => /^#dana-ref-\d+$/.test(r)), JSON.stringify(got.refs));
    assert.ok(got.refs.every((r) => got.ids.includes(r.slice(1))), 'every in-page link has its target');
    // Following the first reference brings its note into view, and its back-link the reference.
    const url = page.url();
    const scrolled = await page.evaluate(async (art) => {
      const a = eval(art)();
      const ref = a.querySelector('sup a[href^="#dana-ref-"]');
      const note = [...a.querySelectorAll('[id]')].find((n) => n.id === ref.getAttribute('href').slice(1));
      const inView = (el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; };
      window.scrollTo(0, 0);
      const before = inView(note);
      ref.click();
      await new Promise((r) => setTimeout(r, 300));
      const there = inView(note);
      const back = note.closest('li').querySelector('a[href^="#dana-ref-"]');
      back.click();
      await new Promise((r) => setTimeout(r, 300));
      return { before, there, back: inView(ref) };
    }, `(${article})`);
    assert.deepEqual(scrolled, { before: false, there: true, back: true });
    assert.equal(page.url(), url, "the page's URL is not changed");
    await page.close();
  });

  test('strip mode keeps the definition list and the footnotes', async () => {
    const page = await h.open('/glossary.html');
    const r = await h.run(page, 'strip');
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      return {
        items: [...document.querySelectorAll('dl > *')].map(visible),
        notes: [...document.querySelectorAll('.footnotes li')].map(visible),
        menu: visible(document.querySelector('nav.menu')),
      };
    });
    assert.ok(got.items.length === 9 && got.items.every(Boolean), JSON.stringify(got.items));
    assert.deepEqual(got.notes, [true, true]);
    assert.equal(got.menu, false, 'the menu is hidden');
    await page.close();
  });
  test('reader view: embeds are link cards to their sources, never frames or players', async () => {
    const page = await h.open('/gauge.html');
    assert.equal((await h.run(page, 'reader')).found, true);
    const got = await page.evaluate(() => {
      const a = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article');
      return {
        cards: [...a.querySelectorAll('p[data-embed]')].map((p) => [p.dataset.embed, p.querySelector('a')?.href, p.textContent.slice(0, 20)]),
        players: a.querySelectorAll('iframe, video, audio, script, source, object, embed').length,
        label: getComputedStyle(a.querySelector('p[data-embed]'), '::before').content,
      };
    });
    assert.deepEqual(got.cards, [
      ['video', 'https://www.youtube.com/watch?v=Qx7rT2mWv9k', 'Jam jar rain gauge i'],
      ['post', 'https://twitter.com/weatherlog_example/status/1899001122334455667', 'Empty the gauge at t'],
      ['audio', 'https://weatherlog.example/wp-content/uploads/2026/03/rain-on-the-funnel.mp3', 'weatherlog.example'],
      ['video', 'https://vimeo.com/918273645', 'A year of rain, one '],
    ]);
    assert.equal(got.players, 0);
    assert.equal(got.label, '"Video"');
    await page.close();
  });

  test('strip mode keeps the embeds of the page itself', async () => {
    const page = await h.open('/gauge.html');
    const r = await h.run(page, 'strip');
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      return {
        frames: [...document.querySelectorAll('.entry-content iframe')].map(visible),
        post: visible(document.querySelector('blockquote.twitter-tweet')),
        sidebar: visible(document.querySelector('#secondary iframe')),
      };
    });
    assert.deepEqual(got, { frames: [true, true], post: true, sidebar: false });
    await page.close();
  });
});
