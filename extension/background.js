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
// It injects the content scripts if needed, asks the page for its HTML, runs the engine, sends
// the result back, and resolves when the page shows it, with
//   { ok: true,  mode, active: true,  found: boolean }   the mode is on (found: an article was found)
//   { ok: true,  mode, active: false }                   the mode was already on and is now off
//   { ok: false, mode, active: false, error }            nothing changed in the page but a message
// Running the mode that is already on turns it off (the toolbar button toggles).

import './defaults.js';
import init, { extract } from './pkg/dana.js';

const MODES = ['reader', 'speak', 'strip'];
// Injected in this order into the page's isolated world; they share its globals.
const CONTENT_FILES = [
  'defaults.js',
  'content/capture.js',
  'content/reader.js',
  'content/speak.js',
  'content/strip.js',
  'content/main.js',
];

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

// Runs the engine on what the content script captured. For strip mode, also maps the chosen
// regions back to the live elements (see keptIds).
async function analyse(page, mode) {
  await startEngine();
  const ex = engine.extract(page.html, { url: page.url || null });
  const result = { extraction: slim(ex) };
  if (mode === 'strip' && ex.blocks.length > 0) {
    // The same page with `data-dana-id` on every element, traced so that each normalised line
    // comes back with its source. Attributes do not change how lines are cut (the engine cuts
    // at block tags, src/preprocess.rs), so line i of both runs is the same line; the counts,
    // however, would change (tags weigh as code), which is why the regions come from the
    // untagged run above.
    const traced = engine.extract(page.tagged, { url: page.url || null, trace: true });
    result.keep = keptIds(ex, traced);
  }
  return result;
}

// What the page needs of an extraction (the per-line series can be large).
function slim(ex) {
  const { series, regions, titleCandidates, ...rest } = ex;
  return rest;
}

// The `data-dana-id`s of the elements that carry the main content: every element whose start
// tag stands on a chosen line that holds text or an image, plus the headline's line. Container
// start tags alone on a line hold no text; they are not kept whole (that would keep the ads
// inside them), only as ancestors of what is kept.
export function keptIds(ex, traced) {
  const source = traced.series.source;
  let t1 = ex.series.t1;
  let regions = ex.regions;
  if (source.length !== t1.length) {
    // Should not happen (see analyse); if it does, the traced run's own regions still map.
    console.warn(`dana: ${source.length} traced lines vs ${t1.length}; using the traced run's regions`);
    t1 = traced.series.t1;
    regions = traced.regions;
  }
  const lines = new Set();
  for (const r of regions) {
    if (!r.chosen) continue;
    for (let i = r.start; i <= r.end && i < source.length; i++) lines.add(i);
  }
  for (const b of ex.blocks) lines.add(b.line);
  const title = (ex.titleCandidates || []).find((c) => c.text === ex.title);
  if (title && title.line < source.length) lines.add(title.line);
  const ids = new Set();
  // The id is the last attribute of its tag (capture.js adds it after the page's own), and the
  // canonical form does not re-escape attribute values, so match the attribute alone.
  const idRe = /\sdata-dana-id="(\d+)"/g;
  for (const i of lines) {
    const src = source[i] || '';
    const hasContent = t1[i] > 0 || /<img\s/.test(src);
    if (!hasContent) continue;
    for (const m of src.matchAll(idRe)) ids.add(Number(m[1]));
  }
  return [...ids];
}

// ---- talking to the page ---------------------------------------------------------------------

async function inject(tabId) {
  const [{ result: present } = {}] = await chrome.scripting.executeScript({
    target: { tabId },
    func: () => typeof globalThis.__danaContent === 'object',
  });
  if (present) return;
  await chrome.scripting.insertCSS({ target: { tabId }, files: ['content/page.css'], origin: 'USER' });
  await chrome.scripting.executeScript({ target: { tabId }, files: CONTENT_FILES });
}

async function send(tabId, message) {
  const reply = await chrome.tabs.sendMessage(tabId, message);
  if (reply && reply.error) throw new Error(reply.error);
  return reply;
}

async function loadSettings() {
  const { settings } = await chrome.storage.sync.get('settings');
  return globalThis.danaSettings(settings);
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
  return { ok: true, mode, active: !!reply.active, found: analysed.extraction.blocks.length > 0, ms };
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
self.dana = { run, engine, inject, keptIds, close: (tabId) => send(tabId, { type: 'close' }) };

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
