// Strip ads in place: the site's own layout, minus everything outside the main content.
//
// The worker sends the ids (see capture.js) of the elements that carry the main content, as
// the engine chose them (Rust, from the parsed `data-dana-id` attributes of the tagged copy).
// Kept: those elements with their whole subtree, and their ancestors. Hidden: every other
// child of an ancestor, i.e. the siblings of the content at every level up to <body> (menus,
// sidebars, related lists, cookie and newsletter boxes, ads). Hiding is the attribute
// `data-dana-hidden` matched by a user stylesheet (page.css); undo removes the attributes, so
// the page's own styles and DOM are exactly as before. Elements the page adds later beside the
// content (late ads) are hidden too while strip mode is on.

import { h, shadowHost } from './dom.js';

const CSS = `
:host { all: initial; direction: ltr; position: fixed; z-index: 2147483647; inset-block-end: 16px; inset-inline-end: 16px;
  font: 14px/1.35 system-ui, 'Noto Sans', 'DejaVu Sans', Arial, sans-serif; }
section { display: flex; gap: 10px; align-items: center; background: #1d1d1f; color: #fff; padding: 8px 10px 8px 14px;
  border-radius: 10px; box-shadow: 0 4px 18px rgba(0,0,0,.3); }
button { font: inherit; padding: 4px 12px; border-radius: 6px; border: 1px solid #fff; background: #fff; color: #1d1d1f; cursor: pointer; }
button:focus-visible { outline: 3px solid #8ab4f8; outline-offset: 2px; }`;

const NEVER_HIDE = new Set(['head', 'script', 'style', 'link', 'meta', 'title', 'template', 'dana-reader', 'dana-message', 'dana-strip-bar']);

let hidden = [];
let observer = null;
let bar = null;
let onPath = null;
let kept = null;

function hide(el) {
  if (NEVER_HIDE.has(el.localName) || el.hasAttribute('data-dana-hidden')) return;
  el.setAttribute('data-dana-hidden', '');
  hidden.push(el);
}

function isInsideKept(el) {
  for (let a = el; a; a = a.parentElement) if (kept.has(a)) return true;
  return false;
}

// Hides what is around the kept elements: `elements` are the live elements the ids named,
// `onUndo` runs when the user presses the bar's Undo. Returns how many elements were hidden.
export function apply(elements, onUndo) {
  kept = new Set(elements.filter((el) => el && el.isConnected && el !== document.documentElement && el !== document.body));
  onPath = new Set();
  for (const el of kept) {
    for (let a = el.parentElement; a && !onPath.has(a); a = a.parentElement) onPath.add(a);
  }
  // An element kept inside another kept element needs nothing more.
  for (const parent of onPath) {
    if (isInsideKept(parent)) continue;
    for (const child of parent.children) {
      if (!kept.has(child) && !onPath.has(child)) hide(child);
    }
  }
  observer = new MutationObserver((records) => {
    for (const r of records) {
      if (!onPath.has(r.target) || isInsideKept(r.target)) continue;
      for (const n of r.addedNodes) if (n.nodeType === 1 && !kept.has(n)) hide(n);
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  showBar(onUndo);
  return hidden.length;
}

function showBar(onUndo) {
  const made = shadowHost('dana-strip-bar', CSS);
  bar = made.host;
  made.root.append(
    h(
      'section',
      { 'aria-label': 'Dana Reader', lang: 'en' },
      h('p', { role: 'status', style: 'margin:0', text: `Dana hid ${hidden.length} element${hidden.length === 1 ? '' : 's'} around the article.` }),
      h('button', { type: 'button', onclick: onUndo }, 'Undo')
    )
  );
  document.documentElement.append(bar);
}

export function undo() {
  if (observer) observer.disconnect();
  observer = null;
  for (const el of hidden) el.removeAttribute('data-dana-hidden');
  hidden = [];
  kept = onPath = null;
  if (bar) bar.remove();
  bar = null;
}

export const active = () => !!bar;
