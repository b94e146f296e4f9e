// The extension in Firefox ESR (issue 17): the scenarios of the Chromium suite
// (extension.test.mjs) that a user meets first, in the browser the Firefox package is for.
// Firefox is driven over WebDriver BiDi (puppeteer-core); the extension is a temporary add-on,
// reached through the test bridge described in lib/firefox.mjs. Screenshots go to
// tests/e2e/out/firefox-*.png.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startFirefoxHarness } from './lib/firefox.mjs';
import { readerState, until, settle, OUT } from './extension-harness.test.mjs';
import { pickPages, requireAtLeast } from './lib/corpus.mjs';
import { DEMO_NAV, DEMO_PAGE, langOf, pathOf, norm, goldLines, installFakeSpeech, fakeRecord, fakeFinish, highlightNow, LINKS_PAGE, NAV_PAGE } from './lib/fixtures.mjs';

const ENGLISH = pickPages([['readability', 'citylab-1']]);
const RTL = pickPages([
  ['r2l', 'fa-khabaronline'],
  ['r2l', 'ar-youm7'],
]);
requireAtLeast(ENGLISH, 1, 'Firefox tests (English pages)');
requireAtLeast(RTL, 1, 'Firefox tests (right-to-left pages)');

const html = (body, csp) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...(csp ? { 'Content-Security-Policy': "script-src 'self'" } : {}) });
  res.end(body);
};

// A long article of twelve sections (issue 34: a Contents jump at 1280 px).
const para = (i) =>
  `<p>Paragraph ${i} of the long article says something about the harbour and the ferry, and then it goes on at some length about the timetable, the weather and the people who wait at the pier for the first boat of the day.</p>`;
const LONG_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A long article</title></head><body><main><article><h1>A long article</h1>
${Array.from({ length: 12 }, (_, s) => `<h2>Section ${s + 1}</h2>\n${Array.from({ length: 8 }, (_, i) => para(s * 8 + i)).join('\n')}`).join('\n')}
</article></main></body></html>`;

describe('Dana Reader extension in Firefox', () => {
  let h;
  before(async () => {
    await mkdir(OUT, { recursive: true });
    h = await startFirefoxHarness({
      routes: { '/demo.html': html(DEMO_PAGE, true), '/links.html': html(LINKS_PAGE, false), '/nav.html': html(NAV_PAGE, false), '/long.html': html(LONG_PAGE, true) },
      isolated: [installFakeSpeech, fakeRecord, fakeFinish],
    });
  });
  after(async () => {
    await h?.close();
  });

  test('reader view on a plain page and on a strict-CSP page shows the article, not the navigation', async () => {
    for (const [p, prefix] of [[ENGLISH[0], 'corpus'], [ENGLISH[0], 'csp']]) {
      const page = await h.open(pathOf(p, prefix));
      const r = await h.run(page, 'reader');
      const { ms, ...rest } = r;
      assert.deepEqual(rest, { ok: true, mode: 'reader', active: true, found: true }, `${p.id} (${prefix}): ${JSON.stringify(r)}`);
      console.log(`# firefox reader ${p.id} (${prefix}): capture ${ms.capture} ms, engine ${ms.engine} ms, show ${ms.show} ms`);
      const st = await readerState(page);
      assert.ok(st.htmlAttr, 'the page is swapped for the reader');
      const text = norm(st.text);
      const gold = goldLines(p);
      const found = gold.filter((l) => text.includes(l.slice(0, 60)));
      assert.ok(found.length / gold.length >= 0.6, `${p.id}: only ${found.length} of ${gold.length} gold paragraphs in the reader view`);
      await page.screenshot({ path: path.join(OUT, `firefox-reader-${p.id}-${prefix}.png`) });
      await page.close();
    }
  });

  test('the demo article: headline, byline, every block kind, no boilerplate', async () => {
    const page = await h.open('/demo.html');
    assert.equal((await h.run(page, 'reader')).found, true);
    const got = await page.evaluate(() => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      const a = r.querySelector('article');
      return {
        title: r.querySelector('h1').textContent,
        meta: r.querySelector('.meta')?.textContent,
        h2: [...a.querySelectorAll('h2')].map((e) => e.textContent),
        items: a.querySelectorAll('ol > li').length,
        pre: a.querySelector('pre')?.textContent,
        rtl: getComputedStyle([...a.querySelectorAll('p')].find((p) => /العربية/.test(p.textContent))).direction,
        text: a.textContent,
      };
    });
    assert.equal(got.title, 'How a reader view finds the article');
    assert.match(got.meta, /Ada Example/);
    assert.deepEqual(got.h2, ['Three steps']);
    assert.equal(got.items, 3);
    assert.equal(got.pre, 'count(line) = text(line) - code(line)');
    assert.equal(got.rtl, 'rtl');
    for (const t of [...DEMO_NAV, 'Accept all cookies', 'Sign up for the newsletter']) assert.ok(!got.text.includes(t), `boilerplate: ${t}`);
    await page.screenshot({ path: path.join(OUT, 'firefox-reader-demo.png') });
    await page.close();
  });

  test("right-to-left pages: the article's dir and lang", async () => {
    for (const p of RTL) {
      const page = await h.open(pathOf(p, 'csp'));
      const r = await h.run(page, 'reader');
      assert.equal(r.found, true, `${p.id}: ${JSON.stringify(r)}`);
      const st = await readerState(page);
      assert.equal(st.dir, 'rtl', p.id);
      assert.equal(st.lang?.split('-')[0], langOf(p), p.id);
      const direction = await page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p')).direction);
      assert.equal(direction, 'rtl', `${p.id}: laid out right to left`);
      await page.screenshot({ path: path.join(OUT, `firefox-reader-${p.id}.png`) });
      await page.close();
    }
  });

  test('closing the reader restores the page byte for byte', async () => {
    const page = await h.open(pathOf(ENGLISH[0], 'csp'));
    await settle(page);
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    assert.equal((await h.run(page, 'reader')).active, true);
    assert.equal((await h.run(page, 'reader')).active, false, 'running it again turns it off');
    assert.equal(await readerState(page), null);
    assert.equal(await page.evaluate(() => document.documentElement.outerHTML), before);
    await page.close();
  });

  test('read aloud speaks the sentences in order with a faked speech engine; the highlight follows', async () => {
    const p = RTL[0];
    const lang = langOf(p);
    const page = await h.open(pathOf(p, 'csp'));
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US'], [`Fake ${lang}`, `${lang}-XX`]]);
    const r = await h.run(page, 'speak');
    assert.equal(r.ok, true, JSON.stringify(r));
    let rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.length, 1, 'the first sentence is being spoken');
    assert.equal(rec.spoken[0].voice, `Fake ${lang}`, "the voice of the page's language");
    for (let i = 1; i < 4; i++) {
      const hl = await until(page, highlightNow, null, 'a highlight');
      assert.equal(norm(hl.text), norm(rec.spoken.at(-1).text), `highlight on sentence ${i}`);
      await h.isolated(page, fakeFinish);
      rec = await h.isolated(page, fakeRecord);
      assert.equal(rec.spoken.length, i + 1, 'the next sentence follows');
    }
    const st = await readerState(page);
    assert.ok(rec.spoken.every((s) => norm(st.text).includes(norm(s.text))), 'every spoken sentence is in the article');
    await page.screenshot({ path: path.join(OUT, `firefox-speak-${p.id}.png`) });
    await page.close();
  });

  test('strip mode hides the boilerplate and Undo restores the page exactly', async () => {
    const p = ENGLISH[0];
    const page = await h.open(pathOf(p, 'csp'));
    await settle(page);
    const before = await page.evaluate(() => document.body.outerHTML);
    const r = await h.run(page, 'strip');
    assert.equal(r.active, true, JSON.stringify(r));
    const seen = await page.evaluate(() => {
      const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      const nav = [...document.querySelectorAll('nav, [role=navigation], footer')];
      return { hidden: document.querySelectorAll('[data-dana-hidden]').length, nav: nav.length, navVisible: nav.filter(visible).length };
    });
    assert.ok(seen.hidden > 0, 'something hidden');
    assert.ok(seen.nav > 0 && seen.navVisible === 0, `navigation hidden (${seen.navVisible}/${seen.nav} visible)`);
    await page.screenshot({ path: path.join(OUT, `firefox-strip-${p.id}.png`) });
    await (await page.$('[data-dana-surface=strip] >>> button')).click(); // Undo
    await until(page, () => !document.querySelector('[data-dana-surface=strip]'), null, 'the strip bar gone');
    assert.equal(await page.evaluate(() => document.body.outerHTML), before, 'the page is exactly as before');
    await page.close();
  });

  // Issue 34: "a thin white strip shows above the controls after a Contents jump". Firefox
  // scrolls the visual viewport by fractions of a pixel while the layout viewport, which the
  // sticky controls keep to, stays on whole pixels: a jump by a heading's fractional distance
  // left the two apart, and the page's canvas showed in the gap above the controls.
  test('a Contents jump leaves the controls at the very top, the heading just below them', async () => {
    const page = await h.open('/long.html');
    await page.setViewport({ width: 1280, height: 800 });
    assert.equal((await h.run(page, 'reader')).found, true);
    for (const n of [3, 7, 11]) {
      await (await page.$('[data-dana-surface=reader] >>> #contents')).click();
      await (await page.$$('[data-dana-surface=reader] >>> .toc-entry'))[n - 1].click();
      // Until the (smooth) scroll has stopped.
      let last = -1;
      for (let i = 0; i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const y = await page.evaluate(() => visualViewport.pageTop);
        if (y === last) break;
        last = y;
      }
      const got = await page.evaluate(() => {
        const host = document.querySelector('[data-dana-surface=reader]');
        const a = host.shadowRoot.activeElement;
        return {
          heading: a?.textContent,
          below: Math.round(a.getBoundingClientRect().top - host.shadowRoot.querySelector('.controls').getBoundingClientRect().bottom),
          offset: visualViewport.offsetTop,
          top: [0, 640, 1200].every((x) => document.elementFromPoint(x, 0) === host),
        };
      });
      assert.deepEqual(got, { heading: `Section ${n}`, below: 16, offset: 0, top: true }, `Section ${n}`);
    }
    await page.screenshot({ path: path.join(OUT, 'firefox-contents-jump.png') });
    await page.close();
  });

  test('a page without an article says so; a page of bare links does not look like one', async () => {
    const alert = () => document.querySelector('[data-dana-surface=message]')?.shadowRoot?.querySelector('[role=alert]')?.textContent;
    let page = await h.open('/nav.html');
    let r = await h.run(page, 'reader');
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.found, false, 'no article in a page of navigation');
    assert.match(await until(page, alert, null, 'the message'), /No article found on this page/);
    await page.screenshot({ path: path.join(OUT, 'firefox-no-article.png') });
    await page.close();

    page = await h.open('/links.html');
    r = await h.run(page, 'reader');
    assert.equal(r.found, true, JSON.stringify(r));
    assert.equal(r.active, false, 'the reader waits for the user');
    assert.match(await until(page, alert, null, 'the panel'), /does not look like an article/);
    await page.close();
  });
});
