// Reading aids of the reader view (issue 16), in real Chromium: letter and word spacing and
// alignment from the Display panel by keyboard, the bundled fonts (checked by the font the
// browser actually renders with, through the DevTools protocol) chosen per script, high-contrast
// and custom themes (each axe-clean), forced colours and reduced motion, settings kept across
// pages, and the options page. Screenshots of every theme and font go to tests/e2e/out/aids-*.png
// (docs/READING-AIDS.md shows some of them, copied into docs/img/).

import { renderedFonts } from './lib/fonts.mjs';
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, choose, until, OUT } from './extension-harness.test.mjs';
import { DEMO_PAGE, installFakeSpeech, fakeFinish, highlightNow, wordNow } from './lib/fixtures.mjs';
import { REPO } from './lib/corpus.mjs';
import { CHOICES, DEFAULTS } from '../../extension/defaults.js';

const AXE = readFileSync(path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

// A colour chosen as the colour inputs would choose it. The reader's controls answer the user's
// own (trusted) events only, and headless Chromium has no colour picker to press, so the test
// stores the choice the input makes (the colour, and the custom theme that shows it) and the
// open reader takes it from storage, as it does a choice made in another tab.
async function pickColour(h, key, value) {
  await h.worker.evaluate(async ([key, value]) => {
    const { settings } = await chrome.storage.sync.get('settings');
    await chrome.storage.sync.set({ settings: { ...settings, [key]: value, theme: 'custom' } });
  }, [key, value]);
}

// Pages written for these tests, in Urdu and in Arabic, with a menu and a footer around them.
const URDU = [
  'یہ ایک مختصر مضمون ہے جو اردو زبان میں لکھا گیا ہے تاکہ پڑھنے کے منظر کی جانچ کی جا سکے۔ اردو عام طور پر نستعلیق خط میں لکھی جاتی ہے، جس میں حروف ایک دوسرے سے جڑ کر ترچھی لکیر میں اترتے ہیں۔',
  'عربی اور فارسی کے لیے نسخ خط زیادہ عام ہے، اس لیے پڑھنے والا ہر زبان کے لیے اس کا اپنا خط چنتا ہے۔ صارف چاہے تو یہ انتخاب ترتیبات میں بدل بھی سکتا ہے۔',
  'یہ سارا کام براؤزر کے اندر ہی ہوتا ہے اور صفحہ کہیں اور نہیں بھیجا جاتا۔ حروف کے درمیان فاصلہ بڑھانے سے جڑے ہوئے حروف ٹوٹ جاتے ہیں، اس لیے اس خط پر وہ فاصلہ لاگو نہیں ہوتا۔',
  'پڑھنے کا منظر صفحے کے مینو، اشتہارات اور فارم ہٹا دیتا ہے اور صرف مضمون کا متن دکھاتا ہے، جسے قاری اپنی پسند کے حروف، رنگ اور فاصلے کے ساتھ پڑھ سکتا ہے۔',
];
const ARABIC = [
  'هذه مقالة قصيرة مكتوبة باللغة العربية لاختبار عرض القارئ. تكتب العربية عادة بخط النسخ في الكتب والصحف وعلى الشاشات، وهو خط واضح سهل القراءة.',
  'أما الأردية فتكتب غالبا بخط النستعليق، ولذلك يختار القارئ لكل لغة خطها المناسب، ويمكن للمستخدم أن يغير هذا الاختيار من الإعدادات.',
  'يجري كل شيء داخل المتصفح على حاسوب القارئ نفسه، ولا ترسل الصفحة إلى أي مكان آخر لتنظيفها من القوائم والإعلانات والنماذج.',
  'يعرض القارئ نص المقالة وحده، بالحجم والألوان والمسافات التي يختارها القارئ، ويحفظ هذه الاختيارات لكل الصفحات.',
];
const articlePage = (lang, title, paragraphs) => `<!DOCTYPE html><html lang="${lang}" dir="rtl"><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><ul>${['/a', '/b', '/c', '/d'].map((u, i) => `<li><a href="${u}">${paragraphs[i].split(' ').slice(0, 2).join(' ')}</a></li>`).join('')}</ul></nav>
<main><article><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</article></main>
<footer><p><a href="/about">${paragraphs[0].split(' ').slice(2, 4).join(' ')}</a></p></footer></body></html>`;

// The demo article with more headings (an h3 among them) and a link in its text.
const TOC_PAGE = DEMO_PAGE.replace('<p>The same rule works', '<h3>Right to left</h3>\n<p>The same rule works')
  .replace('<p>Everything runs inside', '<h2>Where it runs</h2>\n<p>Everything runs inside')
  .replace('<p>The regions that remain', '<h2>What is kept</h2>\n<p>The regions that remain')
  .replace('compares how much of it is text', 'compares <a href="/method">how much of it is text</a>');

// An article with a code block, a table and a captioned picture between its paragraphs, and
// three headings: what read-aloud can skip, and where it can go.
const MIXED_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Reading a mixed article</title></head>
<body><nav><ul><li><a href="/a">Home</a></li><li><a href="/b">About</a></li></ul></nav>
<main><article><h1>Reading a mixed article</h1>
<p>The first paragraph has two sentences about reading. It ends here with a second one.</p>
<p>The second paragraph introduces the code below it. Read it carefully before running it.</p>
<pre>docker compose up --detach</pre>
<p>The table lists the prices of three fruits in two years, with a header row.</p>
<table><thead><tr><th>Fruit</th><th>2025</th><th>2026</th></tr></thead><tbody><tr><td>Apples</td><td>£2</td><td>£3</td></tr><tr><td>Pears</td><td>£4</td><td>£5</td></tr><tr><td>Plums</td><td>£6</td><td>£7</td></tr></tbody></table>
<figure><img src="/demo.png" alt="A plum tree" width="400" height="300"><figcaption>A plum tree in the orchard at dawn.</figcaption></figure>
<h2>Second part</h2>
<p>The second part begins with this sentence. It has one more sentence to read.</p>
<h2>Third part</h2>
<p>The third part is the last one of the article. Reading ends after this sentence.</p>
</article></main><footer><p><a href="/about">About us</a></p></footer></body></html>`;

// An English article quoting Arabic and Persian, each in a paragraph of its own.
const QUOTE_PAGE = articlePage('en', 'Voices in a mixed article', [
  'This English article quotes a line of Arabic and a Persian sentence, each in its own paragraph below, so that a reader hears them in their own voices.',
  ARABIC[0],
  'The Persian sentence follows, with more English words around it so that the article stays English overall and long enough to be read.',
  'ما هم برای این آزمایش یک جمله فارسی نوشتیم که خواننده باید آن را با صدای فارسی بخواند.',
]).replace('dir="rtl"', 'dir="ltr"');

// Fonts may not come from anywhere (font-src 'none'): the bundled fonts must still render,
// because the reader hands the browser their bytes, not a URL.
const STRICT = "script-src 'self'; font-src 'none'";
const html = (body) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': STRICT });
  res.end(body);
};

// The deep focused element's id.
const focusedId = () => document.querySelector('[data-dana-surface=reader]').shadowRoot.activeElement?.id || null;

// Waits until the element is rendered (mostly) in `family`; returns the fonts.
async function waitForFont(page, selector, family) {
  let fonts = [];
  for (let i = 0; i < 60; i++) {
    fonts = await renderedFonts(page, selector);
    const top = [...fonts].sort((a, b) => b.glyphs - a.glyphs)[0];
    if (top && top.family === family) return fonts;
    await page.waitForTimeout(100);
  }
  assert.fail(`${selector} never rendered in ${family}: ${JSON.stringify(fonts)}`);
}

async function audit(page, what) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(() =>
    axe.run({ include: [['[data-dana-surface=reader]']] }, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 3) })))
  );
  for (const v of violations) console.log(`# axe ${what}: ${v.impact} ${v.id} (${v.nodes.join(', ')})`);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const stored = (h) => h.worker.evaluate(() => chrome.storage.sync.get('settings').then((s) => s.settings || {}));
const shot = (page, name) => page.screenshot({ path: path.join(OUT, `aids-${name}.png`), caret: 'initial', clip: { x: 0, y: 0, width: 1100, height: 480 } });

describe('reading aids in Chromium', () => {
  let h;
  before(async () => {
    h = await startHarness({
      routes: {
        '/demo.html': html(DEMO_PAGE),
        '/demo-again.html': html(DEMO_PAGE),
        '/toc.html': html(TOC_PAGE),
        '/mixed.html': html(MIXED_PAGE),
        '/quote.html': html(QUOTE_PAGE),
        '/urdu.html': html(articlePage('ur', 'اردو میں ایک مضمون', URDU)),
        '/arabic.html': html(articlePage('ar', 'مقالة باللغة العربية', ARABIC)),
        '/demo.png': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'image/png' });
          res.end(readFileSync(path.join(REPO, 'extension', 'icons', 'icon128.png')));
        },
      },
    });
  });
  after(async () => {
    await h?.close();
  });

  async function openReader(urlPath) {
    const page = await h.open(urlPath);
    const r = await h.run(page, 'reader');
    assert.equal(r.found, true, JSON.stringify(r));
    return page;
  }

  test('Display panel by keyboard: letter and word spacing, alignment; kept on the next page', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await openReader('/demo.html');
    // Tab walks the toolbar to the Display button (arrows stop at the selects, which keep them).
    await page.locator('[data-dana-surface=reader] #smaller').focus();
    for (let i = 0; i < 20 && (await page.evaluate(focusedId)) !== 'display'; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(focusedId), 'display');
    assert.equal(await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('display-panel')), null, 'the panel is not in the reader until opened');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('[data-dana-surface=reader] #display').getAttribute('aria-expanded'), 'true');
    // Focus lands on the first enabled control: line width, which leads the row (the toolbar's
    // overflow); Tab goes on through line spacing to "more space between letters" (less is
    // disabled at 0).
    assert.equal(await page.evaluate(focusedId), 'narrower');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(focusedId), 'letters-looser');
    const spacing = () =>
      page.evaluate(() => {
        const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p');
        const cs = getComputedStyle(p);
        return { letters: parseFloat(cs.letterSpacing) / parseFloat(cs.fontSize), words: parseFloat(cs.wordSpacing) / parseFloat(cs.fontSize), align: cs.textAlign };
      });
    const before = await spacing();
    assert.ok(Number.isNaN(before.letters) || before.letters === 0, `no letter spacing by default: ${JSON.stringify(before)}`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab'); // "less space between words" is disabled: Tab skips it
    assert.equal(await page.evaluate(focusedId), 'words-looser');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(focusedId), 'align');
    await page.keyboard.press('ArrowDown'); // a closed select takes its next option
    const after = await spacing();
    assert.ok(Math.abs(after.letters - 0.04) < 0.002, `letters 0.04 em: ${after.letters}`);
    assert.ok(Math.abs(after.words - 0.08) < 0.002, `words 0.08 em: ${after.words}`);
    assert.equal(after.align, 'justify');
    // Arabic script keeps its joins: no letter spacing on the Arabic paragraph.
    const arabicLetters = await page.evaluate(() => {
      const p = [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article p[dir=rtl]')][0];
      return p ? getComputedStyle(p).letterSpacing : 'no rtl paragraph';
    });
    assert.equal(arabicLetters, 'normal');
    const s = await stored(h);
    assert.deepEqual([s.letterSpacing, s.wordSpacing, s.align], [0.04, 0.08, 'justify']);
    await shot(page, 'spacing');
    // The Display button closes the panel again.
    await page.locator('[data-dana-surface=reader] #display').press('Enter');
    assert.equal(await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('display-panel')), null);
    await page.close();

    // The next page opens with the same spacing.
    const next = await openReader('/demo-again.html');
    const again = await next.evaluate(() => {
      const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p');
      const cs = getComputedStyle(p);
      return { letters: parseFloat(cs.letterSpacing) / parseFloat(cs.fontSize), align: cs.textAlign };
    });
    assert.ok(Math.abs(again.letters - 0.04) < 0.002 && again.align === 'justify', JSON.stringify(again));
    await next.close();
  });

  test('bundled fonts render under a page CSP that forbids fonts, and are kept across pages', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await openReader('/demo.html');
    const families = { atkinson: 'Atkinson Hyperlegible', lexend: 'Lexend', opendyslexic: 'OpenDyslexic' };
    for (const [value, family] of Object.entries(families)) {
      await choose(page, '#font', value);
      const fonts = await waitForFont(page, 'article .body p', family);
      assert.ok(fonts.find((f) => f.family === family).custom, `${family} is the bundled web font, not a system one`);
      await shot(page, `font-${value}`);
    }
    // The system faces are not web fonts.
    for (const value of ['sans', 'serif']) {
      await choose(page, '#font', value);
      await until(page, (v) => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.surface').getAttribute('data-font') === v, value, value);
      const fonts = await renderedFonts(page, 'article .body p');
      assert.ok(fonts.every((f) => !f.custom), JSON.stringify(fonts));
      await shot(page, `font-${value}`);
    }
    await choose(page, '#font', 'lexend');
    assert.equal((await stored(h)).font, 'lexend');
    // Nothing was fetched from the page's origin or anywhere else for the fonts.
    assert.deepEqual(h.server.requests.filter((r) => /woff|font/i.test(r)), []);
    await page.close();
    const next = await openReader('/demo-again.html');
    await waitForFont(next, 'article .body p', 'Lexend');
    await next.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('Arabic script: Nastaliq for Urdu, Naskh for Arabic and for Arabic in an English article; the choice overrides', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const urdu = await openReader('/urdu.html');
    await waitForFont(urdu, 'article .body p', 'Noto Nastaliq Urdu');
    await shot(urdu, 'font-nastaliq');
    // Chosen by hand: Naskh for the Urdu page.
    await urdu.locator('[data-dana-surface=reader] #display').click();
    await choose(urdu, '#arabic-font', 'naskh');
    await waitForFont(urdu, 'article .body p', 'Noto Naskh Arabic');
    await choose(urdu, '#arabic-font', 'system');
    await until(urdu, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.surface').getAttribute('data-arabic-face') === 'system', null, 'system face');
    const system = await renderedFonts(urdu, 'article .body p');
    assert.ok(system.every((f) => !f.custom), `no bundled face: ${JSON.stringify(system)}`);
    await choose(urdu, '#arabic-font', 'auto');
    await urdu.close();

    const arabic = await openReader('/arabic.html');
    await waitForFont(arabic, 'article .body p', 'Noto Naskh Arabic');
    await shot(arabic, 'font-naskh');
    await arabic.close();

    // The English demo: its Arabic paragraph in Naskh, its English paragraphs in the Latin font.
    const demo = await openReader('/demo.html');
    await waitForFont(demo, 'article p[dir=rtl]', 'Noto Naskh Arabic');
    const latin = await renderedFonts(demo, 'article .body p');
    assert.ok(!latin.some((f) => f.family === 'Noto Naskh Arabic'), `English text not in the Arabic face: ${JSON.stringify(latin)}`);
    await demo.close();
  });

  test('every theme, high contrast and custom colours included, passes axe; custom colours persist', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await openReader('/demo.html');
    const colours = () =>
      page.evaluate(() => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        return { bg: getComputedStyle(r.querySelector('.surface')).backgroundColor, fg: getComputedStyle(r.querySelector('article .body p')).color };
      });
    for (const theme of CHOICES.theme) {
      await choose(page, '#theme', theme);
      const bad = await audit(page, `theme ${theme}`);
      assert.deepEqual(bad, [], `${theme}: ${JSON.stringify(bad)}`);
      if (theme === 'contrast-dark') assert.deepEqual(await colours(), { bg: 'rgb(0, 0, 0)', fg: 'rgb(255, 255, 255)' });
      if (theme === 'contrast-light') assert.deepEqual(await colours(), { bg: 'rgb(255, 255, 255)', fg: 'rgb(0, 0, 0)' });
      await shot(page, `theme-${theme}`);
    }
    // Picking a colour switches to the custom theme and shows the contrast of the pair.
    await choose(page, '#theme', 'light');
    await page.locator('[data-dana-surface=reader] #display').click();
    await pickColour(h, 'textColor', '#1a3300');
    await pickColour(h, 'backgroundColor', '#fff5cc');
    assert.equal(await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.surface').getAttribute('data-theme')), 'custom');
    assert.deepEqual(await colours(), { bg: 'rgb(255, 245, 204)', fg: 'rgb(26, 51, 0)' });
    assert.match(await page.locator('[data-dana-surface=reader] #contrast').textContent(), /^Contrast 1[0-9]\.\d:1$/);
    assert.deepEqual(await audit(page, 'custom colours'), []);
    await shot(page, 'theme-custom-chosen');
    // A pair that is hard to read is called low.
    await pickColour(h, 'textColor', '#999999');
    assert.match(await page.locator('[data-dana-surface=reader] #contrast').textContent(), /\(low\)$/);
    await pickColour(h, 'textColor', '#1a3300');
    const s = await stored(h);
    assert.deepEqual([s.theme, s.textColor, s.backgroundColor], ['custom', '#1a3300', '#fff5cc']);
    await page.close();
    const next = await openReader('/demo-again.html');
    assert.deepEqual(await next.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.surface')).backgroundColor), 'rgb(255, 245, 204)');
    await next.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('forced colours win over themes and colours; reduced motion stops the animation', async () => {
    await h.worker.evaluate((s) => chrome.storage.sync.set({ settings: s }), { ...DEFAULTS, theme: 'custom', textColor: '#ffffff', backgroundColor: '#ff0000' });
    const page = await openReader('/demo.html');
    const bg = () => page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.surface')).backgroundColor);
    assert.equal(await bg(), 'rgb(255, 0, 0)');
    await page.emulateMedia({ forcedColors: 'active' });
    assert.notEqual(await bg(), 'rgb(255, 0, 0)', 'the system colours replace the custom background');
    await page.locator('[data-dana-surface=reader] #display').click();
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.forced-note')).display), 'block');
    assert.deepEqual(await audit(page, 'forced colours'), []);
    await page.emulateMedia({ forcedColors: 'none' });
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.forced-note')).display), 'none');

    const duration = () => page.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('display-panel')).animationDuration);
    assert.equal(await duration(), '0.15s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.equal(await duration(), '0s');
    await page.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('line focus: a ruler of 1, 3 or 5 lines follows the pointer, the keys and read-aloud', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await h.open('/demo.html');
    await page.emulateMedia({ reducedMotion: 'reduce' }); // read-aloud scrolls at once, not smoothly
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US']]);
    await h.run(page, 'reader');
    // The band: the gap between the two shades, and the article's line height.
    const band = () =>
      page.evaluate(() => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        const [above, below] = ['above', 'below'].map((c) => r.querySelector(`.ruler-shade.${c}`));
        if (!above || !below) return null;
        const lh = parseFloat(getComputedStyle(r.querySelector('article .body p')).lineHeight);
        return { top: above.getBoundingClientRect().bottom, bottom: below.getBoundingClientRect().top, lh, y: scrollY };
      });
    assert.equal(await band(), null, 'no ruler by default');
    await page.locator('[data-dana-surface=reader] #display').click();
    for (const lines of [1, 5, 3]) {
      await choose(page, '#ruler', String(lines));
      const b = await band();
      assert.ok(Math.abs(b.bottom - b.top - lines * b.lh) <= 1, `${lines} lines: ${JSON.stringify(b)}`);
    }
    assert.equal((await stored(h)).ruler, 3);
    // The pointer: the band centred on it.
    await page.mouse.move(550, 500);
    let b = await band();
    assert.ok(Math.abs((b.top + b.bottom) / 2 - 500) <= 1, `centred on the pointer: ${JSON.stringify(b)}`);
    // The keys: Down moves the band one line, the article stays put.
    await page.locator('[data-dana-surface=reader] #dana-title').focus();
    await page.keyboard.press('ArrowDown');
    let b2 = await band();
    assert.ok(Math.abs(b2.top - b.top - b.lh) <= 1 && b2.y === b.y, `one line down: ${JSON.stringify([b, b2])}`);
    await page.keyboard.press('ArrowUp');
    assert.ok(Math.abs((await band()).top - b.top) <= 1, 'and back up');
    // Near the bottom edge the article scrolls instead.
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
    b2 = await band();
    assert.ok(b2.y > b.y && b2.bottom < 800, `scrolled, band on screen: ${JSON.stringify(b2)}`);
    // Read-aloud: the band holds the first line of the sentence being spoken.
    const holdsSentence = async () => {
      const hl = await until(page, highlightNow, null, 'a highlighted sentence');
      const bb = await band();
      assert.ok(bb.top <= hl.top + 1 && bb.bottom >= hl.top + bb.lh - 1, `band ${JSON.stringify(bb)} holds "${hl.text.slice(0, 40)}" at ${hl.top}`);
      return hl;
    };
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('[data-dana-surface=reader] #speak').click();
    const first = await holdsSentence();
    await h.isolated(page, fakeFinish);
    const moved = (t) => {
      const marks = [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('[data-hl=sentence]')];
      return marks.length > 0 && marks.map((m) => m.textContent).join('') !== t;
    };
    await until(page, moved, first.text, 'the next sentence');
    await holdsSentence();
    await h.isolated(page, fakeFinish);
    await holdsSentence();
    await shot(page, 'ruler');
    await page.close();
    // Kept for the next page.
    const next = await openReader('/demo-again.html');
    const n = await next.evaluate(() => document.querySelectorAll('[data-dana-surface=reader]').length && document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('.ruler-shade').length);
    assert.equal(n, 2);
    await next.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('contents and the heading keys; images and links switched off', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await openReader('/toc.html');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const headings = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article .body :is(h2, h3, h4, h5, h6)')].map((e) => e.textContent.trim()));
    assert.deepEqual(headings, ['Three steps', 'What is kept', 'Right to left', 'Where it runs']);
    // The Contents button, by keyboard.
    await page.locator('[data-dana-surface=reader] #smaller').focus();
    for (let i = 0; i < 20 && (await page.evaluate(focusedId)) !== 'contents'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('[data-dana-surface=reader] #contents').getAttribute('aria-expanded'), 'true');
    const entries = await page.locator('[data-dana-surface=reader] nav[aria-label=Contents] .toc-entry').allTextContents();
    assert.deepEqual(entries, headings);
    assert.equal(await page.locator('[data-dana-surface=reader] .toc-h3').count(), 1, 'the h3 is marked as a sub-entry');
    assert.deepEqual(await audit(page, 'contents open'), []);
    await shot(page, 'contents');
    // The third entry: Tab twice from the first, Enter. The heading gets focus just below the controls.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const at = () =>
      page.evaluate(() => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        const a = r.activeElement;
        const below = a ? Math.round(a.getBoundingClientRect().top - r.querySelector('.controls').getBoundingClientRect().bottom) : null;
        // Just below the controls, or as near as the page scrolls (the last headings of a short article).
        const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
        return { text: a ? a.textContent.trim() : null, placed: below >= 0 && (below <= 40 || atEnd), below };
      });
    let now = await at();
    assert.equal(now.text, 'Right to left');
    assert.ok(now.placed, `just below the controls: ${now.below}`);
    assert.equal(await page.locator('[data-dana-surface=reader] #toc').count(), 0, 'the list closes');
    // H and Shift+H.
    await page.keyboard.press('h');
    assert.equal((await at()).text, 'Where it runs');
    await page.keyboard.press('Shift+H');
    assert.equal((await at()).text, 'Right to left');
    await page.keyboard.press('Shift+H');
    now = await at();
    assert.equal(now.text, 'What is kept');
    assert.ok(now.placed, `just below the controls: ${now.below}`);

    // Images and links off, from the Display row.
    const look = () =>
      page.evaluate(() => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        const a = r.querySelector('article a[href]');
        return { figure: getComputedStyle(r.querySelector('article figure')).display, linkTab: a.tabIndex, linkColour: getComputedStyle(a).color === getComputedStyle(a.parentElement).color, linkClicks: getComputedStyle(a).pointerEvents };
      });
    assert.deepEqual(await look(), { figure: 'block', linkTab: 0, linkColour: false, linkClicks: 'auto' });
    await page.locator('[data-dana-surface=reader] #display').click();
    await page.locator('[data-dana-surface=reader] #images').press('Enter');
    await page.locator('[data-dana-surface=reader] #links').press('Space');
    assert.deepEqual(await look(), { figure: 'none', linkTab: -1, linkColour: true, linkClicks: 'none' });
    assert.equal(await page.locator('[data-dana-surface=reader] #images').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(await audit(page, 'images and links off'), []);
    const s = await stored(h);
    assert.deepEqual([s.images, s.links], [false, false]);
    await page.close();
    const next = await openReader('/toc.html');
    assert.equal(await next.evaluate(() => getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article figure')).display), 'none');
    await next.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('read aloud: word highlight from boundary events, sentence or none; voices on this device only', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await h.open('/demo.html');
    // The network voice is the system's default and first: it must still not be chosen.
    await h.isolated(page, installFakeSpeech, [['Net English', 'en-US', false], ['Local English', 'en-GB', true], ['Local French', 'fr-FR', true]]);
    await h.run(page, 'reader');
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('[data-dana-surface=reader] #speak').click();
    const options = () => page.locator('[data-dana-surface=reader] #voice option').allTextContents();
    await until(page, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('#voice option'), null, 'the voice list');
    assert.deepEqual(await options(), ['Local English (en-GB)', 'Local French (fr-FR)']);
    const spokenBy = () => h.isolated(page, () => globalThis.__fake.spoken.at(-1));
    assert.equal((await spokenBy()).voice, 'Local English');
    const words = async () => ({ word: await page.evaluate(wordNow), sentence: (await page.evaluate(highlightNow))?.text ?? null });
    // A boundary with a length (Chromium's voices), then one without (up to the next space).
    const text = await h.isolated(page, () => globalThis.__fake.boundary(0, 0));
    const second = text.indexOf(' ') + 1;
    await h.isolated(page, (i) => globalThis.__fake.boundary(i, 1), second);
    let now = await words();
    assert.equal(now.word, text[second], 'charLength 1: one character');
    await h.isolated(page, (i) => globalThis.__fake.boundary(i), second);
    now = await words();
    assert.equal(now.word, text.slice(second).split(' ')[0]);
    assert.equal(now.sentence, text, 'the sentence stays highlighted around the word');
    assert.deepEqual(await audit(page, 'word highlight'), []);
    await shot(page, 'word');
    // Sentence only: boundaries are ignored, the word highlight goes.
    await choose(page, '#highlight', 'sentence');
    await h.isolated(page, (i) => globalThis.__fake.boundary(i, 3), second);
    now = await words();
    assert.deepEqual(now, { word: null, sentence: text });
    // None: the next sentence is not highlighted at all.
    await choose(page, '#highlight', 'none');
    await page.locator('[data-dana-surface=reader] #next').click();
    now = await words();
    assert.deepEqual(now, { word: null, sentence: null });
    // Network voices allowed: listed, and marked.
    await page.locator('[data-dana-surface=reader] #local-voices').uncheck();
    assert.deepEqual(await options(), ['Local English (en-GB)', 'Net English (en-US, network)', 'Local French (fr-FR)']);
    const s = await stored(h);
    assert.deepEqual([s.highlight, s.localVoices], ['none', false]);
    await page.close();

    // Network voices only, on this device only: nothing is spoken, and the bar says why.
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const net = await h.open('/demo-again.html');
    await h.isolated(net, installFakeSpeech, [['Net English', 'en-US', false]]);
    await h.run(net, 'speak');
    const status = () => net.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.speechbar [role=status]').textContent);
    await until(net, () => /network voices only/.test(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.speechbar [role=status]').textContent), null, 'the network-only message');
    assert.match(await status(), /untick "Voices on this device only"/);
    assert.deepEqual(await h.isolated(net, () => globalThis.__fake.spoken.length), 0);
    await net.close();
  });

  test('read aloud: by paragraph and by heading; code, tables and captions skipped by choice; resumes where it stopped', async () => {
    await h.worker.evaluate(() => (chrome.storage.sync.clear(), chrome.storage.local.clear()));
    const page = await h.open('/mixed.html');
    await h.isolated(page, installFakeSpeech, [['Local English', 'en-GB', true]]);
    await h.run(page, 'reader');
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('[data-dana-surface=reader] #speak').click();
    const bar = (id) => page.locator(`[data-dana-surface=reader] .speechbar #${id}`);
    // What was spoken last, once it is `want` (a string or a pattern).
    const spoken = async (want) => {
      let last = null;
      for (let i = 0; i < 60; i++) {
        last = await h.isolated(page, () => globalThis.__fake.spoken.at(-1)?.text ?? null);
        if (typeof want === 'string' ? last === want : want.test(last || '')) return last;
        await page.waitForTimeout(50);
      }
      assert.fail(`spoken last: ${JSON.stringify(last)}, wanted ${want}`);
    };
    await spoken('Reading a mixed article');
    // By paragraph: to the next one's first sentence; back to this one's start, then the one before.
    await bar('next-para').click();
    await spoken('The first paragraph has two sentences about reading.');
    await bar('next').click();
    await spoken('It ends here with a second one.');
    await bar('prev-para').click();
    await spoken('The first paragraph has two sentences about reading.');
    await bar('prev-para').click();
    await spoken('Reading a mixed article');
    assert.equal(await bar('prev-para').isDisabled(), true, 'nothing before the first sentence');
    // Everything is read by default: the code, the table row by row, the caption.
    for (const want of ['The first paragraph has two sentences about reading.', 'The second paragraph introduces the code below it.', 'docker compose up --detach', /^The table lists/, 'Fruit, 2025, 2026']) {
      await bar('next-para').click();
      await spoken(want);
    }
    await bar('next').click();
    await spoken('Fruit: Apples; 2025: £2; 2026: £3');
    for (const want of ['A plum tree in the orchard at dawn.', 'Second part']) {
      await bar('next-para').click();
      await spoken(want);
    }
    // Code, tables and captions left out: reading goes past them.
    await bar('read-code').uncheck();
    await bar('read-tables').uncheck();
    await bar('read-captions').uncheck();
    const s = await stored(h);
    assert.deepEqual([s.readCode, s.readTables, s.readCaptions], [false, false, false]);
    for (const want of [/^The table lists/, 'The second paragraph introduces the code below it.', 'The first paragraph has two sentences about reading.', 'Reading a mixed article']) {
      await bar('prev-para').click();
      await spoken(want);
    }
    for (const want of ['The first paragraph has two sentences about reading.', 'The second paragraph introduces the code below it.', /^The table lists/, 'Second part']) {
      await bar('next-para').click();
      await spoken(want);
    }
    const told = await h.isolated(page, () => globalThis.__fake.spoken.map((u) => u.text));
    assert.equal(told.filter((t) => t === 'docker compose up --detach').length, 1, 'the code was read once, before it was skipped');
    // By heading: Contents takes reading to the heading chosen.
    await page.locator('[data-dana-surface=reader] #contents').click();
    await page.locator('[data-dana-surface=reader] .toc-entry', { hasText: 'Third part' }).click();
    await spoken('Third part');
    // Paused there: the place is kept for this article, and Read aloud resumes there.
    await bar('play').click();
    const place = async () => h.worker.evaluate(() => chrome.storage.local.get('positions').then((p) => Object.values(p.positions || {}).map((e) => e.speech)));
    for (let i = 0; i < 40 && !(await place()).some((sp) => sp && sp.block > 0); i++) await page.waitForTimeout(50);
    const [kept] = (await place()).filter(Boolean);
    assert.ok(kept && kept.start === 0 && kept.block > 0, JSON.stringify(await place()));
    await page.close();
    const again = await h.open('/mixed.html');
    await h.isolated(again, installFakeSpeech, [['Local English', 'en-GB', true]]);
    await h.run(again, 'speak');
    let first = null;
    for (let i = 0; i < 60 && !first; i++) {
      first = await h.isolated(again, () => globalThis.__fake.spoken[0]?.text ?? null);
      if (!first) await again.waitForTimeout(50);
    }
    assert.equal(first, 'Third part');
    await until(again, () => /Resuming where you stopped/.test(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.speechbar [role=status]').textContent), null, 'the resume message');
    assert.deepEqual(await audit(again, 'speech bar'), []);
    await again.close();
    await h.worker.evaluate(() => (chrome.storage.sync.clear(), chrome.storage.local.clear()));
  });

  test('read aloud: a paragraph in another script is read by a voice of its language', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await h.open('/quote.html');
    await h.isolated(page, installFakeSpeech, [['Local English', 'en-GB', true], ['Local Arabic', 'ar-SA', true], ['Local Persian', 'fa-IR', true]]);
    await h.run(page, 'reader');
    // The blocks carry their language into the reader (the lang attribute screen readers use too).
    const langs = await page.evaluate(() => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('article [lang]')].map((e) => e.getAttribute('lang')));
    assert.deepEqual(langs, ['en', 'ar', 'fa']);
    await page.evaluate(() => scrollTo(0, 0));
    await page.locator('[data-dana-surface=reader] #speak').click();
    const said = [];
    for (let i = 0; i < 12; i++) {
      const last = await h.isolated(page, () => globalThis.__fake.spoken.at(-1));
      if (last && !said.some((s) => s.text === last.text)) said.push(last);
      if (last && last.text.startsWith('ما هم')) break;
      await page.locator('[data-dana-surface=reader] .speechbar #next').click();
    }
    const voiceOf = (start) => said.find((s) => s.text.startsWith(start));
    assert.deepEqual([voiceOf('This English').voice, voiceOf('هذه').voice, voiceOf('The Persian').voice, voiceOf('ما هم').voice], ['Local English', 'Local Arabic', 'Local English', 'Local Persian']);
    assert.deepEqual([voiceOf('هذه').lang, voiceOf('ما هم').lang], ['ar-SA', 'fa-IR']);
    await page.close();
  });

  test('the reading position is remembered per article; printing shows the article alone', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    await h.worker.evaluate(() => chrome.storage.local.clear());
    const page = await openReader('/toc.html');
    // The block at the top of the reading area, by its text.
    const topText = () =>
      page.evaluate(() => {
        const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
        const top = r.querySelector('.controls').getBoundingClientRect().bottom;
        const el = [...r.querySelectorAll('article [data-block]')].find((e) => e.getBoundingClientRect().bottom > top + 1);
        return el ? el.textContent.trim().slice(0, 30) : null;
      });
    assert.equal(await page.evaluate(() => scrollY), 0);
    // Scroll to "What is kept" and wait for the position to be saved (0.4 s after scrolling stops).
    await page.evaluate(() => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      const el = [...r.querySelectorAll('article h2')].find((e) => e.textContent === 'What is kept');
      scrollBy(0, el.getBoundingClientRect().top - r.querySelector('.controls').getBoundingClientRect().bottom - 16);
    });
    assert.equal(await topText(), 'What is kept');
    const saved = async () => Object.values((await h.worker.evaluate(() => chrome.storage.local.get('positions'))).positions || {});
    for (let i = 0; i < 40 && !(await saved()).length; i++) await page.waitForTimeout(100);
    const stored = await saved();
    assert.equal(stored.length, 1);
    // The address is not stored readable.
    assert.doesNotMatch(JSON.stringify(await h.worker.evaluate(() => chrome.storage.local.get(null))), /toc\.html|127\.0\.0\.1/);
    // Close, reload the page, open again: back at "What is kept".
    await h.run(page, 'reader');
    await page.reload();
    await h.run(page, 'reader');
    await until(page, () => scrollY > 0, null, 'the reader to scroll back');
    assert.equal(await topText(), 'What is kept');
    // Printing: the controls are not printed, the article is black on white.
    await choose(page, '#theme', 'dark');
    await page.emulateMedia({ media: 'print' });
    const print = await page.evaluate(() => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      return { controls: getComputedStyle(r.querySelector('.controls')).display, bg: getComputedStyle(r.querySelector('.surface')).backgroundColor, fg: getComputedStyle(r.querySelector('article .body p')).color };
    });
    assert.deepEqual(print, { controls: 'none', bg: 'rgb(255, 255, 255)', fg: 'rgb(0, 0, 0)' });
    await page.emulateMedia({ media: 'screen' });
    await page.close();
    // Another article starts at its top.
    const other = await openReader('/demo.html');
    await other.waitForTimeout(300);
    assert.equal(await other.evaluate(() => scrollY), 0);
    await other.close();
    // Switched off: nothing is stored and nothing restored.
    await h.worker.evaluate(() => chrome.storage.local.clear());
    await h.worker.evaluate((s) => chrome.storage.sync.set({ settings: s }), { ...DEFAULTS, rememberPosition: false });
    const off = await openReader('/toc.html');
    await off.evaluate(() => scrollBy(0, 400));
    await off.waitForTimeout(800);
    assert.deepEqual(await h.worker.evaluate(() => chrome.storage.local.get(null)), {});
    await off.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('the article saved as Markdown and as a standalone HTML file, nothing fetched', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await openReader('/toc.html');
    await page.locator('[data-dana-surface=reader] #display').click();
    // The reader's own (lazy) images are loaded first, so that any request counted below is the save's.
    await page.evaluate(() => Promise.all([...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelectorAll('img')].map((i) => ((i.loading = 'eager'), i.decode().catch(() => {})))));
    const requests = h.server.requests.length;
    const save = async (id) => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`[data-dana-surface=reader] #${id}`).press('Enter')]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    };
    const md = await save('save-md');
    assert.equal(md.name, 'How-a-reader-view-finds-the-article.md');
    const origin = h.server.url;
    for (const part of [
      '# How a reader view finds the article\n\nAda Example',
      '\n\n## Three steps\n\n1. Count the content and the code on every line.\n2. Smooth the difference',
      '\n\n### Right to left\n\n',
      '> A page is a mixture of writing and machinery; the reader only wants the writing.',
      '```\ncount(line) = text(line) - code(line)\n```',
      `compares [how much of it is text](${origin}/method) with`,
      `![A page of text](${origin}/demo.png)\n\n*The icon shows a page of text`,
      'هذه فقرة قصيرة مكتوبة باللغة العربية',
      `Source: <${origin}/toc.html>`,
    ]) {
      assert.ok(md.text.includes(part), `Markdown has ${JSON.stringify(part)}:\n${md.text}`);
    }
    assert.doesNotMatch(md.text, /Subscribe today|Related stories|cookies/, 'nothing of the page around the article');
    const html = await save('save-html');
    assert.equal(html.name, 'How-a-reader-view-finds-the-article.html');
    assert.match(html.text, /^<!DOCTYPE html>\n<html lang="en" dir="ltr">/);
    assert.match(html.text, /<title>How a reader view finds the article<\/title>/);
    for (const part of ['<h2>Three steps</h2>', '<h3>Right to left</h3>', `<a href="${origin}/method" rel="noopener noreferrer">how much of it is text</a>`, '<figcaption>The icon shows', 'dir="rtl"']) {
      assert.ok(html.text.includes(part), `HTML has ${part}:\n${html.text}`);
    }
    assert.doesNotMatch(html.text, /<script|data-block|tabindex|dana-title|Subscribe today/);
    assert.equal(h.server.requests.length, requests, 'saving fetched nothing: ' + h.server.requests.slice(requests - 2).join(' '));
    // The file opens on its own: one article, its headings, no errors.
    const file = await h.context.newPage();
    await file.setContent(html.text);
    assert.deepEqual(await file.evaluate(() => [...document.querySelectorAll('article h2')].map((e) => e.textContent)), ['Three steps', 'What is kept', 'Where it runs']);
    await file.close();
    await page.close();
  });

  test('screen-reader mode: the built-in speech off and its controls gone, landmarks and heading levels right, short messages; kept across pages', async () => {
    await h.worker.evaluate(() => Promise.all([chrome.storage.sync.clear(), chrome.storage.local.clear()]));
    const page = await openReader('/toc.html');
    const shown = (p, sel) => p.evaluate((sel) => {
      const el = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector(sel);
      return !!el && getComputedStyle(el).display !== 'none';
    }, sel);
    assert.equal(await shown(page, '#speak'), true);
    await page.locator('[data-dana-surface=reader] #display').click();
    await page.locator('[data-dana-surface=reader] #screen-reader').press('Enter');
    assert.equal(await page.locator('[data-dana-surface=reader] #screen-reader').getAttribute('aria-pressed'), 'true');
    assert.equal(await shown(page, '#speak'), false, 'the Read aloud button is out of sight (and of the accessibility tree)');
    assert.equal((await stored(h)).screenReader, true);
    // Landmarks: the controls' region with its toolbars, the article in main; headings from the
    // title's h1 down without a skipped level (the page's h3 under an h2 stays an h3).
    const outline = await page.evaluate(() => {
      const r = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      return {
        region: r.querySelector('section[aria-label]')?.getAttribute('aria-label'),
        toolbars: [...r.querySelectorAll('section [role=toolbar]')].map((t) => t.getAttribute('aria-label')),
        main: r.querySelectorAll('main').length === 1 && !!r.querySelector('main > article'),
        headings: [...r.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6)')].map((e) => Number(e.localName[1])),
      };
    });
    assert.equal(outline.region, 'Dana Reader controls');
    assert.deepEqual(outline.toolbars, ['Reader settings', 'Display']);
    assert.equal(outline.main, true);
    assert.equal(outline.headings[0], 1);
    assert.ok(outline.headings.every((l, i) => i === 0 || l <= outline.headings[i - 1] + 1), `no skipped level: ${outline.headings}`);
    assert.ok(outline.headings.includes(3), `the h3 is kept: ${outline.headings}`);
    assert.deepEqual(await audit(page, 'screen-reader mode'), []);
    await page.close();

    // Another page: the mode is kept; opening says "Reader view." only (the focused title is read
    // with the focus), and read-aloud (Alt+Shift+S) speaks nothing and says why, briefly.
    const next = await h.open('/demo.html');
    await h.isolated(next, installFakeSpeech, [['Local English', 'en-GB', true]]);
    await h.run(next, 'reader');
    const said = () => next.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('announce').textContent);
    await until(next, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('announce').textContent, null, 'the opening message');
    assert.equal(await said(), 'Reader view.');
    assert.equal(await shown(next, '#speak'), false);
    await h.run(next, 'speak');
    await until(next, () => /screen-reader/.test(document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById('announce').textContent), null, 'the read-aloud message');
    assert.equal(await said(), 'Read-aloud is off: screen-reader mode.');
    assert.equal(await h.isolated(next, () => globalThis.__fake.spoken.length), 0, 'nothing spoken');
    assert.equal(await shown(next, '#speechbar'), false);
    assert.deepEqual(await audit(next, 'screen-reader mode, read-aloud asked'), []);
    await next.close();

    // Turned on while reading aloud: reading stops at the end of the sentence.
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const reading = await h.open('/demo-again.html');
    await h.isolated(reading, installFakeSpeech, [['Local English', 'en-GB', true]]);
    await h.run(reading, 'speak');
    assert.equal(await h.isolated(reading, () => globalThis.__fake.spoken.length), 1);
    await h.worker.evaluate(async () => {
      const { settings } = await chrome.storage.sync.get('settings');
      await chrome.storage.sync.set({ settings: { ...settings, screenReader: true } });
    });
    await until(reading, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('[data-screen-reader=on]'), null, 'the mode reaching the open reader');
    await h.isolated(reading, fakeFinish);
    assert.equal(await h.isolated(reading, () => globalThis.__fake.spoken.length), 1, 'no next sentence');
    assert.equal(await reading.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('#speechbar').hidden), true, 'the speech bar is closed');
    await reading.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });

  test('media session: metadata, state and handlers while reading aloud; the page holds audio focus (where Chromium sends media keys)', async () => {
    await h.worker.evaluate(() => Promise.all([chrome.storage.sync.clear(), chrome.storage.local.clear()]));
    const page = await h.open('/mixed.html');
    await h.isolated(page, installFakeSpeech, [['Local English', 'en-GB', true]]);
    // The handlers as the browser receives them, kept so that the test can press the "keys".
    await h.isolated(page, () => {
      const ms = navigator.mediaSession;
      const set = ms.setActionHandler.bind(ms);
      globalThis.__media = {};
      ms.setActionHandler = (action, fn) => ((globalThis.__media[action] = fn), set(action, fn));
    });
    // The browser's own record of audio focus (chrome://media-internals, Audio Focus): the
    // sessions that media keys and the system's media controls go to.
    const focus = async () => {
      const mi = await h.context.newPage();
      await mi.goto('chrome://media-internals/');
      await mi.locator('#audio-focus-tab-button').click();
      await mi.waitForTimeout(300);
      const text = await mi.locator('#audio-focus-session-list').innerText();
      await mi.close();
      // One entry per session: "web:ID <title> - <url> <focus type> <state> ... Identity=ID".
      const all = text.replace(/\s+/g, ' ');
      const at = all.indexOf(new URL(page.url()).host);
      return at < 0 ? '' : all.slice(at, all.indexOf('Identity=', at) + 1 || undefined);
    };
    assert.equal(await focus(), '', 'no session before reading');
    await h.run(page, 'speak');
    const session = () => h.isolated(page, () => ({
      title: navigator.mediaSession.metadata && navigator.mediaSession.metadata.title,
      album: navigator.mediaSession.metadata && navigator.mediaSession.metadata.album,
      state: navigator.mediaSession.playbackState,
      actions: Object.entries(globalThis.__media).filter(([, f]) => typeof f === 'function').map(([a]) => a).sort(),
      spoken: globalThis.__fake.spoken.map((u) => u.text),
    }));
    // Reading starts once the place saved for the article is read from storage, which can come
    // after the worker's answer on a loaded machine: the session is polled (5 s at most).
    let now = await session();
    for (let i = 0; i < 100 && now.state !== 'playing'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = await session();
    }
    assert.deepEqual([now.title, now.album, now.state], ['Reading a mixed article', '', 'playing']);
    assert.deepEqual(now.actions, ['nexttrack', 'pause', 'play', 'previoustrack', 'stop']);
    let held = '';
    for (let i = 0; i < 20 && !/Active Playing/.test(held); i++) held = await focus();
    assert.match(held, /Gain Active Playing \{ HasAudio \} Controllable/, `the page's session in media-internals: ${held}`);
    // The keys: next, previous, pause, play.
    const first = now.spoken.at(-1);
    await h.isolated(page, () => globalThis.__media.nexttrack());
    now = await session();
    assert.equal(first, 'Reading a mixed article', 'reading starts at the title');
    assert.equal(now.spoken.at(-1), 'The first paragraph has two sentences about reading.');
    await h.isolated(page, () => globalThis.__media.previoustrack());
    assert.equal((await session()).spoken.at(-1), first);
    await h.isolated(page, () => globalThis.__media.pause());
    now = await session();
    assert.equal(now.state, 'paused');
    assert.equal(await page.locator('[data-dana-surface=reader] #play').getAttribute('aria-pressed'), 'false');
    const count = now.spoken.length;
    await h.isolated(page, () => globalThis.__media.play());
    now = await session();
    assert.equal(now.state, 'playing');
    assert.equal(now.spoken.length, count + 1);
    assert.equal(now.spoken.at(-1), first, 'play resumes at the sentence it paused in');
    // Stop (the system's stop, or closing the speech bar): nothing of the session is left.
    await h.isolated(page, () => globalThis.__media.stop());
    now = await session();
    assert.deepEqual([now.title, now.state, now.actions], [null, 'none', []]);
    let gone = 'x';
    for (let i = 0; i < 20 && gone; i++) gone = (await focus()).replace(/.*Suspended.*/, '');
    assert.equal(gone, '', 'the session has left audio focus');
    await page.close();
  });

  test('the worker hands a page only the bundled fonts', async () => {
    const page = await h.open('/demo.html');
    await h.run(page, 'reader');
    const ask = (file) => h.isolated(page, (file) => chrome.runtime.sendMessage({ type: 'font', file }), file);
    const ok = await ask('fonts/lexend-latin-400-normal.woff2');
    assert.ok(typeof ok.data === 'string' && atob(ok.data.slice(0, 8)).startsWith('wOF2'), 'a woff2 file');
    for (const bad of ['manifest.json', 'fonts/../manifest.json', 'background.js', '../package.json']) {
      const r = await ask(bad);
      assert.equal(r.ok, false, bad);
      assert.match(r.error, /not a bundled font/);
    }
    await page.close();
  });

  test('the options page offers every allowed value and saves the reading aids', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const opts = await h.context.newPage();
    await opts.goto(`chrome-extension://${new URL(h.worker.url()).host}/options/options.html`);
    for (const [key, values] of Object.entries(CHOICES)) {
      assert.deepEqual(await opts.locator(`#${key} option`).evaluateAll((os) => os.map((o) => o.value)), values.map(String), key);
    }
    await opts.locator('#font').selectOption('opendyslexic');
    await opts.locator('#letterSpacing').fill('0.06');
    await opts.locator('#arabicFont').selectOption('nastaliq');
    await opts.locator('#backgroundColor').fill('#000033');
    await opts.locator('button[type=submit]').click();
    await until(opts, () => document.getElementById('status').textContent === 'Saved.', null, 'Saved');
    const s = await stored(h);
    assert.deepEqual([s.font, s.letterSpacing, s.arabicFont, s.backgroundColor], ['opendyslexic', 0.06, 'nastaliq', '#000033']);
    // The licences of the bundled fonts are part of the extension and linked from here.
    for (const href of await opts.locator('a[href$="-OFL.txt"]').evaluateAll((as) => as.map((a) => a.href))) {
      const text = await opts.evaluate((u) => fetch(u).then((r) => r.text()), href);
      assert.match(text, /SIL Open Font License/, href);
    }
    await opts.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });
});
