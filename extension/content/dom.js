// DOM helpers shared by the content scripts' views (the reader, the speech bar, the strip bar,
// the message panel). Nothing here knows about modes or messages.

// Builds an element: h('button', { type: 'button', onclick: f }, 'Close'). `text` sets the
// text content, `on*` adds a listener, null/undefined/false leave an attribute out.
export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  el.append(...kids.filter(Boolean));
  return el;
}

// Styles a shadow root. A constructed stylesheet is not subject to the page's CSP; where it
// cannot be adopted (Firefox content scripts may refuse a sheet made in their own
// compartment), a <style> element, which works unless the page forbids inline styles.
export function styleRoot(root, css) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } catch (_) {
    root.append(h('style', { text: css }));
  }
}

// A host element of Dana's own (`dana-reader`, `dana-message`, `dana-strip-bar`) with a styled
// shadow root; the caller appends the host where it belongs.
export function shadowHost(tag, css) {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'open' });
  styleRoot(root, css);
  return { host, root };
}

// "Persian" for "fa", in English (the controls speak English whatever the article's language).
export function languageName(lang) {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(lang) || lang;
  } catch (_) {
    return lang;
  }
}

// Sets a status line's text so that screen readers announce it even when it repeats: cleared
// first, the new text a tick later.
export function announceIn(el, text, delay = 50) {
  if (!el) return;
  el.textContent = '';
  setTimeout(() => (el.textContent = text), delay);
}
