// Dana Reader's service worker: the one place where the wasm engine runs, and the one message
// router. Pages never compile WebAssembly: a page's Content-Security-Policy applies to content
// scripts, and `script-src 'self'` forbids wasm there; the extension's own CSP
// (`'wasm-unsafe-eval'`, manifest.json) allows it here.
//
// Entry point, used by the toolbar button, the keyboard shortcuts, the context menus and the
// end-to-end tests alike:
//
//   await self.dana.run(tabId, 'reader' | 'speak' | 'strip')
//
// It injects the content script if needed, asks the page for its HTML, runs the engine, sends
// the result back, and resolves when the page shows it, with
//   { ok: true,  mode, active: true,  found: boolean }   the mode is on (found: an article was found)
//   { ok: true,  mode, active: false }                   the mode was already on and is now off
//   { ok: false, mode, active: false, error }            nothing changed in the page but a message
// Running the mode that is already on turns it off (the toolbar button toggles).

import { settingsFrom } from './defaults.js';
import init, { extract } from './pkg/dana.js';

const MODES = ['reader', 'speak', 'strip'];
// The content script: one self-contained file, built by build.mjs from content/main.js.
const CONTENT_SCRIPT = 'bundle/content.js';
// The content script's guard (content/main.js): a Symbol-keyed property of the isolated
// world's global object, which page markup cannot create nor page script reach.
const GUARD = 'dana-reader.content';

// ---- engine ----------------------------------------------------------------------------------

let engineReady = null;

// Compiles the engine once per service-worker lifetime; a failed start is retried next time.
function startEngine() {
  if (!engineReady) {
    engineReady = init({ module_or_path: chrome.runtime.getURL('pkg/dana_bg.wasm') }).catch((e) => {
      engineReady = null;
      throw e;
    });
  }
  return engineReady;
}

// The engine call, kept behind one property so that a test can replace it to force a failure
// (tests/e2e/extension.test.mjs does) and see that the page is left untouched.
const engine = {
  extract(html, options) {
    return extract(html, options);
  },
};

// Runs the engine once on what the content script captured, and returns what the page needs
// for the mode, nothing more. Strip mode's capture is tagged (`data-dana-id` on every
// element); with `elementIds` the engine reads those ids from the parsed attributes and
// returns in `keptIds` those of the elements that carry the main content, so the page receives
// only the ids. The reader and read-aloud receive the article.
async function analyse(page, mode) {
  await startEngine();
  const strip = mode === 'strip';
  const options = { url: page.url || null };
  if (strip) options.elementIds = true;
  const ex = engine.extract(page.html, options);
  const found = ex.blocks.length > 0;
  if (strip) return { found, reason: ex.reason, keep: found ? ex.keptIds : [] };
  return { found, reason: ex.reason, article: article(ex) };
}

// What the reader view and read-aloud use of an extraction: the article's HTML (the one
// rendering, src/render.rs), its blocks (kind and text: sentences index into the text), the
// sentences and the facts of the header. Not the per-line series, the regions, the title
// candidates, nor the plain text and the per-block HTML, which the article's HTML already holds.
function article(ex) {
  const { html, title, byline, published, siteName, readingMinutes, lang, dir, sentences } = ex;
  const blocks = ex.blocks.map(({ kind, text }) => ({ kind, text }));
  return { html, title, byline, published, siteName, readingMinutes, lang, dir, sentences, blocks };
}

// ---- talking to the page ---------------------------------------------------------------------

// Injects the content script and its stylesheet unless the guard says they are there. The
// check runs in the same isolated world as the content script (executeScript's default).
async function inject(tabId) {
  const [{ result: present } = {}] = await chrome.scripting.executeScript({
    target: { tabId },
    func: (key) => globalThis[Symbol.for(key)] === true,
    args: [GUARD],
  });
  if (present) return;
  await chrome.scripting.insertCSS({ target: { tabId }, files: ['content/page.css'], origin: 'USER' });
  await chrome.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT] });
}

async function send(tabId, message) {
  const reply = await chrome.tabs.sendMessage(tabId, message);
  if (reply && reply.error) throw new Error(reply.error);
  return reply;
}

async function loadSettings() {
  const { settings } = await chrome.storage.sync.get('settings');
  return settingsFrom(settings);
}

// ---- the entry point -------------------------------------------------------------------------

async function run(tabId, mode) {
  if (!MODES.includes(mode)) throw new TypeError(`dana.run: mode must be one of ${MODES.join(', ')}, not ${mode}`);
  await inject(tabId);
  const state = await send(tabId, { type: 'state' });
  if (state.mode === mode) {
    await send(tabId, { type: 'close' });
    return { ok: true, mode, active: false };
  }
  const settings = await loadSettings();
  // Reader and read-aloud share one view: switching between them needs no new extraction.
  if (state.hasArticle && mode !== 'strip' && state.mode !== 'strip' && state.mode) {
    await send(tabId, { type: 'switch', mode, settings });
    return { ok: true, mode, active: true, found: true };
  }
  if (state.mode) await send(tabId, { type: 'close' });
  const t0 = performance.now();
  let page;
  try {
    page = await send(tabId, { type: 'capture', tag: mode === 'strip' });
  } catch (e) {
    return fail(tabId, mode, `Dana Reader could not read this page: ${e && e.message ? e.message : e}`, e);
  }
  return show(tabId, mode, page, settings, t0);
}

// Nothing was changed in the page: say what happened there and stop.
async function fail(tabId, mode, error, e) {
  console.error(error, e);
  await send(tabId, { type: 'error', message: error }).catch(() => {});
  return { ok: false, mode, active: false, error };
}

// `ms` in the result: how long capturing, the engine and showing took (printed by the tests).
async function show(tabId, mode, page, settings, t0 = performance.now()) {
  const t1 = performance.now();
  let analysed;
  try {
    analysed = await analyse(page, mode);
  } catch (e) {
    // The page has not been touched yet (capture works on a copy).
    return fail(tabId, mode, `Dana Reader could not analyse this page: ${e && e.message ? e.message : e}`, e);
  }
  const t2 = performance.now();
  const reply = await send(tabId, { type: 'show', mode, settings, ...analysed });
  const ms = { capture: Math.round(t1 - t0), engine: Math.round(t2 - t1), show: Math.round(performance.now() - t2) };
  return { ok: true, mode, active: !!reply.active, found: analysed.found, ms };
}

// Reads a selection the content script captured (from the "no article" panel or the context
// menu): the selection's HTML goes through the same engine.
async function runSelection(tabId, mode, page) {
  const state = await send(tabId, { type: 'state' });
  if (state.mode) await send(tabId, { type: 'close' });
  return show(tabId, mode, page, await loadSettings());
}

// Where the toolbar, shortcuts and menus land: errors are never thrown at the browser. When the
// page itself cannot show a message (a browser page such as chrome://, the Web Store, a PDF
// viewer: extensions may not run there), the toolbar button says it with a badge and its title.
async function runFromUi(tabId, mode) {
  let result;
  try {
    result = await run(tabId, mode);
  } catch (e) {
    result = { ok: false, mode, active: false, error: String(e && e.message ? e.message : e) };
    console.error(`dana: ${mode} on tab ${tabId} failed:`, e);
  }
  const problem = !result.ok;
  await chrome.action.setBadgeText({ tabId, text: problem ? '!' : '' }).catch(() => {});
  const title = problem ? `Dana Reader: ${result.error}` : chrome.runtime.getManifest().action.default_title;
  await chrome.action.setTitle({ tabId, title }).catch(() => {});
  return result;
}

// `inject` and `engine` are there for the tests (and the curious): the UI only calls `run`.
self.dana = { run, engine, inject, close: (tabId) => send(tabId, { type: 'close' }) };

// ---- browser UI ------------------------------------------------------------------------------

chrome.action.onClicked.addListener(async (tab) => {
  const { mode } = await loadSettings();
  runFromUi(tab.id, mode);
});

chrome.commands.onCommand.addListener((command, tab) => {
  if (MODES.includes(command) && tab) runFromUi(tab.id, command);
});

const MENU = [
  { id: 'dana-reader', title: 'Reader view', mode: 'reader', contexts: ['action', 'page'] },
  { id: 'dana-speak', title: 'Read aloud', mode: 'speak', contexts: ['action', 'page'] },
  { id: 'dana-speak-selection', title: 'Read the selection aloud', mode: 'speak', contexts: ['selection'] },
  { id: 'dana-strip', title: 'Strip ads in place', mode: 'strip', contexts: ['action', 'page'] },
];

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.removeAll(() => {
    for (const { id, title, contexts } of MENU) chrome.contextMenus.create({ id, title, contexts });
  });
});

chrome.contextMenus.onClicked.addListener(async (info, tab) => {
  const item = MENU.find((m) => m.id === info.menuItemId);
  if (!item || !tab) return;
  if (item.id === 'dana-speak-selection') {
    try {
      await inject(tab.id);
      const page = await send(tab.id, { type: 'capture-selection' });
      if (page) return runSelection(tab.id, 'speak', page);
    } catch (e) {
      console.error('dana: reading the selection failed:', e);
    }
    return;
  }
  runFromUi(tab.id, item.mode);
});

// The one message router: content scripts and the options page talk to the worker only here.
chrome.runtime.onMessage.addListener((msg, sender, reply) => {
  const tabId = sender.tab && sender.tab.id;
  const done = (p) => {
    p.then(reply, (e) => reply({ ok: false, error: String(e && e.message ? e.message : e) }));
    return true; // the reply is asynchronous
  };
  switch (msg && msg.type) {
    case 'run': // from the in-page controls: { mode }
      return done(run(tabId ?? msg.tabId, msg.mode));
    case 'run-selection': // from the "no article" panel: { mode, page }
      return done(runSelection(tabId, msg.mode, msg.page));
    case 'open-options':
      return done(chrome.runtime.openOptionsPage());
    default:
      return false;
  }
});
