// Navigation by headings (issue 16): a Contents list of the article's headings, opened from
// the reader's toolbar, and the keys H and Shift+H to go to the next and the previous heading
// (the keys screen readers use for the same move). Going to a heading scrolls it just below
// the sticky controls and gives it the focus, so Tab continues from there; while read-aloud
// is on, reading goes to that heading too (skipping by heading).

import { h } from './dom.js';

let state = null; // { root, button, panel }
let onGo = null; // called with each heading gone to (read-aloud follows: speak.js)

// Sets (or, with null, clears) what else happens when the reader goes to a heading.
export function followHeadings(fn) {
  onGo = fn;
}

const connected = () => state && state.root.host.isConnected;

// The article's section headings; the title (h1) is the top of the article, not an entry.
// Headings at the article's end over next to nothing (a quarter of the article's median
// section, in words, up to the next heading) are the page's, not the article's: an author box
// ("SEO Writer" over a line of bio), a call to action ("Get In Touch: 858-842-5746"). An
// article of short sections keeps its last one, and a short section between long ones stays.
const words = (text) => (text.match(/[\p{L}\p{N}]+/gu) || []).length;

function headings() {
  const all = [...state.root.querySelectorAll('article .body :is(h2, h3, h4, h5, h6)')];
  const body = state.root.querySelector('article .body');
  const sizes = all.map((el, i) => {
    const r = document.createRange();
    r.setStartAfter(el);
    if (i + 1 < all.length) r.setEndBefore(all[i + 1]);
    else r.setEndAfter(body.lastChild);
    return words(r.toString());
  });
  const median = [...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)] || 0;
  let end = all.length;
  while (end > 1 && sizes[end - 1] < median / 4) end--;
  return all.slice(0, end);
}

const controlsBottom = () => state.root.querySelector('.controls').getBoundingClientRect().bottom;

function goTo(el) {
  el.setAttribute('tabindex', '-1'); // focusable from script, not a Tab stop
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  // By whole pixels: Firefox scrolls the visual viewport by a fraction while the layout
  // viewport, which the sticky controls keep to, stays on whole pixels, and the page showed
  // through the gap above the controls (issue 34).
  scrollBy({ top: Math.round(el.getBoundingClientRect().top - controlsBottom() - 16), behavior: smooth ? 'smooth' : 'auto' });
  el.focus({ preventScroll: true });
  onGo?.(el);
}

// The heading after (or before) the focused one; with no heading focused, the next heading
// below the top of the reading area, or the last one above it. (Position alone fails at the
// end of an article: the last headings cannot scroll up to the top.)
function step(dir) {
  const list = headings();
  const i = list.indexOf(state.root.activeElement);
  let target;
  if (i >= 0) target = list[i + dir];
  else {
    const top = controlsBottom() + 16;
    target = dir > 0 ? list.find((el) => el.getBoundingClientRect().top > top + 4) : list.findLast((el) => el.getBoundingClientRect().top < top - 4);
  }
  if (target) goTo(target);
}

function onKey(e) {
  if (!connected()) return unmount();
  if ((e.key || '').toLowerCase() !== 'h' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
  const t = e.composedPath()[0];
  if (t && t.closest && t.closest('input, select, textarea, [contenteditable]')) return;
  e.preventDefault();
  step(e.shiftKey ? -1 : 1);
}

function closePanel() {
  state.panel?.remove();
  state.panel = null;
  state.button.setAttribute('aria-expanded', 'false');
}

function openPanel() {
  const list = headings();
  const entries = list.map((el) =>
    h('li', { class: `toc-${el.localName}` }, h('button', { type: 'button', class: 'toc-entry', onclick: () => (closePanel(), goTo(el)) }, el.textContent.trim()))
  );
  state.panel = h(
    'nav',
    { 'aria-label': 'Contents', class: 'toc', id: 'toc' },
    entries.length ? h('ol', {}, ...entries) : h('p', { text: 'This article has no headings.' }),
    h('p', { class: 'label', text: 'H: next heading · Shift+H: previous heading' })
  );
  state.root.querySelector('.toolbar').after(state.panel);
  state.button.setAttribute('aria-expanded', 'true');
  (state.panel.querySelector('button') || state.button).focus();
}

function unmount() {
  removeEventListener('keydown', onKey);
  state = null;
}

// Adds the Contents button to the reader's toolbar (before `before`) and the heading keys.
export function mountToc(root, before) {
  if (state) unmount();
  const button = h('button', { type: 'button', id: 'contents', 'aria-label': 'Contents (H: next heading)', title: 'Contents (H: next heading, Shift+H: previous)', 'aria-expanded': 'false' }, 'Contents');
  state = { root, button, panel: null };
  button.addEventListener('click', () => (state.panel ? closePanel() : openPanel()));
  before.before(button);
  addEventListener('keydown', onKey);
}

export const TOC_CSS = `
.toc { max-width: 1100px; margin: 0 auto; padding: 4px 16px 8px; border-top: 1px solid var(--rule); max-height: 50vh; overflow-y: auto; }
.toc ol { list-style: none; margin: 0; padding: 0; }
.toc .toc-entry { border: 0; background: none; text-align: start; padding: 4px 6px; min-height: 28px; text-decoration: underline; text-underline-offset: 3px; }
.toc .toc-h3 { padding-inline-start: 1.25em; }
.toc :is(.toc-h4, .toc-h5, .toc-h6) { padding-inline-start: 2.5em; }
.toc p { margin: 4px 6px; }
`;
