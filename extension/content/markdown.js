// The article as Markdown (issue 37): CommonMark with GitHub's tables, written so that what a
// renderer shows is the article's text and nothing else. The input is the saved article of
// export.js: the engine's article through article.js's allowlist, in an inert document.
//
// What a Markdown renderer would read as markup is escaped wherever it can be markup:
// - text: `\ ` * _ [ ]` by a backslash; `< & ~ |` as character references (`&` only where it
//   would start one), which CommonMark decodes and Python-Markdown passes on to HTML, so raw
//   HTML, autolinks, strikethrough and table cells never start in text; at the start of a line,
//   what would begin a block there (`#`, `>`, `-`, `+`, `=`, `1.`, `1)`);
// - code: spans and fences longer than any run of backticks inside them;
// - URLs: only http(s) (and mailto: for links), with `( ) [ ] < >`, spaces, backslashes,
//   backticks and pipes percent-encoded, so that no URL ends early or carries a second link;
// - emphasis: `**bold** text`, the spaces outside the markers, and no markers where CommonMark
//   would not read them as emphasis (they would show as asterisks).
// No HTML is ever written.

const ESCAPES = { '\\': '\\\\', '`': '\\`', '*': '\\*', _: '\\_', '[': '\\[', ']': '\\]', '<': '&lt;', '~': '&#126;', '|': '&#124;' };
// Emphasis is marked with private-use characters while a paragraph is built, and written (or
// left out) once the characters around each marker are known.
const STRONG = ['\uE000', '\uE001'];
const EM = ['\uE002', '\uE003'];
const MARKERS = { '\uE000': '**', '\uE001': '**', '\uE002': '*', '\uE003': '*' };
const SENTINEL = /[\uE000-\uE003]/g;

const collapse = (s) => s.replace(/[ \t\n\f\r]+/g, ' ');

// Text as text: the article's own private-use characters of the markers' range become references.
export const escapeText = (s) =>
  s.replace(/[\\`*_[\]<~|\uE000-\uE003]|&(?=#?[A-Za-z0-9]+;)/g, (c) => ESCAPES[c] ?? (c === '&' ? '&amp;' : `&#${c.codePointAt(0)};`));

// What would begin a block at the start of a line, escaped (`<`, `|`, `*`, `_`, `` ` ``, `~`
// are escaped everywhere already). `=` has no backslash escape in Python-Markdown: a reference.
const lineStart = (line) => line.replace(/^(?:([#>+-])|(=)|(\d{1,9})([.)]))/, (m, sym, eq, num, dot) => (sym ? `\\${sym}` : eq ? '&#61;' : `${num}\\${dot}`));

// `raw` when it is an absolute URL of the allowed schemes (the reader's own: http(s) for
// images, and mailto: for links), as the URL parser writes it; else null.
function allowed(raw, schemes) {
  try {
    const u = new URL(raw);
    return schemes.includes(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

const percent = (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

// `raw` as a link's or an image's destination, or null.
export function mdUrl(raw, schemes = ['http:', 'https:', 'mailto:']) {
  const href = allowed(raw, schemes);
  return href && href.replace(/[()[\]<> \\`|\u0000-\u001f\u007f]/g, percent).replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;');
}

// A code span: fenced by one more backtick than the longest run inside, padded by a space when
// the code begins or ends with a backtick or a space (CommonMark strips one space on each side).
function codeSpan(text, inTable) {
  let t = text.replace(/[\r\n]+/g, ' ').replace(SENTINEL, '\uFFFD');
  if (!t.trim()) return escapeText(collapse(t));
  // In a table the row is split at pipes before code is read; GitHub's tables take `\|` there.
  if (inTable) t = t.replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestRun(t) + 1);
  const pad = /^[` ]|[` ]$/.test(t) ? ' ' : '';
  return `${fence}${pad}${t}${pad}${fence}`;
}

const longestRun = (t) => Math.max(0, ...(t.match(/`+/g) || []).map((r) => r.length));

// Markers around `inner`, with its leading and trailing spaces (and line breaks) outside them.
function emphasis([open, close], inner) {
  const m = /^([ \n]*)([^]*?)([ \n]*)$/.exec(inner);
  return m[2] ? `${m[1]}${open}${m[2]}${close}${m[3]}` : inner;
}

// An element's inline content: text, links, code, emphasis, line breaks as '\n'.
function inline(node, ctx) {
  let out = '';
  for (const n of node.childNodes) {
    const piece = inlinePiece(n, ctx);
    // One space where two pieces meet with one each (a space moved out of emphasis).
    out += out.endsWith(' ') && piece.startsWith(' ') ? piece.slice(1) : piece;
  }
  return out;
}

function inlinePiece(n, ctx) {
  if (n.nodeType === Node.TEXT_NODE) return escapeText(collapse(n.data));
  if (n.nodeType !== Node.ELEMENT_NODE) return '';
  const name = n.localName;
  if (name === 'br') return '\n';
  if (name === 'a') return link(n, ctx);
  if (name === 'img') return image(n);
  if (name === 'strong' || name === 'b') return emphasis(STRONG, inline(n, ctx));
  if (name === 'em' || name === 'i') return emphasis(EM, inline(n, ctx));
  if (name === 'code' || name === 'kbd' || name === 'samp') return codeSpan(n.textContent, ctx.table);
  if (name === 'math') return n.getAttribute('alttext') ? codeSpan(n.getAttribute('alttext'), ctx.table) : escapeText(collapse(n.textContent));
  return inline(n, ctx);
}

function link(a, ctx) {
  const text = inline(a, ctx);
  const href = a.getAttribute('href') || '';
  // An in-page anchor (a footnote) has no target in a Markdown file: its text alone.
  const url = href.startsWith('#') ? null : mdUrl(href);
  if (!url) return text;
  return `[${text.trim() ? text : escapeText(href)}](${url})`;
}

function image(img) {
  const url = mdUrl(img.getAttribute('src') || '', ['http:', 'https:']);
  return url ? `![${escapeText(collapse(img.getAttribute('alt') || '')).trim()}](${url})` : '';
}

const isSpace = (c) => c === undefined || /\s/u.test(c);
const isPunct = (c) => c !== undefined && /[\p{P}\p{S}]/u.test(c);

// Writes the emphasis markers of `s` where CommonMark reads them as emphasis (left- and
// right-flanking runs), and leaves out the pairs it would show as asterisks.
function writeEmphasis(s) {
  const chars = [...s];
  const pairs = [];
  const open = [];
  chars.forEach((c, i) => {
    if (c === STRONG[0] || c === EM[0]) open.push(i);
    else if (c === STRONG[1] || c === EM[1]) pairs.push([open.pop(), i]);
  });
  const near = (i, step) => {
    for (let j = i + step; j >= 0 && j < chars.length; j += step) if (!MARKERS[chars[j]]) return chars[j];
    return undefined;
  };
  for (const [a, b] of pairs) {
    const [before, first, last, after] = [near(a, -1), near(a, 1), near(b, -1), near(b, 1)];
    const opens = !isSpace(first) && (!isPunct(first) || isSpace(before) || isPunct(before));
    const closes = !isSpace(last) && (!isPunct(last) || isSpace(after) || isPunct(after));
    if (!opens || !closes) chars[a] = chars[b] = '';
  }
  return chars.map((c) => MARKERS[c] ?? c).join('');
}

// A paragraph's lines (line breaks kept), each safe at the start of a line.
function lines(el, ctx = {}) {
  return writeEmphasis(inline(el, ctx))
    .split('\n')
    .map((l) => l.replace(/^ +| +$/g, ''))
    .filter(Boolean)
    .map(lineStart);
}

const paragraph = (el) => lines(el).join('  \n');

// A heading's text: a `#` at its end would be read as the closing sequence, and dropped.
const closing = (text) => text.replace(/#$/, '\\#');

const BLOCKS = new Set(['p', 'div', 'ul', 'ol', 'pre', 'blockquote', 'figure', 'table', 'dl', 'dt', 'dd', 'header', 'article', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

// A code block: the fence longer than any backtick run inside, the language the engine found.
function fenced(text, lang = '') {
  const fence = '`'.repeat(Math.max(3, longestRun(text) + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

function list(el) {
  const ordered = el.localName === 'ol';
  return [...el.children]
    .filter((li) => li.localName === 'li')
    .map((li, i) => {
      const marker = ordered ? `${i + 1}.` : '-';
      // Continuation lines under the item's text; nested blocks four spaces in at least, which
      // Python-Markdown needs and CommonMark reads as inside the item.
      const pad = ' '.repeat(marker.length + 1);
      const nest = ' '.repeat(Math.max(4, marker.length + 1));
      const own = li.ownerDocument.createElement('span');
      const nested = [];
      for (const c of [...li.childNodes]) {
        if (c.nodeType === Node.ELEMENT_NODE && BLOCKS.has(c.localName)) nested.push(c);
        else own.append(c.cloneNode(true));
      }
      const text = lines(own);
      const out = [text.length ? `${marker} ${text[0]}` : marker, ...text.slice(1).map((l) => `${pad}${l}`)].join('  \n');
      const inner = nested.map((c) => block(c)).filter(Boolean);
      return [out, ...inner.map((b) => b.split('\n').map((l) => (l ? nest + l : l)).join('\n'))].join('\n');
    })
    .join('\n');
}

// A table as a GitHub table: the first row is the header row (GitHub's tables have one), a
// cell spanning columns or rows is written once and the cells it covers are left empty.
function table(el) {
  const rows = [...el.querySelectorAll('tr')];
  const grid = rows.map(() => []);
  rows.forEach((tr, r) => {
    let c = 0;
    for (const cell of tr.children) {
      if (cell.localName !== 'td' && cell.localName !== 'th') continue;
      while (grid[r][c] !== undefined) c++;
      const cols = Math.max(1, Number(cell.getAttribute('colspan')) || 1);
      const span = Number(cell.getAttribute('rowspan'));
      const down = Math.min(rows.length - r, span >= 1 ? span : span === 0 && cell.hasAttribute('rowspan') ? rows.length : 1);
      const text = writeEmphasis(inline(cell, { table: true })).replace(/ *\n */g, ' ').trim();
      for (let dr = 0; dr < down; dr++) for (let dc = 0; dc < cols; dc++) grid[r + dr][c + dc] = dr || dc ? '' : text;
      c += cols;
    }
  });
  const width = Math.max(1, ...grid.map((row) => row.length));
  const row = (cells) => `| ${Array.from({ length: width }, (_, i) => cells[i] || '').join(' | ')} |`;
  const caption = el.querySelector('caption');
  const out = [row(grid[0] || []), row(Array(width).fill('---')), ...grid.slice(1).map(row)].join('\n');
  return caption && caption.textContent.trim() ? `${paragraph(caption)}\n\n${out}` : out;
}

// The Markdown of one block element.
function block(el) {
  const name = el.localName;
  if (/^h[1-6]$/.test(name)) {
    const text = closing(lines(el).join(' '));
    return text ? `${'#'.repeat(Number(name[1]))} ${text}` : '';
  }
  if (name === 'p' && el.getAttribute('data-math') === 'display') {
    const tex = el.querySelector('math')?.getAttribute('alttext');
    return tex ? fenced(tex, 'math') : paragraph(el);
  }
  if (name === 'pre') {
    const lang = /(?:^| )language-([a-z0-9+#-]{1,32})(?: |$)/.exec(el.querySelector('code')?.getAttribute('class') || '');
    return fenced(el.textContent.replace(/\n$/, ''), lang ? lang[1] : '');
  }
  if (name === 'ul' || name === 'ol') return list(el);
  if (name === 'blockquote') return content(el).split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n');
  if (name === 'figure') {
    const img = el.querySelector('img');
    const caption = el.querySelector('figcaption');
    const said = caption ? writeEmphasis(emphasis(EM, inline(caption, {}))).split('\n').map((l) => l.trim()).filter(Boolean).map(lineStart).join('  \n') : '';
    return [img && image(img), said].filter(Boolean).join('\n\n');
  }
  if (name === 'table') return table(el);
  if (name === 'dt' || name === 'header') {
    const text = writeEmphasis(emphasis(STRONG, inline(el, {}))).split('\n').map((l) => l.trim()).filter(Boolean).map(lineStart).join('  \n');
    return text;
  }
  // A post of a thread: a rule before it, its header and its blocks.
  if (name === 'article') return ['---', blocks(el)].filter(Boolean).join('\n\n');
  return name === 'p' ? paragraph(el) : content(el);
}

// An element's blocks, or its text when it holds no block (the engine's quotation holds text).
const content = (el) => ([...el.children].some((c) => BLOCKS.has(c.localName)) ? blocks(el) : paragraph(el));

const blocks = (parent) =>
  [...parent.children]
    .map((c) => block(c))
    .filter((s) => s && s.trim())
    .join('\n\n');

/**
 * The saved article (export.js `savedArticle`: its header's title and meta line, then the body)
 * as Markdown, with the address it was read from at the end.
 */
export function toMarkdown({ title, meta, body }, url) {
  // An autolink: nothing in it is an escape or a reference, and it ends at `>` or a space.
  const source = allowed(url, ['http:', 'https:'])?.replace(/[<> \u0000-\u001f\u007f]/g, percent);
  return [
    title && `# ${closing(escapeText(collapse(title)).trim())}`,
    meta && lineStart(escapeText(collapse(meta)).trim()),
    blocks(body),
    source ? `Source: <${source}>` : `Source: ${escapeText(url)}`,
  ]
    .filter(Boolean)
    .join('\n\n') + '\n';
}
