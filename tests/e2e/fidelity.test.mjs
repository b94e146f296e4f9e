// Issue 13 in real Chromium: the kinds of block beyond paragraphs on every surface of the
// extension. Tables: the reader view shows a table whole (caption, header row, every column),
// inside the column, scrolling sideways, its header row sticky; read-aloud says a row with the
// names of its columns; strip mode keeps every row and cell of the page's own table visible.
// Code: the reader view shows each listing whole in a monospace box that scrolls sideways
// (lines are never wrapped), with its language as `code.language-x` and without the gutter;
// strip mode keeps a highlighter's whole table visible.
// Math: the reader keeps every formula of a KaTeX, a MathJax 2/3 and a MathML page served with
// their own stylesheets; strip mode leaves each formula drawn where it was (the glyphs the page
// draws beside its hidden MathML, the picture Wikipedia shows), the clutter around it hidden;
// read-aloud with *Read: Math* off leaves inline formulas out of what it says.
// The pages are the golden pages written for the engine's tests (tests/golden/table-*,
// tests/golden/code-*, tests/golden/embed-wordpress).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, until, OUT } from './extension-harness.test.mjs';
import { REPO } from './lib/corpus.mjs';
import { installFakeSpeech, fakeRecord, highlightNow, wordNow } from './lib/fixtures.mjs';

const golden = (name) => readFileSync(path.join(REPO, 'tests', 'golden', name, 'input.html'), 'utf8');
// The rules of KaTeX's stylesheet (katex.css 0.16) that decide what is drawn: the MathML copy is
// visually hidden (1px, clipped) and the `katex-html` glyphs are shown, a display formula on a
// line of its own. The golden page links the stylesheet from a CDN the test does not reach.
const KATEX_CSS = `<style>.katex{font:normal 1.21em KaTeX_Main,Times New Roman,serif;line-height:1.2;text-indent:0}
.katex .katex-mathml{position:absolute;clip:rect(1px,1px,1px,1px);padding:0;border:0;height:1px;width:1px;overflow:hidden}
.katex .katex-html>.newline{display:block}.katex .base{position:relative;display:inline-block;white-space:nowrap;width:min-content}
.katex .strut{display:inline-block}.katex-display{display:block;margin:1em 0;text-align:center}
.katex-display>.katex{display:block;text-align:center;white-space:nowrap}.katex-display>.katex>.katex-html{display:block;position:relative}</style>`;
// MathJax 3's CHTML output writes these rules into the page's head (`style#MJX-CHTML-styles`):
// the assistive MathML is clipped away, the glyphs are the `mjx-c` elements' `::before` content.
const MATHJAX3_CSS = `<style id="MJX-CHTML-styles">mjx-container[jax="CHTML"]{line-height:0}
mjx-container[jax="CHTML"][display="true"]{display:block;text-align:center;margin:1em 0}
mjx-container [space="4"]{margin-left:.278em}mjx-math{display:inline-block;text-align:left;line-height:0;white-space:nowrap;direction:ltr;padding:1px 0}
mjx-msub,mjx-mi,mjx-mo,mjx-script{display:inline-block}mjx-c{display:inline-block}mjx-c::before{display:block;width:0}
mjx-assistive-mml{position:absolute!important;top:0;left:0;clip:rect(1px,1px,1px,1px);padding:1px 0 0 0!important;border:0!important;display:block!important;width:auto!important;overflow:hidden!important;user-select:none}
.mjx-c1D43B.TEX-I::before{padding:.683em .888em 0 0;content:"H"}.mjx-c1D45B.TEX-I::before{padding:.442em .6em .011em 0;content:"n"}
.mjx-c2265::before{padding:.636em .778em .138em 0;content:"\\2265"}.mjx-c6C::before{padding:.694em .278em 0 0;content:"l"}
.mjx-c6E::before{padding:.442em .556em 0 0;content:"n"}</style>`;
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
        '/squares.html': serve(golden('math-katex').replace(/<link rel="stylesheet"[^>]*katex[^>]*>/, KATEX_CSS)),
        '/harmonic.html': serve(golden('math-mathjax').replace('</head>', `${MATHJAX3_CSS}</head>`)),
        '/mean-value.html': serve(golden('math-mathml')),
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
    const highlighted = (await until(page, highlightNow, null, 'the sentence highlight')).text;
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

  // With the pages' own stylesheets, as readers meet them: KaTeX's clips its MathML copy into a
  // 1 px box, which the capture took for screen-reader-only text; MathJax 2's formulas are the
  // TeX of `math/tex` scripts, which the capture emptied with the page's code.
  test('reader view keeps every formula of KaTeX, MathJax 2 and 3 and MathML pages', async () => {
    for (const [url, count] of [['/squares.html', 6], ['/harmonic.html', 5], ['/mean-value.html', 4]]) {
      const page = await h.open(url);
      assert.equal((await h.run(page, 'reader')).found, true);
      const got = await page.evaluate(() => {
        const a = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article');
        return [...a.querySelectorAll('math')].filter((m) => m.namespaceURI === 'http://www.w3.org/1998/Math/MathML' && m.textContent).length;
      });
      assert.equal(got, count, `${url}: formulas in the reader`);
      await page.close();
    }
  });

  // What the reader sees of a formula is not always its `math`: KaTeX and MathJax 3 draw glyphs
  // beside a clipped MathML copy, Wikipedia a picture beside a hidden one. Each must stay drawn.
  test('strip mode keeps every formula drawn, on KaTeX, MathJax 3 and MathML pages', async () => {
    const pages = [
      // [page, what draws each formula, how many, what strip mode must hide]
      ['/squares.html', '.katex-html', 6, ['.site-header nav', 'aside.sidebar', 'footer.site-footer']],
      ['/squares.html', '.katex-display', 2, []],
      // (The engine takes this page's one-line footer for the article's last paragraph.)
      ['/harmonic.html', 'mjx-container > mjx-math', 2, ['#menu']],
      ['/mean-value.html', 'img[class^=mwe-math-fallback-image], p > math', 4, ['#p-search', '#footer']],
    ];
    for (const [url, drawn, count, clutter] of pages) {
      const page = await h.open(url);
      const r = await h.run(page, 'strip');
      assert.equal(r.ok, true, JSON.stringify(r));
      const got = await page.evaluate(([drawn, clutter]) => {
        const shown = (el) => {
          const b = el.getBoundingClientRect();
          return !el.closest('[data-dana-hidden]') && getComputedStyle(el).visibility === 'visible' && b.width > 0 && b.height > 0;
        };
        return {
          formulas: [...document.querySelectorAll(drawn)].map(shown),
          clutter: clutter.map((c) => shown(document.querySelector(c))),
        };
      }, [drawn, clutter]);
      assert.deepEqual(got.formulas, Array(count).fill(true), `${url}: ${drawn}`);
      assert.deepEqual(got.clutter, clutter.map(() => false), `${url}: hidden ${clutter}`);
      if (drawn === '.katex-html') await page.screenshot({ path: path.join(OUT, 'strip-math.png'), caret: 'initial' });
      await page.close();
    }
  });

  // *Read: Math* off: display formulas are skipped (blocks of their own) and inline ones are left
  // out of their sentence's words, while the highlight still covers the sentence as written and a
  // word reported by the voice is found in it past the formulas.
  test('read-aloud leaves inline formulas out of what is said when math is not read', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await h.open('/mean-value.html');
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US']]);
    assert.equal((await h.run(page, 'speak')).active, true);
    const bar = (id) => page.locator(`[data-dana-surface=reader] .speechbar #${id}`);
    const last = async () => (await h.isolated(page, fakeRecord)).spoken.at(-1).text;
    const word = wordNow;
    await bar('read-math').uncheck();
    // Read-aloud starts with the headline: past it and the paragraph's first sentence.
    await bar('next').click();
    await bar('next').click();
    const said = 'For a function  continuous on a closed interval and differentiable inside it, there is a point  in between where';
    assert.equal(await last(), said);
    assert.equal((await page.evaluate(highlightNow)).text, said.replace('function  ', 'function f ').replace('point  ', 'point c '));
    // The voice reports the word after the second formula, at its place in what was said.
    for (const w of ['continuous', 'between']) {
      await h.isolated(page, ([at, len]) => globalThis.__fake.boundary(at, len), [said.indexOf(w), w.length]);
      assert.equal(await page.evaluate(word), w);
    }
    // The display formula is passed; the plain MathML of the next paragraph is left out too.
    await bar('next').click();
    assert.equal(await last(), 'A page may also write its MathML plainly, without a picture beside it, as in , which the reader keeps as it is.');
    // Math read again: the formulas are words of their sentence.
    await bar('read-math').check();
    await bar('prev').click();
    await bar('prev').click();
    assert.equal(await last(), said.replace('function  ', 'function f ').replace('point  ', 'point c '));
    await page.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });
});
