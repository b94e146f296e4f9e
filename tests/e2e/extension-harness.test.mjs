// Shared set-up of the extension's browser tests (imported by extension.test.mjs and
// a11y-extension.test.mjs; this file's own test only checks the harness itself).
//
// Permissions: the shipped manifest asks for `activeTab`, which Chromium grants when the user
// clicks the toolbar button, presses a shortcut or picks a context-menu entry. Automation cannot
// press browser UI in headless Chromium, so the tests load a COPY of extension/ whose manifest
// adds `host_permissions: ["http://127.0.0.1/*"]` (the test server only): that is the grant
// the user's gesture would give for the tab. Everything else is the shipped code, driven through
// the same entry point the toolbar uses, `self.dana.run(tabId, mode)`.

import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, writeFile, mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchWithExtension } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';
import { corpusRoot, REPO } from './lib/corpus.mjs';

export const OUT = path.join(REPO, 'tests', 'e2e', 'out');

/**
 * Copies extension/ (with pkg/) to a temp dir, adding the test server's host permission. With
 * `openShadowRoots`, the content script's shadow roots are made open (one string of the bundle
 * changed), so that these tests can look inside and playwright's locators can press the
 * controls; the shipped roots are closed, which hostile.test.mjs tests on the unchanged bundle.
 */
export async function testCopyOfExtension({ openShadowRoots = true, src = path.join(REPO, 'extension') } = {}) {
  if (!existsSync(path.join(src, 'pkg', 'dana_bg.wasm'))) {
    throw new Error('extension/pkg/dana_bg.wasm is missing: run ./build.sh first (it copies the wasm package there)');
  }
  if (!existsSync(path.join(src, 'bundle', 'content.js'))) {
    throw new Error('extension/bundle/content.js is missing: run ./build.sh first (it runs extension/build.mjs)');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dana-ext-'));
  await cp(src, dir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  manifest.host_permissions = ['http://127.0.0.1/*'];
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  if (openShadowRoots) await openShadowRootsOf(dir);
  return dir;
}

/** In a test copy `dir`, makes the content script's shadow roots open (one string of the bundle). */
export async function openShadowRootsOf(dir) {
  const bundle = path.join(dir, 'bundle', 'content.js');
  const code = await readFile(bundle, 'utf8');
  const closed = 'attachShadow({ mode: "closed" })';
  if (code.split(closed).length !== 2) throw new Error(`expected one ${closed} in the content bundle`);
  await writeFile(bundle, code.replace(closed, 'attachShadow({ mode: "open" })'));
}

/**
 * Starts the server and Chromium with the extension. Corpus pages are under /corpus/<set>/pages/,
 * and again under /csp/<set>/pages/ with `Content-Security-Policy: script-src 'self'`.
 * Requests for anything but the test server are aborted (the pages reference the whole web).
 * `extensionDir`: the unpacked extension to copy (default extension/).
 */
export async function startHarness({ routes = {}, openShadowRoots = true, extensionDir, launch = {} } = {}) {
  const server = await startServer({
    routes,
    mounts: { '/corpus/': corpusRoot(), '/csp/': corpusRoot() },
    headers: (p) => (p.startsWith('/csp/') ? { 'Content-Security-Policy': "script-src 'self'" } : {}),
  });
  const extDir = await testCopyOfExtension({ openShadowRoots, src: extensionDir });
  // A browser that does not start must not leave the server holding the test process open
  // (it kept a CI run waiting until its time limit).
  const { context, worker, close } = await launchWithExtension(extDir, {
    viewport: { width: 1100, height: 800 },
    args: ['--autoplay-policy=no-user-gesture-required'],
    ...launch, // e.g. { timezoneId } (tests/e2e/metadata.test.mjs)
  }).catch(async (e) => {
    await server.close();
    await rm(extDir, { recursive: true, force: true });
    throw e;
  });
  await context.route('**/*', (route) => {
    const u = route.request().url();
    return u.startsWith(server.url) || u.startsWith('chrome-extension:') || u.startsWith('data:') || u.startsWith('blob:') ? route.continue() : route.abort();
  });
  await mkdir(OUT, { recursive: true });

  let tabs = 0;
  const h = {
    server,
    context,
    worker,
    async open(urlPath) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e));
      // A unique fragment: tabs are found by URL, and a failed test may leave its tab open.
      await page.goto(`${server.url}${urlPath}#tab-${++tabs}`, { waitUntil: 'domcontentloaded' });
      page.danaErrors = errors;
      await settle(page);
      return page;
    },
    async tabId(page) {
      const id = await worker.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id, page.url());
      assert.ok(id, `no tab for ${page.url()}`);
      return id;
    },
    /**
     * The entry point under test. On a page that does not look like an article the reader first
     * offers "Show it anyway" (issue 14); unless `showAnyway` is false, that button is pressed, so
     * that tests of the reader view see it on every page (tests/e2e/metadata.test.mjs tests the offer).
     */
    async run(page, mode, { showAnyway = true } = {}) {
      const r = await worker.evaluate(([tabId, mode]) => self.dana.run(tabId, mode), [await h.tabId(page), mode]);
      if (!showAnyway || !r || !r.found || r.active !== false || mode === 'strip') return r;
      // A real click: the panel answers the user's own (trusted) events only.
      const button = page.locator('[data-dana-surface=message] button.primary');
      if (!(await button.count())) return r;
      await button.click();
      return { ...r, active: true };
    },
    /** Runs fn(...args) in the extension's isolated world of the page (where the content scripts live). */
    async isolated(page, fn, ...args) {
      const tabId = await h.tabId(page);
      // Built as source text: chrome.scripting needs a function object in the worker, and the
      // isolated world's CSP forbids eval, so the function travels inside the evaluated text.
      return worker.evaluate(`(async () => {
        const [r] = await chrome.scripting.executeScript({
          target: { tabId: ${tabId} }, world: 'ISOLATED', func: ${fn.toString()}, args: ${JSON.stringify(args)},
        });
        return r.result;
      })()`);
    },
    async close() {
      await close();
      await server.close();
      // The copy is the harness's own (lib/firefox.mjs removes its copy the same way).
      await rm(extDir, { recursive: true, force: true });
    },
  };
  return h;
}

/**
 * Polls page.evaluate(fn, arg) until it returns something truthy (5 s at most). Used instead
 * of page.waitForFunction, which needs eval in the page and so fails under a strict CSP.
 */
export async function until(page, fn, arg, what = 'condition') {
  for (let i = 0; i < 100; i++) {
    const v = await page.evaluate(fn, arg);
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Waits until the body's HTML stops changing (Chromium itself touches a loaded page: its
 * autofill code adds empty style attributes to form fields), so that "before" snapshots compare.
 */
export async function settle(page) {
  let last = null;
  for (let i = 0; i < 40; i++) {
    const now = await page.evaluate(() => document.body ? document.body.outerHTML : '');
    if (now === last) return;
    last = now;
    await new Promise((r) => setTimeout(r, 150));
  }
}

// Picks `value` in the reader's <select> by keyboard: the reader's controls answer the user's
// own (trusted) events only, and playwright's selectOption dispatches made-up ones.
export async function choose(page, selector, value) {
  await page.locator(`[data-dana-surface=reader] ${selector}`).focus();
  const now = () => page.evaluate((sel) => document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector(sel).value, selector);
  const values = await page.evaluate((sel) => [...document.querySelector('[data-dana-surface=reader]').shadowRoot.querySelector(sel).options].map((o) => o.value), selector);
  for (let i = 0; i < values.length && (await now()) !== value; i++) {
    await page.keyboard.press(values.indexOf(value) > values.indexOf(await now()) ? 'ArrowDown' : 'ArrowUp');
  }
  assert.equal(await now(), value);
}

/** The reader view's shadow root contents, read from the page. */
export function readerState(page) {
  return page.evaluate(() => {
    const host = document.querySelector('[data-dana-surface=reader]');
    if (!host) return null;
    const r = host.shadowRoot;
    const article = r.querySelector('article');
    return {
      title: r.querySelector('h1')?.textContent,
      text: article?.innerText || '',
      lang: article?.getAttribute('lang'),
      dir: article?.getAttribute('dir'),
      htmlAttr: document.documentElement.hasAttribute('data-dana-reader'),
      bodyDisplay: getComputedStyle(document.body).display,
    };
  });
}

// Runs only when this file is the test file itself, not when another test imports the harness.
const main = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (main) test('the test copy of the extension differs from extension/ only by the test host permission', async () => {
  const dir = await testCopyOfExtension({ openShadowRoots: false });
  const shipped = JSON.parse(await readFile(path.join(REPO, 'extension', 'manifest.json'), 'utf8'));
  const copy = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  assert.deepEqual(copy.host_permissions, ['http://127.0.0.1/*']);
  delete copy.host_permissions;
  assert.deepEqual(copy, shipped);
  assert.equal(shipped.host_permissions, undefined, 'the shipped extension asks for no host permissions');
  assert.deepEqual(shipped.permissions.sort(), ['activeTab', 'contextMenus', 'scripting', 'storage']);
  await rm(dir, { recursive: true, force: true });
});
