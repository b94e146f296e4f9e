// Capture: what the page alone knows, serialised for the engine in the service worker.
//
// The live page is never modified here. The document is copied, node by node in one walk, into
// an inert document (one without a browsing context: its images do not load and its scripts do
// not run), and the copy is what gets lazy image sources filled in and, for strip mode, the
// `data-dana-id` tags. The id of an element is its index in `elements`, which holds the live
// elements in the same document order, so the worker's answer ("keep ids 12, 40, 41") maps
// straight back to live elements (elementById) even if the page has changed since.
//
// The walks are iterative and the copy is at most MAX_DEPTH deep: script can build a DOM tens
// of thousands of levels deep, and the browser's own deep copy and serialiser recurse over it
// (a 40,000-deep page crashed the tab). Deeper elements are appended to their ancestor at
// MAX_DEPTH, which is what Chromium's HTML parser does with markup nested that deep, so the
// engine sees what the same page served as markup would give. The page is read through `dom`
// (dom.js), never through properties its markup can shadow.

import { dom } from './dom.js';

// Attributes lazy-loading scripts keep the real image URL in, most common first.
const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-lazy', 'data-url', 'data-hi-res-src'];
const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];

// Dana's own elements (the surfaces of dom.js) are not part of the page.
const DANA_SURFACE = 'data-dana-surface';
// The largest page Dana reads, in characters of HTML as captured (its code emptied): a page
// this size (an article of about 11 MB) is what tests/e2e/hostile.test.mjs opens, and the next
// size up it refuses. Messages between a page and the extension are limited too (64 MiB in
// Chromium).
const MAX_CHARS = 12e6;
// Chromium's HTML parser nests elements at most this deep (HTMLConstructionSite).
export const MAX_DEPTH = 512;
let elements = [];

const importNode = Function.prototype.call.bind(Document.prototype.importNode);
const appendTo = Function.prototype.call.bind(Node.prototype.appendChild);
const removeNode = Function.prototype.call.bind(Element.prototype.remove);

// Whether some element under `live` is `max` or more levels below it. One iterative walk of the
// elements (0.2 ms on a page of 1,000 elements, against 3 ms for copying and serialising it).
function deeperThan(live, max) {
  const walker = dom.treeWalker(live, NodeFilter.SHOW_ELEMENT);
  let depth = 0;
  for (;;) {
    if (walker.firstChild()) {
      if (++depth >= max) return true;
      continue;
    }
    while (!walker.nextSibling()) {
      if (walker.currentNode === live || !walker.parentNode() || --depth === 0) return false;
    }
  }
}

// A copy of `live` in `inert`: the browser's own deep copy (native, three times as fast as
// copying node by node), unless the tree is MAX_DEPTH deep, where that copy recurses over it.
// Then node by node, in one iterative walk (elements, text, comments), with the nodes below
// MAX_DEPTH appended to their ancestor at MAX_DEPTH. Either way the copy's elements are the
// live ones in the same document order, which is how walkPair pairs them.
function copyOf(live, inert) {
  if (!deeperThan(live, MAX_DEPTH)) return importNode(inert, live, true);
  const walker = dom.treeWalker(live, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  const top = importNode(inert, live, false);
  // stack[d - 1]: where a node d levels below `live` goes (its parent's copy, or the copy at
  // MAX_DEPTH for deeper nodes); its length is the current node's depth.
  const stack = [top];
  let node = walker.firstChild();
  while (node) {
    const depth = stack.length;
    const c = importNode(inert, node, false);
    appendTo(stack[depth - 1], c);
    if (dom.nodeType(node) === Node.ELEMENT_NODE && walker.firstChild()) {
      stack.push(depth < MAX_DEPTH ? c : stack[depth - 1]);
      node = walker.currentNode;
      continue;
    }
    // Up until there is a next sibling.
    while (!walker.nextSibling()) {
      if (!walker.parentNode() || walker.currentNode === live) return top;
      stack.pop();
    }
    node = walker.currentNode;
  }
  return top;
}

// Walks the elements of `live` and of its copy in document order, calling
// visit(liveEl, copyEl, unjudged) for each pair; when visit returns true, the element's
// descendants are visited with `unjudged` set. The end of such a subtree is found once, when
// it starts (the element after it), not by asking each descendant whether it is inside: on a
// 20,000-deep page that question cost 2 s.
function walkPair(live, copy, visit) {
  const a = dom.treeWalker(live, NodeFilter.SHOW_ELEMENT);
  const b = copy.ownerDocument.createTreeWalker(copy, NodeFilter.SHOW_ELEMENT);
  const ahead = dom.treeWalker(live, NodeFilter.SHOW_ELEMENT);
  let skipping = false;
  let skipEnd = null; // the first element after the subtree being skipped (null: the end)
  for (let x = a.currentNode, y = b.currentNode; x && y; x = a.nextNode(), y = b.nextNode()) {
    if (skipping && x === skipEnd) skipping = false;
    if (visit(x, y, skipping) && !skipping) {
      skipping = true;
      ahead.currentNode = x;
      skipEnd = pastSubtree(ahead);
    }
  }
}

// The element after the walker's current element and all of its descendants, or null.
function pastSubtree(walker) {
  for (;;) {
    if (walker.nextSibling()) return walker.currentNode;
    if (!walker.parentNode()) return null;
  }
}

// ---- what the browser does not render ---------------------------------------------------------
//
// The engine sees markup only: it drops elements with `hidden`, `aria-hidden="true"` or an
// inline `display:none` (src/preprocess.rs), but not what a stylesheet hides, and a cookie panel
// or a dialog hidden that way can be denser text than the article and win. The capture can ask
// the browser, so it sets `hidden` on the copy of each element that is not rendered (the topmost
// one of a hidden subtree; its descendants are not looked at).

// Read through the prototype: a page cannot shadow it (Chromium 105+, Firefox 106+; without it
// nothing is marked, as before).
const checkVisibility = Element.prototype.checkVisibility;
const SHOWN = { checkOpacity: true, checkVisibilityCSS: true };
// Never rendered by themselves, and the engine already knows what to do with them.
const NOT_JUDGED = new Set(['script', 'style', 'noscript', 'template', 'link', 'meta', 'base', 'title',
  'source', 'track', 'param', 'area', 'br', 'wbr', 'col', 'colgroup', 'option', 'optgroup', 'datalist']);

const MEDIA = new Set(['img', 'picture', 'video', 'audio', 'canvas', 'object', 'embed', 'input']);

// true: mark the copy `hidden`; 'skip': leave it, and do not judge its descendants; false: go on.
function judge(live) {
  const name = dom.localName(live);
  if (NOT_JUDGED.has(name)) return false;
  // The engine drops these whole; nothing inside them needs judging.
  if (name === 'svg' || name === 'math' || name === 'iframe') return 'skip';
  if (!checkVisibility.call(live, SHOWN)) return notRendered(live);
  return measuredAway(live);
}

// checkVisibility said no; why? Only some of its reasons mean "never shown".
function notRendered(live) {
  const style = getComputedStyle(live);
  if (style.display === 'none') return true; // closed dialogs and popovers included
  // No box of its own (so checkVisibility says no), but its children have theirs.
  if (style.display === 'contents') return false;
  // The content of a closed <details> is skipped by layout (content-visibility), yet it is
  // content the reader can open.
  const parent = dom.parent(live);
  if (parent && dom.closest(parent, 'details:not([open])')) return false;
  // Hidden by its own `visibility` or `opacity` (not an ancestor's `opacity: 0` or
  // `content-visibility`: that ancestor was kept on purpose, or is judged by its own style).
  const invisible = style.visibility !== 'visible' || style.opacity === '0';
  // An invisible element that keeps its place in the flow is usually waiting to be revealed
  // (scroll-in animations hide article paragraphs until they are scrolled to); overlays, such
  // as consent panels and dialogs, are taken out of the flow.
  return invisible && (style.position === 'absolute' || style.position === 'fixed');
}

// checkVisibility said yes, but the box may still show nothing: `.sr-only`-style text (a 1 px
// box that clips its content) or a box placed above or left of the page, where no scrolling
// reaches it. Only elements out of the flow or clipping their content can be either, so most
// elements cost one style read and no layout query.
function measuredAway(live) {
  // An image not loaded yet (lazy, below the fold) has no size; media boxes are judged by CSS only.
  if (MEDIA.has(dom.localName(live))) return false;
  const style = getComputedStyle(live);
  const out = style.position === 'absolute' || style.position === 'fixed';
  const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
  if (!out && !clips) return false;
  const r = dom.rect(live);
  // A clipped box holding MathML is a formula's accessible copy (KaTeX's `katex-mathml`, a 1 px
  // box), drawn beside it in glyphs that are aria-hidden: the copy is the formula the engine reads.
  if (clips && (r.width <= 1 || r.height <= 1)) return !dom.all(live, 'math').length;
  if (!out) return false;
  const [x, y] = style.position === 'fixed' ? [0, 0] : [scrollX, scrollY];
  return r.right + x <= 0 || r.bottom + y <= 0;
}

// ---- images: only what the page itself loaded or would load ------------------------------------
//
// A lazy attribute (`data-src`, ...) holds a URL the page's own script may or may not load: on
// a page without such a script it is an address the page never asks for (a tracking pixel's,
// say), and the reader would be the one fetching it (issue 37). So the copy keeps a lazy
// attribute only when the page loaded its URL (the resource timeline, an image's
// `currentSrc`) or when the page's script swaps that attribute in: some image of the page
// already shows the URL its attribute holds. The engine then takes `src`, and a lazy attribute
// only when `src` is a placeholder (src/figures.rs); for the command-line tool, which has no
// page to watch, that rule alone decides.

const ATTRS = [...LAZY_SRC, ...LAZY_SRCSET];

// What the page loaded and which lazy attributes its script swaps in, read once per capture.
function imageFacts() {
  const loaded = new Set();
  for (const e of performance.getEntriesByType('resource')) loaded.add(e.name);
  const swapped = new Set();
  for (const el of dom.all(dom.root(), 'img, source')) {
    const current = el instanceof HTMLImageElement ? el.currentSrc : '';
    if (current) loaded.add(current);
    const src = absolute(dom.getAttribute(el, 'src'));
    const srcset = (dom.getAttribute(el, 'srcset') || '').trim();
    for (const name of ATTRS) {
      const v = dom.getAttribute(el, name);
      if (!v) continue;
      const shown = LAZY_SRCSET.includes(name) ? !!srcset && v.trim() === srcset : [src, current].includes(absolute(v));
      if (shown) swapped.add(name);
    }
  }
  return { loaded, swapped };
}

// `v` resolved against the page's address, or null.
function absolute(v) {
  try {
    return v ? new URL(v, document.baseURI).href : null;
  } catch {
    return null;
  }
}

// The URLs of a srcset (its candidates, without their descriptors).
const candidates = (v) => v.split(',').map((c) => absolute(c.trim().split(/\s+/)[0])).filter(Boolean);

function resolveLazy(live, copy, facts) {
  if (copy.localName !== 'img' && copy.localName !== 'source') return;
  for (const name of ATTRS) {
    const v = copy.getAttribute(name);
    if (v === null) continue;
    const urls = LAZY_SRCSET.includes(name) ? candidates(v) : [absolute(v)];
    if (!facts.swapped.has(name) && !urls.some((u) => u && facts.loaded.has(u))) copy.removeAttribute(name);
  }
  const current = (live instanceof HTMLImageElement && live.currentSrc) || '';
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

// Returns { html, url, lang, dir, title }; with `tag`, html is the tagged copy.
export function capture({ tag = false } = {}) {
  const root = dom.root();
  const inert = document.implementation.createHTMLDocument('');
  const pairs = [];
  // Only what is inside a shown <body> is judged: when the page itself is not shown yet (a
  // `body { opacity: 0 }` until a script has run), the browser cannot tell what will be.
  const body = dom.body();
  const judging = typeof checkVisibility === 'function' && !!body && checkVisibility.call(body, SHOWN);
  const own = [];
  const copy = copyOf(root, inert);
  const facts = imageFacts();
  walkPair(root, copy, (live, c, unjudged) => {
    resolveLazy(live, c, facts);
    if (dom.hasAttribute(live, DANA_SURFACE)) own.push(c);
    pairs.push([live, c]);
    if (unjudged || !judging || live === root || live === body || !dom.contains(body, live)) return false;
    const verdict = judge(live);
    if (verdict === true) dom.setAttribute(c, 'hidden', '');
    return verdict !== false;
  });
  for (const c of own) removeNode(c);
  // After the walk and the tags: the elements read out of a <noscript> have no live twin.
  if (!tag) readNoscript(copy, inert);
  emptyCode(copy);
  // Strip mode: every element gets its id, and the engine runs once, on this tagged copy. With
  // `elementIds` it reads the tags as ids and otherwise ignores them (its extraction is that of
  // the untagged page) and names the ids of the elements that carry the main content.
  if (tag) {
    elements = pairs.map(([live]) => live);
    pairs.forEach(([, c], i) => dom.setAttribute(c, 'data-dana-id', String(i)));
  }
  const html = '<!DOCTYPE html>\n' + copy.outerHTML;
  if (html.length > MAX_CHARS) {
    throw new Error(`the page is too large (${(html.length / 1e6).toFixed(1)} million characters; the limit is ${MAX_CHARS / 1e6} million)`);
  }
  return {
    html,
    url: location.href,
    lang: dom.getAttribute(root, 'lang') || (body && dom.getAttribute(body, 'lang')) || '',
    dir: getComputedStyle(body || root).direction || 'ltr',
    title: dom.title(),
  };
}

// Moments on the clock the worker reads too (`timeOrigin + now()`: the same across the
// extension's processes), for the benchmark's hops (tests/e2e/bench-reader.mjs).
export const at = () => performance.timeOrigin + performance.now();

// The capture as `begin` answers it (content/main.js, content/first.js): with how long the
// page's own work took (`work`: the worker tells it from the messaging around it) and, for the
// benchmark, when the script that captures started running (`loaded`) and the capture's start
// and end.
export function capturePage(tag, loaded) {
  const t = performance.now();
  const start = at();
  const page = capture({ tag });
  page.work = performance.now() - t;
  page.at = { loaded, start, end: at() };
  return page;
}

// ---- <noscript>: the server-rendered copy -----------------------------------------------------
//
// With scripting on, the parser keeps a <noscript>'s content as one raw text node, and the inert
// copy (no browsing context, so no scripting) serialises that text escaped: `&lt;div …`, which
// the engine takes for a template written as text, never for markup. Served as markup, the same
// page gives the engine its <noscript> as markup, and Discourse's topics (the app renders the
// posts with script; the posts are in <noscript>) are read from that copy when the page shows
// less text (src/fallback.rs). So a <noscript> of the body whose text parses to elements
// holding text is parsed by DOMParser (a document without a browsing context: nothing runs,
// nothing loads; no `innerHTML` assignment, which the stores' linters refuse), and its elements
// replace the text in the copy. Left as they are: one holding no text
// (a tracking pixel: no content either way) or only text ("Please enable JavaScript": the same
// words either way); those of the head (styles, pixels); and any whose markup, serialised
// again, would contain `</noscript` (an attribute value holding it: the engine's tokenizer,
// which reads <noscript> as raw text, would end the element there and read the rest as the
// page's own markup). Whether the copy is the article stays the engine's decision, made on the
// text of each. Strip mode does not read them: it keeps live elements, and these have none.
function readNoscript(copy, inert) {
  for (const el of copy.querySelectorAll('body noscript')) {
    if (el.namespaceURI !== XHTML || !el.firstChild || [...el.childNodes].some((n) => n.nodeType !== Node.TEXT_NODE)) continue;
    const source = el.textContent;
    if (!source.includes('<')) continue;
    const parsed = new DOMParser().parseFromString(`<!DOCTYPE html><body>${source}`, 'text/html').body;
    if (!parsed.firstElementChild || !holdsText(parsed) || /<\/noscript/i.test(parsed.innerHTML)) continue;
    el.replaceChildren(...[...parsed.childNodes].map((n) => inert.adoptNode(n)));
  }
}

const XHTML = 'http://www.w3.org/1999/xhtml';

// Whether `root` has text outside code (a <noscript> of styles or scripts only holds none).
function holdsText(root) {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.data.trim() && !n.parentNode.closest?.('script, style, template')) return true;
  }
  return false;
}

// The engine drops every <script> and <style> with its content (src/preprocess.rs
// `is_dropped`) and reads the text of JSON-LD scripts only (the article's metadata). The rest is
// code, often half of a page's HTML and more: emptied in the copy, it is not serialised, sent
// nor parsed again for nothing. Its line breaks stay, so that the lines of the HTML are those
// of the page (the title finder reports them).
function emptyCode(copy) {
  for (const el of copy.querySelectorAll('script, style')) {
    const type = el.getAttribute('type');
    // JSON-LD is read, and so is a MathJax 2 formula's TeX (`math/tex`, src/math.rs).
    if (el.localName === 'script' && type !== null && /^(application\/ld\+json|math\/tex)/.test(type.trim().toLowerCase())) continue;
    const text = el.textContent;
    if (text) el.textContent = text.replace(/[^\n]+/g, '');
  }
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
  const root = dom.root();
  const lang = dom.getAttribute(root, 'lang') || '';
  return {
    html: `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><title></title></head><body>${paras.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}</body></html>`,
    url: location.href,
    lang,
    dir: getComputedStyle(dom.body() || root).direction || 'ltr',
    title: '',
  };
}

// The live element that had `data-dana-id="id"` in the last tagged capture, or null.
export function elementById(id) {
  return elements[id] || null;
}
