// Capture: what the page alone knows, serialised for the engine in the service worker.
//
// The live page is never modified here. The document is copied into an inert document (one
// without a browsing context: its images do not load and its scripts do not run), and the copy
// is what gets lazy image sources filled in and, for strip mode, the `data-dana-id` tags. The
// id of an element is its index in `elements`, which holds the live elements in the same
// document order, so the worker's answer ("keep ids 12, 40, 41") maps straight back to live
// elements (elementById) even if the page has changed since.

// Attributes lazy-loading scripts keep the real image URL in, most common first.
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src'];
const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];

const DANA_OWN = 'dana-reader, dana-message, dana-strip-bar';
const MAX_CHARS = 24e6;
let elements = [];

// Walks two trees of identical shape in document order, calling fn(liveEl, copyEl).
function walkPair(live, copy, fn) {
  const a = document.createTreeWalker(live, NodeFilter.SHOW_ELEMENT);
  const b = copy.ownerDocument.createTreeWalker(copy, NodeFilter.SHOW_ELEMENT);
  let x = a.currentNode;
  let y = b.currentNode;
  while (x && y) {
    fn(x, y);
    x = a.nextNode();
    y = b.nextNode();
  }
}

function resolveLazy(live, copy) {
  if (copy.localName === 'img' || copy.localName === 'source') {
    const current = live.currentSrc || '';
    // A placeholder is a data: URL or nothing; the real URL waits in a data-* attribute.
    const placeholder = !copy.getAttribute('src') || /^data:/i.test(copy.getAttribute('src'));
    if (placeholder) {
      const lazy = LAZY_SRC.map((n) => copy.getAttribute(n)).find((v) => v && !/^data:/i.test(v));
      if (lazy) copy.setAttribute('src', lazy);
      else if (current && !/^data:/i.test(current)) copy.setAttribute('src', current);
    }
    if (!copy.getAttribute('srcset')) {
      const lazySet = LAZY_SRCSET.map((n) => copy.getAttribute(n)).find(Boolean);
      if (lazySet) copy.setAttribute('srcset', lazySet);
    }
  }
}

// Returns { html, url, lang, dir, title }; with `tag`, html is the tagged copy.
export function capture({ tag = false } = {}) {
  const root = document.documentElement;
  const inert = document.implementation.createHTMLDocument('');
  const copy = inert.importNode(root, true);
  const pairs = [];
  walkPair(root, copy, (live, c) => {
    resolveLazy(live, c);
    pairs.push([live, c]);
  });
  // Dana's own elements (a message, the strip bar) are not part of the page.
  for (const own of copy.querySelectorAll(DANA_OWN)) own.remove();
  // Strip mode: every element gets its id, and the engine runs once, on this tagged copy. With
  // `elementIds` it reads the tags as ids and otherwise ignores them (its extraction is that of
  // the untagged page) and names the ids of the elements that carry the main content.
  if (tag) {
    elements = pairs.map(([live]) => live);
    pairs.forEach(([, c], i) => c.setAttribute('data-dana-id', String(i)));
  }
  const html = '<!DOCTYPE html>\n' + copy.outerHTML;
  // Messages between a page and the extension are limited (64 MiB in Chromium). Refuse
  // clearly rather than fail somewhere in the browser.
  if (html.length > MAX_CHARS) {
    throw new Error(`the page is too large (${Math.round(html.length / 1e6)} million characters; the limit is ${MAX_CHARS / 1e6} million)`);
  }
  return {
    html,
    url: location.href,
    lang: root.getAttribute('lang') || (document.body && document.body.getAttribute('lang')) || '',
    dir: getComputedStyle(document.body || root).direction || 'ltr',
    title: document.title,
  };
}

const escapeHtml = (t) => t.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// The current selection as a small page of its own: its text, one paragraph per line, or null
// when nothing is selected. Plain text on purpose: the reader chose this text, so it is the
// content, and links kept as markup would count as code and could hide it from the engine.
export function captureSelection() {
  const sel = getSelection();
  const text = sel ? String(sel) : '';
  if (!text.trim()) return null;
  const paras = text.split(/\n\s*\n|\n/).map((t) => t.trim()).filter(Boolean);
  const root = document.documentElement;
  const lang = root.getAttribute('lang') || '';
  return {
    html: `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><title></title></head><body>${paras.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}</body></html>`,
    url: location.href,
    lang,
    dir: getComputedStyle(document.body || root).direction || 'ltr',
    title: '',
  };
}

// The live element that had `data-dana-id="id"` in the last tagged capture, or null.
export function elementById(id) {
  return elements[id] || null;
}
