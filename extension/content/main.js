// The content scripts' entry point: the guard against running twice, the one message handler
// of the page side, and the one mode the page is in. The service worker drives everything
// (background.js); this side captures, shows and undoes.
//
// build.mjs bundles this module and its imports into one self-contained script
// (bundle/content.js, an IIFE: nothing of it is a global). The modules import each other in
// one direction only: main -> reader, speak, strip, capture, message -> article, dom, defaults.
// Read-aloud gets the reader's view as an argument, not the reader module.

import { forThisSite, changedHere } from '../sites.js';
import { at, capturePage as capturing, captureSelection, elementById } from './capture.js';
import { afterFrame, refusal } from './dom.js';
import { showMessage, removeMessage } from './message.js';
import { looksLikeArticle } from './header.js';
import * as reader from './reader.js';
import * as speech from './speak.js';
import * as strip from './strip.js';

// The guard. Its key is a Symbol, and it lives on this isolated world's global object: page
// markup cannot create it (a named element such as `<div id="__danaContent">` appears on
// `window` under a string name only), and page script cannot reach this world's global at all.
// background.js `inject()` reads the same key before injecting.
const GUARD = Symbol.for('dana-reader.content');
// The last show's times in ms, for the benchmark (tests/e2e/bench-reader.mjs reads them from
// this world): `build`, from the message to the view built, `paint`, to the first frame after.
const TIMING = Symbol.for('dana-reader.timing');
// The worker's one call to start a mode (background.js `begin`, through executeScript in this
// world): `begin(mode)` says the page's state and, when the mode needs a new extraction, closes
// what is open and captures the page, in one round trip instead of three messages.
const BEGIN = Symbol.for('dana-reader.begin');

// The language, direction and address of the last capture. When content/first.js captured the
// page before this script was injected (a first contact in reader or read-aloud mode), it left
// them here. The address is the one the article was read from: the page's script can change
// `location` later (history.replaceState), and the reader remembers positions and saves under
// this one.
const FIRST_PAGE = Symbol.for('dana-reader.first-page');
let lastPage = globalThis[FIRST_PAGE] || { lang: '', dir: 'ltr', url: location.href };

// When this script started running in the page, for the benchmark's hops
// (tests/e2e/bench-reader.mjs), as each step of `begin` and `show` is (capture.js `at`).
const LOADED = at();

// The mode on screen. A view the page removed (or wiped with document.open()) is off: what is
// left of it (strip mode's hidden elements, the reader's listeners) is undone first.
function mode() {
  if (!reader.isOpen()) {
    speech.stop();
    reader.close();
  }
  if (!strip.active()) strip.undo();
  if (speech.active()) return 'speak';
  if (reader.isOpen()) return 'reader';
  if (strip.active()) return 'strip';
  return null;
}

function close() {
  removeMessage();
  speech.stop();
  reader.close();
  strip.undo();
}

// From the "no article" panel: the selection goes through the engine like a page. False when
// nothing is selected.
async function readSelection(m) {
  const page = captureSelection();
  if (!page) return false;
  lastPage = { lang: page.lang, dir: page.dir, url: page.url, selection: true };
  await chrome.runtime.sendMessage({ type: 'run-selection', mode: m, page });
  return true;
}

const readerHooks = {
  onClose: close,
  onSpeak: () => (speech.active() ? speech.stop() : speech.start(reader.speechView())),
  // "Not the article?": the engine's candidate k of the same page replaces the open one.
  onCandidate: (k) => chrome.runtime.sendMessage({ type: 'candidate', k }),
};

// { mode, settings, site, found, reason, article } for the reader and read-aloud (site: the
// site's stored entry when the worker read it, background.js `readSite`), { mode, found,
// reason, keep } for strip mode (the ids of the elements to keep, nothing else of the page).
async function show({ mode: m, settings, site, found, reason, article, keep }) {
  removeMessage();
  if (!found) {
    showMessage({
      title: 'No article found on this page',
      text: `Dana Reader could not find the main text here (${reason || 'no reason given'}). You can select the text you want and have Dana show it or read it aloud.`,
      role: 'alert',
      onSelection: readSelection,
    });
    return { active: false };
  }
  if (m === 'strip') {
    const hidden = strip.apply((keep || []).map(elementById), close);
    return { active: true, hidden };
  }
  // A page that does not look like an article (a product, a listing): said plainly, with the
  // choice to show it anyway or to read a selection (never asked of a selection itself).
  // A candidate the reader asked for replaces the open view, read-aloud included.
  if (speech.active()) speech.stop();
  settings = await forThisSite(settings, site); // this site's own settings over the global ones (sites.js)
  if (!lastPage.selection && !article.candidate && !looksLikeArticle(article)) {
    const c = article.chrome || {};
    const anyway = () => {
      removeMessage();
      reader.open(article, settings, lastPage, readerHooks);
      if (m === 'speak') speech.start(reader.speechView());
    };
    showMessage({ title: c.notArticle, text: '', role: 'alert', lang: c.lang, onSelection: readSelection, actions: [{ text: c.showAnyway, onclick: anyway, primary: true }, { text: c.useSelection, onclick: () => readSelection('reader') }] });
    return { active: false };
  }
  reader.open(article, settings, lastPage, readerHooks);
  if (m === 'speak') return { active: true, ...(await speech.start(reader.speechView())) };
  return { active: true };
}

async function switchTo(m) {
  if (m === 'speak' && !speech.active()) return { active: true, ...(await speech.start(reader.speechView())) };
  if (m === 'reader' && speech.active()) speech.stop();
  return { active: true };
}

function capturePage(tag) {
  removeMessage();
  const page = capturing(tag, LOADED);
  lastPage = { lang: page.lang, dir: page.dir, url: page.url, selection: false };
  return page;
}

// { state } alone when the worker decides from it (a refused document, the mode that is on
// turned off, reader and read-aloud switched over the open article); else the open mode is
// closed and { state, page } carries the capture, or { state, error } why it failed.
function begin(m) {
  const state = handlers.state();
  if (state.refused || state.mode === m) return { state };
  if (state.hasArticle && m !== 'strip' && state.mode && state.mode !== 'strip') return { state };
  if (state.mode) close();
  try {
    return { state, page: capturePage(m === 'strip') };
  } catch (e) {
    return { state, error: String(e && e.message ? e.message : e) };
  }
}

const handlers = {
  // `refused`: why Dana cannot read this document (an XML feed, an SVG image), in a sentence.
  state: () => {
    const refused = refusal();
    if (refused) return { refused };
    return { mode: mode(), hasArticle: reader.isOpen(), speech: speech.state() };
  },
  capture: (msg) => capturePage(!!msg.tag),
  'capture-selection': () => captureSelection(),
  // Answers once the result is on screen: after the first frame that shows it, so that the
  // worker's `run` spans what the user waits for, the browser's style, layout and paint of the
  // view included.
  show: async (msg) => {
    const t = performance.now();
    const recv = at();
    const timing = { build: null, paint: null };
    globalThis[TIMING] = timing;
    const reply = await show(msg);
    timing.build = performance.now() - t;
    const built = at();
    await afterFrame();
    timing.paint = performance.now() - t;
    if (reader.isOpen()) reader.firstFrameShown();
    return { ...reply, work: timing.build, paint: timing.paint, at: { recv, built, done: at() } };
  },
  switch: (msg) => switchTo(msg.mode),
  close: () => (close(), { active: false }),
  error: (msg) => {
    showMessage({ title: 'Dana Reader could not read this page', text: `${msg.message} The page has not been changed.`, role: 'alert' });
    return {};
  },
};

function listen() {
  chrome.runtime.onMessage.addListener((msg, _sender, reply) => {
    const handler = msg && Object.hasOwn(handlers, msg.type) ? handlers[msg.type] : null;
    if (!handler) return false;
    Promise.resolve()
      .then(() => handler(msg))
      .then(reply, (e) => reply({ error: String(e && e.message ? e.message : e) }));
    return true;
  });
  chrome.storage.onChanged.addListener((changes, area) => {
    const now = area === 'sync' ? changedHere(changes) : null; // the global settings or this site's
    if (now) reader.setSettings(now);
  });
}

if (globalThis[GUARD] !== true) {
  Object.defineProperty(globalThis, GUARD, { value: true });
  Object.defineProperty(globalThis, BEGIN, { value: begin });
  listen();
}
