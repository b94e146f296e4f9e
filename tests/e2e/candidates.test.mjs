// "Not the article? Next candidate" (issue 12): on a page where readers' letters outweigh the
// story, the reader opens on the letters (the engine's choice) and offers the story as the next
// candidate; the button shows it, then comes back round to the first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startHarness, readerState, until, OUT } from './extension-harness.test.mjs';

const links = (n, p) => Array.from({ length: n }, (_, i) => `<div class="item"><a href="/${p}${i}">${p} link number ${i}</a></div>`).join('');
const STORY = (i) => `The keeper climbed the hundred and twelve steps every evening of that last winter, paragraph ${i}, to light the lamp that ships had trusted for a century before the automatic beacon came.`;
const LETTER = (i) => `Letter ${i}: my grandfather kept a light on the northern coast, and the letters he wrote home each week describe the same steps, the same storms and the same quiet pride in a lamp that never failed.`;
const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>The lighthouse keeper's last winter | Example</title></head><body>
<div class="menu">${links(30, 'menu')}</div>
<main><article><h1>The lighthouse keeper's last winter</h1>
${Array.from({ length: 5 }, (_, i) => `<p>${STORY(i)}</p>`).join('\n')}
</article></main>
<div class="links">${links(30, 'more')}</div>
<section class="comments"><h2>Readers' letters</h2>
${Array.from({ length: 9 }, (_, i) => `<p>${LETTER(i)}</p>`).join('\n')}
</section>
<footer>${links(20, 'foot')}</footer></body></html>`;

test('the reader offers the next candidate and shows it, then the first again', async () => {
  const h = await startHarness({
    routes: {
      '/two.html': (req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(PAGE);
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
    assert.equal(await button.textContent(), 'Next candidate (1/2)');
    assert.match(await button.getAttribute('aria-label'), /^Next candidate \(1\/2\): not the article\? Show candidate 2 of 2: The lighthouse keeper's last winter The keeper climbed/);
    await button.click(); // a real click: the reader answers trusted events only
    await until(page, () => /paragraph 4, to light the lamp/.test(document.querySelector('[data-dana-surface=reader]')?.shadowRoot?.querySelector('article')?.innerText || ''), null, 'the story');
    st = await readerState(page);
    assert.doesNotMatch(st.text, /Letter 8: my grandfather/, 'the story alone');
    assert.equal(await button.textContent(), 'Next candidate (2/2)');
    await page.screenshot({ path: path.join(OUT, 'reader-next-candidate.png') });
    await button.click();
    await until(page, () => /Letter 8: my grandfather/.test(document.querySelector('[data-dana-surface=reader]')?.shadowRoot?.querySelector('article')?.innerText || ''), null, 'the letters again');
    // Closing restores the page as it was, after any number of candidates.
    assert.equal((await h.run(page, 'reader')).active, false);
    assert.equal(await readerState(page), null);
    await page.close();
  } finally {
    await h.close();
  }
});
