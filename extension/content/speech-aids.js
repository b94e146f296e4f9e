// Read-aloud aids (issue 16): the word being spoken highlighted from the speech engine's
// `boundary` events, voices kept on the device, and the kinds of block read-aloud may skip.
//
// Word highlighting: a voice that reports word boundaries fires `boundary` events with the
// character index (and, in Chromium, the length) of each word in the utterance, which is one
// of the engine's sentences; the word is marked inside the sentence's mark (marks.js). A voice
// that fires none (many network and some system voices) leaves the sentence highlight alone,
// which is the fallback. The user picks word, sentence or no highlight (`highlight` setting).
//
// Voices on this device only (`localVoices`, on by default): a voice whose `localService` is
// false sends the text to a speech server (the browser's or the system's vendor); Dana Reader
// otherwise sends nothing anywhere (PRIVACY.md), so those voices are offered only when the user
// allows them, and are then marked "network".

import { h } from './dom.js';
import { blockRange, blockTextNodes } from './article.js';
import { mark, unmark } from './marks.js';
import { CHOICES } from '../defaults.js';

const LABELS = { word: 'Word', sentence: 'Sentence', none: 'None' };

// What read-aloud can leave out, by the engine's block kind (src/extraction.rs `BlockKind`):
// [setting, kind, label]. A setting on means the kind is read.
export const SKIPPABLE = Object.freeze([
  ['readCode', 'preformatted', 'Code'],
  ['readTables', 'table', 'Tables'],
  ['readCaptions', 'figure', 'Captions'],
  ['readEmbeds', 'embed', 'Embeds'],
  ['readMath', 'math', 'Math'],
]);

// Whether block `b` is read under the settings.
export const readable = (b, settings) => !!b && !SKIPPABLE.some(([key, kind]) => b.kind === kind && !settings[key]);

// Sentence `s` as it is said under the settings. A display formula is a block of its own, which
// `readable` skips; an inline one stands in its sentence, and *Read: Math* off leaves it out of
// what is said. The engine writes every formula as a `math` element of its block (src/math.rs)
// and the block's text is its element's text (article.js `blockTextNodes`), so the words said
// are the sentence's text outside `math` elements; `at` lists, for each piece said, where it
// starts in what is said and in the block, for the word highlight. The sentence itself when
// math is read, it holds no formula, or it is said otherwise than written (a table row, a post's
// header); null when nothing but formulas is left to say.
export function spoken(s, el, settings) {
  if (settings.readMath || !el || !el.querySelector('math')) return s;
  let [text, written, pos] = ['', '', 0];
  const at = [];
  for (const n of blockTextNodes(el)) {
    const [a, b] = [Math.max(pos, s.start), Math.min(pos + n.data.length, s.end)];
    const piece = a < b ? n.data.slice(a - pos, b - pos) : '';
    written += piece;
    if (piece && !n.parentElement.closest('math')) at.push([text.length, a]), (text += piece);
    pos += n.data.length;
  }
  if (written !== s.text || text === written) return s;
  return /[\p{L}\p{N}]/u.test(text) ? { ...s, text, at } : null;
}

// The voices to offer under the settings.
export const offeredVoices = (all, settings) => (settings.localVoices ? all.filter((v) => v.localService) : all);

// How a voice is listed: network voices say so.
export const voiceLabel = (v) => `${v.name} (${v.lang}${v.localService ? '' : ', network'})`;

// Removes the word's mark from the reader (`root`, its shadow root).
export const clearWord = (root) => unmark(root, 'word');

// Highlights the word a `boundary` event `e` points at in sentence `s` (its block element
// `el`), when the user wants words highlighted.
export function highlightWord(e, s, el, mode) {
  if (mode !== 'word' || !e || (e.name && e.name !== 'word') || !el) return;
  const at = e.charIndex;
  if (!(at >= 0 && at < s.text.length)) return;
  // Without charLength (Firefox, some voices): up to the next space.
  const len = e.charLength > 0 ? e.charLength : (/^\S*/.exec(s.text.slice(at)) || [''])[0].length;
  if (!len) return;
  // Where the word is in the block: in the piece said that holds it (`spoken`), else the sentence.
  const [said, from] = (s.at || [[0, s.start]]).findLast(([p]) => p <= at);
  // The old mark goes first: unmarking joins the text nodes a range found before would point into.
  clearWord(el.getRootNode());
  const range = blockRange(el, from + at - said, from + at - said + len);
  if (range) mark(range, 'word');
}

// The speech bar's own controls: the highlight (word, sentence, none), "voices on this device
// only" and what is read (code, tables, captions, embeds, math). `save(changes)` stores settings;
// `onVoices()` lists the voices again; `onSkip()` takes the kinds read again.
export function speechAidControls(settings, save, onVoices, onSkip) {
  const mode = h(
    'select',
    { id: 'highlight', onchange: (e) => (save({ highlight: e.target.value }), e.target.value !== 'word' && clearWord(e.target.getRootNode())) },
    ...CHOICES.highlight.map((v) => h('option', { value: v, text: LABELS[v] }))
  );
  mode.value = settings.highlight;
  const local = h('input', { id: 'local-voices', type: 'checkbox', onchange: (e) => (save({ localVoices: e.target.checked }), onVoices()) });
  local.checked = settings.localVoices;
  const reads = SKIPPABLE.map(([key, , label]) => {
    const box = h('input', { id: `read-${key.slice(4).toLowerCase()}`, type: 'checkbox', onchange: (e) => (save({ [key]: e.target.checked }), onSkip()) });
    box.checked = settings[key];
    return h('label', { class: 'group' }, box, h('span', { text: label }));
  });
  return [
    h('label', { class: 'group' }, h('span', { class: 'label', text: 'Highlight' }), mode),
    h('label', { class: 'group' }, local, h('span', { text: 'Voices on this device only' })),
    h('span', { class: 'group', role: 'group', 'aria-label': 'Read' }, h('span', { class: 'label', text: 'Read' }), ...reads),
  ];
}
