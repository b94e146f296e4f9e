// Per-site choices (issue 16), in real Chromium: the reader opening by itself on a site the user
// added (from the options page, or from the reader's Display panel, whose click reaches the
// worker's permission request through a message), nothing stored while the browser's permission
// prompt is unanswered, removal from the options page, and a site's own settings merged over the
// global ones and kept across its pages, while the global settings stay as they were.
//
// The test copy of the extension has the test server's host (http://127.0.0.1/*) as a granted
// permission (extension-harness.test.mjs), so a request for it is answered "granted" without a
// prompt; a request for http://localhost/* opens the real prompt, which headless Chromium leaves
// unanswered.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHarness, until } from './extension-harness.test.mjs';
import { DEMO_PAGE, LINKS_PAGE } from './lib/fixtures.mjs';
import { sitesFrom, siteFrom, settingsOn } from '../../extension/sites.js';
import { DEFAULTS } from '../../extension/defaults.js';

const html = (body) => (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(body);
};

const readerOpen = () => !!document.querySelector('[data-dana-surface=reader]');
const sync = (h) => h.worker.evaluate(() => chrome.storage.sync.get(null));
const letterSpacing = () => {
  const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p');
  return parseFloat(getComputedStyle(p).letterSpacing) / parseFloat(getComputedStyle(p).fontSize) || 0;
};
const fontSize = () => parseFloat(getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p')).fontSize);

test('stored sites are checked: hosts, origins and settings', () => {
  assert.equal(siteFrom('Example.com', { open: true, origin: 'https://Example.com/*' }), null, 'upper case is not a hostname as URL gives it');
  assert.equal(siteFrom('a b', { open: true }), null);
  assert.deepEqual(siteFrom('example.com', { open: true, origin: 'https://evil.test/*' }), { open: false, origin: null }, 'an origin of another host is not this site\'s');
  assert.deepEqual(siteFrom('example.com', { open: true, origin: 'https://example.com/*', settings: { fontSize: 99, theme: 'nope', font: 'lexend', evil: 1 } }), {
    open: true,
    origin: 'https://example.com/*',
    settings: { fontSize: 32, font: 'lexend' },
  });
  const all = sitesFrom({ settings: {}, 'site:example.com': { open: true, origin: 'http://example.com/*' }, 'site:x..y': { open: true }, 'site:empty.example': { open: false }, other: 1 });
  assert.deepEqual(Object.keys(all), ['example.com']);
  const merged = settingsOn({ ...DEFAULTS, fontSize: 24 }, { settings: { letterSpacing: 0.04 } });
  assert.deepEqual([merged.fontSize, merged.letterSpacing], [24, 0.04]);
});

describe('per-site choices in Chromium', () => {
  let h;
  let optionsUrl;
  before(async () => {
    h = await startHarness({ routes: { '/demo.html': html(DEMO_PAGE), '/second.html': html(DEMO_PAGE), '/links.html': html(LINKS_PAGE) } });
    optionsUrl = `chrome-extension://${new URL(h.worker.url()).host}/options/options.html`;
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });
  after(async () => {
    await h?.close();
  });

  test('no site access up front: the manifest asks for http(s) sites as optional only', async () => {
    const m = await h.worker.evaluate(() => chrome.runtime.getManifest());
    assert.deepEqual(m.optional_host_permissions, ['https://*/*', 'http://*/*']);
    assert.deepEqual(m.permissions, ['activeTab', 'scripting', 'storage', 'contextMenus']);
    // Nothing opens by itself before a site is added.
    const page = await h.open('/demo.html');
    await page.waitForTimeout(800);
    assert.equal(await page.evaluate(readerOpen), false);
    await page.close();
  });

  test('added from the options page, the reader opens by itself on the site; not on its non-article pages; removed, it stops', async () => {
    const opts = await h.context.newPage();
    await opts.goto(optionsUrl);
    assert.equal(await opts.locator('#no-sites').isVisible(), true);
    await opts.locator('#site').fill(`http://127.0.0.1`);
    await opts.locator('#add').click();
    await until(opts, () => document.getElementById('site-status').textContent, null, 'the added message');
    assert.equal(await opts.locator('#site-status').textContent(), 'The reader opens by itself on 127.0.0.1.');
    await until(opts, () => document.querySelectorAll('#sites li').length === 1, null, 'the list of sites');
    assert.match(await opts.locator('#sites li').textContent(), /127\.0\.0\.1: opens the reader by itself/);
    assert.deepEqual((await sync(h))['site:127.0.0.1'], { open: true, origin: 'http://127.0.0.1/*' });

    // Loading a page of the site opens the reader, with no click.
    const page = await h.open('/demo.html');
    await until(page, readerOpen, null, 'the reader opening by itself');
    assert.equal(await page.evaluate(() => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('h1').textContent), 'How a reader view finds the article');
    // Another page of the site, and the same page loaded again.
    const second = await h.open('/second.html');
    await until(second, readerOpen, null, 'the reader on the second page');
    await page.reload();
    await until(page, readerOpen, null, 'the reader after a reload');
    // A page that is no article: nothing is put in front of it (no offer, no note).
    const links = await h.open('/links.html');
    await page.waitForTimeout(1500);
    assert.equal(await links.evaluate(() => document.querySelectorAll('[data-dana-surface]').length), 0);

    // Removed from the options page: the list is empty, the entry gone, no more opening.
    await opts.locator('#sites button[aria-label="Remove 127.0.0.1"]').click();
    await until(opts, () => document.querySelectorAll('#sites li').length === 0, null, 'the empty list');
    assert.equal((await sync(h))['site:127.0.0.1'], undefined);
    const after = await h.open('/demo.html');
    await after.waitForTimeout(1500);
    assert.equal(await after.evaluate(readerOpen), false);
    for (const p of [page, second, links, after, opts]) await p.close();
  });

  test('nothing is stored while the browser asks for the site and has no answer', async () => {
    const opts = await h.context.newPage();
    await opts.goto(optionsUrl);
    await opts.locator('#site').fill('http://localhost');
    await opts.locator('#add').click();
    await opts.waitForTimeout(1500);
    assert.equal((await sync(h))['site:localhost'], undefined);
    assert.equal(await opts.locator('#sites li').count(), 0);
    await opts.close();
  });

  test('from the reader: "Open by itself" asks through the worker; "Own settings" keep this site\'s changes, merged over the global ones', async () => {
    await h.worker.evaluate(() => chrome.storage.sync.clear());
    const page = await h.open('/demo.html');
    await h.run(page, 'reader');
    await page.locator('[data-dana-surface=reader] #display').click();
    const pressed = (id) => page.locator(`[data-dana-surface=reader] #${id}`).getAttribute('aria-pressed');
    assert.equal(await pressed('site-open'), 'false');
    assert.equal(await page.locator('[data-dana-surface=reader] #site-open').getAttribute('aria-label'), 'Open by itself on 127.0.0.1: the reader opens by itself on its pages');
    // The click's gesture reaches the worker's permission request (a request without one is refused).
    await page.locator('[data-dana-surface=reader] #site-open').click();
    await until(page, ([id, v]) => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById(id).getAttribute('aria-pressed') === v, ['site-open', 'true'], 'auto-open on');
    assert.deepEqual((await sync(h))['site:127.0.0.1'], { open: true, origin: 'http://127.0.0.1/*' });
    const refused = await h.worker.evaluate(() => chrome.permissions.request({ origins: ['http://localhost/*'] }).then(String, (e) => e.message));
    assert.match(refused, /user gesture/);

    // Own settings: the next change is this site's only.
    await page.locator('[data-dana-surface=reader] #site-settings').click();
    await until(page, ([id, v]) => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById(id).getAttribute('aria-pressed') === v, ['site-settings', 'true'], 'own settings on');
    await page.locator('[data-dana-surface=reader] #letters-looser').click();
    await until(page, () => {
      const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p');
      return Math.abs(parseFloat(getComputedStyle(p).letterSpacing) / parseFloat(getComputedStyle(p).fontSize) - 0.02) < 0.002;
    }, null, 'letter spacing 0.02 em');
    let s = await sync(h);
    assert.deepEqual(s['site:127.0.0.1'].settings, { letterSpacing: 0.02 });
    assert.equal(s.settings, undefined, 'the global settings are not written');
    // A global change (the options page, another site) shows here too, under this site's own.
    await h.worker.evaluate((d) => chrome.storage.sync.set({ settings: { ...d, fontSize: 24 } }), DEFAULTS);
    await until(page, () => parseFloat(getComputedStyle(document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p')).fontSize) === 24, null, 'the global font size');
    assert.ok(Math.abs((await page.evaluate(letterSpacing)) - 0.02) < 0.002);

    // Another page of the site: it opens by itself, with the site's settings.
    const next = await h.open('/second.html');
    await until(next, readerOpen, null, 'the reader opening by itself');
    await until(next, () => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p'), null, 'the article');
    assert.equal(await next.evaluate(fontSize), 24);
    assert.ok(Math.abs((await next.evaluate(letterSpacing)) - 0.02) < 0.002, 'the site\'s letter spacing');

    // Own settings off: back to the global ones; auto-open stays.
    await next.locator('[data-dana-surface=reader] #display').click();
    assert.equal(await next.locator('[data-dana-surface=reader] #site-settings').getAttribute('aria-pressed'), 'true');
    await next.locator('[data-dana-surface=reader] #site-settings').click();
    await until(next, () => {
      const p = document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector('article .body p');
      return (parseFloat(getComputedStyle(p).letterSpacing) || 0) === 0;
    }, null, 'letter spacing back to the global 0');
    s = await sync(h);
    assert.deepEqual(s['site:127.0.0.1'], { open: true, origin: 'http://127.0.0.1/*' });
    assert.equal(s.settings.letterSpacing, 0);

    // "Open by itself" off from the reader: the entry goes (it has no own settings left).
    await next.locator('[data-dana-surface=reader] #site-open').click();
    await until(next, ([id, v]) => document.querySelector('[data-dana-surface=reader]').shadowRoot.getElementById(id).getAttribute('aria-pressed') === v, ['site-open', 'false'], 'auto-open off');
    assert.equal((await sync(h))['site:127.0.0.1'], undefined);
    for (const p of [page, next]) await p.close();
    await h.worker.evaluate(() => chrome.storage.sync.clear());
  });
});
