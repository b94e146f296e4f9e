// The reader's rough edges as a new user met them (issue 34): messages in plain words in the
// page's language, and the rest of the issue's items, each on a page written for the test.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHarness, until, OUT } from './extension-harness.test.mjs';
import { renderedFonts } from './lib/fonts.mjs';
import { NAV_PAGE, DEMO_PAGE, CANDIDATES_PAGE, installFakeSpeech } from './lib/fixtures.mjs';

const html = (body) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
};

const ROUTES = {
  '/nav.html': html(NAV_PAGE),
  '/demo.html': html(DEMO_PAGE),
  '/two.html': html(CANDIDATES_PAGE()),
  '/ar-digits.html': html(`<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>تقرير المرصد عن عام 2024</title></head><body>
<nav><a href="/">الرئيسية</a> <a href="/a">أخبار</a></nav><main><article><h1>تقرير المرصد عن عام 2024</h1>
${Array.from({ length: 6 }, (_, i) => `<p>سجّل المرصد في عام 2024 نحو ${1200 + i} ساعة من الرصد الليلي، وبلغت درجة الحرارة ${18 + i} درجة في المتوسط، وهو رقم لم يُسجَّل منذ عام 1998 حين بدأ العمل في الموقع الجديد على ارتفاع 2400 متر.</p>`).join('\n')}
</article></main><footer><a href="/c">اتصل بنا</a></footer></body></html>`),
  '/author-box.html': html(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>How tide tables are made</title></head><body>
<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav><main><article><h1>How tide tables are made</h1>
${['Harmonic constants', 'From constants to predictions', 'Why local charts differ'].map((t, i) => `<h2>${t}</h2>${Array.from({ length: 3 }, (_, k) => `<p>Section ${i} paragraph ${k}: the harbour's gauge records the water level every six minutes for a year, and the record is split into the constituents the moon and the sun impose on it, each with its own period and amplitude.</p>`).join('')}`).join('\n')}
<h2>SEO Writer</h2><p>Jane writes about the sea and marketing.</p>
<h3>Get In Touch: 858-842-5746</h3><p>Call us today.</p>
</article></main><footer><a href="/c">Contact</a></footer></body></html>`),
  '/nav-ur.html': html(NAV_PAGE.replace(/<html[^>]*>/, '<html lang="ur" dir="rtl">')),
  '/pictures.html': html(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Harbour pictures of the week</title></head><body>
<nav><a href="/">Home</a> <a href="/photos">Photos</a></nav><main><article><h1>Harbour pictures of the week</h1>
<p>The harbour master's office sends a handful of pictures every week: the boats that came in, the state of the tide at dawn, and whatever the gulls were doing on the breakwater that morning.</p>
<figure><img src="/pixel.png" alt="Rainfall chart" width="400" height="300"><figcaption>Rainfall by month</figcaption></figure>
${[1, 2, 3].map((i) => `<figure><img src="/gone-${i}.png" alt="Image" width="400" height="300"></figure>`).join('\n')}
<figure><img src="/gone-4.png" alt="Image" width="400" height="300"><figcaption>The harbour at dawn</figcaption></figure>
<p>This week the ferry ran late twice because of the fog, and the fishing fleet stayed in on Thursday while the wind blew from the north-east at more than forty knots for most of the day.</p>
</article></main><footer><a href="/c">Contact</a></footer></body></html>`),
  '/pixel.png': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/png' });
    res.end(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
  },
};

let h;
before(async () => {
  h = await startHarness({ routes: ROUTES });
});
after(() => h && h.close());

// The message panel's heading, text and buttons.
const panel = (page) =>
  until(page, () => {
    const r = document.querySelector('[data-dana-surface=message]')?.shadowRoot;
    const s = r && r.querySelector('section');
    return s && { lang: s.getAttribute('lang'), title: s.querySelector('h2').textContent, text: s.querySelector('p').textContent, buttons: [...s.querySelectorAll('button')].map((b) => b.textContent) };
  }, null, 'the panel');

test('no article: the panel says what to do in plain words; the engine\'s reason is in the result only', async () => {
  const page = await h.open('/nav.html');
  const r = await h.run(page, 'reader');
  assert.equal(r.found, false, JSON.stringify(r));
  assert.ok(r.reason, 'the reason is in the result');
  const got = await panel(page);
  assert.equal(got.title, 'No article found on this page');
  assert.equal(got.text, 'Select the text you want on the page, then choose Show selection in reader or Read selection aloud.');
  assert.ok(!got.text.includes(r.reason) && !/\(|axis|region|content than code/.test(got.text), got.text);
  assert.deepEqual(got.buttons, ['Show selection in reader', 'Read selection aloud', 'Close']);
  await page.close();
});

test('no article on an Urdu page: the panel in Urdu', async () => {
  const page = await h.open('/nav-ur.html');
  const r = await h.run(page, 'reader');
  assert.equal(r.found, false, JSON.stringify(r));
  const got = await panel(page);
  assert.equal(got.lang, 'ur');
  assert.equal(got.title, 'اس صفحے پر کوئی مضمون نہیں ملا');
  assert.match(got.text, /منتخب کریں/);
  assert.deepEqual(got.buttons, ['انتخاب ریڈر میں دکھائیں', 'انتخاب بلند آواز میں پڑھیں', 'بند کریں']);
  await page.screenshot({ path: path.join(OUT, 'no-article-ur.png') });
  await page.close();
});

const setSettings = (changes) =>
  h.worker.evaluate(async (c) => {
    const { settings } = await chrome.storage.sync.get('settings');
    await chrome.storage.sync.set({ settings: { ...(settings || {}), ...c } });
  }, changes);
const inReader = (page, sel) => page.evaluate((q) => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector(q)?.textContent ?? null, sel);

test('the contrast ratio shows with the custom theme only, not with a built-in one', async () => {
  try {
    for (const [theme, want] of [['contrast-dark', ''], ['dark', ''], ['custom', 'Contrast 16.7:1']]) {
      await setSettings({ theme, textColor: '#f0f0f0', backgroundColor: '#101010' });
      const page = await h.open('/demo.html');
      assert.equal((await h.run(page, 'reader')).active, true);
      await page.locator('[data-dana-surface=reader] #display').click();
      assert.equal(await inReader(page, '#contrast'), want, theme);
      await page.close();
    }
  } finally {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  }
});

// The toolbar's controls, each with its row (its top, rounded) and whether it is shown.
const toolbarRows = (page) =>
  page.evaluate(() => {
    const bar = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.toolbar');
    const items = [...bar.querySelectorAll('button, select')].filter((el) => el.checkVisibility());
    return { tops: [...new Set(items.map((el) => Math.round(el.getBoundingClientRect().top)))], height: Math.round(bar.getBoundingClientRect().height), right: Math.max(...items.map((el) => el.getBoundingClientRect().right)), width: innerWidth, ids: items.map((el) => el.id) };
  });

test('the toolbar is one row at 1024 px and wider, candidates included; the rest is in a menu reached by keyboard', async () => {
  const page = await h.open('/two.html');
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 760 });
    if (width === 1024) {
      const r = await h.run(page, "reader");
      assert.equal(r.active, true, JSON.stringify([r, page.danaErrors]));
    }
    const rows = await toolbarRows(page);
    console.log(`# ${width}px: ${JSON.stringify(rows)}`);
    assert.equal(rows.tops.length, 1, `one row at ${width} px: ${JSON.stringify(rows)}`);
    assert.ok(rows.right <= width, 'nothing past the window');
    if (width === 1024) await page.screenshot({ path: path.join(OUT, 'reader-toolbar-1024.png'), clip: { x: 0, y: 0, width, height: 140 } });
  }
  // By keyboard: Tab to Display, Enter opens the row with line width and spacing, Enter widens.
  const focused = () => document.querySelector('[data-dana-surface=reader]').shadowRoot.activeElement?.id;
  await page.locator('[data-dana-surface=reader] #smaller').focus();
  for (let i = 0; i < 10 && (await page.evaluate(focused)) !== 'display'; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(focused), 'display');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(focused), 'narrower');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(focused), 'wider');
  const width = () => h.worker.evaluate(() => chrome.storage.sync.get('settings').then((s) => s.settings?.lineWidth));
  const before = (await width()) ?? 38;
  await page.keyboard.press('Enter');
  await until(page, () => true, null, 'a frame');
  assert.equal(await width(), before + 4);
  await h.worker.evaluate(() => chrome.storage.sync.clear());
  await page.close();
});

// The fonts of a probe of digits put into the reader's first paragraph matching `selector`.
async function digitFonts(page, selector) {
  await page.evaluate((sel) => {
    const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector(sel);
    const probe = document.createElement('span');
    probe.id = 'digit-probe';
    probe.textContent = '2024';
    p.append(probe);
  }, selector);
  await page.evaluate(() => document.fonts.ready);
  return renderedFonts(page, '#digit-probe');
}

test('digits inside Arabic text are the Arabic face\'s; an English paragraph keeps its own', async () => {
  let page = await h.open('/ar-digits.html');
  assert.equal((await h.run(page, 'reader')).active, true);
  let fonts = [];
  for (let i = 0; i < 40; i++) {
    fonts = await digitFonts(page, 'article .body p');
    if (fonts.length === 1 && fonts[0].family === 'Noto Naskh Arabic') break;
    await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('digit-probe').remove());
    await page.waitForTimeout(100);
  }
  assert.deepEqual(fonts.map((f) => f.family), ['Noto Naskh Arabic'], JSON.stringify(fonts));
  await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('digit-probe').remove());
  await page.screenshot({ path: path.join(OUT, 'reader-arabic-digits.png'), clip: { x: 0, y: 0, width: 1100, height: 520 } });
  await page.close();
  // The demo article is English with an Arabic paragraph: its English digits are not Naskh's.
  page = await h.open('/demo.html');
  assert.equal((await h.run(page, 'reader')).active, true);
  await page.waitForTimeout(300);
  fonts = await digitFonts(page, 'article .body p:not([dir=rtl])');
  assert.ok(!fonts.some((f) => /Naskh/.test(f.family)), JSON.stringify(fonts));
  await page.close();
});

test('read-aloud starts with the headline on every page, English and Arabic alike', async () => {
  for (const [url, voice] of [['/demo.html', ['Fake English', 'en-US']], ['/ar-digits.html', ['Fake Arabic', 'ar-SA']], ['/two.html', ['Fake English', 'en-US']]]) {
    const page = await h.open(url);
    await h.isolated(page, installFakeSpeech, [voice]);
    assert.equal((await h.run(page, 'speak')).active, true, url);
    const first = await until(page, () => true, null, 'x').then(() => h.isolated(page, () => globalThis.__fake.spoken[0]?.text));
    const title = await inReader(page, 'h1');
    assert.equal(first, title, `${url}: the first words read are the headline`);
    await page.close();
  }
});

test('Contents lists the article\'s headings, not an author box or a call to action at its end', async () => {
  const page = await h.open('/author-box.html');
  assert.equal((await h.run(page, 'reader')).active, true);
  await page.locator('[data-dana-surface=reader] #contents').click();
  const entries = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('.toc .toc-entry')].map((b) => b.textContent));
  const inArticle = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article .body :is(h2, h3)')].map((e) => e.textContent));
  assert.ok(inArticle.includes('SEO Writer'), `the engine kept the author box: ${inArticle}`);
  assert.deepEqual(entries, ['Harmonic constants', 'From constants to predictions', 'Why local charts differ']);
  await page.close();
});

test('a picture that does not load leaves no alt text behind; its caption stays', async () => {
  const page = await h.open('/pictures.html');
  assert.equal((await h.run(page, 'reader')).active, true);
  // Every image of the article has loaded or failed.
  await until(page, () => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article img')].every((i) => i.complete), null, 'the images settle');
  await page.waitForTimeout(100);
  const shown = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article img')]
    .filter((i) => i.checkVisibility()).map((i) => ({ src: i.getAttribute('src'), loaded: i.naturalWidth > 0 })));
  assert.ok(shown.some((i) => i.loaded), `the picture that loads is shown: ${JSON.stringify(shown)}`);
  assert.deepEqual(shown.filter((i) => !i.loaded), [], 'no broken picture (the browser would draw its alt text, "Image")');
  const captions = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article figcaption')]
    .filter((c) => c.checkVisibility()).map((c) => c.textContent));
  assert.deepEqual(captions, ['Rainfall by month', 'The harbour at dawn']);
  await page.close();
});
