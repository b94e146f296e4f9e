// Strip ads in place: the site's own layout, minus everything outside the main content.
//
// The worker sends the ids (see capture.js) of the elements that carry the main content, as
// the engine chose them (Rust, from the parsed `data-dana-id` attributes of the tagged copy).
// Kept: those elements with their whole subtree, and their ancestors. Hidden: every other
// child of an ancestor, i.e. the siblings of the content at every level up to <body> (menus,
// sidebars, related lists, cookie and newsletter boxes, ads). Hiding is the attribute
// `data-dana-hidden` matched by a user stylesheet (page.css); undo removes the attributes, so
// the page's own styles and DOM are exactly as before. Elements the page adds later beside the
// content (late ads) are hidden too while strip mode is on, but not what replaces a kept
// element: a single-page app that re-renders its article (`main.innerHTML = ...`) removes the
// kept elements and adds their successors in the same task, and those are the article still.
// Undo puts back the scroll position (the element at the top of the window stays there) and
// the focus. The page is read through `dom` (dom.js): a form's controls can shadow its
// properties (`<input name="parentElement">` once made the walk up an endless loop).

import { h, shadowHost, watchRemoval, dom } from './dom.js';

const CSS = `
section { direction: ltr; font: 14px/1.35 system-ui, sans-serif; display: flex; gap: 10px; align-items: center; background: #1d1d1f; color: #fff; padding: 8px 10px 8px 14px;
  border-radius: 10px; box-shadow: 0 4px 18px rgba(0,0,0,.3); }
button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid #fff; background: #fff; color: #1d1d1f; cursor: pointer; }
button:focus-visible { outline: 3px solid #8ab4f8; outline-offset: 2px; }`;

const NEVER_HIDE = new Set(['head', 'script', 'style', 'link', 'meta', 'title', 'template']);

let hidden = [];
let observer = null;
let bar = null;
let onPath = null;
let kept = null;
let focusBefore = null;
let unwatch = null;

function hide(el) {
  if (NEVER_HIDE.has(dom.localName(el)) || dom.hasAttribute(el, 'data-dana-hidden') || dom.hasAttribute(el, 'data-dana-surface')) return;
  dom.setAttribute(el, 'data-dana-hidden', '');
  hidden.push(el);
}

function isInsideKept(el) {
  for (let a = el; a; a = dom.parent(a)) if (kept.has(a)) return true;
  return false;
}

// What the page added beside the content since the last call: hidden, unless it replaces
// kept elements the same records removed from the same parent (a re-render), in which case it
// is kept in their place.
function onMutations(records) {
  const replacing = new Set();
  for (const r of records) {
    for (const n of r.removedNodes) if (kept.has(n) || onPath.has(n)) replacing.add(r.target);
  }
  for (const r of records) {
    if (!onPath.has(r.target) || isInsideKept(r.target)) continue;
    for (const n of r.addedNodes) {
      if (dom.nodeType(n) !== Node.ELEMENT_NODE || kept.has(n)) continue;
      if (replacing.has(r.target)) kept.add(n);
      else hide(n);
    }
  }
}

// Hides what is around the kept elements: `elements` are the live elements the ids named,
// `onUndo` runs when the user presses the bar's Undo. Returns how many elements were hidden.
export function apply(elements, onUndo) {
  const root = dom.root();
  const body = dom.body();
  focusBefore = dom.activeElement();
  kept = new Set(elements.filter((el) => el && dom.isConnected(el) && el !== root && el !== body));
  onPath = new Set();
  for (const el of kept) {
    for (let a = dom.parent(el); a && !onPath.has(a); a = dom.parent(a)) onPath.add(a);
  }
  // An element kept inside another kept element needs nothing more.
  for (const parent of onPath) {
    if (isInsideKept(parent)) continue;
    for (const child of dom.children(parent)) {
      if (!kept.has(child) && !onPath.has(child)) hide(child);
    }
  }
  observer = new MutationObserver(onMutations);
  observer.observe(root, { childList: true, subtree: true });
  showBar(onUndo);
  return hidden.length;
}

// The first element at the top of the window that stays shown after undo, and where it is;
// null when there is none.
function anchorAtTop() {
  for (let y = 1; y < innerHeight; y += 24) {
    for (const el of dom.elementsFromPoint(innerWidth / 2, y)) {
      if (!dom.hasAttribute(el, 'data-dana-surface') && el !== dom.root() && el !== dom.body()) return { el, top: dom.rect(el).top };
    }
  }
  return null;
}

function showBar(onUndo) {
  const made = shadowHost('strip', CSS);
  bar = made.host;
  made.root.append(
    h(
      'section',
      { 'aria-label': 'Dana Reader', lang: 'en' },
      h('p', { role: 'status', style: 'margin:0', text: `Dana hid ${hidden.length} element${hidden.length === 1 ? '' : 's'} around the article.` }),
      h('button', { type: 'button', onclick: onUndo }, 'Undo')
    )
  );
  dom.root().append(bar);
  // The page removed the bar (or its whole document): strip mode is over, the page is restored.
  unwatch = watchRemoval(bar, onUndo);
}

export function undo() {
  if (observer) observer.disconnect();
  if (unwatch) unwatch();
  observer = unwatch = null;
  const anchor = bar ? anchorAtTop() : null;
  for (const el of hidden) dom.removeAttribute(el, 'data-dana-hidden');
  hidden = [];
  kept = onPath = null;
  if (bar) bar.remove();
  bar = null;
  // What was hidden above the anchor is back: scroll by as much as it moved.
  if (anchor && dom.isConnected(anchor.el)) scrollBy(0, dom.rect(anchor.el).top - anchor.top);
  const f = focusBefore;
  focusBefore = null;
  if (f && f !== dom.body() && dom.isConnected(f) && f instanceof HTMLElement) dom.focus(f, { preventScroll: true });
}

// On while the bar is on the page: a page that removes it (or replaces its whole document with
// document.open()) has ended strip mode as far as the user can see.
export const active = () => !!bar && dom.isConnected(bar);
