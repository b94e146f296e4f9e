// Hostile and unusual pages against the extension (issue 15): real Chromium, the test copy of
// the extension (extension-harness.test.mjs), pages written for each finding. Every test here
// failed on the code before its fix (the commit that added it says so).
//
// The reader view, the strip bar and the message panel live in closed shadow roots, which page
// script cannot open; these tests reach them the way only an extension can, from the content
// scripts' isolated world with `chrome.dom.openOrClosedShadowRoot` (`inSurface` below).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, until } from './extension-harness.test.mjs';
import { readFileSync } from 'node:fs';
import { installFakeSpeech, fakeFinish } from './lib/fixtures.mjs';

const PARAS = [
  'The river that runs through the old town rose by two metres in a single night, and by morning the water had reached the steps of the library.',
  'Engineers had warned for years that the embankment near the mill would not hold, and the council had twice postponed the repairs for lack of money.',
  'Volunteers carried books from the lower shelves to the reading room upstairs while the water crept across the floor of the main hall.',
  'The council met in the school hall because its own chamber was under water, and the mayor promised a full inquiry into the failed embankment.',
  'A new flood plan will be published in the spring after a public consultation, with money set aside for the embankment and for new gauges.',
  'The water began to fall on the second day, and the clean-up began at once in the streets nearest the river and in the market square.',
];
const NAV = ['Front page', 'World news', 'Technology', 'Subscribe today', 'Sign in to comment', 'Weather'];
const nav = () => `<nav><ul>${NAV.map((t, i) => `<li><a href="/n${i}">${t}</a></li>`).join('')}</ul></nav>`;
const aside = () => `<aside><h2>Related stories</h2><ul>${['Ten tips for faster pages', 'Why menus keep growing', 'The banner advert'].map((t, i) => `<li><a href="/r${i}">${t}</a></li>`).join('')}</ul></aside>`;
const article = (n = 1) => `<article><h1>The night the river rose</h1>${Array.from({ length: n }, (_, k) => PARAS.map((p, i) => `<p id="p${k * PARAS.length + i}">${p}</p>`).join('\n')).join('\n')}</article>`;
const page = (body, { title = 'The night the river rose | The Example Gazette', head = '' } = {}) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

// An ASP.NET-style page: everything inside one <form>, whose named controls shadow the form's
// own properties (`form.parentElement` is the input, `form.children` the select); images
// named like document properties shadow those (`document.body` is an <img>).
const FORM_PAGE = page(`<img name="body" alt="" src="data:,"><img name="documentElement" alt="" src="data:,"><img name="activeElement" alt="" src="data:,">
<form id="aspnetForm" action="/post">
<input type="hidden" name="parentElement" value="x"><input type="hidden" name="hasAttribute" value="x">
<input type="hidden" name="localName" value="x"><input type="hidden" name="getAttribute" value="x">
<select name="children"><option>One</option><option>Two</option></select>
<header>${nav()}</header><main>${article()}</main>${aside()}
<footer><p><a href="/about">About us</a> · <a href="/contact">Contact</a></p></footer>
</form>`);

// The article beside `depth` nested <div>s built by script (the HTML parser stops nesting at
// 512). Undisplayed: Chromium's own layout does not survive 40,000 levels of boxes.
const deepPage = (depth) =>
  page(`${nav()}<main>${article()}</main><div id="deep" style="display: none"></div>${aside()}<script>
let at = document.getElementById('deep');
for (let i = 0; i < ${depth}; i++) { const d = document.createElement('div'); at.appendChild(d); at = d; }
at.textContent = 'The bottom of the deep tree.';
</script>`);

// A page that tries to own the reader: custom elements under the names Dana's parts once had
// (their constructors throw), styles that blur, fade, cover or recolour the reader, and (in
// the test) script that reaches for it.
const GRABBY_PAGE = page(`<header>${nav()}</header><main>${article()}</main>${aside()}
<script>
for (const name of ['dana-reader', 'dana-strip-bar', 'dana-message']) {
  customElements.define(name, class extends HTMLElement { constructor() { super(); throw new Error('owned by the page'); } });
}
</script>`, {
  head: `<style>
html { filter: blur(3px) !important; }
html[data-dana-reader]::after { content: 'Session expired: sign in again'; position: fixed; inset: 0; z-index: 2147483647; background: #c00; }
[data-dana-surface], html > div { filter: blur(4px) !important; opacity: .1 !important; transform: scale(.2) !important; --bg: #c00 !important; --fg: #c00 !important; }
</style>`,
});

// A page of `chars` characters (its markup as the capture serialises it, give or take a few
// hundred): the paragraphs again and again, numbered.
const bigPage = (chars) => {
  const shell = page(`<header>${nav()}</header><main><article><h1>The night the river rose</h1>@</article></main>${aside()}`);
  const paras = [];
  for (let i = 0, len = shell.length; len < chars; i++) {
    paras.push(`<p>${i}. ${PARAS[i % PARAS.length]}</p>`);
    len += paras[i].length + 1;
  }
  return shell.replace('@', paras.join('\n'));
};
// Just under and just over the limit of capture.js (MAX_CHARS, 12 million characters of HTML).
const BIG_PAGE = bigPage(11.9e6);
const TOO_BIG_PAGE = bigPage(12.1e6);

const SPA_PAGE = page(`<header>${nav()}</header><main id="app">${article()}</main>${aside()}`);
const LONG_PAGE = page(`<header>${nav()}</header><div class="promo"><p>${'A very tall promotion. '.repeat(40)}</p></div><main>${article(6)}</main>${aside()}`);

const RSS = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Gazette</title>
${PARAS.map((p, i) => `<item><title>Story ${i}</title><description>${p}</description></item>`).join('')}</channel></rss>`;
const SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><text x="10" y="20">${PARAS[0]}</text></svg>`;

// An article with a link, a quotation and a code block among its paragraphs (issue 37).
const READING_PAGE = page(`<header>${nav()}</header><main><article><h1>The night the river rose</h1>
<p>${PARAS[0]}</p><p>${PARAS[1].replace('the embankment', '<a href="/embankment">the embankment</a>')}</p>
<blockquote><p>${PARAS[2]}</p></blockquote><p>${PARAS[3]}</p><pre><code>level = gauge.read()</code></pre><p>${PARAS[4]}</p><p>${PARAS[5]}</p>
</article></main>${aside()}`);

// A page that fills the document-wide registries shadow trees read from before the reader opens:
// custom properties registered under the reader's names (not inherited, so that every var()
// below the element that sets one would take the page's initial value), and font faces under
// the names of common system families and of the generic ones, all drawn with a monospace font.
const PAGE_COLOUR = 'rgb(1, 2, 3)';
const FAMILIES = ['Georgia', 'Noto Serif', 'DejaVu Serif', 'Times New Roman', 'Noto Sans', 'DejaVu Sans', 'Arial', 'Helvetica', 'Liberation Serif', 'Liberation Sans',
  'serif', 'sans-serif', 'system-ui', 'monospace', 'ui-monospace', 'DejaVu Sans Mono'];
const REGISTRIES_PAGE = page(`<header>${nav()}</header><main><article><h1>The night the river rose</h1>
<p>${PARAS[0]}</p><p>${PARAS[1].replace('the embankment', '<a href="/embankment">the embankment</a>')}</p><blockquote><p>${PARAS[2]}</p></blockquote>
${PARAS.slice(3).map((p) => `<p>${p}</p>`).join('')}</article></main>${aside()}
<script>
for (const name of ['--fg', '--bg', '--muted', '--link', '--rule', '--bar', '--hl', '--hl-fg', '--focus', '--speaking', '--ruler-shade']) {
  CSS.registerProperty({ name, syntax: '<color>', inherits: false, initialValue: '${PAGE_COLOUR}' });
}
for (const name of ['--dana-size', '--dana-width']) CSS.registerProperty({ name, syntax: '<length>', inherits: false, initialValue: '3px' });
</script>`, { head: `<style>${FAMILIES.map((f) => `@font-face { font-family: "${f}"; src: local("Liberation Mono"), local("DejaVu Sans Mono"); }`).join('\n')}</style>` });

// Lazy images (issue 37). Without a script that swaps them in: a real placeholder image whose
// `data-src` is a tracker's, and a data: placeholder whose `data-src` the page never loads.
// With one: the image in view swapped at load, the one further down still waiting.
const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
const figure = (img, caption) => `<figure>${img}<figcaption>${caption}</figcaption></figure>`;
const LAZY_NONE_PAGE = page(`<header>${nav()}</header><main><article><h1>The night the river rose</h1><p>${PARAS[0]}</p>
${figure('<img src="/img/placeholder.png" data-src="/track.gif?reader=1" alt="The river at dawn" width="640" height="400">', 'The river at dawn, from the old bridge.')}
<p>${PARAS[1]}</p>${figure(`<img src="${GIF}" data-src="/never.png" alt="The library steps" width="640" height="400">`, 'The steps of the library under water.')}
${PARAS.slice(2).map((p) => `<p>${p}</p>`).join('')}</article></main>${aside()}`);
const LAZY_LOADER_PAGE = page(`<header>${nav()}</header><main><article><h1>The night the river rose</h1><p>${PARAS[0]}</p>
${figure(`<img class="lazy" src="${GIF}" data-src="/shown.png" alt="The river at dawn" width="640" height="400">`, 'The river at dawn, from the old bridge.')}
${PARAS.slice(1).map((p) => `<p>${p}</p>`).join('')}${figure(`<img class="lazy" src="${GIF}" data-src="/later.png" alt="The library steps" width="640" height="400">`, 'The steps of the library under water.')}
</article></main>${aside()}<script>document.querySelector('img.lazy').src = document.querySelector('img.lazy').dataset.src;</script>`);

const html = (body, type = 'text/html; charset=utf-8') => (req, res) => {
  res.writeHead(200, { 'Content-Type': type });
  res.end(body);
};

// Runs fn(root, host, arg) in the isolated world with the shadow root of Dana's surface that
// matches `selector` (null when there is none), whatever the host is called.
async function inSurface(h, pg, selector, fn, arg = null) {
  const tabId = await h.tabId(pg);
  // Source text, as in the harness's `isolated`: the isolated world's CSP forbids eval.
  return h.worker.evaluate(`(async () => {
    const [r] = await chrome.scripting.executeScript({
      target: { tabId: ${tabId} }, world: 'ISOLATED', args: [${JSON.stringify(selector)}, ${JSON.stringify(arg)}],
      func: (selector, arg) => {
        for (const el of document.documentElement.children) {
          const root = chrome.dom.openOrClosedShadowRoot(el);
          if (root && root.querySelector(selector)) return (${fn.toString()})(root, el, arg);
        }
        return null;
      },
    });
    return r.result;
  })()`);
}

// The fonts Chromium draws the first element matching `selector` inside Dana's reader with (the
// DevTools protocol reaches into closed shadow roots), most glyphs first.
async function renderedFonts(h, pg, selector) {
  const cdp = await h.context.newCDPSession(pg);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    const walk = (n, f) => {
      if (f(n)) return n;
      for (const c of [...(n.children || []), ...(n.shadowRoots || [])]) {
        const x = walk(c, f);
        if (x) return x;
      }
      return null;
    };
    const host = walk(root, (n) => (n.attributes || []).join(' ').includes('data-dana-surface reader'));
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: host.shadowRoots[0].nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.sort((a, b) => b.glyphCount - a.glyphCount).map((f) => f.familyName);
  } finally {
    await cdp.detach();
  }
}

// What the user sees of the page (the reader or strip bar excluded).
const visibleText = (pg) => pg.evaluate(() => document.body.innerText);
const withTimeout = (p, ms, what) => Promise.race([p, new Promise((_, no) => setTimeout(() => no(new Error(`${what}: no answer in ${ms} ms`)), ms))]);

describe('hostile pages (issue 15)', () => {
  let h;
  before(async () => {
    h = await startHarness({
      openShadowRoots: false, // the shipped bundle: closed shadow roots
      routes: {
        '/form.html': html(FORM_PAGE),
        '/deep-40000.html': html(deepPage(40000)),
        '/deep-20000.html': html(deepPage(20000)),
        '/spa.html': html(SPA_PAGE),
        '/grabby.html': html(GRABBY_PAGE),
        '/big.html': html(BIG_PAGE),
        '/too-big.html': html(TOO_BIG_PAGE),
        '/long.html': html(LONG_PAGE),
        '/feed.xml': html(RSS, 'application/xml'),
        '/image.svg': html(SVG, 'image/svg+xml'),
        '/plain.html': html(page(`<header>${nav()}</header><main>${article()}</main>${aside()}`)),
        '/reading.html': html(READING_PAGE),
        '/registries.html': html(REGISTRIES_PAGE),
        '/lazy-none.html': html(LAZY_NONE_PAGE),
        '/lazy-loader.html': html(LAZY_LOADER_PAGE),
      },
    });
  });
  after(async () => {
    await h?.close();
  });

  test('form controls named like DOM properties neither freeze, fool nor break strip mode and the reader', async () => {
    const pg = await h.open('/form.html');
    const r = await withTimeout(h.run(pg, 'strip'), 10000, 'strip on a page with shadowing form controls');
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.active, true);
    const seen = await pg.evaluate(() => {
      const shown = (sel) => [...document.querySelectorAll(sel)].some((e) => e.getClientRects().length > 0);
      return { nav: shown('nav'), aside: shown('aside'), article: shown('article p'), optionsHidden: document.querySelectorAll('option[data-dana-hidden]').length };
    });
    assert.deepEqual(seen, { nav: false, aside: false, article: true, optionsHidden: 0 });
    assert.equal((await h.run(pg, 'strip')).active, false, 'strip toggles off');
    const rr = await withTimeout(h.run(pg, 'reader'), 10000, 'reader');
    assert.deepEqual([rr.ok, rr.active, rr.found], [true, true, true], JSON.stringify(rr));
    const text = await inSurface(h, pg, 'article', (root) => root.querySelector('article').textContent);
    assert.ok(text.includes(PARAS[3]), 'the reader shows the article');
    await pg.close();
  });

  // The capture's time at 20,000 levels is printed, not asserted: speed is measured by the
  // benchmarks (docs/PERFORMANCE.md), and a timed assertion fails on a loaded machine.
  test('a 40,000-deep and a 20,000-deep DOM open in the reader without crashing the tab', async () => {
    for (const depth of [40000, 20000]) {
      // Not h.open: its wait for the page to settle serialises the body, and Chromium's own
      // serialiser recurses (that crashes the tab at this depth).
      const pg = await h.context.newPage();
      await pg.goto(`${h.server.url}/deep-${depth}.html#deep`, { waitUntil: 'load' });
      let crashed = false;
      pg.on('crash', () => (crashed = true));
      const r = await withTimeout(h.run(pg, 'reader'), 30000, `reader on a ${depth}-deep page`);
      assert.equal(crashed, false, 'the tab did not crash');
      assert.deepEqual([r.ok, r.active, r.found], [true, true, true], JSON.stringify(r));
      console.log(`# ${depth}-deep DOM: capture ${r.ms.capture} ms, engine ${r.ms.engine} ms, show ${r.ms.show} ms`);
      await pg.close();
    }
  });

  test('XML feeds and SVG documents are refused politely, with nothing applied', async () => {
    for (const url of ['/feed.xml', '/image.svg']) {
      const pg = await h.open(url);
      const before = await pg.evaluate(() => new XMLSerializer().serializeToString(document));
      for (const mode of ['strip', 'reader']) {
        const r = await withTimeout(h.run(pg, mode), 10000, `${mode} on ${url}`);
        assert.equal(r.ok, false, JSON.stringify(r));
        assert.match(r.error, /^Dana Reader reads web pages; this is an? (XML document|SVG image)\.$/, `${url}: ${r.error}`);
        const after = await pg.evaluate(() => new XMLSerializer().serializeToString(document));
        assert.equal(after, before, `${url}, ${mode}: the document is unchanged`);
      }
      await pg.close();
    }
  });

  test('a view-source: page gets an answer, not an endless wait', async () => {
    const pg = await h.context.newPage();
    await pg.goto(`view-source:${h.server.url}/plain.html`);
    await pg.bringToFront();
    // The test's host permission does not cover view-source: URLs, so the worker does not see
    // this tab's address (the user's click would grant it, activeTab): it is the active tab.
    const tabId = await h.worker.evaluate(async () => (await chrome.tabs.query({ active: true })).find((t) => !t.url)?.id);
    assert.ok(tabId);
    const r = await withTimeout(h.worker.evaluate((id) => self.dana.run(id, 'reader'), tabId), 30000, 'reader on view-source:');
    assert.equal(r.ok, false, JSON.stringify(r));
    console.log(`# view-source: ${r.error}`);
    assert.doesNotMatch(r.error, /Error|Failed to|Cannot access/);
    await pg.close();
  });

  test('state follows the screen: after the page removes the reader or calls document.open(), the next click opens it', async () => {
    const pg = await h.open('/plain.html');
    assert.equal((await h.run(pg, 'reader')).active, true);
    // The page removes every element of <html> that is not its own head or body.
    await pg.evaluate(() => {
      for (const el of [...document.documentElement.children]) if (el !== document.head && el !== document.body) el.remove();
    });
    const again = await h.run(pg, 'reader');
    assert.deepEqual([again.ok, again.active], [true, true], `the reader opens again: ${JSON.stringify(again)}`);
    assert.ok(await inSurface(h, pg, 'article', (root) => root.querySelector('article').textContent.includes('river')));
    // document.open() replaces the whole document, reader and all.
    await pg.evaluate((markup) => {
      document.open();
      document.write(markup);
      document.close();
    }, page(`<header>${nav()}</header><main>${article()}</main>${aside()}`));
    const third = await h.run(pg, 'reader');
    assert.deepEqual([third.ok, third.active], [true, true], `after document.open(): ${JSON.stringify(third)}`);
    // Strip mode: the page removes the bar; what was hidden is shown again, and the next click
    // strips again.
    assert.equal((await h.run(pg, 'strip')).active, true);
    assert.ok(await pg.evaluate(() => document.querySelectorAll('[data-dana-hidden]').length > 0));
    await pg.evaluate(() => document.querySelector('[data-dana-surface=strip]').remove());
    await until(pg, () => document.querySelectorAll('[data-dana-hidden]').length === 0, null, 'the page restored');
    assert.equal((await h.run(pg, 'strip')).active, true, 'strip mode turns on again');
    await pg.close();
  });

  test('the page cannot own, read, fake-close or restyle the reader, nor the strip bar', async () => {
    const pg = await h.open('/grabby.html');
    const r = await h.run(pg, 'reader');
    assert.deepEqual([r.ok, r.active, r.found], [true, true, true], `custom elements of the page's own: ${JSON.stringify(r)}`);
    const fromPage = await pg.evaluate(() => {
      const host = document.querySelector('[data-dana-surface=reader]');
      // Page script closes the reader with a synthetic Escape, at every level it can reach.
      for (const t of [document.activeElement, document, window, host]) t.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
      const cs = getComputedStyle(host);
      const rect = host.getBoundingClientRect();
      const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
      return {
        shadowRoot: host.shadowRoot,
        open: !!document.querySelector('[data-dana-surface=reader]'),
        filter: cs.filter,
        opacity: cs.opacity,
        transform: cs.transform,
        htmlFilter: getComputedStyle(document.documentElement).filter,
        cover: getComputedStyle(document.documentElement, '::after').content,
        hit: hit === host,
        width: rect.width === innerWidth || rect.width === document.documentElement.clientWidth,
      };
    });
    assert.deepEqual(fromPage, { shadowRoot: null, open: true, filter: 'none', opacity: '1', transform: 'none', htmlFilter: 'none', cover: 'none', hit: true, width: true });
    // Inside, the reader's own colours, whatever the page set on the host.
    const colours = await inSurface(h, pg, 'article', (root) => {
      const cs = getComputedStyle(root.querySelector('.surface'));
      return [cs.backgroundColor, cs.color];
    });
    assert.notDeepEqual(colours, ['rgb(204, 0, 0)', 'rgb(204, 0, 0)']);
    assert.ok(!colours.includes('rgb(204, 0, 0)'), JSON.stringify(colours));
    assert.equal((await h.run(pg, 'reader')).active, false, 'the user can still close it');
    const s = await h.run(pg, 'strip');
    assert.deepEqual([s.ok, s.active], [true, true], `strip: ${JSON.stringify(s)}`);
    assert.equal(await pg.evaluate(() => document.querySelector('[data-dana-surface=strip]').shadowRoot), null);
    assert.deepEqual(pg.danaErrors.filter((e) => !/owned by the page/.test(e.message)), []);
    await pg.close();
  });

  test('settings in storage are used only when allowed: a 350-character font or a made-up theme is not', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.set({ settings: { font: 'x'.repeat(350), theme: 'hacked', fontSize: 1e9, lineHeight: 'tall', voice: 'a\u0000b' } }));
    try {
      const pg = await h.open('/plain.html');
      assert.equal((await h.run(pg, 'reader')).active, true);
      const got = await inSurface(h, pg, 'article', (root) => {
        const s = root.querySelector('.surface');
        // The reader's custom properties carry a suffix of their own (dom.js cssVar).
        const prop = (name) => [...s.style].filter((p) => p.startsWith(`${name}-`)).map((p) => s.style.getPropertyValue(p)).join();
        return { theme: s.getAttribute('data-theme'), font: s.getAttribute('data-font'), size: prop('--dana-size'), leading: prop('--dana-leading') };
      });
      assert.deepEqual(got, { theme: 'system', font: 'serif', size: '32px', leading: '1.6' });
      await pg.close();
    } finally {
      await h.worker.evaluate(() => chrome.storage.sync.remove('settings'));
    }
  });

  test('the page receives the article once: HTML, block kinds, sentences as offsets; strip mode only ids', async () => {
    const pg = await h.open('/plain.html');
    await h.worker.evaluate(() => {
      self.__sent = [];
      self.__realSend = chrome.tabs.sendMessage;
      chrome.tabs.sendMessage = (tabId, msg, ...rest) => {
        self.__sent.push({ type: msg.type, json: JSON.stringify(msg) });
        return self.__realSend.call(chrome.tabs, tabId, msg, ...rest);
      };
    });
    let sent;
    try {
      assert.equal((await h.run(pg, 'reader')).active, true);
    } finally {
      sent = await h.worker.evaluate(() => {
        chrome.tabs.sendMessage = self.__realSend;
        return self.__sent;
      });
    }
    const show = JSON.parse(sent.find((m) => m.type === 'show').json);
    const { article: a } = show;
    // Each paragraph's text is in the message once (in the HTML), not again per block or sentence.
    for (const p of PARAS) assert.equal(sent.find((m) => m.type === 'show').json.split(p.slice(0, 60)).length - 1, 1, p.slice(0, 30));
    assert.deepEqual(Object.keys(a.blocks[0]), ['kind']);
    assert.deepEqual(Object.keys(a.sentences[0]).sort(), ['block', 'end', 'start']);
    // Read-aloud still finds every sentence's text, read off the rendered article.
    const texts = await inSurface(h, pg, 'article', (root) => root.querySelector('article').textContent);
    assert.ok(PARAS.every((p) => texts.includes(p)));
    await pg.close();
  });

  test('an 11 MB article (a page just under the stated limit, 12 million characters) opens; one just over is refused in plain words', async () => {
    const pg = await h.open('/big.html');
    const r = await withTimeout(h.run(pg, 'reader'), 120000, 'reader on an 11 MB article');
    assert.deepEqual([r.ok, r.active, r.found], [true, true, true], JSON.stringify(r));
    console.log(`# ${(BIG_PAGE.length / 1e6).toFixed(1)} million characters: capture ${r.ms.capture} ms, engine ${r.ms.engine} ms, show ${r.ms.show} ms`);
    const last = await inSurface(h, pg, 'article', (root) => root.querySelector('article .body').lastElementChild.textContent);
    assert.match(last, /^\d+\. /);
    await pg.close();
    const big = await h.open('/too-big.html');
    const t = await withTimeout(h.run(big, 'reader'), 120000, 'reader on a page over the limit');
    assert.equal(t.ok, false);
    assert.match(t.error, /too large \(12\.\d million characters; the limit is 12 million\)/);
    await big.close();
  });

  test('strip mode keeps the article visible when a single-page app re-renders it', async () => {
    const pg = await h.open('/spa.html');
    assert.equal((await h.run(pg, 'strip')).active, true);
    assert.ok((await visibleText(pg)).includes(PARAS[2]));
    await pg.evaluate(() => {
      const main = document.getElementById('app');
      main.innerHTML = main.innerHTML;
    });
    await new Promise((r) => setTimeout(r, 100));
    const text = await visibleText(pg);
    assert.ok(text.includes(PARAS[2]), `the re-rendered article is visible: ${JSON.stringify(text.slice(0, 200))}`);
    assert.ok(!text.includes('World news'), 'the navigation stays hidden');
    // A late addition beside the article is still hidden.
    await pg.evaluate(() => document.getElementById('app').insertAdjacentHTML('afterend', '<div class="ad">Buy now, late advert</div>'));
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(!(await visibleText(pg)).includes('late advert'), 'a late advert is hidden');
    await pg.close();
  });

  test("strip's Undo keeps the paragraph being read where it was, and gives the focus back", async () => {
    const pg = await h.open('/long.html');
    // The reader had focused paragraph 20 before strip mode, and scrolls to it.
    await pg.evaluate(() => {
      const p = document.getElementById('p20');
      p.tabIndex = -1;
      p.focus();
    });
    assert.equal((await h.run(pg, 'strip')).active, true);
    await pg.evaluate(() => document.getElementById('p20').scrollIntoView({ block: 'start' }));
    const top0 = await pg.evaluate(() => document.getElementById('p20').getBoundingClientRect().top);
    const undo = await inSurface(h, pg, 'button', (root) => {
      const r = root.querySelector('button').getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await pg.mouse.click(undo.x, undo.y);
    const after = await pg.evaluate(() => ({
      top: document.getElementById('p20').getBoundingClientRect().top,
      hidden: document.querySelectorAll('[data-dana-hidden]').length,
      focus: document.activeElement.id,
    }));
    assert.equal(after.hidden, 0, 'undone');
    assert.equal(after.focus, 'p20', 'the focus is back where it was');
    assert.ok(Math.abs(after.top - top0) <= 2, `paragraph 20 moved from ${top0} to ${after.top} px`);
    await pg.close();
  });

  // Issue 37: read-aloud's sentence and word highlights were Ranges in the document's
  // CSS.highlights, which hands the page nodes of the closed shadow root; from there the page
  // rewrote the headline and the first paragraph.
  test("read-aloud's highlights are out of the page's reach: nothing in CSS.highlights, not a word of the reader changed", async () => {
    const pg = await h.open('/reading.html');
    await h.isolated(pg, installFakeSpeech, [['Local English', 'en-GB', true]]);
    const r = await h.run(pg, 'speak');
    assert.deepEqual([r.ok, r.active], [true, true], JSON.stringify(r));
    const shown = () => inSurface(h, pg, 'article', (root) => root.querySelector('main').textContent);
    const before = await shown();
    assert.ok(before.includes(PARAS[0]));
    // What the page did: every range of every highlight, to the root it stands in, rewritten.
    const attack = () =>
      pg.evaluate(() => {
        const names = [];
        for (const [name, hl] of CSS.highlights) {
          names.push(name);
          for (const range of hl) {
            const root = range.startContainer.getRootNode();
            if (root === document) continue;
            const title = root.querySelector('h1');
            if (title) title.textContent = 'TAMPERED TITLE';
            const p = root.querySelector('article p');
            if (p) p.textContent = 'TAMPERED BY PAGE: call 555-0100 to verify your account';
          }
        }
        return names;
      });
    for (let i = 0; i < 4; i++) {
      assert.deepEqual(await attack(), [], `sentence ${i + 1}: the page finds no highlight`);
      // A word boundary: the word is highlighted inside the sentence.
      await h.isolated(pg, () => globalThis.__fake.boundary(0, 3));
      assert.deepEqual(await attack(), [], `sentence ${i + 1}, a word: the page finds no highlight`);
      const marks = await inSurface(h, pg, 'article', (root) => ['sentence', 'word'].map((k) => root.querySelectorAll(`[data-hl=${k}]`).length > 0));
      assert.deepEqual(marks, [true, true], 'the reader draws both highlights in its own tree');
      await h.isolated(pg, fakeFinish);
    }
    assert.equal(await shown(), before, 'not a word of the reader changed');
    assert.equal((await h.run(pg, 'speak')).active, false);
    await pg.close();
  });

  // Found while auditing the document-wide registries for issue 37: the page's registered
  // custom properties and its font faces apply inside shadow trees too. A non-inherited
  // registration of a name the reader uses gave every var() under the element that sets it the
  // page's colour (links, quotations, buttons); a face named like a system family the reader
  // named drew the article's text with the page's glyphs, which a crafted font can make into
  // other words.
  test("the page's registered custom properties and font faces reach nothing in the reader", async () => {
    const pg = await h.open('/registries.html');
    const r = await h.run(pg, 'reader');
    assert.deepEqual([r.ok, r.active], [true, true], JSON.stringify(r));
    const colours = await inSurface(h, pg, 'article', (root) => {
      const c = (sel) => {
        const cs = getComputedStyle(root.querySelector(sel));
        return [cs.color, cs.backgroundColor, cs.borderTopColor];
      };
      const s = getComputedStyle(root.querySelector('.surface'));
      return { link: c('article a'), quote: c('blockquote'), button: c('#close'), controls: c('.controls'), meta: c('.site, .meta, h1'), size: s.fontSize, width: getComputedStyle(root.querySelector('article')).maxWidth };
    });
    assert.ok(!JSON.stringify(colours).includes('rgb(1, 2, 3)'), `the page's colour in the reader: ${JSON.stringify(colours)}`);
    assert.notEqual(colours.size, '3px');
    assert.notEqual(colours.width, '3px');
    for (const sel of ['article .body p', 'h1', 'article a', '#close']) {
      const fonts = await renderedFonts(h, pg, sel);
      assert.ok(!fonts.some((f) => /Mono/.test(f)), `${sel} is drawn with the page's face: ${fonts}`);
    }
    await pg.close();
  });

  // Issue 37, low: the page read "Dana OpenDyslexic" (a health-related choice) in document.fonts,
  // kept after the reader closed, and "Dana Reader" in the Media Session's metadata.
  test('the page finds no telling font name, none after closing, and no extension name in the Media Session', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.set({ settings: { font: 'opendyslexic' } }));
    try {
      const pg = await h.open('/reading.html');
      await h.isolated(pg, installFakeSpeech, [['Local English', 'en-GB', true]]);
      const fonts = () => pg.evaluate(() => [...document.fonts].map((f) => `${f.family} ${f.status}`));
      assert.deepEqual(await fonts(), [], 'the page has no faces of its own');
      assert.equal((await h.run(pg, 'speak')).active, true);
      const shown = await until(pg, () => [...document.fonts].some((f) => f.status === 'loaded') && [...document.fonts].map((f) => f.family), null, 'the bundled faces');
      assert.ok(!shown.some((f) => /dana|dyslexic|lexend|atkinson|naskh|nastaliq/i.test(f)), `telling names: ${shown}`);
      const meta = await pg.evaluate(() => {
        const m = navigator.mediaSession.metadata;
        return m && JSON.stringify({ title: m.title, artist: m.artist, album: m.album });
      });
      assert.ok(meta && meta.includes('The night the river rose'), `read-aloud sets the session: ${meta}`);
      assert.doesNotMatch(meta, /Dana/i);
      // Closed (read-aloud first, then the reader).
      for (let i = 0; i < 3 && (await h.run(pg, 'reader')).active; i++);
      assert.equal(await pg.evaluate(() => document.querySelector('[data-dana-surface=reader]')), null);
      assert.deepEqual(await fonts(), [], 'no face of the reader left after closing');
      await pg.close();
    } finally {
      await h.worker.evaluate(() => chrome.storage.sync.remove('settings'));
    }
  });

  // Issue 37: the speech queue is the page's too. What the page does with it stops read-aloud
  // (said in the bar); it never carries on under the page's control. The fake engine of the
  // tests stands for the shared queue: its cancel() (the fake `speechSynthesis.cancel`) is what
  // the page's speechSynthesis.cancel() does to the reader's utterance.
  test('read-aloud stops, and says so, when the page cancels the speech', async () => {
    const pg = await h.open('/reading.html');
    await h.isolated(pg, installFakeSpeech, [['Local English', 'en-GB', true]]);
    assert.equal((await h.run(pg, 'speak')).active, true);
    const state = () => inSurface(h, pg, '#speechbar', (root) => ({ play: root.querySelector('#play').getAttribute('aria-pressed'), status: root.querySelector('.status').textContent }));
    await h.isolated(pg, () => globalThis.speechSynthesis.cancel());
    let st;
    for (let i = 0; i < 40 && !(st = await state()).status.includes('took over'); i++) await pg.waitForTimeout(50);
    assert.deepEqual(st, { play: 'false', status: 'Reading stopped: the page took over speech.' });
    const spoken = await h.isolated(pg, () => globalThis.__fake.spoken.length);
    await h.isolated(pg, fakeFinish);
    assert.equal(await h.isolated(pg, () => globalThis.__fake.spoken.length), spoken, 'nothing more is said');
    await pg.close();
  });

  // Issue 37, medium: the HTML file was the reader's live tree serialised, so what a page put
  // into the reader (through the highlight hole above) was saved, and its script ran when the
  // file was opened from disk. The test puts it there from the extension's own world.
  test("the saved files are made from the engine's article, never from the reader on screen", async () => {
    const pg = await h.open('/reading.html');
    assert.equal((await h.run(pg, 'reader')).active, true);
    await inSurface(h, pg, 'article', (root) => {
      const p = root.querySelector('article p');
      p.textContent = 'TAMPERED BY PAGE: call 555-0100 to verify your account';
      p.insertAdjacentHTML('afterend', '<script>alert(1)</script><p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click me</a></p>');
    });
    // The user's clicks: Display, then each Save button.
    // The button's place is read until two reads agree: the reader may still be laying out
    // (a stop's CI once clicked beside Display, so the panel with the Save buttons never opened).
    const place = (id) =>
      inSurface(h, pg, `#${id}`, (root, host, id) => {
        const r = root.getElementById(id).getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }, id);
    const press = async (id) => {
      let at = null;
      for (let i = 0, last = null; i < 40; i++, last = at) {
        at = await place(id);
        if (at && last && at.x === last.x && at.y === last.y) break;
        await pg.waitForTimeout(50);
      }
      assert.ok(at, `#${id} is in the reader`);
      await pg.mouse.click(at.x, at.y);
    };
    await press('display');
    for (let i = 0; i < 40 && !(await place('save-html')); i++) await pg.waitForTimeout(50);
    const save = async (id) => {
      const [download] = await Promise.all([pg.waitForEvent('download'), press(id)]);
      return readFileSync(await download.path(), 'utf8');
    };
    for (const id of ['save-html', 'save-md']) {
      const file = await save(id);
      assert.ok(file.includes(PARAS[0]) && file.includes('the embankment'), `${id}: the article is saved`);
      assert.doesNotMatch(file, /TAMPERED|<script|onerror|javascript:|click me/, `${id}: nothing of the tampered reader`);
    }
    await pg.close();
  });

  // Issue 37, low: history.replaceState and an untrusted `scroll` every 450 ms made a new
  // remembered position each time (12 after 12 tries), towards the 200 that evict every other
  // article's. Now: the user's own scrolling only, under the address the article was read from.
  test('the page can neither add remembered positions nor move them to another address', async () => {
    await h.worker.evaluate(() => chrome.storage.local.clear());
    const pg = await h.open('/long.html');
    assert.equal((await h.run(pg, 'reader')).active, true);
    const keys = async () => Object.keys((await h.worker.evaluate(() => chrome.storage.local.get('positions'))).positions || {});
    // The user scrolls: one entry.
    await pg.mouse.move(500, 400);
    await pg.mouse.wheel(0, 2500);
    let first = [];
    for (let i = 0; i < 40 && !(first = await keys()).length; i++) await pg.waitForTimeout(100);
    assert.equal(first.length, 1, 'the user scrolling is remembered');
    for (let i = 0; i < 12; i++) {
      await pg.evaluate((i) => {
        history.replaceState(null, '', `/flush-${i}.html`);
        dispatchEvent(new Event('scroll'));
        if (i % 2) scrollBy(0, 40); // a scroll of the page's own making is a trusted event
      }, i);
      await pg.waitForTimeout(450);
    }
    await pg.waitForTimeout(500);
    assert.deepEqual(await keys(), first, 'one entry, under the address the article was read from');
    await pg.close();
    await h.worker.evaluate(() => chrome.storage.local.clear());
  });

  // Issue 37, low: the reader loaded a `data-src` the page itself never requested (a tracking
  // URL on a lazy image with a real placeholder).
  test('the reader loads only images the page loaded or would load', async () => {
    const seen = (pg) =>
      inSurface(h, pg, 'article', (root) => [...root.querySelectorAll('article img')].map((i) => new URL(i.src).pathname));
    const load = (pg) => inSurface(h, pg, 'article', (root) => Promise.all([...root.querySelectorAll('article img')].map((i) => ((i.loading = 'eager'), i.decode().catch(() => {})))).then(() => true));
    const none = await h.open('/lazy-none.html');
    assert.equal((await h.run(none, 'reader')).active, true);
    await load(none);
    assert.deepEqual(await seen(none), [], 'no picture the page never loaded');
    const asked = h.server.requests.filter((r) => /track\.gif|never\.png/.test(r));
    assert.deepEqual(asked, [], 'nothing fetched that the page never asked for');
    await none.close();
    // A page whose script swaps `data-src` in: the picture further down is one it would load.
    const loader = await h.open('/lazy-loader.html');
    assert.equal((await h.run(loader, 'reader')).active, true);
    await load(loader);
    assert.deepEqual(await seen(loader), ['/shown.png', '/later.png']);
    await loader.close();
  });
});
