// The reader's header in real Chromium (issue 14): the page's date shown unchanged whatever the
// browser's time zone (west and east of UTC), the headline once, the byline in the header and
// not in the body, an isolated byline, the chrome words in the article's language, and the
// "does not look like an article" panel on a product page; the headline, site and byline of
// real Arabic and Persian pages (issue 36).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startHarness, readerState, until } from './extension-harness.test.mjs';
import { corpusRoot, pickPages, requireAtLeast } from './lib/corpus.mjs';

const para = (i) =>
  `<p>Paragraph ${i} of the story tells what happened at the harbour during the storm, who was there, what the ferry crews did and how the town will pay for the repairs to the sea wall next year.</p>`;

// A WordPress-like article: a Yoast JSON-LD graph, a day without a time, the byline line in
// the body ("By X | date"), and the headline repeated as the article's h1.
const dayPage = (byline) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>Storm closes the harbour - Coast Times</title>
<meta property="og:site_name" content="Coast Times">
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
 {"@type":"WebSite","name":"Coast Times"},
 {"@type":"NewsArticle","headline":"Storm closes the harbour","datePublished":"2024-12-27",
  "author":{"@type":"Person","name":${JSON.stringify(byline)}}}]}</script></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a></nav><article>
<h1>Storm closes the harbour</h1><p class="byline">By <span class="author">${byline}</span> | December 27, 2024</p>
${[1, 2, 3, 4, 5, 6].map(para).join('\n')}</article></body></html>`;

// Posted late in the evening of 25 December, Cairo time (UTC+2): 2024-12-24 in UTC and further
// west, but the page's day is the 25th.
const CAIRO_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lights on the Nile</title>
<meta property="article:published_time" content="2024-12-25T01:15:00+02:00"><meta property="og:type" content="article"></head>
<body><article><h1>Lights on the Nile</h1>${[1, 2, 3, 4, 5, 6].map(para).join('\n')}</article></body></html>`;

// A Persian article with a Solar Hijri date written in the page only (5 Dey 1403 = 2024-12-25).
const PERSIAN_PAGE = `<!DOCTYPE html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>باران در تهران</title>
<meta property="og:type" content="article"></head><body><article><h1>باران در تهران</h1><p>۵ دی ۱۴۰۳</p>
${[1, 2, 3, 4, 5, 6, 7].map(() => '<p>امروز در تهران باران بارید و هوای شهر پاکیزه شد. مردم در خیابان‌ها قدم زدند و از هوای تازه لذت بردند و کودکان در پارک‌ها بازی کردند.</p>').join('\n')}
</article></body></html>`;

// A product page: little prose, a declared Product.
const PRODUCT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Trail Shoe 2 | Shop</title>
<meta property="og:type" content="product"><script type="application/ld+json">{"@type":"Product","name":"Trail Shoe 2"}</script></head>
<body><h1>Trail Shoe 2</h1><p>$120</p><ul><li>Size 8</li><li>Size 9</li><li>Size 10</li></ul>
<p>Great shoe, very comfortable on long runs and it drains well after river crossings.</p><button>Add to cart</button></body></html>`;

const html = (body) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
};

// The reader's header, read from its shadow root.
const header = (page) =>
  page.evaluate(() => {
    const r = document.querySelector('[data-dana-surface=reader]')?.shadowRoot;
    if (!r) return null;
    const head = r.querySelector('header');
    return {
      time: [...head.querySelectorAll('time')].map((t) => [t.getAttribute('datetime'), t.textContent]),
      byline: head.querySelector('bdi.byline')?.textContent || null,
      site: head.querySelector('.site bdi')?.textContent || null,
      reading: head.querySelector('.reading-time')?.textContent || null,
      readingLang: head.querySelector('.reading-time')?.getAttribute('lang') || null,
      h1s: [...r.querySelectorAll('h1')].map((e) => e.textContent),
      body: r.querySelector('.body').innerText,
    };
  });

for (const timezoneId of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
  describe(`the reader's header with the browser in ${timezoneId}`, () => {
    let h;
    before(async () => {
      h = await startHarness({
        launch: { timezoneId },
        routes: {
          '/day.html': html(dayPage('Jane Doe')),
          '/rlo.html': html(dayPage('Eve \u202Eevil\u202C Doe')),
          '/cairo.html': html(CAIRO_PAGE),
          '/fa.html': html(PERSIAN_PAGE),
          '/product.html': html(PRODUCT_PAGE),
        },
      });
    });
    after(() => h?.close());

    test('the browser really is in that time zone, where a naive date would move', async () => {
      const page = await h.open('/day.html');
      const got = await page.evaluate(() => [Intl.DateTimeFormat().resolvedOptions().timeZone, new Date('2024-12-27').getDate()]);
      // Los Angeles is west of UTC: midnight UTC of the 27th is still the 26th there.
      assert.deepEqual(got, [timezoneId, timezoneId === 'America/Los_Angeles' ? 26 : 27]);
      await page.close();
    });

    test('a calendar day is shown as that day; the headline once; the byline in the header only', async () => {
      const page = await h.open('/day.html');
      assert.equal((await h.run(page, 'reader')).active, true);
      const got = await header(page);
      assert.deepEqual(got.time, [['2024-12-27', 'December 27, 2024']]);
      assert.equal(got.byline, 'Jane Doe');
      assert.equal(got.site, 'Coast Times');
      assert.deepEqual(got.h1s, ['Storm closes the harbour'], 'the headline is not repeated in the body');
      assert.ok(!got.body.includes('Jane Doe'), `the byline line left the body: ${got.body.slice(0, 200)}`);
      assert.match(got.reading, /^\d+ min read$/);
      await page.close();
    });

    test("a date-time keeps the page's own day", async () => {
      const page = await h.open('/cairo.html');
      assert.equal((await h.run(page, 'reader')).active, true);
      assert.deepEqual((await header(page)).time, [['2024-12-25', 'December 25, 2024']]);
      await page.close();
    });

    test('a right-to-left override in the byline stays inside its <bdi>', async () => {
      const page = await h.open('/rlo.html');
      assert.equal((await h.run(page, 'reader')).active, true);
      const got = await page.evaluate(() => {
        const meta = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('header .meta');
        const bdi = meta.querySelector('bdi.byline');
        // The words after the byline are laid out after it, left to right, as without the override.
        const time = meta.querySelector('time');
        return { isolated: getComputedStyle(bdi).unicodeBidi, after: bdi.getBoundingClientRect().right <= time.getBoundingClientRect().left };
      });
      assert.equal(got.isolated, 'isolate');
      assert.ok(got.after, 'the date stays to the right of the byline');
      await page.close();
    });

    test('a Persian page: its Solar Hijri date, and the chrome words in Persian with Persian digits', async () => {
      const page = await h.open('/fa.html');
      assert.equal((await h.run(page, 'reader')).active, true);
      const got = await header(page);
      assert.equal(got.time[0][0], '2024-12-25');
      // Intl writes the day in the Persian calendar and digits: ۵ دی ۱۴۰۳.
      assert.ok(got.time[0][1].includes('۱۴۰۳') && got.time[0][1].includes('دی'), got.time[0][1]);
      assert.match(got.reading, /^[۰-۹]+ دقیقه مطالعه$/);
      assert.equal(got.readingLang, 'fa');
      await page.close();
    });

    test('a product page: the reader says so and offers to show it anyway', async () => {
      const page = await h.open('/product.html');
      assert.equal((await h.run(page, 'reader', { showAnyway: false })).active, false);
      const buttons = await until(page, () => {
        const r = document.querySelector('[data-dana-surface=message]')?.shadowRoot;
        return r && [...r.querySelectorAll('button')].map((b) => b.textContent);
      }, null, 'the panel');
      assert.deepEqual(buttons, ['Show it anyway', 'Use my selection', 'Close']);
      await page.locator('[data-dana-surface=message] button').first().click(); // a real click: the panel answers trusted events only
      await until(page, () => !!document.querySelector('[data-dana-surface=reader]'), null, 'the reader');
      assert.equal((await readerState(page)).title, 'Trail Shoe 2');
      await page.close();
    });
  });
}

// Real pages of the r2l set (read from the corpus at run time): an Egyptian news page whose
// writer stands only in a "كتبت" line under the headline, and a Persian one whose JSON-LD names
// the news agency (the site itself) as the author, and no person. The reader shows each
// page's own headline, its site's name and the writer, or no byline.
const R2L = [
  { id: 'ar-youm7', headline: 'وزير الرى يشهد توقيع عقد دراسة تحديد السحب الآمن للخزانات الجوفية مع جامعة القاهرة', site: 'اليوم السابع', byline: 'أسماء نصار' },
  { id: 'fa-khabaronline', headline: 'تحلیل روزنامه اصولگرا از دعوت اصلاح طلبان به حضور مردم در انتخابات', site: 'خبرآنلاین', byline: null },
];
const r2lAbsent = !existsSync(path.join(corpusRoot(), 'r2l')) && !process.env.CI;
if (r2lAbsent) console.log(`note: the r2l set is absent under ${corpusRoot()}; its reader-header tests are skipped (they fail on CI)`);

describe('the reader header of real Arabic and Persian pages', { skip: r2lAbsent && 'the r2l set is absent' }, () => {
  let h;
  let pages;
  before(async () => {
    pages = pickPages(R2L.map((p) => ['r2l', p.id]));
    requireAtLeast(pages, R2L.length, 'reader header tests (r2l pages)');
    h = await startHarness();
  });
  after(() => h?.close());

  for (const want of R2L) {
    test(`${want.id}: the headline, the site and ${want.byline ? 'the writer' : 'no byline'}`, async () => {
      const page = await h.open(`/corpus/r2l/pages/${want.id}.html`);
      assert.equal((await h.run(page, 'reader')).active, true);
      const got = await header(page);
      assert.equal((await readerState(page)).title, want.headline);
      assert.equal(got.site, want.site);
      assert.equal(got.byline, want.byline);
      await page.close();
    });
  }
});
