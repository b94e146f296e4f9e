// "Not the article?" (issues 12 and 34): on a page where readers' letters outweigh the story,
// the reader opens on the letters (the engine's choice) and offers the story as the next
// candidate; Previous and Next go round the candidates in a cycle, the counter says which one
// shows, the pressed button keeps the focus, and the "does not look like an article" panel is
// not put in the way of a candidate the user asked for.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHarness, readerState, until, OUT } from './extension-harness.test.mjs';
import { CANDIDATES_PAGE } from './lib/fixtures.mjs';

const PAGE = CANDIDATES_PAGE;

// Waits until the reader's article matches `yes` and not `no` (regular expressions' sources).
const shows = (page, yes, no, what) =>
  until(page, ([y, n]) => {
    const t = document.querySelector('[data-dana-surface=reader]')?.shadowRoot?.querySelector('article')?.innerText || '';
    return new RegExp(y).test(t) && !(n && new RegExp(n).test(t));
  }, [yes, no], what);
const STORY_END = 'paragraph 4, to light the lamp';
const LETTERS = 'Letter 8: my grandfather';
const focused = () => document.querySelector('[data-dana-surface=reader]')?.shadowRoot?.activeElement?.id || null;
// The reader gives the pressed button its focus back once the candidate's first frame is on
// screen (content/reader.js `firstFrameShown`), a little after its text shows: waited for.
const keeps = (page, id) => until(page, (want) => document.querySelector('[data-dana-surface=reader]')?.shadowRoot?.activeElement?.id === want, id, `the focus on #${id}`);
// A product's structured data makes the page look like no article (`readerable` low).
const PRODUCT = '<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Lamp","offers":{"@type":"Offer","price":"12.00","priceCurrency":"EUR"}}</script>';

test('the reader offers the next candidate and shows it, then the first again', async () => {
  const h = await startHarness({
    routes: {
      '/two.html': (req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(PAGE());
      },
    },
  });
  try {
    const page = await h.open('/two.html');
    const r = await h.run(page, 'reader');
    assert.equal(r.found, true, JSON.stringify(r));
    let st = await readerState(page);
    assert.match(st.text, /Letter 8: my grandfather/, "the engine's choice: the letters, the longer part");
    assert.doesNotMatch(st.text, /paragraph 4, to light the lamp/);
    const button = page.locator('[data-dana-surface=reader] #candidate');
    const back = page.locator('[data-dana-surface=reader] #cand-prev');
    const count = page.locator('[data-dana-surface=reader] #cand-count');
    assert.equal(await count.textContent(), '1/2');
    assert.match(await button.getAttribute('aria-label'), /^Next candidate: candidate 2 of 2: The lighthouse keeper's last winter The keeper climbed/);
    await button.click(); // a real click: the reader answers trusted events only
    await shows(page, STORY_END, null, 'the story');
    st = await readerState(page);
    assert.doesNotMatch(st.text, /Letter 8: my grandfather/, 'the story alone');
    assert.equal(await count.textContent(), '2/2');
    await keeps(page, 'candidate');
    assert.equal(await page.evaluate(focused), 'candidate', 'the Next button keeps the focus');
    await page.screenshot({ path: path.join(OUT, 'reader-next-candidate.png') });
    // Next at the last candidate: the first again, the counter with it.
    await page.keyboard.press('Enter');
    await shows(page, LETTERS, null, 'the letters again');
    assert.equal(await count.textContent(), '1/2');
    // Previous at the first: the last.
    await back.click();
    await shows(page, STORY_END, LETTERS, 'the story by Previous');
    assert.equal(await count.textContent(), '2/2');
    await keeps(page, 'cand-prev');
    assert.equal(await page.evaluate(focused), 'cand-prev');
    await back.click();
    await shows(page, LETTERS, null, 'the letters by Previous');
    // Closing restores the page as it was, after any number of candidates.
    assert.equal((await h.run(page, 'reader')).active, false);
    assert.equal(await readerState(page), null);
    await page.close();
  } finally {
    await h.close();
  }
});

test('a page that does not look like an article: the panel once, never again while going round the candidates', async () => {
  const h = await startHarness({
    routes: {
      '/product.html': (req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(PAGE(PRODUCT));
      },
    },
  });
  try {
    const page = await h.open('/product.html');
    const panel = () => !!document.querySelector('[data-dana-surface=message]');
    const r = await h.run(page, 'reader'); // presses "Show it anyway"
    assert.equal(r.found, true, JSON.stringify(r));
    await shows(page, LETTERS, null, 'the letters');
    const count = page.locator('[data-dana-surface=reader] #cand-count');
    assert.equal(await count.textContent(), '1/2');
    await page.locator('[data-dana-surface=reader] #candidate').click();
    await shows(page, STORY_END, null, 'the story');
    await page.locator('[data-dana-surface=reader] #candidate').click();
    await shows(page, LETTERS, null, 'the letters again');
    assert.equal(await page.evaluate(panel), false, 'no panel over the first candidate');
    assert.equal(await count.textContent(), '1/2');
    await page.close();
  } finally {
    await h.close();
  }
});

// A page whose readers' comments run from its top almost to its bottom, a story below them and
// a box of notices at the end: the engine chooses the story, and its runners-up are the
// comments (whose lines span most of the page: the whole page, as the user already saw it) and
// then the notices. The reader offers the notices second and the whole page last (issue 34),
// and says so.
const WHOLE_PAGE = () => {
  const links = (tag, n) => Array.from({ length: n }, (_, i) => `<div><a href="/${tag}/${i}">${tag} link number ${i}</a></div>`).join('\n');
  const comments = Array.from(
    { length: 120 },
    (_, i) => `<div class="c"><div class="m"><a href="/u/${i}"><img src="/a/${i}.png" alt=""></a> <a href="/r/${i}">reply</a></div><p>Comment ${i}: I remember the lamp from the ferry as a child.</p></div>`
  ).join('\n');
  const story = (i) => `The keeper climbed the hundred and twelve steps every evening of that winter, paragraph ${i}, to light the lamp and to watch the sea for ships that no longer came.`;
  const notices = Array.from({ length: 3 }, (_, i) => `<p>Notice ${i}: the harbour office is closed on Sundays and holidays until the spring, when the summer timetable starts again.</p>`).join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The lighthouse keeper's last winter | Example</title></head><body>
<section class="comments">${comments}</section>
<div>${links('a', 22)}</div>
<main><article><h1>The lighthouse keeper's last winter</h1>
${Array.from({ length: 8 }, (_, i) => `<p>${story(i)} ${story(i)}</p>`).join('\n')}
</article></main>
<div>${links('b', 22)}</div>
<div class="notices">${notices}</div>
<div>${links('c', 3)}</div>
</body></html>`;
};

test('a candidate that is the whole page comes last and is labelled as such', async () => {
  const h = await startHarness({
    routes: {
      '/whole.html': (req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(WHOLE_PAGE());
      },
    },
  });
  try {
    const page = await h.open('/whole.html');
    const r = await h.run(page, 'reader');
    assert.equal(r.found, true, JSON.stringify(r));
    await shows(page, STORY_END, 'Comment 7:', 'the story');
    const group = page.locator('[data-dana-surface=reader] .candidates');
    const next = page.locator('[data-dana-surface=reader] #candidate');
    const back = page.locator('[data-dana-surface=reader] #cand-prev');
    const count = page.locator('[data-dana-surface=reader] #cand-count');
    assert.equal(await count.textContent(), '1/3');
    assert.equal(await group.getAttribute('aria-label'), 'Not the article? Candidate 1 of 3');
    // The engine's second candidate is the whole page: offered third, the notices second.
    assert.match(await next.getAttribute('aria-label'), /^Next candidate: candidate 2 of 3: Notice 0:/);
    assert.match(await back.getAttribute('aria-label'), /^Previous candidate: candidate 3 of 3, the whole page: Comment 0:/);
    // (The notices, outside the page's main landmark, are read as the landmark's article: what
    // the engine shows for them is its own business here, only that it is not the whole page.)
    await next.click();
    await until(page, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('#cand-count')?.textContent === '2/3', null, 'the second candidate');
    assert.doesNotMatch((await readerState(page)).text, /Comment 7:/);
    await next.click();
    await shows(page, 'Comment 7:', null, 'the whole page');
    assert.equal(await count.textContent(), '3/3 · whole page');
    assert.equal(await group.getAttribute('aria-label'), 'Not the article? Candidate 3 of 3, the whole page');
    await page.screenshot({ path: path.join(OUT, 'reader-whole-page-candidate.png') });
    // And round to the story.
    await next.click();
    await shows(page, STORY_END, 'Comment 7:', 'the story again');
    assert.equal(await count.textContent(), '1/3');
    await page.close();
  } finally {
    await h.close();
  }
});
