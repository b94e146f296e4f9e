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

import { installAutoOpen, fromReader } from './autoopen.js';
import { settingsFrom } from './defaults.js';
import { formatDay } from './days.js';
import { fontBytes } from './fonts/fonts.js';
import { hostOf, siteKey } from './sites.js';
import init, { extract } from './pkg/dana.js';

const MODES = ['reader', 'speak', 'strip'];
// The content script: one self-contained file, built by build.mjs from content/main.js.
const CONTENT_SCRIPT = 'bundle/content.js';
// The content script's guard (content/main.js): a Symbol-keyed property of the isolated
// world's global object, which page markup cannot create nor page script reach.
const GUARD = 'dana-reader.content';
// The content script's entry for starting a mode (content/main.js `begin`), keyed the same way.
const BEGIN = 'dana-reader.begin';
// One line each, built by build.mjs: `begin(mode)` called, as the last script of the call that
// injects the content script (its value is that call's result), so that a first contact with a
// page is one round trip to it (`begin` below).
const BEGIN_FILES = { reader: 'bundle/begin-reader.js', speak: 'bundle/begin-speak.js', strip: 'bundle/begin-strip.js' };
// A first contact in reader or read-aloud mode injects the capture alone (content/first.js, a
// tenth of the content script) with its one-line call, and the content script after it, while
// the engine runs (`begin`).
const FIRST_SCRIPT = 'bundle/first.js';
const FIRST_FILES = { reader: 'bundle/first-reader.js', speak: 'bundle/first-speak.js' };

// ---- engine ----------------------------------------------------------------------------------

let engineReady = null;

// Compiles the engine once per service-worker lifetime; a failed start is retried next time.
function startEngine() {
  if (!engineReady) {
    engineReady = init({ module_or_path: chrome.runtime.getURL('pkg/dana_bg.wasm') }).catch((e) => {
      engineReady = null;
      throw e;
    });
    engineReady.catch(() => {});
  }
  return engineReady;
}

// As soon as the worker starts: the browser starts it for the click (or the shortcut, the menu)
// that needs the engine, and readying the engine is the largest part of a first run (docs/
// PERFORMANCE.md, "Click to reader"). Compiling streams off the worker's thread, while the page
// is being injected and captured; then one small article goes through the engine, because the
// browser compiles a wasm function only when it is first called (lazily): an article with a
// block of each kind the engine keeps (headings, paragraphs, lists, a figure, a quotation, code,
// math, a table, a definition list; `dana extract` keeps each of them), so that the first click
// finds their code compiled too (PERFORMANCE.md, "third pass"). The first date
// formatted loads the locale data (days.js). Both in tasks of their own, after the
// event that started the worker has been dispatched; a worker started for anything else has
// them done before the next click.
const WARM_UP_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Warm-up - Site</title>
<meta property="og:site_name" content="Site"><meta name="author" content="A. Writer">
<meta property="article:published_time" content="2024-01-02T10:00:00Z"></head><body>
<nav><a href="/">Home</a> <a href="/a">About</a> <a href="/b">Contact</a></nav><main><article><h1>Warm-up</h1>
<p>The engine reads this page when the service worker starts, so that the parts of it a real page needs are compiled before the first click. <a href="/x">A link</a>, <em>some emphasis</em>, <strong>strong words</strong> and <code>code</code>.</p>
<h2>A heading</h2><p>Another paragraph, long enough to count as text. It has two sentences, said one by one, and a footnote.<sup><a href="#fn1" id="r1">1</a></sup></p>
<ul><li>An item of a list, with words enough to be read.</li><li>Another item of the same list, also with words.</li></ul>
<ol><li>The first step of a procedure.</li><li>The second step of the procedure.</li></ol>
<figure><img src="/i.png" alt="An image" width="640" height="480"><figcaption>A caption under the picture, saying what it shows.</figcaption></figure>
<p>The paragraph after the figure goes on with the story, as articles do between their pictures.</p>
<blockquote><p>A quotation of somebody who said something worth quoting in a paragraph.</p></blockquote>
<p>Code follows, in a block of its own, with a language named on it:</p>
<pre><code class="language-rust">fn main() {
    println!("warm");
}</code></pre>
<p>A formula: <math><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math>, in the line of text.</p>
<table><caption>A small table</caption><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>alpha</td><td>1</td></tr><tr><td>beta</td><td>2</td></tr></tbody></table>
<h3>A smaller heading</h3><dl><dt>A term</dt><dd>Its definition, in a sentence of its own.</dd></dl>
<p>The last paragraph of the article closes it, long enough to be kept as text by the engine.</p>
<ol class="footnotes"><li id="fn1">The footnote's text. <a href="#r1">back</a></li></ol>
</article></main>
<aside><h2>Related</h2><ul><li><a href="/r1">Another article</a></li><li><a href="/r2">And another</a></li></ul></aside>
<footer><p>Footer text, copyright.</p></footer></body></html>`;
startEngine()
  .then(() => new Promise((done) => setTimeout(done, 0)))
  .then(() => {
    formatDay('2024-01-02', navigator.language);
    article(engine.extract(WARM_UP_PAGE, { url: 'https://example.org/warm-up', candidate: 0 }), 'en');
  })
  .catch((e) => console.warn('dana: engine warm-up failed:', e));

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
async function analyse(page, mode, candidate = 0) {
  await startEngine();
  const strip = mode === 'strip';
  const options = { url: page.url || null, candidate };
  if (strip) options.elementIds = true;
  const ex = engine.extract(page.html, options);
  const found = ex.blocks.length > 0;
  if (strip) return { found, reason: ex.reason, keep: found ? ex.keptIds : [] };
  return { found, reason: ex.reason, article: { ...article(ex, page.lang), candidate } };
}

// What the reader view and read-aloud use of an extraction, with the article's text once: its
// HTML (the one rendering, src/render.rs), each block's kind (block i is the element with
// `data-block="i"`, whose text is the block's text), the sentences as offsets into their
// block's text, and the facts of the header. Not the plain text, the per-block text and HTML,
// nor the sentences' text where it is the slice its offsets name (the page reads it off the
// HTML: content/reader.js) — only where the engine speaks something else (a table row, said
// with its column names; a post's header, said "Post by NAME, DATE"), nor the per-line series, the regions or the title candidates.
//
// The header's dates go formatted in the language the reader shows the article in (the
// engine's, else the page's: content/reader.js `open`), as `days` { lang, [iso]: text }: the
// first date a process formats costs tens of ms (days.js), paid once in the worker.
const WHOLE_PAGE = 0.8;

function article(ex, pageLang) {
  const { html, title, byline, published, modified, siteName, readingMinutes, lang, dir, headerBlocks, readerable, chrome } = ex;
  const days = { lang: lang || pageLang || '' };
  for (const iso of [published, modified]) if (iso) days[iso] = formatDay(iso, days.lang);
  const blocks = ex.blocks.map(({ kind }) => ({ kind }));
  // The article candidates (the chosen one first), for the reader's "Not the article?" cycle.
  // `whole`: it spans most of the page's lines, so it is the page rather than a part of it
  // (the reader offers it last and says so).
  const lines = ex.series.t1.length;
  const candidates = ex.candidates.map(({ words, chars, start, end }) => ({ words, chars, whole: lines > 0 && end - start + 1 >= WHOLE_PAGE * lines }));
  const sentences = ex.sentences.map(({ block, start, end, text }) =>
    text === ex.blocks[block]?.text.slice(start, end) ? { block, start, end } : { block, start, end, text }
  );
  // Readers' comments apart from the article (the reader offers them collapsed, unread aloud).
  const comments = ex.comments.count > 0 ? { count: ex.comments.count, html: ex.comments.html } : null;
  return { html, title, byline, published, modified, days, siteName, readingMinutes, lang, dir, sentences, blocks, headerBlocks, readerable, chrome, candidates, comments };
}

// ---- talking to the page ---------------------------------------------------------------------
//
// Every call into the browser has a time limit: a tab that never answers (a `view-source:` page
// once left `run` waiting for ever, a frozen page would too) ends in a plain message instead.

// For the quick calls (injecting, asking the mode, storage), and for the calls whose time grows
// with the page (capturing it, showing its article): a 10 MB article takes 3 s to capture and
// 8 s to show on the test machine, a page at the size limit twice that.
// The call that starts a mode and captures has a limit of its own (`begin`).
const TIMEOUT_MS = 10000;
const PAGE_TIMEOUT_MS = 60000;
const BEGIN_TIMEOUT_MS = 20000;
const SLOW = new Set(['capture', 'capture-selection', 'show']);

// An error whose message is written for the user (the others are Chrome's or the engine's).
class Plain extends Error {}

function within(promise, what, ms = TIMEOUT_MS) {
  let timer;
  const late = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Plain(`${what} did not answer within ${ms / 1000} s.`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Chrome's own errors, in words a reader of the badge's tooltip can act on.
const CHROME_ERRORS = [
  [/Cannot access|cannot be scripted|chrome:\/\/|edge:\/\/|extensions gallery|Missing host permission/i, 'Dana Reader cannot run on this page: the browser does not let extensions into its own pages, the Web Store or the PDF viewer.'],
  [/Receiving end does not exist|message port closed|No tab with id|Frame with ID|tab was closed/i, 'The page did not answer: it may have been reloaded or closed. Try again.'],
  [/exceeded maximum allowed size/i, 'The page is too large to read.'],
];

function plainError(e) {
  const raw = String(e && e.message ? e.message : e);
  if (e instanceof Plain) return raw;
  const known = CHROME_ERRORS.find(([re]) => re.test(raw));
  return known ? known[1] : raw;
}

// Injects the content script and its stylesheet unless the guard says they are there. The
// check runs in the same isolated world as the content script (executeScript's default).
async function inject(tabId) {
  const [{ result: present } = {}] = await within(
    chrome.scripting.executeScript({ target: { tabId }, func: (key) => globalThis[Symbol.for(key)] === true, args: [GUARD] }),
    'The page'
  );
  if (!present) await injectFiles(tabId);
}

// Both at once: each is a round trip to the page's process.
async function injectFiles(tabId) {
  await within(
    Promise.all([
      chrome.scripting.insertCSS({ target: { tabId }, files: ['content/page.css'], origin: 'USER' }),
      chrome.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT] }),
    ]),
    'The page'
  );
  scripted.add(tabId);
}

// Starts `mode` in the page in one round trip (content/main.js `begin`): the page's state and,
// when the mode needs an extraction, the capture, as the result of one executeScript in the
// content script's world. On a document the worker has not injected yet, the content script
// goes first (below); `asking()` is called as the call that answers starts (the rest was setup).
// Resolves to { state, page?, error? }.
//
// Its time limit (BEGIN_TIMEOUT_MS) is that of a capture at the page-size limit with room to
// spare, not PAGE_TIMEOUT_MS: the call can be the first contact with the page, and a page that
// cannot be scripted and whose address the worker cannot see (a `view-source:` tab without
// the user's click) never answers it.
async function begin(tabId, mode, asking = () => {}) {
  const ask = async () => {
    const [{ result } = {}] = await within(
      chrome.scripting.executeScript({ target: { tabId }, func: (key, m) => globalThis[Symbol.for(key)]?.(m) ?? { absent: true }, args: [BEGIN, mode] }),
      'The page',
      BEGIN_TIMEOUT_MS
    );
    if (!result) throw new Error('Receiving end does not exist');
    return result;
  };
  // A document the worker has not injected (a new page, or a worker started since): the script,
  // without asking whether it is there (the script's guard makes a second copy a no-op), and
  // `begin` in the same call, as a last one-line script whose value is the call's result: one
  // round trip instead of three (docs/PERFORMANCE.md, "Click to reader"); its stylesheet once
  // that call has answered (`injectLater`). In reader and read-aloud mode the script of that
  // call is the capture alone (FIRST_SCRIPT), and the content script follows with the
  // stylesheet. Without that value (a browser that answers a call of several files otherwise),
  // the worker asks once more.
  if (!scripted.has(tabId)) {
    asking();
    const firstFile = FIRST_FILES[mode];
    const [{ result: answer } = {}] = await within(
      chrome.scripting.executeScript({ target: { tabId }, files: firstFile ? [FIRST_SCRIPT, firstFile] : [CONTENT_SCRIPT, BEGIN_FILES[mode]] }),
      'The page',
      BEGIN_TIMEOUT_MS
    );
    scripted.add(tabId);
    injectLater(tabId, !!firstFile);
    if (answer && !answer.absent) return answer;
    await pending.get(tabId);
    const again = await ask();
    if (!again.absent) return again;
  } else {
    const first = await ask();
    if (!first.absent) return first;
  }
  // The document was replaced without a navigation (document.open()), or the isolated world
  // was reset: inject both again.
  await injectFiles(tabId);
  asking();
  return ask();
}

// The tabs whose current document this worker injected the content script into: a navigation
// (`loading`) or closing the tab forgets it. Lost with the worker, which then injects again
// (the script's guard makes that harmless; the stylesheet is inserted twice, to the same effect).
const scripted = new Set();
chrome.tabs.onUpdated.addListener((tabId, change) => {
  if (change.status === 'loading') forget(tabId);
});
chrome.tabs.onRemoved.addListener((tabId) => forget(tabId));

// The stylesheet (content/page.css) of a first contact goes in after the capture, while the
// engine runs, and every message to the page waits for it (`send`): the call that captures no
// longer waits for the stylesheet's round trip, and the capture's computed styles (capture.js
// `judge`) are asked before the browser has a new user stylesheet to take into account. Worth
// 2–3 ms of run median in three paired runs, not seen in a fourth (docs/PERFORMANCE.md, "Click
// to reader"). Nothing the capture reads depends on it: its rules are keyed on
// attributes Dana sets only when it shows something. With `script`, the content script too:
// the call that captured injected the capture alone (FIRST_SCRIPT), and the page compiles the
// content script while the worker runs the engine (docs/PERFORMANCE.md, "Click to reader").
const pending = new Map();
function injectLater(tabId, script) {
  const target = { tabId };
  const inserted = within(
    Promise.all([
      chrome.scripting.insertCSS({ target, files: ['content/page.css'], origin: 'USER' }),
      script && chrome.scripting.executeScript({ target, files: [CONTENT_SCRIPT] }),
    ]),
    'The page'
  );
  // Not inserted: the next click injects both again.
  inserted.catch(() => scripted.delete(tabId));
  pending.set(tabId, inserted);
}

function forget(tabId) {
  scripted.delete(tabId);
  pending.delete(tabId);
}

async function send(tabId, message) {
  await pending.get(tabId);
  const reply = await within(chrome.tabs.sendMessage(tabId, message), 'The page', SLOW.has(message.type) ? PAGE_TIMEOUT_MS : TIMEOUT_MS);
  if (reply && reply.error) throw new Error(reply.error);
  return reply;
}

// The settings, read from storage once per worker lifetime and read again after they change
// (storage.onChanged): a click does not wait for a storage round trip. A failed read is not
// kept: defaults this time, storage again next time.
let settingsCache = null;
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'sync' && changes.settings) settingsCache = null;
});

function loadSettings() {
  if (!settingsCache) {
    const read = within(chrome.storage.sync.get('settings'), "The browser's settings storage", 5000).then(
      ({ settings }) => settingsFrom(settings),
      (e) => {
        console.warn('dana: settings not read, defaults used:', e);
        if (settingsCache === read) settingsCache = null;
        return settingsFrom(undefined);
      }
    );
    settingsCache = read;
  }
  return settingsCache;
}

// Pages the content script cannot read, known from the tab's address alone (when the browser
// tells it: with the user's click, activeTab does).
function refusedByUrl(tab) {
  if (tab.url && tab.url.startsWith('view-source:')) return "Dana Reader reads web pages, not their source: open the page itself (without 'view-source:').";
  return null;
}

// The stored entry of the tab's site (sites.js), read while the page captures, so that the page
// does not read it while it builds the reader (sites.js `forThisSite` checks it as it checks its
// own read): { host, [key]: entry }, or null (no site, or not read: the page reads it then).
async function readSite(url) {
  const host = url && hostOf(url);
  if (!host) return null;
  const key = siteKey(host);
  const { [key]: stored } = await within(chrome.storage.sync.get(key), "The browser's settings storage", 5000);
  return { host, [key]: stored };
}

// ---- the entry point -------------------------------------------------------------------------

async function run(tabId, mode) {
  if (!MODES.includes(mode)) throw new TypeError(`dana.run: mode must be one of ${MODES.join(', ')}, not ${mode}`);
  const start = performance.now();
  const started = performance.timeOrigin + start;
  // The settings and the tab's address are read while the page is being started: a
  // `view-source:` tab is refused from its address, and nothing runs in it meanwhile (it
  // cannot be scripted: `begin` is left waiting there, and its time limit ends it).
  const settingsRead = loadSettings();
  let injected = start;
  const began = begin(tabId, mode, () => (injected = performance.now()));
  began.catch(() => {});
  const tab = await within(chrome.tabs.get(tabId), 'The browser');
  const siteRead = readSite(tab.url).catch(() => null);
  const byUrl = refusedByUrl(tab);
  if (byUrl) return { ok: false, mode, active: false, error: byUrl };
  let state, page, error;
  try {
    ({ state, page, error } = await began);
  } catch (e) {
    return { ok: false, mode, active: false, error: plainError(e) };
  }
  // A document that is not a web page (an XML feed, an SVG image): nothing is touched, and the
  // page cannot show a message of ours, so the badge says it.
  if (state.refused) return { ok: false, mode, active: false, error: state.refused };
  if (state.mode === mode) {
    await send(tabId, { type: 'close' });
    return { ok: true, mode, active: false };
  }
  const settings = await settingsRead;
  // Reader and read-aloud share one view: switching between them needs no new extraction.
  if (!page && !error) {
    await send(tabId, { type: 'switch', mode, settings });
    return { ok: true, mode, active: true, found: true };
  }
  if (error) return fail(tabId, mode, `Dana Reader could not read this page: ${plainError(new Error(error))}`, new Plain(plainError(new Error(error))), true);
  if (mode !== 'strip') captured.set(tabId, page);
  const result = await show(tabId, mode, page, settings, injected, 0, siteRead);
  if (result.ms) {
    result.ms.setup = Math.round(injected - start);
    result.ms.total = Math.round(performance.now() - start);
    result.ms.at.run = started;
  }
  return result;
}

// Nothing was changed in the page: say what happened there and stop.
// The page's panel shows the message only when it is in plain words (`plain`: ours, or one of
// Chrome's put in words); an engine failure's own words go to the console and to the result.
async function fail(tabId, mode, error, e, plain = isPlain(e)) {
  console.error(error, e);
  await send(tabId, { type: 'error', message: plain ? plainError(e) : null, detail: error }).catch(() => {});
  return { ok: false, mode, active: false, error };
}

const isPlain = (e) => e instanceof Plain || CHROME_ERRORS.some(([re]) => re.test(String(e && e.message ? e.message : e)));

// `ms` in the result: how long capturing, the engine and showing took (printed by the tests);
// in finer detail, the page's own work of capturing (`captureWork`), building the view
// (`build`) and building it then rendering its first frame (`paint`: `show` ends there), and
// the rest of `capture` and `show`, the messages both ways (`transfer`). `run` adds `setup`
// (what comes before the call that captures: on a page the content script is not in yet,
// asking whether it is and injecting it) and `total`; `at`, the moment each hop ended, on the
// clock the page reads too (content/capture.js `at`: bench-reader.mjs prints the hops).
async function show(tabId, mode, page, settings, t0 = performance.now(), candidate = 0, siteRead = null) {
  const t1 = performance.now();
  let analysed;
  try {
    analysed = await analyse(page, mode, candidate);
  } catch (e) {
    // The page has not been touched yet (capture works on a copy).
    return fail(tabId, mode, `Dana Reader could not analyse this page: ${plainError(e)}`, e);
  }
  const t2 = performance.now();
  let reply;
  try {
    // Strip mode receives the kept ids and nothing else (it shows no settings). The site's
    // entry (`readSite`), read while the page captured and the engine ran, is awaited only now.
    const message = { type: 'show', mode, settings, ...analysed };
    const site = mode === 'strip' ? null : await siteRead;
    if (site) message.site = site;
    reply = await send(tabId, message);
  } catch (e) {
    return fail(tabId, mode, `Dana Reader could not show this page's article: ${plainError(e)}`, e);
  }
  const t3 = performance.now();
  const r1 = (x) => Math.round(x * 10) / 10;
  const abs = (t) => performance.timeOrigin + t;
  const at = { captured: abs(t1), analysed: abs(t2), shown: abs(t3), page: page.at, reply: reply.at };
  const ms = {
    capture: Math.round(t1 - t0),
    engine: Math.round(t2 - t1),
    show: Math.round(t3 - t2),
    captureWork: r1(page.work || 0),
    build: r1(reply.work || 0),
    paint: r1(reply.paint || 0),
    transfer: r1(t1 - t0 - (page.work || 0) + (t3 - t2) - (reply.paint || reply.work || 0)),
    at,
  };
  // `reason`: why the engine found no article, for developers (the page's panel says what to do).
  if (!analysed.found && analysed.reason) console.info(`dana: no article on tab ${tabId}: ${analysed.reason}`);
  return { ok: true, mode, active: !!reply.active, found: analysed.found, ...(analysed.found ? {} : { reason: analysed.reason }), ms };
}

// The page each tab's reader was built from, while the worker lives: "Next candidate" runs the
// engine again on the same capture (the page itself is hidden behind the reader by then).
const captured = new Map();
chrome.tabs.onRemoved.addListener((tabId) => captured.delete(tabId));

// Shows article candidate k of the page the tab's reader was built from, in the open mode.
async function showCandidate(tabId, k) {
  const page = captured.get(tabId);
  const state = await send(tabId, { type: 'state' });
  const mode = state.mode === 'speak' ? 'speak' : 'reader';
  if (!page || !Number.isInteger(k) || k < 0) {
    return { ok: false, mode, active: !!state.mode, error: 'The page must be read again: close the reader view and open it.' };
  }
  return show(tabId, mode, page, await loadSettings(), performance.now(), k);
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
    result = { ok: false, mode, active: false, error: plainError(e) };
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

// The reader opening by itself on the sites the user picked (autoopen.js).
installAutoOpen({ open: (tabId) => runFromUi(tabId, 'reader'), close: (tabId) => send(tabId, { type: 'close' }) });

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
    case 'candidate': // from the reader's "Next candidate": { k }
      return done(showCandidate(tabId, msg.k));
    case 'run-selection': // from the "no article" panel: { mode, page }
      return done(runSelection(tabId, msg.mode, msg.page));
    case 'open-options':
      return done(chrome.runtime.openOptionsPage());
    case 'font': // from the reader: { file }, a bundled font (content/aids.js)
      return done(fontBytes(msg.file));
    case 'auto-open': // from the reader's Display panel: open by itself on this site (autoopen.js)
    case 'auto-open-off':
      return done(fromReader(sender, msg.type === 'auto-open'));
    default:
      return false;
  }
});
