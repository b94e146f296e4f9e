// Issue 32 in real Chromium: readers' comments under a news story are not the story. The reader
// opens with the story alone and offers the comments collapsed after it, under the engine's
// label ("Comments (30)"); read-aloud reads the story to its end and never a comment. The page is
// the golden page written for the engine's tests (tests/golden/comments-news: a story and 30
// comments in a news site's own markup).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness } from './extension-harness.test.mjs';
import { REPO } from './lib/corpus.mjs';
import { installFakeSpeech, fakeRecord, fakeFinish } from './lib/fixtures.mjs';

const golden = (name) => readFileSync(path.join(REPO, 'tests', 'golden', name, 'input.html'), 'utf8');
const serve = (html) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" });
  res.end(html);
};

// A reader's comment, and the story's last words (tests/golden/comments-news/expected.txt).
const COMMENT = 'The harbour wall has needed this work';
const STORY_END = /borrowed against harbour dues over twenty years\.$/;

describe('issue 32 comments in Chromium', () => {
  let h;
  before(async () => {
    h = await startHarness({ routes: { '/harbour.html': serve(golden('comments-news')) } });
  });
  after(async () => {
    await h?.close();
  });

  test('reader view: the story alone, the 30 comments collapsed after it', async () => {
    const page = await h.open('/harbour.html');
    assert.equal((await h.run(page, 'reader')).found, true);
    const got = await page.evaluate(() => {
      const root = document.querySelector('[data-dana-surface=reader]').shadowRoot;
      const box = root.querySelector('article > details.comments');
      return {
        body: root.querySelector('article .body').textContent,
        label: box?.querySelector('summary').textContent,
        open: box?.open,
        // innerText holds what is rendered only.
        shown: box?.innerText,
        comments: box?.textContent,
        blocks: box ? box.querySelectorAll('[data-block]').length : -1,
      };
    });
    assert.ok(!got.body.includes(COMMENT), 'no comment in the story');
    assert.equal(got.label, 'Comments (30)');
    assert.equal(got.open, false, 'collapsed by default');
    assert.ok(!got.shown.includes(COMMENT), 'no comment shown');
    assert.ok(got.comments.includes(COMMENT), 'the comments are there to open');
    assert.equal(got.blocks, 0, 'the comments are no blocks of the article');
    // Opened by the user, they show.
    await page.locator('[data-dana-surface=reader] details.comments > summary').click();
    const opened = await page.evaluate(() => {
      const box = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('details.comments');
      return box.open && { text: box.innerText, items: box.querySelectorAll('li').length, posts: box.querySelectorAll('article').length };
    });
    assert.ok(opened && opened.text.includes(COMMENT), JSON.stringify(opened));
    // Each comment under its author, as a post, not as a list of one item; the section's own
    // "30 comments" and sort line are the summary's already.
    assert.equal(opened.posts, 30);
    assert.equal(opened.items, 0, 'no comment is a list item');
    assert.ok(!/30 comments|Sorted by newest/.test(opened.text), opened.text.slice(0, 200));
    await page.close();
  });

  test('read-aloud reads the story to its end and no comment', async () => {
    const page = await h.open('/harbour.html');
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US']]);
    assert.equal((await h.run(page, 'speak')).active, true);
    // Each utterance ended in turn, as a voice ends it, until read-aloud stops asking for more.
    let count = 0;
    for (let i = 0; i < 200; i++) {
      const n = await h.isolated(page, fakeFinish);
      if (n === count) break;
      count = n;
    }
    const rec = await h.isolated(page, fakeRecord);
    const said = rec.spoken.map((s) => s.text);
    assert.ok(said.length > 5, JSON.stringify(said));
    assert.match(said.at(-1), STORY_END);
    assert.ok(said.every((s) => !s.includes('harbourwatcher') && !s.includes(COMMENT)), JSON.stringify(said));
    await page.close();
  });
});
