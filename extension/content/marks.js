// Read-aloud's highlights (the sentence being spoken, the word inside it) drawn as elements of
// the reader's own tree, inside its closed shadow root.
//
// Not the CSS Custom Highlight API: its registry, `CSS.highlights`, is the document's, shared
// with the page's scripts, and a Range registered there hands the page nodes of the closed
// shadow root (`range.startContainer.getRootNode()`), from which it could read and rewrite the
// whole reader (issue 37). A shadow root has no highlight registry of its own. So each text
// node of the range is split at the range's ends and wrapped in a `<span data-hl="kind">`
// (a formula, whose MathML cannot hold an HTML element, is wrapped whole); unmarking unwraps
// the spans and joins the text nodes again. The text of every block is unchanged either way:
// the spans add no text, carry no `data-block`, and a block's text is the text of its element
// (article.js `blockTextNodes`), so offsets keep their meaning while marks are on.

const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

// The text nodes `range` covers, in document order, with the part of each it covers.
function covered(range) {
  const top = range.commonAncestorContainer;
  const out = [];
  const add = (n) => {
    const start = n === range.startContainer ? range.startOffset : 0;
    const end = n === range.endContainer ? range.endOffset : n.data.length;
    if (end > start) out.push([n, start, end]);
  };
  if (top.nodeType === Node.TEXT_NODE) {
    add(top);
    return out;
  }
  const walker = top.ownerDocument.createTreeWalker(top, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (range.intersectsNode(n)) add(n);
  return out;
}

/**
 * Marks what `range` covers as `kind` ('sentence' or 'word'). Returns a Range from before the
 * first mark to after the last (for scrolling and the ruler), or null when it covers no text.
 * `range` itself is spent: the text nodes it points into are split.
 */
export function mark(range, kind) {
  const spans = [];
  const wrapped = new Set();
  for (const [node, start, end] of covered(range)) {
    const math = node.parentElement && node.parentElement.namespaceURI === MATHML_NS ? node.parentElement.closest('math') : null;
    if (math) {
      if (wrapped.has(math)) continue;
      wrapped.add(math);
      spans.push(wrap(math, kind));
      continue;
    }
    let n = node;
    if (end < n.data.length) n.splitText(end);
    if (start > 0) n = n.splitText(start);
    spans.push(wrap(n, kind));
  }
  if (!spans.length) return null;
  const out = spans[0].ownerDocument.createRange();
  out.setStartBefore(spans[0]);
  out.setEndAfter(spans[spans.length - 1]);
  return out;
}

function wrap(node, kind) {
  const span = node.ownerDocument.createElement('span');
  span.setAttribute('data-hl', kind);
  node.parentNode.insertBefore(span, node);
  span.append(node);
  return span;
}

/** Removes every mark of `kind` under `root`, joining the text nodes they split. */
export function unmark(root, kind) {
  if (!root) return;
  const parents = new Set();
  for (const span of root.querySelectorAll(`span[data-hl="${kind}"]`)) {
    const parent = span.parentNode;
    if (!parent) continue;
    span.replaceWith(...span.childNodes);
    parents.add(parent);
  }
  for (const p of parents) p.normalize();
}

export const MARKS_CSS = `
[data-hl=sentence] { background-color: var(--hl); color: var(--hl-fg); }
[data-hl=word] { background-color: var(--fg); color: var(--bg); }
@media (forced-colors: active) {
[data-hl=sentence] { forced-color-adjust: none; background-color: Highlight; color: HighlightText; }
[data-hl=word] { forced-color-adjust: none; background-color: CanvasText; color: Canvas; }
}
`;
