// The content scripts' entry point: the guard against running twice, the one message handler
// of the page side, and the one mode the page is in. The service worker drives everything
// (background.js); this side captures, shows and undoes.
//
// build.mjs bundles this module and its imports into one self-contained script
// (bundle/content.js, an IIFE: nothing of it is a global). The modules import each other in
// one direction only: main -> reader, speak, strip, capture, message -> article, dom, defaults.
// Read-aloud gets the reader's view as an argument, not the reader module.

import { settingsFrom } from '../defaults.js';
import { capture, captureSelection, elementById } from './capture.js';
import { showMessage, removeMessage } from './message.js';
import * as reader from './reader.js';
import * as speech from './speak.js';
import * as strip from './strip.js';

// The guard. Its key is a Symbol, and it lives on this isolated world's global object: page
// markup cannot create it (a named element such as `<div id="__danaContent">` appears on
// `window` under a string name only), and page script cannot reach this world's global at all.
// background.js `inject()` reads the same key before injecting.
const GUARD = Symbol.for('dana-reader.content');

let lastPage = { lang: '', dir: 'ltr' };

function mode() {
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
  lastPage = { lang: page.lang, dir: page.dir };
  await chrome.runtime.sendMessage({ type: 'run-selection', mode: m, page });
  return true;
}

const readerHooks = {
  onClose: close,
  onSpeak: () => (speech.active() ? speech.stop() : speech.start(reader.speechView())),
};

// { mode, settings, found, reason, article } for the reader and read-aloud, { mode, found,
// reason, keep } for strip mode (the ids of the elements to keep, nothing else of the page).
async function show({ mode: m, settings, found, reason, article, keep }) {
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
  reader.open(article, settings, lastPage, readerHooks);
  if (m === 'speak') return { active: true, ...(await speech.start(reader.speechView())) };
  return { active: true };
}

async function switchTo(m) {
  if (m === 'speak' && !speech.active()) return { active: true, ...(await speech.start(reader.speechView())) };
  if (m === 'reader' && speech.active()) speech.stop();
  return { active: true };
}

const handlers = {
  state: () => ({ mode: mode(), hasArticle: reader.isOpen(), speech: speech.state() }),
  capture: (msg) => {
    removeMessage();
    const page = capture({ tag: !!msg.tag });
    lastPage = { lang: page.lang, dir: page.dir };
    return page;
  },
  'capture-selection': () => captureSelection(),
  show,
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
    if (area === 'sync' && changes.settings) reader.setSettings(settingsFrom(changes.settings.newValue));
  });
}

if (globalThis[GUARD] !== true) {
  Object.defineProperty(globalThis, GUARD, { value: true });
  listen();
}
