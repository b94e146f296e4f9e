// Launching Debian's Firefox ESR (/usr/bin/firefox-esr) over WebDriver BiDi with puppeteer-core,
// with the extension installed as a temporary add-on (BiDi's webExtension.install), for the same
// scenarios the Chromium tests run.
//
//   import { startFirefoxHarness } from './lib/firefox.mjs';
//   const h = await startFirefoxHarness({ routes, isolated: [installFakeSpeech] });
//   const page = await h.open('/corpus/r2l/pages/x.html');   // a puppeteer Page
//   await h.run(page, 'reader');                              // what self.dana.run returns
//   await h.isolated(page, installFakeSpeech, arg);           // runs in the content scripts' world
//   await h.close();
//
// How the test reaches the extension. In Chromium the tests call the service worker directly;
// Firefox over BiDi can reach neither the background page nor an extension page (navigating to
// moz-extension: is refused). So the test copy of the extension (and only it) gets one more
// content script, for the test server's pages: a bridge in the content scripts' world. The page
// asks it by `postMessage`; it forwards `run` to the background with the very message the
// reader's own buttons send (`{ type: 'run', mode }`), and runs the named functions the test
// registered (their source is written into the bridge: an extension's CSP allows no eval).
// Apart from that file, the copy differs from extension/ as the Chromium suite's does: the test
// server's host permission, and the content script's shadow roots opened so that the tests can
// look inside (the shipped ones are closed).

import puppeteer from 'puppeteer-core';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.mjs';
import { corpusRoot, REPO } from './corpus.mjs';
import { openShadowRootsOf } from '../extension-harness.test.mjs';

export const FIREFOX = process.env.FIREFOX || '/usr/bin/firefox-esr';
const BRIDGE = 'test-bridge.js';

function bridgeSource(fns) {
  const table = fns.map((f) => `  ${JSON.stringify(f.name)}: ${f.toString()},`).join('\n');
  return `// Test bridge, written by tests/e2e/lib/firefox.mjs into the test copy only.
const FNS = {
${table}
};
window.addEventListener('message', async (e) => {
  if (e.source !== window || !e.data || !e.data.danaTest) return;
  const { id, op, mode, name, args } = e.data.danaTest;
  let reply;
  try {
    const result = op === 'run' ? await chrome.runtime.sendMessage({ type: 'run', mode }) : await FNS[name](...args);
    reply = { ok: true, result: result === undefined ? null : JSON.parse(JSON.stringify(result)) };
  } catch (err) {
    reply = { ok: false, error: String(err && err.message ? err.message : err) };
  }
  window.postMessage({ danaTestReply: { id, ...reply } }, '*');
});
`;
}

/**
 * Copies an unpacked extension (default extension/) for the test: host permission and bridge,
 * and (as in the Chromium suite, extension-harness.test.mjs) the shadow roots made open.
 */
export async function firefoxTestCopy({ src = path.join(REPO, 'extension'), fns = [], openShadowRoots = true } = {}) {
  if (!existsSync(path.join(src, 'pkg', 'dana_bg.wasm')) || !existsSync(path.join(src, 'bundle', 'content.js'))) {
    throw new Error(`${src} has no wasm package or content bundle: run ./build.sh first`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dana-ff-ext-'));
  await cp(src, dir, { recursive: true, dereference: true });
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  manifest.host_permissions = ['http://127.0.0.1/*'];
  manifest.content_scripts = [{ matches: ['http://127.0.0.1/*'], js: [BRIDGE], run_at: 'document_start' }];
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await writeFile(path.join(dir, BRIDGE), bridgeSource(fns));
  if (openShadowRoots) await openShadowRootsOf(dir);
  return dir;
}

/** Asks the bridge in `page` and waits for its answer (10 s at most). */
function ask(page, message) {
  return page.evaluate(
    (message) =>
      new Promise((resolve, reject) => {
        const id = `${Date.now()}-${Math.random()}`;
        const timer = setTimeout(() => reject(new Error('the test bridge did not answer in 10 s')), 10000);
        addEventListener('message', function on(e) {
          const r = e.data && e.data.danaTestReply;
          if (!r || r.id !== id) return;
          removeEventListener('message', on);
          clearTimeout(timer);
          r.ok ? resolve(r.result) : reject(new Error(r.error));
        });
        postMessage({ danaTest: { id, ...message } }, '*');
      }),
    message
  );
}

/**
 * Starts the test server (corpus pages under /corpus/ and, with a strict CSP, under /csp/, as
 * in Chromium) and Firefox with the test copy of `extension` installed. `isolated`: the
 * functions h.isolated may run in the content scripts' world.
 */
export async function startFirefoxHarness({ routes = {}, extensionDir, isolated = [], openShadowRoots = true, viewport = { width: 1100, height: 800 } } = {}) {
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} not found: install it with 'apt-get install firefox-esr' (./build.sh test does)`);
  const server = await startServer({
    routes,
    mounts: { '/corpus/': corpusRoot(), '/csp/': corpusRoot() },
    headers: (p) => (p.startsWith('/csp/') ? { 'Content-Security-Policy': "script-src 'self'" } : {}),
  });
  const extDir = await firefoxTestCopy({ src: extensionDir, fns: isolated, openShadowRoots });
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // Set at launch: resizing a page later (puppeteer's setViewport) also sends
    // emulation.setScreenOrientationOverride, which Firefox ESR 140 does not know.
    defaultViewport: viewport,
    extraPrefsFirefox: {
      // Speech and media without a user gesture, as Chromium's --autoplay-policy flag in the other suite.
      'media.autoplay.default': 0,
      // No requests of Firefox's own (updates, telemetry, safe browsing): the tests see only theirs.
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
  const extensionId = await browser.installExtension(extDir);
  let tabs = 0;
  return {
    server,
    browser,
    extensionId,
    async open(urlPath) {
      const page = await browser.newPage();
      await page.goto(`${server.url}${urlPath}#tab-${++tabs}`, { waitUntil: 'domcontentloaded' });
      return page;
    },
    run: (page, mode) => ask(page, { op: 'run', mode }),
    isolated(page, fn, ...args) {
      if (!isolated.includes(fn)) throw new Error(`h.isolated: ${fn.name} was not registered with startFirefoxHarness`);
      return ask(page, { op: 'fn', name: fn.name, args });
    },
    async close() {
      await browser.close();
      await server.close();
      await rm(extDir, { recursive: true, force: true });
    },
  };
}
