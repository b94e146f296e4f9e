// Saving the article (issue 16): as Markdown, or as one standalone HTML file, both made from
// the article the reader shows, which is the engine's HTML after article.js's allowlist. Nothing
// is fetched: pictures stay links to their addresses, as in the reader.

// Markdown's own characters, escaped in running text so that they stay text.
const escapeMd = (s) => s.replace(/([\\`*_[\]<>#|])/g, '\\$1');

function inline(node) {
  let out = '';
  for (const n of node.childNodes) {
    if (n.nodeType === Node.TEXT_NODE) out += escapeMd(n.data.replace(/\s+/g, ' '));
    else if (n.nodeType !== Node.ELEMENT_NODE) continue;
    else if (n.localName === 'br') out += '  \n';
    else if (n.localName === 'a' && n.getAttribute('href')) out += `[${inline(n)}](${n.href})`;
    else if (n.localName === 'img') out += `![${escapeMd(n.alt || '')}](${n.src})`;
    else if (n.localName === 'strong' || n.localName === 'b') out += `**${inline(n)}**`;
    else if (n.localName === 'em' || n.localName === 'i') out += `*${inline(n)}*`;
    else if (n.localName === 'code') out += `\`${n.textContent}\``;
    else out += inline(n);
  }
  return out;
}

// The Markdown of one block element; `depth` is the list nesting.
function block(el, depth = 0) {
  const name = el.localName;
  if (/^h[1-6]$/.test(name)) return `${'#'.repeat(Number(name[1]))} ${inline(el).trim()}`;
  if (name === 'pre') return `\`\`\`\n${el.textContent.replace(/\n$/, '')}\n\`\`\``;
  if (name === 'ul' || name === 'ol') {
    const pad = '   '.repeat(depth);
    return [...el.children]
      .filter((li) => li.localName === 'li')
      .map((li, i) => {
        const nested = [...li.children].filter((c) => c.localName === 'ul' || c.localName === 'ol');
        const own = li.cloneNode(true);
        for (const c of own.querySelectorAll(':scope > ul, :scope > ol')) c.remove();
        const marker = name === 'ol' ? `${i + 1}.` : '-';
        return [`${pad}${marker} ${inline(own).trim()}`, ...nested.map((l) => block(l, depth + 1))].join('\n');
      })
      .join('\n');
  }
  if (name === 'blockquote') return content(el).split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n');
  if (name === 'figure') {
    const caption = el.querySelector('figcaption');
    const img = el.querySelector('img');
    return [img && `![${escapeMd(img.alt || '')}](${img.src})`, caption && `*${inline(caption).trim()}*`].filter(Boolean).join('\n\n');
  }
  return name === 'p' ? inline(el).trim() : content(el);
}

// An element's blocks, or its text when it holds no block (the engine's quotation holds text).
const content = (el) => ([...el.children].some((c) => /^(p|div|ul|ol|pre|blockquote|figure|table|h[1-6])$/.test(c.localName)) ? blocks(el) : inline(el).trim());

const blocks = (parent) =>
  [...parent.children]
    .map((c) => block(c))
    .filter((s) => s.trim())
    .join('\n\n');

// The article as Markdown: title, the line under it, the body, and where it came from.
export function toMarkdown(article, url) {
  const title = article.querySelector('h1');
  const meta = article.querySelector('.meta');
  const body = article.querySelector('.body');
  return [title && `# ${inline(title).trim()}`, meta && inline(meta).trim(), body && blocks(body), `Source: <${url}>`].filter(Boolean).join('\n\n') + '\n';
}

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// The article as a standalone HTML file: the reader's article without the reader's own
// attributes (block indices, focus handles), a small stylesheet, no script.
export function toHtml(article, url, title) {
  // Copied into a document without a browsing context: a copy in this one would fetch its
  // images again (a clone of an `img` loads its source), and saving must fetch nothing.
  const copy = document.implementation.createHTMLDocument('').importNode(article, true);
  for (const el of [copy, ...copy.querySelectorAll('*')]) {
    for (const name of ['data-block', 'tabindex', 'id', 'class', 'style']) el.removeAttribute(name);
  }
  const lang = article.getAttribute('lang');
  const dir = article.getAttribute('dir') || 'ltr';
  return `<!DOCTYPE html>
<html${lang ? ` lang="${escapeHtml(lang)}"` : ''} dir="${escapeHtml(dir)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
body { font: 20px/1.6 Georgia, 'Noto Serif', serif; max-width: 38em; margin: 2em auto; padding: 0 1em; color: #1d1d1f; background: #fbfbf8; }
img { max-width: 100%; height: auto; }
pre { white-space: pre-wrap; background: #f1f1ec; padding: 1em; }
blockquote { border-inline-start: 4px solid #d9d9d4; margin-inline: 0; padding-inline-start: 1em; }
footer { color: #5a5a5f; font-size: .8em; border-top: 1px solid #d9d9d4; margin-top: 2em; }
</style>
</head>
<body>
${copy.outerHTML}
<footer><p>Saved from <a href="${escapeHtml(url)}">${escapeHtml(url)}</a> with Dana Reader.</p></footer>
</body>
</html>
`;
}

// A file name from the title: its letters and digits, at most 80 characters.
export const fileName = (title, ext) => `${(title.normalize('NFC').match(/[\p{L}\p{N}]+/gu) || ['article']).join('-').slice(0, 80)}.${ext}`;

// Saves `text` as a download called `name` (the browser asks where, or puts it in Downloads).
export function download(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// Save buttons' action: `format` 'md' or 'html', for the reader's <article>.
export function saveArticle(article, format) {
  const url = location.href.split('#')[0];
  const title = article.querySelector('h1')?.textContent.trim() || document.title || 'Article';
  if (format === 'md') download(toMarkdown(article, url), fileName(title, 'md'), 'text/markdown');
  else download(toHtml(article, url, title), fileName(title, 'html'), 'text/html');
}
