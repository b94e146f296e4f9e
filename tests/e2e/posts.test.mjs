// Issue 13 in real Chromium: a thread is its posts on every surface of the extension. The reader
// view shows each post as an article of its own with its header (the author in `cite`, the date
// as the page shows it) above its words, and the page's text after the last post (related
// topics, "Powered by Discourse") outside every post; read-aloud announces each post with its
// author ("Post by NAME, DATE"); strip mode keeps every post of the page visible, with its author and date, and hides
// the site's chrome. The pages are the golden pages written for the engine's tests
// (tests/golden/discourse-thread, in Discourse's crawler markup, and tests/golden/qa-thread, in
// Stack Exchange's).

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startHarness, OUT } from './extension-harness.test.mjs';
import { REPO } from './lib/corpus.mjs';
import { installFakeSpeech, fakeRecord } from './lib/fixtures.mjs';

const golden = (name) => readFileSync(path.join(REPO, 'tests', 'golden', name, 'input.html'), 'utf8');
const serve = (html) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "script-src 'self'" });
  res.end(html);
};

// Discourse as a browser first shows it (issue 33): the app's spinner, and the posts only in
// the server-rendered copy inside <noscript> (the golden page's body), which the live page
// holds as one text node. Beside it, a tracking pixel's <noscript> and one whose attribute
// holds `</noscript>`; inside the copy, an image whose load (and `onerror`) would show that the
// capture loaded or ran what it parsed. Served without a CSP, so that an inline handler would
// run if anything ran it.
const SPINNER_PAGE = (() => {
  const html = golden('discourse-thread');
  const body = html.slice(html.indexOf('>', html.indexOf('<body')) + 1, html.indexOf('</body>'));
  const copy = body.replace('<div class="post" itemprop="text">', '<div class="post" itemprop="text"><img src="/noscript-avatar.png" alt="" onerror="window.__ranNoscript = true">');
  return html.slice(0, html.indexOf('<body')) +
    `<body><noscript><img src="/noscript-pixel.gif" alt="" width="1" height="1"></noscript>
<noscript><p title="&lt;/noscript&gt;&lt;img src=/noscript-escape.gif&gt;">For readers without scripts.</p></noscript>
<section id="main"><div class="loading-container"><div class="spinner"></div></div></section>
<noscript data-path="/t/chain-slips-on-the-smallest-cog/4821">${copy}</noscript></body></html>`;
})();

// A forum thread in XenForo's markup (issue 34): each post a profile pane (an avatar, the name,
// a rank, a count of messages) and a header line (the date, a permalink) beside its text. The
// name's and the date's lines are mostly tags, so the engine's choice leaves them out; strip
// mode keeps them as each post's header.
const FORUM_PAGE = (() => {
  const said = [
    'The new ferry timetable adds two early crossings on weekdays, which suits everyone who works in town and used to wait an hour at the pier for the first boat.',
    'I would rather they had kept the late crossing on Fridays: the last boat now leaves before the concerts end, and the bus round the bay takes more than an hour.',
    'The committee says the Friday boat carried fewer than twenty people a night last winter, so it went to Saturdays, when the pier is busiest after the market.',
  ];
  const post = (name, n) => `<article class="message" id="post-${n}">
<div class="message-user"><a href="/members/${name}.${n}/" class="avatar"><img src="/avatars/${n}.jpg" alt="${name}" width="48" height="48"></a>
<h4 class="message-name"><a href="/members/${name}.${n}/" class="username">${name}</a></h4>
<h5 class="userTitle">Regular</h5><dl class="pairs"><dt>Messages</dt><dd>${100 + n}</dd></dl></div>
<div class="message-main"><header class="message-attribution"><a href="/threads/ferry.7/post-${n}"><time datetime="2025-03-0${n}T10:00:00+0000">Mar ${n}, 2025</time></a>
<a href="/threads/ferry.7/post-${n}">#${n}</a></header>
<div class="message-body"><p>${said[n - 1]}</p></div></div></article>`;
  const nav = '<div class="nav"><a href="/">Home</a> | <a href="/forum">Forum</a> | <a href="/members">Members</a></div>';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Ferry timetable - Harbour forum</title></head><body>${nav}
<h1>The new ferry timetable</h1><div class="thread">${['ann', 'bo', 'cy'].map((name, i) => post(name, i + 1)).join('\n')}</div>${nav}</body></html>`;
})();

describe('issue 13 posts in Chromium', () => {
  let h;
  before(async () => {
    h = await startHarness({
      routes: {
        '/chain.html': serve(golden('discourse-thread')),
        '/pan.html': serve(golden('qa-thread')),
        '/forum.html': serve(FORUM_PAGE),
        '/spinner.html': (req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(SPINNER_PAGE);
        },
      },
    });
  });
  after(async () => {
    await h?.close();
  });

  // Each post of the reader's article: its header's author and text, its paragraphs' openings.
  const posts = (page) =>
    page.evaluate(() => {
      // The engine's article is the reader's `.body` (content/reader.js renderBody).
      const a = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body');
      return {
        posts: [...a.querySelectorAll(':scope > article')].map((p) => ({
          author: p.querySelector(':scope > header > cite')?.textContent,
          header: p.querySelector(':scope > header')?.textContent,
          words: [...p.querySelectorAll(':scope > p')].map((x) => x.textContent.slice(0, 24)),
        })),
        // What stands in the article outside every post.
        outside: [...a.children].filter((c) => c.localName !== 'article').map((c) => c.textContent.slice(0, 24)),
        rules: [...a.querySelectorAll(':scope > article')].map((p) => getComputedStyle(p).borderTopStyle),
        byline: document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('.byline')?.textContent,
        cite: getComputedStyle(a.querySelector(':scope > article > header > cite')).fontStyle,
      };
    });

  test('reader view: a Discourse thread shows every post with its header, and nothing after the last inside it', async () => {
    const page = await h.open('/chain.html');
    assert.equal((await h.run(page, 'reader')).found, true);
    const got = await posts(page);
    // The first post's header repeats the page's byline and date: the reader shows it once, in
    // its own header (meta::header_blocks), as it does an article's byline line.
    assert.deepEqual(
      got.posts.map((p) => [p.author, p.header, p.words.length]),
      [
        [undefined, undefined, 2],
        ['teodor', 'teodor · March 4, 2025, 10:03am', 2],
        ['lin_c', 'lin_c · March 5, 2025, 6:40pm', 2],
        ['marta_v', 'marta_v · March 6, 2025, 8:15am', 2],
      ]
    );
    assert.equal(got.byline, 'marta_v');
    assert.equal(got.posts[3].words[1], 'With a new chain and the');
    assert.ok(got.outside.every((t) => !/Powered by|Related topics/.test(t)), JSON.stringify(got.outside));
    // Styled as kinds.js says: a rule between posts, the author not in italics. The first post,
    // whose header is the reader's own, draws no second rule under the header's (issue 34).
    assert.deepEqual(got.rules, ['none', 'solid', 'solid', 'solid']);
    assert.equal(got.cite, 'normal');
    await page.screenshot({ path: path.join(OUT, 'posts-discourse.png'), caret: 'initial' });
    await page.close();
  });

  test('capture and reader view: a Discourse topic still loading is read from its <noscript> copy', async () => {
    const page = await h.open('/spinner.html');
    const live = () => page.evaluate(() => [...document.querySelectorAll('noscript')].map((n) => [n.childNodes.length, n.firstChild?.nodeType]));
    const before = await live();
    // The live page holds each <noscript>'s content as one text node (scripting is on).
    assert.deepEqual(before, [[1, 3], [1, 3], [1, 3]]);
    const html = await h.worker.evaluate(async (tabId) => {
      await self.dana.inject(tabId);
      return (await chrome.tabs.sendMessage(tabId, { type: 'capture' })).html;
    }, await h.tabId(page));
    // The copy's posts are markup; the pixel's <noscript> (no text) stays as the page has it.
    assert.match(html, /<noscript data-path="[^"]*">\s*<header>/);
    assert.match(html, /<div id="post_2" [^>]*class="topic-body crawler-post">/);
    assert.match(html, /<noscript>&lt;img src="\/noscript-pixel\.gif"/);
    // An attribute holding `</noscript>` does not end the <noscript> the engine reads as raw text.
    assert.ok(!/<\/noscript>\s*<img/i.test(html), 'a <noscript> ended early in the capture');
    // Nothing was loaded or run, and the page is as it was.
    assert.ok(!h.server.requests.some((r) => r.startsWith('/noscript-')), h.server.requests.join(' '));
    assert.equal(await page.evaluate(() => window.__ranNoscript), undefined);
    assert.deepEqual(await live(), before);

    assert.equal((await h.run(page, 'reader')).found, true);
    const text = await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article').innerText);
    for (const words of ['my chain jumps every time I push hard', 'A chain that has done two thousand kilometres', 'With a new chain and the']) {
      assert.ok(text.includes(words), `missing from the reader: ${words}`);
    }
    assert.equal(await page.evaluate(() => window.__ranNoscript), undefined);
    await page.close();
  });

  test('reader view: a Stack Exchange question and its answers are posts with their authors', async () => {
    const page = await h.open('/pan.html');
    assert.equal((await h.run(page, 'reader')).found, true);
    const got = await posts(page);
    assert.deepEqual(got.posts.map((p) => p.author), ['user30200', 'user30211', 'user30215', 'user30240']);
    assert.ok(got.posts.slice(1).every((p) => p.words.length >= 2), JSON.stringify(got.posts));
    await page.close();
  });

  test('read-aloud announces each post with its author and date', async () => {
    const page = await h.open('/chain.html');
    await h.isolated(page, installFakeSpeech, [['Fake English', 'en-US']]);
    assert.equal((await h.run(page, 'speak')).active, true);
    // A click on a block starts reading there: the second post's header (the first post's is
    // the reader's own header).
    await page.locator('[data-dana-surface=reader] .body > article > header').first().click();
    let rec = await h.isolated(page, fakeRecord);
    assert.equal(rec.spoken.at(-1).text, 'Post by teodor, March 4, 2025, 10:03am');
    // Its words follow, then the next post is announced.
    const said = [];
    for (let i = 0; i < 3; i++) {
      await page.locator('[data-dana-surface=reader] #next').click();
      rec = await h.isolated(page, fakeRecord);
      said.push(rec.spoken.at(-1).text);
    }
    assert.match(said[0], /^A chain that has done two thousand kilometres/);
    assert.equal(said.at(-1), 'If the checker drops in at the 0.75 mark, replace the chain.');
    await page.close();
  });

  test('strip mode keeps every post with its author and date and hides the site chrome', async () => {
    const page = await h.open('/chain.html');
    const r = await h.run(page, 'strip');
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el && (el.offsetWidth || el.offsetHeight || el.getClientRects().length));
      return {
        posts: [...document.querySelectorAll('.crawler-post .post p')].map(visible),
        footer: visible(document.querySelector('footer .crawler-nav')),
        related: visible(document.querySelector('#related-topics table')),
        // Each post's author and date (issue 34), so that the replies stay apart.
        headers: [...document.querySelectorAll('.crawler-post')].map((p) =>
          ['.creator [itemprop=name]', 'time.post-time'].map((s) => visible(p.querySelector(s)) && p.querySelector(s).textContent.replace(/\s+/g, ' '))
        ),
      };
    });
    assert.deepEqual(got.headers, [
      ['marta_v', 'March 4, 2025, 9:12am'],
      ['teodor', 'March 4, 2025, 10:03am'],
      ['lin_c', 'March 5, 2025, 6:40pm'],
      ['marta_v', 'March 6, 2025, 8:15am'],
    ]);
    delete got.headers;
    assert.deepEqual(got, { posts: Array(8).fill(true), footer: false, related: false });
    await page.close();
  });

  test('strip mode on a forum keeps the author and date of each reply, not the rest of its profile', async () => {
    const page = await h.open('/forum.html');
    const r = await h.run(page, 'strip');
    assert.equal(r.ok, true, JSON.stringify(r));
    const got = await page.evaluate(() => {
      const visible = (el) => !!(el && (el.offsetWidth || el.offsetHeight || el.getClientRects().length));
      const shown = (p, s) => [...p.querySelectorAll(s)].filter(visible).map((e) => e.textContent);
      return [...document.querySelectorAll('article.message')].map((p) => ({
        name: shown(p, '.username'),
        date: shown(p, 'time'),
        text: shown(p, '.message-body p').length,
        // The avatar, the rank, the count of messages, the permalink.
        rest: shown(p, '.avatar, .userTitle, .pairs, .message-attribution a:not(:has(time))'),
      }));
    });
    assert.deepEqual(got, [
      { name: ['ann'], date: ['Mar 1, 2025'], text: 1, rest: [] },
      { name: ['bo'], date: ['Mar 2, 2025'], text: 1, rest: [] },
      { name: ['cy'], date: ['Mar 3, 2025'], text: 1, rest: [] },
    ]);
    await page.screenshot({ path: path.join(OUT, 'strip-forum.png') });
    await page.close();
  });
});
