// End-to-end tests of the browser extension (issue 5): real Chromium, the unpacked extension
// (a test copy with the test server's host permission, see extension-harness.test.mjs), corpus
// pages from a local server, some of them under `Content-Security-Policy: script-src 'self'`.
// Screenshots of each mode go to tests/e2e/out/.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, readerState, until, OUT } from './extension-harness.test.mjs';
import { pickPages, requireAtLeast, REPO } from './lib/corpus.mjs';
import { DEMO_NAV, DEMO_PAGE, langOf, pathOf, norm, goldLines, installFakeSpeech, fakeRecord, fakeFinish, highlightNow, LINKS_PAGE, NAV_PAGE } from './lib/fixtures.mjs';

const ENGLISH = pickPages([
  ['readability', 'ars-1'],
  ['readability', 'citylab-1'],
]);
const RTL = pickPages([
  ['r2l', 'fa-khabaronline'],
  ['r2l', 'ar-youm7'],
  ['r2l', 'ar-cnnarabic'],
]);
requireAtLeast(ENGLISH, 1, 'extension tests (English pages)');
requireAtLeast(RTL, 2, 'extension tests (right-to-left pages)');

// The demo article on a page whose markup names `__danaContent` every way HTML can (an id, an
// image's and a form's name: each makes `window.__danaContent` an object, which the content
// scripts' guard once checked) and whose script sets the same name and the guard's Symbol key in
// its own world; plus a nested list, whose items are blocks of their own inside another block.
const NAMED_MARKUP = `<div id="__danaContent" hidden></div><img name="__danaContent" alt="" src="/demo.png?named">
<form name="__danaContent" hidden><input name="__danaContent"><input name="parent"></form>
<script>window.__danaContent = { fake: true }; window[Symbol.for('dana-reader.content')] = true;</script>`;
const NESTED_LIST = `<ul><li>The outer item of a list holds a sentence of its own before the inner list.<ul>
<li>The inner item, one level down, is a block of its own and read on its own.</li></ul></li>
<li>The second outer item comes after the nested list and closes it.</li></ul>`;
// A long article written for this test: about eight windows of text at the default settings,
// so that the reader's first frame leaves most of it for the next (content/reader.js markLater).
const LONG_TOPICS = ['the river', 'the old mill', 'the harbour', 'the market square', 'the lighthouse', 'the orchard', 'the railway', 'the bridge'];
const LONG_PAGE = `<!DOCTYPE html><html lang="en"><head><title>A walk through the town - The Example Gazette</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav><main><article><h1>A walk through the town</h1>
${Array.from({ length: 48 }, (_, i) => {
  const topic = LONG_TOPICS[i % LONG_TOPICS.length];
  return `<p>Stop ${i + 1} of the walk is ${topic}. The guide tells how ${topic} looked a century ago, who worked there and what changed when the town grew. Visitors stand for a while, ask about the dates and the names, and walk on to the next stop along the same street, where the story goes on.</p>`;
}).join('\n')}
<p>The walk ends where it began, by the town hall, at the last stop of all.</p>
</article></main><footer><p>Terms of use</p></footer></body></html>`;

const NAMED_PAGE = DEMO_PAGE.replace('<body>', `<body>${NAMED_MARKUP}`).replace('</ol>', `</ol>${NESTED_LIST}`);

// A page whose consent panel and comment-rules dialog are hidden by its stylesheet (not by
// `hidden` or an inline style, which the engine sees in the markup) and whose panel is denser
// text than the article: on the markup alone the engine takes the panel (the article's
// sentences carry many links, and link-only lines stand between the three). Inside the
// article: a visually hidden (`.sr-only`) skip link and a line moved off the page, neither
// shown; a paragraph at `opacity: 0` that stays in the flow (a scroll-in animation waiting to
// run), and a closed <details>, both content.
const inlineLink = (w, i) => `<a href="/topic/${i}" class="inline-link text-sky-700 underline decoration-dotted">${w}</a>`;
const HIDDEN_ARTICLE = [
  'The river that runs through the old town rose by two metres in a single night.',
  'Engineers had warned for years that the embankment near the mill would not hold.',
  'By morning the water had reached the steps of the library and the market square.',
  'Volunteers carried books from the lower shelves to the reading room upstairs.',
  'The council met in the school hall because its own chamber was under water.',
  'A new flood plan will be published in the spring after a public consultation.',
];
const HIDDEN_SHOWN = [
  'The water began to fall on the second day, and the clean-up began at once.',
  'How the water levels were measured',
  'The levels come from the gauge at the stone bridge, read every fifteen minutes by the river authority.',
];
const HIDDEN_PANEL = [
  'Your privacy choices',
  'We and our partners store and access information on your device, such as cookies and unique identifiers, and process personal data such as browsing behaviour to personalise advertising and content, to measure advertising and content performance, to learn about our audiences and to develop and improve our products and services.',
  'You can accept all of these purposes, refuse them, or choose for each purpose and each partner separately; you can change your choices at any time from the privacy settings link at the foot of every page, and your choices apply to this site only.',
  'Some partners process your data on the basis of a legitimate interest, which you can object to in the detailed settings; strictly necessary cookies cannot be switched off, because the site cannot work without them, and they are listed with their purposes and lifetimes.',
  'Precise geolocation data and identification through device scanning may be used by some partners for the purposes listed above, only with your consent; the list of partners is long and is updated regularly, and every one of them is described with its own policy.',
];
const HIDDEN_RULES = [
  'Rules for comments',
  'Comments are moderated before they appear. Please keep to the subject of the article, write in a civil tone, and do not post personal attacks, insults, advertising or links to other sites, which will be removed without notice.',
  'Comments in capital letters, comments that repeat what others have already said, and comments that reveal personal information about anyone will not be published, and accounts that break these rules repeatedly will be suspended.',
];
const HIDDEN_SKIP = "Skip past the story to the readers' comments at the foot of the page";
const HIDDEN_OFFSCREEN = 'Advertisement: this story continues after the message from our sponsor below';
const linkList = (n) => Array.from({ length: n }, (_, i) => `<div class="menu-item"><a class="menu-link" href="/section/${i}">Section ${i}</a></div>`).join('\n');
const HIDDEN_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>The night the river rose | The Example Gazette</title>
<style>
.consent-prefs { display: none }
.comment-rules { position: fixed; inset: 10%; visibility: hidden; opacity: 0 }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0 }
.offscreen { position: absolute; left: -10000px; top: auto; width: 1px; height: 1px }
.reveal { opacity: 0 }
</style></head>
<body>
<div class="consent-prefs" role="region"><h2>${HIDDEN_PANEL[0]}</h2>
${HIDDEN_PANEL.slice(1).map((t) => `<p>${t}</p>`).join('\n')}
</div>
<div class="site-header">
${linkList(30)}
</div>
<main><article>
<h1>The night the river rose</h1>
<p class="sr-only"><a href="#comments">${HIDDEN_SKIP.replace("'", '&#39;')}</a></p>
<p class="offscreen">${HIDDEN_OFFSCREEN}</p>
${HIDDEN_ARTICLE.map((s, i) => `<p>${s.split(' ').map((w, j) => (j % 3 === 1 ? inlineLink(w, i * 20 + j) : w)).join(' ')}</p>`).join('\n')}
<p class="reveal">${HIDDEN_SHOWN[0]}</p>
<details><summary>${HIDDEN_SHOWN[1]}</summary><p>${HIDDEN_SHOWN[2]}</p></details>
</article></main>
<div class="widget-area">
${linkList(30)}
</div>
<div class="comment-rules" role="dialog"><h2>${HIDDEN_RULES[0]}</h2>
${HIDDEN_RULES.slice(1).map((t) => `<p>${t}</p>`).join('\n')}
</div>
</body></html>`;

// The content script's read-aloud state, asked through the same message the worker uses.
const speechState = async (h, page) => (await h.worker.evaluate((tabId) => chrome.tabs.sendMessage(tabId, { type: 'state' }), await h.tabId(page))).speech;

describe('Dana Reader extension in Chromium', () => {
  let h;
  before(async () => {
    h = await startHarness({
      routes: {
        // An article written for this test (so that a screenshot of it can go in the README
        // without any publisher's text): every block kind, a paragraph in the other direction,
        // and the boilerplate around it.
        '/demo.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" });
          res.end(DEMO_PAGE);
        },
        '/demo.png': async (req, res) => {
          res.writeHead(200, { 'Content-Type': 'image/png' });
          res.end(readFileSync(path.join(REPO, 'extension', 'icons', 'icon128.png')));
        },
        '/long.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(LONG_PAGE);
        },
        '/named.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(NAMED_PAGE);
        },
        '/hidden-panels.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(HIDDEN_PAGE);
        },
        // Bare links (the engine's last resort gives them) and the same links in <nav> (no article).
        '/links.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(LINKS_PAGE);
        },
        '/nav.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(NAV_PAGE);
        },
      },
    });
  });
  after(async () => {
    await h?.close();
  });

  test('reader view shows the article text and not the navigation', async () => {
    for (const p of ENGLISH) {
      const page = await h.open(pathOf(p));
      const navTexts = await page.evaluate(() => {
        const t = new Set();
        for (const a of document.querySelectorAll('nav a, header a, [role=navigation] a, footer a')) {
          const s = a.textContent.replace(/\s+/g, ' ').trim();
          if (s.length >= 6) t.add(s);
        }
        return [...t];
      });
      const r = await h.run(page, 'reader');
      const { ms, ...rest } = r;
      assert.deepEqual(rest, { ok: true, mode: 'reader', active: true, found: true }, `${p.id}: ${JSON.stringify(r)}`);
      console.log(`# reader ${p.id} (${(p.bytes.length / 1024).toFixed(0)} KiB): capture ${ms.capture} ms, engine ${ms.engine} ms, show ${ms.show} ms`);
      const st = await readerState(page);
      assert.ok(st.htmlAttr, 'the page is swapped for the reader');
      assert.equal(st.bodyDisplay, 'none', "the page's body is undisplayed, not removed");
      const text = norm(st.text);
      const gold = goldLines(p);
      assert.ok(gold.length >= 3, `${p.id}: gold text has paragraphs`);
      const found = gold.filter((l) => text.includes(l.slice(0, 60)));
      assert.ok(found.length / gold.length >= 0.6, `${p.id}: only ${found.length} of ${gold.length} gold paragraphs in the reader view`);
      const goldText = gold.join(' ');
      const nav = navTexts.filter((t) => !goldText.includes(t));
      assert.ok(nav.length >= 3, `${p.id}: the page has navigation links to look for (${nav.length})`);
      const leaked = nav.filter((t) => text.includes(t));
      assert.ok(leaked.length <= nav.length * 0.1, `${p.id}: navigation in the reader view: ${leaked.slice(0, 5).join(' | ')}`);
      await page.screenshot({ path: path.join(OUT, `reader-${p.id}.png`), caret: 'initial' });
      assert.equal((await h.run(page, 'reader')).active, false, 'running reader again toggles it off');
      assert.equal(await readerState(page), null);
      await page.close();
    }
  });

  test('reader view renders headline, byline, date, lists, quotes, figures, code and a right-to-left paragraph', async () => {
    const page = await h.open('/demo.html');
    await page.setViewportSize({ width: 1000, height: 780 });
    assert.equal((await h.run(page, 'reader')).found, true);
    // The reader's copy of the image has to load (it is the first request for /demo.png).
    await until(page, () => {
      const img = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('figure img');
      img?.scrollIntoView();
      return img && img.complete;
    }, null, 'the figure image');
    await page.evaluate(() => scrollTo(0, 0));
    const got = await page.evaluate(() => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      const a = r.querySelector('article');
      const img = a.querySelector('figure img');
      const rtl = [...a.querySelectorAll('p')].find((p) => /العربية/.test(p.textContent));
      return {
        title: r.querySelector('h1').textContent,
        site: r.querySelector('.site')?.textContent,
        meta: r.querySelector('.meta')?.textContent,
        h2: [...a.querySelectorAll('h2')].map((e) => e.textContent),
        ol: [...a.querySelectorAll('ol > li')].map((e) => e.textContent),
        quote: a.querySelector('blockquote')?.textContent,
        img: img && { src: new URL(img.src).pathname, alt: img.alt, loaded: img.complete && img.naturalWidth > 0 },
        caption: a.querySelector('figcaption')?.textContent,
        pre: a.querySelector('pre')?.textContent,
        rtl: rtl && { dir: rtl.getAttribute('dir'), direction: getComputedStyle(rtl).direction },
        text: a.innerText,
      };
    });
    assert.equal(got.title, 'How a reader view finds the article');
    assert.equal(got.site, 'The Example Gazette');
    assert.match(got.meta, /Ada Example · November 2, 2026 · \d+ min read/);
    assert.deepEqual(got.h2, ['Three steps']);
    assert.deepEqual(got.ol, ['Count the content and the code on every line.', 'Smooth the difference over neighbouring lines.', 'Keep the largest region where content wins, with its close neighbours.']);
    assert.match(got.quote, /mixture of writing and machinery/);
    // The page's image is lazy (a placeholder in src, the real URL in data-src): the capture
    // resolved it in its copy, and the live page's image is as the page left it.
    assert.deepEqual(got.img, { src: '/demo.png', alt: 'A page of text', loaded: true });
    assert.match(await page.evaluate(() => document.querySelector('img.lazy').getAttribute('src')), /^data:image\/gif/);
    assert.match(got.caption, /which is all that a reader view keeps/);
    assert.equal(got.pre, 'count(line) = text(line) - code(line)');
    assert.deepEqual(got.rtl, { dir: 'rtl', direction: 'rtl' });
    for (const t of [...DEMO_NAV, 'Accept all cookies', 'Related stories', 'Why menus keep growing', 'Sign up for the newsletter', 'Terms of use']) {
      assert.ok(!got.text.includes(t), `boilerplate in the reader view: ${t}`);
    }
    await page.screenshot({ path: path.join(OUT, 'reader-demo.png'), caret: 'initial' });
    // Read aloud from the open reader view (no second extraction), starting at the quotation.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await h.isolated(page, installFakeSpeech, [['English (United States)', 'en-US']]);
    assert.equal((await h.run(page, 'speak')).active, true);
    await page.locator('[data-dana-surface=reader] article blockquote').click();
    const rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, 'A page is a mixture of writing and machinery; the reader only wants the writing.');
    await h.isolated(page, fakeFinish);
    assert.match((await h.isolated(page, fakeRecord)).spoken.at(-1).text, /^Pictures that belong to the story/);
    await page.evaluate(() => document.activeElement.blur());
    // docs/img/reader-view.png, the README's picture, is this screenshot.
    await page.screenshot({ path: path.join(OUT, 'reader-demo-speak.png'), caret: 'initial' });
    await page.close();
  });

  test('the first frame skips the blocks below the window, and the whole article is there once it is shown', async () => {
    const page = await h.open('/long.html');
    // In the page's world (the test copy's shadow roots are open): which blocks the reader
    // marked when it was put in the page, and the marks removed after.
    await page.evaluate(() => {
      window.__later = { marked: [], removed: 0 };
      new MutationObserver((records) => {
        for (const n of records.flatMap((r) => [...r.addedNodes])) {
          if (n.nodeType !== 1 || n.getAttribute('data-dana-surface') !== 'reader') continue;
          const blocks = [...n.shadowRoot.querySelectorAll('.body > *')];
          window.__later.marked = blocks.map((b) => b.hasAttribute('data-later'));
          new MutationObserver((rs) => (window.__later.removed += rs.filter((x) => x.oldValue !== null).length)).observe(n.shadowRoot, { subtree: true, attributeFilter: ['data-later'], attributeOldValue: true });
        }
      }).observe(document.documentElement, { childList: true });
    });
    const r = await h.run(page, 'reader');
    assert.equal(r.ok && r.found, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const root = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      return { ...window.__later, left: root.querySelectorAll('[data-later]').length, text: root.querySelector('article').innerText };
    });
    const marked = got.marked.filter(Boolean).length;
    // The first window's blocks are laid out in the first frame; most of the article is not.
    assert.equal(got.marked[0], false, 'the first block is laid out in the first frame');
    assert.ok(marked >= got.marked.length / 2, `blocks left for the next frame: ${marked} of ${got.marked.length}`);
    assert.ok(got.marked.indexOf(true) > 0 && got.marked.slice(got.marked.indexOf(true)).every(Boolean), 'the marked blocks are the last ones');
    // Shown, the marks are gone, and the article's text is whole (the first pass's permanent
    // content-visibility lost the off-screen blocks from innerText).
    assert.equal(got.removed, marked);
    assert.equal(got.left, 0);
    assert.match(got.text, /Stop 48 of the walk is the bridge\./);
    assert.match(got.text, /at the last stop of all\./);
    await page.close();
  });

  test("reader view of right-to-left pages has the article's dir and lang", async () => {
    for (const p of RTL) {
      const page = await h.open(pathOf(p, 'csp')); // under script-src 'self': no wasm in the page
      const r = await h.run(page, 'reader');
      assert.equal(r.ok, true, `${p.id}: ${JSON.stringify(r)}`);
      console.log(`# reader ${p.id} (${(p.bytes.length / 1024).toFixed(0)} KiB): capture ${r.ms.capture} ms, engine ${r.ms.engine} ms, show ${r.ms.show} ms`);
      assert.equal(r.found, true, `${p.id}: article found`);
      const st = await readerState(page);
      assert.equal(st.dir, 'rtl', `${p.id}: dir`);
      assert.equal(st.lang?.split('-')[0], langOf(p), `${p.id}: lang`);
      const gold = goldLines(p);
      if (gold.length) {
        const found = gold.filter((l) => norm(st.text).includes(l.slice(0, 40)));
        assert.ok(found.length >= 1, `${p.id}: gold text in the reader view`);
      }
      // Text laid out right to left: the first paragraph's text starts at the right edge.
      const align = await page.evaluate(() => {
        const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p');
        return p && getComputedStyle(p).direction;
      });
      if (align) assert.equal(align, 'rtl');
      await page.screenshot({ path: path.join(OUT, `reader-${p.id}.png`), caret: 'initial' });
      await page.close();
    }
  });

  test('closing the reader view restores the page: typed input, scroll, focus, a playing video', async () => {
    const p = ENGLISH[0];
    const page = await h.open(pathOf(p, 'csp'));
    // A form and a video of the page's own (built in the page, as a site's script would).
    await page.evaluate(() => {
      const form = document.createElement('form');
      form.innerHTML = '<label>Comment <textarea id="t-comment"></textarea></label><label><input type="checkbox" id="t-check"> subscribe</label>';
      document.body.prepend(form);
      // One second of a 440 Hz tone as WAV, looped: a media element with a position.
      const rate = 8000;
      const n = rate;
      const buf = new DataView(new ArrayBuffer(44 + n * 2));
      const str = (o, s) => [...s].forEach((c, i) => buf.setUint8(o + i, c.charCodeAt(0)));
      str(0, 'RIFF'); buf.setUint32(4, 36 + n * 2, true); str(8, 'WAVEfmt '); buf.setUint32(16, 16, true);
      buf.setUint16(20, 1, true); buf.setUint16(22, 1, true); buf.setUint32(24, rate, true); buf.setUint32(28, rate * 2, true);
      buf.setUint16(32, 2, true); buf.setUint16(34, 16, true); str(36, 'data'); buf.setUint32(40, n * 2, true);
      for (let i = 0; i < n; i++) buf.setInt16(44 + i * 2, Math.sin((i / rate) * 2 * Math.PI * 440) * 8000, true);
      const video = document.createElement('video');
      video.id = 't-video';
      video.loop = true;
      video.muted = true;
      video.src = URL.createObjectURL(new Blob([buf], { type: 'audio/wav' }));
      document.body.prepend(video);
    });
    await page.locator('#t-comment').fill('typed by the reader, not to be lost');
    await page.locator('#t-check').check();
    await page.evaluate(() => document.getElementById('t-video').play());
    await until(page, () => document.getElementById('t-video').currentTime > 0.2, null, 'the video to play');
    await page.locator('#t-comment').focus();
    await page.evaluate(() => scrollTo(0, 1200));
    const before = await page.evaluate(() => ({ y: scrollY, html: document.body.outerHTML }));
    assert.ok(before.y > 1000, 'the page scrolled');

    const r = await h.run(page, 'reader');
    assert.equal(r.active, true);
    const during = await page.evaluate(() => {
      const v = document.getElementById('t-video');
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      return { paused: v.paused, t: v.currentTime, focused: r.activeElement?.id };
    });
    assert.equal(during.paused, true, 'the video pauses behind the reader');
    assert.equal(during.focused, 'dana-title', 'focus moves into the article');
    await page.waitForTimeout(400);
    // Escape closes the reader (a real key press).
    await page.keyboard.press('Escape');
    assert.equal(await readerState(page), null, 'Escape closed the reader');
    const after = await page.evaluate(() => {
      const v = document.getElementById('t-video');
      return {
        y: scrollY,
        comment: document.getElementById('t-comment').value,
        checked: document.getElementById('t-check').checked,
        focused: document.activeElement?.id,
        paused: v.paused,
        t: v.currentTime,
        html: document.body.outerHTML,
        attrs: document.documentElement.getAttributeNames(),
      };
    });
    assert.equal(after.comment, 'typed by the reader, not to be lost');
    assert.equal(after.checked, true);
    assert.equal(after.y, before.y, 'scroll position restored');
    assert.equal(after.focused, 't-comment', 'focus back where it was');
    assert.equal(after.paused, false, 'the video plays again');
    assert.ok(Math.abs(after.t - during.t) < 0.25 || after.t < during.t, `the video resumed where it was (${during.t} -> ${after.t})`);
    assert.equal(after.html, before.html, 'the body is exactly as before');
    assert.ok(!after.attrs.some((a) => a.startsWith('data-dana')), 'no Dana attribute left on <html>');
    await page.close();
  });

  test('read aloud speaks the sentences in order in the page language; highlight follows; pause, next, previous', async () => {
    const p = RTL[0];
    const lang = langOf(p);
    const page = await h.open(pathOf(p, 'csp'));
    // Instant scrolling (the reader honours reduced motion), so positions and screenshots are final.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US'], [`Fake ${lang}`, `${lang}-XX`]]);
    // The sentences the engine gives for this page, for comparison.
    const engineRun = async (block) => {
      return h.worker.evaluate(
        async ([tabId, block]) => {
          await self.dana.inject(tabId);
          const { html, url } = await chrome.tabs.sendMessage(tabId, { type: 'capture' });
          const ex = self.dana.engine.extract(html, { url });
          return ex.sentences.filter((s) => s.block >= block).map((s) => s.text);
        },
        [await h.tabId(page), block]
      );
    };
    const expected = await engineRun(0);
    assert.ok(expected.length >= 5, `the engine gives the article's sentences (${expected.length})`);

    const r = await h.run(page, 'speak');
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.playing, undefined); // run() reports the mode; the page state is read below
    let rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.length, 1, 'the first sentence is being spoken');
    for (let i = 1; i < 4; i++) {
      const hl = await page.evaluate(highlightNow);
      // Exactly the sentence: the engine's offsets map straight onto its own article HTML.
      assert.equal(hl.text, expected[i - 1], `highlight on sentence ${i}`);
      // In view: its start below the sticky controls and above the bottom of the window (a
      // whole paragraph read as one sentence can be taller than the window).
      await until(page, () => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        const b = r.querySelector('[data-hl=sentence]')?.getBoundingClientRect();
        const bar = r.querySelector('.controls').getBoundingClientRect();
        return b && b.top >= bar.bottom && b.top + 20 <= innerHeight;
      }, null, 'the highlighted sentence in view');
      await h.isolated(page, fakeFinish);
    }
    rec = await h.isolated(page, fakeRecord);
    assert.deepEqual(rec.spoken.map((s) => s.text), expected.slice(0, 4), 'spoken in order');
    assert.ok(rec.spoken.every((s) => s.lang.startsWith(lang) && s.voice === `Fake ${lang}`), `spoken in ${lang}: ${JSON.stringify(rec.spoken[0])}`);

    // Pause: speech is cancelled and the end of the cancelled sentence does not advance.
    const bar = (sel) => page.locator(`[data-dana-surface=reader] ${sel}`);
    await bar('#play').click();
    let st = await speechState(h, page);
    assert.equal(st.playing, false);
    assert.equal(await bar('#play').getAttribute('aria-pressed'), 'false');
    await until(page, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.status').textContent === 'Paused.', null, 'Paused announced');
    const spokenBefore = (await h.isolated(page, fakeRecord)).spoken.length;
    await h.isolated(page, fakeFinish);
    assert.equal((await h.isolated(page, fakeRecord)).spoken.length, spokenBefore, 'nothing spoken while paused');
    // Play again: the interrupted sentence again.
    await bar('#play').click();
    rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, expected[3]);
    await bar('#next').click();
    rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, expected[4], 'next sentence');
    assert.equal((await page.evaluate(highlightNow)).text, expected[4]);
    await bar('#prev').click();
    await bar('#prev').click();
    rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, expected[2], 'previous sentence, twice');
    await until(page, () => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      const b = r.querySelector('[data-hl=sentence]').getBoundingClientRect();
      const bar = r.querySelector('.controls').getBoundingClientRect();
      return b.top >= bar.bottom && b.top + 20 <= innerHeight;
    }, null, 'the highlight in view after going back');
    await page.screenshot({ path: path.join(OUT, `speak-${p.id}.png`), caret: 'initial' });

    // Start from a chosen paragraph: click it.
    const target = await page.evaluate(() => {
      const ps = [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article .body p[data-block]')];
      const el = ps[Math.min(ps.length - 1, 5)];
      el.scrollIntoView();
      return Number(el.dataset.block);
    });
    await page.locator(`[data-dana-surface=reader] article .body p[data-block="${target}"]`).click();
    st = await speechState(h, page);
    const [first] = await engineRun(target);
    rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, first, 'reading starts at the clicked paragraph');
    assert.equal(st.playing, true);
    // Turning it off closes the reader view.
    assert.equal((await h.run(page, 'speak')).active, false);
    assert.equal(await readerState(page), null);
    await page.close();
  });

  test('read aloud says plainly when no voice speaks the language', async () => {
    const p = RTL.find((x) => x.id === 'ar-cnnarabic') || RTL.find((x) => langOf(x) === 'ar') || RTL[0];
    const page = await h.open(pathOf(p));
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US']]);
    const r = await h.run(page, 'speak');
    assert.equal(r.ok, true);
    const status = await until(page, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.speechbar [role=status]').textContent, null, 'a status');
    assert.match(status, /No voice for Arabic \(ar\) is installed/);
    const rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.length, 0, 'nothing spoken in a wrong voice');
    // The reader can still choose a voice by hand.
    await page.locator('[data-dana-surface=reader] #voice').selectOption('Fake English');
    await page.locator('[data-dana-surface=reader] #play').click();
    assert.equal((await h.isolated(page, fakeRecord)).spoken.length, 1);
    await page.screenshot({ path: path.join(OUT, `speak-novoice-${p.id}.png`), caret: 'initial' });
    await page.close();
  });

  test('strip mode hides the boilerplate, keeps the article, and undoes cleanly', async () => {
    for (const p of [...ENGLISH, RTL[0]]) {
      const page = await h.open(pathOf(p, 'csp'));
      const before = await page.evaluate(() => document.body.outerHTML);
      const r = await h.run(page, 'strip');
      assert.equal(r.ok, true, JSON.stringify(r));
      console.log(`# strip ${p.id}: capture ${r.ms.capture} ms, engine ${r.ms.engine} ms, show ${r.ms.show} ms`);
      assert.equal(r.active, true);
      const gold = goldLines(p).map((l) => l.slice(0, 50));
      const seen = await page.evaluate((gold) => {
        const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
        // Which gold paragraphs are still on screen, by the live elements that hold them.
        const blocks = [...document.querySelectorAll('p, li, h1, h2, h3, blockquote, div')];
        const norm = (s) => s.replace(/\s+/g, ' ').trim();
        const shown = gold.filter((g) => blocks.some((b) => visible(b) && norm(b.textContent).includes(g)));
        const nav = [...document.querySelectorAll('nav, [role=navigation], footer')];
        return {
          shown: shown.length,
          hidden: document.querySelectorAll('[data-dana-hidden]').length,
          navVisible: nav.filter(visible).length,
          nav: nav.length,
          bar: !!document.querySelector('[data-dana-surface=strip]'),
        };
      }, gold);
      assert.ok(seen.hidden > 0, `${p.id}: something hidden`);
      assert.ok(seen.shown / gold.length >= 0.6, `${p.id}: article visible (${seen.shown}/${gold.length} gold paragraphs)`);
      assert.ok(seen.nav > 0 && seen.navVisible === 0, `${p.id}: navigation hidden (${seen.navVisible}/${seen.nav} visible)`);
      assert.ok(seen.bar, 'the undo bar is shown');
      await page.screenshot({ path: path.join(OUT, `strip-${p.id}.png`), caret: 'initial' });
      await page.locator('[data-dana-surface=strip] button').click(); // Undo
      const after = await page.evaluate(() => ({ html: document.body.outerHTML, hidden: document.querySelectorAll('[data-dana-hidden]').length, bar: !!document.querySelector('[data-dana-surface=strip]') }));
      assert.equal(after.hidden, 0);
      assert.equal(after.bar, false);
      assert.equal(after.html, before, `${p.id}: the page is exactly as before`);
      await page.close();
    }
  });

  test('page markup named __danaContent does not switch the extension off: every mode works', async () => {
    const page = await h.open('/named.html');
    // The markup does what it did to the old guard: in the content scripts' own world too,
    // `__danaContent` is an object (the named elements).
    assert.equal(await h.isolated(page, () => typeof globalThis.__danaContent), 'object');
    await h.isolated(page, installFakeSpeech, [['English (United States)', 'en-US']]);
    for (const mode of ['reader', 'speak', 'strip']) {
      const r = await h.run(page, mode);
      assert.equal(r.ok, true, `${mode}: ${JSON.stringify(r)}`);
      assert.deepEqual([r.active, r.found], [true, true], `${mode}: ${JSON.stringify(r)}`);
      if (mode === 'strip') assert.ok(await page.evaluate(() => document.querySelectorAll('[data-dana-hidden]').length > 0), 'strip hid something');
      else assert.ok((await readerState(page)).text.includes('How a reader view finds the article'), `${mode}: the reader shows the article`);
      assert.equal((await h.run(page, mode)).active, false, `${mode} toggles off`);
    }
    assert.deepEqual(page.danaErrors, []);
    await page.close();
  });

  test('read aloud highlights exactly each sentence it speaks, nested list items included', async () => {
    const page = await h.open('/named.html');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await h.isolated(page, installFakeSpeech, [['English (United States)', 'en-US']]);
    assert.equal((await h.run(page, 'speak')).active, true);
    // The nested list sits in the item before it (a list holds only items).
    const lists = await page.evaluate(() => {
      const body = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body');
      return { listInList: body.querySelectorAll(':is(ul, ol) > :is(ul, ol)').length, inner: body.querySelector('li > ul > li')?.textContent };
    });
    assert.deepEqual(lists, { listInList: 0, inner: 'The inner item, one level down, is a block of its own and read on its own.' });
    const { total } = await speechState(h, page);
    assert.ok(total >= 15, `sentences: ${total}`);
    const spoken = [];
    for (let i = 0; i < total; i++) {
      const said = (await h.isolated(page, fakeRecord)).spoken.at(-1).text;
      const hl = await page.evaluate(highlightNow);
      assert.equal(hl && hl.text, said, `sentence ${i + 1} of ${total}: the highlight is the spoken sentence`);
      spoken.push(said);
      await h.isolated(page, fakeFinish);
    }
    assert.equal(new Set(spoken).size, total, 'every sentence once');
    for (const item of ['The outer item of a list holds a sentence of its own before the inner list.', 'The inner item, one level down, is a block of its own and read on its own.']) {
      assert.ok(spoken.includes(item), `spoken alone: ${item}`);
    }
    await page.close();
  });

  test('strip mode: the engine chooses the kept elements; an attribute value naming an id keeps nothing; the page gets only ids', async () => {
    const page = await h.open('/demo.html');
    // A paragraph of the article carries, as the value of an attribute, the id that capture will
    // give the related-stories sidebar (ids are document order, <html> being 0).
    const target = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')];
      const id = all.indexOf(document.querySelector('aside'));
      document.querySelector('main article p').setAttribute('title', ` data-dana-id="${id}" `);
      return id;
    });
    assert.ok(target > 0);
    // What the worker sends to the page, recorded.
    await h.worker.evaluate(() => {
      self.__sent = [];
      self.__realSend = chrome.tabs.sendMessage;
      chrome.tabs.sendMessage = (tabId, msg, ...rest) => {
        self.__sent.push({ type: msg.type, keys: Object.keys(msg).sort(), bytes: JSON.stringify(msg).length, keep: msg.keep });
        return self.__realSend.call(chrome.tabs, tabId, msg, ...rest);
      };
    });
    let r;
    let sent;
    try {
      r = await h.run(page, 'strip');
    } finally {
      sent = await h.worker.evaluate(() => {
        chrome.tabs.sendMessage = self.__realSend;
        return self.__sent;
      });
    }
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
      return { aside: visible(document.querySelector('aside')), article: visible(document.querySelector('main article p')), nav: visible(document.querySelector('nav')) };
    });
    assert.deepEqual(got, { aside: false, article: true, nav: false }, 'the sidebar is hidden although an attribute names its id');
    const show = sent.find((m) => m.type === 'show');
    assert.deepEqual(show.keys, ['found', 'keep', 'mode', 'reason', 'settings', 'type'], 'strip mode receives the ids, not the extraction');
    assert.ok(show.keep.length > 0 && show.keep.every(Number.isInteger) && !show.keep.includes(target), JSON.stringify(show.keep));
    assert.ok(show.bytes < 2000, `the show message is ${show.bytes} bytes`);
    await page.locator('[data-dana-surface=strip] button').click();
    await page.close();
  });

  test("the reader's own allowlist removes what the engine's HTML should never hold", async () => {
    // The engine builds the article from an allowlist (tests/xss.rs, xss.test.mjs); this is the
    // second line: the engine's HTML is tampered with in the worker, after the engine ran.
    const page = await h.open('/demo.html');
    await h.worker.evaluate(() => {
      self.__realExtract = self.dana.engine.extract;
      self.dana.engine.extract = (html, options) => {
        const ex = self.__realExtract(html, options);
        const bad = '<p data-block="999" onclick="alert(1)" style="position:fixed" class="x">Tampered paragraph <a href="javascript:alert(2)">bad link</a> ' +
          '<a href="https://example.org/ok" target="_blank" onmouseover="alert(3)">good link</a><img src="x" onerror="alert(4)" alt="pic"></p>' +
          '<script>alert(5)</script><iframe src="https://example.org/"></iframe><svg><a href="javascript:alert(6)"><text>svg text</text></a></svg>' +
          '<form action="https://example.org/"><input name="q"></form><div>unexpected element</div><!-- comment -->' +
          // A code block's class: `language-x` on `code` only (issue 13).
          '<pre data-block="998" class="language-js"><code class="language-js x" onclick="alert(7)">one</code><code class="language-a&quot;b">two</code>' +
          '<code class="language-rust">three</code></pre>';
        return { ...ex, html: ex.html.replace('</article>', `${bad}</article>`) };
      };
    });
    try {
      assert.equal((await h.run(page, 'reader')).found, true);
    } finally {
      await h.worker.evaluate(() => (self.dana.engine.extract = self.__realExtract));
    }
    const got = await page.evaluate(() => {
      const body = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body');
      const p = [...body.querySelectorAll('p')].find((e) => e.textContent.startsWith('Tampered paragraph'));
      return {
        p: p && p.outerHTML,
        pre: body.querySelector('pre[data-block="998"]')?.outerHTML,
        foreign: [...body.querySelectorAll('script, iframe, svg, form, input, div')].map((e) => e.localName),
        text: body.textContent,
        comments: document.createTreeWalker(body, NodeFilter.SHOW_COMMENT).nextNode() !== null,
      };
    });
    assert.equal(
      got.p,
      '<p data-block="999">Tampered paragraph <a>bad link</a> <a href="https://example.org/ok" rel="noopener noreferrer">good link</a>' +
        '<img alt="pic" loading="lazy" decoding="async" referrerpolicy="no-referrer"></p>'
    );
    assert.equal(got.pre, '<pre data-block="998"><code>one</code><code>two</code><code class="language-rust">three</code></pre>');
    assert.deepEqual(got.foreign, []);
    assert.ok(!/svg text|unexpected element/.test(got.text), 'unexpected elements go with their content');
    assert.equal(got.comments, false);
    assert.deepEqual(page.danaErrors, []);
    await page.close();
  });

  test('a failure inside the engine leaves the page untouched, with a clear message', async () => {
    const p = ENGLISH[0];
    const page = await h.open(pathOf(p, 'csp'));
    await page.evaluate(() => scrollTo(0, 500));
    const before = await page.evaluate(() => ({ html: document.body.outerHTML, y: scrollY }));
    await h.worker.evaluate(() => {
      self.__realExtract = self.dana.engine.extract;
      self.dana.engine.extract = () => {
        throw new Error('forced failure (test)');
      };
    });
    try {
      for (const mode of ['reader', 'strip', 'speak']) {
        const r = await h.run(page, mode);
        assert.equal(r.ok, false, mode);
        assert.match(r.error, /forced failure \(test\)/);
        const after = await page.evaluate(() => ({
          html: document.body.outerHTML,
          y: scrollY,
          reader: !!document.querySelector('[data-dana-surface=reader]'),
          msg: document.querySelector('[data-dana-surface=message]')?.shadowRoot.querySelector('[role=alert]')?.textContent,
        }));
        assert.equal(after.html, before.html, `${mode}: page untouched`);
        assert.equal(after.y, before.y);
        assert.equal(after.reader, false);
        assert.match(after.msg, /could not read this page.*forced failure \(test\).*The page has not been changed\./s);
      }
      await page.screenshot({ path: path.join(OUT, 'engine-failure.png'), caret: 'initial' });
    } finally {
      await h.worker.evaluate(() => (self.dana.engine.extract = self.__realExtract));
    }
    // With the engine back, the same page works.
    assert.equal((await h.run(page, 'reader')).found, true);
    await page.close();
  });

  // Selects the list items 3 to 5 of #links, presses the panel's `button`, and checks that the
  // reader shows exactly those items.
  async function readsSelection(page, button) {
    await page.evaluate(() => {
      const items = document.querySelectorAll('#links li');
      const r = document.createRange();
      r.setStartBefore(items[3]);
      r.setEndAfter(items[5]);
      getSelection().removeAllRanges();
      getSelection().addRange(r);
    });
    await page.locator('[data-dana-surface=message] button', { hasText: button }).click();
    await until(page, () => !!document.querySelector('[data-dana-surface=reader]'), null, 'the reader view');
    const st = await readerState(page);
    assert.match(st.text, /Link number 3\s+Link number 4\s+Link number 5/);
    assert.doesNotMatch(st.text, /Link number 6/);
  }

  test('a page without an article says so and offers to read a selection instead', async () => {
    const page = await h.open('/nav.html');
    const r = await h.run(page, 'reader');
    assert.equal(r.ok, true);
    if (r.found) return assert.fail('the engine found an article in a page of navigation: ' + JSON.stringify(r));
    const msg = page.locator('[data-dana-surface=message] [role=alert]');
    assert.match(await msg.textContent(), /No article found on this page/);
    await page.screenshot({ path: path.join(OUT, 'no-article.png'), caret: 'initial' });
    await readsSelection(page, 'Show selection in reader');
    await page.close();
  });

  test('a page of bare links: its text is found, the reader says it does not look like an article, and a selection can be read', async () => {
    const page = await h.open('/links.html');
    const r = await h.run(page, 'reader', { showAnyway: false });
    assert.equal(r.found, true, JSON.stringify(r));
    assert.equal(r.active, false, 'the reader waits for the user');
    const msg = page.locator('[data-dana-surface=message] [role=alert]');
    assert.match(await msg.textContent(), /does not look like an article/);
    await readsSelection(page, 'Use my selection');
    await page.close();
  });

  test('what the browser does not render is not content: panels hidden by a stylesheet, sr-only text; the live page unchanged', async () => {
    const page = await h.open('/hidden-panels.html');
    // The page hides the panels with its stylesheet only: nothing in their markup says so.
    const live = await page.evaluate(() => ['.consent-prefs', '.comment-rules'].map((q) => {
      const el = document.querySelector(q);
      return { attrs: el.getAttributeNames().sort(), rendered: el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) };
    }));
    assert.deepEqual(live, [{ attrs: ['class', 'role'], rendered: false }, { attrs: ['class', 'role'], rendered: false }]);
    const before = await page.evaluate(() => document.body.outerHTML);
    const r = await h.run(page, 'reader');
    assert.equal(r.found, true, JSON.stringify(r));
    // The capture marked its copy only: no `hidden` appeared in the live page.
    assert.equal(await page.evaluate(() => document.querySelectorAll('[hidden]').length), 0);
    const got = await page.evaluate(() => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      return { title: r.querySelector('h1')?.textContent, text: r.querySelector('article').textContent };
    });
    assert.equal(got.title, 'The night the river rose');
    const text = norm(got.text);
    for (const t of [...HIDDEN_ARTICLE, ...HIDDEN_SHOWN]) assert.ok(text.includes(t), `missing from the reader view: ${t}`);
    for (const t of [...HIDDEN_PANEL, ...HIDDEN_RULES, HIDDEN_SKIP, HIDDEN_OFFSCREEN]) {
      assert.ok(!text.includes(t.slice(0, 40)), `hidden text in the reader view: ${t.slice(0, 40)}`);
    }
    assert.equal((await h.run(page, 'reader')).active, false);
    assert.equal(await page.evaluate(() => document.body.outerHTML), before, 'the page is as it was');
    await page.close();
  });
});
