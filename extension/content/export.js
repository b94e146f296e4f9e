// Saving the article (issue 16): as Markdown (markdown.js), or as one standalone HTML file.
//
// Both are made from the engine's article as the worker sent it (`ex.html`), through the same
// allowlist as the reader (article.js `articleNodes`), in a document of their own without a
// browsing context, never from the reader's live tree: whatever reached that tree would reach
// the file (issue 37: a page that got into the reader got its `<script>` saved and run from
// disk). The title and the line under it are the reader's header, built again from the same
// facts; the address is the one the article was read from. Nothing is fetched: pictures stay
// links to their addresses, as in the reader.

import { articleNodes, relevelHeadings } from './article.js';
import { buildHeader } from './header.js';
import { toMarkdown } from './markdown.js';

// The attributes of the engine's HTML that are the reader's own business (block indices, the
// loading hints articleNodes adds), left out of the file.
const READER_ONLY = ['data-block', 'loading', 'decoding'];

/**
 * The article to save, from the reader's record of it (`source`: reader.js, `{ ex, lang, dir,
 * title, url }`): `{ title, meta, site, body }`, body an <article> of an inert document holding
 * the allowlisted blocks, without those the header repeats, headings releveled as in the reader.
 */
export function savedArticle({ ex, lang, title }) {
  const doc = document.implementation.createHTMLDocument('');
  const body = articleNodes(ex.html, doc);
  for (const i of ex.headerBlocks || []) body.querySelector(`[data-block="${i}"]`)?.remove();
  relevelHeadings(body);
  for (const el of body.querySelectorAll('*')) for (const name of READER_ONLY) el.removeAttribute(name);
  // Built as the reader builds it, in its elements' text only (never inserted anywhere).
  const { header } = buildHeader(ex, lang, title);
  const text = (sel) => header.querySelector(sel)?.textContent.trim() || '';
  return { title, meta: text('.meta'), site: text('.site'), body };
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

// The article as a standalone HTML file: the allowlisted article, a small stylesheet, no
// script, and a policy that would let none run (nor load anything but the pictures).
export function toHtml({ title, meta, body }, url, lang, dir) {
  const safeLang = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(lang || '') ? lang : '';
  const safeDir = dir === 'rtl' ? 'rtl' : 'ltr';
  const source = /^https?:/i.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : escapeHtml(url);
  return `<!DOCTYPE html>
<html${safeLang ? ` lang="${safeLang}"` : ''} dir="${safeDir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src http: https:; style-src 'unsafe-inline'">
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
<article${safeLang ? ` lang="${safeLang}"` : ''} dir="${safeDir}">
<header><h1>${escapeHtml(title)}</h1>${meta ? `<p>${escapeHtml(meta)}</p>` : ''}</header>
${body.innerHTML}
</article>
<footer><p>Saved from ${source} with Dana Reader.</p></footer>
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

// The Save buttons' action: `format` 'md' or 'html', for the reader's record of its article.
export function saveArticle(source, format) {
  const saved = savedArticle(source);
  if (format === 'md') download(toMarkdown(saved, source.url), fileName(source.title, 'md'), 'text/markdown');
  else download(toHtml(saved, source.url, source.lang, source.dir), fileName(source.title, 'html'), 'text/html');
}
