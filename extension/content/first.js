// The first contact with a page in reader or read-aloud mode: the capture alone, before the
// content script (docs/PERFORMANCE.md, "Click to reader, fourth pass").
//
// build.mjs bundles this module and what it imports (capture.js, dom.js: about a tenth of
// bundle/content.js) into bundle/first.js. The worker injects it with a one-line
// bundle/first-<mode>.js whose value, `first(mode)`, is the call's result, as `begin(mode)`'s
// is (content/main.js); the page compiles and runs this small script before capturing, and the
// rest of the content script is injected once the capture has answered, while the engine runs
// in the worker (background.js `begin`). Strip mode needs its tagged capture's elements in the
// content script's own module, so it starts with the whole script as before.

import { at, capturePage } from './capture.js';
import { refusal } from './dom.js';

const LOADED = at();
// content/main.js's keys: its guard, its `begin`, and where it finds this capture's language
// and direction when it is injected after it.
const GUARD = Symbol.for('dana-reader.content');
const BEGIN = Symbol.for('dana-reader.begin');
const FIRST_PAGE = Symbol.for('dana-reader.first-page');

// Answers as content/main.js `begin(mode)` does. Without the content script in the page no mode
// can be on, so the state is known: nothing on.
globalThis[Symbol.for('dana-reader.first')] = (m) => {
  // The worker lost track of this page (it was stopped and started again): the content script
  // is there, and knows the page's state.
  if (globalThis[GUARD] === true) return globalThis[BEGIN](m);
  const refused = refusal();
  if (refused) return { state: { refused } };
  const state = { mode: null, hasArticle: false };
  try {
    const page = capturePage(false, LOADED);
    globalThis[FIRST_PAGE] = { lang: page.lang, dir: page.dir, url: page.url, selection: false };
    return { state, page };
  } catch (e) {
    return { state, error: String(e && e.message ? e.message : e) };
  }
};
