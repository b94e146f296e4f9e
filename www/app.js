// The demo page: runs the engine (the same wasm package the extension uses) on a page and shows
// what it saw. No framework, no build step: ES modules served as they are.

import init, { extract, decode, version, defaultOptions } from './pkg/dana.js';
import { LinePlots } from './plots.js';

const SAMPLES = [
  { file: 'samples/en-news.html', label: 'English: news article with menus, links and comments' },
  { file: 'samples/fa-news.html', label: 'Persian (right to left): news article' },
  { file: 'samples/ar-blog.html', label: 'Arabic (right to left): blog post with a sidebar' },
  { file: 'samples/en-howto.html', label: 'English: how-to with a list, code and a figure' },
];

const $ = (id) => document.getElementById(id);
const state = { ready: false, result: null };
let plots;

function setStatus(text, isError = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', isError);
}

// Boolean options with a checkbox each; the boxes start at the engine's defaults.
const SWITCHES = ['cluster', 'edges', 'prune', 'media', 'article', 'fallback', 'postKeys', 'sections', 'linkLists', 'questions', 'noscriptCopy', 'comments', 'declaredBody', 'landmark', 'scant', 'commentBox', 'footer', 'footerNames', 'hiddenClass', 'lead', 'belowArticle', 'titleBound'];

/** The options object for `extract`: only what the user set, so the engine fills the defaults. */
function currentOptions() {
  const options = { algorithm: $('algorithm').value, trace: true };
  const defaults = defaultOptions();
  for (const key of SWITCHES) {
    if (key in defaults && $(key).checked !== defaults[key]) options[key] = $(key).checked;
  }
  if ($('filter').value) options.filter = $('filter').value;
  if ($('gap').value !== '') options.gap = Number($('gap').value);
  if ($('page-url').value.trim()) options.url = $('page-url').value.trim();
  return options;
}

function run() {
  if (!state.ready) return;
  const html = $('html').value;
  const options = currentOptions();
  let result, ms;
  try {
    const t0 = performance.now();
    result = extract(html, options);
    ms = performance.now() - t0;
  } catch (err) {
    document.documentElement.dataset.state = 'error';
    setStatus(`extract failed: ${err.message}`, true);
    return;
  }
  state.result = result;
  const bytes = new TextEncoder().encode(html).length;
  renderFacts(result, ms, bytes);
  renderReader(result);
  plots.show(result);
  renderCandidates(result);
  renderRegions(result);
  setStatus(`Extracted in ${ms.toFixed(1)} ms with ${result.algorithm}, gap ${result.gap}.`);
  document.documentElement.dataset.state = 'done';
  // For tests and the curious: the last result and how long it took.
  window.danaDemo = { result, ms, bytes, options };
}

// ---- output ----------------------------------------------------------------------------------

function renderFacts(r, ms, bytes) {
  const chosen = r.regions.filter((g) => g.chosen).length;
  const facts = [
    ['title', r.title || '(none)'],
    ['title rule', r.titleRule],
    ['direction', r.dir],
    ['language', r.lang ? `${r.lang} (${r.langSource})` : `unknown (${r.langSource})`],
    ['algorithm', `${r.algorithm}, filter ${r.filter}, gap ${r.gap}`],
    ['extraction time', `${ms.toFixed(1)} ms`],
    ['input', `${(bytes / 1024).toFixed(1)} KiB, ${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`],
    ['lines', r.series.t1.length],
    ['regions', `${chosen} chosen of ${r.regions.length}`],
    ['blocks', r.blocks.length],
    ['text', `${r.text.length} characters`],
    ['sentences', r.sentences.length],
    ['reading time', `${r.readingMinutes} min`],
  ];
  if (r.byline) facts.push(['byline', r.byline]);
  if (r.siteName) facts.push(['site', r.siteName]);
  if (r.published) facts.push(['published', r.published]);
  if (r.modified) facts.push(['modified', r.modified]);
  facts.push(['readerable', r.readerable.toFixed(2)]);
  if (r.reason) facts.push(['no article', r.reason]);
  const dl = $('facts');
  dl.replaceChildren(
    ...facts.map(([k, v]) => {
      const div = document.createElement('div');
      const dt = document.createElement('dt');
      const dd = document.createElement('dd');
      dt.textContent = k;
      dd.textContent = String(v);
      div.append(dt, dd);
      return div;
    }),
  );
}

// The calendar day a date of the engine starts with, formatted in UTC so that the viewer's
// time zone never moves it (docs/METADATA.md).
function day(iso, lang) {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || '');
  if (!m) return '';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const options = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  try {
    return d.toLocaleDateString(lang || undefined, options);
  } catch (_) {
    return d.toLocaleDateString(undefined, options);
  }
}

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * The article goes into a sandboxed frame (no scripts, its own Content-Security-Policy) even
 * though the engine builds it from an allowlist: if that ever let something through, it still
 * could not run. Only `result.html` is inserted as HTML; every other field is escaped.
 */
function renderReader(r) {
  const dir = r.dir === 'rtl' ? 'rtl' : 'ltr';
  const lang = /^[A-Za-z0-9-]*$/.test(r.lang) ? r.lang : '';
  const img = $('images').checked ? 'https: http: data:' : 'data:';
  const meta = [r.byline, r.siteName, day(r.published, lang), r.chrome.readingTime]
    .filter(Boolean)
    .map((m) => `<bdi>${escapeHtml(m)}</bdi>`) // each isolated: a Latin date must not reorder inside RTL
    .join(' · ');
  // The article often opens with the headline itself: then it is not shown twice.
  const first = r.blocks[0];
  const startsWithTitle = first?.kind === 'heading' && first.text.trim() === r.title.trim();
  // With remote images off, an image keeps its alt text but has no source, so the frame asks
  // for nothing (a source that the CSP blocks would still be requested).
  const html = $('images').checked ? r.html : r.html.replace(/<img src="[^"]*"/g, '<img');
  const body = r.html
    ? html
    : `<p class="empty">Nothing extracted: ${escapeHtml(r.reason || 'no reason given')}</p>`;
  $('reader').srcdoc = `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; img-src ${img}">
<link rel="stylesheet" href="${escapeHtml(new URL('reader.css', location.href).href)}">
</head><body><main id="reader-root" dir="${dir}"${lang ? ` lang="${lang}"` : ''}>
${r.title && !startsWithTitle ? `<h1 class="title">${escapeHtml(r.title)}</h1>` : ''}
${meta ? `<p class="meta">${meta}</p>` : ''}
${body}
</main></body></html>`;
}

function cell(tr, text, cls) {
  const td = document.createElement('td');
  td.textContent = text;
  if (cls) td.className = cls;
  tr.append(td);
}

function renderCandidates(r) {
  const tbody = $('candidates').tBodies[0];
  tbody.replaceChildren();
  r.titleCandidates.forEach((c, i) => {
    const tr = document.createElement('tr');
    tr.className = 'clickable' + (c.text === r.title ? ' best' : '');
    tr.title = 'show this line in the plots';
    cell(tr, i + 1, 'num');
    cell(tr, c.text, 'text');
    cell(tr, c.line, 'num');
    for (const v of [c.tf, c.tfidf, c.osm, c.sum]) cell(tr, v.toFixed(3), 'num');
    tr.addEventListener('click', () => plots.select(c.line, true));
    tbody.append(tr);
  });
  if (!r.titleCandidates.length) {
    const tr = document.createElement('tr');
    cell(tr, '');
    cell(tr, '(no candidates)', 'text');
    tbody.append(tr);
  }
}

function renderRegions(r) {
  const tbody = $('regions').tBodies[0];
  tbody.replaceChildren();
  // The chosen ones and the 15 largest of the rest: a long page has hundreds.
  const rest = r.regions.filter((g) => !g.chosen).sort((a, b) => b.chars - a.chars).slice(0, 15);
  const shown = [...r.regions.filter((g) => g.chosen), ...rest].sort((a, b) => a.start - b.start);
  for (const g of shown) {
    const tr = document.createElement('tr');
    tr.className = 'clickable' + (g.chosen ? ' best' : '');
    cell(tr, `${g.start}–${g.end}`);
    cell(tr, g.chars, 'num');
    cell(tr, g.chosen ? 'yes' : 'no');
    tr.addEventListener('click', () => plots.zoom(Math.max(0, g.start - 10), g.end + 11));
    tbody.append(tr);
  }
  if (shown.length < r.regions.length) {
    const tr = document.createElement('tr');
    cell(tr, `… ${r.regions.length - shown.length} smaller regions not listed`);
    tbody.append(tr);
  }
}

// ---- input -----------------------------------------------------------------------------------

/** Puts a page's text into the box and extracts it. `note` says where it came from. */
function loadText(text, note) {
  $('html').value = text;
  $('input-info').textContent = note;
  run();
}

async function loadUrl(url) {
  setStatus(`Loading ${url}…`);
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const charset = /charset=([^;]+)/i.exec(res.headers.get('content-type') || '')?.[1];
    // The engine's decoding (dana::decode), with the response's charset as the transport layer's.
    const { text, encoding } = decode(new Uint8Array(await res.arrayBuffer()), charset ?? null);
    loadText(text, `${url}: ${text.length} characters, decoded as ${encoding}`);
  } catch (err) {
    document.documentElement.dataset.state = 'error';
    setStatus(`Could not load ${url}: ${err.message}`, true);
  }
}

async function loadFile(file) {
  // A file from the disk has no transport-layer charset: BOM, UTF-8, <meta>, windows-1252.
  const { text, encoding } = decode(new Uint8Array(await file.arrayBuffer()), null);
  loadText(text, `${file.name}: ${file.size} bytes, decoded as ${encoding}`);
}

function wireInputs() {
  const select = $('sample');
  for (const s of SAMPLES) select.add(new Option(s.label, s.file));
  select.addEventListener('change', () => {
    if (!select.value) return;
    $('page-url').value = '';
    loadUrl(select.value);
  });
  $('file').addEventListener('change', (e) => e.target.files[0] && loadFile(e.target.files[0]));
  $('fetch-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const url = $('fetch-url').value.trim();
    if (url) loadUrl(url);
  });
  const area = $('html');
  area.addEventListener('dragover', (e) => {
    e.preventDefault();
    area.classList.add('dragover');
  });
  area.addEventListener('dragleave', () => area.classList.remove('dragover'));
  area.addEventListener('drop', (e) => {
    e.preventDefault();
    area.classList.remove('dragover');
    const file = e.dataTransfer.files[0];
    if (file) loadFile(file);
    else loadText(e.dataTransfer.getData('text/plain'), 'dropped text');
  });
  let timer;
  area.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      $('input-info').textContent = `pasted: ${area.value.length} characters`;
      run();
    }, 300);
  });
  for (const id of ['algorithm', 'filter', 'gap', 'page-url', 'images', ...SWITCHES]) $(id).addEventListener('change', run);
  $('extract').addEventListener('click', run);
  // The gap box shows the algorithm's own gap as its placeholder.
  const gapHint = () => ($('gap').placeholder = `default: ${$('algorithm').value === 'r2l' ? 8 : 20}`);
  $('algorithm').addEventListener('change', gapHint);
  gapHint();
}

async function main() {
  document.documentElement.dataset.state = 'loading';
  wireInputs();
  plots = new LinePlots({
    counts: $('plot-counts'),
    diff: $('plot-diff'),
    tooltip: $('tooltip'),
    source: $('line-source'),
    from: $('view-from'),
    to: $('view-to'),
    reset: $('view-reset'),
    sqrt: $('sqrt'),
  });
  try {
    await init();
  } catch (err) {
    document.documentElement.dataset.state = 'error';
    setStatus(`The engine did not load (${err.message}). Run ./build.sh serve to build it.`, true);
    return;
  }
  state.ready = true;
  const defaults = defaultOptions();
  for (const key of SWITCHES) {
    // A switch the engine does not have (an older package) is disabled rather than sent.
    if (key in defaults) $(key).checked = Boolean(defaults[key]);
    else $(key).disabled = true;
  }
  $('extract').disabled = false;
  setStatus(`Engine ${version()} ready. Pick a sample, open a file or paste HTML.`);
  document.documentElement.dataset.state = 'ready';
  // ?src=URL loads a same-origin page at start (used by the browser test and for sharing a link).
  const src = new URLSearchParams(location.search).get('src');
  if (src) {
    $('fetch-url').value = src;
    await loadUrl(src);
  }
}

main();
