// Reader view: the article alone, in a shadow root mounted beside the page's <body>.
//
// Nothing of the page is removed or rewritten: `<html data-dana-reader>` plus the user
// stylesheet page.css undisplays the page's own children while the reader is open. Closing
// removes the attribute and the reader, and puts back what display:none cannot keep: the
// scroll position, the focused element, and media that were playing (paused on open so their
// position does not run on behind the reader). Typed form input is simply still there.
//
// The article itself is the engine's HTML (article.js); this module adds the title, the meta
// line and the controls around it. Read-aloud works on the open reader through `speechView()`.

import { LIMITS, settingsFrom } from '../defaults.js';
import { saveSettings } from '../sites.js';
import { h, shadowHost, announceIn, watchRemoval, afterFrame, dom, cssVar } from './dom.js';
import { articleNodes, blockTextNodes, relevelHeadings } from './article.js';
import { AIDS_CSS, applyAids, choiceOptions, dropFonts, mount as mountAids } from './aids.js';
import { buildHeader } from './header.js';
import { KINDS_CSS } from './kinds.js';
import { rememberPosition } from './position.js';
import { saveArticle } from './export.js';

let host = null;
let root = null;
// The element inside the shadow root that holds the reader and its theme and sizes: the host
// is the page's to style (page.css resets it), this element is not.
let surface = null;
let unwatch = null;
let saved = null;
let current = null; // { ex, lang, dir, blockEls: Map(index -> element), settings, hooks }

// A block's text as the engine gave it: the text of its element, without nested blocks (the
// worker sends the article's text once, as its HTML, not again per block and per sentence).
const blockText = (el) => (el ? blockTextNodes(el).map((n) => n.data).join('') : '');

// The article body from the engine's HTML, and each block's element by its index. The blocks
// that repeat the header (`ex.headerBlocks`: the headline as a heading, a byline line) are
// shown once, in the header; the headline's block element becomes titleEl when its text is
// the title's, so read-aloud finds its sentences in it.
function renderBody(ex, titleEl) {
  const body = articleNodes(ex.html);
  for (const i of ex.headerBlocks || []) {
    const el = body.querySelector(`[data-block="${i}"]`);
    if (!el) continue;
    const text = blockText(el);
    el.remove();
    if (text === titleEl.textContent && titleEl.dataset.block === undefined) titleEl.dataset.block = String(i);
  }
  relevelHeadings(body);
  const blockEls = new Map();
  for (const el of [titleEl, ...body.querySelectorAll('[data-block]')]) {
    if (el.dataset.block !== undefined) blockEls.set(Number(el.dataset.block), el);
  }
  const div = h('div', { class: 'body' });
  div.append(...body.childNodes);
  return { body: div, blockEls };
}

// The first frame lays out what the window shows, not the whole article: the article's blocks
// past about two windows of text (estimated from the settings) are marked LATER, whose rule
// (`content-visibility: auto`) has the browser skip their style, layout and paint while they
// are off screen, and the marks go once that frame is on screen (`firstFrameShown`), so that
// from the next frame on the whole article is laid out as before: its text in `innerText`, for
// find-in-page and screen readers, boxes where read-aloud, the ruler and the contents look for
// them. A block the estimate put too far is still drawn in the first frame when it is on
// screen (the browser decides that in the same frame: Chromium 148 paints such a block in the
// frame that first shows the reader, its Element Timing says); only its margins may then
// differ for that frame (the rule contains its layout). Measured: docs/PERFORMANCE.md, "Click
// to reader".
const LATER = 'data-later';
function markLater(body, s) {
  const lines = innerHeight / (s.fontSize * s.lineHeight);
  // Characters a line holds: an average letter is about half the font size wide.
  const perLine = Math.min(innerWidth, s.lineWidth * s.fontSize) / (s.fontSize / 2);
  let budget = 2 * lines * perLine;
  const later = [];
  for (const el of body.children) {
    if (budget > 0) budget -= el.textContent.length + perLine;
    else {
      el.setAttribute(LATER, '');
      later.push(el);
    }
  }
  return later;
}

function applySettings(s) {
  if (!surface) return;
  surface.setAttribute('data-theme', s.theme);
  surface.style.setProperty(cssVar('--dana-size'), `${s.fontSize}px`);
  surface.style.setProperty(cssVar('--dana-width'), `${s.lineWidth}em`);
  surface.style.setProperty(cssVar('--dana-leading'), String(s.lineHeight));
  surface.setAttribute('data-font', s.font);
  const q = (sel) => root.querySelector(sel);
  q('#font').value = s.font;
  q('#theme').value = s.theme;
  const [minS, maxS] = LIMITS.fontSize;
  q('#smaller').disabled = s.fontSize <= minS;
  q('#larger').disabled = s.fontSize >= maxS;
  applyAids(surface, root, s, current ? current.lang : '');
}

// The Display row's width and spacing buttons, disabled at their limits (while the row is open).
function showLayout(q, s) {
  const [minW, maxW] = LIMITS.lineWidth;
  q('#narrower').disabled = s.lineWidth <= minW;
  q('#wider').disabled = s.lineWidth >= maxW;
  const [minL, maxL] = LIMITS.lineHeight;
  q('#tighter').disabled = s.lineHeight <= minL + 1e-9;
  q('#looser').disabled = s.lineHeight >= maxL - 1e-9;
}

// Remembers settings for every page, or for this site only (sites.js): only allowed values (defaults.js),
// and only when something changed.
function save(wanted) {
  const s = settingsFrom(wanted);
  if (current) {
    if (Object.keys(s).every((k) => s[k] === current.settings[k])) return;
    current.settings = s;
  }
  saveSettings(s); // globally, or for this site when it keeps its own (sites.js)
}

// Changes one setting and shows it.
function change(key, value) {
  if (!current) return;
  // settingsFrom keeps allowed values only, numbers rounded to their step's precision (0.02 em).
  save({ ...current.settings, [key]: value });
  applySettings(current.settings);
}

function step(key, dir) {
  change(key, current.settings[key] + dir * LIMITS[key][2]);
}

export function announce(text) {
  announceIn(root && root.getElementById('announce'), text);
}

// "Not the article?": when the engine found more than one article-like part of the page
// (`ex.candidates`, the chosen one first), Previous and Next go through them in a cycle, with
// the counter between them. A candidate that is the whole page (`whole`, background.js) comes
// last and says so: it is what the user has already seen. `order` is the cycle, as the
// engine's indices.
export function candidateOrder(all) {
  const idx = all.map((_, i) => i);
  return [0, ...idx.slice(1).filter((i) => !all[i].whole), ...idx.slice(1).filter((i) => all[i].whole)];
}

function candidateGroup(ex, hooks, btn) {
  const all = ex.candidates || [];
  if (all.length < 2 || !hooks.onCandidate) return null;
  const order = candidateOrder(all);
  const at = Math.max(0, order.indexOf(ex.candidate || 0));
  const n = order.length;
  const describe = (k) => `candidate ${order.indexOf(k) + 1} of ${n}${all[k].whole ? ', the whole page' : ''}: ${all[k].words}…`;
  const prev = order[(at + n - 1) % n];
  const next = order[(at + 1) % n];
  const counter = `${at + 1}/${n}${all[order[at]].whole ? ' · whole page' : ''}`;
  return h(
    'span',
    { class: 'group candidates', role: 'group', 'aria-label': `Not the article? Candidate ${at + 1} of ${n}${all[order[at]].whole ? ', the whole page' : ''}` },
    h('span', { class: 'label', 'aria-hidden': 'true', text: 'Candidate' }),
    btn('cand-prev', `Previous candidate: ${describe(prev)}`, '‹', () => hooks.onCandidate(prev, 'cand-prev')),
    h('span', { id: 'cand-count', class: 'count', 'aria-hidden': 'true', text: counter }),
    btn('candidate', `Next candidate: ${describe(next)}`, '›', () => hooks.onCandidate(next, 'candidate'))
  );
}

// Readers' comments under the article (`ex.comments`, carried apart by the engine): collapsed
// after it, under the engine's label in the article's language ("Comments (30)"). They are no
// blocks of the article: without `data-block`, read-aloud, the contents and the saved files
// never meet them.
function commentsOf(ex) {
  if (!ex.comments || !ex.chrome?.comments) return null;
  const nodes = articleNodes(ex.comments.html);
  for (const el of nodes.querySelectorAll('[data-block]')) el.removeAttribute('data-block');
  // The section's own heading and sort line ("30 comments", "Sorted by newest") say again what
  // the summary says: shown from the first post on.
  const first = nodes.querySelector(':scope > article');
  for (const n of first ? [...nodes.children] : []) {
    if (n === first || !(/^h[1-6]$/.test(n.localName) || n.textContent.trim().length <= 60)) break;
    n.remove();
  }
  const box = h('details', { class: 'comments' }, h('summary', { text: ex.chrome.comments }));
  box.append(...nodes.childNodes);
  return box;
}

function buildUi(ex, lang, dir, title, hooks) {
  // Site, headline, byline, dates and reading time: header.js, in the article's language.
  const { header, titleEl } = buildHeader(ex, lang, title);
  const { body, blockEls } = renderBody(ex, titleEl);
  const btn = (id, label, text, onclick) => h('button', { type: 'button', id, 'aria-label': label, title: label, onclick }, text);
  const group = (label, ...kids) => h('span', { class: 'group', role: 'group', 'aria-label': label }, h('span', { class: 'label', 'aria-hidden': 'true', text: label }), ...kids);

  const toolbar = h(
    'div',
    { role: 'toolbar', 'aria-label': 'Reader settings', class: 'toolbar' },
    group('Size', btn('smaller', 'A− Smaller text', 'A−', () => step('fontSize', -1)), btn('larger', 'A+ Larger text', 'A+', () => step('fontSize', 1))),
    h('label', { class: 'group' }, h('span', { class: 'label', text: 'Font' }), h('select', { id: 'font', onchange: (e) => change('font', e.target.value) }, ...choiceOptions('font'))),
    h(
      'label',
      { class: 'group' },
      h('span', { class: 'label', text: 'Theme' }),
      h('select', { id: 'theme', onchange: (e) => change('theme', e.target.value) }, ...choiceOptions('theme'))
    ),
    h('span', { class: 'spacer' }),
    candidateGroup(ex, hooks, btn),
    btn('speak', 'Read aloud', 'Read aloud', hooks.onSpeak),
    btn('close', 'Close reader view (Escape)', 'Close', hooks.onClose)
  );
  toolbar.querySelector('#speak').setAttribute('aria-pressed', 'false');
  // Line width and spacing lead the Display row (aids.js), which is the toolbar's overflow: the
  // toolbar itself stays one row at 1024 px and wider, candidates and all.
  const layout = [
    group('Width', btn('narrower', 'Narrower lines', '−', () => step('lineWidth', -1)), btn('wider', 'Wider lines', '+', () => step('lineWidth', 1))),
    group('Spacing', btn('tighter', 'Tighter line spacing', '−', () => step('lineHeight', -1)), btn('looser', 'Looser line spacing', '+', () => step('lineHeight', 1))),
  ];

  // The controls speak English whatever the article's language and direction.
  const controls = h('section', { class: 'controls', 'aria-label': 'Dana Reader controls', lang: 'en', dir: 'ltr' }, toolbar, h('div', { id: 'speechbar', class: 'speechbar', hidden: true }));
  const article = h('article', { lang: lang || null, dir }, header, body, commentsOf(ex));
  const main = h('main', { 'aria-label': 'Article' }, article);
  const announcer = h('div', { id: 'announce', class: 'sr-only', role: 'status', 'aria-live': 'polite', lang: 'en' });
  return { nodes: [controls, main, announcer], blockEls, titleEl, body, layout };
}

const CSS = `
.surface { display: block; min-height: 100vh;
--bg: #fbfbf8; --fg: #1d1d1f; --muted: #5a5a5f; --link: #0b57d0; --rule: #d9d9d4; --bar: #f1f1ec;
--hl: #ffe27a; --hl-fg: #1d1d1f; --focus: #0b57d0; --speaking: rgba(255, 226, 122, .25);
background: var(--bg); color: var(--fg);
font: var(--dana-size, 20px)/var(--dana-leading, 1.6) serif; }
.surface[data-font=sans] { font-family: system-ui, sans-serif; }
.surface[data-theme=sepia] { --bg: #f4ecd8; --fg: #3b2f20; --muted: #6b5a43; --link: #7a3e00; --rule: #d8c9a8; --bar: #ebe0c4; }
.surface[data-theme=dark] { --bg: #17181a; --fg: #e6e6e3; --muted: #a9a9a4; --link: #8ab4f8; --rule: #3a3b3e; --bar: #222326; --hl: #6b5500; --hl-fg: #fff; --focus: #8ab4f8; --speaking: rgba(255, 226, 122, .12); }
@media (prefers-color-scheme: dark) {
.surface[data-theme=system] { --bg: #17181a; --fg: #e6e6e3; --muted: #a9a9a4; --link: #8ab4f8; --rule: #3a3b3e; --bar: #222326; --hl: #6b5500; --hl-fg: #fff; --focus: #8ab4f8; --speaking: rgba(255, 226, 122, .12); }
}
* { box-sizing: border-box; }
.controls { direction: ltr; position: sticky; top: 0; z-index: 1; background: var(--bar); border-bottom: 1px solid var(--rule);
font: 14px/1.3 system-ui, sans-serif; color: var(--fg); }
.toolbar, .speechbar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; padding: 7px 16px; max-width: 1100px; margin: 0 auto; }
.speechbar { border-top: 1px solid var(--rule); }
.speechbar[hidden] { display: none; }
.group { display: inline-flex; align-items: center; gap: 4px; }
.label { color: var(--muted); margin-inline-end: 2px; }
.spacer { flex: 1; }
.count { min-width: 2.6em; text-align: center; font-variant-numeric: tabular-nums; }
button, select, input { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--rule); border-radius: 6px; min-height: 32px; }
button { padding: 4px 10px; cursor: pointer; }
button:disabled { opacity: .45; cursor: default; }
button[aria-pressed=true] { background: var(--fg); color: var(--bg); }
button:focus-visible, select:focus-visible, input:focus-visible, a:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
/* The title takes focus only so that screen readers start at the article; it is not a control. */
#dana-title:focus { outline: none; }
.status { color: var(--fg); flex: 1 1 14em; min-height: 1.3em; margin: 0; }
.status.warn { font-weight: 600; }
main { padding: 32px 20px 96px; }
article { max-width: var(--dana-width, 38em); margin: 0 auto; overflow-wrap: break-word; }
.head { margin-bottom: 1.5em; border-bottom: 1px solid var(--rule); padding-bottom: 1em; }
.site { color: var(--muted); font-size: .8em; letter-spacing: .04em; text-transform: uppercase; margin: 0 0 .5em; }
h1 { font-size: 1.9em; line-height: 1.2; margin: 0 0 .4em; }
h2 { font-size: 1.4em; line-height: 1.25; margin: 1.4em 0 .5em; }
h3, h4, h5, h6 { font-size: 1.15em; margin: 1.2em 0 .4em; }
.meta { color: var(--muted); font-size: .85em; margin: 0; }
p, ul, ol, blockquote, pre, figure { margin: 0 0 1em; }
a { color: var(--link); }
blockquote { border-inline-start: 4px solid var(--rule); padding-inline-start: 1em; color: var(--muted); font-style: italic; }
pre { font: .8em/1.5 monospace, monospace; background: var(--bar); padding: 1em; overflow-x: auto; white-space: pre-wrap; border-radius: 6px; }
/* Twice: monospace alone makes the browser shrink the text to its own monospace size. */
code, kbd, samp { font-family: monospace, monospace; font-size: .9em; }
figure img { display: block; max-width: 100%; height: auto; margin: 0 auto; border-radius: 4px; }
figcaption { color: var(--muted); font-size: .8em; margin-top: .4em; }
.comments { margin-top: 2em; border-top: 1px solid var(--rule); padding-top: 1em; }
.comments > summary { cursor: pointer; color: var(--muted); font-size: .9em; }
.comments[open] > summary { margin-bottom: 1em; }
[data-broken] { display: none !important; }
[data-block] { border-radius: 4px; }
[data-later] { content-visibility: auto; contain-intrinsic-size: auto 6em; }
.surface[data-speaking] [data-block]:not(#dana-title) { cursor: pointer; }
.speaking { background: var(--speaking); box-shadow: 0 0 0 6px var(--speaking); }
@media (forced-colors: active) {
.speaking { outline: 2px solid CanvasText; box-shadow: none; }
}
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* One row from 1024 px: what does not fit is in the Display row (the toolbar's overflow). */
@media (min-width: 1024px) { .toolbar:not(.aids) { flex-wrap: nowrap; gap: 6px 10px; white-space: nowrap; } .toolbar:not(.aids) select { max-width: 10em; } }
@media (min-width: 1024px) and (max-width: 1279px) { .toolbar:not(.aids) .label[aria-hidden] { display: none; } }
@media (max-width: 640px) { main { padding: 20px 14px 80px; } .label { display: none; } }
`;

// Arrow keys move between the buttons of a toolbar, as the ARIA toolbar pattern has it (Tab
// still works; selects and the rate slider keep their arrows for their values).
function onToolbarArrows(e) {
  if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
  const t = e.composedPath()[0];
  const bar = t.closest && t.closest('[role=toolbar]');
  if (!bar || t.localName !== 'button') return;
  const items = [...bar.querySelectorAll('button:not([disabled]), select, input')];
  const i = items.indexOf(t);
  const step = (e.key === 'ArrowRight') === (getComputedStyle(bar).direction !== 'rtl') ? 1 : -1;
  const next = items[(i + step + items.length) % items.length];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

// Escape closes the reader: the user's key only (page script can dispatch a keydown too).
function onKey(e) {
  if (e.isTrusted && e.key === 'Escape' && !e.defaultPrevented && current) {
    e.preventDefault();
    current.hooks.onClose();
  }
}

// Opens the reader on an extraction that has blocks. page = { lang, dir } from the capture;
// hooks = { onClose, onSpeak, onCandidate }: what the Close, Read aloud and candidate buttons
// (and Escape) do. `focus`: the id of the control that keeps the focus (the candidate button
// pressed, so that the keyboard stays where it was), else the title takes it.
export function open(ex, settings, page, hooks, { focus = null } = {}) {
  if (host) close();
  // The engine's language and direction when it decided them, else what the page declares
  // (its `lang` attribute and the computed direction of its body).
  const lang = ex.lang || page.lang || '';
  const dir = ex.lang ? ex.dir : page.dir || ex.dir || 'ltr';
  const docEl = dom.root();
  saved = {
    x: scrollX,
    y: scrollY,
    focus: dom.activeElement(),
    // `video` and `audio` inside SVG or MathML are not media elements: no pause() there.
    media: [...document.querySelectorAll('video, audio')].filter((m) => m instanceof HTMLMediaElement && !m.paused),
  };
  for (const m of saved.media) m.pause();

  ({ host, root } = shadowHost('reader', CSS + KINDS_CSS + AIDS_CSS));
  // Decided once: the page's script can change document.title while the reader is open.
  const title = ex.title || document.title || 'Untitled';
  const ui = buildUi(ex, lang, dir, title, hooks);
  surface = h('div', { class: 'surface' }, ...ui.nodes);
  root.append(surface);
  // `url`: the address the article was read from (content/main.js), without its fragment.
  const url = (page.url || location.href).split('#')[0];
  current = { ex, lang, dir, title, url, blockEls: ui.blockEls, settings: settingsFrom(settings), hooks, titleEl: ui.titleEl, headline: ui.titleEl, focus };
  current.later = markLater(ui.body, current.settings);
  const opened = current;
  mountAids(root, { change, settings: () => current.settings, save: (format) => saveArticle(opened, format), layout: ui.layout, showLayout });
  root.addEventListener('keydown', onToolbarArrows);
  docEl.append(host);
  dom.setAttribute(docEl, 'data-dana-reader', '');
  // The page removed the reader, or replaced its document: the reader is closed.
  unwatch = watchRemoval(host, hooks.onClose);
  applySettings(current.settings);
  scrollTo(0, 0);
  addEventListener('keydown', onKey, true);
  // The title has the focus and is read with it; screen-reader mode says no more than needed.
  const counter = root.querySelector('.candidates');
  if (focus && counter) announce(`${counter.getAttribute('aria-label').replace('Not the article? ', '')}.`);
  else announce(current.settings.screenReader ? 'Reader view.' : `Reader view. ${ex.title || ''}`);
  rememberPosition(root, ui.blockEls, current.settings, announce, url);
  // content/main.js calls it sooner, when it shows the reader for the worker; this is for the
  // reader opened from the page's own panel ("Show anyway").
  afterFrame().then(() => current === opened && firstFrameShown());
}

// Once the reader's first frame is on screen (content/main.js calls it then, before it answers
// the worker): the rest of the article is laid out (markLater), and the title takes focus, so that screen readers start at the article, unless
// something in the reader has it already (read-aloud's Play button, when the mode is read
// aloud). Not while building: focusing asks for the style and layout at once
// (docs/PERFORMANCE.md, "Click to reader"); after the first frame they are there already.
export function firstFrameShown() {
  const cur = current;
  if (!cur) return;
  const { titleEl, later, focus } = cur;
  cur.titleEl = cur.later = cur.focus = null;
  const keep = focus && root.getElementById(focus);
  if (keep) keep.focus({ preventScroll: true });
  else if (titleEl && dom.isConnected(titleEl) && dom.activeElement() !== host) dom.focus(titleEl, { preventScroll: true });
  // After the focus, whose layout is that of the frame just shown: the rest of the article is
  // laid out in the next frame, not here.
  for (const el of later || []) el.removeAttribute(LATER);
}

export function close() {
  if (!host) return;
  removeEventListener('keydown', onKey, true);
  if (unwatch) unwatch();
  host.remove();
  dropFonts();
  host = root = surface = current = unwatch = null;
  dom.removeAttribute(dom.root(), 'data-dana-reader');
  const s = saved;
  saved = null;
  if (!s) return;
  scrollTo(s.x, s.y);
  if (s.focus && dom.isConnected(s.focus) && s.focus instanceof HTMLElement && s.focus !== dom.body()) dom.focus(s.focus, { preventScroll: true });
  for (const m of s.media) m.play().catch(() => {});
}

export const isOpen = () => !!host && dom.isConnected(host);

// Settings changed elsewhere (the options page, another tab).
export function setSettings(s) {
  if (current) {
    current.settings = settingsFrom(s);
    applySettings(current.settings);
  }
}

// The blocks and sentences with their texts, read from the rendered article the first time
// read-aloud asks (the reader alone does not need them).
function withTexts(cur) {
  if (!cur.texts) {
    const blocks = cur.ex.blocks.map((b, i) => ({ ...b, text: blockText(cur.blockEls.get(i)) }));
    // A sentence carries its own text only where it is not the slice (a table row's spoken form).
    const sentences = (cur.ex.sentences || []).map((s) => ({ ...s, text: s.text ?? (blocks[s.block] ? blocks[s.block].text : '').slice(s.start, s.end) }));
    cur.texts = { blocks, sentences };
  }
  return cur.texts;
}

// What read-aloud needs of the open reader (null when closed): its shadow root and host, the
// article's blocks and sentences, block i's element, the language, the settings.
export function speechView() {
  if (!current) return null;
  const cur = current;
  const { blocks, sentences } = withTexts(cur);
  return {
    root,
    host: surface,
    lang: cur.lang,
    blocks,
    sentences,
    // The headline, when no block of the engine's is it (the page's h1 differs from the title
    // the engine found, or it has none): read first as block -1, as on every other page.
    headline: cur.headline.dataset.block === undefined && cur.headline.textContent.trim() ? cur.headline.textContent : null,
    blockEl: (i) => (i === -1 ? cur.headline : cur.blockEls.get(i) || null),
    settings: () => cur.settings,
    save: (changes) => save({ ...cur.settings, ...changes }),
    announce,
  };
}
