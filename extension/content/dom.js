// DOM helpers shared by the content scripts' views (the reader, the speech bar, the strip bar,
// the message panel). Nothing here knows about modes or messages.

// ---- reading the page's DOM -----------------------------------------------------------------
//
// The page's markup can shadow DOM properties: a form's named controls hide the form's own
// properties (`<input name="parentElement">` makes `form.parentElement` that input, `<select
// name="children">` makes `form.children` the select) and a named <img> or <form> hides the
// document's (`<img name="body">` makes `document.body` that image). In the isolated world too:
// named access is part of the DOM, not of the page's script. So what the content scripts read
// of the page's elements, they read through the prototypes' own accessors, which markup cannot
// reach (the isolated world has prototypes of its own, which page script cannot patch either).
const getter = (proto, name) => Function.prototype.call.bind(Object.getOwnPropertyDescriptor(proto, name).get);
const method = (proto, name) => Function.prototype.call.bind(Object.getOwnPropertyDescriptor(proto, name).value);

export const dom = Object.freeze({
  parent: getter(Node.prototype, 'parentElement'),
  nodeType: getter(Node.prototype, 'nodeType'),
  children: getter(Element.prototype, 'children'),
  localName: getter(Element.prototype, 'localName'),
  isConnected: getter(Node.prototype, 'isConnected'),
  contains: method(Node.prototype, 'contains'),
  hasAttribute: method(Element.prototype, 'hasAttribute'),
  getAttribute: method(Element.prototype, 'getAttribute'),
  setAttribute: method(Element.prototype, 'setAttribute'),
  removeAttribute: method(Element.prototype, 'removeAttribute'),
  closest: method(Element.prototype, 'closest'),
  rect: method(Element.prototype, 'getBoundingClientRect'),
  focus: method(HTMLElement.prototype, 'focus'),
  // The document's parts, read the same way.
  root: () => getter(Document.prototype, 'documentElement')(document),
  body: () => getter(Document.prototype, 'body')(document),
  head: () => getter(Document.prototype, 'head')(document),
  title: () => getter(Document.prototype, 'title')(document),
  activeElement: () => getter(Document.prototype, 'activeElement')(document),
  visibility: () => getter(Document.prototype, 'visibilityState')(document),
  contentType: () => getter(Document.prototype, 'contentType')(document),
  elementsFromPoint: (x, y) => method(Document.prototype, 'elementsFromPoint')(document, x, y),
  treeWalker: (root, what) => method(Document.prototype, 'createTreeWalker')(document, root, what),
  all: (root, selector) => method(Element.prototype, 'querySelectorAll')(root, selector),
});

// Whether Dana can read this document: an HTML page (text/html, or XHTML whose root is an
// HTML <html>). Not an XML feed, an SVG image or a browser page such as the XML viewer.
// Returns null when it can, else what it is, for the message.
export function unreadable() {
  const type = dom.contentType();
  const root = dom.root();
  // The page's script can remove its own root element (some XSS payloads do).
  if (!root) return 'an empty document';
  if (type === 'text/html') return null;
  if (type === 'application/xhtml+xml' && root && root.namespaceURI === 'http://www.w3.org/1999/xhtml' && dom.localName(root) === 'html') return null;
  if (type === 'image/svg+xml' || (root && dom.localName(root) === 'svg')) return 'an SVG image';
  if (/xml/.test(type)) return 'an XML document';
  return `a document of type ${type}`;
}

// Why Dana cannot read this document, in a sentence for the badge, or null when it can.
export function refusal() {
  const what = unreadable();
  return what ? `Dana Reader reads web pages; this is ${what}.` : null;
}

// Builds an element: h('button', { type: 'button', onclick: f }, 'Close'). `text` sets the
// text content, `on*` adds a listener that only the user's own events reach (`isTrusted`: not
// an event made by script, the page's or ours), null/undefined/false leave an attribute out.
export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), (e) => e.isTrusted && v(e));
    else el.setAttribute(k, v === true ? '' : v);
  }
  el.append(...kids.filter(Boolean));
  return el;
}

// The page's registered custom properties (`CSS.registerProperty`, `@property`) are one
// registry for the whole document, shadow trees included: registered under a name the reader
// uses, without inheritance, a property gives every var() below the element that sets it the
// page's initial value (the page recoloured links, quotations and buttons that way, issue 37).
// So the custom properties of Dana's styles carry a suffix drawn when this script loads, which
// the page never sees (the styles are inside closed shadow roots): `cssVar('--dana-size')` is
// the name to set from script, and styleRoot renames every `--name` of a stylesheet alike.
const SUFFIX = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
export const cssVar = (name) => `${name}-${SUFFIX}`;
const scoped = (css) => css.replace(/(^|[^\w-])(--[a-zA-Z][\w-]*)/g, (_, before, name) => before + cssVar(name));

// Styles a shadow root. A constructed stylesheet is not subject to the page's CSP; where it
// cannot be adopted (Firefox content scripts may refuse a sheet made in their own
// compartment), a <style> element, which works unless the page forbids inline styles.
//
// Font families: only generic ones (serif, sans-serif, system-ui, monospace) and the reader's
// bundled faces (aids.js). Font faces are one registry for the document too: a page's
// @font-face named "Georgia" or "Arial" draws the reader's text with the page's glyphs, which a
// crafted font can turn into other words; a generic family cannot be redefined.
export function styleRoot(root, css) {
  css = scoped(css);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } catch (_) {
    root.append(h('style', { text: css }));
  }
}

// A surface of Dana's own (kind 'reader', 'message' or 'strip') with a styled shadow root; the
// caller appends the host to <html>. The host is a plain <div> marked `data-dana-surface="kind"`:
// not a custom element, whose name the page could define first and so run its own constructor
// on Dana's element. Its shadow root is closed, so page script cannot reach inside (read the
// article, replace its text, press its buttons); its layout comes from the user stylesheet
// page.css (`all: initial !important` and the rest), which no page style can override, and
// the styles inside set their custom properties on an element of their own, not on the host,
// where the page's styles could set them.
export function shadowHost(kind, css) {
  const host = document.createElement('div');
  host.setAttribute('data-dana-surface', kind);
  const root = host.attachShadow({ mode: 'closed' });
  styleRoot(root, css);
  return { host, root };
}

// Calls onGone() once, when `host` leaves the document: the page removed it, or replaced its
// whole document (document.open()). Returns a function that stops watching.
export function watchRemoval(host, onGone) {
  const observer = new MutationObserver(() => {
    if (dom.isConnected(host)) return;
    observer.disconnect();
    onGone();
  });
  observer.observe(document, { childList: true });
  observer.observe(dom.root(), { childList: true });
  return () => observer.disconnect();
}

// "Persian" for "fa", in English (the controls speak English whatever the article's language).
export function languageName(lang) {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(lang) || lang;
  } catch (_) {
    return lang;
  }
}

// Resolves once the next frame has been rendered: a callback of requestAnimationFrame runs just
// before the frame's style, layout and paint, and a task it queues runs after them. A hidden
// tab renders no frames (and a busy one may be late): then after at most a second.
export function afterFrame() {
  if (dom.visibility() === 'hidden') return Promise.resolve();
  return new Promise((done) => {
    const late = setTimeout(done, 1000);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(late);
        done();
      }, 0)
    );
  });
}

// Sets a status line's text so that screen readers announce it even when it repeats: cleared
// first, the new text a tick later.
export function announceIn(el, text, delay = 50) {
  if (!el) return;
  el.textContent = '';
  setTimeout(() => (el.textContent = text), delay);
}
