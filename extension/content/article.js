// The engine's article HTML (`extraction.html`, built in Rust by src/render.rs from an
// allowlist, every value escaped) made into nodes of the page's document, without running
// anything: it is parsed in an inert document (DOMParser: no browsing context, so no script
// runs and no image loads there), then walked once against an allowlist of our own, a second
// and independent line of defence that removes whatever the engine should never have emitted,
// and only then adopted into the page's document.
//
// This is the one renderer of the article: the reader view shows these nodes and read-aloud
// finds its sentences in them (each block's element carries `data-block="i"`, i its index in
// `extraction.blocks`).

// Elements the engine emits (src/render.rs: the blocks; src/blocks/builder.rs: the inline set).
const ELEMENTS = new Set([
  'article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'blockquote', 'pre', 'figure', 'img', 'figcaption',
  'a', 'strong', 'em', 'code', 'sub', 'sup', 'mark', 's', 'u', 'small', 'q', 'cite', 'kbd', 'abbr', 'var', 'samp',
  'table', 'caption', 'thead', 'tbody', 'tr', 'th', 'td', 'dl', 'dt', 'dd',
  // A thread's post: an `article` inside the article, its author and date in its `header`.
  'header',
]);

// The inline elements that may carry an in-page anchor (src/blocks/builder.rs `kept_inline`).
const INLINE = new Set(['a', 'strong', 'em', 'code', 'sub', 'sup', 'mark', 's', 'u', 'small', 'q', 'cite', 'kbd', 'abbr', 'var', 'samp']);

// An in-page anchor of the article (a footnote, its way back): the engine numbers them and
// never writes the page's own ids, so none can collide with the reader's or the page's.
const ANCHOR_ID = /^dana-ref-\d{1,10}$/;

// Table cells' spans: a number within what HTML itself clamps them to.
const SPANS = { colspan: 1000, rowspan: 65534 };

const DIRS = new Set(['ltr', 'rtl', 'auto']);

// What an embed's link card stands for (on its `p`; src/render.rs, src/embeds.rs).
const EMBEDS = new Set(['video', 'audio', 'post', 'frame']);

// A code block's language, the one class the engine writes (on `code`; src/blocks/code.rs).
const LANGUAGE_CLASS = /^language-[a-z0-9+#-]{1,32}$/;

// Math (src/math.rs): presentation MathML elements, in the MathML namespace, inside a `math`
// that stands in the article's HTML; never `annotation`, `annotation-xml`, `maction`, `mglyph`
// or an HTML element inside math (the shapes that carry HTML out of foreign content).
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
const MATHML = new Set([
  'math', 'mrow', 'mi', 'mn', 'mo', 'ms', 'mtext', 'mspace', 'msub', 'msup', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder',
  'munderover', 'mmultiscripts', 'mprescripts', 'none', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom', 'menclose', 'semantics',
]);
// MathML's attributes: `display` (block or inline) and `alttext` (the TeX source, text) on
// `math`, the others short plain values; no URL, style, class, id, colour or handler.
const MATHML_ATTRIBUTES = new Set([
  'dir', 'mathvariant', 'fence', 'stretchy', 'separator', 'accent', 'accentunder', 'largeop', 'movablelimits', 'symmetric', 'displaystyle',
  'form', 'columnalign', 'rowalign', 'columnlines', 'rowlines', 'frame', 'notation', 'columnspacing', 'rowspacing', 'linethickness',
  'lspace', 'rspace', 'width', 'height', 'depth', 'voffset', 'minsize', 'maxsize', 'mathsize', 'scriptlevel', 'columnspan', 'rowspan',
]);
const PLAIN = /^[A-Za-z0-9 .%+-]{1,64}$/;
const MATH_TOKENS = new Set(['mi', 'mn', 'mo', 'ms', 'mtext']);

// Whether MathML element `el` may stay: allowlisted, inside exactly one `math` (or that
// `math`, standing in HTML), not inside a token element (where the tree builder reads HTML).
function keepMathElement(el) {
  if (el.namespaceURI !== MATHML_NS || !MATHML.has(el.localName)) return false;
  const parent = el.parentElement;
  if (el.localName === 'math') return !!parent && parent.namespaceURI === 'http://www.w3.org/1999/xhtml';
  return !!parent && parent.namespaceURI === MATHML_NS && !MATH_TOKENS.has(parent.localName);
}

function keepMathAttribute(el, name, value) {
  if (name === 'display') return el.localName === 'math' && (value === 'block' || value === 'inline');
  if (name === 'alttext') return el.localName === 'math';
  return MATHML_ATTRIBUTES.has(name) && PLAIN.test(value);
}

// `raw` resolved as an absolute URL whose scheme is one of `schemes`, or null.
function safeUrl(raw, schemes) {
  try {
    const u = new URL(raw);
    return schemes.includes(u.protocol) ? u.href : null;
  } catch (_) {
    return null;
  }
}

// Whether attribute `name` with `value` may stay on element `el`; URL attributes are rewritten
// to their resolved form.
function keepAttribute(el, name, value) {
  if (name === 'data-block') return /^\d+$/.test(value);
  if (name === 'dir') return DIRS.has(value);
  if (name === 'lang') return /^[a-z]{2,3}$/.test(value); // a block's own language (engine: Block::lang)
  if (el.localName === 'img' && name === 'alt') return true;
  if (el.localName === 'img' && name === 'referrerpolicy') return value === 'no-referrer';
  if ((el.localName === 'td' || el.localName === 'th') && Object.hasOwn(SPANS, name)) return /^\d{1,5}$/.test(value) && Number(value) <= SPANS[name];
  if (el.localName === 'th' && name === 'scope') return value === 'col' || value === 'row';
  if (el.localName === 'code' && name === 'class') return LANGUAGE_CLASS.test(value);
  if (el.localName === 'p' && name === 'data-embed') return EMBEDS.has(value);
  if (el.localName === 'p' && name === 'data-math') return value === 'display';
  if (name === 'id') return INLINE.has(el.localName) && ANCHOR_ID.test(value);
  // A same-document link to one of those anchors; no other fragment.
  if (el.localName === 'a' && name === 'href' && value.startsWith('#')) return ANCHOR_ID.test(value.slice(1));
  const url =
    el.localName === 'a' && name === 'href' ? safeUrl(value, ['http:', 'https:', 'mailto:'])
    : el.localName === 'img' && name === 'src' ? safeUrl(value, ['http:', 'https:'])
    : null;
  if (url === null) return false;
  if (url !== value) el.setAttribute(name, url);
  return true;
}

// Removes every element not in ELEMENTS (with its content: the engine never emits one, so one
// found here is a fault, not text to save) and every attribute not allowed above. Iterative,
// so the article's depth cannot exhaust the stack.
function allowlist(root) {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT);
  const drop = [];
  for (let n = walker.currentNode; n; n = walker.nextNode()) {
    if (n.nodeType === Node.ELEMENT_NODE && n.namespaceURI === MATHML_NS) {
      if (!keepMathElement(n)) {
        drop.push(n);
        continue;
      }
      for (const name of n.getAttributeNames()) {
        if (!keepMathAttribute(n, name, n.getAttribute(name))) n.removeAttribute(name);
      }
      continue;
    }
    if (n.nodeType !== Node.ELEMENT_NODE || !ELEMENTS.has(n.localName) || n.namespaceURI !== 'http://www.w3.org/1999/xhtml' || n.closest('math')) {
      drop.push(n);
      continue;
    }
    for (const name of n.getAttributeNames()) {
      if (!keepAttribute(n, name, n.getAttribute(name))) n.removeAttribute(name);
    }
  }
  for (const n of drop) n.remove();
}

// The article as an <article> element of `doc` (the page's document, ready to insert; or an
// inert one, for saving); links open without a referrer, images load lazily and send no referrer.
export function articleNodes(html, doc = document) {
  const parsed = new DOMParser().parseFromString(`<!DOCTYPE html><body>${html}`, 'text/html');
  const article = parsed.body.querySelector('article') || parsed.body;
  allowlist(article);
  for (const a of article.querySelectorAll('a[href]')) a.setAttribute('rel', 'noopener noreferrer');
  for (const img of article.querySelectorAll('img')) {
    img.setAttribute('loading', 'lazy');
    img.setAttribute('decoding', 'async');
    img.setAttribute('referrerpolicy', 'no-referrer');
  }
  const out = doc.createElement('article');
  out.append(...[...article.childNodes].map((n) => doc.adoptNode(n)));
  // A picture that does not load (a host that refuses requests without a referrer, a
  // placeholder address) would be drawn as its alt text ("Image", once a card on a listing):
  // it is hidden, and so is its figure when the figure has no caption to show.
  for (const img of out.querySelectorAll('img')) {
    img.addEventListener('error', () => {
      const figure = img.closest('figure');
      (figure && !figure.querySelector('figcaption') ? figure : img).setAttribute('data-broken', '');
    }, { once: true });
  }
  // In-page links (a footnote and its way back) are followed inside the article: the reader
  // lives in a shadow root, where the document's own fragment navigation finds nothing, and
  // changing the page's URL fragment could wake the page's own router. Each link carries its
  // listener (the reader moves the article's nodes into its own element), and looks its target
  // up in the tree it stands in when clicked.
  for (const a of out.querySelectorAll('a[href^="#"]')) {
    a.addEventListener('click', (e) => {
      e.preventDefault();
      const id = a.getAttribute('href').slice(1);
      const target = ANCHOR_ID.test(id) ? [...a.getRootNode().querySelectorAll('[id]')].find((n) => n.id === id) : null;
      if (target) target.scrollIntoView({ block: 'start' });
    });
  }
  return out;
}

// Headings keep their relative levels below the title's h1, never skipping a level on the way
// down (h1 then h4 would tell a screen-reader user that sections are missing). A heading whose
// level changes is replaced by one of the new level holding the same (already vetted) nodes.
export function relevelHeadings(body) {
  let prev = 1;
  for (const el of body.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Number(el.localName[1]);
    prev = Math.min(prev + 1, Math.max(2, level));
    if (level === prev) continue;
    const to = el.ownerDocument.createElement(`h${prev}`);
    for (const name of el.getAttributeNames()) to.setAttribute(name, el.getAttribute(name));
    to.append(...el.childNodes);
    el.replaceWith(to);
  }
}

// The text nodes of a block's element in document order, without those of blocks nested in it
// (a nested list is blocks of its own): their data joined is the block's `text` (the engine's
// contract, so no whitespace is collapsed here).
export function blockTextNodes(el) {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n !== el && n.nodeType === Node.ELEMENT_NODE && n.hasAttribute('data-block') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const out = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeType === Node.TEXT_NODE) out.push(n);
  return out;
}

// A Range over UTF-16 offsets [start, end) of a block's text, or null when they fall outside it.
export function blockRange(el, start, end) {
  const range = el.ownerDocument.createRange();
  let at = 0;
  let started = false;
  for (const n of blockTextNodes(el)) {
    const len = n.data.length;
    if (!started && start < at + len) {
      range.setStart(n, start - at);
      started = true;
    }
    if (started && end <= at + len) {
      range.setEnd(n, end - at);
      return range;
    }
    at += len;
  }
  return null;
}
